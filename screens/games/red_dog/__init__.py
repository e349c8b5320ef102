"""Red Dog on the screen: its panel, its keys and its entry editor."""

from __future__ import annotations

from screens.games import GameScreen
from screens.games.red_dog.editor import RedDogEditor
from screens.games.red_dog.keys import RedDogKeys
from screens.games.red_dog.panel import RedDogPanel

SCREEN = GameScreen(panel=RedDogPanel(), keys=RedDogKeys(), editor=RedDogEditor())
