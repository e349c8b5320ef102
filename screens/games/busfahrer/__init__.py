"""Busfahrer on the screen: its panel, its keys, its entry editor and its styles; its words
are its game's catalogue (`engine/games/busfahrer/words.py`, the keys of the screen under
`bus.`), given to the screen's words here."""

from __future__ import annotations

from pathlib import Path

from engine.games.busfahrer import words as catalogue
from screens.games import GameScreen, words_of
from screens.games.busfahrer.editor import BusfahrerEditor
from screens.games.busfahrer.keys import BusfahrerKeys
from screens.games.busfahrer.panel import BusfahrerPanel

SCREEN_WORDS = ("bus.", "choice.")  # the keys of the catalogue the screen says

words_of({language: {key: text for key, text in texts.items() if key.startswith(SCREEN_WORDS)}
          for language, texts in catalogue.WORDS.items()})

SCREEN = GameScreen(panel=BusfahrerPanel(), keys=BusfahrerKeys(), editor=BusfahrerEditor(),
                    styles=Path(__file__).with_name("styles.tcss"))
