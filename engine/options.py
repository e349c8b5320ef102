"""Game options as data: a name, a default, the allowed values and a one-line explanation.

The game set-up screen lists them, `start_game` validates against them, and a variant
added later is one more row here rather than new parsing code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.rejection import Refusal


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game preset."""

    name: str
    default: Any
    explanation: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()
    # The explanation in other languages than English, by language.
    translations: tuple[tuple[str, str], ...] = field(default=())

    def translated(self, language: str, text: str | None) -> Option:
        """The option with its explanation in `language` too (None: unchanged)."""
        if text is None:
            return self
        return replace(self, translations=(*self.translations, (language, text)))

    def explain(self, language: str) -> str:
        """The explanation in `language`, or in English."""
        return dict(self.translations).get(language, self.explanation)

    def check(self, value: Any, game: str) -> Any:
        """The value if it is allowed; a Refusal naming what is allowed otherwise."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise Refusal(f"{game} option {self.name} is true or false, not {value!r}.")
            return value
        if isinstance(self.default, int):
            low, high = self.minimum, self.maximum
            limits = f"from {low} to {high}" if high is not None else f"of at least {low}"
            if isinstance(value, bool) or not isinstance(value, int):
                raise Refusal(
                    f"{game} option {self.name} is a whole number {limits}, not {value!r}.")
            if (low is not None and value < low) or (high is not None and value > high):
                raise Refusal(f"{game} option {self.name} is a whole number {limits}, not {value}.")
            return value
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise Refusal(f"{game} option {self.name} is one of {allowed}, not {value!r}.")
        return value


def resolve(game: str, specs: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option of `specs` with the given values checked and defaults filled in."""
    given = dict(given or {})
    if not isinstance(given, dict):
        raise Refusal(f"options for {game} must be an object like {{\"stake\": 20}}.")
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise Refusal(
            f"{game} has no option {', '.join(repr(u) for u in unknown)}; "
            f"its options are {', '.join(known)}."
        )
    return {name: spec.check(given[name], game) if name in given else spec.default
            for name, spec in known.items()}
