"""Playing cards as the dealer types them, and their one canonical spelling.

Input follows RULES.md: a rank `2`-`9`, `10` (or `T`, `0`), `J`/`B`, `Q`/`D`, `K`, `A`
(German letters always accepted, any case), then an optional suit `c d h s` or a suit
symbol. A card without a suit is allowed where a game ignores suits.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from engine.rejection import Refusal
from engine.text import quoted

SUITS = "cdhs"
ACE = 14
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_NAMES = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A",
}
RANKS = tuple(RANK_NAMES)
_RANK_INPUT = {
    **{str(n): n for n in range(2, 10)},
    "10": 10, "t": 10, "0": 10,
    "j": 11, "b": 11,
    "q": 12, "d": 12,
    "k": 13,
    "a": 14,
}
_SUIT_INPUT = {**{s: s for s in SUITS}, **{sym: s for s, sym in SUIT_SYMBOLS.items()}}


def suit_of(text: str) -> str | None:
    """The suit letter of `c`, `H`, `♥` and the like; None for anything else."""
    return _SUIT_INPUT.get(text.strip().lower()) if isinstance(text, str) else None
# The variation selector some keyboards append to suit symbols (♥️) carries no meaning.
_IGNORED = "\ufe0f\ufe0e "

CARD_HELP = "a rank 2-10, J/B, Q/D, K or A, optionally followed by a suit c, d, h or s"


class Card(msgspec.Struct, frozen=True):
    """One physical card; `suit` is None when the dealer typed the rank alone."""

    rank: int
    suit: str | None = None

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + (self.suit or "")

    @property
    def label(self) -> str:
        """The card as people read it: `10♥`, or `9` for a rank alone."""
        return RANK_NAMES[self.rank] + (SUIT_SYMBOLS[self.suit] if self.suit else "")


def rank_name(rank: int) -> str:
    """`J` for 11, `A` for 14 (and for a low ace, 1)."""
    return "A" if rank == 1 else RANK_NAMES[rank]


@lru_cache(maxsize=4096)
def parse_card(text: str) -> Card:
    """The card `text` names; raises Refusal with a sentence when it names none."""
    if not isinstance(text, str):
        raise Refusal(f"A card is text like 4c or 10h, not {quoted(text)}.")
    cleaned = "".join(ch for ch in text.strip() if ch not in _IGNORED).lower()
    if cleaned.startswith("10"):
        rank_part, suit_part = "10", cleaned[2:]
    else:
        rank_part, suit_part = cleaned[:1], cleaned[1:]
    rank = _RANK_INPUT.get(rank_part)
    if rank is None:
        raise Refusal(f"{quoted(text)} is not a card: type {CARD_HELP}.", "card.unknown",
                      text=quoted(text))
    if not suit_part:
        return Card(rank)
    suit = _SUIT_INPUT.get(suit_part)
    if suit is None:
        raise Refusal(f"{quoted(text)} is not a card: the suit must be one of c, d, h, s "
                      "(or ♣ ♦ ♥ ♠).", "card.suit", text=quoted(text))
    return Card(rank, suit)
