"""Busfahrer on the screen: its panel, its keys, its entry editor and its styles; its words
are its game's catalogue (`engine/games/busfahrer/words.py`, the keys of the screen under
`bus.`), which the screens look up while Busfahrer is on the table."""

from __future__ import annotations

from pathlib import Path

from screens.games import GameScreen
from screens.games.busfahrer.editor import BusfahrerEditor
from screens.games.busfahrer.keys import BusfahrerKeys
from screens.games.busfahrer.panel import BusfahrerPanel

SCREEN = GameScreen(panel=BusfahrerPanel(), keys=BusfahrerKeys(), editor=BusfahrerEditor(),
                    styles=Path(__file__).with_name("styles.tcss"))
