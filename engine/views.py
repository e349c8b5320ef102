"""What a game shows of itself, as typed values: the part of `state --json` a family adds.

Every family's view is a `GameView` (or a subclass with its own fields); the screens draw
from the typed value and `state --json` prints its JSON object. `family` names the game
family (its package), so a screen finds the panel that draws it without reading keys.
"""

from __future__ import annotations

from typing import Any

import msgspec


class GameView(msgspec.Struct, frozen=True, kw_only=True):
    """The game on the table: dealer, turn, pot, the cards out since the shuffle."""

    family: str
    suits: bool
    dealer: str | None
    turn: str | None
    pot: int
    seen: tuple[str, ...]
    deck_remaining: int

    def as_json(self) -> dict[str, Any]:
        """The view's fields as `state --json` prints them."""
        doc: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(self))
        return doc


class TurnView(GameView, frozen=True, kw_only=True):
    """A game of turns with one pot: the round, the open bet and the cards of the turn."""

    round: int
    bet: int
    hand: tuple[str, ...]


def turn_view_of(game: Any, family: str, uses_suits: bool) -> dict[str, Any]:
    """The fields of a TurnView from a game state with dealer, current, pot, deck, round, bet
    and hand."""
    return {"family": family, "suits": uses_suits, "dealer": game.dealer, "turn": game.current,
            "pot": game.pot, "seen": tuple(str(card) for card in game.deck.cards),
            "deck_remaining": game.deck.remaining, "round": game.round, "bet": game.bet,
            "hand": tuple(str(card) for card in game.hand)}
