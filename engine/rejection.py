"""How the engine says no: a sentence for the dealer, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass


class Refusal(Exception):
    """Raised inside a decider when a command does not fit; `decide` turns it into a Rejection."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused command: nothing is recorded; `reason` says why and what is allowed."""

    reason: str

    def __str__(self) -> str:
        return self.reason
