"""In-Between as RULES.md §1 plays it, through the pure engine."""

from __future__ import annotations

import pytest

from tests.table import Table, in_between


def _anna_holds_4c_jh(pot: int = 12) -> Table:
    table = in_between(("Dealer", "Anna", "Ben"), dealer="Dealer", stake=pot)
    return table.cards("4c", "8s", "Jh")  # Anna's first, Ben's first, Anna's second


@pytest.mark.parametrize("third, anna, pot", [
    ("9d", 105, 7),    # between: Anna takes 5 from the pot
    ("Kd", 95, 17),    # outside: the bet goes into the pot
    ("4h", 90, 22),    # a post: twice the bet
    ("Jc", 90, 22),
])
def test_the_worked_example_of_the_rules(third: str, anna: int, pot: int) -> None:
    table = _anna_holds_4c_jh(pot=12)
    assert table.pot == 12
    table.do(cmd="bet", amount=5)
    assert table.chips("Anna") == 95  # the bet is on the table, not in the stack
    table.do(cmd="card", card=third)
    assert (table.chips("Anna"), table.pot) == (anna, pot)
    assert table.view["turn"] == "Ben"


def test_the_dealer_stakes_and_gets_no_cards() -> None:
    table = in_between(stake=20)
    assert table.chips("Anna") == 80 and table.pot == 20
    assert table.view["expect"].items() >= {"kind": "card", "slot": "first", "player": "Ben",
                                             "suits": False, "prompt": "Ben's first card"}.items()
    table.cards("5h", "9c")
    assert table.view["expect"]["slot"] == "second"
    assert table.view["turn"] == "Ben"


def test_a_bet_is_capped_by_the_pot_and_by_the_stack() -> None:
    table = in_between(("Anna", "Ben", "Cleo"), stake=10).cards("5h", "9c", "Kd")
    reason = table.refused(cmd="bet", amount=11)
    assert "at most 10" in reason and "pot holds 10" in reason
    short = in_between(("Anna", "Ben", "Cleo"), chips=30, stake=30)
    short.do(cmd="rebuy", player="Anna", chips=50)
    short.cards("2h", "3c", "9c").do(cmd="bet", amount=25).cards("Kc")  # Ben loses 25
    short.cards("Ad")  # Cleo's second card
    assert short.view["expect"]["max"] == 30
    short.do(cmd="pass")
    assert short.view["round"] == 2
    short.cards("2s", "3d", "As")
    assert short.view["expect"]["max"] == 5  # Ben's stack, below the pot of 55
    assert "stack holds 5" in short.refused(cmd="bet", amount=6)


def test_cover_post_caps_a_bet_at_half_the_stack() -> None:
    table = in_between(("Anna", "Ben", "Cleo"), chips=30, stake=30, cover_post=True)
    table.cards("2h", "3c", "Ac")
    assert table.view["expect"]["max"] == 15
    assert "half" in table.refused(cmd="bet", amount=16)
    table.do(cmd="bet", amount=15)


@pytest.mark.parametrize("bad", [-1, 2.5, "5", True, None])
def test_a_bet_must_be_a_whole_number(bad: object) -> None:
    table = in_between(stake=10).cards("5h", "9c", "Kd")
    reason = table.refused(cmd="bet", amount=bad)
    assert "whole number" in reason


def test_a_pass_turns_no_third_card() -> None:
    table = in_between(stake=10).cards("5h", "9c", "Kd")
    table.do(cmd="pass")
    assert table.view["expect"]["slot"] == "second" and table.view["turn"] == "Cleo"
    assert len(table.view["seen"]) == 3


def test_a_bet_of_zero_is_a_pass() -> None:
    table = in_between(stake=10).cards("5h", "9c", "Kd").do(cmd="bet", amount=0)
    assert table.view["turn"] == "Cleo" and table.chips("Ben") == 100


@pytest.mark.parametrize("second, warning", [
    ("9d", "A pair of 9s: no card can win."),
    ("10d", "9 and 10 are neighbours: no card can win."),
    ("8d", "8 and 9 are neighbours: no card can win."),
])
def test_a_pair_or_neighbours_warns_but_a_bet_is_allowed(second: str, warning: str) -> None:
    table = in_between(stake=10).cards("9c", "5h", second)
    assert table.view["expect"]["warning"] == warning
    table.do(cmd="bet", amount=2).cards("Ks")
    assert table.chips("Ben") == 98


def test_a_pair_hit_again_is_a_post() -> None:
    table = in_between(stake=10).cards("9c", "5h", "9d").do(cmd="bet", amount=2).cards("9s")
    assert table.chips("Ben") == 96 and table.pot == 14


def test_ace_is_high_and_ace_two_is_the_best_hand() -> None:
    table = in_between(stake=20).cards("Ac", "5h", "2d")
    assert table.view["expect"]["warning"] is None
    table.do(cmd="bet", amount=10).cards("Kh")
    assert table.chips("Ben") == 110 and table.pot == 10
    assert in_between(stake=10).cards("Ac", "5h", "Kd").view["expect"]["warning"] == (
        "K and A are neighbours: no card can win.")


def test_a_post_may_drive_the_stack_into_debt() -> None:
    table = in_between(("Anna", "Ben", "Cleo"), chips=10, stake=10)
    table.cards("4c", "5h", "Jh").do(cmd="bet", amount=10).cards("Jc")
    assert table.chips("Ben") == -10 and table.pot == 30
    assert table.state.chips_total == table.state.bought_in


def test_a_player_with_no_chips_sits_out_the_round() -> None:
    table = in_between(("Anna", "Ben", "Cleo"), chips=10, stake=5, rounds=2)
    table.cards("4c", "5h", "Jh").do(cmd="bet", amount=5).cards("Kc")  # Ben loses 5
    table.cards("5d").do(cmd="pass")
    # round 2: Ben has 5 chips left and plays; make Ben broke first
    assert table.view["round"] == 2 and table.view["turn"] == "Ben"
    table.cards("2c", "2d", "Ac").do(cmd="bet", amount=5).cards("Ad")  # post: pays 10
    assert table.chips("Ben") == -5
    table.cards("3h").do(cmd="pass")
    # the deal passed to Ben, who has no chips: passed over, Cleo deals
    assert table.view["dealer"] == "Cleo"
    assert table.game.order == ("Anna",)


def test_rounds_reshuffle_and_after_the_last_the_dealer_takes_the_pot() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=10, rounds=2)
    table.cards("5h", "9c", "Kd").do(cmd="bet", amount=3).cards("8s")
    table.cards("10d").do(cmd="pass")
    assert table.view["round"] == 2 and table.view["seen"] == []
    table.cards("5h", "9c", "Kd").do(cmd="pass").cards("Kh").do(cmd="pass")
    view = table.view
    assert view["dealer"] == "Bo" and view["pot"] == 10
    assert view["last_dealer_result"] == {"dealer": "Ann", "result": -3}
    assert table.chips("Ann") == 97 and table.chips("Bo") == 93
    assert view["turn"] == "Cy" and view["round"] == 1


def test_winning_the_whole_pot_ends_the_dealers_game_at_once() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=10, rounds=3)
    table.cards("2h", "9c", "Ah").do(cmd="bet", amount=10).cards("7s")
    view = table.view
    assert view["dealer"] == "Bo" and view["pot"] == 10 and table.chips("Ann") == 90
    assert view["last_dealer_result"] == {"dealer": "Ann", "result": -10}
    assert table.chips("Bo") == 100  # won 10, staked 10


def test_a_dealer_short_of_the_stake_stakes_all_they_have() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=100, stake=10, rounds=1)
    table.do(cmd="leave", player="Cy")
    table.cards("5h", "Kd").do(cmd="bet", amount=10).cards("6s")  # Bo takes the pot
    assert table.view["dealer"] == "Bo"
    table2 = in_between(("Ann", "Bo", "Cy"), chips=6, stake=10)
    assert table2.pot == 6 and table2.chips("Ann") == 0


def test_everyone_dealt_once_is_shown() -> None:
    table = in_between(("Ann", "Bo"), stake=5, rounds=1)
    table.cards("5h", "9c").do(cmd="pass")
    assert table.view["dealt"] == ["Ann"] and not table.view["everyone_dealt"]
    table.cards("5h", "9c").do(cmd="pass")
    assert table.view["everyone_dealt"]


def test_the_first_dealer_may_be_drawn_highest_deals_ties_draw_again() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=50)
    table.do(cmd="start_game", game="in-between", dealer="draw", options={"stake": 5})
    assert table.view["expect"]["slot"] == "draw" and table.view["turn"] == "Ann"
    table.cards("Kc", "4d", "Kh")
    assert table.view["expect"]["slot"] == "draw" and table.view["turn"] == "Ann"
    assert "already out" in table.refused(cmd="card", card="Kc")
    table.cards("2s", "Qd")
    assert table.view["dealer"] == "Cy" and table.pot == 5
    assert table.view["turn"] == "Ann" and table.view["seen"] == []


def test_a_card_already_out_is_refused_naming_the_earlier_action() -> None:
    table = in_between(stake=10).cards("5h")
    reason = table.refused(cmd="card", card="5♥")
    assert "5♥" in reason and "action 3" in reason
    table.cards("5", "5d")  # Cleo's first card, Ben's second: three fives out
    table.do(cmd="bet", amount=1)
    table.cards("5s")  # the fourth five: a post
    reason = table.refused(cmd="card", card="5")
    assert reason == ("All four 5s are already out since the last shuffle "
                      "(actions 3, 5, 6, 8); check the card.")


def test_the_player_named_must_be_the_one_whose_turn_it_is() -> None:
    table = in_between(stake=10)
    assert table.refused(cmd="card", card="5h", player="Cleo") == "It is Ben's turn, not Cleo's."
    table.do(cmd="card", card="5h", player="Ben")


def test_commands_of_another_game_are_refused() -> None:
    table = in_between(stake=10)
    assert "not a move in In-Between" in table.refused(cmd="guess", value=7)
    assert "No bet is expected" in table.refused(cmd="bet", amount=1)
    table.cards("5h", "9c", "Kd")
    assert "No card is expected" in table.refused(cmd="card", card="2c")


def test_join_rebuy_and_leave_between_turns() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=10, rounds=2)
    table.do(cmd="join", player="Eve", chips=50, after="Bo")
    assert [p.name for p in table.state.players] == ["Ann", "Bo", "Eve", "Cy"]
    assert table.game.order == ("Bo", "Cy")  # Eve plays from the next round
    table.cards("5h", "9c", "Kd")
    assert "under way" in table.refused(cmd="leave", player="Cy")
    table.do(cmd="rebuy", player="Bo", chips=20)
    assert table.view["players"]["Bo"] == {"chips": 120, "sips": 0, "bought_in": 120,
                                           "present": True}
    table.do(cmd="pass")
    table.do(cmd="leave", player="Cy")
    assert table.view["round"] == 2 and table.game.order == ("Bo", "Eve")
    assert table.view["players"]["Cy"]["present"] is False
    assert "already left" in table.refused(cmd="leave", player="Cy")
    table.do(cmd="join", player="Cy", chips=10)
    assert table.view["players"]["Cy"] == {"chips": 110, "sips": 0, "bought_in": 110,
                                           "present": True}


def test_a_leaving_dealer_takes_the_pot_and_the_deal_passes() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=10)
    table.cards("5h", "9c", "Kd").do(cmd="bet", amount=4).cards("2c")
    table.do(cmd="leave", player="Ann")
    assert table.chips("Ann") == 104 and table.view["dealer"] == "Bo"


def test_end_game_gives_the_dealer_the_pot() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=10)
    table.cards("5h", "9c", "Kd").do(cmd="bet", amount=4)
    assert "under way" in table.refused(cmd="end_game")
    table.cards("2c").do(cmd="end_game")
    assert table.view["game"] is None and table.chips("Ann") == 104
    assert table.view["games_played"] == ["in-between"]
    table.do(cmd="end_night")
    assert "over" in table.refused(cmd="join", player="Dan", chips=5)


@pytest.mark.parametrize("command, words", [
    ({"cmd": "start_game", "game": "poker"}, "Unknown game"),
    ({"cmd": "start_game", "game": "in-between", "options": {"stake": 0}}, "stake"),
    ({"cmd": "start_game", "game": "in-between", "options": {"colour": 1}}, "no option"),
    ({"cmd": "start_game", "game": "in-between", "dealer": "Zed"}, "no player called"),
    ({"cmd": "frobnicate"}, "Unknown command"),
    ({"cmd": "start_night", "players": ["A"], "chips": 1}, "already started"),
    ({"cmd": "join", "player": "Ann", "chips": 5}, "already at the table"),
    ({"cmd": "rebuy", "player": "Ann", "chips": 0}, "at least 1"),
])
def test_night_commands_that_do_not_fit_are_refused(command: dict[str, object],
                                                    words: str) -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo"], chips=10)
    assert words in table.refused(**command)


def test_players_leaving_during_the_draw_leave_it_to_the_rest() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy", "Dan"], chips=20)
    table.do(cmd="start_game", game="in-between", dealer="draw", options={"stake": 5})
    table.cards("2", "2", "9")  # Ann and Bo draw 2s, Cy a 9
    table.do(cmd="leave", player="Dan")  # everyone left has drawn: Cy deals
    assert table.view["dealer"] == "Cy" and table.pot == 5


def test_a_draw_left_with_one_player_makes_them_dealer() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=20)
    table.do(cmd="start_game", game="in-between", dealer="draw", options={"stake": 5})
    table.cards("Kc", "Kd", "2c")  # Ann and Bo tie: they draw again
    assert table.game.drawing == ("Ann", "Bo")
    table.do(cmd="leave", player="Bo")
    assert table.view["dealer"] == "Ann" and table.view["turn"] == "Cy"


def test_with_an_ante_everyone_antes_and_the_dealer_bets_last() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1)
    assert table.pot == 3 and table.chips("Ann") == 19  # no stake, only the ante
    assert table.game.order == ("Bo", "Cy", "Ann")
    assert table.view["rounds"] is None and table.view["ante"] == 1


def test_with_an_ante_the_deal_passes_every_round_and_everyone_antes_again() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1)
    table.cards("5", "9", "K")  # first cards: Bo, Cy, Ann
    table.cards("J").do(cmd="pass")  # Bo
    table.cards("10").do(cmd="pass")  # Cy
    table.cards("2").do(cmd="bet", amount=1).cards("7")  # Ann, the dealer, wins 1
    view = table.view
    assert view["dealer"] == "Bo" and view["round"] == 2 and view["pot"] == 2 + 3
    assert table.game.order == ("Cy", "Ann", "Bo")


def test_with_an_ante_winning_the_whole_pot_ends_the_game() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1)
    table.cards("2", "9", "K", "A").do(cmd="bet", amount=3).cards("8")
    assert table.view["expect"]["kind"] == "end_game" and table.pot == 0
    table.do(cmd="end_game")
    assert table.chips("Bo") == 22 and table.state.chips_total == table.state.bought_in


def test_with_an_ante_ending_the_game_splits_the_pot_evenly() -> None:
    table = in_between(("Ann", "Bo", "Cy", "Dan"), chips=20, ante=2)
    table.cards("5", "9", "K", "Q").cards("J").do(cmd="bet", amount=1).cards("A")  # Bo loses
    table.do(cmd="end_game")  # pot 9 = 4 x 2 + 1: the odd chip to Bo, left of the dealer
    chips = {p.name: p.chips for p in table.state.players}
    assert chips == {"Ann": 20, "Bo": 20, "Cy": 20, "Dan": 20}


def test_min_bet_makes_every_player_bet_at_least_the_ante() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=2, min_bet=True)
    table.cards("5", "6", "K", "6")  # Bo holds 5 and 6: neighbours, but still must bet
    expect = table.view["expect"]
    assert (expect["min"], expect["pass"]) == (2, False)
    assert "at least 2" in table.refused(cmd="pass")
    assert "at least 2" in table.refused(cmd="bet", amount=1)
    table.do(cmd="bet", amount=2)


def test_min_bet_without_an_ante_is_refused_at_start() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo"], chips=20)
    reason = table.refused(cmd="start_game", game="in-between", dealer="Ann",
                           options={"min_bet": True})
    assert reason == "min_bet needs an ante: the minimum bet is the ante."


def test_a_first_ace_may_be_declared_low_before_the_second_card() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, low_ace=True).cards("Ac", "5h")
    assert table.view["expect"]["declare"] == ["low_ace"]
    table.do(cmd="declare", choice="low_ace")
    assert not table.view["expect"]["declare"]
    table.cards("9d")  # ace low and 9: 2 to 8 win
    assert table.view["expect"]["warning"] is None and table.view["low_ace"]
    table.do(cmd="bet", amount=4).cards("5")
    assert table.chips("Bo") == 104


def test_a_low_ace_next_to_a_2_cannot_win_and_a_third_ace_is_a_post() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, low_ace=True).cards("Ac", "5h")
    table.do(cmd="declare", choice="low_ace").cards("2d")
    assert table.view["expect"]["warning_kind"] == "neighbours"
    table.do(cmd="bet", amount=3).cards("Ad")
    assert table.chips("Bo") == 94  # the post: twice the bet


def test_low_ace_is_refused_without_the_option_or_an_ace_or_after_the_second_card() -> None:
    plain = in_between(("Ann", "Bo", "Cy"), stake=20).cards("Ac", "5h")
    assert "low_ace" in plain.refused(cmd="declare", choice="low_ace")
    no_ace = in_between(("Ann", "Bo", "Cy"), stake=20, low_ace=True).cards("Kc", "5h")
    assert "ace" in no_ace.refused(cmd="declare", choice="low_ace")
    late = in_between(("Ann", "Bo", "Cy"), stake=20, low_ace=True).cards("Ac", "5h", "9d")
    assert "No card" not in late.refused(cmd="declare", choice="low_ace")


def test_pairs_refund_gives_the_ante_back_on_a_pair_or_neighbours() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=2, pairs="refund")
    table.cards("9", "5", "K", "10")  # Bo: 9 and 10, neighbours
    assert table.chips("Bo") == 20 and table.pot == 4
    assert table.view["turn"] == "Cy"  # the refund ends the turn: no bet on a dead hand
    table.cards("5")  # Cy: a pair of fives
    assert table.chips("Cy") == 20 and table.pot == 2


def test_pairs_refund_ends_the_turn_even_with_min_bet() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=3, pairs="refund", min_bet=True)
    table.cards("7", "3", "K", "8")  # Bo: 7 and 8
    assert table.chips("Bo") == 20 and table.view["turn"] == "Cy"


def test_pairs_without_an_ante_is_refused_at_start() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo"], chips=20)
    assert "pairs=refund needs an ante" in table.refused(
        cmd="start_game", game="in-between", dealer="Ann", options={"pairs": "refund"})
    assert "pairs=split needs an ante" in table.refused(
        cmd="start_game", game="in-between", dealer="Ann", options={"pairs": "split"})
    assert "one of" in table.refused(cmd="start_game", game="in-between", dealer="Ann",
                                     options={"ante": 1, "pairs": "double"})


def test_a_split_pair_plays_two_hands_each_bet_and_settled_on_its_own() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=2, pairs="split")
    table.cards("9", "5", "3", "9")  # first cards Bo 9, Cy 5, Ann 3; Bo's second: a pair
    assert table.view["expect"]["declare"] == ["split"]
    table.do(cmd="declare", choice="split")
    assert (table.chips("Bo"), table.pot) == (16, 8)  # one more ante into the pot
    assert table.view["split"] == {"hand": 1, "other": ["9"]}
    assert table.view["expect"]["prompt"] == "Bo's second card for hand 1"
    table.cards("2").do(cmd="bet", amount=3).cards("5")  # 2-9, the 5 wins
    assert (table.chips("Bo"), table.pot) == (19, 5)
    assert table.view["turn"] == "Bo" and table.view["hand"] == ["9"]
    assert table.view["split"] == {"hand": 2, "other": ["9", "2", "5"]}
    table.cards("K").do(cmd="bet", amount=2).cards("K")  # 9-K, a post: twice the bet
    assert (table.chips("Bo"), table.pot) == (15, 9)
    assert table.view["turn"] == "Cy" and table.view["split"] is None
    assert table.state.chips_total == 60


def test_a_split_is_refused_unless_a_fresh_pair_and_the_ante_are_there() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=2, pairs="split")
    table.cards("9", "5", "3", "10")
    assert "Only a pair" in table.refused(cmd="declare", choice="split")
    table.do(cmd="pass").cards("5").do(cmd="declare", choice="split").cards("5")
    assert "not split again" in table.refused(cmd="declare", choice="split")
    assert not table.view["expect"]["declare"]
    table.do(cmd="pass")
    assert "right after its second card" in table.refused(cmd="declare", choice="split")
    refund = in_between(("Ann", "Bo", "Cy"), chips=20, ante=2, pairs="refund")
    refund.cards("9", "5", "3", "9")
    assert "Only with pairs=split" in refund.refused(cmd="declare", choice="split")


def test_a_split_needs_chips_for_the_ante() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=4, ante=2, pairs="split")
    table.cards("9", "5", "3", "9")  # Bo has 2 chips after the ante: enough
    table.do(cmd="declare", choice="split").cards("2")
    assert table.chips("Bo") == 0 and not table.view["expect"]["declare"]
    poor = in_between(("Ann", "Bo", "Cy"), chips=3, ante=2, pairs="split")
    poor.cards("9", "5", "3", "9")  # 1 chip left, the ante is 2
    assert "needs 2 chips" in poor.refused(cmd="declare", choice="split")
    assert not poor.view["expect"]["declare"]


def test_a_split_turn_is_under_way_until_the_second_hand_is_settled() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=2, pairs="split")
    table.cards("9", "5", "3", "9").do(cmd="declare", choice="split")
    table.cards("2").do(cmd="pass")  # hand 1 passed: hand 2 waits for its second card
    assert "under way" in table.refused(cmd="leave", player="Bo")
    assert "under way" in table.refused(cmd="end_game")
    table.cards("Q").do(cmd="pass")
    table.do(cmd="leave", player="Bo")


def test_a_split_pair_of_aces_may_declare_each_hands_first_ace_low() -> None:
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1, pairs="split", low_ace=True)
    table.cards("A", "5", "3", "A").do(cmd="declare", choice="split")
    table.do(cmd="declare", choice="low_ace").cards("K")
    assert table.view["low_ace"] and table.view["expect"]["max"] > 0
    table.do(cmd="bet", amount=1).cards("7")  # low ace to K: the 7 wins
    assert table.view["split"]["hand"] == 2 and not table.view["low_ace"]
    assert table.view["expect"]["declare"] == ["low_ace"]
    table.cards("K")  # the second hand plays its ace high: K and A are neighbours
    assert table.view["expect"]["warning_kind"] == "neighbours"


def test_split_goes_with_hidden_cards_and_three_posts() -> None:
    hidden = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1, pairs="split", hidden=True)
    hidden.cards("7", "7").do(cmd="declare", choice="split")
    assert hidden.view["expect"]["slot"] == "shown_second"
    hidden.cards("2").do(cmd="pass").cards("K").do(cmd="pass")
    assert hidden.view["turn"] == "Cy"
    posts = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1, pairs="split", three_posts=True)
    posts.cards("7", "5", "3", "7").do(cmd="declare", choice="split")
    posts.cards("2").do(cmd="bet", amount=1).cards("5")  # 2-7: the 5 wins; now gap 2-5
    assert posts.view["expect"]["gap"] == 2
    posts.do(cmd="bet", amount=1).cards("3")  # 3 is between 2 and 5
    assert posts.view["split"]["hand"] == 2 and posts.view["hand"] == ["7"]
    assert posts.state.chips_total == 60


def _deal_round(table: Table, cards: list[str]) -> list[str]:
    """Play one round of passes, taking cards from `cards`; the cards left."""
    game = table.game
    for _ in game.order:  # first cards
        table.cards(cards.pop())
    for _ in range(len(game.order)):  # a second card each, then a pass
        table.cards(cards.pop()).do(cmd="pass")
    return cards


def test_two_passes_deals_on_from_the_deck_without_a_shuffle() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=10, two_passes=True)
    deck = [f"{rank}{suit}" for suit in "cdhs" for rank in
            ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    deck = _deal_round(table, deck)
    view = table.view
    assert view["round"] == 2 and view["deck_remaining"] == 48 and len(view["seen"]) == 4


def test_two_passes_the_used_cards_come_back_when_the_deck_runs_out() -> None:
    table = in_between(("Ann", "Bo", "Cy", "Dan", "Eve"), stake=10, two_passes=True)
    deck = [f"{rank}{suit}" for suit in "cdhs" for rank in
            ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    for _ in range(6):  # 6 rounds of 4 players x 2 cards: 48 cards
        deck = _deal_round(table, deck)
    assert table.view["round"] == 7 and table.view["deck_remaining"] == 4
    table.cards(*deck[-4:][::-1])  # the last four cards are the first cards of round 7
    assert table.view["deck_remaining"] == 0
    assert "already out" in table.refused(cmd="card", card="2c")  # on the table still
    table.cards("As")  # the deck ran out: the 48 used cards are shuffled, A♠ comes again
    view = table.view
    assert view["deck_remaining"] == 52 - 5 and table.game.deck_runs == 1
    assert sorted(view["seen"]) == sorted(["2c", "3c", "4c", "5c", "As"])


def test_two_passes_ends_the_dealers_game_after_the_second_run_out() -> None:
    table = in_between(("Ann", "Bo", "Cy", "Dan", "Eve"), stake=10, two_passes=True)
    runs = 0
    while table.view["dealer"] == "Ann":
        game = table.game
        runs = game.deck_runs
        if game.phase == "first" or game.phase == "second":
            table.cards(_any_card(table))
        elif game.phase == "bet":
            table.do(cmd="pass")
        assert table.view["round"] < 40
    assert runs == 2 and table.view["dealer"] == "Bo"


def _any_card(table: Table) -> str:
    game = table.game
    out = set(table.view["seen"])
    if not game.deck.remaining:  # the next card comes from the reshuffled used cards
        out = {str(card) for _, card in game.first_cards} | {str(card) for card in game.hand}
    for suit in "cdhs":
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            if rank + suit not in out:
                return rank + suit
    raise AssertionError("no card left")


def test_three_posts_a_second_bet_on_the_gap_of_cards_two_and_three() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, ante=0, three_posts=True)
    table.cards("4", "5", "J").do(cmd="bet", amount=5).cards("9")  # Bo: 4-J, 9 wins 5
    expect = table.view["expect"]
    assert (expect["kind"], expect["gap"], expect["min"], expect["pass"]) == ("bet", 2, 1, False)
    assert table.view["spread"] == ["J", "9"]
    assert table.view["turn"] == "Bo" and table.chips("Bo") == 105
    table.do(cmd="bet", amount=2).cards("10")  # 9-J: the 10 wins 2
    assert table.chips("Bo") == 107 and table.view["turn"] == "Cy"


def test_three_posts_a_post_on_the_second_gap_costs_three_times_the_bet() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, three_posts=True)
    table.cards("4", "5", "J").do(cmd="bet", amount=5).cards("9")
    table.do(cmd="bet", amount=2).cards("J")  # a post on 9-J
    assert table.chips("Bo") == 105 - 6 and table.pot == 15 + 6


def test_three_posts_no_second_bet_after_a_pass_or_when_the_pot_is_won() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, three_posts=True)
    table.cards("4", "5", "J").do(cmd="pass")
    assert table.view["turn"] == "Cy" and table.view["expect"]["slot"] == "second"
    whole = in_between(("Ann", "Bo", "Cy"), stake=20, three_posts=True)
    whole.cards("2", "5", "A").do(cmd="bet", amount=20).cards("9")
    assert whole.view["dealer"] == "Bo"  # the whole pot won: the dealer's game is over


def test_hidden_a_player_passes_without_showing_or_shows_both_and_bets() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, hidden=True)
    expect = table.view["expect"]
    assert (expect["slot"], expect["player"], expect["pass"]) == ("shown_first", "Bo", True)
    table.do(cmd="pass")  # Bo passes without showing: nothing is entered, nothing seen
    assert table.view["turn"] == "Cy" and table.view["seen"] == []
    table.cards("4", "J")  # Cy shows both
    assert table.view["expect"]["kind"] == "bet"
    assert "under way" in table.refused(cmd="leave", player="Cy")
    assert len(table.view["seen"]) == 2
    table.do(cmd="bet", amount=5).cards("9")
    assert table.chips("Cy") == 105 and table.view["round"] == 2  # a fresh shuffle


def test_hidden_no_pass_once_a_card_is_shown() -> None:
    table = in_between(("Ann", "Bo", "Cy"), stake=20, hidden=True).cards("4")
    assert "No bet is expected" in table.refused(cmd="pass")


# --- hidden with two_passes ---------------------------------------------------------------

SIX = ("Ann", "Bo", "Cy", "Dee", "Eve", "Flo")  # Ann deals: five players, ten cards a round


def _everyone_passes_unseen(table: Table) -> None:
    for _ in range(5):
        table.do(cmd="pass")


def test_hidden_with_two_passes_counts_the_cards_dealt_face_down_and_shuffles_when_short(
        ) -> None:
    table = in_between(SIX, stake=20, hidden=True, two_passes=True)
    # Round after round each of the five gets two cards face down and passes without
    # showing: no card is entered, yet the app knows ten more are gone from the deck
    for round_ in range(1, 6):
        view = table.view
        assert (view["round"], view["deck_remaining"], view["seen"]) == (
            round_, 52 - 10 * round_, [])
        assert view["face_down"] == {name: 2 for name in SIX[1:]}
        _everyone_passes_unseen(table)
    # Two cards are left, too few for ten: everything is shuffled and dealt anew (the deck
    # ran out for the first time)
    view = table.view
    assert (view["round"], view["deck_remaining"], table.game.deck_runs) == (6, 42, 1)
    for _ in range(5):
        _everyone_passes_unseen(table)
    # Round 11 would need ten of the two left: the deck runs out the second time, so Ann's
    # dealer's game is over; she takes the pot and Bo deals from a fresh deck
    view = table.view
    assert (view["dealer"], view["round"], view["deck_remaining"]) == ("Bo", 1, 42)
    assert table.chips("Ann") == 100 and table.chips("Bo") == 80


def test_hidden_with_two_passes_the_used_cards_come_back_mid_round_and_a_shown_card_stays_out(
        ) -> None:
    table = in_between(SIX, stake=20, hidden=True, two_passes=True)
    for _ in range(4):  # forty cards passed unseen: twelve left, enough for round 5
        _everyone_passes_unseen(table)
    assert table.view["deck_remaining"] == 2  # round 5 dealt: ten face down, two left
    table.cards("2", "K").do(cmd="bet", amount=1).cards("7")  # Bo wins 1
    table.cards("3", "Q").do(cmd="bet", amount=1).cards("8")  # Cy wins 1
    assert table.view["deck_remaining"] == 0
    # Dee shows 4 and J and bets: her third card needs the used cards shuffled (the 40
    # passed face down and the 6 shown); her 4 and J stay on the table, and Eve's and Flo's
    # cards stay face down in their hands
    table.cards("4", "J").do(cmd="bet", amount=1).cards("9")  # the 9 wins 1
    view = table.view
    assert view["seen"] == ["4", "J", "9"] and view["deck_remaining"] == 52 - 3 - 4
    assert table.game.deck_runs == 1
    # A card shown since the shuffle cannot come again: Eve's two 9s and a third make four
    table.cards("9", "9").do(cmd="bet", amount=1).cards("9")  # a post: Eve pays 2
    assert table.refused(cmd="card", card="9").startswith("All four 9s are already out")
    table.cards("2", "K").do(cmd="pass")  # Bo's 2 and K went back into the shuffle
    view = table.view
    assert (view["round"], view["deck_remaining"]) == (6, 52 - 8 - 10)  # dealt on
    assert view["seen"] == ["4", "J", "9", "9", "9", "9", "2", "K"]
    assert table.pot == 20 - 3 + 2


def test_a_split_hidden_pair_takes_its_new_second_cards_from_the_deck() -> None:
    # Ann antes and plays last: Bo shows a pair of 7s and splits; his new second card is
    # still in the deck (not a card face down in his hand), Cy and Ann hold two each
    table = in_between(("Ann", "Bo", "Cy"), chips=20, ante=1, pairs="split", hidden=True)
    table.cards("7", "7").do(cmd="declare", choice="split")
    view = table.view
    assert view["face_down"] == {"Cy": 2, "Ann": 2} and view["deck_remaining"] == 52 - 2 - 4
    table.cards("2")
    assert table.view["deck_remaining"] == 52 - 3 - 4
