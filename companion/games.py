"""The games installed, as the screens and the players' page ask after them: where a game's
screen package is, its title, its rules card. The games themselves are found by the engine's
registry (entry points); nothing here names one."""

from __future__ import annotations

from engine import registry
from engine.rejection import Refusal


def screen_of(game_id: str) -> str | None:
    """The module of the screen package of `game_id` (None: it has none, or is not here)."""
    try:
        return registry.game(game_id).screen
    except Refusal:
        return None
