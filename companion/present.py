"""What the screens need to know of cards (and of an IBAN) to draw them, without reaching into
the engine."""

from __future__ import annotations

from engine.cards import RANK_NAMES, SUIT_SYMBOLS, parse_card
from engine.odds import RaiseOdds, SpreadOdds
from engine.payments import grouped
from engine.rejection import Refusal
from engine.text import shown

RED_SUITS = frozenset({"d", "h"})


def card_parts(text: str) -> tuple[int, str, str | None]:
    """(rank number, rank as printed, suit letter or None) of a card in canonical form."""
    card = parse_card(text)
    return card.rank, RANK_NAMES[card.rank], card.suit


def card_label(text: str) -> str:
    """`10♥` for `10h`."""
    return parse_card(text).label


def typed_label(text: str) -> str:
    """The label of a typed card, or the text as typed when it is no card (yet)."""
    try:
        return parse_card(text).label
    except Refusal:
        return text


__all__ = ["RANK_NAMES", "RED_SUITS", "SUIT_SYMBOLS", "RaiseOdds", "SpreadOdds", "card_label",
           "card_parts", "grouped", "shown", "typed_label"]
