"""Casino Red Dog on the screen: its panel, its keys and its entry editor."""

from __future__ import annotations

from screens.games import GameScreen
from screens.games.casino_red_dog.editor import CasinoEditor
from screens.games.casino_red_dog.keys import CasinoKeys
from screens.games.casino_red_dog.panel import CasinoPanel

SCREEN = GameScreen(panel=CasinoPanel(), keys=CasinoKeys(), editor=CasinoEditor())
