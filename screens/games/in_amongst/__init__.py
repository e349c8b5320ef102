"""In-Amongst on the screen: its panel; its keys are those every game shares."""

from __future__ import annotations

from screens.games import GameScreen
from screens.games.in_amongst.panel import InAmongstPanel

SCREEN = GameScreen(panel=InAmongstPanel())
