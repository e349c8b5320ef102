"""The kernel's library of common moves: entries several games share, which a game may use
and never has to extend.

`declare` names a choice the expectation offers (a low ace, a split, keep the pot or deal
again); `next_dealer` names who deals next where a rule lets someone choose. Each comes with
the expectation that asks for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.commands import Command
from engine.expect import Expect

if TYPE_CHECKING:
    from engine.say import Say


class Declare(Command, frozen=True, tag="declare"):
    """A choice the rules offer the player whose turn it is, by its name."""

    TURN_ACTION = True
    choice: str
    player: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.declare", who=self.who, choice=self.choice)


class NextDealer(Command, frozen=True, tag="next_dealer"):
    """Who deals next, where a rule lets someone choose."""

    player: str | None = None

    def describe(self, say: Say) -> str:
        if self.player:
            return say("command.next_dealer", player=self.player)
        return say("command.next_dealer.bank")


class DeclareExpected(Expect, frozen=True, tag="declare"):
    """A choice among `choices` (a game's own names for them)."""

    NOUN: ClassVar[str] = "choice"
    REFUSAL_KEY: ClassVar[str] = "expect.no_declare"
    player: str | None
    choices: tuple[str, ...]


class NextDealerExpected(Expect, frozen=True, tag="next_dealer"):
    """`player` names the next dealer among `choices`."""

    NOUN: ClassVar[str] = "choice of the next dealer"
    REFUSAL_KEY: ClassVar[str] = "expect.no_next_dealer"
    player: str | None
    choices: tuple[str, ...]


COMMANDS: tuple[type[Command], ...] = (Declare, NextDealer)
EXPECTATIONS: tuple[type[Expect], ...] = (DeclareExpected, NextDealerExpected)
