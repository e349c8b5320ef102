"""Busfahrer's options and its table (RULES.md §6): the defaults, the players one deck
serves, the 32-card deck, the draw for the deal."""

from __future__ import annotations

from typing import Any

import pytest

from engine import draw
from engine.games.busfahrer.state import QuestionsStarted
from tests.busfahrer.table import (
    PYRAMID,
    LoggedTable,
    at_the_pyramid,
    busfahrer,
    expected,
    of_type,
    pyramid,
    turn,
)

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jon", "Kai")


def test_the_options_default_as_the_rules_say() -> None:
    table = busfahrer()
    assert table.view["options"] == {
        "right_gives": True, "ace_low": False, "deck32": False, "pyramid_rows": 4,
        "row_sips": "single", "bus_length": 5, "bus_ride": "calls", "unit": "sips"}
    assert table.view["unit"] == "sips"
    assert busfahrer(unit="points").view["unit"] == "points"


@pytest.mark.parametrize(("options", "most", "deck", "cards"), [
    ({}, 10, 52, 10), ({"pyramid_rows": 5}, 9, 52, 15), ({"deck32": True}, 5, 32, 10),
    ({"deck32": True, "pyramid_rows": 5}, 4, 32, 15)])
def test_as_many_players_as_the_deck_serves_with_four_cards_each_and_the_pyramid(
        options: dict[str, Any], most: int, deck: int, cards: int) -> None:
    table = LoggedTable().do(cmd="start_night", players=list(NAMES[:most + 1]), chips=0)
    assert table.refused(cmd="start_game", game="busfahrer", dealer="Anna",
                         options=options) == (
        f"Busfahrer is for 2 to {most} players (four cards each and a pyramid of {cards} from "
        f"a deck of {deck}); {most + 1} are at the table.")
    table.do(cmd="leave", player=NAMES[most])
    table.do(cmd="start_game", game="busfahrer", dealer="Anna", options=options)
    assert len(table.view["hands"]) == most


def test_one_player_left_at_the_table_cannot_start_it() -> None:
    table = LoggedTable().do(cmd="start_night", players=["Anna", "Ben"], chips=0)
    table.do(cmd="leave", player="Ben")
    assert table.refused(cmd="start_game", game="busfahrer", dealer="Anna").endswith(
        "is for 2 to 10 players; 1 is at the table.")


@pytest.mark.parametrize(("options", "reason"), [
    ({"bus_length": 9}, "busfahrer option bus_length is a whole number from 3 to 8, not 9."),
    ({"bus_length": 2}, "busfahrer option bus_length is a whole number from 3 to 8, not 2."),
    ({"pyramid_rows": 6}, "busfahrer option pyramid_rows is a whole number from 4 to 5, not 6."),
    ({"row_sips": "triple"},
     "busfahrer option row_sips is one of 'double', 'single', not 'triple'."),
    ({"bus_ride": "walk"},
     "busfahrer option bus_ride is one of 'calls', 'face_cards', not 'walk'."),
    ({"right_gives": "yes"}, "busfahrer option right_gives is true or false, not 'yes'."),
    ({"unit": "shots"}, "busfahrer option unit is one of 'points', 'sips', not 'shots'."),
])
def test_an_option_out_of_its_limits_is_refused_in_one_sentence(
        options: dict[str, Any], reason: str) -> None:
    table = LoggedTable().do(cmd="start_night", players=["Anna", "Ben"], chips=0)
    assert table.refused(cmd="start_game", game="busfahrer", options=options) == reason


def test_the_32_card_deck_refuses_2_to_6_as_mis_entries_in_every_phase() -> None:
    said = "The 32-card deck has no {}: its cards are 7 to A; check the card."
    drawing = busfahrer(("Anna", "Ben"), dealer=None, deck32=True)
    assert drawing.refused(cmd="card", card="6c") == said.format(6)
    asking = busfahrer(("Anna", "Ben"), dealer="Ben", deck32=True)
    asking.do(cmd="call", choice="red")
    assert asking.refused(cmd="card", card="2h") == said.format(2)
    hands = {"Anna": ("7c", "7d", "8c", "8d"), "Ben": ("9c", "9d", "10c", "Qs")}
    laying = at_the_pyramid(("Anna", "Ben"), "Ben", hands, deck32=True)
    assert laying.refused(cmd="card", card="5s") == said.format(5)
    riding = pyramid(laying, "7h", "8h", "9h", "Jc", "Jd", "Jh", "Js", "Kc", "Kd", "Kh")
    assert riding.view["driver"] == "Ben"
    assert riding.refused(cmd="card", card="3d") == said.format(3)
    riding.do(cmd="card", card="7d")


def test_the_lowest_card_drawn_deals_the_ace_lowest_a_tie_draws_again() -> None:
    table = busfahrer(dealer=None)
    assert table.view["phase"] == "draw" and expected(table)["slot"] == "draw"
    assert expected(table)["prompt"] == "Anna: draw a card (lowest deals)"
    table.cards("5c", "Ah", "Ad")  # Ben and Cleo tie on the lowest, the ace
    assert of_type(table, draw.DrawStarted) == [draw.DrawStarted(("Ben", "Cleo"))]
    table.cards("9s", "3s")
    assert of_type(table, QuestionsStarted) == [QuestionsStarted("Cleo", ("Anna", "Ben",
                                                                          "Cleo"))]
    view = table.view
    assert (view["dealer"], view["turn"], view["seen"]) == ("Cleo", "Anna", [])


def test_whoever_joins_during_the_draw_plays_from_the_next_game() -> None:
    table = busfahrer(dealer=None)
    table.do(cmd="card", card="5c").do(cmd="join", player="Dan", chips=1)
    table.cards("8h", "2d")
    assert table.view["dealer"] == "Cleo"
    assert list(table.view["hands"]) == ["Anna", "Ben", "Cleo"]


def test_a_whole_game_ends_only_by_end_game_and_counts_no_chips() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID)
    table.do(cmd="card", card="8c")
    for call, card in (("higher", "Jd"), ("lower", "3s"), ("higher", "6h"),
                       ("higher", "9d")):
        turn(table, call, card)
    assert expected(table)["kind"] == "end_game"
    table.do(cmd="end_game")
    assert table.view["games_played"] == ["busfahrer"]
    assert {name: seat["chips"] for name, seat in table.view["players"].items()} == {
        "Anna": 0, "Ben": 0, "Cleo": 0}
