"""How the engine says no: a sentence for the dealer, never a traceback.

A refusal may also carry a `key` and its `params`, so a screen can say the same thing in
another language; the English sentence is always there.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class Refusal(Exception):
    """Raised inside a decider when a command does not fit; `decide` turns it into a Rejection."""

    def __init__(self, reason: str, key: str | None = None, **params: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.params = params

    def rejection(self) -> Rejection:
        return Rejection(self.reason, self.key, self.params)


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused command: nothing is recorded; `reason` says why and what is allowed."""

    reason: str
    key: str | None = None
    params: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.reason
