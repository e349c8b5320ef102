"""Busfahrer's pyramid (RULES.md §6.2): the app lays the cards from the hands it knows.

Cleo deals to Anna, Ben and Cleo, who answered every question wrong with these hands: Anna
7♣ 7♦ K♣ 2♠, Ben 7♥ 9♣ 9♦ Q♠, Cleo 3♣ 4♣ 5♣ 6♣. The pyramid's rows are worth 1, 2, 3 and 4
sips per card laid (twice that with row_sips double).
"""

from __future__ import annotations

from engine.games.busfahrer.state import CardsLaid, GivesOwed, PyramidCard, PyramidStarted
from tests.busfahrer.table import (
    PYRAMID,
    at_the_pyramid,
    busfahrer,
    expected,
    give,
    give_all,
    of_type,
    owed,
    pyramid,
    sips,
    turn,
)


def test_the_pyramid_is_laid_once_the_fourth_question_has_gone_round() -> None:
    table = at_the_pyramid()
    assert of_type(table, PyramidStarted) == [PyramidStarted(10, 4)]
    assert sips(table) == {"Anna": 10, "Ben": 10, "Cleo": 10}
    view = table.view
    assert view["phase"] == "pyramid" and view["turn"] is None and view["odds"] is None
    assert [(row["row"], row["sips"], row["cards"]) for row in view["pyramid"]] == [
        (1, 1, [None] * 4), (2, 2, [None] * 3), (3, 3, [None] * 2), (4, 4, [None])]
    wanted = expected(table)
    assert (wanted["kind"], wanted["slot"], wanted["player"]) == ("card", "pyramid", None)
    assert wanted["prompt"] == "pyramid row 1 (1 per card): the next card"


def test_the_pyramid_waits_for_the_last_questions_gives() -> None:
    table = busfahrer(("Anna", "Ben"), dealer="Ben")
    turn(table, "red", "7s")
    turn(table, "red", "2c")
    turn(table, "lower", "9d")
    turn(table, "higher", "3d", ("Anna", 2))
    turn(table, "inside", "Kh")
    turn(table, "inside", "10s")
    turn(table, "h", "Qs")
    turn(table, "s", "Js")  # Ben's last call is right: 4 to give
    assert table.view["phase"] == "questions" and expected(table)["kind"] == "give"
    give(table, ("Anna", 4))
    assert table.view["phase"] == "pyramid"


def test_who_holds_the_value_lays_all_of_it_and_gives_the_rows_worth_per_card() -> None:
    table = at_the_pyramid()
    table.do(cmd="card", card="7s")
    assert of_type(table, PyramidCard) == [PyramidCard("7s", 1)]
    assert of_type(table, CardsLaid) == [CardsLaid("Anna", ("7c", "7d"), 1),
                                         CardsLaid("Ben", ("7h",), 1)]
    assert of_type(table, GivesOwed) == [GivesOwed("Anna", 2), GivesOwed("Ben", 1)]
    view = table.view
    assert view["hands"] == {"Anna": ["Kc", "2s"], "Ben": ["9c", "9d", "Qs"],
                             "Cleo": ["3c", "4c", "5c", "6c"]}
    assert view["to_give"] == {"Anna": 2, "Ben": 1, "Cleo": 0}
    assert view["pyramid"][0]["cards"] == ["7s", None, None, None]
    # Anna gives first (she sits first from the dealer's left), then Ben
    assert (view["turn"], expected(table)["sips"]) == ("Anna", 2)
    assert "No card is expected now" in table.refused(cmd="card", card="8c")
    give(table, ("Ben", 1), ("Cleo", 1))
    assert (table.view["turn"], expected(table)["to"]) == ("Ben", ["Anna", "Cleo"])
    give(table, ("Anna", 1))
    assert owed(table) == [("Anna", 1, "given", "Ben")]
    assert expected(table)["kind"] == "card" and table.view["turn"] is None
    assert sips(table) == {"Anna": 11, "Ben": 11, "Cleo": 11}


def test_several_givers_give_in_turn_order_from_the_dealers_left() -> None:
    table = at_the_pyramid(dealer="Anna")  # Ben, Cleo, then Anna answer and give
    table.do(cmd="card", card="7s")
    assert of_type(table, GivesOwed) == [GivesOwed("Ben", 1), GivesOwed("Anna", 2)]
    assert table.view["turn"] == "Ben"
    give(table, ("Cleo", 1))
    assert table.view["turn"] == "Anna"


def test_a_card_nobody_holds_is_followed_by_the_next_card() -> None:
    table = pyramid(at_the_pyramid(), "7s")
    table.do(cmd="card", card="8c")
    assert of_type(table, CardsLaid) == [] and owed(table) == []
    assert expected(table)["prompt"] == "pyramid row 1 (1 per card): the next card"
    assert table.view["pyramid"][0]["cards"] == ["7s", "8c", None, None]


def test_each_row_is_worth_its_number_per_card_laid() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID[:4])
    gives = []
    for card in PYRAMID[4:]:
        table.do(cmd="card", card=card)
        gives += [(e.player, e.sips) for e in of_type(table, GivesOwed)]
        give_all(table)
    # K and 2 in row 2 (Anna, 2 each), 3 and 4 in row 3 (Cleo, 3 each), 6 on top (Cleo, 4)
    assert gives == [("Anna", 2), ("Anna", 2), ("Cleo", 3), ("Cleo", 3), ("Cleo", 4)]


def test_row_sips_double_makes_each_row_worth_twice_its_number() -> None:
    table = at_the_pyramid(row_sips="double")
    assert [row["sips"] for row in table.view["pyramid"]] == [2, 4, 6, 8]
    gives = []
    for card in PYRAMID:
        table.do(cmd="card", card=card)
        gives += [(e.player, e.sips) for e in of_type(table, GivesOwed)]
        give_all(table)
    assert gives == [("Anna", 4), ("Ben", 2), ("Ben", 4), ("Anna", 4), ("Anna", 4),
                     ("Cleo", 6), ("Cleo", 6), ("Cleo", 8)]


def test_five_rows_lay_fifteen_cards_the_top_worth_5() -> None:
    table = at_the_pyramid(pyramid_rows=5)
    assert of_type(table, PyramidStarted) == [PyramidStarted(15, 5)]
    assert [(row["row"], len(row["cards"])) for row in table.view["pyramid"]] == [
        (1, 5), (2, 4), (3, 3), (4, 2), (5, 1)]
    # five of row 1 (7, 8, 9, 10 and the J), then row 2 begins
    pyramid(table, "7s", "8c", "9h", "10c", "Js")
    assert expected(table)["prompt"] == "pyramid row 2 (2 per card): the next card"
    pyramid(table, "Kd", "2h", "8d", "8h", "3d", "4d", "10d", "5d", "Jd")
    assert expected(table)["prompt"] == "pyramid row 5 (5 per card): the next card"
    table.do(cmd="card", card="6d")
    assert of_type(table, GivesOwed) == [GivesOwed("Cleo", 5)]


def test_a_pyramid_card_is_nobodys_turn_and_needs_no_suit() -> None:
    table = at_the_pyramid()
    assert table.refused(cmd="card", card="8c", player="Ben") == (
        "The pyramid's cards are nobody's turn: enter 8c without a player.")
    assert table.refused(cmd="card", card="7c").startswith("7♣ is already out")
    table.do(cmd="card", card="8")
    assert table.view["pyramid"][0]["cards"][0] == "8"
