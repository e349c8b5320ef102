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

from engine.kernel import GameHalted, SipsOwed
from engine.rejection import Rejection
from engine.schlag_state import CardLaid, DeckTaken, Guessed
from tests.table import Table

PLAYERS = ("Ben", "Anna", "Cleo", "Dan")
NINE = ("Ann", "Bo", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ivy")
VALUES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
HIGH_VALUES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def schlag(players: tuple[str, ...] = PLAYERS, dealer: str | None = "Ben", chips: int = 0,
           **options: Any) -> Table:
    """A night at `players` with a game of Schlag den Dealer; `dealer=None` draws."""
    table = Table().do(cmd="start_night", players=list(players), chips=chips)
    command: dict[str, Any] = {"cmd": "start_game", "game": "schlag-den-dealer",
                               "options": options}
    if dealer is not None:
        command["dealer"] = dealer
    return table.do(**command)


def refusal(table: Table, **command: Any) -> Rejection:
    """A command that must be refused without changing anything; the rejection."""
    before = table.state
    outcome = table.try_(**command)
    assert isinstance(outcome, Rejection), f"{command} was accepted"
    assert table.state == before
    return outcome


def sips(table: Table) -> dict[str, int]:
    return {p.name: p.sips for p in table.state.players}


def owed(table: Table) -> list[tuple[str, int, str, str | None]]:
    """Who drinks what from the last accepted command: player, sips, why, caused by."""
    return [(e.player, e.sips, e.why, e.by) for e in table.last_events
            if isinstance(e, SipsOwed)]


def of_type(table: Table, kind: type) -> list[Any]:
    return [e for e in table.last_events if isinstance(e, kind)]


def guess(table: Table, player: str, *values: Any) -> Table:
    for value in values:
        table.do(cmd="guess", value=value, player=player)
    return table


def double_miss(table: Table, player: str, card: str, first: Any = 7,
                second: Any = 12) -> Table:
    """`player` misses twice against `card`, entered first (7 then Q on a 10: 2 sips)."""
    table.do(cmd="card", card=card)
    return guess(table, player, first, second)


def hit(table: Table, player: str, card: str, value: Any) -> Table:
    """`player` names `card`'s value at once: the dealer drinks 4."""
    return guess(table.do(cmd="card", card=card), player, value)


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


def test_with_fewer_than_three_or_more_than_eight_at_the_table_the_game_waits() -> None:
    table = schlag()
    table.do(cmd="leave", player="Dan").do(cmd="leave", player="Cleo")
    expect = table.view["expect"]
    assert expect["kind"] == "end_game" and expect["why"] == "table_size"
    assert refusal(table, cmd="guess", value=4).key == "schlag.table_size"
    table.do(cmd="join", player="Eve", chips=1)
    assert table.view["expect"]["kind"] == "guess"
    for name in ("Finn", "Gus", "Hanna", "Ida", "Jon", "Kai"):
        table.do(cmd="join", player=name, chips=1)
    assert table.view["expect"]["why"] == "table_size"  # nine at the table
    table.do(cmd="end_game")


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
    assert refusal(table, cmd="next_dealer", player="Zed").key is None


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
