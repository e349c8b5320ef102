"""Red Dog / High Card Pool as RULES.md §4 plays it, through the pure engine: antes, bets,
the cards shown, hand sizes, the round's end, the stack running out, splits, players who
leave or join, and set-ups that do not fit.

Ann deals to Ann, Bo, Cy and Dee (50 chips each, ante 2) unless a test says otherwise, so a
round is played by Bo, Cy, Dee and Ann, in that order. The hands are dealt face down and
never entered: only the burned card, the turned card and the cards shown are. Every chip
count is worked out by hand from the rules: a win gives the bet back and as much again from
the pot, a loss leaves the bet in the pot. Each scenario ends by checking that no chip was
made or lost: the stacks plus the pot plus an open bet are the buy-ins.
"""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from tests.red_dog.game import (
    EIGHT,
    PLAYERS,
    assert_conserved,
    chips,
    expect,
    first_round,
    red_dog,
    shown,
    turn,
)
from tests.table import Table

# --- antes and the order of play ------------------------------------------------------------

def test_everyone_antes_the_dealer_too_and_play_starts_left_of_the_dealer() -> None:
    table = red_dog()
    view = table.view
    assert chips(table) == {"Ann": 48, "Bo": 48, "Cy": 48, "Dee": 48} and view["pot"] == 8
    assert view["dealer"] == "Ann" and view["order"] == ["Bo", "Cy", "Dee", "Ann"]
    assert view["turn"] == "Bo" and view["ante"] == 2 and view["round"] == 1
    # four hands of five face down: 32 cards are left in the stack, none is seen
    assert view["hand_size"] == 5 and view["deck_remaining"] == 32 and view["seen"] == []
    assert expect(table) == ("bet", "bet", "Bo", 2, 8)
    assert_conserved(table)


def test_the_ante_option_sets_every_ante_and_the_smallest_bet() -> None:
    table = red_dog(ante=5)
    assert chips(table) == {"Ann": 45, "Bo": 45, "Cy": 45, "Dee": 45} and table.pot == 20
    assert expect(table) == ("bet", "bet", "Bo", 5, 20)
    assert table.refused(cmd="bet", amount=4) == "Bo's bet is 5 to 20 now."
    assert_conserved(table)


def test_the_seed_example_ben_bets_6_against_the_jack_of_spades_and_shows_the_king() -> None:
    table = red_dog(EIGHT, hand_size=5)
    assert table.pot == 16 and table.view["turn"] == "Ben" and table.chips("Ben") == 48
    table.do(cmd="bet", amount=6)
    assert table.chips("Ben") == 42 and table.view["bet"] == 6 and table.pot == 16
    assert expect(table)[:3] == ("card", "burn", "Ben")
    assert_conserved(table)  # the open bet counts
    table.do(cmd="card", card="3d")
    assert table.view["burned"] == "3d" and expect(table)[:3] == ("card", "turn", "Ben")
    table.do(cmd="card", card="Js")
    assert table.view["turned"] == "Js" and table.view["expect"]["kind"] == "show"
    assert table.view["expect"]["turned"] == "Js"
    table.do(cmd="show", cards=["Ks"])
    view = table.view
    assert view["pot"] == 10 and table.chips("Ben") == 54 and view["turn"] == "Cleo"
    assert shown(view) == {"player": "Ben", "cards": ["Ks"], "won": True}
    # 8 hands of 5 leave 12 cards; the burned and the turned card came off the stack
    assert view["seen"] == ["3d", "Js", "Ks"] and view["deck_remaining"] == 10
    assert view["burned"] is None and view["turned"] is None
    assert_conserved(table)


# --- bet limits ---------------------------------------------------------------------------

def test_a_bet_is_at_least_the_ante_and_at_most_the_pot() -> None:
    table = red_dog()
    assert table.refused(cmd="bet", amount=1) == "Bo's bet is 2 to 8 now."
    assert table.refused(cmd="bet", amount=9) == "Bo's bet is 2 to 8 now."
    assert table.refused(cmd="pass") == ("There is no pass in Red Dog: every bet is at least "
                                         "the ante.")
    assert table.refused(cmd="bet", amount=2, player="Cy") == "It is Bo's turn, not Cy's."
    table.do(cmd="bet", amount=8)
    assert table.chips("Bo") == 40 and table.view["bet"] == 8
    assert_conserved(table)


def test_a_bet_is_at_most_the_players_stack_when_the_pot_is_bigger() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=50)
    table.do(cmd="join", player="Dee", chips=7, after="Ann")  # Dee sits left of Ann
    table.do(cmd="start_game", game="red-dog", dealer="Ann", options={})
    # Dee antes 2 of 7: 5 left against a pot of 8
    assert table.view["order"] == ["Dee", "Bo", "Cy", "Ann"]
    assert expect(table) == ("bet", "bet", "Dee", 2, 5)
    assert table.refused(cmd="bet", amount=6) == "Dee's bet is 2 to 5 now."
    turn(table, "Dee", 5, "2c", "Qh", "2h", "3h", "4h", "5h", "6h")
    assert table.chips("Dee") == 0 and table.pot == 13
    assert_conserved(table)


def test_a_stack_smaller_than_the_ante_must_bet_all_of_it() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=50)
    table.do(cmd="join", player="Dee", chips=3, after="Ann")
    table.do(cmd="start_game", game="red-dog", dealer="Ann", options={})
    # Dee antes 2 of 3: the one chip left is the whole bet, less than the ante
    assert expect(table) == ("bet", "bet", "Dee", 1, 1)
    assert table.refused(cmd="bet", amount=2) == "Dee's bet is 1 to 1 now."
    assert table.refused(cmd="bet", amount=0) == "Dee's bet is 1 to 1 now."
    turn(table, "Dee", 1, "2c", "9c", "Jc")
    assert table.chips("Dee") == 2 and table.pot == 7
    assert_conserved(table)


# --- the cards shown decide ---------------------------------------------------------------

@pytest.mark.parametrize(("turned", "winner"), [("9h", "Qh"), ("9h", "10h"), ("Kh", "Ah"),
                                                ("2c", "3c")])
def test_a_single_higher_card_of_the_turned_suit_wins_the_bet_from_the_pot(
        turned: str, winner: str) -> None:
    table = turn(red_dog(), "Bo", 5, "5d", turned, winner)
    # Bo bet 5 of 48 and gets it back and 5 more: 53; the pot gives 5 of 8
    assert table.chips("Bo") == 53 and table.pot == 3 and table.view["turn"] == "Cy"
    assert shown(table.view) == {"player": "Bo", "cards": [winner], "won": True}
    assert_conserved(table)


def test_a_whole_hand_without_a_higher_card_of_the_suit_loses_the_bet_to_the_pot() -> None:
    # Q♥ turned: the jack of hearts is lower, the kings and the ace are of other suits
    table = turn(red_dog(), "Bo", 5, "2c", "Qh", "Jh", "Kd", "Ks", "Ac", "3c")
    assert table.chips("Bo") == 43 and table.pot == 13 and table.view["turn"] == "Cy"
    assert shown(table.view) == {"player": "Bo", "cards": ["Jh", "Kd", "Ks", "Ac", "3c"],
                                 "won": False}
    assert table.view["seen"] == ["2c", "Qh", "Jh", "Kd", "Ks", "Ac", "3c"]
    assert_conserved(table)


@pytest.mark.parametrize(("hand", "winner"), [
    (("2d", "3d", "Kh", "4d", "5d"), "Kh"),
    (("Ah", "3d", "Kh", "4d", "5d"), "Ah"),  # two winners: the best one is named
])
def test_a_whole_hand_laid_down_that_holds_a_higher_card_of_the_suit_still_wins(
        hand: tuple[str, ...], winner: str) -> None:
    # Q♥ turned: Bo lays down the whole hand instead of the one card; the cards speak
    table = turn(red_dog(), "Bo", 5, "2c", "Qh", *hand)
    assert table.chips("Bo") == 53 and table.pot == 3 and table.view["turn"] == "Cy"
    assert table.view["last_shown"] == {"player": "Bo", "cards": list(hand), "won": True,
                                        "winner": winner, "bet": 5}
    # every card laid down is out now
    assert table.view["seen"] == ["2c", "Qh", *hand]
    table.do(cmd="bet", amount=2)
    assert table.refused(cmd="card", card="3d").startswith("3♦ is already out")
    assert_conserved(table)



def bo_against_the_queen_of_hearts() -> Table:
    """Bo has bet 5; 2♣ is burned (action 4) and Q♥ turned (action 5)."""
    table = red_dog().do(cmd="bet", amount=5).cards("2c", "Qh")
    assert table.action == 5
    return table


@pytest.mark.parametrize(("shown", "reason"), [
    (["Jh"], "J♥ does not beat the Q♥: a winning card is a higher ♥; without one the whole "
             "hand of 5 is shown."),
    (["Kd"], "K♦ does not beat the Q♥: a winning card is a higher ♥; without one the whole "
             "hand of 5 is shown."),
    (["Qd"], "Q♦ does not beat the Q♥: a winning card is a higher ♥; without one the whole "
             "hand of 5 is shown."),
    (["2d", "Kh", "4d"], "K♥ beats the Q♥: show only that card."),
    (["Kh", "Ah"], "K♥ beats the Q♥: show only that card."),
    (["2d", "3d", "4d", "5d"], "A losing hand is shown whole: 5 cards, not 4."),
    (["2d", "3d", "4d", "5d", "6d", "7d"], "A losing hand is shown whole: 5 cards, not 6."),
    (["2c"], "2♣ is already out since the last shuffle (entered at action 4); check the card."),
    (["3d", "4d", "5d", "6d", "Qh"],
     "Q♥ is already out since the last shuffle (entered at action 5); check the card."),
    (["3d", "4d", "5d", "3d", "6d"], "A card is named twice: a hand holds each card once."),
    (["K"], "Say the suit of the K too: in Red Dog the suit decides."),
    (["3d", "4d", "5d", "6", "7d"], "Say the suit of the 6 too: in Red Dog the suit decides."),
    ([], 'show takes the cards shown, like {"cmd":"show","cards":["Ks"]}.'),
])
def test_a_show_that_cannot_be_is_refused_with_the_reason_and_nothing_changes(
        shown: list[str], reason: str) -> None:
    table = bo_against_the_queen_of_hearts()
    assert table.refused(cmd="show", cards=shown) == reason
    # the turn goes on: Bo still shows, and the king of hearts wins
    table.do(cmd="show", cards=["Kh"])
    assert table.chips("Bo") == 53 and table.pot == 3
    assert_conserved(table)


def test_a_card_shown_earlier_in_the_round_cannot_be_burned_turned_or_shown_again() -> None:
    table = turn(red_dog(), "Bo", 2, "2c", "Jd", "3s", "4s", "5s", "6s", "7s")  # actions 3-6
    table.do(cmd="bet", amount=2, player="Cy")
    assert table.refused(cmd="card", card="5s") == ("5♠ is already out since the last "
                                                    "shuffle (entered at action 6); check the "
                                                    "card.")
    table.do(cmd="card", card="2d")
    assert table.refused(cmd="card", card="Jd") == ("J♦ is already out since the last "
                                                    "shuffle (entered at action 5); check the "
                                                    "card.")
    table.do(cmd="card", card="9s")
    assert table.refused(cmd="show", cards=["7s"]).startswith("7♠ is already out")
    table.do(cmd="show", cards=["10s"])
    assert table.chips("Cy") == 50 and table.pot == 8
    assert_conserved(table)


def test_a_burned_or_turned_card_needs_its_suit() -> None:
    table = red_dog().do(cmd="bet", amount=2)
    assert table.refused(cmd="card", card="3") == ("Say the suit of the 3 too: in Red Dog "
                                                   "the suit decides.")
    table.do(cmd="card", card="3d")
    assert table.refused(cmd="card", card="J") == ("Say the suit of the J too: in Red Dog "
                                                   "the suit decides.")
    assert table.refused(cmd="show", cards=["Ks"]).startswith("No hand is shown now")


def test_each_entry_waits_for_its_slot() -> None:
    table = red_dog()
    assert table.refused(cmd="card", card="3d") == "No card is expected now: Bo: bet 2–8."
    assert table.refused(cmd="show", cards=["Ks"]) == "No hand is shown now: Bo: bet 2–8."
    table.do(cmd="bet", amount=2)
    assert table.refused(cmd="bet", amount=2).startswith("No bet is expected now: the burned "
                                                         "card")
    table.cards("3d", "Js")
    assert table.refused(cmd="card", card="4d") == ("No card is expected now: Bo shows a "
                                                    "higher ♠ than the J♠, or the whole hand "
                                                    "of 5.")


# --- hand size ----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "hand_size", "dealt"), [
    (3, 0, 5), (6, 0, 5), (7, 0, 4), (8, 0, 4), (4, 3, 3), (4, 4, 4), (7, 5, 5), (8, 5, 5)])
def test_hands_are_five_cards_four_with_seven_or_eight_players_or_the_hand_size_option(
        players: int, hand_size: int, dealt: int) -> None:
    table = red_dog(EIGHT[:players], hand_size=hand_size)
    view = table.view
    assert view["hand_size"] == dealt and view["deck_remaining"] == 52 - players * dealt
    assert view["expect"]["max"] == 2 * players
    assert_conserved(table)


def test_a_losing_hand_is_shown_with_as_many_cards_as_were_dealt() -> None:
    seven = red_dog(EIGHT[:7]).do(cmd="bet", amount=2).cards("2c", "Qh")
    assert seven.refused(cmd="show", cards=["2d", "3d", "4d", "5d", "6d"]) == (
        "A losing hand is shown whole: 4 cards, not 5.")
    seven.do(cmd="show", cards=["2d", "3d", "4d", "5d"])
    assert seven.pot == 16 and seven.chips("Ben") == 46
    three = red_dog(hand_size=3).do(cmd="bet", amount=2).cards("2c", "Qh")
    assert three.refused(cmd="show", cards=["2d", "3d", "4d", "5d"]) == (
        "A losing hand is shown whole: 3 cards, not 4.")
    assert three.refused(cmd="show", cards=["2d"]).startswith("2♦ does not beat the Q♥")
    three.do(cmd="show", cards=["2d", "3d", "4d"])
    assert three.pot == 10 and three.chips("Bo") == 46
    assert_conserved(seven)
    assert_conserved(three)


# --- re-ante, the end of a round ----------------------------------------------------------

@pytest.mark.parametrize(("bet", "pot", "bo", "others"), [
    (8, 8, 54, 46),  # the whole pot: empty, everyone antes 2 at once
    (7, 9, 53, 46),  # 1 chip left, less than an ante: everyone antes 2 at once
    (6, 2, 54, 48),  # an ante's worth is left: no ante
])
def test_a_pot_holding_less_than_an_ante_is_anted_again_at_once(bet: int, pot: int, bo: int,
                                                                others: int) -> None:
    table = turn(red_dog(), "Bo", bet, "2c", "3c", "4c")
    assert table.pot == pot and table.chips("Bo") == bo
    assert chips(table) == {"Ann": others, "Bo": bo, "Cy": others, "Dee": others}
    assert table.view["turn"] == "Cy" and table.view["dealer"] == "Ann"
    assert_conserved(table)


def test_after_everyone_and_the_dealer_last_the_deal_passes_left_and_everyone_antes() -> None:
    table = first_round(red_dog())
    view = table.view
    assert chips(table) == {"Ann": 50, "Bo": 44, "Cy": 49, "Dee": 44} and view["pot"] == 13
    assert view["dealer"] == "Bo" and view["round"] == 2
    assert view["order"] == ["Cy", "Dee", "Ann", "Bo"] and view["turn"] == "Cy"
    # a fresh shuffle: nothing is seen, four new hands of five are out
    assert view["seen"] == [] and view["deck_remaining"] == 32
    assert expect(table) == ("bet", "bet", "Cy", 2, 13)
    table.do(cmd="bet", amount=2).do(cmd="card", card="2c")  # burned in the last round too
    assert table.view["seen"] == ["2c"]
    assert_conserved(table)


def test_a_last_turn_that_empties_the_pot_is_followed_by_one_ante_only() -> None:
    table = red_dog()
    turn(table, "Bo", 2, "2c", "Jd", "3s", "4s", "5s", "6s", "7s")
    turn(table, "Cy", 2, "2d", "Jh", "3c", "4c", "5c", "6c", "7c")
    turn(table, "Dee", 2, "2h", "Jc", "3d", "4d", "5d", "6d", "7d")
    assert table.pot == 14
    turn(table, "Ann", 14, "2s", "9h", "Ah")
    # Ann takes the whole pot (48 - 14 + 28 = 62); Bo deals and everyone antes 2 once
    assert chips(table) == {"Ann": 60, "Bo": 44, "Cy": 44, "Dee": 44} and table.pot == 8
    assert table.view["dealer"] == "Bo" and table.view["turn"] == "Cy"
    assert_conserved(table)



def test_a_player_left_without_chips_by_a_re_ante_is_skipped_at_their_turn() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=50)
    table.do(cmd="join", player="Dee", chips=4)
    table.do(cmd="start_game", game="red-dog", dealer="Ann", options={})
    # Bo takes the whole pot of 8: everyone antes 2 again and Dee's last 2 chips go in
    turn(table, "Bo", 8, "2c", "3c", "4c")
    assert table.chips("Dee") == 0 and table.pot == 8
    turn(table, "Cy", 2, "2d", "3d", "4d")
    assert table.view["turn"] == "Ann"




# --- three to eight players ---------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 8])
def test_three_to_eight_players_may_play(players: int) -> None:
    table = red_dog(EIGHT[:players])
    assert table.pot == 2 * players and len(table.view["order"]) == players
    assert_conserved(table)


@pytest.mark.parametrize("players", [("Ann", "Bo"), (*EIGHT, "Jo")])
def test_fewer_than_three_or_more_than_eight_players_cannot_start(
        players: tuple[str, ...]) -> None:
    table = Table().do(cmd="start_night", players=list(players), chips=50)
    reason = table.refused(cmd="start_game", game="red-dog", dealer=players[0], options={})
    assert reason == f"Red Dog is for 3 to 8 players; {len(players)} have chips at the table."
    assert table.state.game is None



def _first_rules() -> Table:
    """A night played by the rules as first written (an older log decides again so)."""
    table = Table()
    table.state = replace(table.state, rules=1)
    return table


def test_under_the_first_rules_a_round_of_nine_or_two_is_not_dealt_but_a_round_plays_on(
        ) -> None:
    # Today a ninth cannot join and a leave to two makes the game wait at once
    # (tests/test_seats.py); a night of the first rules plays as it was written
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    table = _first_rules().do(cmd="start_night", players=names, chips=50)
    table.do(cmd="start_game", game="red-dog", dealer="A", options={"hand_size": 3})
    table.do(cmd="join", player="I", chips=50)
    for index in range(8):  # a losing hand each: three low clubs/diamonds, turned spade 2
        table.do(cmd="bet", amount=2)
        burn, turned = ("2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h")[index], \
            ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s")[index]
        table.cards(burn, turned)
        hand = [("2c", "3c", "4c"), ("5c", "6c", "7c"), ("8c", "9c", "10c"), ("2d", "3d", "4d"),
                ("5d", "6d", "7d"), ("8d", "9d", "10d"), ("Jc", "Qc", "Kc"),
                ("Jd", "Qd", "Kd")][index]
        table.do(cmd="show", cards=list(hand))
    expect = table.view["expect"]
    assert expect["kind"] == "end_game" and "3 to 8 players and 9" in expect["prompt"]
    few = _first_rules().do(cmd="start_night", players=["A", "B", "C"], chips=20)
    few.do(cmd="start_game", game="red-dog", dealer="A")
    few.do(cmd="leave", player="C")  # C was last but one; the round plays on without C
    few.do(cmd="bet", amount=2).cards("2h", "2s").do(cmd="show", cards=["3c", "4c", "5c",
                                                                     "6c", "7c"])
    few.do(cmd="bet", amount=2).cards("3h", "3s").do(cmd="show", cards=["8c", "9c", "10c",
                                                                     "Jc", "Qc"])
    assert "3 to 8 players and 2" in few.view["expect"]["prompt"]


# --- the stack runs out -------------------------------------------------------------------

def test_a_stack_that_runs_out_mid_round_is_reshuffled_and_the_seen_tally_starts_afresh() -> None:
    table = red_dog(EIGHT, hand_size=5)  # 8 hands of 5: 12 cards for 6 turns
    for player, burned, turned, winner in zip(
            EIGHT[1:7], ("2c", "2d", "2h", "2s", "3c", "3d"), ("4c", "4d", "4h", "4s", "5c", "5d"),
            ("Ac", "Ad", "Ah", "As", "Kc", "Kd"), strict=True):
        turn(table, player, 2, burned, turned, winner)
    assert table.view["deck_remaining"] == 0 and len(table.view["seen"]) == 18
    assert table.pot == 4 and table.view["turn"] == "Ivy"
    table.do(cmd="bet", amount=2)
    events = table.try_(cmd="card", card="2c")  # burned six turns ago, and back in the stack
    assert [type(e).__name__ for e in events] == ["StackReshuffled", "TableCard"]
    # everything but the two hands not yet played (Ivy's and Dan's) is the new stack
    assert table.view["deck_remaining"] == 52 - 2 * 5 - 1 and table.view["seen"] == ["2c"]
    table.do(cmd="card", card="4c").do(cmd="show", cards=["Ac"])
    assert table.chips("Ivy") == 50 and table.pot == 2
    assert table.view["seen"] == ["2c", "4c", "Ac"] and table.view["deck_remaining"] == 40
    turn(table, "Dan", 2, "3h", "9h", "2h", "4h", "5h", "6h", "7h")
    # Dan loses: pot 4; Ben deals a fresh round and everyone antes 2: pot 20
    view = table.view
    assert view["dealer"] == "Ben" and view["pot"] == 20 and view["deck_remaining"] == 12
    assert chips(table) == {"Dan": 44, "Ben": 48, "Cleo": 48, "Eve": 48, "Finn": 48,
                            "Gus": 48, "Hal": 48, "Ivy": 48}
    assert_conserved(table)


# --- split_pot and end_game ---------------------------------------------------------------

def test_split_pot_shares_the_pot_evenly_odd_chips_from_the_dealers_left_then_all_ante() -> None:
    table = turn(red_dog(), "Bo", 3, "2c", "3c", "4s", "5s", "6s", "7s", "8s")
    assert table.pot == 11 and table.chips("Bo") == 45
    table.do(cmd="split_pot")
    # 11 = 4 × 2 + 3: Bo, Cy and Dee (left of Ann) get 3, Ann 2; then everyone antes 2
    assert chips(table) == {"Ann": 48, "Bo": 46, "Cy": 49, "Dee": 49} and table.pot == 8
    assert table.view["turn"] == "Cy" and table.view["dealer"] == "Ann"
    assert_conserved(table)


def test_split_pot_is_refused_during_a_turn() -> None:
    table = red_dog().do(cmd="bet", amount=2)
    assert table.refused(cmd="split_pot") == "The pot is split between turns, while it holds chips."


def test_end_game_splits_the_pot_evenly_odd_chips_from_the_dealers_left() -> None:
    table = first_round(red_dog())  # Bo deals now; pot 13
    table.do(cmd="end_game")
    # 13 = 4 × 3 + 1: the odd chip to Cy, left of Bo
    assert chips(table) == {"Ann": 53, "Bo": 47, "Cy": 53, "Dee": 47}
    assert table.state.game is None and table.view["game"] is None
    assert_conserved(table)


def test_end_game_waits_for_the_turn_under_way() -> None:
    table = red_dog().do(cmd="bet", amount=2).cards("2c")
    assert table.refused(cmd="end_game") == ("Bo's turn is under way: finish it before the "
                                             "game ends.")


# --- leaving and joining between turns ----------------------------------------------------

def test_a_player_who_leaves_before_their_turn_is_skipped_and_their_stack_frozen() -> None:
    table = turn(red_dog(), "Bo", 2, "2c", "3c", "4c")
    table.do(cmd="leave", player="Cy")
    assert table.view["order"] == ["Bo", "Dee", "Ann"] and table.view["turn"] == "Dee"
    turn(table, "Dee", 2, "2d", "3d", "4d")
    turn(table, "Ann", 2, "2h", "3h", "4h")
    # pot 8 → 6 → 4 → 2; Bo deals and the three at the table ante: pot 8
    view = table.view
    assert chips(table) == {"Ann": 48, "Bo": 48, "Cy": 48, "Dee": 48} and view["pot"] == 8
    assert view["players"]["Cy"]["present"] is False
    assert view["dealer"] == "Bo" and view["order"] == ["Dee", "Ann", "Bo"]
    assert_conserved(table)


def test_nobody_leaves_while_a_turn_is_under_way() -> None:
    table = red_dog().do(cmd="bet", amount=2)
    assert table.refused(cmd="leave", player="Dee") == ("Bo's turn is under way: finish it "
                                                        "before Dee leaves.")


def test_a_dealer_who_leaves_before_their_own_last_turn_shares_the_pot_and_ends_the_round(
        ) -> None:
    table = red_dog()
    turn(table, "Bo", 2, "2c", "3c", "4c")
    turn(table, "Cy", 2, "2d", "3d", "4d")
    turn(table, "Dee", 2, "2h", "3h", "4h")
    assert table.pot == 2 and table.view["turn"] == "Ann"
    table.do(cmd="leave", player="Ann")
    # Ann takes the pot as at the game's end: 2 shared by four, one each to Bo and Cy (left
    # of Ann); the deal passes to Bo and Bo, Cy and Dee ante 2
    view = table.view
    assert view["dealer"] == "Bo" and view["order"] == ["Cy", "Dee", "Bo"]
    assert chips(table) == {"Ann": 48, "Bo": 49, "Cy": 49, "Dee": 48} and view["pot"] == 6
    assert_conserved(table)


def test_a_player_who_joins_between_turns_antes_and_plays_from_the_next_round() -> None:
    table = turn(red_dog(), "Bo", 2, "2c", "3c", "4c")
    table.do(cmd="join", player="Eve", chips=30, after="Bo")
    assert table.view["order"] == ["Bo", "Cy", "Dee", "Ann"] and table.view["turn"] == "Cy"
    turn(table, "Cy", 2, "2d", "3d", "4d")
    turn(table, "Dee", 2, "2h", "3h", "4h")
    turn(table, "Ann", 2, "2s", "3s", "4s")
    # the four winners took the pot of 8; Bo deals and all five ante 2
    view = table.view
    assert view["dealer"] == "Bo" and view["order"] == ["Eve", "Cy", "Dee", "Ann", "Bo"]
    assert chips(table) == {"Ann": 48, "Bo": 48, "Cy": 48, "Dee": 48, "Eve": 28}
    assert view["pot"] == 10 and view["deck_remaining"] == 52 - 5 * 5
    assert_conserved(table)



def test_after_a_leave_the_next_player_without_chips_sits_the_turn_out() -> None:
    table = Table().do(cmd="start_night", players=["A", "B", "C", "D"], chips=4)
    table.do(cmd="rebuy", player="B", chips=20).do(cmd="rebuy", player="C", chips=20)
    table.do(cmd="start_game", game="red-dog", dealer="A")  # everyone antes 2: pot 8
    table.do(cmd="bet", amount=8).cards("2c", "3c").do(cmd="show", cards=["4c"])
    # B took the pot: everyone antes again, A and D put in their last 2 chips
    assert (table.chips("A"), table.chips("D")) == (0, 0)
    assert table.view["turn"] == "C"
    table.do(cmd="leave", player="C")
    # D has nothing to bet: the turn passes over D, and A (the dealer, broke too) as well,
    # which ends the round; only B has chips for the next one
    kinds = [type(e).__name__ for e in table.last_events]
    assert kinds[:3] == ["PlayerLeft", "TurnSkipped", "TurnSkipped"], kinds
    assert table.view["expect"]["kind"] == "end_game"
    assert table.state.chips_total == table.state.bought_in




# --- options that do not fit together -----------------------------------------------------

@pytest.mark.parametrize(("options", "reason"), [
    ({"dealer_bank": True, "shoot": True},
     "dealer_bank and shoot are two ways of banking the pot: choose one."),
    ({"dealer_bank": True, "slippery_sam": True},
     "slippery_sam is played like shoot, not with dealer_bank: choose one."),
    ({"dealer_bank": True, "stake_min": 30, "stake_max": 20},
     "stake_min (30) is more than stake_max (20)."),
    ({"hand_size": 1}, "hand_size is 3, 4 or 5 (or 0 for five, four with 7 or 8 players)."),
    ({"hand_size": 2}, "hand_size is 3, 4 or 5 (or 0 for five, four with 7 or 8 players)."),
    ({"shoot": True, "hand_size": 4},
     "shoot and slippery_sam deal three cards each: leave hand_size at 0."),
    ({"slippery_sam": True, "hand_size": 5},
     "shoot and slippery_sam deal three cards each: leave hand_size at 0."),
    ({"hand_size": 6}, "red-dog option hand_size is a whole number from 0 to 5, not 6."),
    ({"ante": 0}, "red-dog option ante is a whole number of at least 1, not 0."),
])
def test_a_combination_of_options_that_makes_no_sense_is_refused_at_start_game(
        options: dict[str, Any], reason: str) -> None:
    table = Table().do(cmd="start_night", players=list(PLAYERS), chips=50)
    assert table.refused(cmd="start_game", game="red-dog", dealer="Ann",
                         options=options) == reason
    assert table.state.game is None


