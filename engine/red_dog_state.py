"""Red Dog's table and its events: the pot, the round's order, the burned and turned cards.

The players' hands are dealt face down and never entered; the state counts them only to
know how many cards are left in the stack. The rules that decide which events happen are
in `engine.red_dog`.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engine import draw
from engine.cards import Card, parse_card
from engine.deck import DECK_SIZE, Deck
from engine.event import Event, event
from engine.table import NightState, evolves, move_chips, with_game

PRESET = "red-dog"
# What each turn waits for, in order (Slippery Sam turns its one card before the bets).
TURN_PHASES = ("bet", "burn", "turn", "show")


class RedDog(msgspec.Struct, frozen=True):
    """The table of one Red Dog game."""

    options: dict[str, Any]
    dealer: str | None = None
    # draw | stake | middle | bet | burn | turn | show | round_end | keep | between | over
    phase: str = "draw"
    pot: int = 0
    round: int = 0
    rounds_dealt: int = 0  # shoot: rounds in a row by this dealer
    stake: int = 0  # bank modes: what the dealer put in
    order: tuple[str, ...] = ()
    turn: int = 0
    hand_size: int = 5
    bet: int = 0
    burned: Card | None = None
    turned: Card | None = None  # the card bet against (Slippery Sam: the round's one card)
    passed_over: tuple[Card, ...] = ()  # Slippery Sam: middle cards above 6
    stack: int = DECK_SIZE  # cards left face down in the dealer's stack
    held: int = 0  # hands not yet played, still in the players' hands
    deck: Deck = msgspec.field(default_factory=Deck)
    # The last hand shown: player, cards, the card that won (None: lost), the bet; it stays
    # into the next round.
    last_shown: tuple[str, tuple[str, ...], str | None, int] | None = None
    drawing: tuple[str, ...] = ()
    draws: tuple[tuple[str, Card], ...] = ()
    halted: str | None = None

    @property
    def preset(self) -> str:
        return PRESET

    @property
    def chips_in_play(self) -> int:
        return self.pot + self.bet

    @property
    def current(self) -> str | None:
        """The player whose input is expected now."""
        if self.phase == "draw":
            return draw.next_drawer(self)
        if self.phase in ("stake", "middle", "keep"):
            return self.dealer
        if self.phase in TURN_PHASES and self.turn < len(self.order):
            return self.order[self.turn]
        return None

    @property
    def banked(self) -> bool:
        """Whether the dealer alone stakes the pot (dealer_bank, shoot, slippery_sam)."""
        return bool(self.options["dealer_bank"] or self.options["shoot"]
                    or self.options["slippery_sam"])

    @property
    def shooting(self) -> bool:
        return bool(self.options["shoot"] or self.options["slippery_sam"])


# --- events -------------------------------------------------------------------------------

@event
class RoundDealt(Event, frozen=True):
    """A fresh shuffle and deal: `dealer` gives `hand_size` cards face down to each of
    `order` (who then play in that order), from the deck of 52."""

    dealer: str
    round: int
    order: tuple[str, ...]
    hand_size: int


@event
class PotStaked(Event, frozen=True):
    """Bank modes: the dealer alone puts `amount` into the pot."""

    dealer: str
    amount: int


@event
class RedDogBet(Event, frozen=True):
    player: str
    amount: int


@event
class TableCard(Event, frozen=True):
    """A card from the stack, face up: burned, turned against the bet, or (Slippery Sam)
    turned in the middle until one of 6 or lower."""

    card: str
    slot: str  # burn | turn | middle


@event
class HandShown(Event, frozen=True):
    """The player shows one card that beats the turned card (`won`), or the whole hand;
    the bet is paid from the pot or goes into it. A whole hand laid down although it holds
    a winning card wins too: `winner` names that card (a lone winning card names itself)."""

    player: str
    cards: tuple[str, ...]
    won: bool
    # Added after the first logs were written: their HandShown rows decode without it.
    winner: str | None = None

    @property
    def winning_card(self) -> str | None:
        """The card that won, if the hand won."""
        return self.winner or (self.cards[0] if self.won else None)


@event
class StackReshuffled(Event, frozen=True):
    """The stack ran out in a round: burned, turned and set-aside cards make a new one."""


@event
class PotKept(Event, frozen=True):
    """Bank modes: the dealer takes what is left in the pot and the deal passes."""

    dealer: str
    amount: int


@event
class TurnSatOut(Event, frozen=True):
    """The player in turn has no chips left (the last went into a re-ante): they sit out
    this turn; their hand goes aside unseen."""

    player: str


@event
class RedDogHalted(Event, frozen=True):
    reason: str


# --- evolve -------------------------------------------------------------------------------

def game_of(state: NightState) -> RedDog:
    """The Red Dog game on the table."""
    game: RedDog = state.game
    return game


@evolves(RoundDealt)
def _round_dealt(state: NightState, e: RoundDealt) -> NightState:
    game = game_of(state)
    same_dealer = e.dealer == game.dealer
    return with_game(state, dealer=e.dealer, round=e.round, order=e.order, turn=0,
                     hand_size=e.hand_size, bet=0, burned=None, turned=None, passed_over=(),
                     deck=Deck(), stack=DECK_SIZE - e.hand_size * len(e.order),
                     held=len(e.order), drawing=(), draws=(),
                     rounds_dealt=game.rounds_dealt + 1 if same_dealer else 1,
                     stake=game.stake if same_dealer else 0,
                     phase="stake" if game.banked and not same_dealer else _first_phase(game))


def _first_phase(game: RedDog) -> str:
    """Where a round's play begins: Slippery Sam first turns the card to bet against."""
    return "middle" if game.options["slippery_sam"] else "bet"


@evolves(PotStaked)
def _pot_staked(state: NightState, e: PotStaked) -> NightState:
    state = move_chips(state, e.dealer, -e.amount)
    game = game_of(state)
    return with_game(state, pot=game.pot + e.amount, stake=game.stake + e.amount,
                     phase=_first_phase(game))


@evolves(RedDogBet)
def _bet(state: NightState, e: RedDogBet) -> NightState:
    state = move_chips(state, e.player, -e.amount)
    game = game_of(state)
    # Slippery Sam bets against the one card already turned: the hand is shown next.
    return with_game(state, bet=e.amount, phase="show" if game.options["slippery_sam"] else "burn")


@evolves(TableCard)
def _table_card(state: NightState, e: TableCard) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    deck, stack = game.deck.add(card, state.action), game.stack - 1
    if e.slot == "burn":
        return with_game(state, deck=deck, stack=stack, burned=card, phase="turn")
    if e.slot == "turn":
        return with_game(state, deck=deck, stack=stack, turned=card, phase="show")
    if card.rank <= 6:  # Slippery Sam: the card everyone bets against
        return with_game(state, deck=deck, stack=stack, turned=card, phase="bet")
    return with_game(state, deck=deck, stack=stack, passed_over=game.passed_over + (card,))


@evolves(HandShown)
def _hand_shown(state: NightState, e: HandShown) -> NightState:
    game = game_of(state)
    deck = game.deck
    for text in e.cards:
        deck = deck.add(parse_card(text), state.action)
    pot = game.pot
    if e.won:  # the bet comes back and as much again from the pot
        state = move_chips(state, e.player, 2 * game.bet)
        pot -= game.bet
    else:
        pot += game.bet
    next_turn = game.turn + 1
    more = next_turn < len(game.order)
    sam = game.options["slippery_sam"]
    return with_game(state, deck=deck, pot=pot, bet=0, turn=next_turn, held=game.held - 1,
                     burned=None, turned=game.turned if sam else None,
                     last_shown=(e.player, e.cards, e.winning_card, game.bet),
                     phase="bet" if more else "round_end")


@evolves(TurnSatOut)
def _turn_sat_out(state: NightState, e: TurnSatOut) -> NightState:
    game = game_of(state)
    more = game.turn + 1 < len(game.order)
    return with_game(state, turn=game.turn + 1, held=game.held - 1,
                     phase="bet" if more else "round_end")


@evolves(StackReshuffled)
def _stack_reshuffled(state: NightState, e: StackReshuffled) -> NightState:
    game = game_of(state)
    # Every card not in a hand still held goes back: the tally starts afresh.
    return with_game(state, deck=Deck(), stack=DECK_SIZE - game.hand_size * game.held)


@evolves(PotKept)
def _pot_kept(state: NightState, e: PotKept) -> NightState:
    state = move_chips(state, e.dealer, e.amount)
    game = game_of(state)
    # A dealer who leaves a game that waits for its end takes the pot: it still waits.
    return with_game(state, pot=game.pot - e.amount, stake=0, order=(), turn=0, rounds_dealt=0,
                     phase="over" if game.phase == "over" else "between")


@evolves(RedDogHalted)
def _halted(state: NightState, e: RedDogHalted) -> NightState:
    return with_game(state, phase="over", halted=e.reason, order=(), turn=0, bet=0)


def without_player(game: RedDog, name: str) -> RedDog:
    """The game once `name` has left between turns: their hand, unplayed, leaves with them
    (it is not shown, so no card of it is entered)."""
    if name in game.drawing:
        return draw.without_drawer(game, name)
    if name not in game.order:
        return game
    index = game.order.index(name)
    order = game.order[:index] + game.order[index + 1:]
    played = index < game.turn
    turn = game.turn - 1 if played else game.turn
    held = game.held if played else game.held - 1
    phase = game.phase
    # Nobody left to bet this round: it is over (the dealer banking keeps the stake).
    if (phase == "bet" and turn >= len(order)) or (phase in ("stake", "middle") and not order):
        phase = "round_end"
    return replace(game, order=order, turn=turn, held=held, phase=phase)
