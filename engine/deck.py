"""The deck tracker: which cards are out since the last shuffle, and which cannot exist.

A real deck has one of each card, so a second 9♦, or a fifth 9, since the last shuffle
is a mis-entry; the refusal names the action that entered the earlier card.
"""

from __future__ import annotations

import msgspec

from engine.cards import Card, parse_card, rank_name
from engine.rejection import Refusal

DECK_SIZE = 52
SUITS_PER_RANK = 4


class Deck(msgspec.Struct, frozen=True):
    """Cards out since the last shuffle, each with the action that entered it."""

    out: tuple[tuple[Card, int], ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards out, in the order they were entered."""
        return tuple(card for card, _ in self.out)

    @property
    def remaining(self) -> int:
        """How many cards are still in the deck."""
        return DECK_SIZE - len(self.out)

    def count_rank(self, rank: int) -> int:
        """How many cards of `rank` are out."""
        return sum(1 for card, _ in self.out if card.rank == rank)

    def check(self, card: Card) -> None:
        """Raise a Refusal if `card` cannot come from this deck now."""
        if self.remaining <= 0:
            raise Refusal("All 52 cards are out: the deck must be shuffled first.", "deck.empty")
        same_rank = [(c, action) for c, action in self.out if c.rank == card.rank]
        if card.suit is not None:
            for earlier, action in same_rank:
                if earlier.suit == card.suit:
                    raise Refusal(
                        f"{card.label} is already out since the last shuffle "
                        f"(entered at action {action}); check the card.",
                        "card.out", card=card.label, action=action)
        if len(same_rank) >= SUITS_PER_RANK:
            actions = ", ".join(str(action) for _, action in same_rank)
            raise Refusal(
                f"All four {rank_name(card.rank)}s are already out since "
                f"the last shuffle (actions {actions}); check the card.",
                "card.fifth", rank=rank_name(card.rank), actions=actions)

    def add(self, card: Card, action: int) -> Deck:
        """The deck with `card` out; call `check` first."""
        return Deck(self.out + ((card, action),))

    def kept(self, cards: tuple[str, ...], action: int, earliest: int = 0) -> Deck:
        """A fresh deck with only `cards` out (those still on the table when the used ones
        are shuffled), each still naming the action that entered it (`action` if none).
        The first `earliest` cards were dealt before the others (first cards of a round), so
        they take the earliest matching entries, the rest the latest: cards typed by rank
        alone cannot be told apart otherwise."""
        left = list(self.out)
        out: list[tuple[Card, int]] = []
        for index, text in enumerate(cards):
            card = parse_card(text)
            matches = [entry for entry in left if entry[0] == card]
            match = (matches[0] if index < earliest else matches[-1]) if matches else None
            if match is not None:
                left.remove(match)
            out.append((card, match[1] if match else action))
        return Deck(tuple(out))

    def shuffled(self) -> Deck:
        """All cards back in the deck."""
        return Deck()
