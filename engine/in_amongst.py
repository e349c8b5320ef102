"""In-Amongst, RULES.md §3: two cards in the middle per turn, everyone bets, the dealer last.

Everyone antes to form the pot, and antes again at once whenever it is empty. Each turn the
dealer turns two cards for one player: neighbours cost that player 1 chip, a pair pays them
`pair_pays` from the pot, anything else is a bet of 1 up to the pot (no pass) and a third
card: strictly between wins the bet from the pot, anything else (a post too) loses it.
After every player, dealer included, has had a turn, the deal passes left.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engine import draw, pot
from engine import fields as commands
from engine.cards import Card, parse_card
from engine.deck import Deck
from engine.event import Event, alias, event
from engine.fields import Command
from engine.kernel import BetLost, BetPlaced, BetWon, GameHalted, TurnSkipped
from engine.options import Option
from engine.rejection import Refusal
from engine.table import (
    NightState,
    Tx,
    evolves,
    move_chips,
    seats_from_left_of,
    turn_view,
    with_game,
)

preset = "in-amongst"
title = "In-Amongst"
options = (
    Option("ante", 1, "Chips everyone puts into the pot at the start and whenever it is empty.",
           minimum=1),
    Option("pair_pays", 2, "Chips a pair in the middle takes from the pot (some play 3).",
           minimum=1),
)
uses_suits = False
needs_chips = True
MIDDLE = ("first", "second")


class InAmongst(msgspec.Struct, frozen=True):
    """The table of one In-Amongst game."""

    options: dict[str, Any]
    dealer: str | None = None
    phase: str = "draw"  # draw | middle | bet | third | over
    pot: int = 0
    round: int = 0
    order: tuple[str, ...] = ()
    turn: int = 0
    hand: tuple[Card, ...] = ()
    bet: int = 0
    deck: Deck = msgspec.field(default_factory=Deck)
    drawing: tuple[str, ...] = ()
    draws: tuple[tuple[str, Card], ...] = ()
    halted: str | None = None

    @property
    def preset(self) -> str:
        return preset

    @property
    def chips_in_play(self) -> int:
        return self.pot + self.bet

    def after(self, e: Event) -> InAmongst:
        """In-Amongst's bookkeeping once a kernel event has moved the chips."""
        if isinstance(e, BetPlaced):
            return replace(self, phase="third")
        if isinstance(e, BetWon | BetLost | TurnSkipped):
            return _next_turn(self)
        if isinstance(e, GameHalted):
            return replace(self, phase="over", halted=e.reason, order=(), turn=0, hand=())
        return self

    @property
    def current(self) -> str | None:
        if self.phase == "draw":
            return draw.next_drawer(self)
        if self.phase in ("middle", "bet", "third") and self.turn < len(self.order):
            return self.order[self.turn]
        return None


def initial_state(resolved: dict[str, Any]) -> InAmongst:
    return InAmongst(options=resolved)


# --- events -------------------------------------------------------------------------------

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


# Logs written before the shared turn kernel named these after the game.
alias("MiddleBet", BetPlaced)
alias("MiddleWon", BetWon)
alias("MiddleLost", BetLost)
alias("AmongstHalted", GameHalted)


# --- evolve -------------------------------------------------------------------------------

def _game(state: NightState) -> InAmongst:
    game: InAmongst = state.game
    return game


def _next_turn(game: InAmongst) -> InAmongst:
    return replace(game, turn=game.turn + 1, hand=(), bet=0,
                   phase="middle" if game.turn + 1 < len(game.order) else "round_end")


@evolves(DealStarted)
def _deal_started(state: NightState, e: DealStarted) -> NightState:
    return with_game(state, dealer=e.dealer, round=e.round, order=e.order, turn=0, hand=(), bet=0,
                     deck=Deck(), drawing=(), draws=(), phase="middle")


@evolves(MiddleReshuffled)
def _middle_reshuffled(state: NightState, e: MiddleReshuffled) -> NightState:
    return with_game(state, deck=_game(state).deck.kept(e.kept, state.action))


@evolves(MiddleCard)
def _middle_card(state: NightState, e: MiddleCard) -> NightState:
    game = _game(state)
    card = parse_card(e.card)
    phase = "bet" if e.slot == "second" else game.phase
    return with_game(state, deck=game.deck.add(card, state.action), hand=game.hand + (card,),
                     phase=phase)


@evolves(NeighboursPaid)
def _neighbours_paid(state: NightState, e: NeighboursPaid) -> NightState:
    game = _game(state)
    state = move_chips(state, e.player, -e.amount)
    return replace(state, game=_next_turn(replace(game, pot=game.pot + e.amount)))


@evolves(PairPaid)
def _pair_paid(state: NightState, e: PairPaid) -> NightState:
    game = _game(state)
    state = move_chips(state, e.player, e.amount)
    return replace(state, game=_next_turn(replace(game, pot=game.pot - e.amount)))


def without_player(game: InAmongst, name: str) -> InAmongst:
    """The game once `name` has left between turns: they drop out of the round."""
    if name in game.drawing:
        return draw.without_drawer(game, name)
    if name not in game.order or game.order.index(name) < game.turn:
        return game
    order = tuple(p for p in game.order if p != name)
    phase = "round_end" if game.turn >= len(order) and game.phase == "middle" else game.phase
    return replace(game, order=order, phase=phase)


# --- decide -------------------------------------------------------------------------------

def check_options(resolved: dict[str, Any]) -> None:
    """Every combination of In-Amongst's options makes sense."""


def start(tx: Tx, dealer: str | None) -> None:
    """Everyone antes; then the draw for the deal, or the chosen dealer deals."""
    _ante(tx)
    if len(pot.with_chips(tx.state)) < 2:
        tx.emit(GameHalted("Fewer than two players have chips left after the ante: "
                              "end the game."))
    elif dealer is None:
        tx.emit(draw.DrawStarted(tuple(pot.with_chips(tx.state))))
    else:
        _deal(tx, dealer, 1)


def _ante(tx: Tx) -> None:
    pot.ante(tx, _game(tx.state).options["ante"])


def _deal(tx: Tx, dealer: str, number: int) -> None:
    if _game(tx.state).pot == 0:
        _ante(tx)
    order = tuple(p.name for p in seats_from_left_of(tx.state, dealer)
                  if p.present and p.chips > 0)
    if len(order) < 2:
        tx.emit(GameHalted("Fewer than two players have chips left: end the game."))
        return
    tx.emit(DealStarted(dealer, number, order))
    _skip_the_broke(tx)


def _after_turn(tx: Tx) -> None:
    """Between turns: refill an empty pot at once, skip whoever has no chips left, and pass
    the deal when everyone has played."""
    while True:
        if _game(tx.state).pot == 0 and pot.with_chips(tx.state):
            _ante(tx)
        _skip_the_broke(tx)
        if _game(tx.state).phase != "round_end":
            return
        _pass_the_deal(tx)


def _skip_the_broke(tx: Tx) -> None:
    """Players whose stack ran dry since the deal (an ante took their last chip) sit out."""
    while True:
        game = _game(tx.state)
        if game.phase != "middle" or game.hand or game.current is None:
            return
        if tx.state.player(game.current).chips > 0 and game.pot > 0:
            return
        tx.emit(TurnSkipped(game.current))


def _pass_the_deal(tx: Tx) -> None:
    game = _game(tx.state)
    assert game.dealer is not None
    if len(pot.with_chips(tx.state)) < 2:
        tx.emit(GameHalted("Fewer than two players have chips left: end the game."))
        return
    for seat in seats_from_left_of(tx.state, game.dealer):
        if seat.present and seat.chips > 0:
            _deal(tx, seat.name, game.round + 1)
            return
    tx.emit(GameHalted("Nobody has chips left: end the game."))


def bet_limit(state: NightState) -> int:
    game = _game(state)
    return max(0, min(game.pot, state.player(game.current or "").chips))


def decide(tx: Tx, command: Command) -> None:
    """Apply one turn action of In-Amongst, or raise Refusal with the reason."""
    game = _game(tx.state)
    name = command["cmd"]
    if game.phase == "over":
        raise commands.game_over(game.halted)
    current = game.current
    if name == "card":
        commands.only_fields(command, {"card", "player"})
        if game.phase not in ("draw", "middle", "third"):
            raise commands.not_expected("card", expect(tx.state)['prompt'], "expect.no_card")
        commands.check_player(command, current)
        if current is None:
            raise Refusal("Nobody is to get a card now; end the game.")
        card = parse_card(commands.text(command, "card") or "")
        if game.phase != "draw" and not game.deck.remaining:  # a big table used every card
            tx.emit(MiddleReshuffled(tuple(str(c) for c in game.hand)))
            game = _game(tx.state)
        game.deck.check(card)
        if game.phase == "draw":
            tx.emit(draw.DrawCard(current, str(card)))
            draw.settle(tx, lambda tx, dealer: _deal(tx, dealer, 1),
                        lambda tx: tx.emit(GameHalted("Everyone drawing for the deal has "
                                                         "left: end the game.")))
        elif game.phase == "middle":
            _middle(tx, current, card)
        else:
            _third(tx, current, card)
        return
    if name == "bet":
        if game.phase != "bet":
            raise commands.not_expected("bet", expect(tx.state)['prompt'], "expect.no_bet")
        commands.check_player(command, current)
        if current is None:
            raise Refusal("Nobody is to bet now; end the game.")
        commands.only_fields(command, {"amount", "player"})
        limit = bet_limit(tx.state)
        amount = commands.whole_number(command, "amount", minimum=1, what=f"{current}'s bet")
        if amount > limit:
            raise Refusal(f"{current} can bet at most {limit} now: the pot holds {game.pot} "
                          f"and the stack {tx.state.player(current).chips}.", "bet.at_most",
                          player=current, limit=limit)
        tx.emit(BetPlaced(current, amount))
        return
    if name == "pass":
        raise Refusal("In-Amongst has no pass: every player bets at least 1.", "bet.no_pass")
    raise Refusal(f"{name} is not a move in {title}; now: {expect(tx.state)['prompt']}.",
                  "move.other_game", name=name, game=title)


def _middle(tx: Tx, player: str, card: Card) -> None:
    game = _game(tx.state)
    slot = MIDDLE[len(game.hand)]
    tx.emit(MiddleCard(player, str(card), slot))
    if slot == "first":
        return
    low, high = sorted(c.rank for c in _game(tx.state).hand)
    if high - low == 1:
        tx.emit(NeighboursPaid(player, min(1, tx.state.player(player).chips)))
        _after_turn(tx)
    elif low == high:
        tx.emit(PairPaid(player, min(_game(tx.state).options["pair_pays"],
                                     _game(tx.state).pot)))
        _after_turn(tx)


def _third(tx: Tx, player: str, card: Card) -> None:
    tx.emit(MiddleCard(player, str(card), "third"))
    game = _game(tx.state)
    low, high = sorted(c.rank for c in game.hand[:2])
    if low < card.rank < high:
        tx.emit(BetWon(player, game.bet))
    else:
        tx.emit(BetLost(player, game.bet))
    _after_turn(tx)


def mid_turn(state: NightState) -> str | None:
    game = _game(state)
    if game.phase in ("bet", "third") or (game.phase == "middle" and game.hand):
        return game.current
    return None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver. A leaving dealer takes the pot at once, as at the
    end of the game (RULES.md, Decisions): it is shared evenly, the dealer included, and
    the empty pot is anted again at once."""
    game = _game(tx.state)
    pot.on_leaving(tx, name, game.dealer)
    if game.phase == "draw":
        draw.settle(tx, lambda tx, dealer: _deal(tx, dealer, 1),
                    lambda tx: tx.emit(GameHalted("Everyone drawing for the deal has left: "
                                                     "end the game.")))
    elif game.phase in ("middle", "round_end"):
        _after_turn(tx)


def finish(tx: Tx) -> None:
    """The game ends: the pot is shared evenly, odd chips one each from the dealer's left."""
    pot.share(tx, _game(tx.state).dealer)


# --- expect and view ----------------------------------------------------------------------

def expect(state: NightState) -> dict[str, Any]:
    game = _game(state)
    player = game.current
    if game.phase == "over":
        return {"kind": "end_game", "prompt": f"{game.halted}"}
    if game.phase == "draw":
        return {"kind": "card", "slot": "draw", "player": player, "suits": False,
                "prompt": f"{player}: draw a card for the deal"}
    if game.phase == "middle":
        slot = MIDDLE[len(game.hand)]
        return {"kind": "card", "slot": f"middle_{slot}", "player": player, "suits": False,
                "prompt": f"the {slot} card in the middle for {player}"}
    if game.phase == "bet":
        limit = bet_limit(state)
        return {"kind": "bet", "player": player, "min": 1, "max": limit, "pass": False,
                "prompt": f"{player}: bet 1–{limit}"}
    if game.phase == "third":
        return {"kind": "card", "slot": "third", "player": player, "suits": False,
                "prompt": f"the third card for {player}"}
    return {"kind": "none", "prompt": "nothing"}


def view(state: NightState) -> dict[str, Any]:
    game = _game(state)
    return {**turn_view(game, uses_suits), "order": list(game.order)}

