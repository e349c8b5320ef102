"""In-Amongst's options (RULES.md §3)."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from engine.options import GameOptions


class InAmongstOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ante: Annotated[int, Meta(ge=1)] = 1  # everyone, at the start and whenever the pot is empty
    pair_pays: Annotated[int, Meta(ge=1)] = 2  # what a pair in the middle takes from the pot
