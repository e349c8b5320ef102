"""The games a night can play: this list is the only place that names them.

Adding a game is one package in `engine/games/` ending with `FAMILY = Family(...)`, one line
here, and its panel in `screens/games/`.
"""

from __future__ import annotations

from engine.family import Family
from engine.games import casino_red_dog, in_amongst, in_between, red_dog, schlag_den_dealer

FAMILIES: tuple[Family, ...] = (
    in_between.FAMILY,
    casino_red_dog.FAMILY,
    in_amongst.FAMILY,
    red_dog.FAMILY,
    schlag_den_dealer.FAMILY,
)

GAMES: dict[str, Family] = {family.preset: family for family in FAMILIES}


def rules_for(preset: str) -> Family:
    """The family of a preset the night plays."""
    return GAMES[preset]


def title_of(preset: str) -> str:
    """A game's name as people say it; the preset itself for a game this build does not know
    (a log written by a later version)."""
    family = GAMES.get(preset)
    return family.title if family else preset
