"""In-Between's table and its own events: the state of one game and how each event changes it.

The stake, the bets and the halt are the turn kernel's events (`engine.kernel`); the game
does its own bookkeeping for them in `InBetween.after`. The rules that decide which events
happen are in `rules.py`.
"""

from __future__ import annotations

from enum import StrEnum

from msgspec.structs import replace

from engine import draw
from engine.cards import Card, parse_card
from engine.deck import Deck
from engine.event import Event, alias, event
from engine.games.in_between.options import InBetweenOptions
from engine.kernel import BetLost, BetPlaced, BetWon, GameHalted, PotGame, Staked
from engine.table import NightState, evolves, move_chips, with_game

GAME_ID = "in-between"
USES_SUITS = False
ACE = 14


class Slot(StrEnum):
    """Where In-Between's cards go: each player's first and second card, the third (and with
    three_posts the fourth) that decides a bet; with hidden, the two cards shown at the
    turn."""

    FIRST = "first"
    SECOND = "second"
    THIRD = "third"
    FOURTH = "fourth"
    SHOWN_FIRST = "shown_first"
    SHOWN_SECOND = "shown_second"


class Phase(StrEnum):
    DRAW = "draw"  # drawing for the first deal
    FIRST = "first"  # a first card for every player of the round
    SECOND = "second"  # the second card of the player whose turn it is
    SHOW_FIRST = "show"  # hidden: the player passes unseen, or shows the first card
    SHOW_SECOND = "show2"  # hidden: the second card shown
    BET = "bet"
    THIRD = "third"  # the card that decides the bet
    SECOND_BET = "bet2"  # three_posts: the bet on the gap between cards 2 and 3
    FOURTH = "fourth"  # three_posts: the card that decides the second bet
    ROUND_END = "round_end"  # every player of the round has played
    BETWEEN = "between"  # a dealer's game is over: the pot taken, or shared
    OVER = "over"  # the game waits to be ended


# The phases of a turn under way (cards of the turn on the table, the bet not yet settled).
TURN = (Phase.SECOND, Phase.SHOW_FIRST, Phase.SHOW_SECOND, Phase.BET, Phase.THIRD,
        Phase.SECOND_BET, Phase.FOURTH)
SECOND_GAP = (Phase.SECOND_BET, Phase.FOURTH)


class InBetween(PotGame[InBetweenOptions], frozen=True, kw_only=True):
    """The table of one In-Between game."""

    GAME = GAME_ID
    phase: Phase = Phase.DRAW
    stake: int = 0
    first_cards: tuple[tuple[str, Card], ...] = ()
    low_aces: tuple[str, ...] = ()  # players of this round whose first ace counts low
    deck_runs: int = 0  # two_passes: how often the deck ran out in this dealer's game
    mucked: int = 0  # hidden: cards passed face down, out of the deck until it is shuffled
    hand: tuple[Card, ...] = ()
    # pairs=split: 1 or 2 while a split turn plays its first or second hand, else 0; the
    # other hand is the waiting pair card during the first, the played first hand after it.
    hand_number: int = 0
    other_hand: tuple[Card, ...] = ()
    dealt: tuple[str, ...] = ()
    last_dealer_result: tuple[str, int] | None = None

    def after(self, e: Event) -> InBetween:
        """In-Between's bookkeeping once a kernel event has moved the chips."""
        if isinstance(e, Staked):
            return replace(self, stake=self.stake + e.amount)
        if isinstance(e, BetPlaced):
            second_gap = self.phase == Phase.SECOND_BET
            return replace(self, phase=Phase.FOURTH if second_gap else Phase.THIRD)
        if isinstance(e, BetWon | BetLost):
            return _next_turn(self, e.ends_turn)
        if isinstance(e, GameHalted):
            dealt = self.dealt
            # With an ante the game can end in a dealer's round (the whole pot won): they
            # dealt.
            if (self.options.ante and self.round and self.dealer
                    and self.dealer not in dealt):
                dealt += (self.dealer,)
            return replace(self, phase=Phase.OVER, halted=e.reason, order=(), turn=0, hand=(),
                           hand_number=0, other_hand=(), dealt=dealt)
        return self

    @property
    def current(self) -> str | None:
        """The player whose input is expected now."""
        if self.phase == Phase.DRAW:
            return draw.next_drawer(self)
        if self.phase == Phase.FIRST:
            return self.order[len(self.first_cards)]
        if self.phase in TURN and self.turn < len(self.order):
            return self.order[self.turn]
        return None

    def without_player(self, name: str) -> InBetween:
        """The game once `name` has left between turns: they drop out of the round. Their cards
        stay out of the deck until the next shuffle: a first card stays seen, and cards dealt
        face down (hidden) leave unseen with them."""
        if name not in self.order:
            if name in self.drawing:
                return self.without_drawer(name)
            return self
        mucked = self.mucked + face_down(self).get(name, 0)
        index = self.order.index(name)
        order = self.order[:index] + self.order[index + 1:]
        first_cards = tuple(fc for fc in self.first_cards if fc[0] != name)
        turn = self.turn - 1 if self.phase != Phase.FIRST and index < self.turn else self.turn
        phase = self.phase
        if phase == Phase.FIRST and len(first_cards) == len(order):
            phase = Phase.SECOND
        if phase in (Phase.SECOND, Phase.SHOW_FIRST) and turn >= len(order):
            phase = Phase.ROUND_END
        return replace(self, order=order, first_cards=first_cards, turn=turn, phase=phase,
                       mucked=mucked)


# --- events -------------------------------------------------------------------------------

@event
class DealerChanged(Event, frozen=True):
    dealer: str


@event
class RoundStarted(Event, frozen=True):
    """A round begins for the players in `order`; the cards are shuffled first unless the
    dealer deals on from the rest of the deck (two_passes)."""
    round: int
    order: tuple[str, ...]
    shuffled: bool = True


@event
class DeckRanOut(Event, frozen=True):
    """two_passes: the deck ran out; the used cards are shuffled into a new one, the cards
    still on the table (`kept`, the first `firsts` of them first cards) stay out of it."""
    kept: tuple[str, ...]
    firsts: int = 0


@event
class CardDealt(Event, frozen=True):
    player: str
    card: str
    slot: Slot


@event
class Passed(Event, frozen=True):
    player: str


@event
class DealerGameEnded(Event, frozen=True):
    """The dealer takes what is left in the pot."""
    dealer: str
    pot: int
    stake: int


@event
class AceDeclaredLow(Event, frozen=True):
    """The player's first card, an ace, counts below the 2 for this hand."""

    player: str


@event
class AnteRefunded(Event, frozen=True):
    """A pair or neighbours with pairs=refund: the player's ante comes back from the pot."""

    player: str
    amount: int


@event
class HandSplit(Event, frozen=True):
    """pairs=split: the player pays one more ante and plays each card of the pair as the first
    card of a hand of its own."""

    player: str
    ante: int


# Logs written before the shared turn kernel had a post of their own.
alias("PostHit", BetLost, add={"post": True})


# --- evolve -------------------------------------------------------------------------------

def game_of(state: NightState) -> InBetween:
    """The In-Between game on the table."""
    game = state.game
    assert isinstance(game, InBetween), game
    return game


def _second_card_phase(game: InBetween) -> Phase:
    return Phase.SHOW_SECOND if game.options.hidden else Phase.SECOND


def _next_turn(game: InBetween, ends_turn: bool = True) -> InBetween:
    if not ends_turn:  # three_posts: the second gap is bet next, with the same cards
        return replace(game, bet=0, phase=Phase.SECOND_BET)
    if game.hand_number == 1:  # a split: the pair's other card starts the second hand
        player = game.current
        return replace(game, hand=game.other_hand, other_hand=game.hand, hand_number=2, bet=0,
                       low_aces=tuple(p for p in game.low_aces if p != player),
                       phase=_second_card_phase(game))
    next_phase = Phase.SHOW_FIRST if game.options.hidden else Phase.SECOND
    return replace(game, turn=game.turn + 1, hand=(), bet=0, hand_number=0, other_hand=(),
                   phase=next_phase if game.turn + 1 < len(game.order) else Phase.ROUND_END)


@evolves(DealerChanged)
def _dealer_changed(state: NightState, e: DealerChanged) -> NightState:
    game = game_of(state)
    # With an ante the deal passes after every round, with no dealer's game to end: the
    # dealer handing on the deal has dealt.
    dealt = game.dealt
    if game.options.ante and game.dealer is not None and game.dealer not in dealt:
        dealt += (game.dealer,)
    return with_game(state, dealer=e.dealer, drawing=(), draws=(), stake=0, round=0, deck_runs=0,
                     dealt=dealt)


@evolves(RoundStarted)
def _round_started(state: NightState, e: RoundStarted) -> NightState:
    game = game_of(state)
    # hidden: no first cards are dealt face up; each turn starts with the player's choice.
    return with_game(state, round=e.round, order=e.order, turn=0, first_cards=(), low_aces=(),
                     hand=(), hand_number=0, other_hand=(), bet=0,
                     deck=Deck() if e.shuffled else game.deck,
                     mucked=0 if e.shuffled else game.mucked,
                     phase=Phase.SHOW_FIRST if game.options.hidden else Phase.FIRST)


@evolves(DeckRanOut)
def _deck_ran_out(state: NightState, e: DeckRanOut) -> NightState:
    game = game_of(state)
    return with_game(state, deck=game.deck.kept(e.kept, state.action, e.firsts),
                     deck_runs=game.deck_runs + 1, mucked=0)


@evolves(CardDealt)
def _card_dealt(state: NightState, e: CardDealt) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    deck = game.deck.add(card, state.action)
    if e.slot == Slot.FIRST:
        first_cards = game.first_cards + ((e.player, card),)
        phase = Phase.SECOND if len(first_cards) == len(game.order) else Phase.FIRST
        return with_game(state, deck=deck, first_cards=first_cards, phase=phase)
    if e.slot == Slot.SECOND:
        # After a split the hand already holds its first card, one of the pair.
        hand = game.hand if game.hand else (first_card(game, e.player),)
        return with_game(state, deck=deck, hand=hand + (card,), phase=Phase.BET)
    if e.slot == Slot.SHOWN_FIRST:
        return with_game(state, deck=deck, hand=(card,), phase=Phase.SHOW_SECOND)
    if e.slot == Slot.SHOWN_SECOND:
        return with_game(state, deck=deck, hand=game.hand + (card,), phase=Phase.BET)
    return with_game(state, deck=deck, hand=game.hand + (card,))


@evolves(Passed)
def _passed(state: NightState, e: Passed) -> NightState:
    game = game_of(state)
    if game.phase == Phase.SHOW_FIRST:  # hidden: both cards go face down to the discards, unseen
        game = replace(game, mucked=game.mucked + 2)
    return replace(state, game=_next_turn(game))


@evolves(DealerGameEnded)
def _dealer_game_ended(state: NightState, e: DealerGameEnded) -> NightState:
    game = game_of(state)
    state = move_chips(state, e.dealer, e.pot)
    dealt = game.dealt if e.dealer in game.dealt else game.dealt + (e.dealer,)
    return replace(state, game=replace(
        game, pot=game.pot - e.pot, stake=0, dealt=dealt, order=(), turn=0, first_cards=(),
        hand=(), last_dealer_result=(e.dealer, e.pot - e.stake),
        # A dealer who leaves a game that waits for its end takes the pot: it still waits.
        phase=Phase.OVER if game.phase == Phase.OVER else Phase.BETWEEN))


@evolves(AceDeclaredLow)
def _ace_declared_low(state: NightState, e: AceDeclaredLow) -> NightState:
    return with_game(state, low_aces=game_of(state).low_aces + (e.player,))


@evolves(AnteRefunded)
def _ante_refunded(state: NightState, e: AnteRefunded) -> NightState:
    state = move_chips(state, e.player, e.amount)
    return with_game(state, pot=game_of(state).pot - e.amount)


@evolves(HandSplit)
def _hand_split(state: NightState, e: HandSplit) -> NightState:
    state = move_chips(state, e.player, -e.ante)
    game = game_of(state)
    return replace(state, game=replace(
        game, pot=game.pot + e.ante, hand=game.hand[:1], other_hand=game.hand[1:2],
        hand_number=1, phase=_second_card_phase(game)))


def first_card(game: InBetween, player: str) -> Card:
    for name, card in game.first_cards:
        if name == player:
            return card
    raise KeyError(player)


def gap_cards(game: InBetween) -> tuple[Card, Card]:
    """The two cards bounding the gap bet on now (three_posts: cards 2 and 3 for the second)."""
    if game.phase in SECOND_GAP and len(game.hand) >= 3:
        return game.hand[1], game.hand[2]
    return game.hand[0], game.hand[1]


def hand_ranks(game: InBetween) -> tuple[int, int]:
    """The two ranks of the gap bet on now, low first; a first ace declared low counts 1."""
    if game.phase in SECOND_GAP and len(game.hand) >= 3:
        low, high = sorted((game.hand[1].rank, game.hand[2].rank))
        return low, high
    first, second = game.hand[0].rank, game.hand[1].rank
    if game.current in game.low_aces and first == ACE:
        first = 1
    low, high = sorted((first, second))
    return low, high


def face_down(game: InBetween) -> dict[str, int]:
    """hidden: how many cards each player of the round still holds face down."""
    if not game.options.hidden or game.phase not in TURN:  # hidden has no SECOND
        return {}
    waiting = {name: 2 for name in game.order[game.turn + 1:]}
    # A split hand's new second card is still in the deck, not in the player's hand.
    now = {Phase.SHOW_FIRST: 2, Phase.SHOW_SECOND: 0 if game.hand_number else 1}.get(
        game.phase, 0)
    return {game.order[game.turn]: now, **waiting} if now else waiting


def drawn_now(game: InBetween) -> bool:
    """Whether the card entered now comes off the deck, rather than being one dealt face
    down before (hidden) that is shown now."""
    if game.phase in (Phase.FIRST, Phase.SECOND, Phase.THIRD, Phase.FOURTH):
        return True
    return game.phase == Phase.SHOW_SECOND and bool(game.hand_number)  # a split's new card


def physical_remaining(game: InBetween) -> int:
    """Cards left in the dealer's hand: with hidden, cards dealt face down and never entered
    are out of it too."""
    return game.deck.remaining - game.mucked - sum(face_down(game).values())


EVENTS = (DealerChanged, RoundStarted, DeckRanOut, CardDealt, Passed, DealerGameEnded,
          AceDeclaredLow, AnteRefunded, HandSplit)
