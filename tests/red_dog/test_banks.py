"""Red Dog with the dealer as bank (RULES.md §4 variants and Decisions), through the pure
engine: `dealer_bank`, `shoot` and `slippery_sam`, where the dealer alone stakes the pot
(from `stake_min` to `stake_max`) and the others bet against it.

Ann deals to Ann, Bo, Cy and Dee (50 chips each) unless a test says otherwise: Bo, Cy and Dee
play, the dealer gets no hand. Every chip count is worked out by hand from the rules; each
scenario ends by checking that no chip was made or lost.
"""

from __future__ import annotations

from tests.red_dog.game import (
    assert_conserved,
    chips,
    expect,
    first_round,
    lose_shoot_round,
    red_dog,
    sam_turn,
    turn,
)
from tests.table import Table

# --- dealer_bank --------------------------------------------------------------------------

def test_dealer_bank_has_no_antes_and_the_dealer_stakes_from_stake_min_to_stake_max() -> None:
    table = red_dog(dealer_bank=True)
    view = table.view
    assert chips(table) == {"Ann": 50, "Bo": 50, "Cy": 50, "Dee": 50} and view["pot"] == 0
    assert expect(table) == ("bet", "stake", "Ann", 10, 50) and view["ante"] is None
    # the dealer gets no hand: three hands of five
    assert view["order"] == ["Bo", "Cy", "Dee"] and view["deck_remaining"] == 37
    assert table.refused(cmd="bet", amount=9) == "Ann's stake is 10 to 50 now."
    assert table.refused(cmd="bet", amount=51) == "Ann's stake is 10 to 50 now."
    table.do(cmd="bet", amount=20, player="Ann")
    assert table.chips("Ann") == 30 and table.pot == 20 and table.view["stake"] == 20
    assert expect(table) == ("bet", "bet", "Bo", 2, 20)
    assert table.refused(cmd="bet", amount=1) == "Bo's bet is 2 to 20 now."
    assert table.refused(cmd="split_pot") == ("With the dealer as bank the pot is the dealer's "
                                              "stake: it is not split.")
    assert_conserved(table)


def test_dealer_bank_the_dealer_keeps_what_is_left_after_the_round_and_the_deal_passes() -> None:
    table = red_dog(dealer_bank=True).do(cmd="bet", amount=20)
    turn(table, "Bo", 5, "2c", "9c", "Kc")
    turn(table, "Cy", 2, "2d", "9d", "3s", "4s", "5s", "6s", "7s")
    turn(table, "Dee", 3, "2h", "9h", "3c", "4c", "5c", "6c", "7c")
    # pot 20 → 15 → 17 → 20: Ann keeps 20 (30 + 20); Bo banks next and stakes
    view = table.view
    assert chips(table) == {"Ann": 50, "Bo": 55, "Cy": 48, "Dee": 47} and view["pot"] == 0
    assert view["dealer"] == "Bo" and view["order"] == ["Cy", "Dee", "Ann"]
    assert expect(table) == ("bet", "stake", "Bo", 10, 50)
    assert_conserved(table)


def test_dealer_bank_an_empty_pot_passes_the_deal_at_once() -> None:
    table = red_dog(dealer_bank=True).do(cmd="bet", amount=10)
    turn(table, "Bo", 10, "2c", "9c", "Kc")
    # Bo broke the bank: Cy and Dee do not play Ann's round, Bo deals and stakes at once
    assert chips(table) == {"Ann": 40, "Bo": 60, "Cy": 50, "Dee": 50} and table.pot == 0
    assert table.view["dealer"] == "Bo" and expect(table) == ("bet", "stake", "Bo", 10, 50)
    assert table.view["seen"] == []
    assert_conserved(table)


def test_dealer_bank_with_one_possible_stake_places_it_at_once() -> None:
    table = red_dog(dealer_bank=True, stake_min=15, stake_max=15)
    assert table.chips("Ann") == 35 and table.pot == 15
    assert expect(table) == ("bet", "bet", "Bo", 2, 15)
    assert_conserved(table)


def test_dealer_bank_a_banker_who_leaves_between_turns_keeps_the_pot_and_the_deal_passes(
        ) -> None:
    table = red_dog(dealer_bank=True).do(cmd="bet", amount=20)
    turn(table, "Bo", 5, "2c", "9c", "3s", "4s", "5s", "6s", "7s")
    table.do(cmd="leave", player="Ann")
    assert chips(table) == {"Ann": 55, "Bo": 45, "Cy": 50, "Dee": 50} and table.pot == 0
    assert table.view["dealer"] == "Bo" and table.view["order"] == ["Cy", "Dee"]
    assert expect(table) == ("bet", "stake", "Bo", 10, 45)
    assert_conserved(table)


def test_dealer_bank_at_the_end_of_the_game_the_dealer_keeps_the_pot() -> None:
    table = red_dog(dealer_bank=True).do(cmd="bet", amount=20)
    turn(table, "Bo", 5, "2c", "9c", "3s", "4s", "5s", "6s", "7s")
    table.do(cmd="end_game")
    assert chips(table) == {"Ann": 55, "Bo": 45, "Cy": 50, "Dee": 50}
    assert table.state.game is None
    assert_conserved(table)


# --- shoot --------------------------------------------------------------------------------

def test_shoot_the_dealer_stakes_and_deals_three_cards_to_each_other_player() -> None:
    table = red_dog(shoot=True)
    assert expect(table) == ("bet", "stake", "Ann", 10, 50) and table.pot == 0
    table.do(cmd="bet", amount=20)
    view = table.view
    assert view["hand_size"] == 3 and view["order"] == ["Bo", "Cy", "Dee"]
    assert view["deck_remaining"] == 52 - 3 * 3 and view["rounds_dealt"] == 1
    assert chips(table) == {"Ann": 30, "Bo": 50, "Cy": 50, "Dee": 50}
    assert expect(table) == ("bet", "bet", "Bo", 2, 20)
    assert_conserved(table)


def test_shoot_the_same_dealer_deals_again_while_the_pot_holds_chips() -> None:
    table = lose_shoot_round(red_dog(shoot=True).do(cmd="bet", amount=20))
    view = table.view
    # pot 20 + 3 × 2; Ann deals round two without a new stake, from a fresh shuffle
    assert view["pot"] == 26 and view["dealer"] == "Ann" and view["rounds_dealt"] == 2
    assert view["stake"] == 20 and view["seen"] == [] and view["deck_remaining"] == 43
    assert expect(table) == ("bet", "bet", "Bo", 2, 26)
    assert table.refused(cmd="declare", choice="keep_pot") == (
        "Only after three rounds of shoot does the dealer declare keep_pot or deal_again.")
    assert_conserved(table)


def shoot_three_rounds() -> Table:
    """Ann stakes 20 and Bo, Cy and Dee lose 2 each in three rounds: pot 38."""
    table = red_dog(shoot=True).do(cmd="bet", amount=20)
    for _ in range(3):
        lose_shoot_round(table)
    return table


def test_shoot_after_three_rounds_the_dealer_keeps_the_pot_or_deals_again() -> None:
    table = shoot_three_rounds()
    view = table.view
    assert view["pot"] == 38 and view["rounds_dealt"] == 3 and view["turn"] is None
    assert view["expect"]["kind"] == "declare" and view["expect"]["player"] == "Ann"
    assert view["expect"]["choices"] == ["keep_pot", "deal_again"]
    assert table.refused(cmd="bet", amount=2).startswith("No bet is expected now")
    assert table.refused(cmd="declare", choice="keep_pot", player="Bo") == (
        "It is Ann's turn, not Bo's.")
    assert table.refused(cmd="declare", choice="split").startswith("Only after three rounds")
    table.do(cmd="declare", choice="keep_pot", player="Ann")
    # Ann takes 38 (30 + 38); Bo deals and stakes at most his 44
    assert chips(table) == {"Ann": 68, "Bo": 44, "Cy": 44, "Dee": 44} and table.pot == 0
    assert table.view["dealer"] == "Bo" and expect(table) == ("bet", "stake", "Bo", 10, 44)
    assert table.view["rounds_dealt"] == 1
    assert_conserved(table)


def test_shoot_a_fourth_round_and_then_the_dealer_keeps_what_is_left() -> None:
    table = shoot_three_rounds().do(cmd="declare", choice="deal_again")
    assert table.view["rounds_dealt"] == 4 and table.view["dealer"] == "Ann"
    assert expect(table) == ("bet", "bet", "Bo", 2, 38)
    lose_shoot_round(table)
    # pot 38 + 6: Ann keeps 44 (30 + 44) and the deal passes to Bo
    assert chips(table) == {"Ann": 74, "Bo": 42, "Cy": 42, "Dee": 42} and table.pot == 0
    assert table.view["dealer"] == "Bo" and expect(table)[:3] == ("bet", "stake", "Bo")
    assert_conserved(table)


def test_shoot_an_empty_pot_passes_the_deal_at_once() -> None:
    table = red_dog(shoot=True).do(cmd="bet", amount=10)
    turn(table, "Bo", 10, "2c", "9c", "Kc")
    assert chips(table) == {"Ann": 40, "Bo": 60, "Cy": 50, "Dee": 50} and table.pot == 0
    assert table.view["dealer"] == "Bo" and expect(table) == ("bet", "stake", "Bo", 10, 50)
    assert_conserved(table)


def test_declare_is_refused_in_a_game_without_shoot() -> None:
    table = first_round(red_dog())
    assert table.refused(cmd="declare", choice="keep_pot") == (
        "Only after three rounds of shoot does the dealer declare keep_pot or deal_again.")


# --- slippery_sam -------------------------------------------------------------------------

def test_slippery_sam_turns_middle_cards_until_one_of_six_or_lower_without_a_burn() -> None:
    table = red_dog(slippery_sam=True).do(cmd="bet", amount=20)
    assert expect(table)[:3] == ("card", "middle", "Ann")
    assert table.refused(cmd="bet", amount=2).startswith("No bet is expected now")
    assert table.refused(cmd="card", card="9") == ("Say the suit of the 9 too: in Red Dog the "
                                                   "suit decides.")
    table.cards("9h", "Kc", "Ah", "7s")  # aces are high; a 7 is not low enough
    assert table.view["passed_over"] == ["9h", "Kc", "Ah", "7s"]
    assert table.view["turned"] is None and expect(table)[:2] == ("card", "middle")
    table.cards("6d")
    view = table.view
    assert view["turned"] == "6d" and view["passed_over"] == ["9h", "Kc", "Ah", "7s"]
    assert view["seen"] == ["9h", "Kc", "Ah", "7s", "6d"] and view["deck_remaining"] == 38
    assert expect(table) == ("bet", "bet", "Bo", 2, 20)
    # no burned card: the bet is followed by the show
    table.do(cmd="bet", amount=4)
    assert table.view["burned"] is None and table.view["expect"]["kind"] == "show"
    assert table.refused(cmd="card", card="2c").startswith("No card is expected now")
    assert_conserved(table)


def test_slippery_sam_every_player_bets_in_turn_against_the_one_card() -> None:
    table = red_dog(slippery_sam=True).do(cmd="bet", amount=20).cards("9h", "6d")
    table.do(cmd="bet", amount=4, player="Bo")
    assert table.refused(cmd="show", cards=["5d"]).startswith("5♦ does not beat the 6♦")
    assert table.refused(cmd="show", cards=["9h"]).startswith("9♥ is already out")
    table.do(cmd="show", cards=["8d"])
    assert table.pot == 16 and table.view["turned"] == "6d"  # the card stays for Cy
    assert expect(table) == ("bet", "bet", "Cy", 2, 16)
    sam_turn(table, "Cy", 4, "2c", "3c", "4c")
    sam_turn(table, "Dee", 5, "Ad")
    # pot 20 → 16 → 20 → 15; chips left: Ann deals again, a new card in the middle
    view = table.view
    assert chips(table) == {"Ann": 30, "Bo": 54, "Cy": 46, "Dee": 55} and view["pot"] == 15
    assert view["dealer"] == "Ann" and view["rounds_dealt"] == 2
    assert view["turned"] is None and view["passed_over"] == [] and view["seen"] == []
    assert expect(table)[:3] == ("card", "middle", "Ann")
    assert_conserved(table)


def test_slippery_sam_after_three_rounds_the_dealer_keeps_the_pot_or_deals_again() -> None:
    table = red_dog(slippery_sam=True).do(cmd="bet", amount=20)
    for _ in range(3):
        table.cards("5h")
        sam_turn(table, "Bo", 2, "2c", "3c", "4c")
        sam_turn(table, "Cy", 2, "2d", "3d", "4d")
        sam_turn(table, "Dee", 2, "2s", "3s", "4s")
    assert table.pot == 38 and table.view["expect"]["kind"] == "declare"
    table.do(cmd="declare", choice="keep_pot")
    assert chips(table) == {"Ann": 68, "Bo": 44, "Cy": 44, "Dee": 44} and table.pot == 0
    assert table.view["dealer"] == "Bo" and expect(table)[:3] == ("bet", "stake", "Bo")
    assert_conserved(table)


