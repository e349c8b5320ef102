"""The odds of the current spread, from the cards not yet out since the shuffle."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import msgspec

from engine.cards import RANKS, Card
from engine.deck import SUITS_PER_RANK, Deck


class SpreadOdds(msgspec.Struct, frozen=True):
    """Chances for the third card: strictly between, on a post, or outside."""

    win: Fraction
    post: Fraction
    lose: Fraction
    unseen: int

    def percentages(self) -> tuple[int, int, int]:
        """Whole percentages that add up to 100, each its own value rounded."""
        win, post, lose = whole_percentages((self.win, self.post, self.lose))
        return win, post, lose


def whole_percentages(shares: Sequence[Fraction]) -> tuple[int, ...]:
    """`shares` of one whole as whole percentages that add up to 100 (all 0 when the shares
    are): each rounded down, then a point each to the largest remainders, the earlier share
    first among equal ones (the largest remainder method). So every figure is its own
    value rounded down or up, and none is bent to make the sum: rounding each alone can
    make 99 or 101, and taking the last as 100 minus the others put the error on it."""
    exact = [share * 100 for share in shares]
    figures = [math.floor(value) for value in exact]
    left = (100 - sum(figures)) if sum(shares) else 0
    by_remainder = sorted(range(len(exact)), key=lambda i: (figures[i] - exact[i], i))
    for index in by_remainder[:left]:
        figures[index] += 1
    return tuple(figures)


def unseen_by_rank(deck: Deck) -> dict[int, int]:
    """How many cards of each rank can still come."""
    return {rank: SUITS_PER_RANK - deck.count_rank(rank) for rank in RANKS}


def in_between_odds(hand: tuple[Card, Card], deck: Deck,
                    low_ace: bool = False) -> SpreadOdds | None:
    """Odds for a third card against `hand`, or None when no card can come. With `low_ace`
    the first card, an ace, counts below the 2 (a third ace is still a post)."""
    unseen = unseen_by_rank(deck)
    total = sum(unseen.values())
    if total == 0:
        return None
    first, second = hand[0].rank, hand[1].rank
    low, high = sorted((1 if low_ace else first, second))
    win = sum(count for rank, count in unseen.items() if low < rank < high)
    post_ranks = {first, second}
    post = sum(unseen[rank] for rank in post_ranks)
    return SpreadOdds(Fraction(win, total), Fraction(post, total),
                      Fraction(total - win - post, total), total)


class RaiseOdds(msgspec.Struct, frozen=True):
    """Casino Red Dog: the chance the third card pays, what it pays per chip, and so what a
    chip raised is worth on average (a miss loses it; a pair's miss is a push instead)."""

    win: Fraction
    pays: int
    unseen: int
    push_on_miss: bool = False

    @property
    def value_per_chip(self) -> Fraction:
        lose = Fraction(0) if self.push_on_miss else 1 - self.win
        return self.win * self.pays - lose


def casino_odds(hand: tuple[Card, Card], deck: Deck, pays: int) -> RaiseOdds | None:
    """Odds of the third card in Casino Red Dog: strictly between the two ranks, or the same
    rank again after a pair. None when no card can come."""
    unseen = unseen_by_rank(deck)
    total = sum(unseen.values())
    if total == 0:
        return None
    first, second = hand[0].rank, hand[1].rank
    if first == second:
        return RaiseOdds(Fraction(unseen[first], total), pays, total, push_on_miss=True)
    low, high = sorted((first, second))
    win = sum(count for rank, count in unseen.items() if low < rank < high)
    return RaiseOdds(Fraction(win, total), pays, total)


class OddsShown(msgspec.Struct, frozen=True):
    """The odds of a spread as the table shows them: whole percentages that add up to 100,
    and how many cards can still come."""

    win: int
    post: int
    lose: int
    unseen: int

    @classmethod
    def of(cls, odds: SpreadOdds | None) -> OddsShown | None:
        return None if odds is None else cls(*odds.percentages(), odds.unseen)


class RaiseShown(msgspec.Struct, frozen=True):
    """Casino Red Dog's odds as the table shows them: the chance in whole percent that the
    third card pays, and what a chip raised is worth on average (none after a pair, whose
    miss is a push)."""

    win: int
    value_per_chip: float | None

    @classmethod
    def of(cls, odds: RaiseOdds | None) -> RaiseShown | None:
        if odds is None:
            return None
        win, _ = whole_percentages((odds.win, 1 - odds.win))
        return cls(win, None if odds.push_on_miss else float(odds.value_per_chip))
