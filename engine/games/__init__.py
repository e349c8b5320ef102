"""The games a night can play: this list is the only place that names them.

Adding a game is one package in `engine/games/` ending with `FAMILY = Family(...)`, one line
here, and its panel in `screens/games/`. Everything else (the night's dispatch, the log's
words, the German refusals, the game list of the set-up, the rules cards) reads this
registry when it needs it, so a family registered at run time (a test's toy game) plays
like the others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.family import Family
from engine.games import casino_red_dog, in_amongst, in_between, red_dog, schlag_den_dealer

FAMILIES: list[Family] = []
GAMES: dict[str, Family] = {}


def register(family: Family) -> Family:
    """Make `family` playable under its preset."""
    if family.preset in GAMES:
        raise ValueError(f"a game is already registered as {family.preset!r}")
    FAMILIES.append(family)
    GAMES[family.preset] = family
    return family


def unregister(preset: str) -> None:
    """Take a game off the list again (a test's toy game, once its test is over)."""
    FAMILIES.remove(GAMES.pop(preset))


register(in_between.FAMILY)
register(casino_red_dog.FAMILY)
register(in_amongst.FAMILY)
register(red_dog.FAMILY)
register(schlag_den_dealer.FAMILY)


def rules_for(preset: str) -> Family:
    """The family of a preset the night plays."""
    return GAMES[preset]


def title_of(preset: str) -> str:
    """A game's name as people say it; the preset itself for a game this build does not know
    (a log written by a later version)."""
    family = GAMES.get(preset)
    return family.title if family else preset


def phrase_for(event_name: str) -> Callable[[Any], str] | None:
    """The log's words for a family's own event, by its type name (None if no family has
    the event)."""
    for family in FAMILIES:
        phrase = family.phrases.get(event_name)
        if phrase is not None:
            return phrase
    return None


def refusal_de(key: str) -> str | None:
    """The German words a family gives its own refusal `key`, if any."""
    for family in FAMILIES:
        text = family.refusals_de.get(key)
        if text is not None:
            return text
    return None
