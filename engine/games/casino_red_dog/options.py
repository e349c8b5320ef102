"""Casino Red Dog's options (RULES.md §2)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from engine.options import GameOptions


class CasinoOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ante: Annotated[int, Meta(ge=1)] = 1  # each player's bet, placed at a hand's first card
    deal_on: bool = False  # no shuffle between hands: deal on from the deck
