"""Drawing cards for the deal: everyone draws one, highest deals, a tie draws again.

Shared by the game families whose first dealer is drawn. Their states carry `phase`,
`drawing`, `draws` and `deck`; the game says what happens once a dealer is found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from msgspec.structs import replace

from engine.cards import Card, parse_card
from engine.event import Event, event
from engine.table import NightState, Tx, evolves

G = TypeVar("G")


@event
class DrawStarted(Event, frozen=True):
    """Players draw a card each for the deal; highest deals."""

    players: tuple[str, ...]


@event
class DrawCard(Event, frozen=True):
    player: str
    card: str


@evolves(DrawStarted)
def _draw_started(state: NightState, e: DrawStarted) -> NightState:
    game = state.game
    phase = type(game.phase)("draw")  # in the family's own phase type: its enum, or a string
    return replace(state, game=replace(game, phase=phase, drawing=e.players, draws=()))


@evolves(DrawCard)
def _draw_card(state: NightState, e: DrawCard) -> NightState:
    game = state.game
    card = parse_card(e.card)
    return replace(state, game=replace(game, draws=game.draws + ((e.player, card),),
                                       deck=game.deck.add(card, state.action)))


def next_drawer(game: Any) -> str | None:
    """Who draws next, or None when everyone drawing has a card."""
    drawing: tuple[str, ...] = game.drawing
    draws: tuple[tuple[str, Card], ...] = game.draws
    return drawing[len(draws)] if len(draws) < len(drawing) else None


def without_drawer(game: G, name: str) -> G:
    """The draw once `name` has left it."""
    drawing: tuple[str, ...] = getattr(game, "drawing")  # noqa: B009
    draws: tuple[tuple[str, Card], ...] = getattr(game, "draws")  # noqa: B009
    return replace(game, drawing=tuple(p for p in drawing if p != name),  # type: ignore[type-var]
                   draws=tuple(d for d in draws if d[0] != name))


def settle(tx: Tx, dealer_found: Callable[[Tx, str], None],
           nobody: Callable[[Tx], None],
           key: Callable[[Card], int] = lambda card: card.rank) -> None:
    """Once every drawer has a card: the best by `key` (the highest rank unless a game says
    otherwise) deals, a tie draws again among the tied. A draw left with one player (the
    others left) needs no more cards."""
    game = tx.state.game
    if len(game.drawing) <= 1:
        if game.drawing:
            dealer_found(tx, game.drawing[0])
        else:
            nobody(tx)
        return
    if len(game.draws) < len(game.drawing):
        return
    best = max(key(card) for _, card in game.draws)
    tied = tuple(name for name, card in game.draws if key(card) == best)
    if len(tied) > 1:
        tx.emit(DrawStarted(tied))
    else:
        dealer_found(tx, tied[0])
