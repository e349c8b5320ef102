"""Reading the fields of a command (a JSON object) with a clear sentence when one is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rejection import Refusal

Command = Mapping[str, Any]

# A turn action may name its player as a check against mis-entries (DESIGN.md).
TURN_ACTIONS = frozenset({"card", "bet", "pass", "show", "guess", "declare"})


def text(command: Command, field: str, *, required: bool = True) -> str | None:
    """A non-empty text field of the command."""
    value = command.get(field)
    if value is None:
        if required:
            raise Refusal(f"{command.get('cmd')} needs a {field!r} field.")
        return None
    if not isinstance(value, str) or not value.strip():
        raise Refusal(f"{command.get('cmd')}: {field!r} must be non-empty text, not {value!r}.")
    return value.strip()


def whole_number(
    command: Command, field: str, *, minimum: int = 0, maximum: int | None = None,
    required: bool = True, default: int = 0, what: str = "",
) -> int:
    """A whole-number field within [minimum, maximum]; the sentence names the allowed range."""
    value = command.get(field)
    if value is None and not required:
        return default
    limits = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
    noun = what or field
    if value is None:
        raise Refusal(f"{command.get('cmd')} needs {noun}: a whole number {limits}.")
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise Refusal(f"{noun.capitalize()} must be a whole number {limits}, not {value!r}.",
                          "number.whole", minimum=minimum, maximum=maximum)
    if value < minimum or (maximum is not None and value > maximum):
        raise Refusal(f"{noun.capitalize()} must be a whole number {limits}, not {value}.",
                      "number.whole", minimum=minimum, maximum=maximum)
    return int(value)


def only_fields(command: Command, allowed: set[str]) -> None:
    """Refuse fields the command does not know, so a typo is not silently ignored."""
    unknown = sorted(set(command) - allowed - {"cmd"})
    if unknown:
        raise Refusal(
            f"{command.get('cmd')} does not take {', '.join(repr(f) for f in unknown)}; "
            f"it takes {', '.join(sorted(allowed)) or 'no fields'}."
        )


def check_player(command: Command, expected: str | None) -> None:
    """A turn action may name its player as a check; it must be the one whose turn it is."""
    named = command.get("player")
    if named is not None and named != expected:
        raise Refusal(f"It is {expected}'s turn, not {named}'s.", "turn.other",
                      expected=expected, named=named)


def not_expected(noun: str, prompt: str, key: str) -> Refusal:
    """The refusal of an entry the game does not wait for, saying what it waits for."""
    return Refusal(f"No {noun} is expected now: {prompt}.", key)


def game_over(reason: str | None) -> Refusal:
    """The refusal of any move once a game can only be ended."""
    return Refusal(f"{reason} Only end_game or end_night fit now.")
