"""High Card on the screen: its panel, its key map (a rank names the lucky rank) and its entry
editor (the correct dialog retypes a nomination with the same key); its words are its game's
catalogue (`high_card/words.py`, the keys under `high_card.`)."""

from __future__ import annotations

from high_card.words import WORDS

from high_card_screen.editor import HighCardEditor
from high_card_screen.keys import HighCardKeys
from high_card_screen.panel import HighCardPanel
from screens.games import GameScreen, words_of

words_of({language: {key: text for key, text in texts.items() if key.startswith("high_card.")}
          for language, texts in WORDS.items()})

SCREEN = GameScreen(panel=HighCardPanel(), keys=HighCardKeys(), editor=HighCardEditor())
