"""Casino Red Dog as RULES.md §2 plays it, through the pure engine."""

from __future__ import annotations

import pytest

from engine.games.casino_red_dog.state import Outcome
from engine.games.casino_red_dog.view import (
    BankSlot,
    CasinoView,
    LastHand,
    ThirdCardExpected,
    expect,
    view,
)
from tests.table import Table


def casino(players: tuple[str, ...] = ("Ann", "Bo", "Cy"), chips: int = 20,
           dealer: str = "Ann", **options: object) -> Table:
    table = Table().do(cmd="start_night", players=list(players), chips=chips)
    return table.do(cmd="start_game", game="casino-red-dog", dealer=dealer, options=options)


def stacks(table: Table) -> dict[str, int]:
    return {p.name: p.chips for p in table.state.players}


def test_the_first_card_places_every_other_players_ante() -> None:
    table = casino(ante=2)
    assert table.view["bets"] == {}
    table.cards("4")
    assert stacks(table) == {"Ann": 20, "Bo": 18, "Cy": 18}
    assert table.view["bets"] == {"Bo": 2, "Cy": 2}
    assert table.state.chips_total == 60


def test_neighbours_push_and_every_bet_comes_back() -> None:
    table = casino(ante=2).cards("9", "10")
    assert table.view["last_hand"] == {"outcome": "push", "results": {"Bo": 0, "Cy": 0}}
    assert stacks(table) == {"Ann": 20, "Bo": 20, "Cy": 20}
    assert table.view["expect"]["slot"] == "bank_first"


def test_a_pair_then_the_same_rank_pays_eleven_to_one_and_another_rank_pushes() -> None:
    trips = casino(ante=2).cards("7", "7")
    assert trips.view["expect"]["slot"] == "bank_pair" and "raise" not in trips.view["expect"]
    assert "after the spread" in trips.refused(cmd="raise", player="Bo", amount=1)
    trips.cards("7")
    assert stacks(trips) == {"Ann": 20 - 44, "Bo": 42, "Cy": 42}  # the bank in debt
    push = casino(ante=2).cards("7", "7", "8")
    assert push.view["last_hand"]["outcome"] == "push"
    assert stacks(push) == {"Ann": 20, "Bo": 20, "Cy": 20}


@pytest.mark.parametrize(("first", "second", "third", "pays"), [
    ("5", "7", "6", 5), ("5", "8", "6", 4), ("5", "9", "8", 2), ("5", "10", "9", 1),
    ("2", "A", "K", 1)])
def test_a_card_between_pays_by_the_spread_on_the_whole_bet(
        first: str, second: str, third: str, pays: int) -> None:
    table = casino(ante=2).cards(first, second)
    spread = abs(int({"A": 14}.get(second, second)) - int(first)) - 1
    assert table.view["spread"] == spread and table.view["payout"] == pays
    table.do(cmd="raise", player="Bo", amount=2).cards(third)
    # Bo bet 4 (ante and raise), Cy 2: each wins the payout on the whole bet.
    assert table.view["last_hand"]["results"] == {"Bo": 4 * pays, "Cy": 2 * pays}
    assert stacks(table) == {"Ann": 20 - 6 * pays, "Bo": 20 + 4 * pays, "Cy": 20 + 2 * pays}
    assert table.view["bank_result"] == -6 * pays


@pytest.mark.parametrize("third", ["4", "J", "K", "2"])
def test_outside_or_on_a_post_the_bank_takes_the_bets(third: str) -> None:
    table = casino(ante=2).cards("4", "J").do(cmd="raise", player="Cy", amount=1).cards(third)
    assert table.view["last_hand"] == {"outcome": "lose", "results": {"Bo": -2, "Cy": -3}}
    assert stacks(table) == {"Ann": 25, "Bo": 18, "Cy": 17}


def test_a_raise_is_once_per_player_up_to_the_ante_and_the_stack() -> None:
    table = casino(ante=3).cards("3", "Q")
    assert table.view["expect"]["raise"] == {"Bo": 3, "Cy": 3}
    assert "at most 3" in table.refused(cmd="raise", player="Bo", amount=4)
    assert "whole number" in table.refused(cmd="raise", player="Bo", amount=0)
    table.do(cmd="raise", player="Bo", amount=3)
    assert "once per hand" in table.refused(cmd="raise", player="Bo", amount=1)
    assert table.view["expect"]["raise"] == {"Cy": 3}
    assert "not in this hand" in table.refused(cmd="raise", player="Ann", amount=1)
    assert "no player called" in table.refused(cmd="raise", player="Zed", amount=1)
    short = casino(chips=4, ante=3).cards("3", "Q")  # one chip left after the ante
    assert "at most 1 (the ante, or the stack)" in short.refused(
        cmd="raise", player="Bo", amount=2)


def test_the_ante_is_the_bet_so_bet_and_pass_are_refused() -> None:
    table = casino().cards("3", "Q")
    assert "the ante is the bet" in table.refused(cmd="bet", amount=2)
    assert "the ante is the bet" in table.refused(cmd="pass")


def test_a_player_short_of_the_ante_antes_all_they_have_and_with_nothing_sits_out() -> None:
    table = casino(ante=3)
    table.do(cmd="join", player="Dan", chips=2)
    table.cards("5")
    assert table.view["bets"] == {"Bo": 3, "Cy": 3, "Dan": 2} and table.chips("Dan") == 0
    table.cards("K", "2")  # outside: the bank takes every bet
    table.cards("7")
    assert table.view["bets"] == {"Bo": 3, "Cy": 3} and table.chips("Dan") == 0


def test_the_bank_alone_with_chips_waits_for_the_end_of_the_game() -> None:
    table = casino(("Ann", "Bo"), chips=2, ante=2).cards("4", "J", "K")  # Bo loses it all
    expect = table.view["expect"]
    assert expect["kind"] == "end_game" and expect["why"] == "too_few_players"
    assert "the table fell to 1" in table.refused(cmd="card", card="5")
    table.do(cmd="rebuy", player="Bo", chips=5)  # too late: the dealer ends the game
    assert table.view["expect"]["why"] == "too_few_players"
    table.do(cmd="end_game")
    assert table.chips("Ann") == 4 and table.chips("Bo") == 5


def test_the_bank_passes_left_between_hands_only() -> None:
    table = casino().cards("4")
    assert "between hands" in table.refused(cmd="next_dealer")
    table.cards("J", "8")
    assert "Bo is next, not Cy" in table.refused(cmd="next_dealer", player="Cy")
    table.do(cmd="next_dealer", player="Bo")
    assert table.view["dealer"] == "Bo" and table.view["bank_result"] == 0
    table.cards("2")
    assert table.view["bets"] == {"Cy": 1, "Ann": 1}


def test_a_leaving_bank_passes_the_bank_left_and_a_hand_keeps_everyone_seated() -> None:
    table = casino().cards("4")
    assert "under way" in table.refused(cmd="leave", player="Cy")
    assert "under way" in table.refused(cmd="end_game")
    table.cards("5")  # neighbours: the hand is over
    table.do(cmd="leave", player="Ann")
    assert table.view["dealer"] == "Bo"
    table.do(cmd="end_game")
    assert table.game is None and table.state.chips_total == 60


def test_the_bank_is_drawn_highest_card_ties_draw_again() -> None:
    table = casino(dealer="draw")
    table.cards("K", "K", "3")  # Ann and Bo tie
    assert table.view["expect"]["slot"] == "draw" and table.view["turn"] == "Ann"
    table.cards("2", "9")
    assert table.view["dealer"] == "Bo" and table.view["seen"] == []


def test_the_cards_are_shuffled_after_every_hand_unless_the_table_deals_on() -> None:
    fresh = casino().cards("4", "J", "8")
    assert fresh.view["seen"] == [] and fresh.view["deck_remaining"] == 52
    fresh.cards("4")  # the same rank again after the shuffle is fine
    on = casino(deal_on=True).cards("4c", "Jc", "8c")
    assert on.view["deck_remaining"] == 49
    for _ in range(15):  # 45 more cards: 4 left after these
        on.cards(*_three_unseen(on))
    assert on.view["deck_remaining"] == 4
    on.cards(*_three_unseen(on))  # one card would be left: the next hand gets a fresh deck
    assert on.view["deck_remaining"] == 52


def _three_unseen(table: Table) -> list[str]:
    """Three cards not yet out that make a losing hand (a 3 between is avoided): the first
    two are at least two ranks apart."""
    out = [str(card) for card in table.game.deck.cards]
    left = [f"{rank}{suit}" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                         "Q", "K", "A") for suit in "cdhs"
            if f"{rank}{suit}" not in out]
    return [left[0], left[-1], left[1]]


def test_expect_and_view_are_typed_and_print_the_keys_the_screens_read() -> None:
    table = casino(ante=2).cards("4", "9")
    expected = expect(table.state)
    assert isinstance(expected, ThirdCardExpected)
    assert (expected.slot, expected.spread, expected.payout) == (BankSlot.BANK_THIRD, 4, 1)
    assert expected.raises == {"Bo": 2, "Cy": 2} and expected.in_hand == ("Bo", "Cy")
    assert table.view["expect"]["raise"] == {"Bo": 2, "Cy": 2}  # the contract's key
    shown = view(table.state)
    assert isinstance(shown, CasinoView)
    assert table.view["bets"] == {"Bo": 2, "Cy": 2}
    table.cards("K")  # outside: the bank takes the bets
    assert view(table.state).last_hand == LastHand(Outcome.LOSE, {"Bo": -2, "Cy": -2})
