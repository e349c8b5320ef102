"""In-Between's options and its variants (RULES.md §1)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from engine.deck import DECK_SIZE
from engine.limits import MOST_ROUNDS
from engine.options import GameOptions
from engine.rejection import Refusal
from engine.seats import Seats

# A dealer and at least one other player (a night needs two); at most what one deck deals
# (InBetweenOptions.seats): 51 with the options left as they are.
SEATS = Seats(2, 51, "one deck holds a first card for each and the cards of a turn")


class InBetweenOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    stake: Annotated[int, Meta(ge=1)] = 20  # the dealer's stake into the pot
    rounds: Annotated[int, Meta(ge=1, extra={"most": MOST_ROUNDS})] = 3  # rounds per dealer's game
    cover_post: bool = False
    ante: Annotated[int, Meta(ge=0)] = 0  # everyone antes instead of a stake
    min_bet: bool = False
    low_ace: bool = False
    hidden: bool = False
    three_posts: bool = False
    two_passes: bool = False
    pairs: Literal["none", "split", "refund"] = "none"

    def check(self) -> None:
        """Refuse a combination of options that makes no sense, with the reason."""
        if self.min_bet and not self.ante:
            raise Refusal("min_bet needs an ante: the minimum bet is the ante.",
                          "in_between.min_bet")
        if self.pairs != "none" and not self.ante:
            raise Refusal(f"pairs={self.pairs} needs an ante: a split costs one more ante, a "
                          "refund gives the ante back.", "in_between.pairs", pairs=self.pairs)

    def seats(self, seats: Seats) -> Seats:
        """No more players than one deck holds at the fullest moment of a round: every hand
        dealt (a first card face up each, or with hidden two face down) and the cards of the
        turn beyond them (a second card and the third, or with hidden the third; a fourth
        with three_posts; a split pair's new second card). The dealer is dealt in only with
        an ante."""
        turn = (1 if self.hidden else 2) + int(self.three_posts) + int(self.pairs == "split")
        hands = (DECK_SIZE - turn) // (2 if self.hidden else 1)
        held = "two cards face down" if self.hidden else "a first card"
        return Seats(seats.least, hands + (0 if self.ante else 1),
                     f"one deck holds {held} for each and the cards of a turn")
