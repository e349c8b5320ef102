"""High Card on the screen: its panel, its key map (a rank names the lucky rank) and its entry
editor (the correct dialog retypes a nomination with the same key); its words are its game's
catalogue (`high_card/words.py`, the keys under `high_card.`), which the screens look up
while High Card is on the table."""

from __future__ import annotations

from high_card_screen.editor import HighCardEditor
from high_card_screen.keys import HighCardKeys
from high_card_screen.panel import HighCardPanel
from screens.games import GameScreen

SCREEN = GameScreen(panel=HighCardPanel(), keys=HighCardKeys(), editor=HighCardEditor())
