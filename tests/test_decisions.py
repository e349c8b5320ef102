"""RULES.md's "Decisions on points the seeds leave open", one table story per decision,
through the pure engine, in the order the section lists them.

Where a decision spans games, its story plays each game it concerns, one after the other
in one night where that reads naturally. The family files (test_in_between.py,
red_dog/test_rules.py, ...) hold the finer points of each; the test named in a story's comment
plays the same decision in more detail.
"""

from __future__ import annotations

from typing import Any

from tests.table import Table

ABC = ("Ann", "Bo", "Cy")


def night(players: tuple[str, ...] = ABC, chips: int = 20) -> Table:
    return Table().do(cmd="start_night", players=list(players), chips=chips)


def game(table: Table, preset: str, dealer: str = "Ann", **options: Any) -> Table:
    return table.do(cmd="start_game", game=preset, dealer=dealer, options=options)


def chips(table: Table) -> dict[str, int]:
    return {p.name: p.chips for p in table.state.players}


def red_dog_turn(table: Table, amount: int, burned: str, turned: str, *shown: str) -> Table:
    """The player in turn bets, a card is burned and one turned, and the cards are shown."""
    table.do(cmd="bet", amount=amount).cards(burned, turned)
    return table.do(cmd="show", cards=list(shown))


def assert_conserved(table: Table) -> None:
    assert table.state.chips_total == table.state.bought_in


# --- even splits --------------------------------------------------------------------------

def test_odd_chips_of_an_even_split_go_one_each_from_the_dealers_left_in_every_game() -> None:
    table = night(("Ann", "Bo", "Cy", "Dan"))
    # In-Between with an ante of 2, Ann deals: pot 8; Bo loses 1 on 5-J against an ace
    game(table, "in-between", ante=2).cards("5", "9", "K", "Q", "J")
    table.do(cmd="bet", amount=1).cards("A")
    table.do(cmd="end_game")  # 9 = 4 × 2 + 1: the odd chip to Bo, left of Ann
    assert chips(table) == {"Ann": 20, "Bo": 20, "Cy": 20, "Dan": 20}
    # In-Amongst, Cy deals: everyone antes 1; Dan loses 2 on 3-10 against a 2: pot 6
    game(table, "in-amongst", dealer="Cy").cards("3", "10").do(cmd="bet", amount=2).cards("2")
    table.do(cmd="end_game")  # 6 = 4 × 1 + 2: Dan and Ann, left of Cy, get one more
    assert chips(table) == {"Ann": 21, "Bo": 20, "Cy": 20, "Dan": 19}
    # Red Dog, Bo deals: everyone antes 2; Cy loses 3: pot 11, split by agreement
    game(table, "red-dog", dealer="Bo")
    red_dog_turn(table, 3, "2c", "3c", "4s", "5s", "6s", "7s", "8s")
    table.do(cmd="split_pot")  # 11 = 4 × 2 + 3: Cy, Dan and Ann, left of Bo, get 3
    assert table.last_events[0].shares == (("Cy", 3), ("Dan", 3), ("Ann", 3), ("Bo", 2))
    assert chips(table) == {"Ann": 20, "Bo": 18, "Cy": 16, "Dan": 18}  # after a new ante
    table.do(cmd="end_night")  # the night's end shares the new pot: 8 = 4 × 2
    assert chips(table) == {"Ann": 22, "Bo": 20, "Cy": 18, "Dan": 20}


def test_in_amongst_the_pot_is_shared_at_the_end_of_a_game_or_night_not_taken_by_the_dealer(
        ) -> None:
    for end in ("end_game", "end_night"):
        table = game(night(), "in-amongst")
        table.cards("5", "9").do(cmd="bet", amount=1).cards("K")  # Bo loses 1: pot 4
        table.do(cmd=end)  # 4 = 3 × 1 + 1: the odd chip to Bo, left of Ann the dealer
        assert chips(table) == {"Ann": 20, "Bo": 20, "Cy": 20}, end


# --- In-Between variants ------------------------------------------------------------------

def test_pairs_refund_ends_the_turn_and_a_split_plays_its_two_hands_one_after_the_other(
        ) -> None:
    # test_in_between.py: test_pairs_refund_... and test_a_split_pair_plays_two_hands_...
    refund = game(night(), "in-between", ante=2, pairs="refund")
    refund.cards("9", "5", "K", "10")  # Bo holds 9 and 10: neighbours, the ante comes back
    assert refund.chips("Bo") == 20 and refund.pot == 4
    assert refund.view["turn"] == "Cy" and refund.view["expect"]["slot"] == "second"
    split = game(night(), "in-between", ante=2, pairs="split")
    split.cards("9", "5", "3", "9").do(cmd="declare", choice="split")  # Bo's pair of nines
    split.cards("2").do(cmd="bet", amount=3).cards("5")  # hand 1: 9-2, the 5 wins 3
    assert split.view["turn"] == "Bo" and split.view["split"]["hand"] == 2
    split.cards("K").do(cmd="bet", amount=2).cards("Q")  # hand 2: 9-K, the Q wins 2
    assert split.chips("Bo") == 18 - 2 + 3 + 2 and split.view["turn"] == "Cy"
    assert_conserved(split)


def test_three_posts_a_pass_ends_the_turn_the_second_bet_cannot_be_passed_and_is_capped(
        ) -> None:
    passed = game(night(), "in-between", stake=20, three_posts=True).cards("4", "5", "J")
    passed.do(cmd="pass")  # a pass on the first gap: no second gap
    assert passed.view["turn"] == "Cy" and passed.view["expect"]["slot"] == "second"
    plain = game(night(), "in-between", stake=10, three_posts=True).cards("4", "5", "J")
    plain.do(cmd="bet", amount=5).cards("9")  # 4-J: the 9 wins 5; the gap 9-J is next
    expect = plain.view["expect"]
    assert (expect["gap"], expect["min"], expect["pass"]) == (2, 1, False)  # no ante: 1
    assert plain.refused(cmd="pass") == "No pass here: Bo bets at least 1."
    ante = game(night(), "in-between", ante=2, three_posts=True).cards("4", "5", "6", "J")
    ante.do(cmd="bet", amount=3).cards("9")
    assert ante.view["expect"]["min"] == 2  # at least the ante
    covered = game(night(chips=30), "in-between", stake=20, three_posts=True, cover_post=True)
    covered.cards("4", "5", "J").do(cmd="bet", amount=5).cards("9")  # Bo: 35 chips, pot 15
    assert covered.view["expect"]["max"] == 11  # a third of 35: a triple post is paid
    covered.do(cmd="bet", amount=11).cards("J")
    assert covered.chips("Bo") == 35 - 33 and covered.pot == 15 + 33


# --- Schlag den Dealer --------------------------------------------------------------------

def test_one_try_every_miss_is_final_and_three_in_a_row_relieve_the_dealer() -> None:
    table = game(night(("Ann", "Bo", "Cy", "Dan"), chips=0), "schlag-den-dealer",
                 one_try=True)
    for guesser, card in (("Bo", "10c"), ("Cy", "10d"), ("Dan", "10h")):
        assert table.view["dealer"] == "Ann"
        table.do(cmd="guess", value=7, player=guesser).cards(card)  # each misses once
    view = table.view
    assert (view["dealer"], view["turn"], view["misses"]) == ("Bo", "Cy", 0)
    assert {p.name: p.sips for p in table.state.players} == {"Ann": 0, "Bo": 3, "Cy": 3,
                                                             "Dan": 3}


def test_a_schlag_card_entered_before_the_guesses_is_seen_only_once_laid_out() -> None:
    # schlag_den_dealer/test_rules.py:
    # test_a_card_entered_first_is_hidden_from_the_view_until_it_is_laid_out
    table = game(night(("Ann", "Bo", "Cy", "Dan"), chips=0), "schlag-den-dealer")
    table.cards("Kh")
    assert table.view["seen"] == [] and table.view["deck_remaining"] == 52
    table.do(cmd="guess", value=13)
    assert table.view["seen"] == ["Kh"] and table.view["deck_remaining"] == 51


# --- Red Dog with the dealer as bank ------------------------------------------------------

def test_red_dog_banks_stake_10_to_50_bets_start_at_the_ante_and_dealer_bank_keeps_the_rest(
        ) -> None:
    for bank in ("dealer_bank", "shoot"):
        options: dict[str, Any] = {bank: True}
        table = game(night(("Ann", "Bo", "Cy", "Dee"), chips=60), "red-dog", **options)
        expect = table.view["expect"]
        assert (expect["slot"], expect["player"], expect["min"], expect["max"]) == (
            "stake", "Ann", 10, 50), bank
        table.do(cmd="bet", amount=20)
        assert (table.view["expect"]["min"], table.view["expect"]["max"]) == (2, 20), bank
    # dealer_bank: after the round Ann keeps what is left and the deal passes left
    banked = game(night(("Ann", "Bo", "Cy", "Dee"), chips=60), "red-dog", dealer_bank=True)
    banked.do(cmd="bet", amount=20)
    red_dog_turn(banked, 5, "2c", "9c", "Kc")  # Bo wins 5
    red_dog_turn(banked, 2, "2d", "9d", "3s", "4s", "5s", "6s", "7s")  # Cy loses 2
    red_dog_turn(banked, 3, "2h", "9h", "3c", "4c", "5c", "6c", "7c")  # Dee loses 3
    assert chips(banked) == {"Ann": 60, "Bo": 65, "Cy": 58, "Dee": 57}  # Ann kept 20
    assert banked.view["dealer"] == "Bo" and banked.view["expect"]["slot"] == "stake"


# --- short stacks, too few players ----------------------------------------------------------

def test_a_player_short_of_the_ante_antes_what_they_have_and_with_nothing_sits_out() -> None:
    # In-Between, In-Amongst and Red Dog with an ante of 3: Dee antes her 2, and with
    # nothing left she sits the round out
    for preset in ("in-between", "in-amongst", "red-dog"):
        table = game(night().do(cmd="join", player="Dee", chips=2), preset, ante=3)
        assert table.pot == 11 and table.chips("Dee") == 0, preset
        assert table.game.order == ("Bo", "Cy", "Ann"), preset
    # Casino Red Dog: the ante is the bet; Dee bets her 2 against the bank
    casino = night().do(cmd="join", player="Dee", chips=2)
    game(casino, "casino-red-dog", ante=3).cards("5")
    assert casino.view["bets"] == {"Bo": 3, "Cy": 3, "Dee": 2} and casino.chips("Dee") == 0
    casino.cards("K", "2")  # outside: the bank takes every bet
    casino.cards("7")  # with nothing left Dee sits the next hand out
    assert casino.view["bets"] == {"Bo": 3, "Cy": 3}
    assert_conserved(casino)


def test_too_few_players_make_the_game_wait_say_why_and_end_sharing_the_pot_as_at_its_end(
        ) -> None:
    # Red Dog, three players: Cy gets up after her turn, and the game waits at once; the
    # round does not play on with two (tests/test_seats.py plays every game's range)
    red_dog = game(night(), "red-dog")
    red_dog_turn(red_dog, 2, "2c", "3c", "4s", "5s", "6s", "7s", "8s")  # Bo loses 2: pot 8
    red_dog_turn(red_dog, 2, "2d", "3d", "4d")  # Cy wins 2: pot 6
    red_dog.do(cmd="leave", player="Cy")
    reason = ("Red Dog is for 3 to 8 players and the table fell to 2: end the game (its pot "
              "is shared as at a game's end).")
    assert red_dog.view["expect"]["prompt"] == reason
    assert red_dog.refused(cmd="bet", amount=2) == f"{reason} Only end_game or end_night fit now."
    red_dog.do(cmd="end_game")  # the pot of 6 shared by the two at the table
    assert chips(red_dog) == {"Ann": 21, "Bo": 19, "Cy": 20}
    # In-Amongst: Cy sits at the table broke; when Bo leaves, Ann is the last with chips
    amongst = night(("Ann", "Bo")).do(cmd="join", player="Cy", chips=1)
    game(amongst, "in-amongst")  # everyone antes 1: Cy has nothing left and sits out
    assert amongst.game.order == ("Bo", "Ann")
    amongst.do(cmd="leave", player="Bo")
    assert amongst.view["expect"]["prompt"] == (
        "In-Amongst is for at least 2 players and the table fell to 1: end the game (its pot "
        "is shared as at a game's end).")
    amongst.do(cmd="end_game")  # the antes, 3, for the two at the table: the odd chip to Cy
    assert chips(amongst) == {"Ann": 20, "Bo": 19, "Cy": 2}
    # Casino Red Dog: nobody but the bank has chips left
    casino = game(night(chips=2), "casino-red-dog", ante=2).cards("4", "9", "K")
    assert casino.view["expect"]["prompt"] == (
        "Casino Red Dog is for at least 2 players and the table fell to 1: end the game.")
    casino.do(cmd="end_game")
    assert chips(casino) == {"Ann": 6, "Bo": 0, "Cy": 0}
    # Schlag den Dealer: three to eight
    schlag = game(night(("Ann", "Bo", "Cy"), chips=0), "schlag-den-dealer")
    schlag.do(cmd="leave", player="Cy")
    assert schlag.view["expect"]["prompt"] == (
        "Schlag den Dealer is for 3 to 8 players and the table fell to 2: end the game.")
    schlag.do(cmd="join", player="Dee", chips=1)  # the game stays over: the dealer ends it
    assert schlag.view["expect"]["kind"] == "end_game"
    schlag.do(cmd="end_game")
    assert schlag.state.game is None


# --- leaving and joining ------------------------------------------------------------------

def test_a_banking_dealer_who_leaves_takes_the_pot_at_once_even_while_the_game_waits() -> None:
    # In-Between: Ann's stake of 10 and Bo's lost 4; the deal passes to Bo, who stakes
    between = game(night(), "in-between", stake=10).cards("5h", "9c", "Kd")
    between.do(cmd="bet", amount=4).cards("2c")
    between.do(cmd="leave", player="Ann")
    assert chips(between) == {"Ann": 24, "Bo": 6, "Cy": 20} and between.pot == 10
    assert between.view["dealer"] == "Bo"
    # Red Dog shoot: Bo and Cy leave, and the game waits with Ann's pot on the table; Ann
    # leaves with it, and the end of the game pays nobody
    shoot = game(night(("Ann", "Bo", "Cy", "Dee"), chips=50), "red-dog", shoot=True)
    shoot.do(cmd="bet", amount=40)
    shoot.do(cmd="leave", player="Bo").do(cmd="leave", player="Cy")
    assert shoot.view["expect"]["kind"] == "end_game" and shoot.pot == 40
    shoot.do(cmd="leave", player="Ann")
    assert chips(shoot) == {"Ann": 50, "Bo": 50, "Cy": 50, "Dee": 50} and shoot.pot == 0
    assert shoot.view["expect"]["kind"] == "end_game"  # the game still waits to be ended
    shoot.do(cmd="end_game")
    assert chips(shoot) == {"Ann": 50, "Bo": 50, "Cy": 50, "Dee": 50}


def test_a_dealer_who_leaves_a_game_of_antes_takes_a_share_as_at_the_games_end() -> None:
    # In-Between with an ante of 2, Ann deals and bets last: pot 9 after Bo's loss of 1
    between = game(night(("Ann", "Bo", "Cy", "Dan")), "in-between", ante=2)
    between.cards("5", "9", "K", "Q", "J").do(cmd="bet", amount=1).cards("A")
    between.do(cmd="leave", player="Ann")
    # 9 = 4 × 2 + 1 (the odd chip to Bo, left of Ann); the three left ante a new pot of 6
    # and the round goes on without Ann
    assert chips(between) == {"Ann": 20, "Bo": 18, "Cy": 18, "Dan": 18} and between.pot == 6
    assert between.game.order == ("Bo", "Cy", "Dan")
    assert between.view["expect"]["prompt"] == "Cy's second card"
    # In-Amongst: pot 6 when Ann, the dealer, leaves before her own turn; the new pot of 2
    # goes on to Bo's deal
    amongst = game(night(), "in-amongst")
    amongst.cards("5", "9").do(cmd="bet", amount=1).cards("K")  # Bo loses 1
    amongst.cards("3", "10").do(cmd="bet", amount=2).cards("2")  # Cy loses 2
    amongst.do(cmd="leave", player="Ann")
    assert chips(amongst) == {"Ann": 21, "Bo": 19, "Cy": 18} and amongst.pot == 2
    assert amongst.view["dealer"] == "Bo"
    # Red Dog: red_dog/test_rules.py's test_a_dealer_who_leaves_before_their_own_last_turn_...
    assert_conserved(between)
    assert_conserved(amongst)


def test_a_player_who_has_left_never_receives_chips_again() -> None:
    table = night(("Ann", "Bo", "Cy", "Dee"))
    game(table, "red-dog")
    red_dog_turn(table, 3, "2c", "3c", "4s", "5s", "6s", "7s", "8s")  # Bo loses 3: pot 11
    table.do(cmd="leave", player="Dee")
    table.do(cmd="split_pot")  # 11 shared by the three still at the table
    assert table.last_events[0].shares == (("Bo", 4), ("Cy", 4), ("Ann", 3))
    table.do(cmd="end_game")
    assert table.chips("Dee") == 18  # as she left: only her ante went
    # the last at the table takes what is left: nobody else may have it
    amongst = game(night(), "in-amongst")
    amongst.cards("5", "9").do(cmd="bet", amount=1).cards("K")  # Bo loses 1: pot 4
    amongst.do(cmd="leave", player="Cy").do(cmd="leave", player="Bo")
    amongst.do(cmd="leave", player="Ann")
    assert chips(amongst) == {"Ann": 23, "Bo": 18, "Cy": 19} and amongst.pot == 0
    amongst.do(cmd="end_night")
    assert chips(amongst) == {"Ann": 23, "Bo": 18, "Cy": 19}


def test_a_player_who_joins_during_a_round_plays_from_the_next_round() -> None:
    # test_in_between.py: test_join_rebuy_and_leave_between_turns;
    # red_dog/test_rules.py: test_a_player_who_joins_between_turns_antes_and_plays_from_the_next_...
    between = game(night(), "in-between", ante=1).cards("5", "9", "K")
    between.do(cmd="join", player="Dee", chips=20, after="Bo")
    assert between.game.order == ("Bo", "Cy", "Ann") and between.pot == 3
    between.cards("J").do(cmd="pass").cards("10").do(cmd="pass")
    between.cards("2").do(cmd="bet", amount=1).cards("7")  # Ann wins 1; Bo deals next
    assert between.game.order == ("Dee", "Cy", "Ann", "Bo")
    assert between.chips("Dee") == 19  # her first ante
    amongst = game(night(), "in-amongst").cards("5", "9").do(cmd="bet", amount=1).cards("K")
    amongst.do(cmd="join", player="Dee", chips=20, after="Bo")
    assert amongst.game.order == ("Bo", "Cy", "Ann")
    for _ in ("Cy", "Ann"):
        amongst.cards("3", "10").do(cmd="bet", amount=2).cards("2")
    assert amongst.game.order == ("Dee", "Cy", "Ann", "Bo")
    casino = game(night(), "casino-red-dog", ante=2).cards("4")  # the hand's antes are in
    casino.do(cmd="join", player="Dee", chips=20, after="Ann")
    assert casino.view["bets"] == {"Bo": 2, "Cy": 2}
    casino.cards("9", "6", "5")  # hand 1 settled; hand 2 starts with Dee
    assert casino.view["bets"] == {"Dee": 2, "Bo": 2, "Cy": 2}


def test_a_player_who_leaves_after_their_first_card_is_skipped_and_the_card_stays_out() -> None:
    table = game(night(("Ann", "Bo", "Cy", "Dan")), "in-between", stake=10)
    table.cards("5h", "9c", "Kd")  # first cards: Bo, Cy, Dan
    table.do(cmd="leave", player="Cy")
    assert table.game.order == ("Bo", "Dan") and table.view["first_cards"] == {
        "Bo": "5h", "Dan": "Kd"}
    assert "9c" in table.view["seen"] and table.view["deck_remaining"] == 49
    assert table.refused(cmd="card", card="9c").startswith("9♣ is already out")
    table.cards("Jc").do(cmd="pass")  # Bo
    assert table.view["turn"] == "Dan"
    # hidden: the two cards dealt face down leave with the player, unseen and out of the deck
    hidden = game(night(("Ann", "Bo", "Cy", "Dan")), "in-between", stake=10, hidden=True)
    assert hidden.view["deck_remaining"] == 52 - 3 * 2
    hidden.do(cmd="leave", player="Cy")
    assert hidden.view["face_down"] == {"Bo": 2, "Dan": 2}
    assert hidden.view["deck_remaining"] == 52 - 3 * 2 and hidden.view["seen"] == []


# --- names --------------------------------------------------------------------------------

def test_names_are_one_at_the_table_regardless_of_case_and_a_night_needs_two_players() -> None:
    assert Table().refused(cmd="start_night", players=["Ann", "ann"], chips=20) == (
        "Each name may sit at the table once: Ann and ann are one name (case does not count).")
    assert Table().refused(cmd="start_night", players=["Ann"], chips=20) == (
        "A night needs at least two players; name them all in seat order.")
    table = night()
    assert table.refused(cmd="join", player="ANN", chips=5) == (
        "Ann is already at the table; use rebuy for more chips.")
    table.do(cmd="leave", player="bo")
    assert table.view["players"]["Bo"]["present"] is False
    table.do(cmd="join", player="BO", chips=5)  # Bo comes back to his seat
    assert [p.name for p in table.state.players] == ["Ann", "Bo", "Cy"]
    assert table.chips("Bo") == 25
