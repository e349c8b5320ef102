"""What Busfahrer expects next and what it shows, as typed values: the expectation that
drives the prompt and the checks, and the view `state --json` prints and the screens draw
(the phase, each hand, the sips still to give, the pyramid, the bus row, the odds)."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine.cards import Card
from engine.deck import Deck
from engine.expect import CardExpected, Expect, NothingExpected, Slot
from engine.games.busfahrer.commands import (
    CallExpected,
    DriverExpected,
    GiveExpected,
    Over,
    OverExpected,
)
from engine.games.busfahrer.odds import RED, between, compared, face, outcomes, unseen
from engine.games.busfahrer.state import Busfahrer, Phase, game_of
from engine.table import NightState
from engine.views import GameView

USES_SUITS = True
CHOICES = {1: ("red", "black"), 2: ("higher", "lower"), 3: ("inside", "outside"),
           4: ("c", "d", "h", "s")}
BUS_CHOICES = ("higher", "lower")
# What each way of ending says, in the engine's English.
OVER_PROMPTS = {
    Over.RIDDEN: "{driver} has ridden the bus: the game is over; end it.",
    Over.NO_RIDE: "Nobody holds a card: no ride; the game is over; end it.",
    Over.DRIVER_LEFT: "The driver has left: the ride and the game are over; end it.",
    Over.TOO_FEW: "Fewer than two players are left: the game is over; end it.",
}


class Place(StrEnum):
    """Where Busfahrer's cards go (beside the kernel's draw for the deal)."""

    QUESTION = "question"  # in front of the player who called
    PYRAMID = "pyramid"
    BUS = "bus"


class PyramidRow(msgspec.Struct, frozen=True):
    """One row of the pyramid (the bottom row is 1): its worth per card laid, and its cards
    from the left, None while face down."""

    row: int
    sips: int
    cards: tuple[str | None, ...]


class BusRow(msgspec.Struct, frozen=True):
    """The bus: its places, the try, the cards in place in this try, the call said."""

    length: int
    tries: int
    cards: tuple[str, ...]
    call: str | None


class BusfahrerView(GameView, frozen=True, kw_only=True):
    """The game's part of `state --json` (DESIGN.md: phase, hands, driver, to_give)."""

    phase: Phase
    unit: str  # what a drink is called: sips or points
    question: int  # 1-4 in the questions, else 0
    call: str | None  # said, its card not yet turned
    hands: dict[str, tuple[str, ...]]  # the cards each player holds now
    driver: str | None
    to_give: dict[str, int]  # sips each player still has to give
    pyramid: tuple[PyramidRow, ...]  # while it is turned
    bus: BusRow | None
    tied: tuple[str, ...]  # for the dealer to choose the driver from
    odds: dict[str, int] | None  # each outcome of the next card, whole percent
    over: Over | None


def pyramid_row(game: Busfahrer, index: int) -> int:
    """The row (the bottom row is 1) of the pyramid's card number `index` (from 0), turned
    from the bottom row up, left to right."""
    rows = game.options.pyramid_rows
    for row in range(1, rows + 1):
        width = rows - row + 1
        if index < width:
            return row
        index -= width
    raise IndexError(index)


def expect(state: NightState) -> Expect:
    """What the dealer enters next."""
    game = game_of(state)
    if game.phase == Phase.OVER:
        assert game.over is not None
        return OverExpected(why=game.over,
                            prompt=OVER_PROMPTS[game.over].format(driver=game.driver))
    if game.phase == Phase.DRAW:
        return CardExpected(slot=Slot.DRAW, player=game.current, suits=False,
                            prompt=f"{game.current}: draw a card (lowest deals)")
    giver = game.giver
    if giver is not None:
        sips = game.owes(giver)
        to = receivers(game, giver)
        seated = tuple(p.name for p in state.players if p.name in game.playing)
        return GiveExpected(player=giver, sips=sips, to=to, players=seated,
                            prompt=f"{giver}: give {sips} to {' / '.join(to)}")
    if game.phase == Phase.QUESTIONS:
        return _question(game)
    if game.phase == Phase.PYRAMID:
        row = pyramid_row(game, len(game.pyramid))
        return CardExpected(slot=Place.PYRAMID, suits=False,
                            prompt=f"pyramid row {row} ({game.options.row_value(row)} per "
                                   "card): the next card")
    if game.driver is None:
        return DriverExpected(player=game.dealer, choices=game.tied,
                              prompt=f"{game.dealer}: name the driver: "
                                     f"{' / '.join(game.tied)}")
    return _bus(game)


def receivers(game: Busfahrer, giver: str) -> tuple[str, ...]:
    """Whom `giver` may give to now: every other player still in the game, once each for a
    debt, unless all of them have had their share already (someone left meanwhile)."""
    others = tuple(name for name in game.playing if name != giver)
    fresh = tuple(name for name in others if name not in game.given_to)
    return fresh or others


def _question(game: Busfahrer) -> Expect:
    player = game.asking
    if player is None:  # every question answered; the pyramid comes with the next move
        return NothingExpected(prompt="nothing")
    hand = game.hand(player)
    if game.call is None:
        asked = {1: "red or black?",
                 2: f"higher or lower than {_label(hand, 0)}?",
                 3: f"inside or outside {_label(hand, 0)} and {_label(hand, 1)}?",
                 4: "which suit: c, d, h or s?"}[game.question]
        return CallExpected(player=player, choices=CHOICES[game.question],
                            question=game.question,
                            prompt=f"{player}, question {game.question}: {asked}")
    return CardExpected(slot=Place.QUESTION, player=player, suits=True,
                        prompt=f"the card for {player}'s call ({game.call})")


def _label(hand: tuple[Card, ...], index: int) -> str:
    return hand[index].label if index < len(hand) else "?"


def _bus(game: Busfahrer) -> Expect:
    driver = game.driver
    assert driver is not None
    place = len(game.row) + 1
    where = f"{driver}'s bus, try {game.tries}, place {place} of {game.options.bus_length}"
    if game.options.bus_ride == "calls" and game.row and game.call is None:
        return CallExpected(player=driver, choices=BUS_CHOICES, place=place,
                            prompt=f"{where}: higher or lower than {game.row[-1].label}?")
    called = f" ({game.call})" if game.call else ""
    return CardExpected(slot=Place.BUS, player=driver, suits=False,
                        prompt=f"{where}: the card{called}")


# --- the view ------------------------------------------------------------------------------

def view(state: NightState) -> BusfahrerView:
    game = game_of(state)
    options = game.options
    return BusfahrerView(
        suits=USES_SUITS, dealer=game.dealer, turn=game.current, pot=0,
        seen=tuple(str(card) for card in game.deck.cards),
        deck_remaining=options.deck_size - len(game.deck.out),
        phase=game.phase, unit=options.unit,
        question=min(game.question, 4) if game.phase == Phase.QUESTIONS else 0,
        call=game.call,
        hands={name: tuple(str(card) for card in game.hand(name)) for name in game.playing},
        driver=game.driver,
        to_give={name: game.owes(name) for name in game.playing},
        pyramid=_pyramid(game), bus=_bus_row(game), tied=game.tied, odds=odds(game),
        over=game.over)


def _pyramid(game: Busfahrer) -> tuple[PyramidRow, ...]:
    if not (game.phase == Phase.PYRAMID or (game.phase == Phase.BUS and game.driver is None)):
        return ()
    rows: list[PyramidRow] = []
    turned = [str(card) for card in game.pyramid]
    start = 0
    for row in range(1, game.options.pyramid_rows + 1):
        width = game.options.pyramid_rows - row + 1
        cards = tuple(turned[start + place] if start + place < len(turned) else None
                      for place in range(width))
        rows.append(PyramidRow(row, game.options.row_value(row), cards))
        start += width
    return tuple(rows)


def _bus_row(game: Busfahrer) -> BusRow | None:
    if game.driver is None:
        return None
    return BusRow(game.options.bus_length, game.tries, tuple(str(c) for c in game.row),
                  game.call)


# --- the odds ------------------------------------------------------------------------------

def odds(game: Busfahrer) -> dict[str, int] | None:
    """Each outcome of the card the table waits for, in whole percent from the unseen cards:
    for the question of this round, or for the next place of the bus. None where the next
    card is no call's (the pyramid, the bus's first card)."""
    if game.giver is not None:
        return None
    if game.phase == Phase.QUESTIONS and game.asking is not None:
        return _question_odds(game, game.hand(game.asking))
    if game.phase == Phase.BUS and game.driver is not None and game.over is None:
        cards = unseen(_deck_for_the_ride(game), game.options.lowest_rank)
        if game.options.bus_ride == "face_cards":
            return outcomes(cards, lambda card: face(card.rank),
                            ("pass", "J", "Q", "K", "A"))
        if game.row:
            before = game.value(game.row[-1])
            return outcomes(cards, lambda card: compared(game.value(card), before),
                            ("higher", "lower", "same"))
    return None


def _question_odds(game: Busfahrer, hand: tuple[Card, ...]) -> dict[str, int]:
    cards = unseen(game.deck, game.options.lowest_rank)
    if game.question == 1:
        return outcomes(cards, lambda card: "red" if card.suit in RED else "black",
                        ("red", "black"))
    if game.question == 2:
        first = game.value(hand[0])
        return outcomes(cards, lambda card: compared(game.value(card), first),
                        ("higher", "lower", "same"))
    if game.question == 3:
        low, high = sorted(game.value(card) for card in hand[:2])
        return outcomes(cards, lambda card: between(game.value(card), low, high),
                        ("inside", "outside", "same"))
    return outcomes(cards, lambda card: card.suit or "c", ("c", "d", "h", "s"))


def _deck_for_the_ride(game: Busfahrer) -> Deck:
    """The deck the next card of the ride comes from: shuffled again but for the last card
    once every card is out."""
    if game.options.deck_size - len(game.deck.out) > 0 or not game.deck.out:
        return game.deck
    return Deck((game.deck.out[-1],))
