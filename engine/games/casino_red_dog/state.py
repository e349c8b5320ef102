"""Casino Red Dog's table and its events: the bank, the bets of the hand, the cards turned.

There is no pot: each player's bet lies in front of them until the hand is settled, and
the bank pays from (or takes into) the dealer's own stack. So the game's events are its
own, not the turn kernel's (whose bets go to and come from a pot): antes placed in front
of the players, a raise added to one's own bet, a hand settled against the bank. The rules
that decide which events happen are in `rules`.
"""

from __future__ import annotations

from enum import StrEnum

from engine import draw
from engine.cards import Card, parse_card
from engine.deck import Deck
from engine.event import Event, event
from engine.games.casino_red_dog.options import CasinoOptions
from engine.table import NightState, evolves, move_chips, seats_from_left_of, with_game

GAME_ID = "casino-red-dog"
# What a win pays per chip bet, by the spread (ranks strictly between); 4 and more pay 1.
PAYOUTS = {1: 5, 2: 4, 3: 2}
TRIPS_PAY = 11


class Phase(StrEnum):
    DRAW = "draw"  # drawing for the bank
    FIRST = "first"  # between hands: the next hand's first card starts it
    SECOND = "second"
    RAISE = "raise"  # the spread is called: raises, then the third card
    PAIR = "pair"  # a pair: the third card pays 11 to 1 on the same rank


class HandSlot(StrEnum):
    """Which of a hand's cards a card is (its events keep the word)."""

    FIRST = "first"
    SECOND = "second"
    THIRD = "third"


class Outcome(StrEnum):
    """How a hand ends for every bet alike."""

    PUSH = "push"  # neighbours, or a pair and another rank: every bet comes back
    TRIPS = "trips"  # a pair and the same rank again
    WIN = "win"  # the third card falls between
    LOSE = "lose"  # outside, or on a post: the bank takes the bets


def payout(spread: int) -> int:
    """Chips paid per chip bet when the third card falls inside a spread of `spread`."""
    return PAYOUTS.get(spread, 1)


class CasinoRedDog(draw.DrawnGame, frozen=True, kw_only=True):
    """The table of one Casino Red Dog game."""

    GAME = GAME_ID
    options: CasinoOptions
    dealer: str | None = None  # the bank
    phase: Phase = Phase.DRAW
    hand_number: int = 0
    hand: tuple[Card, ...] = ()
    bets: tuple[tuple[str, int], ...] = ()  # each player's ante plus any raise
    raised: tuple[str, ...] = ()
    bank_result: int = 0  # what the bank won (+) or paid (−) since the dealer took it
    last_outcome: Outcome | None = None
    last_results: tuple[tuple[str, int], ...] = ()

    @property
    def ante(self) -> int:
        return self.options.ante

    @property
    def chips_in_play(self) -> int:
        return sum(amount for _, amount in self.bets)

    @property
    def current(self) -> str | None:
        """Who acts now: a drawer for the deal, else the bank turning the cards."""
        if self.phase == Phase.DRAW:
            return draw.next_drawer(self)
        return self.dealer

    @property
    def spread(self) -> int | None:
        """Ranks strictly between the two cards, once both are out and neither pair nor
        neighbours."""
        if len(self.hand) < 2:
            return None
        low, high = sorted((self.hand[0].rank, self.hand[1].rank))
        return high - low - 1 if high - low > 1 else None

    def bet_of(self, player: str) -> int:
        return next((amount for name, amount in self.bets if name == player), 0)

    def without_player(self, name: str) -> CasinoRedDog:
        """The game once `name` has left between hands."""
        return self.without_drawer(name) if name in self.drawing else self


def game_of(state: NightState) -> CasinoRedDog:
    """The Casino Red Dog game on the table."""
    game = state.game
    assert isinstance(game, CasinoRedDog), game
    return game


# --- who plays, who raises, who banks next ---------------------------------------------------

def players_in(state: NightState) -> tuple[str, ...]:
    """Who is dealt into the next hand: everyone at the table but the bank who has chips,
    from the bank's left. A player short of the ante antes what they have; with nothing left
    they sit out (RULES.md, Decisions)."""
    game = game_of(state)
    assert game.dealer is not None
    return tuple(p.name for p in seats_from_left_of(state, game.dealer)
                 if p.present and p.name != game.dealer and p.chips > 0)


def short_of_the_ante(state: NightState, players: tuple[str, ...]) -> dict[str, int]:
    """The players who ante all they have, less than the ante: what each of them antes."""
    ante = game_of(state).ante
    return {name: chips for name in players if (chips := state.player(name).chips) < ante}


def raise_limit(state: NightState, player: str) -> int:
    """The most `player` may raise now: the ante, or the stack if that is less."""
    return max(0, min(game_of(state).ante, state.player(player).chips))


def raisers(state: NightState) -> tuple[str, ...]:
    """Players in the hand who may still raise."""
    game = game_of(state)
    if game.phase != Phase.RAISE:
        return ()
    return tuple(name for name, _ in game.bets
                 if name not in game.raised and raise_limit(state, name) > 0)


def next_bank(state: NightState) -> str | None:
    """The first player left of the bank who is at the table and has chips (a player who
    sits out with none is passed over, as everywhere at the table)."""
    game = game_of(state)
    assert game.dealer is not None
    return next((p.name for p in seats_from_left_of(state, game.dealer)
                 if p.present and p.chips > 0 and p.name != game.dealer), None)


# --- events ----------------------------------------------------------------------------------

@event
class BankTaken(Event, frozen=True):
    """`dealer` is the bank from now on."""

    dealer: str


@event
class HandStarted(Event, frozen=True):
    """The first card of a hand is out: each of `players` places the ante from the stack
    in front of them (all they have, if less)."""

    number: int
    players: tuple[str, ...]
    ante: int


@event
class HandCard(Event, frozen=True):
    card: str
    slot: HandSlot


@event
class Raised(Event, frozen=True):
    """The player adds `amount` from the stack to the bet in front of them, once the spread
    is called."""

    player: str
    amount: int


@event
class HandSettled(Event, frozen=True):
    """The hand's outcome and what each player won (+) or lost (−) against the bank; a bet
    comes back to the player unless it was lost, and the bank pays or takes the rest."""

    outcome: Outcome
    results: tuple[tuple[str, int], ...]


@evolves(BankTaken)
def _bank_taken(state: NightState, e: BankTaken) -> NightState:
    # The cards drawn for the bank, or the last bank's deck, go back: the new bank shuffles.
    return with_game(state, dealer=e.dealer, drawing=(), draws=(), phase=Phase.FIRST,
                     bank_result=0, deck=Deck())


@evolves(HandStarted)
def _hand_started(state: NightState, e: HandStarted) -> NightState:
    bets = tuple((name, min(e.ante, state.player(name).chips)) for name in e.players)
    for name, bet in bets:
        state = move_chips(state, name, -bet)
    return with_game(state, hand_number=e.number, hand=(), raised=(), phase=Phase.FIRST,
                     bets=bets)


@evolves(HandCard)
def _hand_card(state: NightState, e: HandCard) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    deck = game.deck.add(card, state.action)
    hand = game.hand + (card,)
    phase = game.phase
    if e.slot == HandSlot.FIRST:
        phase = Phase.SECOND
    elif e.slot == HandSlot.SECOND:
        phase = Phase.PAIR if hand[0].rank == hand[1].rank else Phase.RAISE
    return with_game(state, deck=deck, hand=hand, phase=phase)


@evolves(Raised)
def _raised(state: NightState, e: Raised) -> NightState:
    state = move_chips(state, e.player, -e.amount)
    game = game_of(state)
    bets = tuple((name, amount + e.amount if name == e.player else amount)
                 for name, amount in game.bets)
    return with_game(state, bets=bets, raised=game.raised + (e.player,))


@evolves(HandSettled)
def _hand_settled(state: NightState, e: HandSettled) -> NightState:
    game = game_of(state)
    results = dict(e.results)
    for name, bet in game.bets:  # a lost bet (result −bet) leaves nothing to give back
        state = move_chips(state, name, bet + results.get(name, 0))
    bank_won = -sum(results.values())
    assert game.dealer is not None
    state = move_chips(state, game.dealer, bank_won)
    # The cards go back for the next hand, unless the table deals on while the deck lasts.
    deals_on = game.options.deal_on and game.deck.remaining >= 3
    return with_game(state, bets=(), raised=(), phase=Phase.FIRST,
                     bank_result=game.bank_result + bank_won,
                     last_outcome=e.outcome, last_results=e.results,
                     deck=game.deck if deals_on else Deck())


EVENTS = (BankTaken, HandStarted, HandCard, Raised, HandSettled)
