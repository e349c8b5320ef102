"""What the dealer enters next, as typed values: one Struct per kind of entry.

`expect(state)` drives both the prompt and the check of every entry. Each kind here carries
what every game asks of it; a game family adds its own fields in a subclass (the casino's
raises, Schlag's second guess). `state --json` prints an expectation as its JSON object,
`kind` first, every field present.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

import msgspec

from engine.json_doc import JsonDoc


class Slot(StrEnum):
    """Where an expected card goes, as every game has it; each game names its own slots in an
    enum of its own (its first card, the card in the middle...), and `CardExpected.slot` holds
    the value of either."""

    DRAW = "draw"  # drawing for the deal


class Expect(msgspec.Struct, frozen=True, tag_field="kind", kw_only=True):
    """Base of every expectation: the prompt in the engine's own English."""

    # What the entry is called in a refusal ("No bet is expected now") and the key of that
    # refusal's words.
    NOUN: ClassVar[str] = "entry"
    REFUSAL_KEY: ClassVar[str] = "expect.no_entry"

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

    def as_json(self) -> JsonDoc:
        """The expectation as `state --json` prints it (lists, not tuples, as JSON reads)."""
        doc: JsonDoc = msgspec.json.decode(msgspec.json.encode(self))
        return doc


class CardExpected(Expect, frozen=True, tag="card"):
    NOUN = "card"
    REFUSAL_KEY = "expect.no_card"
    slot: str  # a value of `Slot` or of the game's own slots
    player: str | None = None
    suits: bool = True
    passing: bool = msgspec.field(default=False, name="pass")  # `p` passes instead
    declare: tuple[str, ...] = ()  # choices declared instead of the card (low_ace)


class BetExpected(Expect, frozen=True, tag="bet"):
    NOUN = "bet"
    REFUSAL_KEY = "expect.no_bet"
    player: str
    min: int
    max: int
    passing: bool = msgspec.field(default=False, name="pass")
    slot: str | None = None  # what the bet is, where a game has more than one
    declare: tuple[str, ...] = ()  # choices declared instead of the bet (split)


class EndGameExpected(Expect, frozen=True, tag="end_game"):
    """The game can only be ended (it waits, saying why)."""


class TooFewExpected(EndGameExpected, frozen=True, kw_only=True, tag="end_game"):
    """The game fell below its smallest table (`minimum` to `maximum` players, None: no
    maximum) with `players` left to play, and waits to be ended (RULES.md, Decisions)."""

    why: str = "too_few_players"
    players: int
    minimum: int
    maximum: int | None


class NothingExpected(Expect, frozen=True, tag="none"):
    pass


class StartNightExpected(Expect, frozen=True, tag="start_night"):
    pass


class NightOverExpected(Expect, frozen=True, tag="night_over"):
    pass


class StartGameExpected(Expect, frozen=True, tag="start_game"):
    pass
