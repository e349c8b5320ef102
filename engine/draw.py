"""Drawing cards for the deal: everyone draws one, highest deals, a tie draws again.

Shared by the game families whose first dealer is drawn. Their states carry `phase`,
`drawing`, `draws` and `deck`; the game says what happens once a dealer is found.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Self

import msgspec
from msgspec.structs import replace

from engine.cards import Card, parse_card
from engine.deck import Deck
from engine.event import Event, event
from engine.table import GameState, NightState, Tx, evolves

DRAW = "draw"  # the phase of every game while its players draw for the deal


class DrawnGame(GameState, frozen=True, kw_only=True):
    """A game whose first dealer may be drawn by cards: the deck, who draws, the cards drawn.
    Its phase is its own enum, which has a member valued "draw"."""

    deck: Deck = msgspec.field(default_factory=Deck)
    drawing: tuple[str, ...] = ()
    draws: tuple[tuple[str, Card], ...] = ()

    @property
    def phase(self) -> StrEnum:
        raise NotImplementedError

    def drawing_again(self, players: tuple[str, ...]) -> Self:
        """The game with `players` drawing (again, after a tie)."""
        return replace(self, phase=type(self.phase)(DRAW), drawing=players, draws=())

    def without_drawer(self, name: str) -> Self:
        """The draw once `name` has left it."""
        return replace(self, drawing=tuple(p for p in self.drawing if p != name),
                       draws=tuple(d for d in self.draws if d[0] != name))


def drawn(state: NightState) -> DrawnGame:
    """The game on the table, which is drawing for the deal."""
    game = state.game
    assert isinstance(game, DrawnGame), game
    return game


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
    return replace(state, game=drawn(state).drawing_again(e.players))


@evolves(DrawCard)
def _draw_card(state: NightState, e: DrawCard) -> NightState:
    game = drawn(state)
    card = parse_card(e.card)
    return replace(state, game=replace(game, draws=game.draws + ((e.player, card),),
                                       deck=game.deck.add(card, state.action)))


def next_drawer(game: DrawnGame) -> str | None:
    """Who draws next, or None when everyone drawing has a card."""
    drawing, draws = game.drawing, game.draws
    return drawing[len(draws)] if len(draws) < len(drawing) else None


def settle(tx: Tx, dealer_found: Callable[[Tx, str], None],
           nobody: Callable[[Tx], None],
           key: Callable[[Card], int] = lambda card: card.rank) -> None:
    """Once every drawer has a card: the best by `key` (the highest rank unless a game says
    otherwise) deals, a tie draws again among the tied. A draw left with one player (the
    others left) needs no more cards."""
    game = drawn(tx.state)
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
