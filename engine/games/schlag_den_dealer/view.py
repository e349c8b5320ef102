"""What Schlag den Dealer expects next and what it shows, as typed values.

`state --json` prints both; a key the game left out before (a hint not yet known, why the
game waits) stays out while it has no value. The card entered before the guesses is never
part of either.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

import msgspec

from engine.cards import RANK_NAMES
from engine.expect import CardExpected, EndGameExpected, Expect, Slot
from engine.games.schlag_den_dealer.commands import GuessExpected
from engine.games.schlag_den_dealer.state import DECK, Phase, Schlag, game_of
from engine.json_doc import JsonDoc
from engine.moves import NextDealerExpected
from engine.odds import whole_percentages
from engine.table import NightState
from engine.views import GameView


class Reveal(StrEnum):
    """The dealer's card, entered as it is laid out."""

    REVEAL = "reveal"


class Hint(StrEnum):
    """What the dealer says after a wrong first guess, once the app knows the card."""

    HIGHER = "higher"
    LOWER = "lower"


class Waiting(StrEnum):
    """Why the game can only be ended (a screen says it in its language)."""

    DECK_USED = "deck_used"


def _without_none(doc: JsonDoc, *keys: str) -> JsonDoc:
    return {key: value for key, value in doc.items() if key not in keys or value is not None}


class SchlagGuess(GuessExpected, frozen=True, kw_only=True, tag="guess"):
    """A guess (or the card first): the values allowed, whether the card is in, and once it
    is, whether the card is higher or lower than the wrong first guess."""

    low: int
    high: int
    card_in: bool
    hint: Hint | None = None

    def as_json(self) -> JsonDoc:
        return _without_none(super().as_json(), "hint")


class SchlagEndGame(EndGameExpected, frozen=True, kw_only=True, tag="end_game"):
    """The game waits to be ended: the deck is used up, or nobody is left to deal or guess
    (too few at the table is the night's wait, engine.seats)."""

    why: Waiting | None = None

    def as_json(self) -> JsonDoc:
        return _without_none(super().as_json(), "why")


class Owed(msgspec.Struct, frozen=True):
    """Sips one player owes in a turn, and the rule why (first_hit, miss, ...)."""

    player: str
    sips: int
    why: str


class LastTurn(msgspec.Struct, frozen=True):
    """The turn laid out last: the guesser, the card, the guesses, who held the deck."""

    guesser: str
    card: str
    guesses: tuple[int, ...]
    dealer: str
    owed: tuple[Owed, ...]


class SchlagView(GameView, frozen=True, kw_only=True):
    """The game's part of `state --json`: the cards out by value, the chances of the next
    card, the misses in a row, this turn's and the last turn's sips; never the hidden card."""

    drawing: bool
    dealer_chooses: bool
    owed_now: tuple[Owed, ...]
    unit: str  # what a drink is called: sips or points
    guesses: tuple[int, ...]
    card_in: bool
    misses: int
    values_out: dict[str, int]
    chances: dict[str, float]
    percent: dict[str, int]  # the chances in whole percent as the table shows them: each
    # its own value rounded, 100 in all (none while no card can come)
    last: LastTurn | None


def value_name(value: int) -> str:
    """A value as the table says it: A, 2-10, J, Q, K."""
    return "A" if value in (1, 14) else RANK_NAMES[value]


def values(game: Schlag) -> tuple[int, int]:
    """The lowest and highest value: 1-13, or 2-14 with ace_high."""
    return (2, 14) if game.options.ace_high else (1, 13)


def expect(state: NightState) -> Expect:
    """What the dealer enters next: a guess (or the card), a second guess, or the card."""
    game = game_of(state)
    if game.phase == Phase.OVER and len(game.deck.out) >= DECK:
        return SchlagEndGame(why=Waiting.DECK_USED,
                             prompt="The deck is used up: end the game (ctrl+x).")
    if game.phase == Phase.OVER:  # everyone else left: nobody to deal to or to guess
        return SchlagEndGame(prompt=f"{game.why_over}: end the game (ctrl+x).")
    if game.phase == Phase.DRAW:
        return CardExpected(slot=Slot.DRAW, player=game.current, suits=False,
                            prompt=f"{game.current}: draw a card (lowest deals)")
    if game.phase == Phase.CHOOSE:
        return NextDealerExpected(
            player=game.dealer,
            choices=tuple(p.name for p in state.present if p.name != game.dealer),
            prompt=f"{game.dealer} is relieved and names the next dealer")
    suits = bool(game.options.value_and_suit)
    tries = 1 if game.options.one_try else 2
    if game.guesses and game.card is None and len(game.guesses) >= tries:
        return CardExpected(slot=Reveal.REVEAL, player=game.dealer, suits=suits,
                            prompt=f"{game.dealer}'s card")
    guesser = game.guesser
    assert guesser is not None  # every guessing turn has its guesser
    prompt = f"{guesser}: " + ("second guess" if game.guesses else "guess") + (
        "" if game.card is not None else
        ", or the card if the first was right" if game.guesses else ", or the card first")
    hint = None
    if game.guesses and game.card is not None:
        hint = Hint.HIGHER if game.value(game.card) > game.guesses[0] else Hint.LOWER
        prompt += f" ({hint})"
    low, high = values(game)
    return SchlagGuess(player=guesser, attempt=len(game.guesses) + 1, low=low, high=high,
                       card_in=game.card is not None, suits=suits, hint=hint, prompt=prompt)


def view(state: NightState) -> SchlagView:
    """The game's part of `state --json`: never the hidden card."""
    game = game_of(state)
    low, high = values(game)
    out = {value: game.out(value) for value in range(low, high + 1)}
    unseen = {value: 4 - count for value, count in out.items()
              if _still_possible(game, value)}
    total = sum(unseen.values())
    shares = {value_name(value): Fraction(unseen.get(value, 0), total) if total else Fraction(0)
              for value in out}
    last = game.last
    return SchlagView(
        suits=bool(game.options.value_and_suit),
        dealer=game.dealer,
        turn=game.current,
        pot=0,
        seen=tuple(str(card) for card in game.deck.cards),
        deck_remaining=DECK - len(game.deck.out),  # a card looked at stays on the deck
        drawing=game.phase == Phase.DRAW,
        dealer_chooses=bool(game.options.dealer_chooses),
        owed_now=tuple(Owed(*owed) for owed in game.owed),
        unit=game.options.unit,
        guesses=game.guesses,
        card_in=game.card is not None,
        misses=game.misses,
        values_out={value_name(value): count for value, count in out.items()},
        chances={name: float(share) for name, share in shares.items()},
        percent=dict(zip(shares, whole_percentages(tuple(shares.values())), strict=True)),
        last=(LastTurn(last.guesser, last.card, last.guesses, last.dealer,
                       tuple(Owed(*owed) for owed in last.owed)) if last else None))


def _still_possible(game: Schlag, value: int) -> bool:
    """Whether the card of the turn can still have `value`, from what was said aloud: a
    first guess that was wrong, and the dealer's higher or lower once the app knows it."""
    if not game.guesses or game.options.one_try:
        return True  # with one try, the one guess may still be right
    if game.guesses[0] == value:
        return False
    if game.card is None:
        return True
    return (value > game.guesses[0]) == (game.value(game.card) > game.guesses[0])
