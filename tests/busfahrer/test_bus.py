"""Busfahrer's bus (RULES.md §6.3): who rides, and the ride with its restarts.

Cleo deals to Anna, Ben and Cleo, who answered every question wrong: Anna 7♣ 7♦ K♣ 2♠, Ben
7♥ 9♣ 9♦ Q♠, Cleo 3♣ 4♣ 5♣ 6♣. The pyramid 7♠ 8♣ 9♥ 10♣ / K♦ 2♥ J♠ / 3♦ 4♦ / 6♥ leaves Ben
his queen and Cleo her 5: one card each, Ben the higher sum, so Ben rides.
"""

from __future__ import annotations

from engine.cards import RANK_NAMES, SUITS, parse_card
from engine.games.busfahrer.commands import Over
from engine.games.busfahrer.state import (
    BusCard,
    BusReshuffled,
    DriverFound,
    DriverTied,
    GameStopped,
    Reason,
    RideEnded,
)
from tests.busfahrer.table import (
    HANDS,
    PYRAMID,
    at_the_pyramid,
    busfahrer,
    deal,
    expected,
    of_type,
    owed,
    pyramid,
    sips,
    turn,
)


def test_the_player_holding_the_most_cards_rides() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID[:-1])
    table.do(cmd="card", card="8h")  # the top card: nobody holds an 8, Cleo keeps 5 and 6
    assert of_type(table, DriverFound) == [DriverFound("Cleo", Reason.CARDS)]
    view = table.view
    assert (view["phase"], view["driver"], view["turn"]) == ("bus", "Cleo", "Cleo")
    assert view["hands"] == {"Anna": [], "Ben": ["Qs"], "Cleo": ["5c", "6c"]}


def test_between_as_many_cards_the_highest_sum_rides() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID)
    assert of_type(table, DriverFound) == [DriverFound("Ben", Reason.SUM)]
    assert table.view["driver"] == "Ben" and table.view["hands"]["Cleo"] == ["5c"]


def test_a_tie_in_the_sum_too_the_dealer_names_the_driver_among_the_tied() -> None:
    hands = {**HANDS, "Cleo": ("3c", "4c", "5c", "Qc")}
    table = pyramid(at_the_pyramid(hands=hands), *PYRAMID[:-1])
    table.do(cmd="card", card="5d")  # Cleo lays her 5: Ben and Cleo hold a queen each
    give_owed = expected(table)
    assert (give_owed["kind"], give_owed["player"]) == ("give", "Cleo")
    table.do(cmd="give", to="Anna", sips=4)
    assert of_type(table, DriverTied) == [DriverTied(("Ben", "Cleo"))]
    wanted = expected(table)
    assert (wanted["kind"], wanted["player"], wanted["choices"]) == (
        "driver", "Cleo", ["Ben", "Cleo"])
    view = table.view
    assert (view["phase"], view["driver"], view["tied"], view["turn"]) == (
        "bus", None, ["Ben", "Cleo"], None)
    assert table.refused(cmd="driver", player="Anna") == (
        "Anna is not among the players tied for the bus: Ben or Cleo.")
    assert table.refused(cmd="call", choice="higher") == (
        "No call is expected now: Cleo: name the driver: Ben / Cleo.")
    table.do(cmd="driver", player="cleo")
    assert of_type(table, DriverFound) == [DriverFound("Cleo", Reason.DEALER)]
    assert table.view["driver"] == "Cleo" and table.view["tied"] == []


def test_nobody_holding_a_card_no_ride_and_the_game_is_over() -> None:
    hands = {"Anna": ("2c", "2d", "3c", "3d"), "Ben": ("2h", "4c", "4d", "5c"),
             "Cleo": ("3h", "4h", "5d", "5h")}
    table = pyramid(at_the_pyramid(hands=hands), "2s", "3s", "4s", "5s", "6c", "6d", "6h",
                    "6s", "8c", "8d")
    assert of_type(table, GameStopped) == [GameStopped(Over.NO_RIDE)]
    wanted = expected(table)
    assert (wanted["kind"], wanted["why"]) == ("end_game", "no_ride")
    assert table.view["phase"] == "over" and table.view["driver"] is None
    assert table.refused(cmd="card", card="9c") == (
        "Nobody holds a card: no ride; the game is over; end it.")
    table.do(cmd="end_game")
    assert table.view["game"] is None


def test_the_ride_every_card_shuffled_then_higher_or_lower_place_by_place() -> None:
    table = pyramid(at_the_pyramid(), *PYRAMID)
    view = table.view
    assert view["seen"] == [] and view["deck_remaining"] == 52  # shuffled for the ride
    assert view["bus"] == {"length": 5, "tries": 1, "cards": [], "call": None}
    wanted = expected(table)
    assert (wanted["kind"], wanted["slot"], wanted["player"]) == ("card", "bus", "Ben")
    assert wanted["prompt"] == "Ben's bus, try 1, place 1 of 5: the card"
    assert view["odds"] is None  # the first card is nobody's call
    table.do(cmd="card", card="8c")
    assert of_type(table, BusCard) == [BusCard("Ben", "8c", 1, True)]
    wanted = expected(table)
    assert (wanted["kind"], wanted["choices"], wanted["place"]) == (
        "call", ["higher", "lower"], 2)
    # 51 unseen against the 8: 24 higher, 24 lower, 3 eights
    assert table.view["odds"] == {"higher": 47, "lower": 47, "same": 6}
    assert table.refused(cmd="call", choice="red") == (
        "Ben's call in the ride is higher or lower, not 'red'.")
    turn(table, "higher", "Jd")
    turn(table, "lower", "3s")
    assert table.view["bus"] == {"length": 5, "tries": 1, "cards": ["8c", "Jd", "3s"],
                                 "call": None}
    turn(table, "higher", "3h")  # the same value: wrong, four cards turned in this try
    assert of_type(table, BusCard) == [BusCard("Ben", "3h", 4, False)]
    assert owed(table) == [("Ben", 4, "ride", None)]
    assert table.view["bus"] == {"length": 5, "tries": 2, "cards": [], "call": None}
    assert expected(table)["kind"] == "card"  # a new first card, no call
    table.do(cmd="card", card="9c")
    turn(table, "lower", "2d")
    turn(table, "higher", "Kd")
    turn(table, "lower", "10h")
    turn(table, "higher", "As")  # the fifth place called right
    assert of_type(table, RideEnded) == [RideEnded("Ben", 2)]
    assert sips(table)["Ben"] == 10 + 6 + 4  # the questions, gives in the pyramid, the ride
    wanted = expected(table)
    assert (wanted["kind"], wanted["why"]) == ("end_game", "ridden")
    assert table.view["phase"] == "over" and table.view["turn"] is None
    assert table.refused(cmd="card", card="5c") == (
        "Ben has ridden the bus: the game is over; end it.")


def test_a_wrong_call_drinks_as_many_as_cards_turned_in_the_try() -> None:
    for cards, last, drunk in ((("8c", "Jd"), "lower", 2),
                               (("8c", "Jd", "Qd", "2c"), "higher", 4)):
        table = pyramid(at_the_pyramid(), *PYRAMID)
        table.do(cmd="card", card=cards[0])
        for card in cards[1:-1]:
            turn(table, "higher", card)
        turn(table, last, cards[-1])
        assert owed(table) == [("Ben", drunk, "ride", None)], cards


def test_bus_length_sets_the_places() -> None:
    table = pyramid(at_the_pyramid(bus_length=3), *PYRAMID)
    table.do(cmd="card", card="8c")
    turn(table, "higher", "Jd")
    assert expected(table)["prompt"] == "Ben's bus, try 1, place 3 of 3: higher or lower than J♦?"
    turn(table, "lower", "2c")
    assert of_type(table, RideEnded) == [RideEnded("Ben", 1)]


def test_the_deck_running_out_in_the_ride_is_shuffled_but_for_the_last_card() -> None:
    # Two players with the 32-card deck: Anna lays all, Ben keeps 10♣ and Q♠ and rides.
    table = busfahrer(("Anna", "Ben"), dealer="Ben", deck32=True)
    deal(table, {"Anna": ("7c", "7d", "8c", "8d"), "Ben": ("9c", "9d", "10c", "Qs")})
    pyramid(table, "7h", "8h", "9h", "Jc", "Jd", "Jh", "Js", "Kc", "Kd", "Kh")
    assert table.view["driver"] == "Ben" and table.view["deck_remaining"] == 32
    every = [RANK_NAMES[rank] + suit for rank in range(7, 15) for suit in SUITS]
    cards = [card for card in every if card not in ("Ah", "7c")]
    for first, second in zip(cards[::2], cards[1::2], strict=True):  # 15 tries, all wrong
        table.do(cmd="card", card=first)
        higher = table.game.value(parse_card(second)) > table.game.value(parse_card(first))
        turn(table, "lower" if higher else "higher", second)
        assert owed(table) == [("Ben", 2, "ride", None)]
    table.do(cmd="card", card="Ah")
    turn(table, "lower", "7c")  # the 32nd card, called right: the deck is used up
    view = table.view
    assert view["deck_remaining"] == 0 and view["bus"]["cards"] == ["Ah", "7c"]
    assert view["bus"]["tries"] == 16
    # The odds of the next place already see the deck shuffled again but for the 7♣
    assert view["odds"] == {"higher": 90, "lower": 0, "same": 10}
    table.do(cmd="call", choice="higher")
    assert table.refused(cmd="card", card="7c").startswith(
        "7♣ is already out since the last shuffle")  # the last card turned stays seen
    table.do(cmd="card", card="Ah")  # an ace turned before is back in the deck
    assert of_type(table, BusReshuffled) == [BusReshuffled(("7c",))]
    assert of_type(table, BusCard) == [BusCard("Ben", "Ah", 3, True)]
    assert table.view["seen"] == ["7c", "Ah"] and table.view["deck_remaining"] == 30


def test_face_cards_no_calls_a_face_costs_1_to_4_and_starts_the_row_again() -> None:
    table = pyramid(at_the_pyramid(bus_ride="face_cards"), *PYRAMID)
    # 36 of 52 pass, 4 of each face: 69.2 and 7.7 %; of the three points short the faces'
    # equal remainders take theirs in order
    assert table.view["odds"] == {"pass": 69, "J": 8, "Q": 8, "K": 8, "A": 7}
    table.do(cmd="card", card="8c")
    assert "No call is expected now" in table.refused(cmd="call", choice="higher")
    table.do(cmd="card", card="Jd")
    assert owed(table) == [("Ben", 1, "face_card", None)]
    assert table.view["bus"]["tries"] == 2 and table.view["bus"]["cards"] == []
    for passing, card, cost in (("9c", "Qd", 2), ("2d", "Kd", 3), ("3d", "Ad", 4)):
        table.do(cmd="card", card=passing)
        table.do(cmd="card", card=card)
        assert owed(table) == [("Ben", cost, "face_card", None)], card
    for card in ("2c", "3c", "4c", "5c"):
        table.do(cmd="card", card=card)
        assert owed(table) == []
    table.do(cmd="card", card="6c")  # the fifth place passed
    assert of_type(table, RideEnded) == [RideEnded("Ben", 5)]


def test_ace_low_counts_the_ace_1_in_the_calls_and_the_sums() -> None:
    low = busfahrer(("Anna", "Ben"), dealer="Ben", ace_low=True, right_gives=False)
    turn(low, "black", "Ac")
    turn(low, "black", "5c")
    turn(low, "higher", "2d")  # Anna: a 2 over her ace, which counts 1
    assert owed(low) == []
    high = busfahrer(("Anna", "Ben"), dealer="Ben", right_gives=False)
    turn(high, "black", "Ac")
    turn(high, "black", "5c")
    turn(high, "higher", "2d")
    assert owed(high) == [("Anna", 2, "wrong", None)]
    # One card each after the pyramid: an ace against a 5 rides by the sum
    hands = {**HANDS, "Ben": ("7h", "9c", "9d", "As")}
    for ace_low, driver in ((False, "Ben"), (True, "Cleo")):
        table = pyramid(at_the_pyramid(hands=hands, ace_low=ace_low), *PYRAMID)
        assert of_type(table, DriverFound) == [DriverFound(driver, Reason.SUM)], ace_low
