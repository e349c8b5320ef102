"""Red Dog's own commands (RULES.md §4): the cards a player shows, and an even split of a big
pot by agreement."""

from __future__ import annotations

from typing import ClassVar

from engine.commands import Command
from engine.expect import Expect
from engine.limits import MOST_CARDS_SHOWN
from engine.rejection import Refusal
from engine.say import Say


class Show(Command, frozen=True, tag="show"):
    """The card (or the whole hand) the player whose turn it is shows."""

    TURN_ACTION = True
    NAMES_CARDS = True
    cards: tuple[str, ...]
    player: str | None = None

    def admit(self) -> None:
        if len(self.cards) > MOST_CARDS_SHOWN:
            raise Refusal(f"A hand shows at most {MOST_CARDS_SHOWN} cards, not "
                          f"{len(self.cards):,}.", "show.too_many", most=MOST_CARDS_SHOWN,
                          given=len(self.cards))

    def describe(self, say: Say) -> str:
        return say("command.show", who=self.who, cards=" ".join(self.cards))


class SplitPot(Command, frozen=True, tag="split_pot"):
    """The pot is split evenly by agreement, and a new one started."""

    def describe(self, say: Say) -> str:
        return say("command.split_pot")


class ShowExpected(Expect, frozen=True, tag="show"):
    """`player` shows a card that beats `turned`, or the whole hand of `hand_size`."""

    NOUN: ClassVar[str] = "shown hand"
    REFUSAL_KEY: ClassVar[str] = "expect.no_show"
    player: str
    turned: str
    hand_size: int


COMMANDS: tuple[type[Command], ...] = (Show, SplitPot)
