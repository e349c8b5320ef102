"""In-Between's options and its variants (RULES.md §1)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from engine.limits import MOST_ROUNDS
from engine.options import GameOptions
from engine.rejection import Refusal


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
