"""In-Amongst, RULES.md §3: two cards in the middle per turn, everyone bets, the dealer last.

Everyone antes to form the pot, and antes again at once whenever it is empty. Each turn the
dealer turns two cards for one player: neighbours cost that player 1 chip, a pair pays them
`pair_pays` from the pot, anything else is a bet of 1 up to the pot (no pass) and a third
card: strictly between wins the bet from the pot, anything else (a post too) loses it.
After every player, dealer included, has had a turn, the deal passes left.
"""

from __future__ import annotations

from engine import draw, kernel, pot
from engine.cards import Card, parse_card
from engine.commands import Bet, Command, Pass, PlayCard
from engine.expect import BetExpected, CardExpected
from engine.games.in_amongst.state import (
    DealStarted,
    MiddleCard,
    MiddleReshuffled,
    NeighboursPaid,
    PairPaid,
    Phase,
    game_of,
)
from engine.games.in_amongst.view import MIDDLE, bet_limit, expect
from engine.kernel import (
    BetLost,
    BetPlaced,
    BetWon,
    GameHalted,
    Move,
    Moves,
    Rulebook,
    too_few,
)
from engine.rejection import Refusal
from engine.seats import Seats
from engine.table import NightState, Tx, seats_from_left_of

TITLE = "In-Amongst"
# A dealer and at least one other player, the dealer playing too; the two or three cards of
# a turn lie in the middle and go back when the deck runs out: one deck serves any table.
SEATS = Seats(2)
# How games under the first rules halted with too few (engine.kernel.too_few).
FEWER_THAN_TWO = "Fewer than two players have chips left: end the game."
AFTER_THE_ANTE = "Fewer than two players have chips left after the ante: end the game."
# --- starting and the flow of a round --------------------------------------------------------

def start(tx: Tx, dealer: str | None) -> None:
    """Everyone antes; then the draw for the deal, or the chosen dealer deals."""
    _ante(tx)
    if len(pot.with_chips(tx.state)) < 2:
        _too_few(tx, len(pot.with_chips(tx.state)), AFTER_THE_ANTE)
    elif dealer is None:
        tx.emit(draw.DrawStarted(tuple(pot.with_chips(tx.state))))
    else:
        _deal(tx, dealer, 1)


def _too_few(tx: Tx, players: int, before: str = FEWER_THAN_TWO) -> None:
    """Fewer than two are left with chips to play: the game waits for its end (`before`:
    how a night under the first rules halted it)."""
    too_few(tx, TITLE, SEATS, players, before)


def _ante(tx: Tx) -> None:
    pot.ante(tx, game_of(tx.state).options.ante)


def _deal(tx: Tx, dealer: str, number: int) -> None:
    if game_of(tx.state).pot == 0:
        _ante(tx)
    order = tuple(p.name for p in seats_from_left_of(tx.state, dealer)
                  if p.present and p.chips > 0)
    if len(order) < 2:
        _too_few(tx, len(order))
        return
    tx.emit(DealStarted(dealer, number, order))
    _skip_the_broke(tx)


def _after_turn(tx: Tx) -> None:
    """Between turns: refill an empty pot at once, skip whoever has no chips left, and pass
    the deal when everyone has played."""
    while True:
        if game_of(tx.state).pot == 0 and pot.with_chips(tx.state):
            _ante(tx)
        _skip_the_broke(tx)
        if game_of(tx.state).phase != Phase.ROUND_END:
            return
        _pass_the_deal(tx)


def _skip_the_broke(tx: Tx) -> None:
    """Players whose stack ran dry since the deal (an ante took their last chip) sit out,
    and so does everyone while the pot is empty with nobody left to refill it."""
    def turn_starts(state: NightState) -> bool:
        game = game_of(state)
        return game.phase == Phase.MIDDLE and not game.hand and game.current is not None

    while turn_starts(tx.state):
        game = game_of(tx.state)
        assert game.current is not None
        if tx.state.player(game.current).chips > 0 and game.pot > 0:
            return
        tx.emit(kernel.TurnSkipped(game.current))


def _pass_the_deal(tx: Tx) -> None:
    game = game_of(tx.state)
    assert game.dealer is not None
    if len(pot.with_chips(tx.state)) < 2:
        _too_few(tx, len(pot.with_chips(tx.state)))
        return
    for seat in seats_from_left_of(tx.state, game.dealer):
        if seat.present and seat.chips > 0:
            _deal(tx, seat.name, game.round + 1)
            return
    _too_few(tx, 0, "Nobody has chips left: end the game.")


# --- the moves -------------------------------------------------------------------------------

def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    current = game.current
    if current is None:
        raise Refusal("Nobody is to get a card now; end the game.")
    card = parse_card(command.card)
    if game.phase != Phase.DRAW and not game.deck.remaining:  # a big table used every card
        tx.emit(MiddleReshuffled(tuple(str(c) for c in game.hand)))
        game = game_of(tx.state)
    game.deck.check(card)
    if game.phase == Phase.DRAW:
        tx.emit(draw.DrawCard(current, str(card)))
        draw.settle(tx, lambda tx, dealer: _deal(tx, dealer, 1), _nobody_drawing)
    elif game.phase == Phase.MIDDLE:
        _middle(tx, current, card)
    else:
        _third(tx, current, card)


def _nobody_drawing(tx: Tx) -> None:
    tx.emit(GameHalted("Everyone drawing for the deal has left: end the game."))


def _bet(tx: Tx, command: Bet) -> None:
    game = game_of(tx.state)
    current = game.current
    assert current is not None
    limit = bet_limit(tx.state)
    if command.amount < 1:
        raise Refusal(f"{current}'s bet must be a whole number of at least 1, not "
                      f"{command.amount}.", "number.whole", minimum=1, maximum=None)
    if command.amount > limit:
        raise Refusal(f"{current} can bet at most {limit} now: the pot holds {game.pot} "
                      f"and the stack {tx.state.player(current).chips}.", "bet.at_most",
                      player=current, limit=limit)
    tx.emit(BetPlaced(current, command.amount))


def _pass(tx: Tx, command: Pass) -> None:
    raise Refusal("In-Amongst has no pass: every player bets at least 1.", "bet.no_pass")


MOVES: Moves = {PlayCard: Move(CardExpected, _card), Bet: Move(BetExpected, _bet),
                Pass: Move(None, _pass)}


def decide(tx: Tx, command: Command) -> None:
    """Apply one turn action of In-Amongst, or raise Refusal with the reason."""
    kernel.decide(tx, command, RULEBOOK)


def _middle(tx: Tx, player: str, card: Card) -> None:
    game = game_of(tx.state)
    slot = MIDDLE[len(game.hand)]
    tx.emit(MiddleCard(player, str(card), slot))
    if slot == "first":
        return
    low, high = sorted(c.rank for c in game_of(tx.state).hand)
    if high - low == 1:
        tx.emit(NeighboursPaid(player, min(1, tx.state.player(player).chips)))
        _after_turn(tx)
    elif low == high:
        tx.emit(PairPaid(player, min(game_of(tx.state).options.pair_pays,
                                     game_of(tx.state).pot)))
        _after_turn(tx)


def _third(tx: Tx, player: str, card: Card) -> None:
    tx.emit(MiddleCard(player, str(card), "third"))
    game = game_of(tx.state)
    low, high = sorted(c.rank for c in game.hand[:2])
    if low < card.rank < high:
        tx.emit(BetWon(player, game.bet))
    else:
        tx.emit(BetLost(player, game.bet))
    _after_turn(tx)


# --- around the turns ------------------------------------------------------------------------

def mid_turn(state: NightState) -> str | None:
    game = game_of(state)
    if game.phase in (Phase.BET, Phase.THIRD) or (game.phase == Phase.MIDDLE and game.hand):
        return game.current
    return None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver. A leaving dealer takes the pot at once, as at the
    end of the game (RULES.md, Decisions): it is shared evenly, the dealer included, and
    the empty pot is anted again at once."""
    game = game_of(tx.state)
    pot.on_leaving(tx, name, game.dealer)
    if game.phase == Phase.DRAW:
        draw.settle(tx, lambda tx, dealer: _deal(tx, dealer, 1), _nobody_drawing)
    elif game.phase in (Phase.MIDDLE, Phase.ROUND_END):
        _after_turn(tx)


def finish(tx: Tx) -> None:
    """The game ends: the pot is shared evenly, odd chips one each from the dealer's left."""
    pot.share(tx, game_of(tx.state).dealer)


# What the turn kernel's decide needs of this game, put together once.
RULEBOOK = Rulebook(TITLE, MOVES, expect, kernel.halted)
