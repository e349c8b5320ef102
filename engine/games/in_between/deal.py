"""How an In-Between dealer's game runs (RULES.md §1): the dealer stakes the pot (or
everyone antes), the rounds are dealt, and the deal passes left once the rounds are played,
the pot is won or the deck ran out the second time; a game that cannot go on halts."""

from __future__ import annotations

from engine import draw, pot
from engine.games.in_between.limits import ante_of
from engine.games.in_between.options import SEATS
from engine.games.in_between.state import (
    DealerChanged,
    DealerGameEnded,
    DeckRanOut,
    Phase,
    RoundStarted,
    game_of,
    physical_remaining,
)
from engine.kernel import GameHalted, Staked, too_few
from engine.table import Tx, seats_from_left_of

TITLE = "In-Between"


# How games under the first rules halted with too few (engine.kernel.too_few).
FEWER_THAN_TWO = "Fewer than two players have chips left: end the game."
AFTER_THE_ANTE = "Fewer than two players have chips left after the ante: end the game."


def _too_few(tx: Tx, players: int, before: str = FEWER_THAN_TWO) -> None:
    """Fewer than two are left with chips to play: the game waits for its end (`before`:
    how a night under the first rules halted it)."""
    too_few(tx, TITLE, game_of(tx.state).options.seats(SEATS), players, before)


def start(tx: Tx, dealer: str | None) -> None:
    """Begin the game after GameStarted: draw for the deal, or the chosen dealer stakes
    (with an ante, everyone antes first)."""
    ante = ante_of(game_of(tx.state))
    if ante:
        pot.ante(tx, ante)
        if len(pot.with_chips(tx.state)) < 2:
            _too_few(tx, len(pot.with_chips(tx.state)), AFTER_THE_ANTE)
            return
    if dealer is None:
        drawers = tuple(p.name for p in tx.state.present if p.chips > 0)
        tx.emit(draw.DrawStarted(drawers))
    else:
        _take_over(tx, dealer)


def _take_over(tx: Tx, dealer: str, number: int = 1) -> None:
    tx.emit(DealerChanged(dealer))
    if not ante_of(game_of(tx.state)):
        stake = min(game_of(tx.state).options.stake, tx.state.player(dealer).chips)
        tx.emit(Staked(dealer, stake))
    _start_round(tx, number)


def _start_round(tx: Tx, number: int) -> None:
    game = game_of(tx.state)
    assert game.dealer is not None
    ante = ante_of(game)
    # With an ante the dealer is dealt in too, and bets last.
    order = tuple(p.name for p in seats_from_left_of(tx.state, game.dealer)
                  if p.present and p.chips > 0 and (ante or p.name != game.dealer))
    if ante and len(order) < 2:
        _too_few(tx, len(order))
        return
    if not order:
        end_dealer_game(tx)
        return
    if game.options.two_passes and number > 1:
        # Each player's first card, or with hidden both cards face down, from the rest.
        each = 2 if game.options.hidden else 1
        if physical_remaining(game) >= each * len(order):
            tx.emit(RoundStarted(number, order, shuffled=False))
            return
        # Not enough for everyone's first cards: everything is shuffled and dealt anew,
        # which is the deck running out.
        tx.emit(DeckRanOut(()))
        if game_of(tx.state).deck_runs >= 2:
            end_dealer_game(tx)
            return
    tx.emit(RoundStarted(number, order))


def end_dealer_game(tx: Tx) -> None:
    """The dealer takes the pot and the deal passes left."""
    game = game_of(tx.state)
    assert game.dealer is not None
    tx.emit(DealerGameEnded(game.dealer, game.pot, game.stake))
    _pass_the_deal(tx, game.dealer)


def _pass_the_deal(tx: Tx, previous: str) -> None:
    """The next player on the left with chips deals, as long as someone can bet against them."""
    with_chips = [p.name for p in tx.state.present if p.chips > 0]
    if len(with_chips) < 2:
        _too_few(tx, len(with_chips))
        return
    for seat in seats_from_left_of(tx.state, previous):
        if seat.name in with_chips:
            _take_over(tx, seat.name)
            return


def after_turn(tx: Tx) -> None:
    """After a turn: a won pot ends the dealer's game (with an ante, the game); after the
    round's last turn the next round starts or the deal passes."""
    game = game_of(tx.state)
    ante = ante_of(game)
    if game.pot == 0 and ante:
        tx.emit(GameHalted("The whole pot is won: the game is over; end it or start another."))
    elif game.pot == 0:
        end_dealer_game(tx)  # someone bet the whole pot and won
    elif game.phase == Phase.ROUND_END and ante:
        pass_the_ante_deal(tx)
    elif game.phase == Phase.ROUND_END and game.options.two_passes:
        if game.deck_runs >= 2:
            end_dealer_game(tx)  # the deck ran out the second time: this round was the last
        else:
            _start_round(tx, game.round + 1)
    elif game.phase == Phase.ROUND_END:
        if game.round < game.options.rounds:
            _start_round(tx, game.round + 1)
        else:
            end_dealer_game(tx)


def pass_the_ante_deal(tx: Tx) -> None:
    """Chips are left after the round: everyone antes again and the deal passes left."""
    game = game_of(tx.state)
    assert game.dealer is not None
    pot.ante(tx, ante_of(game))
    with_chips = pot.with_chips(tx.state)
    if len(with_chips) < 2:
        _too_few(tx, len(with_chips))
        return
    dealer = next(seat.name for seat in seats_from_left_of(tx.state, game.dealer)
                  if seat.name in with_chips)
    _take_over(tx, dealer, game.round + 1)


def settle_draw(tx: Tx) -> None:
    """Once everyone drawing has a card, the highest deals (a tie draws again)."""
    draw.settle(tx, _take_over, lambda tx: tx.emit(
        GameHalted("Everyone drawing for the deal has left: end the game.")))
