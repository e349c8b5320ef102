"""Schlag den Dealer's table and its own events: the card of the turn, the guesses, the sips.

Sips are a ledger like chips: every `SipsOwed` (the turn kernel's event) names who drinks,
how many and why, and who caused it; the game keeps this turn's tally of them in
`Schlag.after`, and so it does for the kernel's `GameHalted`. The rules that decide which
events happen are in `rules.py`.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec
from msgspec.structs import replace

from engine import draw
from engine.cards import ACE, Card, parse_card
from engine.deck import Deck
from engine.event import Event, alias, event
from engine.games.schlag_den_dealer.options import SchlagOptions
from engine.kernel import GameHalted, SipsOwed
from engine.table import NightState, evolves, with_game

GAME_ID = "schlag-den-dealer"
DECK = 52  # the game ends with the last card of one deck
MISSES_TO_RELIEF = 3  # guessers in a row missing twice relieve the dealer


class Phase(StrEnum):
    DRAW = "draw"  # drawing for the first deal, lowest deals
    GUESS = "guess"  # a guesser's turn: the guesses and the dealer's card
    CHOOSE = "choose"  # dealer_chooses: the relieved dealer names the next dealer
    OVER = "over"  # the game waits to be ended


class Turn(msgspec.Struct, frozen=True):
    """One guesser's turn once its card is laid out: the guesses, the card, who owed what."""

    guesser: str
    card: str
    guesses: tuple[int, ...]
    owed: tuple[tuple[str, int, str], ...]  # (player, sips, why)
    dealer: str = ""  # who held the deck: another dealer now means they were relieved


class Schlag(draw.DrawnGame, frozen=True, kw_only=True):
    """The table of one game of Schlag den Dealer."""

    GAME = GAME_ID
    options: SchlagOptions
    dealer: str | None = None
    phase: Phase = Phase.DRAW
    guesser: str | None = None
    card: Card | None = None  # entered but not yet laid out: never shown
    card_action: int = 0  # the action that entered it, named if it is entered again
    guesses: tuple[int, ...] = ()
    suit_guess: str | None = None  # value_and_suit: the suit named with the first guess
    misses: int = 0  # guessers in a row who missed twice
    owed: tuple[tuple[str, int, str], ...] = ()  # this turn's sips so far: (player, sips, why)
    last: Turn | None = None
    over_reason: str = ""  # why the game cannot go on, once it is over

    def after(self, e: Event) -> Schlag:
        """Schlag's bookkeeping once a kernel event has done its part (a player's sips)."""
        if isinstance(e, SipsOwed):
            return replace(self, owed=self.owed + ((e.player, e.sips, e.why),))
        if isinstance(e, GameHalted):
            return replace(self, phase=Phase.OVER, guesser=None, card=None, guesses=(),
                           over_reason=e.reason)
        return self

    @property
    def chips_in_play(self) -> int:
        return 0  # a game of sips: no chips on the table

    @property
    def current(self) -> str | None:
        if self.phase == Phase.DRAW:
            return draw.next_drawer(self)
        if self.phase == Phase.CHOOSE:
            return self.dealer
        return self.guesser if self.phase == Phase.GUESS else None

    @property
    def why_over(self) -> str:
        """Why the game is over, without what to do about it."""
        # The recorded reason reads "what happened: what to do"; the first part is the why.
        return self.over_reason.split(":")[0].rstrip(".") or "The deck is used up"

    def value(self, card: Card) -> int:
        """A card's value: A = 1 (14 with ace_high), 2-10, J = 11, Q = 12, K = 13."""
        if card.rank == ACE and not self.options.ace_high:
            return 1
        return card.rank

    def out(self, value: int) -> int:
        """How many cards of `value` are laid out."""
        return sum(1 for card in self.deck.cards if self.value(card) == value)

    def without_player(self, name: str) -> Schlag:
        """The game once `name` has left between turns."""
        if name in self.drawing:
            return self.without_drawer(name)
        return self


def game_of(state: NightState) -> Schlag:
    """The game of Schlag den Dealer on the table."""
    game = state.game
    assert isinstance(game, Schlag), game
    return game


# --- events ----------------------------------------------------------------------------------

@event
class DeckTaken(Event, frozen=True):
    """`dealer` holds the deck; `guesser` guesses next."""

    dealer: str
    guesser: str


@event
class CardLookedAt(Event, frozen=True):
    """The dealer entered the top card before the guesses: kept hidden until laid out."""

    SECRET = True
    card: str


@event
class Guessed(Event, frozen=True):
    player: str
    value: int
    suit: str | None = None


@event
class CardLaid(Event, frozen=True):
    """The card goes face up into the middle; the turn passes to the next guesser."""

    REVEALS = True

    card: str
    guesser: str
    next_guesser: str
    double_miss: bool


@event
class TurnPassed(Event, frozen=True):
    """The guesser left between turns: `guesser` guesses next, the misses still count."""

    guesser: str


# Logs written before the shared turn kernel named this after the game.
alias("SchlagOver", GameHalted)


@evolves(DeckTaken)
def _deck_taken(state: NightState, e: DeckTaken) -> NightState:
    game = game_of(state)
    # The cards drawn for the deal go back before the game's shuffle.
    deck = Deck() if game.phase == Phase.DRAW else game.deck
    return with_game(state, dealer=e.dealer, guesser=e.guesser, phase=Phase.GUESS, misses=0,
                     drawing=(), draws=(), deck=deck)


@evolves(CardLookedAt)
def _card_looked_at(state: NightState, e: CardLookedAt) -> NightState:
    return with_game(state, card=parse_card(e.card), card_action=state.action)


@evolves(Guessed)
def _guessed(state: NightState, e: Guessed) -> NightState:
    game = game_of(state)
    suit = e.suit if not game.guesses else game.suit_guess
    return with_game(state, guesses=game.guesses + (e.value,), suit_guess=suit)


@evolves(CardLaid)
def _card_laid(state: NightState, e: CardLaid) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    misses = game.misses + 1 if e.double_miss else 0
    relieved = misses >= MISSES_TO_RELIEF and game.options.dealer_chooses
    return with_game(state, deck=game.deck.add(card, game.card_action or state.action),
                     card=None, card_action=0, guesses=(),
                     suit_guess=None, guesser=e.next_guesser, misses=misses, owed=(),
                     last=Turn(e.guesser, e.card, game.guesses, game.owed, game.dealer or ""),
                     phase=Phase.CHOOSE if relieved else Phase.GUESS)


@evolves(TurnPassed)
def _turn_passed(state: NightState, e: TurnPassed) -> NightState:
    return with_game(state, guesser=e.guesser)


EVENTS = (DeckTaken, CardLookedAt, Guessed, CardLaid, TurnPassed)
