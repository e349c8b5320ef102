"""Schlag den Dealer's own command and expectation (RULES.md §5): a guess at the dealer's
card."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.commands import Command
from engine.expect import Expect
from engine.say import Say


class Guess(Command, frozen=True, tag="guess"):
    """A value 1..13 (14 with ace_high), or as a card's rank ("7", "Q"); with value_and_suit
    the first guess may name the suit too."""

    TURN_ACTION = True
    value: int | str
    suit: str | None = None
    player: str | None = None

    def describe(self, say: Say) -> str:
        if self.suit:
            return say("command.guess.suit", who=self.who, value=self.value, suit=self.suit)
        return say("command.guess", who=self.who, value=self.value)


class GuessExpected(Expect, frozen=True, tag="guess"):
    """`player` guesses (try 1 or 2)."""

    NOUN: ClassVar[str] = "guess"
    REFUSAL_KEY: ClassVar[str] = "expect.no_guess"
    player: str
    attempt: int = msgspec.field(default=1, name="try")
    suits: bool = False


COMMANDS: tuple[type[Command], ...] = (Guess,)
