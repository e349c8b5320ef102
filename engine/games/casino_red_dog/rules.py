"""Casino Red Dog, RULES.md §2: the dealer is the bank and pays from their own stack.

A hand starts when its first card is entered: every other player with chips places the
ante (all they have, if less: RULES.md, Decisions).
Two cards are turned for everyone together. Neighbours push; a pair turns a third card
that pays 11 to 1 on the same rank and pushes otherwise; any other spread is announced,
each player may raise once by up to the ante, and the third card pays by the spread when it
falls between, or the bank takes the bets. The bank may go into debt, and stays with the
dealer until they pass it to the left.
"""

from __future__ import annotations

from engine import draw, kernel
from engine.cards import Card, parse_card
from engine.commands import Bet, Command, Pass, PlayCard
from engine.games.casino_red_dog.commands import Raise
from engine.games.casino_red_dog.state import (
    TRIPS_PAY,
    BankTaken,
    HandCard,
    HandSettled,
    HandSlot,
    HandStarted,
    Outcome,
    Phase,
    Raised,
    game_of,
    next_bank,
    payout,
    players_in,
    raise_limit,
)
from engine.games.casino_red_dog.view import expect
from engine.kernel import Move, Moves, Rulebook
from engine.moves import NextDealer
from engine.rejection import Refusal
from engine.seats import Seats
from engine.table import NightState, Tx

TITLE = "Casino Red Dog"
# The bank and at least one other player; the cards are turned for everyone together: one
# deck serves any table.
SEATS = Seats(2)
def start(tx: Tx, dealer: str | None) -> None:
    """The chosen dealer takes the bank, or everyone with chips draws for it."""
    if dealer is None:
        tx.emit(draw.DrawStarted(tuple(p.name for p in tx.state.present if p.chips > 0)))
    else:
        tx.emit(BankTaken(dealer))


# --- the moves -------------------------------------------------------------------------------

def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    card = parse_card(command.card)
    if game.phase == Phase.DRAW:
        game.deck.check(card)
        tx.emit(draw.DrawCard(game.current or "", str(card)))
        _settle_draw(tx)
    elif game.phase == Phase.FIRST:
        _refuse_a_gone_bank(tx.state)
        _first_card(tx, card)
    else:
        game.deck.check(card)
        tx.emit(HandCard(str(card), HandSlot.THIRD if game.phase in (Phase.PAIR, Phase.RAISE)
                         else HandSlot.SECOND))
        _after_card(tx, card)


def _no_bet(tx: Tx, command: Bet | Pass) -> None:
    raise Refusal("In Casino Red Dog the ante is the bet: once the spread is announced a "
                  "player may raise by up to the ante with raise.", "casino.no_bet")


def _raise(tx: Tx, command: Raise) -> None:
    game = game_of(tx.state)
    player = command.player
    if game.phase != Phase.RAISE:
        raise Refusal("A raise comes after the spread is announced and before the third card.",
                      "casino.raise_when")
    if game.bet_of(player) == 0:
        tx.state.player(player)  # an unknown name gets the sentence that lists the players
        raise Refusal(f"{player} is not in this hand.", "casino.not_in_hand", player=player)
    if player in game.raised:
        raise Refusal(f"{player} has raised already: once per hand.", "casino.raised_once",
                      player=player)
    limit = raise_limit(tx.state, player)
    if limit == 0:
        raise Refusal(f"{player} has no chips left to raise with.", "casino.raise_broke",
                      player=player)
    if command.amount < 1:
        raise Refusal(f"{player}'s raise must be a whole number of at least 1, not "
                      f"{command.amount}.", "number.whole", minimum=1, maximum=None)
    if command.amount > limit:
        raise Refusal(f"{player} can raise at most {limit} (the ante"
                      + (", or the stack" if limit < game.ante else "") + ").",
                      "casino.raise_at_most", player=player, limit=limit)
    tx.emit(Raised(player, command.amount))


def _next_bank(tx: Tx, command: NextDealer) -> None:
    game = game_of(tx.state)
    if game.phase != Phase.FIRST or game.dealer is None:
        raise Refusal("The bank passes on between hands.", "casino.bank_when")
    following = next_bank(tx.state)
    named = command.player
    if following is None:
        raise Refusal("Nobody else at the table has chips to take the bank.",
                      "casino.no_bank")
    if named is not None and named != following:
        tx.state.player(named)
        raise Refusal(f"The bank passes to the left: {following} is next, not {named}.",
                      "casino.bank_left", expected=following, named=named)
    tx.emit(BankTaken(following))


# A card also comes while the game waits (the bank gone, nobody to ante): it is then refused
# with the casino's own sentence, so the card move answers any expectation. The other moves
# check the phase themselves: a raise or a new bank comes while a card is expected.
MOVES: Moves = {PlayCard: Move(None, _card), Raise: Move(None, _raise),
                NextDealer: Move(None, _next_bank), Bet: Move(None, _no_bet),
                Pass: Move(None, _no_bet)}


def decide(tx: Tx, command: Command) -> None:
    """Apply one command of Casino Red Dog, or raise Refusal with the reason."""
    kernel.decide(tx, command, RULEBOOK)


def _halted(state: NightState) -> str | None:
    # The game never halts by an event: whether the bank can deal the next hand is read
    # from the table (`expect` says so), and a rebuy or a new bank lets it go on.
    return None


def _refuse_a_gone_bank(state: NightState) -> None:
    game = game_of(state)
    assert game.dealer is not None
    if not state.player(game.dealer).present:
        raise Refusal(f"{game.dealer} has left the table: the bank passes left with "
                      "next_dealer, or end the game.", "casino.bank_gone", bank=game.dealer)


def _settle_draw(tx: Tx) -> None:
    draw.settle(tx, lambda tx, dealer: tx.emit(BankTaken(dealer)), _draw_anew)


def _draw_anew(tx: Tx) -> None:
    """Everyone drawing has left: whoever is at the table with chips draws instead."""
    drawers = tuple(p.name for p in tx.state.present if p.chips > 0)
    if drawers:
        tx.emit(draw.DrawStarted(drawers))
    elif tx.state.present:  # a bank may go into debt, so a broke player can hold it
        tx.emit(BankTaken(tx.state.present[0].name))


def _first_card(tx: Tx, card: Card) -> None:
    game = game_of(tx.state)
    players = players_in(tx.state)
    if not players:  # the night makes a game with the bank alone wait for its end first
        raise Refusal("Nobody but the bank has chips to ante: end the game.", "casino.nobody")
    game.deck.check(card)
    tx.emit(HandStarted(game.hand_number + 1, players, game.ante),
            HandCard(str(card), HandSlot.FIRST))


def _after_card(tx: Tx, card: Card) -> None:
    game = game_of(tx.state)
    bets = game.bets
    first, second = game.hand[0].rank, game.hand[1].rank
    if len(game.hand) == 2:
        if abs(first - second) == 1:  # neighbours push
            tx.emit(HandSettled(Outcome.PUSH, tuple((name, 0) for name, _ in bets)))
        return
    if first == second:
        if card.rank == first:
            tx.emit(HandSettled(Outcome.TRIPS,
                                tuple((name, TRIPS_PAY * bet) for name, bet in bets)))
        else:
            tx.emit(HandSettled(Outcome.PUSH, tuple((name, 0) for name, _ in bets)))
        return
    low, high = sorted((first, second))
    if low < card.rank < high:
        pays = payout(high - low - 1)
        tx.emit(HandSettled(Outcome.WIN, tuple((name, pays * bet) for name, bet in bets)))
    else:
        tx.emit(HandSettled(Outcome.LOSE, tuple((name, -bet) for name, bet in bets)))


# --- around the hands ------------------------------------------------------------------------

def mid_turn(state: NightState) -> str | None:
    """The bank, while a hand is under way (its first card out, not yet settled)."""
    game = game_of(state)
    return game.dealer if game.phase in (Phase.SECOND, Phase.PAIR, Phase.RAISE) else None


def player_left(tx: Tx, name: str) -> None:
    """A leaving bank passes the bank to the left; a draw goes on without the leaver."""
    game = game_of(tx.state)
    if game.phase == Phase.DRAW:
        _settle_draw(tx)
    elif name == game.dealer:
        following = next_bank(tx.state)
        if following is not None:
            tx.emit(BankTaken(following))


def finish(tx: Tx) -> None:
    """Nothing lies on the table between hands: the stacks are the result."""


# What the turn kernel's decide needs of this game, put together once.
RULEBOOK = Rulebook(TITLE, MOVES, expect, _halted)
