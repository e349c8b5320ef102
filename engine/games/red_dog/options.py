"""Red Dog's options (RULES.md §4)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from engine.options import GameOptions
from engine.rejection import Refusal


class RedDogOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ante: Annotated[int, Meta(ge=1)] = 2  # everyone's ante, and the smallest bet
    hand_size: Annotated[int, Meta(ge=0, le=5)] = 0  # 0: five, four with 7 or 8 players
    dealer_bank: bool = False
    shoot: bool = False
    slippery_sam: bool = False
    stake_min: Annotated[int, Meta(ge=1)] = 10  # with the dealer as bank
    stake_max: Annotated[int, Meta(ge=1)] = 50

    def check(self) -> None:
        """Refuse a combination of options that makes no sense, with the reason."""
        if self.hand_size in (1, 2):
            raise Refusal("hand_size is 3, 4 or 5 (or 0 for five, four with 7 or 8 players).",
                          "red_dog.hand_size")
        if self.dealer_bank and self.shoot:
            raise Refusal("dealer_bank and shoot are two ways of banking the pot: choose one.",
                          "red_dog.two_banks")
        if self.dealer_bank and self.slippery_sam:
            raise Refusal("slippery_sam is played like shoot, not with dealer_bank: choose one.",
                          "red_dog.sam_bank")
        if self.hand_size and (self.shoot or self.slippery_sam):
            raise Refusal("shoot and slippery_sam deal three cards each: leave hand_size at 0.",
                          "red_dog.shoot_size")
        if self.stake_min > self.stake_max:
            raise Refusal(f"stake_min ({self.stake_min}) is more than stake_max "
                          f"({self.stake_max}).", "red_dog.stakes", low=self.stake_min,
                          high=self.stake_max)
