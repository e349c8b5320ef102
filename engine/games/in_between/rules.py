"""In-Between (Acey-Deucey), RULES.md §1: players bet that a third card falls between two.

A dealer's game: the dealer stakes the pot, then plays the agreed rounds. Each round is
shuffled afresh; every other player gets a first card, then in turn a second card, a bet
(0 = pass, at most the pot and the stack) and, after a bet, the third card.

Here: the options and the moves of a turn. How a dealer's game runs from round to round is
in `deal.py`; what the game asks for next and what it shows, in `view.py`.
"""

from __future__ import annotations

from engine import draw, kernel, pot
from engine.cards import Card, parse_card
from engine.commands import Bet, Command, Pass, PlayCard
from engine.expect import BetExpected, CardExpected
from engine.games.in_between import deal
from engine.games.in_between.deal import TITLE
from engine.games.in_between.limits import (
    ante_of,
    bet_limit,
    bet_minimum,
    limit_reason,
    may_declare_low,
    split_refusal,
)
from engine.games.in_between.state import (
    AceDeclaredLow,
    AnteRefunded,
    CardDealt,
    DealerGameEnded,
    DeckRanOut,
    HandSplit,
    InBetween,
    Passed,
    Phase,
    Slot,
    drawn_now,
    game_of,
    hand_ranks,
    physical_remaining,
)
from engine.games.in_between.view import expect
from engine.kernel import BetLost, BetPlaced, BetWon, Move, Moves, Rulebook
from engine.moves import Declare
from engine.rejection import Refusal
from engine.table import NightState, Tx

# The card entered in each phase of a card, as the slot it fills.
CARD_SLOTS = {Phase.FIRST: Slot.FIRST, Phase.SECOND: Slot.SECOND,
              Phase.SHOW_FIRST: Slot.SHOWN_FIRST, Phase.SHOW_SECOND: Slot.SHOWN_SECOND}


# --- the options --------------------------------------------------------------------------

# --- the moves ----------------------------------------------------------------------------

def _player_in_turn(state: NightState) -> str:
    current = game_of(state).current
    if current is None:
        raise Refusal("Nobody is to play now; end the game.")
    return current


def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    card = parse_card(command.card)
    current = _player_in_turn(tx.state)
    # The deck runs out: with two_passes that is the rule, at a big table it just happens;
    # the used cards are shuffled, those on the table stay out (and those dealt face down
    # with hidden, counted though never entered, stay in their players' hands).
    if drawn_now(game) and physical_remaining(game) <= 0:
        firsts, hand = _cards_on_the_table(game)
        tx.emit(DeckRanOut(firsts + hand, len(firsts)))
        game = game_of(tx.state)
    game.deck.check(card)
    if game.phase == Phase.DRAW:
        tx.emit(draw.DrawCard(current, str(card)))
        deal.settle_draw(tx)
    elif game.phase == Phase.THIRD:
        _third_card(tx, current, card)
    elif game.phase == Phase.FOURTH:
        _fourth_card(tx, current, card)
    else:
        tx.emit(CardDealt(current, str(card), CARD_SLOTS[game.phase]))
        if game.phase in (Phase.SECOND, Phase.SHOW_SECOND):
            _refund_a_dead_spread(tx, current)


def _declare(tx: Tx, command: Declare) -> None:
    """A split of a pair (pairs=split), or a first ace declared low (low_ace)."""
    game = game_of(tx.state)
    current = game.current
    if command.choice == "split" and current is not None:
        why = split_refusal(tx.state)
        if why:
            raise Refusal(why, "declare.split")
        tx.emit(HandSplit(current, ante_of(game)))
        return
    if command.choice != "low_ace" or not may_declare_low(game) or current is None:
        raise Refusal("Only low_ace can be declared, with the low_ace option, by a player "
                      "whose first card is an ace, before the second card.", "declare.low_ace")
    tx.emit(AceDeclaredLow(current))


def _pass(tx: Tx, command: Pass) -> None:
    """A pass on the bet; with hidden also at the start of the turn, without showing."""
    game = game_of(tx.state)
    if game.phase == Phase.SHOW_FIRST:
        current = _player_in_turn(tx.state)
        if game.options.min_bet:
            raise Refusal(f"No pass here: with min_bet {current} shows both cards and bets "
                          "at least the ante.", "bet.no_pass_shown", player=current)
        tx.emit(Passed(current))
        deal.after_turn(tx)
        return
    if game.phase not in (Phase.BET, Phase.SECOND_BET):
        raise kernel.not_expected("bet", expect(tx.state).prompt, "expect.no_bet")
    current = _player_in_turn(tx.state)
    minimum = bet_minimum(tx.state)
    if minimum:
        raise Refusal(f"No pass here: {current} bets at least {minimum}.", "bet.at_least",
                      player=current, minimum=minimum)
    _settle_bet(tx, current, 0)


def _bet(tx: Tx, command: Bet) -> None:
    current = _player_in_turn(tx.state)
    limit = bet_limit(tx.state)
    minimum = bet_minimum(tx.state)
    amount = command.amount
    if amount < 0:
        raise Refusal(f"{current}'s bet must be a whole number of at least 0, not {amount}.",
                      "number.whole", minimum=0, maximum=None)
    if amount < minimum:
        raise Refusal(f"{current} bets at least {minimum} here.", "bet.at_least",
                      player=current, minimum=minimum)
    if amount > limit:
        raise Refusal(f"{current} can bet at most {limit} now: "
                      f"{limit_reason(tx.state, limit)}.", "bet.at_most",
                      player=current, limit=limit)
    _settle_bet(tx, current, amount)


def _settle_bet(tx: Tx, player: str, amount: int) -> None:
    if amount == 0:
        tx.emit(Passed(player))
        deal.after_turn(tx)
    else:
        tx.emit(BetPlaced(player, amount))


MOVES: Moves = {PlayCard: Move(CardExpected, _card), Bet: Move(BetExpected, _bet),
                # A pass answers a bet, or with hidden the turn's first card: it checks itself.
                Pass: Move(None, _pass),
                # A split answers the bet, a low ace the second card: each checks itself.
                Declare: Move(None, _declare)}


def decide(tx: Tx, command: Command) -> None:
    """Apply one turn action of In-Between, or raise Refusal with the reason."""
    kernel.decide(tx, command, RULEBOOK)


def _cards_on_the_table(game: InBetween) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Cards not yet played out: the first cards still waiting, and the hand in play."""
    waiting = game.order[game.turn + (1 if game.hand else 0):]
    firsts = tuple(str(card) for name, card in game.first_cards if name in waiting)
    split_card = game.other_hand if game.hand_number == 1 else ()
    return firsts, tuple(str(card) for card in game.hand + split_card)


def _refund_a_dead_spread(tx: Tx, player: str) -> None:
    """With pairs=refund, a pair or neighbours gives the player's ante back from the pot and
    ends the turn."""
    game = game_of(tx.state)
    if game.options.pairs != "refund":
        return
    low, high = hand_ranks(game)
    if high - low <= 1:
        amount = min(ante_of(game), game.pot)
        if amount:
            tx.emit(AnteRefunded(player, amount))
        if game_of(tx.state).pot == 0:  # nobody won it: everyone antes again at once
            pot.ante(tx, ante_of(game))
        # The dead hand is paid off: no bet on it (not even min_bet's), the turn is over.
        tx.emit(Passed(player))
        deal.after_turn(tx)


def _third_card(tx: Tx, player: str, card: Card) -> None:
    tx.emit(CardDealt(player, str(card), Slot.THIRD))
    game = game_of(tx.state)
    low, high = hand_ranks(game)
    # An ace is an ace: a third ace against a first ace declared low is still a post.
    posts = {game.hand[0].rank, game.hand[1].rank}
    chips, bet = tx.state.player(player).chips, game.bet
    if low < card.rank < high:
        pot_after, chips_after = game.pot - bet, chips + 2 * bet
    elif card.rank in posts:
        pot_after, chips_after = game.pot + 2 * bet, chips - bet
    else:
        pot_after, chips_after = game.pot + bet, chips
    # three_posts: the second gap is bet on while the pot and the stack can take a bet.
    ends = not (game.options.three_posts and pot_after > 0 and chips_after > 0)
    if low < card.rank < high:
        tx.emit(BetWon(player, bet, ends))
    elif card.rank in posts:
        tx.emit(BetLost(player, 2 * bet, ends, post=True))
    else:
        tx.emit(BetLost(player, bet, ends))
    if ends:
        deal.after_turn(tx)


def _fourth_card(tx: Tx, player: str, card: Card) -> None:
    """three_posts: the card for the second gap; a post there costs three times the bet."""
    tx.emit(CardDealt(player, str(card), Slot.FOURTH))
    game = game_of(tx.state)
    low, high = hand_ranks(game)
    if low < card.rank < high:
        tx.emit(BetWon(player, game.bet))
    elif card.rank in (low, high):
        tx.emit(BetLost(player, 3 * game.bet, post=True))
    else:
        tx.emit(BetLost(player, game.bet))
    deal.after_turn(tx)


# --- around the turns ---------------------------------------------------------------------

def mid_turn(state: NightState) -> str | None:
    """The player whose turn is under way (second card seen, bet not yet settled), if any."""
    game = game_of(state)
    if game.phase == Phase.SECOND and game.hand:  # a split hand waits for its second card
        return game.current
    return game.current if game.phase in (Phase.SHOW_SECOND, Phase.BET, Phase.THIRD,
                                          Phase.SECOND_BET, Phase.FOURTH) else None


def player_left(tx: Tx, name: str) -> None:
    """Follow-ups once `name` has left. A leaving dealer takes the pot at once, as at the end
    of their game (RULES.md, Decisions): with a stake their dealer's game ends, they take the
    pot and the deal passes (in a game that waits for its end, they take it and it waits
    on); with an ante the pot is shared evenly, the dealer included, and everyone antes a
    new one at once, as after a refund that empties it."""
    game = game_of(tx.state)
    ante = ante_of(game)
    shared = bool(ante) and pot.on_leaving(tx, name, game.dealer)
    if game.phase == Phase.DRAW:
        deal.settle_draw(tx)
    elif name == game.dealer and not ante and game.phase != Phase.OVER:
        deal.end_dealer_game(tx)
    elif name == game.dealer and not ante and game.pot:  # it waits on, without a pot
        tx.emit(DealerGameEnded(name, game.pot, game.stake))
    elif game.phase == Phase.ROUND_END and shared:
        deal.pass_the_ante_deal(tx)
    elif game.phase == Phase.ROUND_END:
        deal.after_turn(tx)
    elif shared and game.phase != Phase.OVER and tx.state.present:
        pot.ante(tx, ante)


def finish(tx: Tx) -> None:
    """End the game now: the dealer takes the pot as at the end of their dealer's game; with
    an ante the pot is split evenly instead."""
    game = game_of(tx.state)
    if ante_of(game):
        pot.share(tx, game.dealer)
    elif game.dealer is not None and (game.pot or game.phase not in (Phase.OVER,
                                                                     Phase.BETWEEN)):
        tx.emit(DealerGameEnded(game.dealer, game.pot, game.stake))


# What the turn kernel's decide needs of this game, put together once.
RULEBOOK = Rulebook(TITLE, MOVES, expect, kernel.halted)
