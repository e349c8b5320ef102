"""Busfahrer's four questions (RULES.md §6.1), round by round, through the command contract.

Cleo deals to Anna, Ben and Cleo: question 1 goes to Anna, Ben, then Cleo, then question 2
begins with Anna. A wrong call at question n drinks n; a right one gives n to the others,
one give per receiver, and the game waits until all n are given.
"""

from __future__ import annotations

from engine.games.busfahrer.odds import whole_percentages
from engine.games.busfahrer.state import Answered, Called, GivesOwed, SipsGiven
from tests.busfahrer.table import (
    answer,
    busfahrer,
    expected,
    give,
    of_type,
    owed,
    sips,
    turn,
)


def test_the_questions_go_round_by_round_from_the_dealers_left_to_the_dealer() -> None:
    table = busfahrer(right_gives=False)
    asked = []
    for card in ("7s", "Jc", "2d", "8h", "9s", "Kd", "4c", "5h", "6s", "3d", "10c", "Qh"):
        view = table.view
        asked.append((view["question"], view["turn"], tuple(expected(table)["choices"])))
        turn(table, expected(table)["choices"][0], card)
    assert asked == [
        (1, "Anna", ("red", "black")), (1, "Ben", ("red", "black")),
        (1, "Cleo", ("red", "black")),
        (2, "Anna", ("higher", "lower")), (2, "Ben", ("higher", "lower")),
        (2, "Cleo", ("higher", "lower")),
        (3, "Anna", ("inside", "outside")), (3, "Ben", ("inside", "outside")),
        (3, "Cleo", ("inside", "outside")),
        (4, "Anna", ("c", "d", "h", "s")), (4, "Ben", ("c", "d", "h", "s")),
        (4, "Cleo", ("c", "d", "h", "s"))]
    assert table.view["hands"] == {"Anna": ["7s", "8h", "4c", "3d"],
                                   "Ben": ["Jc", "9s", "5h", "10c"],
                                   "Cleo": ["2d", "Kd", "6s", "Qh"]}
    assert table.view["phase"] == "pyramid"


def test_the_player_calls_then_the_card_goes_face_up_in_front_of_them() -> None:
    table = busfahrer()
    assert expected(table)["kind"] == "call" and table.view["call"] is None
    table.do(cmd="call", choice="black")
    assert of_type(table, Called) == [Called("Anna", "black")]
    assert expected(table)["kind"] == "card" and expected(table)["player"] == "Anna"
    assert table.view["call"] == "black" and table.view["turn"] == "Anna"
    table.do(cmd="card", card="7s")
    assert of_type(table, Answered) == [Answered("Anna", 1, "7s", True)]
    assert table.view["hands"]["Anna"] == ["7s"] and table.view["seen"] == ["7s"]


def test_a_wrong_call_at_question_n_drinks_n() -> None:
    table = busfahrer(("Anna", "Ben"), dealer="Ben")
    turn(table, "red", "7s")
    assert owed(table) == [("Anna", 1, "wrong", None)]
    turn(table, "red", "2c")  # Ben
    turn(table, "lower", "9d")
    assert owed(table) == [("Anna", 2, "wrong", None)]
    turn(table, "higher", "Jd", ("Anna", 2))  # Ben, right: he gives 2
    turn(table, "inside", "Kh")  # 7 and 9: a king is outside
    assert owed(table) == [("Anna", 3, "wrong", None)]
    turn(table, "outside", "Ac", ("Anna", 3))
    turn(table, "h", "Qs")
    assert owed(table) == [("Anna", 4, "wrong", None)]
    assert sips(table)["Anna"] == 1 + 2 + 3 + 4 + 2 + 3


def test_a_right_call_gives_n_and_the_game_waits_until_all_are_given() -> None:
    table = busfahrer()
    turn(table, "red", "7h")  # Anna, right: 1 to give
    assert of_type(table, GivesOwed) == [GivesOwed("Anna", 1)]
    assert table.view["to_give"] == {"Anna": 1, "Ben": 0, "Cleo": 0}
    assert table.view["turn"] == "Anna"
    wanted = expected(table)
    assert (wanted["kind"], wanted["player"], wanted["sips"], wanted["to"]) == (
        "give", "Anna", 1, ["Ben", "Cleo"])
    assert table.refused(cmd="call", choice="red") == (
        "No call is expected now: Anna: give 1 to Ben / Cleo.")
    assert "No card is expected now" in table.refused(cmd="card", card="2c")
    give(table, ("Cleo", 1))
    assert of_type(table, SipsGiven) == [SipsGiven("Anna", "Cleo", 1)]
    assert owed(table) == [("Cleo", 1, "given", "Anna")]
    assert table.view["to_give"]["Anna"] == 0 and table.view["turn"] == "Ben"


def test_right_sips_are_spread_as_the_giver_likes_one_give_per_receiver() -> None:
    table = busfahrer()
    turn(table, "black", "7s", ("Ben", 1))
    turn(table, "red", "Jc")  # Ben drinks 1
    turn(table, "red", "2d", ("Anna", 1))
    turn(table, "higher", "9s")  # Anna: 9 over 7, right: 2 to give
    give(table, ("Ben", 1))
    assert table.view["to_give"]["Anna"] == 1 and table.view["turn"] == "Anna"
    assert expected(table)["to"] == ["Cleo"]
    assert table.refused(cmd="give", to="Ben", sips=1) == (
        "Anna has given to Ben already: one give per player, the rest to Cleo.")
    give(table, ("Cleo", 1))
    assert table.view["to_give"]["Anna"] == 0 and table.view["turn"] == "Ben"
    assert sips(table) == {"Anna": 1, "Ben": 1 + 1 + 1, "Cleo": 1}


def test_the_last_one_who_can_take_the_sips_takes_them_all() -> None:
    table = busfahrer()
    turn(table, "black", "7s", ("Ben", 1))
    turn(table, "black", "Jc", ("Anna", 1))
    turn(table, "red", "2d", ("Anna", 1))
    turn(table, "higher", "8s", ("Ben", 1), ("Cleo", 1))
    turn(table, "lower", "10c", ("Anna", 2))
    turn(table, "higher", "3d", ("Anna", 1), ("Ben", 1))
    turn(table, "inside", "Ks")  # Anna: 7 and 8, a king is outside: she drinks 3
    turn(table, "outside", "Kc")  # Ben: J and 10, a king is outside: he gives 3
    give(table, ("Anna", 1))
    assert table.refused(cmd="give", to="Cleo", sips=1) == (
        "Cleo is the last who can take Ben's sips: give Cleo all 2.")
    give(table, ("Cleo", 2))
    assert sips(table) == {"Anna": 1 + 1 + 2 + 1 + 3 + 1, "Ben": 1 + 1 + 1, "Cleo": 1 + 2}


def test_with_two_players_the_give_is_entered_all_the_same() -> None:
    table = busfahrer(("Anna", "Ben"), dealer="Ben")
    turn(table, "black", "7s")
    wanted = expected(table)
    assert (wanted["kind"], wanted["to"], wanted["sips"]) == ("give", ["Ben"], 1)
    give(table, ("Ben", 1))
    turn(table, "red", "8d", ("Anna", 1))
    turn(table, "higher", "9s")  # 2 to give, Ben alone can take them: all at once
    assert table.refused(cmd="give", to="Ben", sips=1) == (
        "Ben is the last who can take Anna's sips: give Ben all 2.")
    give(table, ("Ben", 2))
    assert sips(table) == {"Anna": 1, "Ben": 3}


def test_right_gives_off_a_right_call_costs_nothing() -> None:
    table = busfahrer(right_gives=False)
    turn(table, "black", "7s")
    assert owed(table) == [] and of_type(table, GivesOwed) == []
    assert table.view["to_give"] == {"Anna": 0, "Ben": 0, "Cleo": 0}
    assert table.view["turn"] == "Ben" and expected(table)["kind"] == "call"
    turn(table, "black", "7h")  # wrong still drinks
    assert owed(table) == [("Ben", 1, "wrong", None)]


def test_an_equal_value_makes_higher_and_lower_wrong() -> None:
    for call in ("higher", "lower"):
        table = busfahrer(("Anna", "Ben"), dealer="Ben", right_gives=False)
        turn(table, "red", "7s")
        turn(table, "red", "2c")
        turn(table, call, "7d")  # Anna's second card: a 7 on her 7
        assert owed(table) == [("Anna", 2, "wrong", None)], call


def test_an_equal_value_makes_inside_and_outside_wrong() -> None:
    for call, card in (("inside", "4d"), ("outside", "4h"), ("inside", "9d"),
                       ("outside", "9h")):
        table = busfahrer(("Anna", "Ben"), dealer="Ben", right_gives=False)
        answer(table, "4c", "2c", "9c", "3c")
        turn(table, call, card)  # Anna holds 4 and 9
        assert owed(table) == [("Anna", 3, "wrong", None)], (call, card)


def test_inside_a_pair_is_always_wrong_and_outside_right_but_for_the_pair_value() -> None:
    table = busfahrer(("Anna", "Ben"), dealer="Ben", right_gives=False)
    answer(table, "5c", "2c", "5d", "3c")
    turn(table, "inside", "6h")  # Anna's pair of fives: nothing lies between
    assert owed(table) == [("Anna", 3, "wrong", None)]
    turn(table, "outside", "Ks")  # Ben holds 2 and 3: a king is outside, right
    assert owed(table) == []


def test_the_fourth_question_is_the_suit_by_letter_or_symbol() -> None:
    table = busfahrer(("Anna", "Ben"), dealer="Ben", right_gives=False)
    answer(table, "5c", "2c", "6d", "3c", "7h", "4d")
    table.do(cmd="call", choice="♥")
    assert table.view["call"] == "h"
    table.do(cmd="card", card="Jh")
    assert owed(table) == []
    table.do(cmd="call", choice="S")
    table.do(cmd="card", card="Jd")
    assert owed(table) == [("Ben", 4, "wrong", None)]


def test_a_call_that_is_not_this_questions_is_refused_with_what_fits() -> None:
    table = busfahrer()
    assert table.refused(cmd="call", choice="higher") == (
        "Anna's call at question 1 is red or black, not 'higher'.")
    assert table.refused(cmd="card", card="7s") == (
        "No card is expected now: Anna, question 1: red or black?.")
    assert table.refused(cmd="call", choice="red", player="Ben") == (
        "It is Anna's turn, not Ben's.")
    table.do(cmd="call", choice="red", player="Anna")
    assert table.refused(cmd="call", choice="black") == (
        "No call is expected now: the card for Anna's call (red).")
    assert table.refused(cmd="card", card="7") == (
        "Say the card's suit too: in the questions every card is entered with its suit "
        "(like 7s).")
    assert "give is not a move" not in table.refused(cmd="give", to="Ben", sips=1)


def test_a_give_that_does_not_fit_is_refused() -> None:
    table = busfahrer(("Anna", "Ben", "Cleo", "Dan"), dealer="Dan")
    table.do(cmd="join", player="Eve", chips=1)
    turn(table, "red", "7h")  # Anna: right, 1 to give
    assert table.refused(cmd="give", to="Anna", sips=1) == (
        "Anna gives to the other players, not to themselves.")
    assert table.refused(cmd="give", to="Eve", sips=1) == (
        "Eve is not in this game (left it, or came after it began) and takes no sips: give "
        "to Ben or Cleo or Dan.")
    assert table.refused(cmd="give", to="Ben", sips=2) == (
        "Anna has 1 to give: a give is 1 to 1, not 2.")
    assert table.refused(cmd="give", to="Ben", sips=0) == (
        "Anna has 1 to give: a give is 1 to 1, not 0.")
    assert table.refused(cmd="give", to="Zed", sips=1).startswith(
        "There is no player called 'Zed'")
    assert table.refused(cmd="give", to="Ben", sips=1, player="Ben") == (
        "It is Anna's turn, not Ben's.")
    table.do(cmd="give", to="ben", sips=1)  # a name as typed, in any case
    assert sips(table)["Ben"] == 1


def test_the_odds_of_the_call_come_from_the_unseen_cards() -> None:
    table = busfahrer(("Anna", "Ben", "Cleo", "Dan", "Eve"), dealer="Eve",
                      right_gives=False)
    assert table.view["odds"] == {"red": 50, "black": 50}
    for card in ("7s", "Jc", "2s", "9c"):
        turn(table, "black", card)
    assert table.view["odds"] == {"red": 54, "black": 46}  # 26 red of 48 unseen
    turn(table, "black", "Ac")
    # Anna's 7 against the 47 unseen: 25 higher (Jc, 9c, Ac out), 19 lower (2s out), 3
    # sevens: 53.2, 40.4 and 6.4 %, the point short going to the largest remainder
    assert table.view["odds"] == {"higher": 53, "lower": 41, "same": 6}
    table.do(cmd="call", choice="higher")
    assert table.view["odds"] == {"higher": 53, "lower": 41, "same": 6}  # until the card


def test_whole_percentages_add_up_to_100_by_the_largest_remainder() -> None:
    assert whole_percentages({"a": 1, "b": 1, "c": 1}) == {"a": 34, "b": 33, "c": 33}
    assert whole_percentages({"c": 13, "d": 13, "h": 13, "s": 13}) == {
        "c": 25, "d": 25, "h": 25, "s": 25}
    assert whole_percentages({"higher": 2, "lower": 2, "same": 3}) == {
        "higher": 29, "lower": 28, "same": 43}
    assert whole_percentages({"red": 0, "black": 0}) == {}
