"""Busfahrer's entries undone, redone and corrected at each phase, through the night's log.

An undo takes an action back whole (a card with the sips it caused, a pyramid card with the
cards it laid); a correction re-decides every later action and is refused, naming the
first that no longer fits, when the table it leaves cannot take them.
"""

from __future__ import annotations

from tests.busfahrer.table import (
    HANDS,
    PYRAMID,
    at_the_pyramid,
    busfahrer,
    expected,
    owed,
    pyramid,
    sips,
    turn,
)


def test_the_draw_for_the_deal_undone_draws_again() -> None:
    table = busfahrer(dealer=None).cards("5c")
    table.do(cmd="undo")
    assert expected(table)["player"] == "Anna" and table.view["seen"] == []


def test_a_call_undone_is_said_again_and_redo_brings_it_back() -> None:
    table = busfahrer().do(cmd="call", choice="black")
    said = table.state
    table.do(cmd="undo")
    assert table.view["call"] is None and expected(table)["kind"] == "call"
    table.do(cmd="redo")
    assert table.state.game == said.game and table.view["call"] == "black"


def test_a_card_undone_takes_back_its_sips_and_its_place_in_the_hand() -> None:
    table = turn(busfahrer(), "red", "7s")
    assert sips(table)["Anna"] == 1
    table.do(cmd="undo")
    view = table.view
    assert sips(table)["Anna"] == 0 and view["hands"]["Anna"] == [] and view["seen"] == []
    assert expected(table)["kind"] == "card" and view["call"] == "red"


def test_a_give_undone_is_owed_again() -> None:
    table = turn(busfahrer(), "black", "7s", ("Ben", 1))
    table.do(cmd="undo")
    assert table.view["to_give"]["Anna"] == 1 and sips(table)["Ben"] == 0
    assert expected(table)["kind"] == "give"


def test_a_card_corrected_into_a_wrong_call_is_refused_while_its_give_follows() -> None:
    table = turn(busfahrer(), "black", "7s", ("Ben", 1))  # actions 3, 4, 5
    assert table.refused(cmd="correct", action=4, command={"cmd": "card", "card": "7h"}) == (
        "Correcting action 4 would make action 5 (give Ben 1) impossible: No give is "
        "expected now: Ben, question 1: red or black?.")
    table.do(cmd="correct", action=4, command={"cmd": "card", "card": "8c"})
    assert table.view["hands"]["Anna"] == ["8c"] and sips(table)["Ben"] == 1


def test_a_call_corrected_before_its_card() -> None:
    table = busfahrer().do(cmd="call", choice="black")
    table.do(cmd="correct", action=3, command={"cmd": "call", "choice": "red"})
    table.do(cmd="card", card="7s")
    assert owed(table) == [("Anna", 1, "wrong", None)]


def test_the_options_corrected_at_the_start_of_the_game_replay_the_questions() -> None:
    table = turn(busfahrer(), "red", "7s")  # Anna drinks 1
    table.do(cmd="correct", action=2, command={"cmd": "start_game", "game": "busfahrer",
                                                "dealer": "Cleo",
                                                "options": {"bus_length": 3}})
    assert table.view["options"]["bus_length"] == 3 and sips(table)["Anna"] == 1
    turn(table, "black", "Jc", ("Anna", 1))  # actions 6, 7, 8 after the correction
    assert table.refused(cmd="correct", action=2, command={
        "cmd": "start_game", "game": "busfahrer", "dealer": "Cleo",
        "options": {"right_gives": False}}).startswith(
        "Correcting action 2 would make action 8 (give Anna 1) impossible")


def test_a_pyramid_card_undone_gives_the_laid_cards_back() -> None:
    table = at_the_pyramid()
    before = table.view
    table.do(cmd="card", card="7s")
    table.do(cmd="undo")
    assert table.view["hands"] == before["hands"] and table.view["to_give"] == before["to_give"]
    assert table.view["pyramid"] == before["pyramid"]


def test_a_pyramid_card_corrected_lays_from_other_hands() -> None:
    table = pyramid(at_the_pyramid(), "7s")
    table.do(cmd="card", card="8c")  # nobody holds an 8
    table.do(cmd="correct", action=table.action, command={"cmd": "card", "card": "9h"})
    assert table.view["hands"]["Ben"] == ["Qs"] and table.view["to_give"]["Ben"] == 2
    assert table.view["pyramid"][0]["cards"] == ["7s", "9h", None, None]


def test_the_top_card_undone_takes_the_driver_back_and_the_seen_cards_return() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID[:-1])
    seen = table.view["seen"]
    pyramid(table, PYRAMID[-1])
    assert table.view["driver"] == "Ben" and table.view["seen"] == []
    table.do(cmd="undo")  # the give of Cleo's row-4 card
    table.do(cmd="undo")  # the top card
    view = table.view
    assert (view["phase"], view["driver"], view["seen"]) == ("pyramid", None, seen)


def test_the_driver_named_undone_and_corrected() -> None:
    hands = {**HANDS, "Cleo": ("3c", "4c", "5c", "Qc")}
    table = pyramid(at_the_pyramid(hands=hands), *PYRAMID[:-1], "5d")
    table.do(cmd="driver", player="Cleo")
    table.do(cmd="undo")
    assert expected(table)["kind"] == "driver" and table.view["driver"] is None
    table.do(cmd="redo")
    table.do(cmd="correct", action=table.action - 2, command={"cmd": "driver",
                                                               "player": "Ben"})
    assert table.view["driver"] == "Ben"


def test_a_card_of_the_ride_corrected() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID)
    table.do(cmd="card", card="8c")
    turn(table, "higher", "Jd")
    jack = table.action
    turn(table, "lower", "3s")
    assert table.refused(cmd="correct", action=jack, command={"cmd": "card", "card": "2c"}) == (
        f"Correcting action {jack} would make action {jack + 1} (call lower) impossible: No "
        "call is expected now: Ben's bus, try 2, place 1 of 5: the card.")
    table.do(cmd="correct", action=table.action, command={"cmd": "card", "card": "Qs"})
    # A queen after the jack, called lower: wrong, three cards in this try
    assert owed(table) == [("Ben", 3, "ride", None)] and sips(table)["Ben"] == 10 + 6 + 3
    assert table.view["bus"] == {"length": 5, "tries": 2, "cards": [], "call": None}


def test_a_wrong_card_of_the_ride_undone_restores_the_row_and_the_try() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID)
    table.do(cmd="card", card="8c")
    turn(table, "higher", "2d")
    assert table.view["bus"]["tries"] == 2
    table.do(cmd="undo")
    assert table.view["bus"] == {"length": 5, "tries": 1, "cards": ["8c"], "call": "higher"}
