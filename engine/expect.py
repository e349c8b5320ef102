"""What the dealer enters next, as typed values: one Struct per kind of entry.

`expect(state)` drives both the prompt and the check of every entry. Each kind here carries
what every game asks of it; a game family adds its own fields in a subclass (the casino's
raises, Schlag's second guess). `state --json` prints an expectation as its JSON object,
`kind` first, every field present.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec


class Slot(StrEnum):
    """Where an expected card goes."""

    DRAW = "draw"  # drawing for the deal
    FIRST = "first"
    SECOND = "second"
    THIRD = "third"
    FOURTH = "fourth"  # In-Between with three_posts: the second gap's card
    SHOWN_FIRST = "shown_first"  # In-Between with hidden: the cards shown at the turn
    SHOWN_SECOND = "shown_second"
    MIDDLE_FIRST = "middle_first"  # In-Amongst: the two cards in the middle
    MIDDLE_SECOND = "middle_second"
    BURN = "burn"  # Red Dog: the burned card, then the turned one
    TURN = "turn"
    MIDDLE = "middle"  # Red Dog with slippery_sam: middle cards until one of 6 or lower
    BANK_FIRST = "bank_first"  # Casino Red Dog: the two cards for every player, a pair's third
    BANK_SECOND = "bank_second"
    BANK_THIRD = "bank_third"
    BANK_PAIR = "bank_pair"
    REVEAL = "reveal"  # Schlag den Dealer: the dealer's card, as it is laid out


class Expect(msgspec.Struct, frozen=True, tag_field="kind", kw_only=True):
    """Base of every expectation: the prompt in the engine's own English."""

    prompt: str

    @property
    def kind(self) -> str:
        tag: str = self.__struct_config__.tag  # type: ignore[assignment]
        return tag

    @property
    def whose(self) -> str | None:
        """The player the entry is for, if any."""
        player: str | None = getattr(self, "player", None)
        return player

    def as_json(self) -> dict[str, Any]:
        """The expectation as `state --json` prints it (lists where the Struct has tuples)."""
        doc: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(self))
        return doc


class CardExpected(Expect, frozen=True, tag="card"):
    slot: Slot
    player: str | None = None
    suits: bool = True
    passing: bool = msgspec.field(default=False, name="pass")  # `p` passes instead
    declare: tuple[str, ...] = ()  # choices declared instead of the card (low_ace)


class BetExpected(Expect, frozen=True, tag="bet"):
    player: str
    min: int
    max: int
    passing: bool = msgspec.field(default=False, name="pass")
    slot: str | None = None  # what the bet is, where a game has more than one
    declare: tuple[str, ...] = ()  # choices declared instead of the bet (split)


class ShowExpected(Expect, frozen=True, tag="show"):
    player: str
    turned: str
    hand_size: int


class GuessExpected(Expect, frozen=True, tag="guess"):
    player: str
    attempt: int = msgspec.field(default=1, name="try")
    suits: bool = False


class DeclareExpected(Expect, frozen=True, tag="declare"):
    player: str | None
    choices: tuple[str, ...]


class NextDealerExpected(Expect, frozen=True, tag="next_dealer"):
    player: str | None
    choices: tuple[str, ...]


class EndGameExpected(Expect, frozen=True, tag="end_game"):
    """The game can only be ended (it waits, saying why)."""


class NothingExpected(Expect, frozen=True, tag="none"):
    pass


class StartNightExpected(Expect, frozen=True, tag="start_night"):
    pass


class NightOverExpected(Expect, frozen=True, tag="night_over"):
    pass


class StartGameExpected(Expect, frozen=True, tag="start_game"):
    pass
