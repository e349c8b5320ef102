"""Players who leave a game of Busfahrer (RULES.md §6): their cards stay out of the deck; they
are asked nothing more, give nothing still owed, and their hand does not count for the bus.
A driver who leaves ends the ride and the game; a dealer who leaves hands the deck on."""

from __future__ import annotations

from engine.games.busfahrer.commands import Over
from engine.games.busfahrer.state import (
    CardsLaid,
    DeckHandedOn,
    DriverFound,
    GameStopped,
    QuestionsStarted,
    Reason,
)
from tests.busfahrer.table import (
    HANDS,
    PYRAMID,
    answer,
    at_the_pyramid,
    busfahrer,
    expected,
    of_type,
    pyramid,
    sips,
    turn,
)


def test_a_player_who_leaves_in_the_draw_draws_no_more() -> None:
    table = busfahrer(dealer=None)
    table.do(cmd="card", card="5c").do(cmd="leave", player="Ben")
    assert expected(table)["player"] == "Cleo"
    table.do(cmd="card", card="8h")  # Anna's 5 is the lowest
    assert of_type(table, QuestionsStarted) == [QuestionsStarted("Anna", ("Cleo", "Anna"))]


def test_a_player_who_leaves_in_the_questions_is_asked_nothing_more() -> None:
    table = busfahrer(right_gives=False)
    answer(table, "7s", "7h", "2d", "8c")  # question 1 round, then Anna's second
    table.do(cmd="leave", player="Ben")
    assert table.view["turn"] == "Cleo" and table.view["question"] == 2
    answer(table, "3d")
    assert (table.view["turn"], table.view["question"]) == ("Anna", 3)
    assert list(table.view["hands"]) == ["Anna", "Cleo"]
    assert "7h" in table.view["seen"]  # Ben's card stays out of the deck
    table.do(cmd="call", choice="inside")
    assert table.refused(cmd="card", card="7h").startswith("7♥ is already out")


def test_a_call_said_is_turned_before_its_player_leaves() -> None:
    table = busfahrer()
    table.do(cmd="call", choice="red")
    assert table.refused(cmd="leave", player="Anna") == (
        "Anna's turn is under way: finish it before Anna leaves.")
    assert table.refused(cmd="end_game") == (
        "Anna's turn is under way: finish it before the game ends.")
    table.do(cmd="card", card="7h").do(cmd="leave", player="Anna")
    assert table.view["turn"] == "Ben" and table.view["to_give"] == {"Ben": 0, "Cleo": 0}


def test_a_player_who_leaves_gives_nothing_still_owed_and_takes_no_more() -> None:
    table = at_the_pyramid()
    table.do(cmd="card", card="7s")  # Anna owes 2, Ben 1
    table.do(cmd="give", to="Ben", sips=1)
    table.do(cmd="leave", player="Anna")
    view = table.view
    assert view["to_give"] == {"Ben": 1, "Cleo": 0} and view["turn"] == "Ben"
    assert expected(table)["to"] == ["Cleo"]
    assert table.refused(cmd="give", to="Anna", sips=1).startswith(
        "Anna is not in this game (left it, or came after it began) and takes no sips")
    table.do(cmd="give", to="Cleo", sips=1)
    assert sips(table) == {"Anna": 10, "Ben": 11, "Cleo": 11}


def test_the_hand_of_a_player_who_left_lays_nothing_and_does_not_count_for_the_bus() -> None:
    table = at_the_pyramid()
    table.do(cmd="leave", player="Anna")
    table.do(cmd="card", card="7s")  # Anna's two sevens stay where she left them
    assert of_type(table, CardsLaid) == [CardsLaid("Ben", ("7h",), 1)]
    table.do(cmd="give", to="Cleo", sips=1)
    pyramid(table, *PYRAMID[1:])
    # Anna still holds four cards, which would make her ride; Ben holds one, Cleo one
    assert of_type(table, DriverFound) == [DriverFound("Ben", Reason.SUM)]
    assert table.view["hands"] == {"Ben": ["Qs"], "Cleo": ["5c"]}


def test_a_leaver_before_the_top_card_leaves_the_bus_to_the_others() -> None:
    table = at_the_pyramid(("Anna", "Ben", "Cleo", "Dan"), "Dan",
                           {**HANDS, "Dan": ("Jc", "Jd", "Qc", "Qd")})
    pyramid(table, *PYRAMID[:6])
    table.do(cmd="leave", player="Dan")  # he holds four cards still
    pyramid(table, *PYRAMID[6:])
    assert of_type(table, DriverFound) == [DriverFound("Ben", Reason.SUM)]


def test_a_dealer_who_leaves_hands_the_deck_to_the_left_who_names_the_driver() -> None:
    hands = {**HANDS, "Cleo": ("3c", "4c", "5c", "Qc")}
    table = pyramid(at_the_pyramid(dealer="Anna", hands=hands), *PYRAMID[:-1], "5d")
    assert expected(table)["kind"] == "driver" and expected(table)["player"] == "Anna"
    table.do(cmd="leave", player="Anna")
    assert of_type(table, DeckHandedOn) == [DeckHandedOn("Ben")]
    assert table.view["dealer"] == "Ben" and expected(table)["player"] == "Ben"
    table.do(cmd="driver", player="Cleo")
    assert table.view["driver"] == "Cleo"


def test_one_of_the_tied_leaving_leaves_the_bus_to_the_other() -> None:
    hands = {**HANDS, "Cleo": ("3c", "4c", "5c", "Qc")}
    table = pyramid(at_the_pyramid(dealer="Anna", hands=hands), *PYRAMID[:-1], "5d")
    table.do(cmd="leave", player="Cleo")
    assert of_type(table, DriverFound) == [DriverFound("Ben", Reason.CARDS)]


def test_a_driver_who_leaves_ends_the_ride_and_the_game() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID)
    table.do(cmd="card", card="8c").do(cmd="leave", player="Anna")  # the ride goes on
    turn(table, "higher", "Jd")
    table.do(cmd="leave", player="Ben")
    assert of_type(table, GameStopped) == [GameStopped(Over.DRIVER_LEFT)]
    wanted = expected(table)
    assert (wanted["kind"], wanted["why"]) == ("end_game", "driver_left")
    assert table.refused(cmd="card", card="2c") == (
        "The driver has left: the ride and the game are over; end it.")


def test_fewer_than_two_players_before_the_ride_end_the_game() -> None:
    table = busfahrer(("Anna", "Ben"), dealer="Ben")
    turn(table, "red", "7s")
    table.do(cmd="leave", player="Ben")
    assert of_type(table, GameStopped) == [GameStopped(Over.TOO_FEW)]
    assert expected(table)["prompt"] == (
        "Fewer than two players are left: the game is over; end it.")
    table.do(cmd="end_game")
    assert table.view["game"] is None


def test_a_player_who_joins_during_the_game_plays_from_the_next() -> None:
    table = busfahrer(right_gives=False)
    table.do(cmd="join", player="Dan", chips=1)
    answer(table, "7s", "7h", "2d")
    assert table.view["turn"] == "Anna" and "Dan" not in table.view["hands"]
