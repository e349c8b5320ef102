"""Busfahrer's own commands and the expectations they answer (RULES.md §6, DESIGN.md):
a call before a card is turned, sips given away, and the dealer's word on the driver."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from engine.commands import Command
from engine.expect import EndGameExpected, Expect
from engine.say import Say


class Call(Command, frozen=True, tag="call"):
    """What the player whose turn it is calls before the card is turned: red|black,
    higher|lower, inside|outside, or a suit c|d|h|s (the driver: higher|lower)."""

    TURN_ACTION = True
    choice: str
    player: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.call", who=self.who, choice=self.choice)


class Give(Command, frozen=True, tag="give"):
    """The player whose turn it is gives `sips` of what they owe to `to`."""

    TURN_ACTION = True
    to: str
    sips: int
    player: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.give", who=self.who, to=self.to, sips=self.sips)


class Driver(Command, frozen=True, tag="driver"):
    """The dealer names the driver among the players tied for the bus."""

    player: str

    def describe(self, say: Say) -> str:
        return say("command.driver", player=self.player)


class CallExpected(Expect, frozen=True, tag="call"):
    """`player` calls one of `choices`: at question 1-4, or for place `place` of the bus."""

    NOUN: ClassVar[str] = "call"
    REFUSAL_KEY: ClassVar[str] = "expect.no_call"
    player: str
    choices: tuple[str, ...]
    question: int = 0  # 1-4 in the questions, 0 in the ride
    place: int = 0  # the place of the bus row called for, 0 in the questions


class GiveExpected(Expect, frozen=True, tag="give"):
    """`player` gives `sips` more, to any of `to`, one give per receiver."""

    NOUN: ClassVar[str] = "give"
    REFUSAL_KEY: ClassVar[str] = "expect.no_give"
    player: str
    sips: int
    to: tuple[str, ...]
    players: tuple[str, ...] = ()  # everyone in the game in seat order: the screen's numbers


class DriverExpected(Expect, frozen=True, tag="driver"):
    """`player` (the dealer) names the driver among `choices`, tied on cards and sum."""

    NOUN: ClassVar[str] = "choice of the driver"
    REFUSAL_KEY: ClassVar[str] = "expect.no_driver"
    player: str | None
    choices: tuple[str, ...]


class Over(StrEnum):
    """Why the game waits to be ended."""

    RIDDEN = "ridden"  # the driver called the last place right
    NO_RIDE = "no_ride"  # nobody held a card after the pyramid
    DRIVER_LEFT = "driver_left"
    TOO_FEW = "too_few"  # fewer than two of its players are left before the ride


class OverExpected(EndGameExpected, frozen=True, kw_only=True, tag="end_game"):
    """The game can only be ended, and why."""

    why: Over


COMMANDS: tuple[type[Command], ...] = (Call, Give, Driver)
# Its own kinds of expectation (OverExpected is the table's end_game, said more closely).
EXPECTATIONS: tuple[type[Expect], ...] = (CallExpected, GiveExpected, DriverExpected)
