"""Schlag den Dealer on the screen: its panel, its keys, its entry editor and its styles."""

from __future__ import annotations

from pathlib import Path

from screens.games import GameScreen
from screens.games.schlag_den_dealer.editor import SchlagEditor
from screens.games.schlag_den_dealer.keys import SchlagKeys
from screens.games.schlag_den_dealer.panel import SchlagPanel

SCREEN = GameScreen(panel=SchlagPanel(), keys=SchlagKeys(), editor=SchlagEditor(),
                    styles=Path(__file__).with_name("styles.tcss"))
