"""Casino Red Dog as RULES.md §2 plays it, through the real CLI on a SQLite file.

Ann is the bank unless a test says otherwise; Bo and Cy (and whoever joins) play against
her. Each test batches its commands into few `companion exec` calls and reads the table
back with `companion state --json` (and `companion log`). The chip counts are worked out
by hand from the rules: an ante is placed at a hand's first card, a win pays the whole bet
(ante plus raise) times the payout and gives the bet back, a loss leaves the bet with the
bank, a push gives every bet back. Every test ends by checking that no chip was made or
lost: the stacks (a bank's debt included) plus the open bets are the buy-ins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.casino_red_dog.commands import cards, casino, join, night, raise_
from tests.cli import (
    assert_conserved,
    chips,
    companion,
    execute,
    play,
    refused,
    refused_alone,
    state,
)

Command = dict[str, Any]


def log_lines(db: Path) -> list[str]:
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    return [line.strip() for line in done.stdout.splitlines()]


# --- antes --------------------------------------------------------------------------------

def test_every_other_players_ante_is_placed_when_the_first_card_is_entered(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), casino(ante=2), *cards("4"))

    before = state(db, "--at", "2")  # the game has started, no card is out yet
    assert chips(before) == {"Ann": 20, "Bo": 20, "Cy": 20} and before["bets"] == {}
    expect = before["expect"]
    assert (expect["kind"], expect["slot"], expect["number"]) == ("card", "bank_first", 1)
    assert (expect["players"], expect["ante"], expect["player"]) == (["Bo", "Cy"], 2, "Ann")

    view = state(db)
    # Bo and Cy put 2 each in front of them; the bank, Ann, places nothing
    assert chips(view) == {"Ann": 20, "Bo": 18, "Cy": 18}
    assert view["bets"] == {"Bo": 2, "Cy": 2} and view["pot"] == 0
    assert (view["dealer"], view["expect"]["slot"], view["hand"]) == ("Ann", "bank_second",
                                                                      ["4"])
    assert view["spread"] is None and view["raised"] == []
    assert view["payouts"] == {"1": 5, "2": 4, "3": 2, "4+": 1, "trips": 11}
    assert_conserved(view)


def test_the_first_bank_is_drawn_highest_card_and_the_default_ante_is_one(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann 5, Bo K, Cy K: Bo and Cy tie and draw again, 2 against 3: Cy is the bank
    play(db, night(20), casino("draw"), *cards("5", "K", "K", "2", "3"), *cards("8"))
    view = state(db)
    assert view["dealer"] == "Cy" and view["options"] == {"ante": 1, "deal_on": False}
    # the cards drawn go back: only the hand's first card is out; Ann and Bo ante 1,
    # from the bank's left
    assert view["seen"] == ["8"] and view["deck_remaining"] == 51
    assert view["bets"] == {"Ann": 1, "Bo": 1}
    assert chips(view) == {"Ann": 19, "Bo": 19, "Cy": 20}
    assert_conserved(view)


def test_a_player_short_of_the_ante_antes_all_they_have_and_with_nothing_sits_out(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Eve joins with 1 chip: short of the ante of 2, she antes the 1 and cannot raise
    play(db, night(20), join("Eve", 1), casino(ante=2), *cards("4", "9"))
    assert refused_alone(db, raise_("Eve", 1)) == "Eve has no chips left to raise with."
    during = state(db)  # hand 1's second card
    assert during["bets"] == {"Bo": 2, "Cy": 2, "Eve": 1} and chips(during)["Eve"] == 0
    assert list(during["expect"]["raise"]) == ["Bo", "Cy"]
    assert during["last_action"] == 5
    # the K falls outside: the bank takes every bet; with nothing left Eve sits hand 2 out
    # (5 and 6 push), and after a rebuy she antes with the others in hand 3
    play(db, *cards("K", "5"))
    assert state(db)["bets"] == {"Bo": 2, "Cy": 2}
    play(db, *cards("6"), {"cmd": "rebuy", "player": "Eve", "chips": 5}, *cards("3"))
    view = state(db)
    assert view["bets"] == {"Bo": 2, "Cy": 2, "Eve": 2}
    assert chips(view) == {"Ann": 25, "Bo": 16, "Cy": 16, "Eve": 3}
    assert_conserved(view)


# --- the two cards ------------------------------------------------------------------------

def test_neighbouring_ranks_push_every_bet_comes_back_and_no_third_card(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # 9 and 10, then king and ace (aces are high): two pushes, and a third hand starts
    play(db, night(20), casino(ante=2), *cards("9", "10", "K", "A"))
    view = state(db)
    assert chips(view) == {"Ann": 20, "Bo": 20, "Cy": 20} and view["bets"] == {}
    assert view["last_hand"] == {"outcome": "push", "results": {"Bo": 0, "Cy": 0}}
    assert (view["expect"]["slot"], view["expect"]["number"]) == ("bank_first", 3)
    assert view["bank_result"] == 0
    assert_conserved(view)


def test_a_pair_then_the_same_rank_pays_eleven_to_one_and_the_bank_goes_into_debt(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), casino(ante=2), *cards("7", "7", "7"), *cards("4"))
    pair = state(db, "--at", "4")  # the pair is out
    expect = pair["expect"]
    assert (expect["slot"], expect["rank"], expect["pays"]) == ("bank_pair", "7", 11)
    assert pair["spread"] is None and "raise" not in expect

    view = state(db, "--at", "5")
    # Bo and Cy win 11 × 2 = 22 each and get their 2 back; Ann pays 44 from 20
    assert chips(view) == {"Ann": -24, "Bo": 42, "Cy": 42}
    assert view["last_hand"] == {"outcome": "trips", "results": {"Bo": 22, "Cy": 22}}
    assert view["bank_result"] == -44
    assert_conserved(view)
    # the bank in debt stays the bank and deals on: the next hand takes the antes
    after = state(db)
    assert after["dealer"] == "Ann" and after["bets"] == {"Bo": 2, "Cy": 2}
    assert chips(after) == {"Ann": -24, "Bo": 40, "Cy": 40}
    assert_conserved(after)


def test_a_pair_then_another_rank_is_a_push(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), casino(ante=2), *cards("5", "5", "K"))
    view = state(db)
    assert chips(view) == {"Ann": 20, "Bo": 20, "Cy": 20} and view["bets"] == {}
    assert view["last_hand"] == {"outcome": "push", "results": {"Bo": 0, "Cy": 0}}
    assert view["expect"]["slot"] == "bank_first"
    assert_conserved(view)


# --- the spread ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand, spread, pays, after", [
    # Bo raises 2 (bet 4), Cy keeps the ante (bet 2): Bo wins 4 × pays, Cy 2 × pays
    (("4", "6", "5"), 1, 5, {"Ann": -10, "Bo": 40, "Cy": 30}),
    (("4", "7", "6"), 2, 4, {"Ann": -4, "Bo": 36, "Cy": 28}),
    (("9", "5", "7"), 3, 2, {"Ann": 8, "Bo": 28, "Cy": 24}),
    (("4", "9", "6"), 4, 1, {"Ann": 14, "Bo": 24, "Cy": 22}),
    (("A", "2", "K"), 11, 1, {"Ann": 14, "Bo": 24, "Cy": 22}),  # aces high: 2 to A
], ids=["spread_1_pays_5", "spread_2_pays_4", "spread_3_pays_2", "spread_4_pays_1",
        "ace_high_spread_11_pays_1"])
def test_a_third_card_between_pays_by_the_spread_on_the_whole_bet(
        tmp_path: Path, hand: tuple[str, str, str], spread: int, pays: int,
        after: dict[str, int]) -> None:
    db = tmp_path / "night.db"
    first, second, third = hand
    play(db, night(20), casino(ante=2), *cards(first, second), raise_("Bo", 2),
         *cards(third))
    raised = state(db, "--at", "5")  # Bo's raise
    assert (raised["spread"], raised["payout"]) == (spread, pays)
    expect = raised["expect"]
    assert (expect["slot"], expect["spread"], expect["payout"]) == ("bank_third", spread, pays)
    assert expect["raise"] == {"Cy": 2}  # Bo has raised; Cy still may
    assert raised["bets"] == {"Bo": 4, "Cy": 2} and raised["raised"] == ["Bo"]
    assert chips(raised) == {"Ann": 20, "Bo": 16, "Cy": 18}
    assert_conserved(raised)

    view = state(db)
    assert chips(view) == after
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 4 * pays, "Cy": 2 * pays}}
    assert view["bets"] == {} and view["bank_result"] == -6 * pays
    assert_conserved(view)


def test_a_third_card_of_either_rank_or_outside_loses_the_whole_bet_to_the_bank(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), casino(ante=2),
         *cards("4", "9"), raise_("Bo", 1), *cards("4"),  # the first card's rank
         *cards("4", "9"), raise_("Cy", 2), *cards("9"),  # the second card's rank
         *cards("4", "9", "K"),  # above both
         *cards("A", "2", "2"))  # the 2 of an ace-high spread
    view = state(db)
    # Bo loses 3 + 2 + 2 + 2, Cy 2 + 4 + 2 + 2; the bank takes all 19
    assert chips(view) == {"Ann": 39, "Bo": 11, "Cy": 10}
    assert view["last_hand"] == {"outcome": "lose", "results": {"Bo": -2, "Cy": -2}}
    assert view["bank_result"] == 19 and view["bets"] == {}
    assert_conserved(view)
    settled = [line for line in log_lines(db) if "the bank takes" in line]
    assert [line.split("; ", 1)[1] for line in settled] == [
        "the bank takes 3 from Bo, 2 from Cy", "the bank takes 2 from Bo, 4 from Cy",
        "the bank takes 2 from Bo, 2 from Cy", "the bank takes 2 from Bo, 2 from Cy"]


# --- raises -------------------------------------------------------------------------------

def test_a_raise_is_once_per_player_up_to_the_ante_or_the_stack_and_only_on_a_spread(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Dan joins with 3 (1 left after the ante of 2), Eve with 1 (antes it, none left)
    setup = [night(20), join("Dan", 3), join("Eve", 1), casino(ante=2), *cards("4")]
    assert refused(db, *setup, raise_("Bo", 1)) == (
        "A raise comes after the spread is announced and before the third card.")
    play(db, *cards("9"))  # spread 4
    assert refused_alone(db, raise_("Bo", 3)) == "Bo can raise at most 2 (the ante)."
    assert refused_alone(db, raise_("Dan", 2)) == (
        "Dan can raise at most 1 (the ante, or the stack).")
    assert refused_alone(db, raise_("Cy", 0)) == (
        "A raise is a whole number from 1 to 1,000,000,000 chips, not 0.")  # the range
    assert refused_alone(db, raise_("Ann", 1)) == "Ann is not in this hand."  # the bank
    assert refused_alone(db, raise_("Eve", 1)) == "Eve has no chips left to raise with."
    assert refused_alone(db, raise_("Zed", 1)).startswith("There is no player called 'Zed'")
    for move in ({"cmd": "bet", "amount": 1}, {"cmd": "pass"}):
        assert refused_alone(db, move).startswith("In Casino Red Dog the ante is the bet")
    play(db, raise_("Bo", 2))
    assert refused_alone(db, raise_("Bo", 1)) == "Bo has raised already: once per hand."

    view = state(db)
    assert view["last_action"] == 7  # night, 2 joins, game, 2 cards, Bo's raise
    assert view["bets"] == {"Bo": 4, "Cy": 2, "Dan": 2, "Eve": 1} and view["raised"] == ["Bo"]
    assert view["expect"]["raise"] == {"Cy": 2, "Dan": 1}
    assert chips(view) == {"Ann": 20, "Bo": 16, "Cy": 18, "Dan": 1, "Eve": 0}
    assert_conserved(view)

    # the 6 wins 1 to 1 on every bet; then a pair: no raise while its third card is out
    assert refused(db, *cards("6", "7", "7"), raise_("Bo", 1)) == (
        "A raise comes after the spread is announced and before the third card.")
    play(db, *cards("8"))  # a push
    view = state(db)
    assert chips(view) == {"Ann": 11, "Bo": 24, "Cy": 22, "Dan": 5, "Eve": 2}
    assert view["last_hand"]["outcome"] == "push" and view["last_action"] == 11
    assert_conserved(view)


# --- the bank -----------------------------------------------------------------------------

def test_the_bank_passes_to_the_left_and_only_between_hands(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    next_dealer: Command = {"cmd": "next_dealer"}
    assert refused(db, night(20), casino(ante=1), *cards("4"), next_dealer) == (
        "The bank passes on between hands.")
    play(db, *cards("9", "6"))  # spread 4: Bo and Cy win 1 each
    assert state(db)["expect"]["next_dealer"] == "Bo"
    assert refused_alone(db, {"cmd": "next_dealer", "player": "Cy"}) == (
        "The bank passes to the left: Bo is next, not Cy.")
    play(db, {"cmd": "next_dealer", "player": "Bo"}, *cards("5"))

    view = state(db)
    # Bo's bank: Cy and Ann ante, from Bo's left; Bo starts a bank result of his own
    assert (view["dealer"], view["bank_result"]) == ("Bo", 0)
    assert view["bets"] == {"Cy": 1, "Ann": 1}
    assert chips(view) == {"Ann": 17, "Bo": 21, "Cy": 20}
    assert_conserved(view)

    play(db, *cards("6"), next_dealer, next_dealer)  # a push; on to Cy and round to Ann
    view = state(db)
    assert view["dealer"] == "Ann" and view["expect"]["next_dealer"] == "Bo"
    assert chips(view) == {"Ann": 18, "Bo": 21, "Cy": 21}
    assert_conserved(view)
    assert [line.split("  ", 1)[1] for line in log_lines(db) if line.endswith("is the bank")
            ] == ["Casino Red Dog starts (default options); Ann is the bank", "Bo is the bank",
                  "Cy is the bank", "Ann is the bank"]


def test_the_bank_passes_left_past_a_player_who_sits_out_with_no_chips(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Bo raises his last 2 chips and loses all 4; Cy keeps 2
    play(db, night(4), casino(ante=2), *cards("4", "9"), raise_("Bo", 2), *cards("K"),
         {"cmd": "next_dealer"})
    view = state(db)
    assert chips(view) == {"Ann": 10, "Bo": 0, "Cy": 2}
    assert view["dealer"] == "Cy"


def test_a_bank_who_leaves_passes_the_bank_left_to_the_next_player_still_at_the_table(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    setup = [night(20, "Ann", "Bo", "Cy", "Dan"), casino(ante=1), *cards("4")]
    assert refused(db, *setup, {"cmd": "leave", "player": "Ann"}) == (
        "Ann's turn is under way: finish it before Ann leaves.")
    # the 6 falls between: Bo, Cy and Dan win 1 each; then Bo leaves, and Ann, the bank
    play(db, *cards("9", "6"), {"cmd": "leave", "player": "Bo"},
         {"cmd": "leave", "player": "Ann"})
    view = state(db)
    assert view["dealer"] == "Cy" and view["bank_result"] == 0
    assert not view["players"]["Ann"]["present"] and not view["players"]["Bo"]["present"]
    expect = view["expect"]
    assert (expect["players"], expect["next_dealer"]) == (["Dan"], "Dan")
    assert chips(view) == {"Ann": 17, "Bo": 21, "Cy": 21, "Dan": 21}
    assert_conserved(view)


def test_a_bank_who_left_with_nobody_to_take_over_banks_no_later_hand(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20, "Ann", "Bo"), casino(), {"cmd": "leave", "player": "Bo"},
         {"cmd": "leave", "player": "Ann"}, join("Cy", 20))
    execute(db, *cards("4", "9", "6"))  # refused, or Cy's own bank: Ann takes no part
    view = state(db)
    assert chips(view)["Ann"] == 20 and not view["players"]["Ann"]["present"]
    assert view["dealer"] != "Ann" or view["last_hand"] is None


def test_ending_the_game_is_refused_mid_hand_and_between_hands_leaves_the_stacks(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    assert refused(db, night(20), casino(ante=2), *cards("4", "9"), raise_("Bo", 1),
                   {"cmd": "end_game"}) == (
        "Ann's turn is under way: finish it before the game ends.")
    held = state(db)
    assert held["game"] == "casino-red-dog" and held["bets"] == {"Bo": 3, "Cy": 2}
    assert_conserved(held)
    play(db, *cards("K"), {"cmd": "end_game"})  # outside: the bank takes 5
    view = state(db)
    assert view["game"] is None and view["games_played"] == ["casino-red-dog"]
    assert chips(view) == {"Ann": 25, "Bo": 17, "Cy": 18}
    assert_conserved(view)


# --- the log ------------------------------------------------------------------------------

def test_the_log_tells_antes_raises_payouts_pushes_and_losses_in_words(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), casino(ante=2),
         *cards("4", "7"), raise_("Bo", 2), raise_("Cy", 1), *cards("6"),
         *cards("9", "10"), *cards("3", "Q", "A"), *cards("7", "7", "7"))
    assert log_lines(db)[1:] == [
        "2  Casino Red Dog starts (ante 2); Ann is the bank",
        "3  hand 1: Bo, Cy ante 2; first card 4",
        "4  second card 7",
        "5  Bo raises 2",
        "6  Cy raises 1",
        "7  third card 6; the bank pays: Bo +16, Cy +12",
        "8  hand 2: Bo, Cy ante 2; first card 9",
        "9  second card 10; a push: the bets go back",
        "10  hand 3: Bo, Cy ante 2; first card 3",
        "11  second card Q",
        "12  third card A; the bank takes 2 from Bo, 2 from Cy",
        "13  hand 4: Bo, Cy ante 2; first card 7",
        "14  second card 7",
        "15  third card 7; three of a kind pays 11 to 1: Bo +22, Cy +22",
    ]
    view = state(db)
    # Bo +16 - 2 + 22, Cy +12 - 2 + 22; the bank pays it all
    assert chips(view) == {"Ann": -48, "Bo": 56, "Cy": 52}
    assert_conserved(view)


# --- the deck -----------------------------------------------------------------------------

def test_by_default_the_cards_are_shuffled_after_every_hand(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), casino(ante=1), *cards("4h", "9c", "6d"), *cards("4h"))
    view = state(db)  # the 4♥ of hand 1 is back in the deck and comes again
    assert (view["seen"], view["deck_remaining"]) == (["4h"], 51)
    assert_conserved(view)


def test_deal_on_keeps_the_cards_out_between_hands(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    reason = refused(db, night(20), casino(ante=1, deal_on=True),
                     *cards("4h", "9c", "6d"), *cards("4h"))
    assert reason.startswith("4♥ is already out since the last shuffle (entered at action 3)")
    view = state(db)
    assert view["seen"] == ["4h", "9c", "6d"] and view["deck_remaining"] == 49
    assert view["expect"]["slot"] == "bank_first" and view["last_action"] == 5


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Every rank four times, so that no hand's first two cards are a pair or neighbours:
# 17 hands of three cards use 51 cards and leave an 8.
ORDER = ("2", "9", "3", "10", "4", "J", "5", "Q", "6", "K", "7", "A", "8")


def test_deal_on_deals_from_the_deck_until_fewer_than_three_cards_are_left(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    deck = list(ORDER * 4)
    hands = [deck[start:start + 3] for start in range(0, 51, 3)]
    assert all(abs(RANKS.index(a) - RANKS.index(b)) > 1 for a, b, _ in hands)
    play(db, night(100), casino(ante=1, deal_on=True),
         *(command for hand in hands for command in cards(*hand)))
    after_one = state(db, "--at", "5")
    assert after_one["seen"] == ["2", "9", "3"] and after_one["deck_remaining"] == 49
    after_sixteen = state(db, "--at", str(2 + 16 * 3))
    assert after_sixteen["deck_remaining"] == 4 and len(after_sixteen["seen"]) == 48
    assert after_sixteen["last_hand"] is not None
    view = state(db)  # hand 17 leaves one card: the deck is shuffled
    assert (view["seen"], view["deck_remaining"]) == ([], 52)
    assert view["expect"]["number"] == 18
    assert_conserved(view)
