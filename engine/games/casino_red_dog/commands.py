"""Casino Red Dog's own command: a raise, after the spread is called (RULES.md §2)."""

from __future__ import annotations

from engine.commands import Command
from engine.limits import MOST_BET, Range
from engine.say import Say

# A raise's range (the table's limit of a bet): the game's own, as its command is.
RAISE = Range("raise", "A raise", 1, MOST_BET, " chips")


class Raise(Command, frozen=True, tag="raise"):
    """`player` raises their bet by `amount` (up to the ante) before the third card."""

    player: str
    amount: int

    def admit(self) -> None:
        RAISE.check(self.amount)

    def describe(self, say: Say) -> str:
        return say("command.raise", player=self.player, amount=self.amount)


COMMANDS: tuple[type[Command], ...] = (Raise,)
