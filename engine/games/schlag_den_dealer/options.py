"""Schlag den Dealer's options and its variants (RULES.md §5)."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from engine.limits import MOST_SIPS
from engine.options import GameOptions


class SchlagOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    unit: Literal["sips", "points"] = "sips"  # what a drink is called on the screen
    ace_high: bool = False
    one_try: bool = False
    stupid_guess: bool = False
    stupid_penalty: Annotated[int, Meta(ge=1, extra={"most": MOST_SIPS})] = 5
    value_and_suit: bool = False
    exact_sips: Annotated[int, Meta(ge=1, extra={"most": MOST_SIPS})] = 8
    dealer_chooses: bool = False
