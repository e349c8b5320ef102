"""In-Between at a big table, through the real CLI: the deck runs out in the middle of a
round, the used cards are shuffled and play goes on, the cards still on the table kept out.

Every chip count and every card tally is worked out by hand from RULES.md §1; the comments
show the sums.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli import chips, play, refused_alone, state
from tests.in_between.commands import TWENTY, bet, card, cards, game, log_line, night


def _twenty_players_past_the_reshuffle(db: Path) -> None:
    """Twenty players, Ann deals with a stake of 20 (no two_passes): 19 first cards and then
    bets of 1 use the 52 cards of the deck to the last one before Rae's third card.

    First cards (actions 3-21): Bo..Quin 2 2 2 2 3 3 3 3 4 4 4 4 5 5 5 5, Rae 6, Sam 10,
    Tom 10. Then Bo..Quin, three actions each (22-69): their second card J Q K A (four
    times), a bet of 1 and a third card 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9 10, always strictly
    between: sixteen wins of 1 (pot 4). Rae's second card 10 (70) is the 52nd card: every
    rank has come four times. Rae bets 1 (71); her third card 8 (72) is the 53rd. Sam gets a
    2, bets 1, and a 10 (73-75); Tom gets an A and bets 1 (76-77).
    """
    lows = ["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 4
    highs = ["J", "Q", "K", "A"] * 4
    thirds = ["6"] * 3 + ["7"] * 4 + ["8"] * 4 + ["9"] * 4 + ["10"]
    turns = [command for high, third in zip(highs, thirds, strict=True)
             for command in (card(high), bet(1), card(third))]
    play(db, night(50, *TWENTY), game(stake=20), *cards(*lows, "6", "10", "10"), *turns,
         card("10", "Rae"), bet(1, "Rae"), card("8", "Rae"),
         card("2", "Sam"), bet(1, "Sam"), card("10", "Sam"), card("A", "Tom"), bet(1, "Tom"))


def test_in_between_at_twenty_players_the_deck_running_out_mid_round_reshuffles_the_used_cards(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _twenty_players_past_the_reshuffle(db)
    before = state(db, "--at", "71")
    assert before["deck_remaining"] == 0 and len(before["seen"]) == 52
    assert (before["round"], before["pot"]) == (1, 20 - 16)  # sixteen wins of 1

    # Rae's third card needs a 53rd card: the used cards are shuffled; Sam's and Tom's first
    # cards (still to play) and Rae's 6 and 10 stay out, then the 8 falls between: Rae wins 1.
    view = state(db, "--at", "72")
    assert view["seen"] == ["10", "10", "6", "10", "8"] and view["deck_remaining"] == 47
    assert (view["round"], view["turn"], view["pot"]) == (1, "Sam", 3)
    assert view["expect"]["slot"] == "second" and view["expect"]["player"] == "Sam"
    assert chips(view)["Rae"] == 51
    assert log_line(db, 72) == ("the deck ran out: the used cards are shuffled (10, 10, 6, 10 "
                                "stay on the table); Rae's third card 8; Rae wins 1")

    # Play went on from the new deck: Sam (10) got a 2, bet 1, and the fourth 10, the last
    # one there is (three stayed out), was a post (pays 2). No fifth 10 for Tom.
    assert refused_alone(db, card("10", "Tom")).startswith(
        "All four 10s are already out since the last shuffle")
    play(db, card("K", "Tom"))  # 10-A: the K wins 1 and ends the round
    view = state(db)
    # Ann staked 20 of 50; Bo..Rae and Tom won 1 each, Sam paid 2; pot 3 + 2 - 1 = 4
    assert chips(view) == {**{name: 51 for name in TWENTY}, "Ann": 30, "Sam": 48}
    assert view["pot"] == 4 and sum(chips(view).values()) + view["pot"] == 20 * 50
    # The next round is shuffled afresh, the same dealer deals it
    assert (view["round"], view["dealer"], view["turn"]) == (2, "Ann", "Bo")
    assert (view["seen"], view["deck_remaining"]) == ([], 52)
    assert view["expect"]["slot"] == "first"


def test_a_fifth_rank_after_a_reshuffle_names_the_actions_that_entered_the_cards_kept_out(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _twenty_players_past_the_reshuffle(db)
    reason = refused_alone(db, card("10", "Tom"))
    # The four 10s: Sam's and Tom's first cards (20, 21), Rae's second (70), Sam's third (75)
    named = re.search(r"\(actions ([\d, ]+)\)", reason)
    assert named is not None, reason
    assert sorted(int(n) for n in named.group(1).split(", ")) == [20, 21, 70, 75], reason


def test_hidden_at_a_big_table_takes_a_card_from_the_reshuffled_deck_once_every_card_is_dealt(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Bo..Olu (14 turns) show low and high, bet 1 and get a card between: 42 cards entered,
    # the four 2s among them (actions 3, 7, 11, 15); with the 38 dealt face down at the start,
    # 14 third cards empty the deck. Pia shows 5 and A and bets 1: 8 cards are still face down
    # (Quin, Rae, Sam, Tom), none in the deck.
    lows = ["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 2
    highs = ["J", "Q", "K", "A"] * 3 + ["J", "Q"]
    thirds = ["6"] * 4 + ["7"] * 4 + ["8"] * 4 + ["9"] * 2
    turns = [command for low, high, third in zip(lows, highs, thirds, strict=True)
             for command in (card(low), card(high), bet(1), card(third))]
    play(db, night(100, *TWENTY), game(stake=50, hidden=True), *turns,
         card("5", "Pia"), card("A", "Pia"), bet(1, "Pia"))
    # Pia's third card comes from the used cards, shuffled: a 2 is outside 5-A, Pia loses 1
    play(db, card("2", "Pia"))
    assert state(db)["turn"] == "Quin"


def test_in_between_three_posts_at_fifteen_players_reshuffles_at_a_fourth_card_keeping_the_hand(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    players = TWENTY[:15]  # Ann deals to Bo..Olu: 14 first cards, then up to 3 cards a turn
    # Bo..Max (12 turns) play first-second-third-fourth chains that rise, so both gaps win:
    # first cards 2 2 2 3 3 3 4 4 4 4 5 5, third 5 5 6 6 6 6 7 7 7 8 8 8,
    # fourth 8 9 9 9 9 10 10 10 10 J J J, second J Q Q Q Q K K K K A A A.
    firsts = ["2", "2", "2", "3", "3", "3", "4", "4", "4", "4", "5", "5"]
    thirds = ["5", "5", "6", "6", "6", "6", "7", "7", "7", "8", "8", "8"]
    fourths = ["8", "9", "9", "9", "9", "10", "10", "10", "10", "J", "J", "J"]
    seconds = ["J", "Q", "Q", "Q", "Q", "K", "K", "K", "K", "A", "A", "A"]
    turns = [command for second, third, fourth in zip(seconds, thirds, fourths, strict=True)
             for command in (card(second), bet(1), card(third), bet(1), card(fourth))]
    # Ned's first card is the last 2, Olu's the last 3; Ned gets the last A and the last 7:
    # the 52nd card. Ned wins 1 on 2-A and bets 1 on the second gap, 7-A.
    # Then the fourth card (81), and Olu: 3-K, the 9 wins 1; 9-K, the J wins 1 (82-86).
    play(db, night(100, *players), game(stake=50, three_posts=True),
         *cards(*firsts, "2", "3"), *turns, card("A", "Ned"), bet(1, "Ned"), card("7", "Ned"),
         bet(1, "Ned"), card("7", "Ned"),
         card("K", "Olu"), bet(1, "Olu"), card("9", "Olu"), bet(1, "Olu"), card("J", "Olu"))
    before = state(db, "--at", "80")
    assert before["deck_remaining"] == 0 and len(before["seen"]) == 52
    assert before["expect"]["slot"] == "fourth" and before["gap"] == 2
    assert before["pot"] == 50 - 24 - 1  # 24 wins of 1 for Bo..Max, then Ned's first gap

    # The fourth card is the 53rd: Olu's waiting 3 and Ned's three cards stay out; the new
    # deck still holds three 7s, and a 7 on the second gap is a post: three times 1.
    view = state(db, "--at", "81")
    assert view["seen"] == ["3", "2", "A", "7", "7"] and view["deck_remaining"] == 47
    assert (view["turn"], view["pot"], chips(view)["Ned"]) == ("Olu", 25 + 3, 100 + 1 - 3)
    assert log_line(db, 81) == ("the deck ran out: the used cards are shuffled (3, 2, A, 7 stay "
                                "on the table); Ned's fourth card 7; Ned hits the post and pays 3")

    # Play went on: Olu won both gaps; the round is over, the next one shuffled.
    view = state(db)
    assert chips(view) == {**{name: 102 for name in players}, "Ann": 50, "Ned": 98}
    assert view["pot"] == 26 and sum(chips(view).values()) + view["pot"] == 15 * 100
    assert (view["round"], view["seen"], view["deck_remaining"]) == (2, [], 52)
