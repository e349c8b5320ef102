"""The games a night can play: this list is the only place that names them.

Adding a game is one package in `engine/games/` ending with `FAMILY = Family(...)`, one line
here, and its panel in `screens/games/`.
"""

from __future__ import annotations

from types import ModuleType

from engine import casino, red_dog, schlag
from engine.family import Family
from engine.games import in_amongst, in_between


def _module(module: ModuleType) -> Family:
    # A family not yet moved into a package of its own: its module, as a Family.
    return Family(
        preset=module.preset, title=module.title, package="seeds",
        card_prefix=f"rules/{module.preset}.", options=tuple(module.options),
        uses_suits=module.uses_suits, needs_chips=module.needs_chips,
        initial_state=module.initial_state, check_options=module.check_options,
        start=module.start, decide=module.decide, expect=module.expect, view=module.view,
        mid_turn=module.mid_turn, without_player=module.without_player,
        player_left=module.player_left, finish=module.finish, typed=False)


FAMILIES: tuple[Family, ...] = (
    in_between.FAMILY,
    _module(casino),
    in_amongst.FAMILY,
    _module(red_dog),
    _module(schlag),
)

GAMES: dict[str, Family] = {family.preset: family for family in FAMILIES}


def rules_for(preset: str) -> Family:
    """The family of a preset the night plays."""
    return GAMES[preset]
