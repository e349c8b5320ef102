"""Busfahrer's table and its own events: the hands in front of the players, the sips still to
give, the pyramid, the bus row; and how each event changes them.

Sips are the turn kernel's ledger: every `SipsOwed` names who drinks, how many, why and who
gave them. The rules that decide which events happen are in `rules.py`.
"""

from __future__ import annotations

from enum import StrEnum

from msgspec.structs import replace

from engine import draw
from engine.cards import ACE, Card, parse_card
from engine.deck import Deck
from engine.event import Event, event
from engine.games.busfahrer.commands import Over
from engine.games.busfahrer.options import BusfahrerOptions
from engine.table import NightState, evolves, with_game

GAME_ID = "busfahrer"
QUESTIONS = 4


class Phase(StrEnum):
    DRAW = "draw"  # drawing for the first deal, lowest deals
    QUESTIONS = "questions"  # the four questions, round by round
    PYRAMID = "pyramid"  # the pyramid's cards turned one by one
    BUS = "bus"  # the driver is found (or named by the dealer) and rides
    OVER = "over"  # the game waits to be ended


class Busfahrer(draw.DrawnGame, frozen=True, kw_only=True):
    """The table of one game of Busfahrer."""

    GAME = GAME_ID
    options: BusfahrerOptions
    dealer: str | None = None
    phase: Phase = Phase.DRAW
    players: tuple[str, ...] = ()  # who plays: at the table when the game started
    order: tuple[str, ...] = ()  # the players from the dealer's left, the dealer last
    gone: tuple[str, ...] = ()  # players of the game who have left the table since
    question: int = 1  # 1-4; 5 once every question is answered
    asked: tuple[str, ...] = ()  # who has answered the question of this round
    call: str | None = None  # said, and the card not yet turned
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # in `order`
    to_give: tuple[tuple[str, int], ...] = ()  # who still gives how many, in giving order
    given_to: tuple[str, ...] = ()  # whom the first giver has given to for this debt
    pyramid: tuple[Card, ...] = ()  # the cards turned, from the bottom row up
    tied: tuple[str, ...] = ()  # tied for the bus on cards and sum: the dealer names one
    driver: str | None = None
    row: tuple[Card, ...] = ()  # the bus: the cards in place in this try
    tries: int = 0
    over: Over | None = None

    @property
    def chips_in_play(self) -> int:
        return 0  # a game of sips

    def value(self, card: Card) -> int:
        """What a card counts: 2-10, J 11, Q 12, K 13, A 14 (1 with ace_low)."""
        return 1 if card.rank == ACE and self.options.ace_low else card.rank

    @property
    def playing(self) -> tuple[str, ...]:
        """The players of this game still at the table, in turn order."""
        return tuple(name for name in self.order if name not in self.gone)

    def hand(self, name: str) -> tuple[Card, ...]:
        return next((cards for player, cards in self.hands if player == name), ())

    @property
    def asking(self) -> str | None:
        """Who answers the question of this round next."""
        if self.phase != Phase.QUESTIONS or self.question > QUESTIONS:
            return None
        return next((name for name in self.playing if name not in self.asked), None)

    @property
    def giver(self) -> str | None:
        """Who gives sips now (first in giving order), if anyone owes any."""
        return self.to_give[0][0] if self.to_give else None

    def owes(self, name: str) -> int:
        return sum(sips for player, sips in self.to_give if player == name)

    @property
    def current(self) -> str | None:
        """Whose turn it is: who draws, gives or calls next, the driver in the ride."""
        if self.phase == Phase.DRAW:
            return draw.next_drawer(self)
        if self.giver is not None:
            return self.giver
        if self.phase == Phase.QUESTIONS:
            return self.asking
        if self.phase == Phase.BUS:
            return self.driver
        return None

    @property
    def questions_done(self) -> bool:
        return self.question > QUESTIONS

    def drawing_again(self, players: tuple[str, ...]) -> Busfahrer:
        """The draw for the deal; its first drawers are the game's players (whoever joins
        meanwhile plays from the next game)."""
        game = super().drawing_again(players)
        return game if self.players else replace(game, players=players)

    def without_player(self, name: str) -> Busfahrer:
        """The game once `name` has left the table: asked nothing more, giving nothing still
        owed, their hand out of the game (its cards stay out of the deck)."""
        game = self.without_drawer(name) if name in self.drawing else self
        if name not in game.players or name in game.gone:
            return game
        giving = game.giver == name
        game = replace(game, gone=(*game.gone, name),
                       to_give=tuple(owed for owed in game.to_give if owed[0] != name),
                       given_to=() if giving else game.given_to,
                       tied=tuple(player for player in game.tied if player != name))
        return _next_question(game)


def game_of(state: NightState) -> Busfahrer:
    """The game of Busfahrer on the table."""
    game = state.game
    assert isinstance(game, Busfahrer), game
    return game


def _next_question(game: Busfahrer) -> Busfahrer:
    """The next question once everyone still playing has answered this one."""
    while (game.phase == Phase.QUESTIONS and not game.questions_done and game.playing
           and game.asking is None):
        game = replace(game, question=game.question + 1, asked=())
    return game


# --- events ----------------------------------------------------------------------------------

@event
class QuestionsStarted(Event, frozen=True):
    """`dealer` shuffles; the questions go round `order`, the dealer last."""

    dealer: str
    order: tuple[str, ...]


@event
class Called(Event, frozen=True):
    player: str
    choice: str


@event
class Answered(Event, frozen=True):
    """The card turned after `player`'s call at `question`; it lies in front of them."""

    player: str
    question: int
    card: str
    right: bool


@event
class GivesOwed(Event, frozen=True):
    """`player` has `sips` to give to the other players."""

    player: str
    sips: int


@event
class SipsGiven(Event, frozen=True):
    """`player` gives `sips` of what they owe to `to` (who owes them: the kernel's SipsOwed)."""

    player: str
    to: str
    sips: int


@event
class PyramidStarted(Event, frozen=True):
    """The dealer lays the pyramid face down: `cards` in `rows` rows."""

    cards: int
    rows: int


@event
class PyramidCard(Event, frozen=True):
    """A card of the pyramid turned, in row `row` (the bottom row is 1)."""

    card: str
    row: int


@event
class CardsLaid(Event, frozen=True):
    """`player` lays `cards` of their hand on the pyramid's card of row `row`."""

    player: str
    cards: tuple[str, ...]
    row: int


@event
class DriverTied(Event, frozen=True):
    """`players` hold as many cards of as high a sum: the dealer names the driver."""

    players: tuple[str, ...]


class Reason(StrEnum):
    """Why the driver rides: the most cards, the highest sum among them, the dealer's word."""

    CARDS = "cards"
    SUM = "sum"
    DEALER = "dealer"


@event
class DriverFound(Event, frozen=True):
    """`driver` rides the bus (`by`: why); every card is shuffled for the ride."""

    driver: str
    by: Reason


@event
class BusCard(Event, frozen=True):
    """A card of the bus row turned at `place` of this try: right (it stays) or wrong (the
    try starts again)."""

    driver: str
    card: str
    place: int
    right: bool


@event
class BusReshuffled(Event, frozen=True):
    """The deck ran out in the ride: every card is shuffled again but `kept`, the last one
    turned, which stays seen."""

    kept: tuple[str, ...]


@event
class RideEnded(Event, frozen=True):
    """The driver called the last place right, at try `tries`: the ride and the game end."""

    driver: str
    tries: int


@event
class DeckHandedOn(Event, frozen=True):
    """The dealer left: `dealer`, the next player on their left, deals on."""

    dealer: str


@event
class GameStopped(Event, frozen=True):
    """The game cannot go on and waits to be ended (`why`)."""

    why: Over


EVENTS = (QuestionsStarted, Called, Answered, GivesOwed, SipsGiven, PyramidStarted,
          PyramidCard, CardsLaid, DriverTied, DriverFound, BusCard, BusReshuffled, RideEnded,
          DeckHandedOn, GameStopped)


def _with_hand(game: Busfahrer, name: str, cards: tuple[Card, ...]) -> Busfahrer:
    return replace(game, hands=tuple((player, cards if player == name else held)
                                     for player, held in game.hands))


@evolves(QuestionsStarted)
def _questions_started(state: NightState, e: QuestionsStarted) -> NightState:
    # The cards drawn for the deal go back before the game's shuffle.
    return with_game(state, dealer=e.dealer, players=e.order, order=e.order,
                     phase=Phase.QUESTIONS,
                     question=1, asked=(), hands=tuple((name, ()) for name in e.order),
                     deck=Deck(), drawing=(), draws=())


@evolves(Called)
def _called(state: NightState, e: Called) -> NightState:
    return with_game(state, call=e.choice)


@evolves(Answered)
def _answered(state: NightState, e: Answered) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    game = _with_hand(game, e.player, (*game.hand(e.player), card))
    game = replace(game, deck=game.deck.add(card, state.action), call=None,
                   asked=(*game.asked, e.player))
    return replace(state, game=_next_question(game))


@evolves(GivesOwed)
def _gives_owed(state: NightState, e: GivesOwed) -> NightState:
    game = game_of(state)
    return with_game(state, to_give=(*game.to_give, (e.player, e.sips)))


@evolves(SipsGiven)
def _sips_given(state: NightState, e: SipsGiven) -> NightState:
    game = game_of(state)
    left = game.owes(e.player) - e.sips
    to_give = tuple((player, left if player == e.player else sips)
                    for player, sips in game.to_give if player != e.player or left > 0)
    return with_game(state, to_give=to_give,
                     given_to=(*game.given_to, e.to) if left > 0 else ())


@evolves(PyramidStarted)
def _pyramid_started(state: NightState, e: PyramidStarted) -> NightState:
    return with_game(state, phase=Phase.PYRAMID, pyramid=())


@evolves(PyramidCard)
def _pyramid_card(state: NightState, e: PyramidCard) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    return with_game(state, deck=game.deck.add(card, state.action),
                     pyramid=(*game.pyramid, card))


@evolves(CardsLaid)
def _cards_laid(state: NightState, e: CardsLaid) -> NightState:
    game = game_of(state)
    laid = {parse_card(text) for text in e.cards}
    kept = tuple(card for card in game.hand(e.player) if card not in laid)
    return replace(state, game=_with_hand(game, e.player, kept))


@evolves(DriverTied)
def _driver_tied(state: NightState, e: DriverTied) -> NightState:
    return with_game(state, phase=Phase.BUS, tied=e.players)


@evolves(DriverFound)
def _driver_found(state: NightState, e: DriverFound) -> NightState:
    # Before the ride every card is shuffled again: the seen cards start afresh.
    return with_game(state, phase=Phase.BUS, driver=e.driver, tied=(), deck=Deck(), row=(),
                     tries=1, call=None)


@evolves(BusCard)
def _bus_card(state: NightState, e: BusCard) -> NightState:
    game = game_of(state)
    card = parse_card(e.card)
    deck = game.deck.add(card, state.action)
    if e.right:
        return with_game(state, deck=deck, row=(*game.row, card), call=None)
    return with_game(state, deck=deck, row=(), tries=game.tries + 1, call=None)


@evolves(BusReshuffled)
def _bus_reshuffled(state: NightState, e: BusReshuffled) -> NightState:
    game = game_of(state)
    return with_game(state, deck=game.deck.kept(e.kept, state.action))


@evolves(RideEnded)
def _ride_ended(state: NightState, e: RideEnded) -> NightState:
    return with_game(state, phase=Phase.OVER, over=Over.RIDDEN, call=None)


@evolves(DeckHandedOn)
def _deck_handed_on(state: NightState, e: DeckHandedOn) -> NightState:
    return with_game(state, dealer=e.dealer)


@evolves(GameStopped)
def _game_stopped(state: NightState, e: GameStopped) -> NightState:
    return with_game(state, phase=Phase.OVER, over=e.why, call=None, to_give=(),
                     given_to=(), tied=())
