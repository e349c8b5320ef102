"""Schlag den Dealer, RULES.md §5: guess the dealer's top card; sips, not chips.

In turn from the dealer's left, each guesser names a value. Right at once: the dealer
drinks 4; wrong: the dealer says higher or lower and the guesser tries again; right then:
the dealer drinks 2; wrong again: the guesser drinks the difference. The card may be
entered before the guesses (kept hidden) or after them. Three guessers in a row missing
twice relieve the dealer; the game ends with the 52nd card.
"""

from __future__ import annotations

from engine import draw, kernel
from engine.cards import ACE, Card, parse_card, suit_of
from engine.commands import Command, PlayCard
from engine.games.schlag_den_dealer.commands import Guess
from engine.games.schlag_den_dealer.state import (
    DECK,
    MISSES_TO_RELIEF,
    CardLaid,
    CardLookedAt,
    DeckTaken,
    Guessed,
    Phase,
    Schlag,
    TurnPassed,
    game_of,
)
from engine.games.schlag_den_dealer.view import (
    expect,
    value_name,
    values,
)
from engine.kernel import GameHalted, Move, Moves, Rulebook, SipsOwed
from engine.moves import NextDealer
from engine.rejection import Refusal
from engine.seats import Seats
from engine.table import NightState, Tx, seats_from_left_of
from engine.text import quoted

TITLE = "Schlag den Dealer"
SEATS = Seats(3, 8)  # RULES.md §5: players 3 to 8
USES_SUITS = False
FIRST_HIT, SECOND_HIT = 4, 2
_VALUE_WORDS = {"a": 1, "j": 11, "b": 11, "q": 12, "d": 12, "k": 13}


# --- starting and the deck passing -----------------------------------------------------------

def start(tx: Tx, dealer: str | None) -> None:
    """The chosen dealer takes the deck, or everyone draws: lowest deals (ace lowest)."""
    players = [p.name for p in tx.state.present]
    if dealer is None:
        tx.emit(draw.DrawStarted(tuple(players)))
    else:
        _take_deck(tx, dealer)


def _left_of(state: NightState, name: str, skip: str | None = None) -> str | None:
    return next((p.name for p in seats_from_left_of(state, name)
                 if p.present and p.name not in (name, skip)), None)


def _take_deck(tx: Tx, dealer: str) -> None:
    guesser = _left_of(tx.state, dealer)
    if guesser is None:
        tx.emit(GameHalted("Nobody is left to guess: end the game."))
        return
    tx.emit(DeckTaken(dealer, guesser))


def _lowest_deals(card: Card) -> int:
    return -(1 if card.rank == ACE else card.rank)


def _settle_the_draw(tx: Tx) -> None:
    draw.settle(tx, _take_deck, lambda tx: tx.emit(GameHalted(
        "Everyone drawing for the deal has left: end the game.")), key=_lowest_deals)


def parse_value(game: Schlag, given: int | str) -> tuple[int, str | None]:
    """A guessed value (1-13, 2-14 with ace_high) from 7, "7", "Q", "A" or, with a suit,
    "Qh"; refused with what is allowed."""
    low, high = values(game)
    allowed = f"a value {low}-{high} or A, J/B, Q/D, K"
    suit = None
    if isinstance(given, str):
        text = given.strip().lower()
        if len(text) > 1 and suit_of(text[-1]) and not text.isdigit():
            text, suit = text[:-1], suit_of(text[-1])
        if text in _VALUE_WORDS:
            value = _VALUE_WORDS[text]
            value = 14 if value == 1 and game.options.ace_high else value
        elif text.isdecimal() and len(text) <= 2:  # "²" is a digit int() cannot read
            value = int(text)
        else:
            raise Refusal(f"{quoted(given)} is no value: {allowed}.", "guess.value")
    else:
        value = given
    if not low <= value <= high:
        raise Refusal(f"{quoted(value)} is no value here: {allowed}.", "guess.value")
    return value, suit


# --- the moves -------------------------------------------------------------------------------

def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    card = parse_card(command.card)
    if game.phase == Phase.DRAW:
        game.deck.check(card)
        tx.emit(draw.DrawCard(game.current or "", str(card)))
        _settle_the_draw(tx)
        return
    # Before the guesses the card is hidden: a refusal must not name it to the table.
    hidden = not game.guesses
    if game.options.value_and_suit and card.suit is None:
        raise Refusal("Say the card's suit too: with value_and_suit the exact card counts.",
                      "schlag.suit_needed")
    try:
        game.deck.check(card)
    except Refusal:
        if not hidden:
            raise
        raise Refusal("That card is already laid out: check the dealer's card and enter it "
                      "again (it is not shown, to keep it hidden).", "schlag.hidden_out"
                      ) from None
    value = game.value(card)
    if game.guesses and value == game.guesses[0] and len(game.guesses) > 1:
        raise Refusal(f"The card cannot be a {card.label}: {game.guesser}'s first guess was "
                      f"{value_name(value)}, and a second guess was made, so the first was "
                      "wrong.", "schlag.contradicts", card=card.label, value=value_name(value))
    tx.emit(CardLookedAt(str(card)))
    if game.guesses:
        _resolve(tx)


def _guess(tx: Tx, command: Guess) -> None:
    game = game_of(tx.state)
    guesser = game.guesser
    assert guesser is not None  # `_refuse_out_of_turn` lets a guess in only while guessing
    value, suit = parse_value(game, command.value)
    if game.guesses and value == game.guesses[0]:
        raise Refusal(f"{guesser}'s first guess, {value_name(value)}, was wrong: the second "
                      "guess is another value.", "guess.same", player=guesser,
                      value=value_name(value))
    given_suit = command.suit if command.suit is not None else suit
    if given_suit is not None:
        if game.guesses:
            raise Refusal("A suit goes with the first guess only.", "guess.suit_first")
        given_suit = suit_of(given_suit)
        if given_suit is None:
            raise Refusal(f"{quoted(command.suit)} is no suit: c, d, h or s (or ♣ ♦ ♥ ♠).",
                          "guess.suit", suit=quoted(command.suit))
    tx.emit(Guessed(guesser, value, given_suit if game.options.value_and_suit else None))
    if game.options.stupid_guess and game.out(value) >= 4:
        tx.emit(SipsOwed(guesser, game.options.stupid_penalty, "stupid_guess", guesser))
    if game.card is not None:
        _resolve(tx)


def _next_dealer(tx: Tx, command: NextDealer) -> None:
    game = game_of(tx.state)
    if game.phase != Phase.CHOOSE:
        raise Refusal("Only a relieved dealer with dealer_chooses names the next dealer.",
                      "schlag.choose_when")
    named = command.player
    if named is None:
        raise Refusal("next_dealer needs a 'player' field.")
    if not tx.state.player(named).present or named == game.dealer:
        raise Refusal(f"{named} cannot take the deck: the next dealer is another player at "
                      "the table.", "schlag.choose_who", player=named)
    _take_deck(tx, named)


# A card may come before the guesses or after them, and a guess before the card or after it:
# neither answers one kind of entry, so `_refuse_out_of_turn` checks their moment.
MOVES: Moves = {PlayCard: Move(None, _card), Guess: Move(None, _guess),
                NextDealer: Move(None, _next_dealer)}


def decide(tx: Tx, command: Command) -> None:
    """Apply one command of Schlag den Dealer, or raise Refusal with the reason."""
    _refuse_while_waiting(tx.state)
    _refuse_out_of_turn(tx.state, command)
    kernel.decide(tx, command, RULEBOOK)


def _refuse_while_waiting(state: NightState) -> None:
    """A game that waits says why in its own words, before any other check."""
    game = game_of(state)
    if game.phase == Phase.OVER:
        raise Refusal(f"{game.why_over}: the game is over; end it.", "schlag.over")


def _halted(state: NightState) -> str | None:
    return None  # `_refuse_while_waiting` has refused a game that waits


def _refuse_out_of_turn(state: NightState, command: Command) -> None:
    """A card or a guess the turn does not take now, refused before the kernel checks whose
    entry is awaited: while the dealer's card is awaited a guess is still the guesser's, and
    it is refused as one guess too many."""
    game = game_of(state)
    if isinstance(command, PlayCard):
        parse_card(command.card)  # a card that is no card is refused first
        if game.phase != Phase.DRAW and (game.phase != Phase.GUESS or game.card is not None):
            raise kernel.not_expected("card", expect(state).prompt, "expect.no_card")
    elif isinstance(command, Guess):
        if game.phase != Phase.GUESS:
            raise kernel.not_expected("guess", expect(state).prompt, "expect.no_guess")
        kernel.check_player(command.player, game.guesser)
        if len(game.guesses) >= (1 if game.options.one_try else 2):
            raise Refusal(f"{game.guesser} has guessed; now the card.", "guess.done")


# --- a turn settles --------------------------------------------------------------------------

def _resolve(tx: Tx) -> None:
    """With the card known: settle the guesses so far, or wait for the second."""
    game = game_of(tx.state)
    assert game.card is not None and game.guesser is not None and game.dealer is not None
    value = game.value(game.card)
    guesses = game.guesses
    if guesses[0] == value:
        exact = (game.options.value_and_suit and game.suit_guess is not None
                 and game.suit_guess == game.card.suit)
        tx.emit(SipsOwed(game.dealer, game.options.exact_sips if exact else FIRST_HIT,
                         "exact_card" if exact else "first_hit", game.guesser))
        _lay(tx, double_miss=False)
    elif len(guesses) == 1 and not game.options.one_try:
        return  # wrong: the dealer says higher or lower, a second guess comes
    elif len(guesses) == 2 and guesses[1] == value:
        tx.emit(SipsOwed(game.dealer, SECOND_HIT, "second_hit", game.guesser))
        _lay(tx, double_miss=False)
    else:
        tx.emit(SipsOwed(game.guesser, abs(guesses[-1] - value), "miss", game.dealer))
        _lay(tx, double_miss=True)


def _lay(tx: Tx, double_miss: bool) -> None:
    game = game_of(tx.state)
    assert game.card is not None and game.guesser is not None and game.dealer is not None
    relieved = double_miss and game.misses + 1 >= MISSES_TO_RELIEF
    following = _left_of(tx.state, game.guesser, skip=game.dealer) or game.guesser
    tx.emit(CardLaid(str(game.card), game.guesser, following, double_miss))
    if len(game_of(tx.state).deck.out) >= DECK:
        tx.emit(GameHalted("The deck is used up: the game is over."))
    elif relieved and not game.options.dealer_chooses:
        new_dealer = _left_of(tx.state, game.dealer)
        if new_dealer is not None:
            _take_deck(tx, new_dealer)


# --- around the turns ------------------------------------------------------------------------

def mid_turn(state: NightState) -> str | None:
    """The guesser, once a guess or the card of the turn is in."""
    game = game_of(state)
    under_way = game.guesses or game.card is not None
    return game.guesser if game.phase == Phase.GUESS and under_way else None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver; a leaving dealer hands the deck left; a leaving
    guesser's turn passes on."""
    game = game_of(tx.state)
    if game.phase == Phase.DRAW:
        _settle_the_draw(tx)
    elif name == game.dealer and game.phase in (Phase.GUESS, Phase.CHOOSE):
        new_dealer = _left_of(tx.state, name)
        if new_dealer is None:
            tx.emit(GameHalted("Nobody is left to deal: end the game."))
        else:
            _take_deck(tx, new_dealer)
    elif name == game.guesser and game.dealer is not None:
        following = _left_of(tx.state, name, skip=game.dealer)
        if following is None:
            tx.emit(GameHalted("Nobody is left to guess: end the game."))
        elif game.phase == Phase.GUESS:  # the dealer's misses in a row still count
            tx.emit(TurnPassed(following))
        # relieved with dealer_chooses: the chosen dealer's neighbour guesses next anyway


def finish(tx: Tx) -> None:
    """Nothing to share: the sips are already on everyone's tally."""


# What the turn kernel's decide needs of this game, put together once.
RULEBOOK = Rulebook(TITLE, MOVES, expect, _halted)
