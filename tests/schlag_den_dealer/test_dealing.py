"""Schlag den Dealer's deal through the pure engine: who draws for it, the order of play,
the relief of the dealer after three double misses, players who come and go, and sips that
never touch the chips (RULES.md §5)."""

from __future__ import annotations

import pytest

from engine.games.schlag_den_dealer.state import DeckTaken
from tests.schlag_den_dealer.table import (
    NINE,
    PLAYERS,
    double_miss,
    guess,
    hit,
    of_type,
    refusal,
    schlag,
    sips,
)
from tests.table import Table

# --- relief of the dealer and the order of play -------------------------------------------

def test_the_guessers_go_round_from_the_dealers_left_and_the_dealer_never_guesses() -> None:
    table = schlag(dealer="Cleo")
    order = []
    for card in ("2", "3", "4", "5", "6", "7", "8"):
        order.append(table.view["turn"])
        hit(table, table.view["turn"], card, card)
    assert order == ["Dan", "Ben", "Anna", "Dan", "Ben", "Anna", "Dan"]
    assert sips(table) == {"Ben": 0, "Anna": 0, "Cleo": 28, "Dan": 0}


def test_three_double_misses_in_a_row_relieve_the_dealer_and_the_deck_passes_left() -> None:
    table = schlag()
    double_miss(table, "Anna", "10c")
    assert table.view["misses"] == 1 and table.view["dealer"] == "Ben"
    double_miss(table, "Cleo", "10d")
    assert table.view["misses"] == 2 and table.view["dealer"] == "Ben"
    double_miss(table, "Dan", "10h")
    assert of_type(table, DeckTaken) == [DeckTaken("Anna", "Cleo")]
    view = table.view
    assert (view["dealer"], view["turn"], view["misses"]) == ("Anna", "Cleo", 0)
    assert sips(table) == {"Ben": 0, "Anna": 2, "Cleo": 2, "Dan": 2}
    # the relieved dealer guesses now; the new dealer does not
    order = []
    for card in ("2", "3", "4", "5"):
        order.append(table.view["turn"])
        hit(table, table.view["turn"], card, card)
    assert order == ["Cleo", "Dan", "Ben", "Cleo"]
    assert sips(table)["Anna"] == 2 + 16


def test_a_hit_between_double_misses_starts_the_count_again() -> None:
    table = schlag()
    double_miss(table, "Anna", "10c")
    double_miss(table, "Cleo", "10d")
    table.do(cmd="card", card="9")
    guess(table, "Dan", 7, 9)  # right at the second try
    assert table.view["misses"] == 0 and table.view["dealer"] == "Ben"
    double_miss(table, "Anna", "10h")
    double_miss(table, "Cleo", "10s")
    hit(table, "Dan", "8", 8)  # right at once
    assert table.view["misses"] == 0 and table.view["dealer"] == "Ben"
    double_miss(table, "Anna", "J", 7, 13)
    double_miss(table, "Cleo", "J", 7, 13)
    assert table.view["dealer"] == "Ben" and table.view["misses"] == 2
    double_miss(table, "Dan", "J", 7, 13)
    view = table.view
    assert (view["dealer"], view["turn"], view["misses"]) == ("Anna", "Cleo", 0)
    assert sips(table) == {"Ben": 4 + 2, "Anna": 2 + 2 + 2, "Cleo": 2 + 2 + 2, "Dan": 2}


def test_with_three_players_a_guesser_may_miss_twice_in_the_three() -> None:
    table = schlag(("Ben", "Anna", "Cleo"))
    double_miss(table, "Anna", "10c")
    double_miss(table, "Cleo", "10d")
    double_miss(table, "Anna", "10h")
    view = table.view
    assert (view["dealer"], view["turn"]) == ("Anna", "Cleo")
    assert sips(table) == {"Ben": 0, "Anna": 4, "Cleo": 2}


# --- the draw for the first dealer --------------------------------------------------------

def test_without_a_dealer_everyone_draws_and_the_lowest_deals_the_ace_lowest() -> None:
    table = schlag(dealer=None)
    expect = table.view["expect"]
    assert (expect["kind"], expect["slot"], expect["player"]) == ("card", "draw", "Ben")
    assert refusal(table, cmd="guess", value=7).key == "expect.no_guess"
    table.cards("2", "A", "K")
    assert table.view["expect"]["player"] == "Dan" and table.view["seen"] == ["2", "A", "K"]
    table.do(cmd="card", card="5d")
    assert of_type(table, DeckTaken) == [DeckTaken("Anna", "Cleo")]
    view = table.view
    # the cards drawn for the deal go back into the deck
    assert (view["dealer"], view["turn"], view["seen"], view["deck_remaining"]) == (
        "Anna", "Cleo", [], 52)


def test_dealer_draw_is_the_same_as_no_dealer() -> None:
    table = Table().do(cmd="start_night", players=list(PLAYERS), chips=0)
    table.do(cmd="start_game", game="schlag-den-dealer", dealer="draw")
    assert table.view["expect"]["slot"] == "draw" and table.view["dealer"] is None


def test_a_tie_for_the_lowest_card_draws_again_among_the_tied() -> None:
    table = schlag(dealer=None).cards("5", "2", "2c", "K")
    assert table.view["expect"]["player"] == "Anna"  # Anna and Cleo drew a 2
    assert table.view["dealer"] is None
    assert table.refused(cmd="card", card="9", player="Cleo") == "It is Anna's turn, not Cleo's."
    assert refusal(table, cmd="card", card="2c").key == "card.out"  # still in Cleo's hand
    table.cards("9")
    assert table.view["expect"]["player"] == "Cleo"
    table.cards("3")
    view = table.view
    assert (view["dealer"], view["turn"], view["seen"]) == ("Cleo", "Dan", [])


def test_the_draw_with_ace_high_still_counts_the_ace_lowest() -> None:
    table = schlag(dealer=None, ace_high=True).cards("2", "3", "A", "4")
    assert table.view["dealer"] == "Cleo" and table.view["turn"] == "Dan"


def test_a_player_leaving_during_the_draw_leaves_it() -> None:
    table = schlag(dealer=None).cards("2", "A")
    table.do(cmd="leave", player="Cleo")
    assert table.view["expect"]["player"] == "Dan"
    table.cards("3")
    assert table.view["dealer"] == "Anna" and table.view["turn"] == "Dan"


# --- players ------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [2, 9])
def test_schlag_is_for_3_to_8_players(count: int) -> None:
    table = Table().do(cmd="start_night", players=list(NINE[:count]), chips=0)
    reason = table.refused(cmd="start_game", game="schlag-den-dealer", dealer="Ann")
    assert reason == (f"Schlag den Dealer is for 3 to 8 players; {count} are at the table.")
    assert table.view["game"] is None


@pytest.mark.parametrize("count", [3, 8])
def test_three_and_eight_players_may_play(count: int) -> None:
    table = schlag(NINE[:count], dealer="Ann")
    assert table.view["dealer"] == "Ann" and table.view["turn"] == "Bo"


def test_the_players_who_left_do_not_count_at_the_start() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=0)
    table.do(cmd="leave", player="Cy")
    assert table.refused(cmd="start_game", game="schlag-den-dealer", dealer="Ann") == (
        "Schlag den Dealer is for 3 to 8 players; 2 are at the table.")


def test_the_dealer_leaving_passes_the_deck_left() -> None:
    table = schlag()
    double_miss(table, "Anna", "10")
    table.do(cmd="leave", player="Ben")
    assert of_type(table, DeckTaken) == [DeckTaken("Anna", "Cleo")]
    view = table.view
    assert (view["dealer"], view["turn"], view["misses"]) == ("Anna", "Cleo", 0)
    assert view["players"]["Ben"]["present"] is False and view["seen"] == ["10"]
    hit(table, "Cleo", "3", 3)
    assert table.view["turn"] == "Dan"
    hit(table, "Dan", "4", 4)
    assert table.view["turn"] == "Cleo"  # Ben is gone, Anna deals


def test_the_guesser_leaving_passes_the_turn_on() -> None:
    table = schlag()
    hit(table, "Anna", "3", 3)
    assert table.view["turn"] == "Cleo"
    table.do(cmd="leave", player="Cleo")
    assert table.view["dealer"] == "Ben" and table.view["turn"] == "Dan"
    hit(table, "Dan", "4", 4)
    assert table.view["turn"] == "Anna"
    table.do(cmd="join", player="Eve", chips=1, after="Anna")
    table.do(cmd="leave", player="Dan")  # not the guesser: the order just skips Dan
    hit(table, "Anna", "5", 5)
    assert table.view["turn"] == "Eve" and table.view["dealer"] == "Ben"


def test_nobody_leaves_in_the_middle_of_a_turn() -> None:
    table = schlag()
    guess(table, "Anna", 7)
    rejection = refusal(table, cmd="leave", player="Cleo")
    assert rejection.key == "turn.under_way"
    assert rejection.reason == "Anna's turn is under way: finish it before Cleo leaves."
    card_in = schlag().do(cmd="card", card="9")
    assert refusal(card_in, cmd="leave", player="Anna").key == "turn.under_way"


def test_a_guesser_leaving_does_not_reset_the_count_of_double_misses() -> None:
    table = schlag()
    double_miss(table, "Anna", "10c")
    double_miss(table, "Cleo", "10d")
    assert table.view["misses"] == 2 and table.view["turn"] == "Dan"
    table.do(cmd="leave", player="Dan")
    assert table.view["misses"] == 2 and table.view["turn"] == "Anna"
    double_miss(table, "Anna", "10h")  # Anna, Cleo, Anna: three in a row missed twice
    assert table.view["dealer"] == "Anna"


# --- chips and the unit -------------------------------------------------------------------

def test_sips_never_touch_the_chips_and_players_without_chips_can_play() -> None:
    broke = schlag(chips=0)
    assert broke.view["dealer"] == "Ben" and broke.view["pot"] == 0
    table = schlag(chips=20, stupid_guess=True)
    for card in ("7c", "7d", "7h", "7s"):
        hit(table, table.view["turn"], card, 7)
    double_miss(table, "Cleo", "10", 7, 12)  # a stupid guess, then a miss
    table.do(cmd="card", card="2")
    guess(table, "Dan", 5, 2)  # right at the second try
    table.do(cmd="end_game")
    view = table.view
    assert {name: seat["chips"] for name, seat in view["players"].items()} == dict.fromkeys(
        PLAYERS, 20)
    assert all(seat["bought_in"] == 20 for seat in view["players"].values())
    assert sips(table) == {"Ben": 16 + 2, "Anna": 0, "Cleo": 5 + 2, "Dan": 0}


@pytest.mark.parametrize("unit", ["sips", "points"])
def test_the_unit_is_shown_in_the_view(unit: str) -> None:
    assert schlag(unit=unit).view["unit"] == unit


def test_sips_is_the_default_unit_and_other_units_are_refused() -> None:
    assert schlag().view["unit"] == "sips"
    table = Table().do(cmd="start_night", players=list(PLAYERS), chips=0)
    reason = table.refused(cmd="start_game", game="schlag-den-dealer", dealer="Ben",
                           options={"unit": "drinks"})
    assert "unit" in reason and "'points'" in reason
