"""High Card, a toy game from outside the companion: it shows what adding a game takes.

Everyone antes; each player in turn from the dealer's left turns one card and the dealer
last; the highest card alone takes the pot, a tie for the highest leaves it for the next
round; then the deal passes left. With `lucky`, the dealer first names a lucky rank
(`nominate`, an entry no game of the companion has), whose cards beat every other that
round. The deck is shuffled when it has too few cards left for a round.

This package is the engine's side (options, state, events, moves, its own command and
expectation, view, words in English and German, rules cards, `GAME`); `high_card_screen`
is the screen's. Its distribution's one entry-point line is all the companion needs:
nothing outside this distribution's folder names the game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import msgspec
from msgspec import Meta
from msgspec.structs import replace

from engine import kernel, pot
from engine.cards import Card, parse_card, rank_name
from engine.commands import Command, PlayCard
from engine.deck import Deck
from engine.event import Event, event
from engine.expect import CardExpected, EndGameExpected, Expect, NothingExpected
from engine.game import Count, Game, Phrase
from engine.kernel import GameHalted, Move, Moves, PotGame, Rulebook, turn_view_of
from engine.options import GameOptions
from engine.seats import Seats
from engine.table import NightState, Tx, evolves, move_chips, seats_from_left_of
from engine.views import TurnView
from high_card.commands import COMMANDS, EXPECTATIONS, Nominate, NominateExpected
from high_card.words import WORDS

PRESET = "high-card"
TITLE = "High Card"


class HighCardOptions(GameOptions, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ante: Annotated[int, Meta(ge=1)] = 1  # everyone, each round
    lucky: bool = False  # the dealer names a lucky rank before each round


class Phase(StrEnum):
    NAMING = "naming"  # the dealer names the lucky rank (with `lucky`)
    TURNING = "turning"  # the players turn their cards, one each
    BETWEEN = "between"  # the pot is shared (the game's end)
    OVER = "over"  # the game waits to be ended


class HighCard(PotGame[HighCardOptions], frozen=True, kw_only=True):
    """The table of one High Card game: the kernel's pot game (dealer, pot, round, order,
    deck...) with its phase and the cards turned this round."""

    GAME = PRESET
    phase: Phase = Phase.TURNING
    hand: tuple[Card, ...] = ()  # the cards turned this round, in `order`
    lucky: int | None = None  # the lucky rank of this round, once named

    @property
    def current(self) -> str | None:
        if self.phase == Phase.TURNING and len(self.hand) < len(self.order):
            return self.order[len(self.hand)]
        return None

    def without_player(self, name: str) -> HighCard:
        return replace(self, order=tuple(p for p in self.order if p != name))

    def after(self, e: Event) -> HighCard:
        if isinstance(e, GameHalted):
            return replace(self, phase=Phase.OVER, halted=e.reason, order=(), hand=())
        return self


def game_of(state: NightState) -> HighCard:
    game = state.game
    assert isinstance(game, HighCard), game
    return game


# --- its own events --------------------------------------------------------------------------

@event
class HighCardDealt(Event, frozen=True):
    """A round: `order` turns a card each, the dealer last."""

    dealer: str
    round: int
    order: tuple[str, ...]


@event
class LuckyRankNamed(Event, frozen=True):
    """The dealer names the lucky rank of the round (`rank`: 2-14)."""

    dealer: str
    rank: int


@event
class HighCardTurned(Event, frozen=True):
    player: str
    card: str


@event
class HighCardTakes(Event, frozen=True):
    """The highest card alone takes the pot."""

    player: str
    amount: int
    lucky: bool = False  # with a card of the lucky rank


@evolves(HighCardDealt)
def _dealt(state: NightState, e: HighCardDealt) -> NightState:
    game = game_of(state)
    # The deck is shuffled only once it has too few cards for a round.
    deck = game.deck if game.deck.remaining >= len(e.order) else Deck()
    return replace(state, game=replace(game, dealer=e.dealer, round=e.round, order=e.order,
                                       hand=(), deck=deck, lucky=None,
                                       phase=Phase.NAMING if game.options.lucky
                                       else Phase.TURNING))


@evolves(LuckyRankNamed)
def _named(state: NightState, e: LuckyRankNamed) -> NightState:
    return replace(state, game=replace(game_of(state), lucky=e.rank, phase=Phase.TURNING))


@evolves(HighCardTurned)
def _turned(state: NightState, e: HighCardTurned) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    return replace(state, game=replace(game, hand=(*game.hand, card),
                                       deck=game.deck.add(card, state.action)))


@evolves(HighCardTakes)
def _takes(state: NightState, e: HighCardTakes) -> NightState:
    state = move_chips(state, e.player, e.amount)
    return replace(state, game=replace(game_of(state), pot=game_of(state).pot - e.amount))


# --- the rules -------------------------------------------------------------------------------

def start(tx: Tx, dealer: str | None) -> None:
    """The chosen dealer deals (or the first at the table: this toy draws for nothing)."""
    _deal(tx, dealer or tx.state.present[0].name, 1)


def _deal(tx: Tx, dealer: str, number: int) -> None:
    pot.ante(tx, game_of(tx.state).options.ante)
    order = tuple(p.name for p in seats_from_left_of(tx.state, dealer)
                  if p.present and p.chips > 0)
    if len(order) < 2:
        tx.emit(GameHalted("Fewer than two players have chips left: end the game."))
        return
    # seats_from_left_of starts with the player left of the dealer, the dealer last
    tx.emit(HighCardDealt(dealer, number, order))


def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    assert game.current is not None
    card = parse_card(command.card)
    game.deck.check(card)
    tx.emit(HighCardTurned(game.current, str(card)))
    game = game_of(tx.state)
    if game.current is not None:
        return
    lucky = game.lucky is not None and any(card.rank == game.lucky for card in game.hand)
    best = game.lucky if lucky else max(card.rank for card in game.hand)
    winners = [player for player, card in zip(game.order, game.hand, strict=True)
               if card.rank == best]
    if len(winners) == 1:
        tx.emit(HighCardTakes(winners[0], game.pot, lucky))
    assert game.dealer is not None
    following = next(p.name for p in seats_from_left_of(tx.state, game.dealer)
                     if p.present and p.chips > 0)
    _deal(tx, following, game.round + 1)


def _nominate(tx: Tx, command: Nominate) -> None:
    game = game_of(tx.state)
    assert game.dealer is not None
    tx.emit(LuckyRankNamed(game.dealer, command.lucky))


MOVES: Moves = {PlayCard: Move(CardExpected, _card), Nominate: Move(NominateExpected, _nominate)}


def decide(tx: Tx, command: Command) -> None:
    kernel.decide(tx, command, Rulebook(TITLE, MOVES, expect, kernel.halted))


def expect(state: NightState) -> Expect:
    game = game_of(state)
    if game.phase == Phase.OVER:
        return EndGameExpected(prompt=f"{game.halted}")
    if game.phase == Phase.NAMING and game.dealer is not None:
        return NominateExpected(player=game.dealer,
                                prompt=f"{game.dealer}: name the lucky rank")
    if game.current is None:
        return NothingExpected(prompt="nothing")
    return CardExpected(slot="turned", player=game.current, suits=False,
                        prompt=f"{game.current}: turn a card")


class HighCardView(TurnView, frozen=True, kw_only=True):
    order: tuple[str, ...]
    lucky: str | None = None  # the lucky rank of the round, once named


def view(state: NightState) -> HighCardView:
    game = game_of(state)
    lucky = rank_name(game.lucky) if game.lucky is not None else None
    shared = msgspec.structs.asdict(turn_view_of(game, game.hand, False))
    return HighCardView(**shared, order=game.order, lucky=lucky)


def mid_turn(state: NightState) -> str | None:
    return game_of(state).current if game_of(state).hand else None


def player_left(tx: Tx, name: str) -> None:
    pot.on_leaving(tx, name, game_of(tx.state).dealer)


def finish(tx: Tx) -> None:
    pot.share(tx, game_of(tx.state).dealer)


PHRASES = (
    Phrase(HighCardDealt, lambda e, say: say("log.dealt", round=e.round, dealer=e.dealer)),
    Phrase(LuckyRankNamed, lambda e, say: say("log.lucky_named", dealer=e.dealer,
                                              rank=say.card(rank_name(e.rank)))),
    Phrase(HighCardTurned, lambda e, say: say("log.turned", player=e.player,
                                              card=say.card(e.card))),
    Phrase(HighCardTakes, lambda e, say: say("log.takes_lucky" if e.lucky else "log.takes",
                                             player=e.player, amount=e.amount)),
)

GAME = Game(
    id=PRESET, title=TITLE, package=__name__, options=HighCardOptions,
    new=lambda options: HighCard(options=options), seats=Seats(2, 10), uses_suits=False,
    needs_chips=True, start=start, decide=decide, expect=expect, view=view, mid_turn=mid_turn,
    player_left=player_left, finish=finish,
    commands=COMMANDS, expectations=EXPECTATIONS,
    events=(HighCardDealt, LuckyRankNamed, HighCardTurned, HighCardTakes),
    phrases=PHRASES, words=WORDS, screen="high_card_screen",
    # The history counts each player's high cards, as it counts a bus's rides.
    counts=(Count("high_cards", "count.high_cards", HighCardTakes, lambda e: e.player),))
