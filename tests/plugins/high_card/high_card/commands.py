"""High Card's own entry, which no game of the companion has: before a round with `lucky`,
the dealer names a lucky rank (`{"cmd":"nominate","rank":"K"}`)."""

from __future__ import annotations

from typing import ClassVar

from engine.cards import parse_card, rank_name
from engine.commands import Command
from engine.expect import Expect
from engine.say import Say


class Nominate(Command, frozen=True, tag="nominate"):
    """The dealer names the lucky rank of the coming round: 2-10, J/B, Q/D, K or A."""

    rank: str

    def describe(self, say: Say) -> str:
        return say("command.nominate", rank=self.rank)

    @property
    def lucky(self) -> int:
        """The rank named, as a number (a Refusal with a sentence when it names none)."""
        return parse_card(self.rank).rank

    @property
    def label(self) -> str:
        return rank_name(self.lucky)


class NominateExpected(Expect, frozen=True, tag="nominate"):
    """The dealer `player` names the lucky rank of the round."""

    NOUN: ClassVar[str] = "lucky rank"
    REFUSAL_KEY: ClassVar[str] = "expect.no_nominate"
    player: str


COMMANDS: tuple[type[Command], ...] = (Nominate,)
EXPECTATIONS: tuple[type[Expect], ...] = (NominateExpected,)
