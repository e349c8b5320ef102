"""Schlag den Dealer, RULES.md §5: guess the dealer's top card; sips, not chips.

In turn from the dealer's left, each guesser names a value. Right at once: the dealer
drinks 4; wrong: the dealer says higher or lower and the guesser tries again; right then:
the dealer drinks 2; wrong again: the guesser drinks the difference. The card may be
entered before the guesses (kept hidden) or after them. Three guessers in a row missing
twice relieve the dealer; the game ends with the 52nd card.
"""

from __future__ import annotations

from typing import Any

from engine import draw
from engine import fields as commands
from engine.cards import ACE, RANK_NAMES, Card, parse_card, suit_of
from engine.fields import Command
from engine.kernel import GameHalted, SipsOwed
from engine.options import Option
from engine.rejection import Refusal
from engine.schlag_state import (
    PRESET,
    CardLaid,
    CardLookedAt,
    DeckTaken,
    Guessed,
    Schlag,
    TurnPassed,
    game_of,
)
from engine.schlag_state import without_player as without_player  # the Rules surface
from engine.table import NightState, Tx, seats_from_left_of

preset = PRESET
title = "Schlag den Dealer"
options = (
    Option("unit", "sips", "What a drink is called on the screen (no one is ever pressed "
           "to drink).", choices=("sips", "points")),
    Option("ace_high", False, "The ace counts 14 instead of 1."),
    Option("one_try", False, "One guess only: a wrong guess drinks the difference at once."),
    Option("stupid_guess", False, "Guessing a value whose four cards are all out costs "
           "stupid_penalty."),
    Option("stupid_penalty", 5, "The penalty for a stupid guess.", minimum=1),
    Option("value_and_suit", False, "Naming the exact card (value and suit) at the first "
           "try makes the dealer drink exact_sips; cards are entered with their suit."),
    Option("exact_sips", 8, "What the dealer drinks for the exact card.", minimum=1),
    Option("dealer_chooses", False, "After three misses the relieved dealer names the next "
           "dealer."),
)
uses_suits = False
needs_chips = False
FIRST_HIT, SECOND_HIT, MISSES_TO_RELIEF, DECK = 4, 2, 3, 52
_VALUE_WORDS = {"a": 1, "j": 11, "b": 11, "q": 12, "d": 12, "k": 13}


def initial_state(resolved: dict[str, Any]) -> Schlag:
    return Schlag(options=resolved)


def check_options(resolved: dict[str, Any]) -> None:
    """Every combination of the options makes sense."""


def _left_of(state: NightState, name: str, skip: str | None = None) -> str | None:
    return next((p.name for p in seats_from_left_of(state, name)
                 if p.present and p.name not in (name, skip)), None)


def start(tx: Tx, dealer: str | None) -> None:
    """The chosen dealer takes the deck, or everyone draws: lowest deals (ace lowest)."""
    players = [p.name for p in tx.state.present]
    if not 3 <= len(players) <= 8:
        raise Refusal(f"Schlag den Dealer is for 3 to 8 players; {len(players)} are at the "
                      "table.")
    if dealer is None:
        tx.emit(draw.DrawStarted(tuple(players)))
    else:
        _take_deck(tx, dealer)


def _take_deck(tx: Tx, dealer: str) -> None:
    guesser = _left_of(tx.state, dealer)
    if guesser is None:
        tx.emit(GameHalted("Nobody is left to guess: end the game."))
        return
    tx.emit(DeckTaken(dealer, guesser))


def _why_over(game: Schlag) -> str:
    # The recorded reason reads "what happened: what to do"; the first part is the why.
    return game.over_reason.split(":")[0].rstrip(".") or "The deck is used up"


def _table_size_problem(state: NightState) -> str | None:
    """Why the game cannot go on with the players at the table now (3 to 8), if so."""
    count = len(state.present)
    if 3 <= count <= 8:
        return None
    return (f"Schlag den Dealer is for 3 to 8 players and {count} are at the table: "
            + ("someone leaves, or end the game." if count > 8
               else "someone joins, or end the game."))


def _lowest_deals(card: Card) -> int:
    return -(1 if card.rank == ACE else card.rank)


def parse_value(game: Schlag, given: Any) -> tuple[int, str | None]:
    """A guessed value (1-13, 2-14 with ace_high) from 7, "7", "Q", "A" or, with a suit,
    "Qh"; refused with what is allowed."""
    high = 14 if game.options["ace_high"] else 13
    low = 2 if game.options["ace_high"] else 1
    allowed = f"a value {low}-{high} or A, J/B, Q/D, K"
    suit = None
    if isinstance(given, str):
        text = given.strip().lower()
        if len(text) > 1 and suit_of(text[-1]) and not text.isdigit():
            text, suit = text[:-1], suit_of(text[-1])
        if text in _VALUE_WORDS:
            value = _VALUE_WORDS[text]
            value = 14 if value == 1 and game.options["ace_high"] else value
        elif text.isdigit():
            value = int(text)
        else:
            raise Refusal(f"{given!r} is no value: {allowed}.", "guess.value")
    elif isinstance(given, int) and not isinstance(given, bool):
        value = given
    else:
        raise Refusal(f"{given!r} is no value: {allowed}.", "guess.value")
    if not low <= value <= high:
        raise Refusal(f"{value} is no value here: {allowed}.", "guess.value")
    return value, suit


# --- decide -------------------------------------------------------------------------------

def decide(tx: Tx, command: Command) -> None:
    """Apply one command of Schlag den Dealer, or raise Refusal with the reason."""
    game = game_of(tx.state)
    name = command["cmd"]
    if game.phase == "over":
        raise Refusal(f"{_why_over(game)}: the game is over; end it.", "schlag.over")
    short = _table_size_problem(tx.state)
    if short is not None and game.phase != "draw":
        raise Refusal(short, "schlag.table_size", players=len(tx.state.present))
    if name == "card":
        commands.only_fields(command, {"card", "player"})
        _card(tx, command)
        return
    if name == "guess":
        commands.only_fields(command, {"value", "suit", "player"})
        _guess(tx, command)
        return
    if name == "next_dealer":
        commands.only_fields(command, {"player"})
        _choose(tx, command)
        return
    raise Refusal(f"{name} is not a move in {title}; now: {expect(tx.state)['prompt']}.",
                  "move.other_game", name=name, game=title)


def _card(tx: Tx, command: Command) -> None:
    game = game_of(tx.state)
    card = parse_card(commands.text(command, "card") or "")
    if game.phase == "draw":
        commands.check_player(command, game.current)
        game.deck.check(card)
        tx.emit(draw.DrawCard(game.current or "", str(card)))
        draw.settle(tx, _take_deck, lambda tx: tx.emit(GameHalted(
            "Everyone drawing for the deal has left: end the game.")), key=_lowest_deals)
        return
    if game.phase != "guess" or game.card is not None:
        raise commands.not_expected("card", expect(tx.state)['prompt'], "expect.no_card")
    commands.check_player(command, expect(tx.state).get("player"))
    # Before the guesses the card is hidden: a refusal must not name it to the table.
    hidden = not game.guesses
    if game.options["value_and_suit"] and card.suit is None:
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
                      f"{_name(value)}, and a second guess was made, so the first was wrong.",
                      "schlag.contradicts", card=card.label, value=_name(value))
    tx.emit(CardLookedAt(str(card)))
    if game.guesses:
        _resolve(tx)


def _guess(tx: Tx, command: Command) -> None:
    game = game_of(tx.state)
    if game.phase != "guess":
        raise commands.not_expected("guess", expect(tx.state)['prompt'], "expect.no_guess")
    commands.check_player(command, game.guesser)
    tries = 1 if game.options["one_try"] else 2
    if len(game.guesses) >= tries:
        raise Refusal(f"{game.guesser} has guessed; now the card.", "guess.done")
    value, suit = parse_value(game, command.get("value"))
    if game.guesses and value == game.guesses[0]:
        raise Refusal(f"{game.guesser}'s first guess, {_name(value)}, was wrong: the second "
                      "guess is another value.", "guess.same", player=game.guesser,
                      value=_name(value))
    given_suit = command.get("suit", suit)
    if given_suit is not None:
        if game.guesses:
            raise Refusal("A suit goes with the first guess only.", "guess.suit_first")
        given_suit = suit_of(given_suit)
        if given_suit is None:
            raise Refusal(f"{command.get('suit')!r} is no suit: c, d, h or s (or ♣ ♦ ♥ ♠).",
                          "guess.suit", suit=command.get("suit"))
    assert game.guesser is not None
    tx.emit(Guessed(game.guesser, value, given_suit if game.options["value_and_suit"]
                    else None))
    if game.options["stupid_guess"] and _out(game, value) >= 4:
        tx.emit(SipsOwed(game.guesser, game.options["stupid_penalty"], "stupid_guess",
                         game.guesser))
    if game.card is not None:
        _resolve(tx)


def _out(game: Schlag, value: int) -> int:
    return sum(1 for card in game.deck.cards if game.value(card) == value)


def _resolve(tx: Tx) -> None:
    """With the card known: settle the guesses so far, or wait for the second."""
    game = game_of(tx.state)
    assert game.card is not None and game.guesser is not None and game.dealer is not None
    value = game.value(game.card)
    guesses = game.guesses
    if guesses[0] == value:
        exact = (game.options["value_and_suit"] and game.suit_guess is not None
                 and game.suit_guess == game.card.suit)
        tx.emit(SipsOwed(game.dealer, game.options["exact_sips"] if exact else FIRST_HIT,
                         "exact_card" if exact else "first_hit", game.guesser))
        _lay(tx, double_miss=False)
    elif len(guesses) == 1 and not game.options["one_try"]:
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
    elif relieved and not game.options["dealer_chooses"]:
        new_dealer = _left_of(tx.state, game.dealer)
        if new_dealer is not None:
            _take_deck(tx, new_dealer)


def _choose(tx: Tx, command: Command) -> None:
    game = game_of(tx.state)
    if game.phase != "choose":
        raise Refusal("Only a relieved dealer with dealer_chooses names the next dealer.",
                      "schlag.choose_when")
    named = commands.text(command, "player")
    assert named is not None
    if not tx.state.player(named).present or named == game.dealer:
        raise Refusal(f"{named} cannot take the deck: the next dealer is another player at "
                      "the table.", "schlag.choose_who", player=named)
    _take_deck(tx, named)


def mid_turn(state: NightState) -> str | None:
    """The guesser, once a guess or the card of the turn is in."""
    game = game_of(state)
    return game.guesser if game.phase == "guess" and (game.guesses or game.card) else None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver; a leaving dealer hands the deck left; a leaving
    guesser's turn passes on."""
    game = game_of(tx.state)
    if game.phase == "draw":
        draw.settle(tx, _take_deck, lambda tx: tx.emit(GameHalted(
            "Everyone drawing for the deal has left: end the game.")), key=_lowest_deals)
    elif name == game.dealer and game.phase in ("guess", "choose"):
        new_dealer = _left_of(tx.state, name)
        if new_dealer is None:
            tx.emit(GameHalted("Nobody is left to deal: end the game."))
        else:
            _take_deck(tx, new_dealer)
    elif name == game.guesser and game.dealer is not None:
        following = _left_of(tx.state, name, skip=game.dealer)
        if following is None:
            tx.emit(GameHalted("Nobody is left to guess: end the game."))
        elif game.phase == "guess":  # the dealer's misses in a row still count
            tx.emit(TurnPassed(following))
        # relieved with dealer_chooses: the chosen dealer's neighbour guesses next anyway


def finish(tx: Tx) -> None:
    """Nothing to share: the sips are already on everyone's tally."""


# --- expect and view ----------------------------------------------------------------------

def expect(state: NightState) -> dict[str, Any]:
    """What the dealer enters next: a guess (or the card), a second guess, or the card."""
    game = game_of(state)
    if game.phase == "over" and len(game.deck.out) >= DECK:
        return {"kind": "end_game", "why": "deck_used",
                "prompt": "The deck is used up: end the game (ctrl+x)."}
    if game.phase == "over":  # everyone else left: nobody to deal to or to guess
        return {"kind": "end_game", "prompt": f"{_why_over(game)}: end the game (ctrl+x)."}
    short = _table_size_problem(state)
    if short is not None and game.phase != "draw":
        return {"kind": "end_game", "why": "table_size", "players": len(state.present),
                "prompt": short}
    if game.phase == "draw":
        return {"kind": "card", "slot": "draw", "player": game.current, "suits": False,
                "prompt": f"{game.current}: draw a card (lowest deals)"}
    if game.phase == "choose":
        return {"kind": "next_dealer", "player": game.dealer,
                "choices": [p.name for p in state.present if p.name != game.dealer],
                "prompt": f"{game.dealer} is relieved and names the next dealer"}
    suits = bool(game.options["value_and_suit"])
    tries = 1 if game.options["one_try"] else 2
    guesser = game.guesser
    if game.guesses and game.card is None and len(game.guesses) >= tries:
        return {"kind": "card", "slot": "reveal", "player": game.dealer, "suits": suits,
                "prompt": f"{game.dealer}'s card"}
    info: dict[str, Any] = {
        "kind": "guess", "player": guesser, "try": len(game.guesses) + 1,
        "low": 2 if game.options["ace_high"] else 1,
        "high": 14 if game.options["ace_high"] else 13,
        "card_in": game.card is not None, "suits": suits,
        "prompt": f"{guesser}: " + ("second guess" if game.guesses else "guess")
                  + ("" if game.card is not None else
                     ", or the card if the first was right" if game.guesses
                     else ", or the card first")}
    if game.guesses and game.card is not None:
        info["hint"] = "higher" if game.value(game.card) > game.guesses[0] else "lower"
        info["prompt"] += f" ({info['hint']})"
    return info


def view(state: NightState) -> dict[str, Any]:
    """The game's part of `state --json`: never the hidden card."""
    game = game_of(state)
    low, high = (2, 14) if game.options["ace_high"] else (1, 13)
    out = {value: _out(game, value) for value in range(low, high + 1)}
    left = DECK - len(game.deck.out)  # a card looked at stays on the deck until laid out
    unseen = {value: 4 - count for value, count in out.items()
              if _still_possible(game, value)}
    total = sum(unseen.values())
    return {
        "suits": bool(game.options["value_and_suit"]),
        "drawing": game.phase == "draw",
        "dealer_chooses": bool(game.options["dealer_chooses"]),
        "owed_now": [{"player": player, "sips": sips, "why": why}
                     for player, sips, why in game.owed],
        "dealer": game.dealer,
        "turn": game.current,
        "pot": 0,
        "seen": [str(card) for card in game.deck.cards],
        "deck_remaining": left,
        "unit": game.options["unit"],
        "guesses": list(game.guesses),
        "card_in": game.card is not None,
        "misses": game.misses,
        "values_out": {_name(value): count for value, count in out.items()},
        "chances": {_name(value): (unseen.get(value, 0) / total if total else 0.0)
                    for value in out},
        "last": ({"guesser": game.last.guesser, "card": game.last.card,
                  "guesses": list(game.last.guesses), "dealer": game.last.dealer,
                  "owed": [{"player": player, "sips": sips, "why": why}
                           for player, sips, why in game.last.owed]}
                 if game.last else None),
    }


def _still_possible(game: Schlag, value: int) -> bool:
    """Whether the card of the turn can still have `value`, from what was said aloud: a
    first guess that was wrong, and the dealer's higher or lower once the app knows it."""
    if not game.guesses or game.options["one_try"]:
        return True  # with one try, the one guess may still be right
    if game.guesses[0] == value:
        return False
    if game.card is None:
        return True
    return (value > game.guesses[0]) == (game.value(game.card) > game.guesses[0])


def _name(value: int) -> str:
    return "A" if value in (1, 14) else RANK_NAMES[value]
