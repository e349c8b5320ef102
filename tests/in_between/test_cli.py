"""Every In-Between option of RULES.md §1 played through the real CLI on a SQLite file.

Each test batches its commands into few `companion exec` calls and reads the table back with
`companion state --json`. Turn actions name their player where the order is the point, so
the engine checks whose turn it is as it goes. The chip counts are worked out by hand from
the rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli import (
    chips,
    companion,
    execute,
    play,
    refused,
    refused_alone,
    row_count,
    state,
)
from tests.in_between.commands import (
    PASS,
    RANKS,
    Command,
    bet,
    card,
    declare,
    game,
    log_line,
    night,
)

# --- cover_post ---------------------------------------------------------------------------

def test_cover_post_caps_a_bet_at_half_the_stack_so_a_post_leaves_no_debt(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 15 (pot 15); Bo holds 4 and J with 20 chips: at most 10, not 15
    reason = refused(db, night(20), game(stake=15, rounds=1, cover_post=True),
                     card("4", "Bo"), card("5", "Cy"), card("J", "Bo"), bet(11, "Bo"))
    assert reason == ("Bo can bet at most 10 now: with cover_post a bet is at most half "
                      "of the 20 chips in the stack.")
    play(db, bet(10, "Bo"), card("J"), card("K", "Cy"))  # a post: Bo pays twice 10
    view = state(db)
    assert chips(view) == {"Ann": 5, "Bo": 0, "Cy": 20} and view["pot"] == 35
    expect = view["expect"]
    assert (expect["kind"], expect["player"], expect["max"]) == ("bet", "Cy", 10)


def test_cover_post_with_three_posts_keeps_the_triple_post_of_the_second_gap_payable(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 100. Bo: 4-J, bets 2, the 9 wins: 102 chips, pot 98; gap 9-J next
    play(db, night(100), game(stake=100, cover_post=True, three_posts=True),
         card("4", "Bo"), card("5", "Cy"), card("J", "Bo"), bet(2, "Bo"), card("9", "Bo"))
    expect = state(db)["expect"]
    assert (expect["gap"], expect["max"]) == (2, 102 // 3)  # a triple post of 34 is 102
    play(db, bet(expect["max"], "Bo"), card("J", "Bo"))
    view = state(db)
    assert chips(view)["Bo"] == 0 and view["pot"] == 98 + 102


# --- ante ---------------------------------------------------------------------------------

def test_ante_deals_the_dealer_in_last_then_everyone_antes_again_and_the_deal_passes_left(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(ante=1),  # no stake: everyone antes 1, pot 3
         card("5", "Bo"), card("9", "Cy"), card("K", "Ann"),  # the dealer is dealt in, last
         card("J", "Bo"), {"cmd": "pass", "player": "Bo"},
         card("10", "Cy"), {"cmd": "pass", "player": "Cy"},
         card("2", "Ann"), bet(1, "Ann"), card("7", "Ann"))  # Ann bets last and wins 1
    view = state(db)
    # Ann 19 + 1 = 20, pot 2; chips are left, so everyone antes 1 again: pot 5
    assert chips(view) == {"Ann": 19, "Bo": 18, "Cy": 18} and view["pot"] == 5
    assert (view["dealer"], view["round"], view["turn"]) == ("Bo", 2, "Cy")
    assert (view["expect"]["slot"], view["seen"], view["rounds"]) == ("first", [], None)


def test_ante_a_player_who_wins_the_whole_pot_ends_the_game(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    reason = refused(db, night(20), game(ante=1),
                     card("2", "Bo"), card("9", "Cy"), card("K", "Ann"),
                     card("A", "Bo"), bet(3, "Bo"), card("8", "Bo"),  # Bo takes all 3
                     card("5"))
    assert reason.endswith("Only end_game or end_night fit now.")
    view = state(db)
    assert chips(view) == {"Ann": 19, "Bo": 22, "Cy": 19} and view["pot"] == 0
    assert view["expect"]["kind"] == "end_game" and view["turn"] is None


def test_a_pot_won_out_is_said_to_be_empty_not_taken_by_the_dealer(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(100), game(stake=10, rounds=1), card("2", "Bo"), card("3", "Cy"),
         card("K", "Bo"), bet(10, "Bo"), card("8", "Bo"))  # Bo wins the whole pot
    said = log_line(db, 7)
    assert "Bo wins 10; the pot is empty: Ann loses the stake of 10; Bo deals" in said
    assert "pot of 0" not in said


def test_ante_ending_the_game_splits_the_pot_evenly_odd_chips_from_the_dealers_left(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(ante=1), card("5"), card("9"), card("K"),
         card("J", "Bo"), bet(2, "Bo"), card("A"),  # Bo loses 2: pot 5
         {"cmd": "end_game"})
    view = state(db)
    # 5 chips for 3: 1 each, the 2 odd chips to Bo and Cy, from the left of Ann
    assert chips(view) == {"Ann": 19 + 1, "Bo": 17 + 2, "Cy": 19 + 2}
    assert view["game"] is None


def _round_of_passes(dealer: str) -> list[Command]:
    """One ante round: first cards, then every player's second card and a pass; the dealer
    is dealt in and plays last."""
    order = {"Ann": ("Bo", "Cy", "Ann"), "Bo": ("Cy", "Ann", "Bo"),
             "Cy": ("Ann", "Bo", "Cy")}[dealer]
    return [*(card(first, name) for first, name in zip(("5", "9", "K"), order, strict=True)),
            *(command for second, name in zip(("J", "2", "3"), order, strict=True)
              for command in (card(second, name), {"cmd": "pass", "player": name}))]


def test_with_an_ante_dealt_grows_as_the_deal_passes_and_everyone_dealt_once_all_have(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Nine actions a round (3 first cards, 3 second cards, 3 passes), from action 3 on
    play(db, night(20), game(ante=1), *_round_of_passes("Ann"), *_round_of_passes("Bo"),
         *_round_of_passes("Cy"))
    views = [state(db, "--at", str(action)) for action in (10, 11, 20, 29)]
    assert [(view["dealer"], view["dealt"], view["everyone_dealt"], view["pot"])
            for view in views] == [
        ("Ann", [], False, 3),  # everyone antes 1; Ann's round is still under way
        ("Bo", ["Ann"], False, 6),  # the round ends with chips left: ante again, Bo deals
        ("Cy", ["Ann", "Bo"], False, 9),
        ("Ann", ["Ann", "Bo", "Cy"], True, 12),  # the deal is back with Ann
    ]
    assert chips(views[-1]) == {"Ann": 16, "Bo": 16, "Cy": 16}  # four antes of 1


def test_with_an_ante_the_dealer_of_the_round_in_which_the_pot_is_won_has_dealt(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann's and Bo's rounds of passes leave pot 9, stacks 17; Cy deals: Ann (2, then A) bets
    # the whole pot and the 7 wins it: Ann 17 - 9 + 18 = 26, and the game is over.
    play(db, night(20), game(ante=1), *_round_of_passes("Ann"), *_round_of_passes("Bo"),
         card("2", "Ann"), card("5", "Bo"), card("9", "Cy"), card("A", "Ann"), bet(9, "Ann"),
         card("7", "Ann"))
    view = state(db)
    assert chips(view) == {"Ann": 26, "Bo": 17, "Cy": 17} and view["pot"] == 0
    assert view["expect"]["kind"] == "end_game"
    assert (view["dealt"], view["everyone_dealt"]) == (["Ann", "Bo", "Cy"], True)


# --- min_bet ------------------------------------------------------------------------------

def test_min_bet_refuses_a_pass_and_a_bet_under_the_ante(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # ante 2: pot 6; Bo holds 5 and 6, neighbours that cannot win, and still must bet
    reason = refused(db, night(20), game(ante=2, min_bet=True),
                     card("5"), card("6"), card("K"), card("6", "Bo"), PASS)
    assert reason == "No pass here: Bo bets at least 2."
    assert refused(db, bet(1)) == "Bo bets at least 2 here."
    assert refused(db, bet(0)) == "Bo bets at least 2 here."
    play(db, bet(2, "Bo"), card("9"), card("10", "Cy"))  # Bo loses 2
    view = state(db)
    assert chips(view) == {"Ann": 18, "Bo": 16, "Cy": 18} and view["pot"] == 8
    expect = view["expect"]
    assert (expect["player"], expect["min"], expect["max"], expect["pass"]) == ("Cy", 2, 8, False)
    assert view["last_action"] == 9  # the three refusals recorded nothing


# --- low_ace ------------------------------------------------------------------------------

def test_low_ace_declared_before_the_second_card_counts_below_the_two(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 10. Bo's ace declared low: A-9 spans 2 to 8, so a 2 wins (high it would lose)
    reason = refused(db, night(100), game(stake=10, rounds=1, low_ace=True),
                     card("A", "Bo"), card("A", "Cy"), declare("low_ace", "Bo"),
                     card("9", "Bo"), bet(4, "Bo"), card("2", "Bo"),
                     card("K", "Cy"), declare("low_ace", "Cy"))  # too late for Cy's ace
    assert "before the second card" in reason
    view = state(db)
    assert chips(view) == {"Ann": 90, "Bo": 104, "Cy": 100} and view["pot"] == 6
    # Cy's ace stayed high: A and K are neighbours
    expect = view["expect"]
    assert (expect["player"], expect["warning_kind"]) == ("Cy", "neighbours")
    assert not view["low_ace"] and not expect["declare"]


# --- pairs --------------------------------------------------------------------------------

def test_pairs_split_pays_one_more_ante_and_plays_two_hands_each_settled_on_its_own(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # ante 2: pot 6, everyone 18. Bo's 7 is paired by his second card
    play(db, night(20), game(ante=2, pairs="split"),
         card("7", "Bo"), card("4", "Cy"), card("Q", "Ann"), card("7", "Bo"),
         declare("split", "Bo"), card("2", "Bo"))
    view = state(db)
    assert view["split"] == {"hand": 1, "other": ["7"]} and view["hand"] == ["7", "2"]
    assert chips(view)["Bo"] == 16 and view["pot"] == 8  # one more ante
    assert (view["expect"]["kind"], view["expect"]["hand"]) == ("bet", 1)
    assert not view["expect"]["declare"]  # a hand from a split is not split again

    play(db, bet(3, "Bo"), card("4", "Bo"))  # hand 1: 2-7, the 4 wins 3
    view = state(db)
    assert chips(view)["Bo"] == 19 and view["pot"] == 5
    assert view["split"] == {"hand": 2, "other": ["7", "2", "4"]} and view["hand"] == ["7"]
    assert (view["turn"], view["expect"]["slot"], view["expect"]["hand"]) == ("Bo", "second", 2)

    reason = refused(db, card("Q", "Bo"), bet(2, "Bo"), card("Q", "Bo"),  # hand 2: a post
                     card("9", "Cy"), declare("split", "Cy"))  # 4 and 9 are no pair
    assert reason == "Only a pair can be split."
    view = state(db)
    assert chips(view) == {"Ann": 18, "Bo": 15, "Cy": 18} and view["pot"] == 9
    assert view["split"] is None and view["turn"] == "Cy"


def test_pairs_refund_gives_the_ante_back_on_a_pair_or_neighbours_but_not_on_a_spread(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(ante=2, pairs="refund"),  # pot 6, everyone 18
         card("9", "Bo"), card("5", "Cy"), card("K", "Ann"),
         card("10", "Bo"),  # neighbours: Bo's 2 come back, the turn is over
         card("5", "Cy"),  # a pair: Cy's 2 come back
         card("2", "Ann"))  # 2 and K: no refund
    view = state(db)
    assert chips(view) == {"Ann": 18, "Bo": 20, "Cy": 20} and view["pot"] == 2
    assert (view["expect"]["player"], view["expect"]["max"]) == ("Ann", 2)


def test_pairs_refund_emptying_the_pot_does_not_end_the_game_as_if_it_were_won(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(ante=2, pairs="refund"),  # pot 6, everyone 18
         card("9", "Bo"), card("5", "Cy"), card("K", "Ann"),
         card("10", "Bo"), card("5", "Cy"),  # two refunds, each ending the turn: pot 2
         card("Q", "Ann"))  # K and Q: Ann's refund empties the pot
    view = state(db)
    # Nobody won the pot: everyone antes again at once; the round is over, so everyone
    # antes again for the next one and the deal passes.
    assert chips(view) == {"Ann": 16, "Bo": 16, "Cy": 16} and view["pot"] == 12
    assert view["dealer"] == "Bo" and view["expect"]["kind"] == "card"
    assert "Ann gets the ante of 2 back" in companion(db, "log").stdout


def test_pairs_split_hand_one_winning_the_whole_pot_ends_the_game_and_the_split(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(ante=1, pairs="split"),  # pot 3, everyone 19
         card("7", "Bo"), card("4", "Cy"), card("Q", "Ann"), card("7", "Bo"),
         declare("split", "Bo"), card("2", "Bo"),  # pot 4, Bo 18
         bet(4, "Bo"), card("5", "Bo"))  # hand 1 takes the whole pot
    view = state(db)
    assert chips(view) == {"Ann": 19, "Bo": 22, "Cy": 19} and view["pot"] == 0
    assert view["expect"]["kind"] == "end_game" and view["hand"] == []
    assert view["split"] is None


@pytest.mark.parametrize("min_bet", [False, True], ids=["passes_allowed", "min_bet"])
def test_pairs_refund_gives_the_ante_back_and_ends_the_turn_so_the_next_player_is_asked(
        tmp_path: Path, min_bet: bool) -> None:
    db = tmp_path / "night.db"
    # ante 3: pot 9, everyone 17. First cards Bo 7, Cy 3, Ann K (actions 3-5); each next
    # command names its player, so exec itself refuses one that comes out of turn.
    play(db, night(20), game(ante=3, pairs="refund", min_bet=min_bet),
         card("7", "Bo"), card("3", "Cy"), card("K", "Ann"),
         card("8", "Bo"),  # 6: 7 and 8, neighbours
         card("3", "Cy"),  # 7: a pair of 3s
         card("2", "Ann"))  # 8: 2-K is no dead hand
    view = state(db, "--at", "6")  # Bo's 3 come back and his turn is over: no bet, no pass
    assert chips(view) == {"Ann": 17, "Bo": 20, "Cy": 17} and view["pot"] == 6
    assert view["turn"] == "Cy" and view["bet"] == 0
    expect = view["expect"]
    assert (expect["kind"], expect["slot"], expect["player"]) == ("card", "second", "Cy")
    assert log_line(db, 6) == "Bo's second card 8; Bo gets the ante of 3 back; Bo passes"

    view = state(db, "--at", "7")  # Cy's 3 come back, Ann is asked at once
    assert chips(view) == {"Ann": 17, "Bo": 20, "Cy": 20} and view["pot"] == 3
    assert (view["turn"], view["expect"]["slot"]) == ("Ann", "second")
    expect = state(db)["expect"]  # Ann bets on 2-K, with min_bet at least the ante
    assert (expect["kind"], expect["player"], expect["min"], expect["max"], expect["pass"]) == (
        "bet", "Ann", 3 if min_bet else 0, 3, not min_bet)


# --- two_passes ---------------------------------------------------------------------------

def test_two_passes_deals_on_without_a_shuffle_so_a_card_of_round_one_stays_out(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    reason = refused(db, night(100), game(stake=10, two_passes=True),
                     card("5h"), card("9c"), card("Kd"), PASS, card("Ts"), PASS,
                     card("2c", "Bo"), card("5h", "Cy"))  # round 2: the 5♥ is still out
    assert "5♥ is already out" in reason
    view = state(db)
    assert (view["round"], view["deck_remaining"], view["dealer"]) == (2, 47, "Ann")
    assert sorted(view["seen"]) == sorted(["5h", "9c", "Kd", "10s", "2c"])


def _pass_rounds(deck: list[str], rounds: int, players: int) -> list[Command]:
    """`rounds` rounds where every player passes, dealt from the front of `deck`."""
    commands: list[Command] = []
    for _ in range(rounds):
        commands += [card(deck.pop(0)) for _ in range(players)]
        for _ in range(players):
            commands += [card(deck.pop(0)), PASS]
    return commands


def test_two_passes_the_used_cards_come_back_and_the_second_run_out_ends_the_deal(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    deck = [rank + suit for suit in "cdhs" for rank in RANKS]
    first_run = list(deck)
    # Ann deals to 4 players: 6 rounds of passes use 48 cards, round 7's first cards the
    # last 4; Bo's second card runs the deck out: the 48 used cards come back
    commands = [night(100, "Ann", "Bo", "Cy", "Dan", "Eve"), game(stake=10, two_passes=True)]
    commands += _pass_rounds(first_run, 6, 4)
    commands += [card(text) for text in first_run]  # round 7's first cards: 48..51
    run_out = len(commands) + 1  # the action of Bo's second card in round 7
    second_run = deck[:48]  # back in the deck; 48..51 stay on the table
    for _ in range(4):
        commands += [card(second_run.pop(0)), PASS]
    commands += _pass_rounds(second_run, 5, 4)  # rounds 8-12: 40 more, 4 left
    commands += [card(text) for text in second_run]  # round 13's first cards: 44..47
    for text in deck[:4]:  # the deck runs out again; the cards come back once more
        commands += [card(text), PASS]
    play(db, *commands)

    at_run_out = state(db, "--at", str(run_out))
    assert (at_run_out["round"], at_run_out["dealer"]) == (7, "Ann")
    assert at_run_out["deck_remaining"] == 52 - 5  # the 4 on the table and Bo's 2♣
    assert sorted(at_run_out["seen"]) == sorted(deck[48:] + ["2c"])
    view = state(db)
    # round 13 was the last: Ann takes her 10 back, Bo deals and stakes 10
    assert (view["dealer"], view["pot"], view["round"]) == ("Bo", 10, 1)
    assert view["last_dealer_result"] == {"dealer": "Ann", "result": 0}
    assert chips(view) == {"Ann": 100, "Bo": 90, "Cy": 100, "Dan": 100, "Eve": 100}


def test_two_passes_shows_no_round_count_since_the_deck_decides_when_the_deal_passes(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(rounds=3))
    counted = state(db)
    assert (counted["round"], counted["rounds"]) == (1, 3)
    play(db, {"cmd": "end_game"}, game(rounds=3, two_passes=True))
    view = state(db)
    assert (view["round"], view["rounds"]) == (1, None)
    text = companion(db, "state")
    assert text.returncode == 0 and "in-between, round 1, dealer Ann" in text.stdout


# --- three_posts --------------------------------------------------------------------------

def test_three_posts_a_second_bet_on_gap_two_to_three_whose_post_costs_triple(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 20. Bo: 4-J, bets 5, the 9 wins; then the gap 9-J, no pass there
    reason = refused(db, night(100), game(stake=20, three_posts=True),
                     card("4", "Bo"), card("5", "Cy"), card("J", "Bo"), bet(5, "Bo"),
                     card("9", "Bo"), PASS)
    assert reason == "No pass here: Bo bets at least 1."
    view = state(db)
    assert chips(view)["Bo"] == 105 and view["pot"] == 15
    expect = view["expect"]
    assert (expect["kind"], expect["player"], expect["gap"]) == ("bet", "Bo", 2)
    assert (expect["min"], expect["max"], expect["pass"]) == (1, 15, False)
    assert (view["gap"], sorted(view["spread"]), view["hand"]) == (2, ["9", "J"],
                                                                   ["4", "J", "9"])
    play(db, bet(3, "Bo"), card("9", "Bo"))  # a post on the second gap: three times 3
    view = state(db)
    assert chips(view) == {"Ann": 80, "Bo": 105 - 9, "Cy": 100} and view["pot"] == 15 + 9
    assert (view["turn"], view["gap"], view["expect"]["slot"]) == ("Cy", None, "second")


def test_three_posts_the_second_bet_is_at_least_the_ante_and_can_win_the_pot(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # ante 2: pot 6, everyone 18. Bo: 3-Q, bets 2, the 5 wins (pot 4); then the gap 5-Q
    assert refused(db, night(20), game(ante=2, three_posts=True),
                   card("3"), card("8"), card("K"), card("Q", "Bo"), bet(2, "Bo"),
                   card("5", "Bo"), bet(1, "Bo")) == "Bo bets at least 2 here."
    play(db, bet(4, "Bo"), card("10", "Bo"))  # the whole pot on the second gap, and won
    view = state(db)
    assert chips(view) == {"Ann": 18, "Bo": 24, "Cy": 18} and view["pot"] == 0
    assert view["expect"]["kind"] == "end_game"


# --- hidden -------------------------------------------------------------------------------

def test_hidden_pass_without_showing_or_show_both_then_bet_and_take_the_third_card(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Bo passes unseen; Cy shows a 4 and cannot pass any more
    reason = refused(db, night(100), game(stake=10, rounds=2, hidden=True),
                     {"cmd": "pass", "player": "Bo"}, card("4", "Cy"), PASS)
    assert reason.startswith("No bet is expected now")
    start = state(db, "--at", "2")
    assert (start["turn"], start["expect"]["slot"], start["expect"]["pass"]) == (
        "Bo", "shown_first", True)
    assert start["face_down"] == {"Bo": 2, "Cy": 2} and start["seen"] == []
    view = state(db)
    assert (view["turn"], view["face_down"], view["hand"]) == ("Cy", {"Cy": 1}, ["4"])
    assert view["seen"] == ["4"] and view["expect"]["slot"] == "shown_second"

    play(db, card("J", "Cy"), bet(5, "Cy"), card("9", "Cy"))  # 4-J: the 9 wins 5
    view = state(db)
    assert chips(view) == {"Ann": 90, "Bo": 100, "Cy": 105} and view["pot"] == 5
    # round 2 starts shuffled, every hand face down again
    assert (view["round"], view["seen"], view["face_down"]) == (2, [], {"Bo": 2, "Cy": 2})


def test_min_bet_with_hidden_cards_allows_no_pass_without_showing(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, night(20), game(ante=1, min_bet=True, hidden=True))
    if done.returncode == 2:  # refusing the combination at the start would do too
        assert state(db)["game"] is None
        return
    assert done.returncode == 0, done.stderr
    assert refused(db, PASS).startswith("No pass here")


# --- combinations that make no sense ------------------------------------------------------

@pytest.mark.parametrize("options, reason", [
    ({"min_bet": True}, "min_bet needs an ante: the minimum bet is the ante."),
    ({"ante": 0, "min_bet": True}, "min_bet needs an ante: the minimum bet is the ante."),
    ({"pairs": "split"}, "pairs=split needs an ante: a split costs one more ante, "
                         "a refund gives the ante back."),
    ({"pairs": "refund", "stake": 5}, "pairs=refund needs an ante: a split costs one more "
                                      "ante, a refund gives the ante back."),
], ids=["min_bet", "min_bet_ante_0", "pairs_split", "pairs_refund"])
def test_options_that_need_an_ante_are_refused_at_start_game_and_nothing_is_recorded(
        tmp_path: Path, options: dict[str, Any], reason: str) -> None:
    db = tmp_path / "night.db"
    play(db, night(20))
    rows = row_count(db)
    assert refused(db, game(**options)) == reason
    assert row_count(db) == rows
    view = state(db)
    assert view["game"] is None and view["last_action"] == 1


def test_hidden_with_two_passes_deal_on_counting_the_cards_face_down_until_the_deck_runs_out(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    six = ("Ann", "Bo", "Cy", "Dee", "Eve", "Flo")  # Ann deals: ten cards face down a round
    play(db, night(100, *six), game(stake=20, hidden=True, two_passes=True))
    view = state(db)
    assert view["face_down"] == {name: 2 for name in six[1:]} and view["deck_remaining"] == 42
    play(db, *[PASS] * 20)  # four rounds passed unseen: 40 cards out, none of them entered
    view = state(db)
    assert (view["round"], view["deck_remaining"], view["seen"]) == (5, 2, [])
    play(db, card("2", "Bo"), card("K", "Bo"), bet(1, "Bo"), card("7", "Bo"),
         card("3", "Cy"), card("Q", "Cy"), bet(1, "Cy"), card("8", "Cy"),
         card("4", "Dee"), card("J", "Dee"), bet(1, "Dee"))
    assert state(db)["deck_remaining"] == 0
    # Dee's third card: the used cards are shuffled, hers stay out, and so do the four still
    # face down with Eve and Flo
    play(db, card("9", "Dee"))
    view = state(db)
    assert view["seen"] == ["4", "J", "9"] and view["deck_remaining"] == 45
    assert log_line(db, 34).startswith("the deck ran out: the used cards are shuffled (4, J "
                                       "stay on the table)")
    play(db, card("9", "Eve"), card("9", "Eve"), bet(1, "Eve"), card("9", "Eve"))
    assert refused_alone(db, card("9", "Flo")).startswith("All four 9s are already out since "
                                                          "the last shuffle")
    play(db, card("2", "Flo"), card("K", "Flo"), PASS)  # shown before the shuffle: back in it
    view = state(db)
    assert (view["round"], view["deck_remaining"], view["face_down"]) == (
        6, 34, {name: 2 for name in six[1:]})
    assert view["seen"] == ["4", "J", "9", "9", "9", "9", "2", "K"]


# --- the odds -------------------------------------------------------------------------------

def test_the_odds_of_3_to_queen_with_48_unseen_are_each_rounded_and_add_up_to_100(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Bo 3, Cy 5, Dee 7 as first cards, Bo's second a queen: 30 of 48 between (62.5 %),
    # three 3s and three queens (12.5 %), the 2s, kings and aces (25 %)
    play(db, night(100, "Ann", "Bo", "Cy", "Dee"), game(stake=20),
         card("3", "Bo"), card("5", "Cy"), card("7", "Dee"), card("Q", "Bo"))
    odds = state(db)["odds"]
    assert (odds["win"], odds["post"], odds["lose"], odds["unseen"]) == (63, 12, 25, 48)
