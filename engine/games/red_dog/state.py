"""Red Dog's table and its own events: the pot, the round's order, the burned and turned cards.

The players' hands are dealt face down and never entered; the state counts them only to
know how many cards are left in the stack. The stake, the bets, the skipped turns and the
halt are the turn kernel's events (`engine.kernel`); the game does its own bookkeeping for
them in `RedDog.after`. The rules that decide which events happen are in `rules`.
"""

from __future__ import annotations

from enum import StrEnum

from msgspec.structs import replace

from engine import draw
from engine.cards import Card, parse_card
from engine.deck import DECK_SIZE, Deck
from engine.event import Event, Legacy, alias, event
from engine.games.red_dog.options import RedDogOptions
from engine.kernel import BetLost, BetPlaced, BetWon, GameHalted, PotGame, Staked, TurnSkipped
from engine.table import NightState, evolve, evolves, move_chips, with_game

GAME_ID = "red-dog"


class Phase(StrEnum):
    DRAW = "draw"  # drawing for the first deal
    STAKE = "stake"  # a dealer who banks stakes the pot
    MIDDLE = "middle"  # Slippery Sam: cards in the middle until one of 6 or lower
    BET = "bet"
    BURN = "burn"
    TURN = "turn"  # the card the bet is against
    SHOW = "show"  # the player shows one card that beats it, or the whole hand
    ROUND_END = "round_end"  # everyone has played: a new round, or the deal passes
    BETWEEN = "between"  # the pot is shared or kept (the game's end)
    OVER = "over"  # the game waits to be ended


# What each turn waits for, in order (Slippery Sam turns its one card before the bets).
TURN_PHASES = (Phase.BET, Phase.BURN, Phase.TURN, Phase.SHOW)


class Slot(StrEnum):
    """The cards the dealer turns: the burned card, then the card bet against; with Slippery
    Sam, cards in the middle until one of 6 or lower."""

    BURN = "burn"
    TURN = "turn"
    MIDDLE = "middle"


# The card each phase of the table waits for.
CARD_SLOTS = {Phase.BURN: Slot.BURN, Phase.TURN: Slot.TURN, Phase.MIDDLE: Slot.MIDDLE}


class RedDog(PotGame[RedDogOptions], frozen=True, kw_only=True):
    """The table of one Red Dog game."""

    GAME = GAME_ID

    phase: Phase = Phase.DRAW
    rounds_dealt: int = 0  # shoot: rounds in a row by this dealer
    stake: int = 0  # bank modes: what the dealer put in
    hand_size: int = 5
    burned: Card | None = None
    turned: Card | None = None  # the card bet against (Slippery Sam: the round's one card)
    passed_over: tuple[Card, ...] = ()  # Slippery Sam: middle cards above 6
    stack: int = DECK_SIZE  # cards left face down in the dealer's stack
    held: int = 0  # hands not yet played, still in the players' hands
    # The last hand shown: player, cards, the card that won (None: lost), the bet; it stays
    # into the next round.
    last_shown: tuple[str, tuple[str, ...], str | None, int] | None = None


    @property
    def current(self) -> str | None:
        """The player whose entry is expected now."""
        if self.phase == Phase.DRAW:
            return draw.next_drawer(self)
        if self.phase in (Phase.STAKE, Phase.MIDDLE):
            return self.dealer
        if self.phase in TURN_PHASES and self.turn < len(self.order):
            return self.order[self.turn]
        return None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards of the turn on the table: the burned card and the turned one."""
        return tuple(card for card in (self.burned, self.turned) if card is not None)

    @property
    def banked(self) -> bool:
        """Whether the dealer alone stakes the pot (dealer_bank, shoot, slippery_sam)."""
        return bool(self.options.dealer_bank or self.options.shoot
                    or self.options.slippery_sam)

    @property
    def shooting(self) -> bool:
        return bool(self.options.shoot or self.options.slippery_sam)

    @property
    def first_phase(self) -> Phase:
        """Where a round's play begins: Slippery Sam first turns the card to bet against."""
        return Phase.MIDDLE if self.options.slippery_sam else Phase.BET

    def after(self, e: Event) -> RedDog:
        """Red Dog's bookkeeping once a kernel event has moved the chips."""
        if isinstance(e, Staked):
            return replace(self, stake=self.stake + e.amount, phase=self.first_phase)
        if isinstance(e, BetPlaced):
            # Slippery Sam bets against the one card already turned: the hand is shown next.
            sam = self.options.slippery_sam
            return replace(self, phase=Phase.SHOW if sam else Phase.BURN)
        if isinstance(e, BetWon | BetLost):
            sam = self.options.slippery_sam
            return replace(next_turn(self), burned=None, turned=self.turned if sam else None)
        if isinstance(e, TurnSkipped):
            return next_turn(self)
        if isinstance(e, GameHalted):
            return replace(self, phase=Phase.OVER, halted=e.reason, order=(), turn=0, bet=0)
        return self

    def without_player(self, name: str) -> RedDog:
        """The game once `name` has left between turns: their hand, unplayed, leaves with them
        (it is not shown, so no card of it is entered)."""
        if name in self.drawing:
            return self.without_drawer(name)
        if name not in self.order:
            return self
        index = self.order.index(name)
        order = self.order[:index] + self.order[index + 1:]
        played = index < self.turn
        turn = self.turn - 1 if played else self.turn
        held = self.held if played else self.held - 1
        phase = self.phase
        # Nobody left to bet this round: it is over (the dealer banking keeps the stake).
        if (phase == Phase.BET and turn >= len(order)) or (
                phase in (Phase.STAKE, Phase.MIDDLE) and not order):
            phase = Phase.ROUND_END
        return replace(self, order=order, turn=turn, held=held, phase=phase)


def game_of(state: NightState) -> RedDog:
    """The Red Dog game on the table."""
    game = state.game
    assert isinstance(game, RedDog), game
    return game


def next_turn(game: RedDog) -> RedDog:
    """The next player's turn (their hand leaves the players' hands), or the round's end."""
    more = game.turn + 1 < len(game.order)
    return replace(game, turn=game.turn + 1, held=game.held - 1,
                   phase=Phase.BET if more else Phase.ROUND_END)


# --- events ----------------------------------------------------------------------------------

@event
class RoundDealt(Event, frozen=True):
    """A fresh shuffle and deal: `dealer` gives `hand_size` cards face down to each of
    `order` (who then play in that order), from the deck of 52."""

    dealer: str
    round: int
    order: tuple[str, ...]
    hand_size: int


@event
class TableCard(Event, frozen=True):
    """A card from the stack, face up: burned, turned against the bet, or (Slippery Sam)
    turned in the middle until one of 6 or lower."""

    card: str
    slot: Slot


@event
class CardsShown(Event, frozen=True):
    """The player shows one card that beats the turned card, or the whole hand; `winner` is
    the card that wins (a whole hand laid down although it holds one wins by its best), None
    when the hand loses. The bet is settled next, by BetWon or BetLost."""

    player: str
    cards: tuple[str, ...]
    winner: str | None


@event
class HandShown(Legacy, frozen=True):
    """Written before the turn kernel: the cards shown and the bet settled in one event (won:
    the bet back and as much from the pot; lost: the bet into the pot). Today that is
    CardsShown followed by BetWon or BetLost; older logs still replay it so."""

    player: str
    cards: tuple[str, ...]
    won: bool
    # Added after the first logs were written: their HandShown rows decode without it.
    winner: str | None = None

    @property
    def winning_card(self) -> str | None:
        """The card that won, if the hand won (a lone winning card names itself)."""
        return self.winner or (self.cards[0] if self.won else None)

    def today(self, state: NightState) -> tuple[Event, ...]:
        bet: int = game_of(state).bet
        settled = BetWon(self.player, bet) if self.won else BetLost(self.player, bet)
        return CardsShown(self.player, self.cards, self.winning_card), settled


@event
class StackReshuffled(Event, frozen=True):
    """The stack ran out in a round: burned, turned and set-aside cards make a new one."""


@event
class PotKept(Event, frozen=True):
    """Bank modes: the dealer takes what is left in the pot and the deal passes."""

    dealer: str
    amount: int


# Logs written before the shared turn kernel named these after the game.
alias("PotStaked", Staked, rename={"dealer": "player"})
alias("RedDogBet", BetPlaced)
alias("TurnSatOut", TurnSkipped)
alias("RedDogHalted", GameHalted)


# --- evolve ----------------------------------------------------------------------------------

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
                     phase=Phase.STAKE if game.banked and not same_dealer else game.first_phase)


@evolves(TableCard)
def _table_card(state: NightState, e: TableCard) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    deck, stack = game.deck.add(card, state.action), game.stack - 1
    if e.slot == Slot.BURN:
        return with_game(state, deck=deck, stack=stack, burned=card, phase=Phase.TURN)
    if e.slot == Slot.TURN:
        return with_game(state, deck=deck, stack=stack, turned=card, phase=Phase.SHOW)
    if card.rank <= 6:  # Slippery Sam: the card everyone bets against
        return with_game(state, deck=deck, stack=stack, turned=card, phase=Phase.BET)
    return with_game(state, deck=deck, stack=stack, passed_over=game.passed_over + (card,))


@evolves(CardsShown)
def _cards_shown(state: NightState, e: CardsShown) -> NightState:
    game = game_of(state)
    deck = game.deck
    for text in e.cards:
        deck = deck.add(parse_card(text), state.action)
    return with_game(state, deck=deck, last_shown=(e.player, e.cards, e.winner, game.bet))


@evolves(HandShown)
def _hand_shown(state: NightState, e: HandShown) -> NightState:
    for today in e.today(state):
        state = evolve(state, today)
    return state


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
                     phase=Phase.OVER if game.phase == Phase.OVER else Phase.BETWEEN)


EVENTS = (RoundDealt, TableCard, CardsShown, HandShown, StackReshuffled, PotKept)
