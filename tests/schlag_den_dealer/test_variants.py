"""Schlag den Dealer's variants through the pure engine (RULES.md §5): stupid_guess,
ace_high, one_try, value_and_suit and dealer_chooses, each sip worked out by hand."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.schlag_den_dealer.state import DeckTaken, Guessed
from engine.rejection import Rejection
from tests.schlag_den_dealer.table import (
    HIGH_VALUES,
    PLAYERS,
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
from tests.table import Table

# --- stupid_guess -------------------------------------------------------------------------

def _four_sevens_out(table: Table) -> Table:
    """Anna, Cleo, Dan and Anna name four 7s at once: Ben drinks 16."""
    for card in ("7c", "7d", "7h", "7s"):
        hit(table, table.view["turn"], card, 7)
    return table


def test_a_stupid_guess_costs_the_penalty_of_5() -> None:
    table = _four_sevens_out(schlag(stupid_guess=True)).do(cmd="card", card="10")
    guess(table, "Cleo", 7)
    assert owed(table) == [("Cleo", 5, "stupid_guess", "Cleo")]
    guess(table, "Cleo", 10)
    assert owed(table) == [("Ben", 2, "second_hit", "Cleo")]
    assert sips(table) == {"Ben": 16 + 2, "Anna": 0, "Cleo": 5, "Dan": 0}


def test_a_stupid_second_guess_costs_the_penalty_and_the_difference() -> None:
    table = _four_sevens_out(schlag(stupid_guess=True))
    guess(table, "Cleo", 12, 7)
    assert owed(table) == [("Cleo", 5, "stupid_guess", "Cleo")]
    table.do(cmd="card", card="10")
    assert owed(table) == [("Cleo", 3, "miss", "Ben")]
    assert sips(table)["Cleo"] == 8


def test_the_stupid_penalty_may_be_set() -> None:
    table = _four_sevens_out(schlag(stupid_guess=True, stupid_penalty=3))
    guess(table, "Cleo", "7")
    assert owed(table) == [("Cleo", 3, "stupid_guess", "Cleo")]


def test_three_out_is_no_stupid_guess_and_without_the_option_nothing_is_owed() -> None:
    table = schlag(stupid_guess=True)
    for card in ("7c", "7d", "7h"):
        hit(table, table.view["turn"], card, 7)
    guess(table, "Anna", 7)
    assert owed(table) == []
    plain = _four_sevens_out(schlag())
    guess(plain, "Cleo", 7)
    assert owed(plain) == [] and sips(plain)["Cleo"] == 0


def test_the_stupid_penalty_is_at_least_1() -> None:
    table = Table().do(cmd="start_night", players=list(PLAYERS), chips=0)
    reason = table.refused(cmd="start_game", game="schlag-den-dealer", dealer="Ben",
                           options={"stupid_guess": True, "stupid_penalty": 0})
    assert "stupid_penalty" in reason


# --- ace_high -----------------------------------------------------------------------------

def test_ace_high_makes_the_ace_14() -> None:
    table = schlag(ace_high=True)
    assert table.refused(cmd="guess", value=1).startswith("1 is no value here")
    assert refusal(table, cmd="guess", value="1").key == "guess.value"
    expect = table.view["expect"]
    assert (expect["low"], expect["high"]) == (2, 14)
    guess(table, "Anna", "A")
    assert of_type(table, Guessed) == [Guessed("Anna", 14, None)]
    table.do(cmd="card", card="Ah")
    assert owed(table) == [("Ben", 4, "first_hit", "Anna")]
    table.do(cmd="card", card="As")
    guess(table, "Cleo", 10)
    assert table.view["expect"]["hint"] == "higher"
    guess(table, "Cleo", 13)
    assert owed(table) == [("Cleo", 1, "miss", "Ben")]  # 14 - 13
    guess(table, "Dan", 2, 3)
    table.do(cmd="card", card="A")
    assert owed(table) == [("Dan", 11, "miss", "Ben")]  # 14 - 3
    guess(table, "Anna", 14)
    table.do(cmd="card", card="Ad")
    assert owed(table) == [("Ben", 4, "first_hit", "Anna")]


def test_ace_high_sorts_the_ace_after_the_king_in_the_tally() -> None:
    table = schlag(ace_high=True)
    hit(table, "Anna", "A", "A")
    view = table.view
    assert list(view["values_out"]) == list(HIGH_VALUES)
    assert view["values_out"]["A"] == 1 and list(view["chances"]) == list(HIGH_VALUES)
    assert list(schlag().view["values_out"]) == list(VALUES)


def test_without_ace_high_the_ace_is_1() -> None:
    table = schlag()
    expect = table.view["expect"]
    assert (expect["low"], expect["high"]) == (1, 13)
    guess(table, "Anna", 2, 3)
    table.do(cmd="card", card="A")
    assert owed(table) == [("Anna", 2, "miss", "Ben")]  # 3 - 1


# --- one_try ------------------------------------------------------------------------------

def test_one_try_a_wrong_guess_drinks_the_difference_at_once() -> None:
    table = schlag(one_try=True)
    guess(table, "Anna", 7)
    expect = table.view["expect"]
    assert (expect["kind"], expect["slot"], expect["player"]) == ("card", "reveal", "Ben")
    assert refusal(table, cmd="guess", value=10).key == "guess.done"
    table.do(cmd="card", card="10")
    assert owed(table) == [("Anna", 3, "miss", "Ben")]
    assert table.view["turn"] == "Cleo"
    table.do(cmd="card", card="Q")  # the card first: the miss is settled by the guess
    guess(table, "Cleo", 2)
    assert owed(table) == [("Cleo", 10, "miss", "Ben")]
    assert table.view["turn"] == "Dan"
    hit(table, "Dan", "5", 5)
    assert owed(table) == [("Ben", 4, "first_hit", "Dan")]
    assert sips(table) == {"Ben": 4, "Anna": 3, "Cleo": 10, "Dan": 0}


# --- value_and_suit -----------------------------------------------------------------------

def test_value_and_suit_cards_need_their_suit() -> None:
    table = schlag(value_and_suit=True)
    assert table.view["expect"]["suits"] is True
    assert refusal(table, cmd="card", card="Q").key == "schlag.suit_needed"
    table.do(cmd="card", card="Qh")
    assert table.view["card_in"] is True


@pytest.mark.parametrize("command", [{"value": "Qh"}, {"value": 12, "suit": "h"},
                                     {"value": "D", "suit": "h"}])
def test_value_and_suit_the_exact_card_at_the_first_try_makes_the_dealer_drink_8(
        command: dict[str, Any]) -> None:
    table = schlag(value_and_suit=True)
    table.do(cmd="guess", **command)
    assert of_type(table, Guessed) == [Guessed("Anna", 12, "h")]
    table.do(cmd="card", card="Qh")
    assert owed(table) == [("Ben", 8, "exact_card", "Anna")]
    assert sips(table) == {"Ben": 8, "Anna": 0, "Cleo": 0, "Dan": 0}


def test_value_and_suit_exact_sips_may_be_set() -> None:
    table = schlag(value_and_suit=True, exact_sips=10).do(cmd="card", card="10s")
    guess(table, "Anna", "10s")
    assert owed(table) == [("Ben", 10, "exact_card", "Anna")]


@pytest.mark.parametrize("first", ["Qd", 12, "Q"])
def test_value_and_suit_the_right_value_without_the_suit_is_4(first: Any) -> None:
    table = schlag(value_and_suit=True).do(cmd="card", card="Qh")
    guess(table, "Anna", first)
    assert owed(table) == [("Ben", 4, "first_hit", "Anna")]


def test_value_and_suit_the_suit_goes_with_the_first_guess_only() -> None:
    table = schlag(value_and_suit=True).do(cmd="card", card="Qh")
    guess(table, "Anna", "7h")
    assert table.view["expect"]["hint"] == "higher"
    assert refusal(table, cmd="guess", value=12, suit="h").key == "guess.suit_first"
    assert refusal(table, cmd="guess", value="Qh").key == "guess.suit_first"
    guess(table, "Anna", "Q")  # the exact card at the second try is a second hit
    assert owed(table) == [("Ben", 2, "second_hit", "Anna")]


def test_value_and_suit_a_suit_not_of_the_deck_is_refused() -> None:
    table = schlag(value_and_suit=True)
    assert refusal(table, cmd="guess", value=12, suit="x").key == "guess.suit"


@pytest.mark.parametrize("suit", ["dh", "", 5])
def test_value_and_suit_a_suit_is_one_of_c_d_h_s(suit: Any) -> None:
    table = schlag(value_and_suit=True)
    outcome = table.try_(cmd="guess", value=12, suit=suit)
    assert isinstance(outcome, Rejection) and outcome.key == "guess.suit"


@pytest.mark.parametrize("command", [{"value": 12, "suit": "H"}, {"value": "Q♥"},
                                     {"value": 12, "suit": "♥"}])
def test_value_and_suit_the_suit_of_a_guess_follows_the_card_notation(
        command: dict[str, Any]) -> None:
    table = schlag(value_and_suit=True)
    table.do(cmd="guess", **command)
    table.do(cmd="card", card="Qh")
    assert owed(table) == [("Ben", 8, "exact_card", "Anna")]


# --- dealer_chooses -----------------------------------------------------------------------

def _relieved(**options: Any) -> Table:
    table = schlag(dealer_chooses=True, **options)
    for guesser, card in (("Anna", "10c"), ("Cleo", "10d"), ("Dan", "10h")):
        double_miss(table, guesser, card)
    return table


def test_dealer_chooses_the_relieved_dealer_names_the_next_dealer() -> None:
    table = _relieved()
    assert of_type(table, DeckTaken) == []
    view = table.view
    expect = view["expect"]
    assert (expect["kind"], expect["player"], expect["choices"]) == (
        "next_dealer", "Ben", ["Anna", "Cleo", "Dan"])
    assert view["dealer"] == "Ben" and view["turn"] == "Ben"
    assert refusal(table, cmd="guess", value=7).key == "expect.no_guess"
    assert refusal(table, cmd="card", card="9").key == "expect.no_card"
    rejection = refusal(table, cmd="next_dealer", player="Ben")
    assert rejection.key == "schlag.choose_who"
    assert rejection.reason == ("Ben cannot take the deck: the next dealer is another player "
                                "at the table.")
    table.do(cmd="next_dealer", player="Dan")
    assert of_type(table, DeckTaken) == [DeckTaken("Dan", "Ben")]
    view = table.view
    assert (view["dealer"], view["turn"], view["misses"]) == ("Dan", "Ben", 0)
    assert view["expect"]["kind"] == "guess"
    assert sips(table) == {"Ben": 0, "Anna": 2, "Cleo": 2, "Dan": 2}


def test_dealer_chooses_nobody_who_left() -> None:
    table = _relieved()
    table.do(cmd="leave", player="Cleo")
    assert table.view["expect"]["choices"] == ["Anna", "Dan"]
    assert refusal(table, cmd="next_dealer", player="Cleo").key == "schlag.choose_who"
    assert refusal(table, cmd="next_dealer", player="Zed").key == "player.unknown"


def test_next_dealer_only_when_a_relieved_dealer_chooses() -> None:
    table = schlag(dealer_chooses=True)
    assert refusal(table, cmd="next_dealer", player="Cleo").key == "schlag.choose_when"
    double_miss(table, "Anna", "10c")
    double_miss(table, "Cleo", "10d")
    assert refusal(table, cmd="next_dealer", player="Cleo").key == "schlag.choose_when"
    plain = schlag()
    for guesser, card in (("Anna", "10c"), ("Cleo", "10d"), ("Dan", "10h")):
        double_miss(plain, guesser, card)
    assert plain.view["dealer"] == "Anna"  # passed left at once, nobody chooses
    assert refusal(plain, cmd="next_dealer", player="Dan").key == "schlag.choose_when"


def test_dealer_chooses_the_next_guesser_leaving_does_not_skip_the_choice() -> None:
    table = _relieved()
    table.do(cmd="leave", player="Anna")  # Anna would guess next
    view = table.view
    assert view["expect"]["kind"] == "next_dealer" and view["expect"]["player"] == "Ben"
    table.do(cmd="next_dealer", player="Cleo")
    assert table.view["dealer"] == "Cleo" and table.view["turn"] == "Dan"
