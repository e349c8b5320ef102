"""In-Between on the screen: its panel and its keys."""

from __future__ import annotations

from screens.games import GameScreen
from screens.games.in_between.keys import InBetweenKeys
from screens.games.in_between.panel import InBetweenPanel

SCREEN = GameScreen(panel=InBetweenPanel(), keys=InBetweenKeys())
