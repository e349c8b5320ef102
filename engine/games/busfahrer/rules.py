"""Busfahrer, RULES.md §6: four questions round the table, the pyramid, the bus; sips only.

Round by round every player calls before their card is turned (red or black, higher or
lower, inside or outside, the suit): wrong drinks the question's number, right gives it away
(`right_gives`). The pyramid's cards are turned from the bottom row up; whoever holds a card
of the turned value lays it and gives the row's worth per card. Whoever holds the most cards
then (the highest sum among them, or the dealer's word) rides the bus: a row of places
called higher or lower, a wrong call drinking the cards of the try and starting again.
"""

from __future__ import annotations

from engine import draw, kernel
from engine.cards import ACE, Card, parse_card, rank_name, suit_of
from engine.commands import Command, PlayCard
from engine.expect import CardExpected
from engine.games.busfahrer.commands import (
    Call,
    CallExpected,
    Driver,
    DriverExpected,
    Give,
    GiveExpected,
    Over,
)
from engine.games.busfahrer.odds import FACE_COSTS, RED, between, compared
from engine.games.busfahrer.state import (
    Answered,
    BusCard,
    Busfahrer,
    BusReshuffled,
    Called,
    CardsLaid,
    DeckHandedOn,
    DriverFound,
    DriverTied,
    GameStopped,
    GivesOwed,
    Phase,
    PyramidCard,
    PyramidStarted,
    QuestionsStarted,
    Reason,
    RideEnded,
    SipsGiven,
    game_of,
)
from engine.games.busfahrer.view import OVER_PROMPTS, expect, pyramid_row
from engine.kernel import Move, Moves, Rulebook, SipsOwed
from engine.rejection import Refusal
from engine.table import NightState, Tx, seats_from_left_of

TITLE = "Busfahrer"
# Why someone drinks (the kernel's SipsOwed.why): a wrong call at a question, sips given,
# a wrong call in the ride, a face card in a ride of face_cards.
WRONG, GIVEN, RIDE, FACE_CARD = "wrong", "given", "ride", "face_card"


# --- starting: the draw for the deal, the deal ------------------------------------------------

def start(tx: Tx, dealer: str | None) -> None:
    """The chosen dealer shuffles, or everyone draws: lowest deals (ace lowest). How many
    play the night has checked (`BusfahrerOptions.seats`)."""
    players = tuple(p.name for p in tx.state.present)
    if dealer is None:
        tx.emit(draw.DrawStarted(players))
    else:
        _deal(tx, dealer)


def _lowest_deals(card: Card) -> int:
    return -(1 if card.rank == ACE else card.rank)


def _settle_the_draw(tx: Tx) -> None:
    draw.settle(tx, _deal, lambda tx: tx.emit(GameStopped(Over.TOO_FEW)), key=_lowest_deals)


def _deal(tx: Tx, dealer: str) -> None:
    game = game_of(tx.state)
    seated = game.players or tuple(p.name for p in tx.state.present)
    order = tuple(p.name for p in seats_from_left_of(tx.state, dealer)
                  if p.present and p.name in seated and p.name not in game.gone)
    tx.emit(QuestionsStarted(dealer, order))
    _go_on(tx)


# --- the moves -------------------------------------------------------------------------------

def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    card = parse_card(command.card)
    if game.phase == Phase.DRAW:
        _check(game, card)
        tx.emit(draw.DrawCard(game.current or "", str(card)))
        _settle_the_draw(tx)
    elif game.phase == Phase.QUESTIONS:
        _answer(tx, card)
    elif game.phase == Phase.PYRAMID:
        _turn_pyramid(tx, card)
    else:
        _ride(tx, card)


def _check(game: Busfahrer, card: Card) -> None:
    """Whether `card` can come from the deck now: the 32-card deck has no 2 to 6; a card
    out since the shuffle cannot come again."""
    if card.rank < game.options.lowest_rank:
        raise Refusal(f"The 32-card deck has no {rank_name(card.rank)}: its cards are 7 to A; "
                      "check the card.", "busfahrer.deck32", rank=rank_name(card.rank))
    if len(game.deck.out) >= game.options.deck_size:
        raise Refusal(f"All {game.options.deck_size} cards are out: the deck must be "
                      "shuffled first.", "busfahrer.deck_empty", size=game.options.deck_size)
    game.deck.check(card)


def _call(tx: Tx, command: Call) -> None:
    expected = expect(tx.state)
    assert isinstance(expected, CallExpected)
    given = command.choice.strip().lower()
    choice = (suit_of(given) or given) if expected.question == 4 else given
    if choice not in expected.choices:
        allowed = " or ".join(expected.choices)
        what = f"at question {expected.question}" if expected.question else "in the ride"
        raise Refusal(f"{expected.player}'s call {what} is {allowed}, not {command.choice!r}.",
                      "busfahrer.call", player=expected.player, allowed=allowed,
                      choice=command.choice)
    tx.emit(Called(expected.player, choice))


def _answer(tx: Tx, card: Card) -> None:
    """The card after a call in the questions: it goes in front of the player who called."""
    game = game_of(tx.state)
    player, call = game.asking, game.call
    assert player is not None and call is not None
    if card.suit is None:
        raise Refusal("Say the card's suit too: in the questions every card is entered with "
                      "its suit (like 7s).", "busfahrer.suit_needed")
    _check(game, card)
    question = game.question
    right = _is_right(game, question, call, game.hand(player), card)
    tx.emit(Answered(player, question, str(card), right))
    if not right:
        tx.emit(SipsOwed(player, question, WRONG))
    elif game.options.right_gives:
        tx.emit(GivesOwed(player, question))
    _go_on(tx)


def _is_right(game: Busfahrer, question: int, call: str, hand: tuple[Card, ...],
              card: Card) -> bool:
    """Whether `call` at `question` is right for `card`; a value equal to one it is compared
    with is always wrong."""
    value = game.value(card)
    if question == 1:
        return (card.suit in RED) == (call == "red")
    if question == 2:
        return compared(value, game.value(hand[0])) == call
    if question == 3:
        low, high = sorted(game.value(each) for each in hand[:2])
        return between(value, low, high) == call
    return card.suit == call


def _give(tx: Tx, command: Give) -> None:
    expected = expect(tx.state)
    assert isinstance(expected, GiveExpected)
    game = game_of(tx.state)
    giver, owed = expected.player, expected.sips
    to = tx.state.player(command.to).name
    if to == giver:
        raise Refusal(f"{giver} gives to the other players, not to themselves.",
                      "busfahrer.give_self", player=giver)
    if to not in game.playing:
        raise Refusal(f"{to} is not in this game (left it, or came after it began) and takes "
                      f"no sips: give to {' or '.join(expected.to)}.", "busfahrer.give_outside",
                      player=to, allowed=" or ".join(expected.to))
    if not 1 <= command.sips <= owed:
        raise Refusal(f"{giver} has {owed} to give: a give is 1 to {owed}, not "
                      f"{command.sips}.", "busfahrer.give_sips", player=giver, owed=owed,
                      sips=command.sips)
    if to not in expected.to:
        raise Refusal(f"{giver} has given to {to} already: one give per player, the rest to "
                      f"{' or '.join(expected.to)}.", "busfahrer.give_twice", player=giver,
                      to=to, allowed=" or ".join(expected.to))
    if command.sips < owed and not any(name != to for name in expected.to):
        raise Refusal(f"{to} is the last who can take {giver}'s sips: give {to} all {owed}.",
                      "busfahrer.give_all", player=giver, to=to, owed=owed)
    tx.emit(SipsGiven(giver, to, command.sips), SipsOwed(to, command.sips, GIVEN, giver))
    _go_on(tx)


def _turn_pyramid(tx: Tx, card: Card) -> None:
    """A card of the pyramid: whoever holds its value lays all such cards and gives the
    row's worth per card, in turn order."""
    game = game_of(tx.state)
    _check(game, card)
    row = pyramid_row(game, len(game.pyramid))
    tx.emit(PyramidCard(str(card), row))
    for name in game.playing:
        same = tuple(held for held in game.hand(name) if held.rank == card.rank)
        if same:
            tx.emit(CardsLaid(name, tuple(str(held) for held in same), row),
                    GivesOwed(name, game.options.row_value(row) * len(same)))
    _go_on(tx)


def _driver(tx: Tx, command: Driver) -> None:
    expected = expect(tx.state)
    assert isinstance(expected, DriverExpected)
    if command.player not in expected.choices:
        allowed = " or ".join(expected.choices)
        raise Refusal(f"{command.player} is not among the players tied for the bus: "
                      f"{allowed}.", "busfahrer.driver_tied", player=command.player,
                      allowed=allowed)
    tx.emit(DriverFound(command.player, Reason.DEALER))


def _ride(tx: Tx, card: Card) -> None:
    """A card of the bus row: right stays, wrong drinks and starts the try again."""
    game = game_of(tx.state)
    if game.deck.out and len(game.deck.out) >= game.options.deck_size:
        tx.emit(BusReshuffled((str(game.deck.out[-1][0]),)))
        game = game_of(tx.state)
    _check(game, card)
    driver = game.driver
    assert driver is not None
    place = len(game.row) + 1
    if game.options.bus_ride == "face_cards":
        cost = FACE_COSTS.get(card.rank, 0)
        right, why = cost == 0, FACE_CARD
    else:
        right = place == 1 or compared(game.value(card), game.value(game.row[-1])) == game.call
        cost, why = place, RIDE  # as many sips as cards turned in this try
    tx.emit(BusCard(driver, str(card), place, right))
    if not right:
        tx.emit(SipsOwed(driver, cost, why))
    elif place == game.options.bus_length:
        tx.emit(RideEnded(driver, game.tries))


MOVES: Moves = {PlayCard: Move(CardExpected, _card), Call: Move(CallExpected, _call),
                Give: Move(GiveExpected, _give), Driver: Move(DriverExpected, _driver)}


def decide(tx: Tx, command: Command) -> None:
    """Apply one command of Busfahrer, or raise Refusal with the reason."""
    _refuse_when_over(tx.state)
    _refuse_a_player_for_nobody(tx.state, command)
    kernel.decide(tx, command, RULEBOOK)


def _refuse_when_over(state: NightState) -> None:
    game = game_of(state)
    if game.phase == Phase.OVER:
        assert game.over is not None
        raise Refusal(OVER_PROMPTS[game.over].format(driver=game.driver), "busfahrer.over",
                      why=str(game.over), driver=game.driver)


def _refuse_a_player_for_nobody(state: NightState, command: Command) -> None:
    """The pyramid's cards are nobody's turn: a card naming a player there is a mis-entry."""
    expected = expect(state)
    if (isinstance(command, PlayCard) and command.player is not None
            and isinstance(expected, CardExpected) and expected.player is None):
        raise Refusal(f"The pyramid's cards are nobody's turn: enter {command.card} without "
                      "a player.", "busfahrer.pyramid_nobody", card=command.card)


def _halted(state: NightState) -> str | None:
    return None  # `_refuse_when_over` has refused a game that waits


# --- what follows by itself -------------------------------------------------------------------

def _go_on(tx: Tx) -> None:
    """After a move: the next phase once nothing is owed (the pyramid after the questions,
    the driver after the pyramid); the end when too few are left before the ride."""
    game = game_of(tx.state)
    if game.phase in (Phase.DRAW, Phase.OVER):
        return
    if game.driver is None and len(game.playing) < 2:
        tx.emit(GameStopped(Over.TOO_FEW))
        return
    if game.to_give:
        return
    if game.phase == Phase.QUESTIONS and game.questions_done:
        tx.emit(PyramidStarted(game.options.pyramid_size, game.options.pyramid_rows))
    elif game.phase == Phase.PYRAMID and len(game.pyramid) == game.options.pyramid_size:
        _find_driver(tx)
    elif game.phase == Phase.BUS and game.driver is None and len(game.tied) < 2:
        _find_driver(tx)  # one of the tied left while the dealer chose


def _find_driver(tx: Tx) -> None:
    """The player holding the most cards rides; among the tied the highest sum of values;
    a tie in that too: the dealer names the driver. Nobody holding a card: no ride."""
    game = game_of(tx.state)
    holding = [(name, game.hand(name)) for name in game.playing if game.hand(name)]
    if not holding:
        tx.emit(GameStopped(Over.NO_RIDE))
        return
    most = max(len(cards) for _, cards in holding)
    tied = [(name, cards) for name, cards in holding if len(cards) == most]
    if len(tied) == 1:
        tx.emit(DriverFound(tied[0][0], Reason.CARDS))
        return
    best = max(sum(game.value(card) for card in cards) for _, cards in tied)
    top = tuple(name for name, cards in tied if sum(game.value(card) for card in cards) == best)
    if len(top) == 1:
        tx.emit(DriverFound(top[0], Reason.SUM))
    else:
        tx.emit(DriverTied(top))


# --- around the turns ------------------------------------------------------------------------

def mid_turn(state: NightState) -> str | None:
    """The player whose call is said and whose card is not yet turned."""
    game = game_of(state)
    return game.current if game.call is not None else None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver. A driver who leaves ends the ride and the game; a
    dealer who leaves hands the deck to the next player on the left; the rest goes on
    without the leaver (asked nothing, giving nothing still owed, their hand out of it)."""
    game = game_of(tx.state)
    if game.phase == Phase.DRAW:
        _settle_the_draw(tx)
        return
    if game.phase == Phase.OVER:
        return
    if name == game.driver:
        tx.emit(GameStopped(Over.DRIVER_LEFT))
        return
    if name == game.dealer:
        following = next((seat.name for seat in seats_from_left_of(tx.state, name)
                          if seat.name in game.playing), None)
        if following is not None:
            tx.emit(DeckHandedOn(following))
    _go_on(tx)


def finish(tx: Tx) -> None:
    """Nothing to share: the sips are already on everyone's tally."""


# What the turn kernel's decide needs of this game, put together once.
RULEBOOK = Rulebook(TITLE, MOVES, expect, _halted)
