"""Schlag den Dealer as RULES.md §5 plays it, through the pure engine.

Ben deals to Ben, Anna, Cleo and Dan (no chips: a game of sips) unless a test says
otherwise, so the guessers go Anna, Cleo, Dan, Anna, ... and Ben never guesses. Every sip
is worked out by hand from the rules: a first guess right makes the dealer drink 4, a
second guess right 2, two wrong guesses make the guesser drink the difference between the
second guess and the card.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.games.schlag_den_dealer.state import CardLaid, Guessed
from engine.kernel import GameHalted
from tests.schlag_den_dealer.table import (
    VALUES,
    double_miss,
    guess,
    hit,
    of_type,
    owed,
    refusal,
    schlag,
    sips,
)

# --- one turn -----------------------------------------------------------------------------

def test_a_first_guess_right_makes_the_dealer_drink_4() -> None:
    table = schlag()
    assert table.view["expect"]["player"] == "Anna" and table.view["turn"] == "Anna"
    guess(table, "Anna", 10)
    assert owed(table) == []  # the card is not in yet
    table.do(cmd="card", card="10c")
    assert owed(table) == [("Ben", 4, "first_hit", "Anna")]
    assert of_type(table, CardLaid) == [CardLaid("10c", "Anna", "Cleo", False)]
    assert sips(table) == {"Ben": 4, "Anna": 0, "Cleo": 0, "Dan": 0}
    view = table.view
    assert view["seen"] == ["10c"] and view["values_out"]["10"] == 1
    assert view["deck_remaining"] == 51 and view["turn"] == "Cleo" and view["misses"] == 0
    assert view["last"]["guesser"] == "Anna" and view["last"]["card"] == "10c"


def test_a_first_guess_right_with_the_card_entered_first() -> None:
    table = schlag().do(cmd="card", card="K")
    guess(table, "Anna", "K")
    assert owed(table) == [("Ben", 4, "first_hit", "Anna")]
    assert table.view["seen"] == ["K"] and table.view["turn"] == "Cleo"


def test_a_second_guess_right_makes_the_dealer_drink_2() -> None:
    table = schlag().do(cmd="card", card="10h")
    guess(table, "Anna", 7)
    assert owed(table) == [] and table.view["expect"]["hint"] == "higher"
    guess(table, "Anna", 10)
    assert owed(table) == [("Ben", 2, "second_hit", "Anna")]
    assert sips(table) == {"Ben": 2, "Anna": 0, "Cleo": 0, "Dan": 0}
    assert table.view["turn"] == "Cleo" and table.view["misses"] == 0


def test_the_seed_example_anna_guesses_7_then_the_queen_against_a_10_and_drinks_2() -> None:
    table = schlag(("Ben", "Anna", "Cleo")).do(cmd="card", card="10")
    guess(table, "Anna", 7)
    expect = table.view["expect"]
    assert (expect["kind"], expect["player"], expect["try"], expect["hint"]) == (
        "guess", "Anna", 2, "higher")
    guess(table, "Anna", "Q")
    assert owed(table) == [("Anna", 2, "miss", "Ben")]
    assert of_type(table, CardLaid) == [CardLaid("10", "Anna", "Cleo", True)]
    assert sips(table) == {"Ben": 0, "Anna": 2, "Cleo": 0}
    view = table.view
    assert view["values_out"]["10"] == 1 and view["turn"] == "Cleo" and view["misses"] == 1


@pytest.mark.parametrize("card, first, second, drinks", [
    ("10", 13, 4, 6),    # the first guess was 3 off, the second 6
    ("10", 2, "K", 3),   # 8 off, then 3
    ("3", "A", 9, 6),    # the ace is 1: 2 off, then 6
    ("K", 2, "Q", 1),
    ("A", 5, 2, 1),
])
def test_a_double_miss_drinks_the_difference_between_the_second_guess_and_the_card(
        card: str, first: Any, second: Any, drinks: int) -> None:
    table = schlag()
    guess(table, "Anna", first, second)
    table.do(cmd="card", card=card)
    assert owed(table) == [("Anna", drinks, "miss", "Ben")]
    assert sips(table) == {"Ben": 0, "Anna": drinks, "Cleo": 0, "Dan": 0}


# --- the hint and the hidden card ---------------------------------------------------------

@pytest.mark.parametrize("first, hint", [(7, "higher"), ("A", "higher"), ("Q", "lower"),
                                         (13, "lower")])
def test_the_dealer_says_higher_or_lower_once_the_card_is_known(first: Any, hint: str) -> None:
    table = schlag().do(cmd="card", card="10d")
    expect = table.view["expect"]
    assert "hint" not in expect and expect["card_in"] is True and expect["try"] == 1
    assert expect["prompt"] == "Anna: guess"
    guess(table, "Anna", first)
    expect = table.view["expect"]
    assert expect["hint"] == hint and expect["try"] == 2
    assert expect["prompt"] == f"Anna: second guess ({hint})"


def test_without_the_card_there_is_no_hint_and_the_card_may_come_between_the_guesses() -> None:
    table = schlag()
    expect = table.view["expect"]
    assert expect["prompt"] == "Anna: guess, or the card first" and expect["card_in"] is False
    guess(table, "Anna", 7)
    expect = table.view["expect"]
    assert "hint" not in expect and expect["try"] == 2 and expect["card_in"] is False
    assert expect["prompt"] == "Anna: second guess, or the card if the first was right"
    table.do(cmd="card", card="4s")  # the card between the two guesses: now the hint
    assert owed(table) == [] and table.view["expect"]["hint"] == "lower"
    guess(table, "Anna", 4)
    assert owed(table) == [("Ben", 2, "second_hit", "Anna")]


def test_the_card_entered_after_both_guesses_settles_the_turn() -> None:
    table = schlag()
    guess(table, "Anna", 7, 12)
    expect = table.view["expect"]
    assert (expect["kind"], expect["slot"], expect["player"], expect["prompt"]) == (
        "card", "reveal", "Ben", "Ben's card")
    assert refusal(table, cmd="guess", value=10).key == "guess.done"
    table.do(cmd="card", card="J")
    assert owed(table) == [("Anna", 1, "miss", "Ben")]
    assert table.view["turn"] == "Cleo" and table.view["seen"] == ["J"]


def test_a_card_entered_first_is_hidden_from_the_view_until_it_is_laid_out() -> None:
    table = schlag()
    hit(table, "Anna", "9c", 9)  # one card out, so the tally is not empty
    before = table.view
    table.do(cmd="card", card="Kh")
    during = table.view
    assert "Kh" not in json.dumps(during)
    changed = {key for key in before if before[key] != during[key]}
    assert changed == {"card_in", "expect", "last_action"}
    assert during["seen"] == ["9c"] and during["deck_remaining"] == 51
    assert during["values_out"]["K"] == 0 and during["chances"] == before["chances"]
    assert during["chances"]["K"] == pytest.approx(4 / 51)
    guess(table, "Cleo", 7)  # wrong: the hint says higher, the card itself stays hidden
    wrong = table.view
    assert "Kh" not in json.dumps(wrong) and wrong["expect"]["hint"] == "higher"
    assert (wrong["seen"], wrong["values_out"]) == (before["seen"], before["values_out"])
    # the hidden king weighs in the chances like any unseen king: 4 left, as for the queen
    assert wrong["chances"]["K"] == wrong["chances"]["Q"] == wrong["chances"]["J"] > 0
    guess(table, "Cleo", 13)
    laid = table.view
    assert laid["seen"] == ["9c", "Kh"] and laid["values_out"]["K"] == 1
    assert laid["chances"]["K"] == pytest.approx(3 / 50)


def test_a_card_contradicting_the_guesses_is_refused() -> None:
    table = schlag()
    guess(table, "Anna", 7, 12)
    rejection = refusal(table, cmd="card", card="7h")
    assert rejection.key == "schlag.contradicts"
    assert rejection.reason == ("The card cannot be a 7♥: Anna's first guess was 7, and a "
                                "second guess was made, so the first was wrong.")
    table.do(cmd="card", card="8h")
    assert owed(table) == [("Anna", 4, "miss", "Ben")]


def test_a_card_already_laid_out_is_refused_naming_the_earlier_entry() -> None:
    table = schlag()  # actions 1 and 2
    guess(table, "Anna", 10).do(cmd="card", card="10h")  # action 4 enters the 10♥
    guess(table, "Cleo", 2)  # after a guess the card is no secret: the refusal names it
    rejection = refusal(table, cmd="card", card="10h")
    assert rejection.key == "card.out"
    assert rejection.reason == ("10♥ is already out since the last shuffle (entered at "
                                "action 4); check the card.")
    table.do(cmd="card", card="2c")  # Cleo right at the first guess: Ben owes 4
    guess(table, "Dan", 10).do(cmd="card", card="10c")  # Dan right: Ben 12
    hit(table, "Anna", "10", 10)
    hit(table, "Cleo", "10", 10)  # the fourth ten: Ben 20
    guess(table, "Dan", 10)
    assert refusal(table, cmd="card", card="10").key == "card.fifth"
    assert table.view["values_out"]["10"] == 4 and sips(table)["Ben"] == 20


def test_a_card_entered_first_and_entered_again_names_the_action_that_entered_it() -> None:
    table = schlag()  # actions 1 and 2
    hit(table, "Anna", "10h", 10)  # action 3 enters the 10♥, action 4 is Anna's guess
    guess(table, "Cleo", 4)
    assert table.refused(cmd="card", card="10h") == (
        "10♥ is already out since the last shuffle (entered at action 3); check the card.")


def test_a_hidden_card_already_out_is_refused_without_naming_it() -> None:
    table = schlag()
    hit(table, "Anna", "10h", 10)
    rejection = refusal(table, cmd="card", card="10h")  # Cleo's card, before any guess
    assert rejection.key == "schlag.hidden_out" and "10" not in rejection.reason
    rejection = refusal(schlag(value_and_suit=True), cmd="card", card="Q")
    assert rejection.key == "schlag.suit_needed" and "Q" not in rejection.reason


def test_a_second_guess_equal_to_the_first_is_refused() -> None:
    table = schlag()
    guess(table, "Anna", 13)
    rejection = refusal(table, cmd="guess", value="K")
    assert rejection.key == "guess.same"
    assert rejection.reason == ("Anna's first guess, K, was wrong: the second guess is another "
                                "value.")


def test_with_fewer_than_three_the_game_waits_for_its_end_and_a_ninth_cannot_join() -> None:
    table = schlag()
    table.do(cmd="leave", player="Dan").do(cmd="leave", player="Cleo")
    expect = table.view["expect"]
    assert expect["kind"] == "end_game" and expect["why"] == "too_few_players"
    assert refusal(table, cmd="guess", value=4).reason.startswith(
        "Schlag den Dealer is for 3 to 8 players and the table fell to 2")
    table.do(cmd="join", player="Eve", chips=1)  # too late: the dealer ends the game
    assert table.view["expect"]["why"] == "too_few_players"
    table.do(cmd="end_game")
    full = schlag(("Ann", "Bo", "Cy", "Dee", "Eve", "Finn", "Gus", "Hanna"), dealer="Ann")
    assert refusal(full, cmd="join", player="Ida", chips=1).key == "players.full"


def test_a_second_card_for_the_same_turn_is_refused() -> None:
    table = schlag().do(cmd="card", card="5")
    assert refusal(table, cmd="card", card="6").key == "expect.no_card"


def test_a_guess_or_card_named_for_another_player_is_refused() -> None:
    table = schlag()
    assert table.refused(cmd="guess", value=7, player="Cleo") == "It is Anna's turn, not Cleo's."
    assert refusal(table, cmd="guess", value=7, player="Ben").key == "turn.other"


def test_moves_of_other_games_are_refused() -> None:
    table = schlag()
    assert refusal(table, cmd="bet", amount=2).key == "move.other_game"
    assert refusal(table, cmd="show", cards=["Ks"]).key == "move.other_game"


# --- what a guess may be ------------------------------------------------------------------

@pytest.mark.parametrize("given, value", [
    ("Q", 12), ("q", 12), ("D", 12), ("d", 12), ("B", 11), ("b", 11), ("J", 11), ("K", 13),
    ("k", 13), ("A", 1), ("a", 1), ("10", 10), ("2", 2), (7, 7), (" 7 ", 7), ("13", 13),
    (1, 1), (13, 13),
])
def test_a_guess_is_a_value_as_a_number_or_a_letter(given: Any, value: int) -> None:
    table = schlag()
    table.do(cmd="guess", value=given)
    assert of_type(table, Guessed) == [Guessed("Anna", value, None)]
    assert table.view["guesses"] == [value]


@pytest.mark.parametrize("given", [0, 14, -1, "x", "", "0", "14", True, False, None, 7.0,
                                   "7.5", "Z", [7]])
def test_what_is_no_value_is_refused(given: Any) -> None:
    table = schlag()
    assert refusal(table, cmd="guess", value=given).key == "guess.value"


def test_a_guess_refusal_says_what_is_allowed() -> None:
    assert schlag().refused(cmd="guess", value=14) == (
        "14 is no value here: a value 1-13 or A, J/B, Q/D, K.")
    assert schlag().refused(cmd="guess", value="x") == (
        "'x' is no value: a value 1-13 or A, J/B, Q/D, K.")
    assert schlag(ace_high=True).refused(cmd="guess", value=1) == (
        "1 is no value here: a value 2-14 or A, J/B, Q/D, K.")


def test_a_guess_takes_no_unknown_field() -> None:
    assert "does not take 'amount'" in schlag().refused(cmd="guess", value=7, amount=2)


# --- the end of the game ------------------------------------------------------------------

def test_the_game_ends_with_the_52nd_card_and_only_end_game_fits_then() -> None:
    table = schlag()
    deck = [value + suit for value in VALUES for suit in "cdhs"]
    guessers = []
    for count, card in enumerate(deck, start=1):
        guessers.append(table.view["turn"])
        table.do(cmd="card", card=card)
        table.do(cmd="guess", value=card[:-1])
        assert table.view["deck_remaining"] == 52 - count
        if count == 51:
            assert of_type(table, GameHalted) == [] and table.view["expect"]["kind"] == "guess"
    assert guessers == ["Anna", "Cleo", "Dan"] * 17 + ["Anna"]
    assert len(of_type(table, GameHalted)) == 1
    view = table.view
    assert view["expect"]["kind"] == "end_game" and view["turn"] is None
    assert view["values_out"] == dict.fromkeys(VALUES, 4) and len(view["seen"]) == 52
    assert sips(table) == {"Ben": 52 * 4, "Anna": 0, "Cleo": 0, "Dan": 0}
    assert refusal(table, cmd="card", card="2c").key == "schlag.over"
    assert refusal(table, cmd="guess", value=7).key == "schlag.over"
    assert refusal(table, cmd="next_dealer", player="Anna").key == "schlag.over"
    assert table.refused(cmd="guess", value=7) == (
        "The deck is used up: the game is over; end it.")
    table.do(cmd="end_game")
    assert table.view["game"] is None and table.view["games_played"] == ["schlag-den-dealer"]
    assert sips(table) == {"Ben": 208, "Anna": 0, "Cleo": 0, "Dan": 0}


def test_end_game_waits_for_the_turn_under_way_and_keeps_the_sips() -> None:
    table = schlag()
    double_miss(table, "Anna", "10")
    guess(table, "Cleo", 7)
    assert refusal(table, cmd="end_game").key == "turn.under_way"
    guess(table, "Cleo", 9)
    table.do(cmd="card", card="9")
    table.do(cmd="end_game")
    assert table.view["game"] is None
    assert sips(table) == {"Ben": 2, "Anna": 2, "Cleo": 0, "Dan": 0}
