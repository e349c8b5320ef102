"""In-Amongst's table and its own events: the state of one game and how each event changes it.

The bets, the skipped turns and the halt are the turn kernel's events (`engine.kernel`); the
game does its own bookkeeping for them in `InAmongst.after`.
"""

from __future__ import annotations

from enum import StrEnum

from msgspec.structs import replace

from engine import draw
from engine.cards import Card, parse_card
from engine.deck import Deck
from engine.event import Event, alias, event
from engine.games.in_amongst.options import InAmongstOptions
from engine.kernel import BetLost, BetPlaced, BetWon, GameHalted, PotGame, TurnSkipped
from engine.table import NightState, evolves, move_chips, with_game

GAME_ID = "in-amongst"


class Phase(StrEnum):
    DRAW = "draw"  # drawing for the first deal
    MIDDLE = "middle"  # the two cards in the middle, for the player whose turn it is
    BET = "bet"
    THIRD = "third"  # the card that decides the bet
    ROUND_END = "round_end"  # everyone has played: the deal passes left
    BETWEEN = "between"  # the pot is shared (the game's end)
    OVER = "over"  # the game waits to be ended


class InAmongst(PotGame[InAmongstOptions], frozen=True, kw_only=True):
    """The table of one In-Amongst game."""

    GAME = GAME_ID
    phase: Phase = Phase.DRAW
    hand: tuple[Card, ...] = ()

    @property
    def current(self) -> str | None:
        """The player whose entry is expected now."""
        if self.phase == Phase.DRAW:
            return draw.next_drawer(self)
        if self.phase in (Phase.MIDDLE, Phase.BET, Phase.THIRD) and self.turn < len(self.order):
            return self.order[self.turn]
        return None

    def after(self, e: Event) -> InAmongst:
        """In-Amongst's bookkeeping once a kernel event has moved the chips."""
        if isinstance(e, BetPlaced):
            return replace(self, phase=Phase.THIRD)
        if isinstance(e, BetWon | BetLost | TurnSkipped):
            return next_turn(self)
        if isinstance(e, GameHalted):
            return replace(self, phase=Phase.OVER, halted=e.reason, order=(), turn=0, hand=())
        return self

    def without_player(self, name: str) -> InAmongst:
        """The game once `name` has left between turns: they drop out of the round."""
        if name in self.drawing:
            return self.without_drawer(name)
        if name not in self.order or self.order.index(name) < self.turn:
            return self
        order = tuple(p for p in self.order if p != name)
        ended = self.turn >= len(order) and self.phase == Phase.MIDDLE
        return replace(self, order=order, phase=Phase.ROUND_END if ended else self.phase)


def game_of(state: NightState) -> InAmongst:
    """The In-Amongst game on the table."""
    game = state.game
    assert isinstance(game, InAmongst), game
    return game


def next_turn(game: InAmongst) -> InAmongst:
    """The next player's turn, or the end of the round."""
    more = game.turn + 1 < len(game.order)
    return replace(game, turn=game.turn + 1, hand=(), bet=0,
                   phase=Phase.MIDDLE if more else Phase.ROUND_END)


# --- events ----------------------------------------------------------------------------------

@event
class DealStarted(Event, frozen=True):
    """A dealer shuffles and deals a round: every player in `order`, the dealer last."""

    dealer: str
    round: int
    order: tuple[str, ...]


@event
class MiddleReshuffled(Event, frozen=True):
    """Every card is out: the used ones are shuffled, the cards in the middle (`kept`) stay."""

    kept: tuple[str, ...]


@event
class MiddleCard(Event, frozen=True):
    player: str
    card: str
    slot: str  # first | second | third


@event
class NeighboursPaid(Event, frozen=True):
    """Two neighbouring ranks: the player pays into the pot at once."""

    player: str
    amount: int


@event
class PairPaid(Event, frozen=True):
    """A pair in the middle: the player takes chips from the pot at once."""

    player: str
    amount: int


EVENTS = (DealStarted, MiddleReshuffled, MiddleCard, NeighboursPaid, PairPaid)

# Logs written before the shared turn kernel named these after the game.
alias("MiddleBet", BetPlaced)
alias("MiddleWon", BetWon)
alias("MiddleLost", BetLost)
alias("AmongstHalted", GameHalted)


@evolves(DealStarted)
def _deal_started(state: NightState, e: DealStarted) -> NightState:
    return with_game(state, dealer=e.dealer, round=e.round, order=e.order, turn=0, hand=(),
                     bet=0, deck=Deck(), drawing=(), draws=(), phase=Phase.MIDDLE)


@evolves(MiddleReshuffled)
def _middle_reshuffled(state: NightState, e: MiddleReshuffled) -> NightState:
    return with_game(state, deck=game_of(state).deck.kept(e.kept, state.action))


@evolves(MiddleCard)
def _middle_card(state: NightState, e: MiddleCard) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    phase = Phase.BET if e.slot == "second" else game.phase
    return with_game(state, deck=game.deck.add(card, state.action), hand=game.hand + (card,),
                     phase=phase)


@evolves(NeighboursPaid)
def _neighbours_paid(state: NightState, e: NeighboursPaid) -> NightState:
    game = game_of(state)
    state = move_chips(state, e.player, -e.amount)
    return replace(state, game=next_turn(replace(game, pot=game.pot + e.amount)))


@evolves(PairPaid)
def _pair_paid(state: NightState, e: PairPaid) -> NightState:
    game = game_of(state)
    state = move_chips(state, e.player, e.amount)
    return replace(state, game=next_turn(replace(game, pot=game.pot - e.amount)))
