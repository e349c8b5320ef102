"""The odds of the call the table waits for, from the cards not seen since the shuffle.

Each outcome of the next card (red or black; higher, lower or the same value; inside, outside
or on a value; each suit) as whole percentages that add up to 100, shared out by the
largest remainder so that a rounding never shows 101.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.cards import RANKS, SUITS, Card
from engine.deck import Deck

RED = frozenset("hd")
FACE_COSTS = {11: 1, 12: 2, 13: 3, 14: 4}  # bus_ride face_cards: J, Q, K, A


def whole_percentages(counts: Mapping[str, int]) -> dict[str, int]:
    """`counts` as whole percentages adding up to 100 (largest remainder; a tie goes to the
    outcome named first). Empty when there is nothing to count."""
    total = sum(counts.values())
    if total <= 0:
        return {}
    exact = {name: count * 100 / total for name, count in counts.items()}
    shares = {name: int(value) for name, value in exact.items()}
    short = 100 - sum(shares.values())
    by_remainder = sorted(exact, key=lambda name: -(exact[name] - shares[name]))
    for name in by_remainder[:short]:
        shares[name] += 1
    return shares


def unseen(deck: Deck, lowest_rank: int) -> list[Card]:
    """The cards of the deck (2-A, or 7-A) not out since the shuffle. A card entered by its
    rank alone takes one of that rank whose suit is not known to be out."""
    out = deck.cards
    suited = {card for card in out if card.suit is not None}
    left = [Card(rank, suit) for rank in RANKS if rank >= lowest_rank for suit in SUITS
            if Card(rank, suit) not in suited]
    for card in out:
        if card.suit is None:
            same = next((index for index, each in enumerate(left) if each.rank == card.rank),
                        None)
            if same is not None:
                del left[same]
    return left


def outcomes(cards: list[Card], outcome_of: Callable[[Card], str],
             names: tuple[str, ...]) -> dict[str, int]:
    """How many of `cards` fall on each outcome in `names`, as whole percentages."""
    counts = dict.fromkeys(names, 0)
    for card in cards:
        counts[outcome_of(card)] += 1
    return whole_percentages(counts)


def compared(value: int, before: int) -> str:
    """How a value compares with the one before it: higher, lower or the same."""
    return "higher" if value > before else "lower" if value < before else "same"


def between(value: int, low: int, high: int) -> str:
    """Where a value falls against two: inside, outside, or the same as either."""
    if low < value < high:
        return "inside"
    return "outside" if value < low or value > high else "same"


def face(rank: int) -> str:
    """A face card's letter (J, Q, K, A: they cost in a ride of face_cards), else pass."""
    return {11: "J", 12: "Q", 13: "K", 14: "A"}[rank] if rank in FACE_COSTS else "pass"
