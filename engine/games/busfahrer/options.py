"""Busfahrer's options (RULES.md §6), and how many players one deck serves with them."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from engine.options import GameOptions
from engine.seats import Seats

HAND = 4  # every player answers four questions: four cards in front of each
MOST_PLAYERS = 10


class BusfahrerOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    right_gives: bool = True  # a right call gives its sips away (off: it costs nothing)
    ace_low: bool = False  # the ace counts 1 instead of 14
    deck32: bool = False  # the 32-card deck, 7 to ace
    pyramid_rows: Annotated[int, Meta(ge=4, le=5)] = 4  # 4 rows (10 cards) or 5 (15)
    row_sips: Literal["single", "double"] = "single"  # row k is worth k sips, or 2k
    bus_length: Annotated[int, Meta(ge=3, le=8)] = 5  # the places of the bus row
    bus_ride: Literal["calls", "face_cards"] = "calls"
    unit: Literal["sips", "points"] = "sips"  # what a drink is called on the screen

    @property
    def deck_size(self) -> int:
        return 32 if self.deck32 else 52

    @property
    def lowest_rank(self) -> int:
        """The lowest rank in the deck: 7 in the 32-card deck."""
        return 7 if self.deck32 else 2

    @property
    def pyramid_size(self) -> int:
        """Cards in the pyramid: rows of 4, 3, 2, 1, or of 5 down to 1."""
        return self.pyramid_rows * (self.pyramid_rows + 1) // 2

    @property
    def most_players(self) -> int:
        """How many players the deck serves with four cards each and the pyramid."""
        return min(MOST_PLAYERS, (self.deck_size - self.pyramid_size) // HAND)

    def seats(self, seats: Seats) -> Seats:
        """No more players than the deck serves with four cards each and the pyramid."""
        return Seats(seats.least, min(seats.most or MOST_PLAYERS, self.most_players),
                     f"four cards each and a pyramid of {self.pyramid_size} from a deck of "
                     f"{self.deck_size}")

    def row_value(self, row: int) -> int:
        """The sips a card of pyramid row `row` (the bottom row is 1) gives per card laid."""
        return 2 * row if self.row_sips == "double" else row
