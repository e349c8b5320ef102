"""The review fixes of In-Between and In-Amongst, checked as a dealer meets them.

The rules are played through the real CLI on a SQLite file (`companion exec`, read back with
`companion state --json` and `companion log`); the screen is driven by keys through Textual's
Pilot at 120 × 40 and read as the terminal shows it, and what the keys recorded is read from
disk. Every chip count and every card tally below is worked out by hand from RULES.md §1 and §3
and the rules cards; the comments show the sums.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, OptionList, Select

from companion.app import CompanionApp
from companion.controller import TableController
from events.session import NightSession
from screens.setup import OnOff
from tests.cli import chips, companion, execute, log_line, refused, row_count, state

Command = dict[str, Any]
SIZE = (120, 40)

# Twenty players, clockwise; with Ann dealing, Bo sits first in every round.
TWENTY = ("Ann", "Bo", "Cy", "Dan", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu",
          "Max", "Ned", "Olu", "Pia", "Quin", "Rae", "Sam", "Tom")


# --- helpers: the CLI ---------------------------------------------------------------------

def night(chips: int, *players: str) -> Command:
    return {"cmd": "start_night", "players": list(players or ("Ann", "Bo", "Cy")),
            "chips": chips}


def game(preset: str = "in-between", dealer: str = "Ann", **options: Any) -> Command:
    return {"cmd": "start_game", "game": preset, "dealer": dealer, "options": options}


def card(text: str, player: str | None = None) -> Command:
    command: Command = {"cmd": "card", "card": text}
    if player:
        command["player"] = player
    return command


def cards(*texts: str) -> list[Command]:
    return [card(text) for text in texts]


def bet(amount: int, player: str | None = None) -> Command:
    command: Command = {"cmd": "bet", "amount": amount}
    if player:
        command["player"] = player
    return command


def play(db: Path, *commands: Command) -> None:
    """Commands that must all be accepted."""
    done = execute(db, *commands)
    assert done.returncode == 0, done.stderr




def refused_alone(db: Path, command: Command) -> str:
    """One command that must be refused with not a single row written; its sentence."""
    rows = row_count(db)
    reason = refused(db, command)
    assert row_count(db) == rows
    return reason


# --- 1. In-Between: the deck runs out in the middle of a round at a big table -------------

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


# --- 2. In-Amongst: the deck runs out at a big table --------------------------------------

def test_in_amongst_at_nineteen_players_reshuffles_at_a_third_card_keeping_the_middle_cards(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    players = TWENTY[:19]  # Sam deals: Ann first, ..., Rae, Sam last
    # Everyone antes 1: pot 19, stacks 19. Ann..Pia (16 turns) get low, high, a bet of 1 and
    # a card between: 2-J 8, 2-Q 8, ... sixteen wins of 1 (pot 3).
    lows = ["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 4
    highs = ["J", "Q", "K", "A"] * 4
    thirds = ["6"] * 2 + ["7"] * 3 + ["8"] * 4 + ["9"] * 4 + ["10"] * 3
    turns = [command for low, high, third in zip(lows, highs, thirds, strict=True)
             for command in (card(low), card(high), bet(1), card(third))]
    play(db, night(20, *players), game("in-amongst", dealer="Sam"), *turns,
         card("6", "Quin"), card("7", "Quin"),  # neighbours: Quin pays 1, pot 4
         card("6", "Rae"), card("10", "Rae"), bet(1, "Rae"),  # cards 51 and 52 (69, 70)
         card("8", "Rae"),  # the 53rd card (72)
         card("2", "Sam"), card("A", "Sam"), bet(1, "Sam"), card("K", "Sam"))
    before = state(db, "--at", "71")
    assert before["deck_remaining"] == 0 and len(before["seen"]) == 52
    assert (before["pot"], before["expect"]["slot"]) == (4, "third")

    # Rae's third card is the 53rd: the used cards are shuffled, the 6 and 10 in the middle
    # stay out; the 8 falls between, Rae wins 1.
    view = state(db, "--at", "72")
    assert view["seen"] == ["6", "10", "8"] and view["deck_remaining"] == 49
    assert (view["round"], view["turn"], view["pot"]) == (1, "Sam", 3)
    assert view["expect"]["slot"] == "middle_first"
    assert log_line(db, 72) == ("every card is out: the used cards are shuffled (6, 10 stay in "
                                "the middle); third card for Rae: 8; Rae wins 1")

    # Play went on: Sam, the dealer, last: 2-A, the K won 1; the deal passed to Ann.
    view = state(db)
    assert chips(view) == {**{name: 20 for name in players}, "Quin": 18}
    assert view["pot"] == 2 and sum(chips(view).values()) + view["pot"] == 19 * 20
    assert (view["round"], view["dealer"], view["turn"]) == (2, "Ann", "Bo")
    assert (view["seen"], view["deck_remaining"]) == ([], 52)


# --- 3. hidden and two_passes -------------------------------------------------------------

def test_hidden_with_two_passes_is_refused_at_start_naming_both_and_recording_nothing(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20))
    reason = refused_alone(db, game(hidden=True, two_passes=True))
    assert reason.startswith("hidden and two_passes do not go together")
    play(db, game(hidden=True), {"cmd": "end_game"}, game(two_passes=True))  # each alone plays


# --- 4. pairs=refund ----------------------------------------------------------------------

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


# --- 5. ante: who has dealt ---------------------------------------------------------------

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


# --- 6. two_passes: no round count --------------------------------------------------------

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


# --- 8. the screen ------------------------------------------------------------------------

def _on_disk(db: Path) -> dict[str, Any]:
    session = NightSession.open(db, write=False)
    try:
        return session.view()
    finally:
        session.close()


def _app(db: Path) -> CompanionApp:
    return CompanionApp(TableController.open(db), "en")


def _shown(pilot: Pilot[Any], selector: str) -> list[str]:
    """The lines of a widget as the terminal shows them."""
    widget = pilot.app.screen.query_one(selector, Widget)
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return [strip.text.rstrip() for strip in strips]


def _text(pilot: Pilot[Any], selector: str) -> str:
    return "\n".join(_shown(pilot, selector))


def _game_chosen(screen: Any) -> str | None:
    """The preset highlighted on the game set-up's list."""
    option = screen.query_one("#preset", OptionList).highlighted_option
    return None if option is None else option.id


def test_a_refused_game_setup_comes_back_with_the_game_its_options_and_the_dealer_as_chosen(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = pilot.app.screen
            assert type(first).__name__ == "GameSetupScreen"
            first.query_one("#opt-pairs", Select).value = "split"  # and no ante: refused
            first.query_one("#opt-stake", Input).value = "15"
            first.query_one("#opt-low_ace", OnOff).value = True
            first.query_one("#dealer", Select).value = "Bo"
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()
            again = pilot.app.screen
            assert type(again).__name__ == "GameSetupScreen" and again is not first
            assert "pairs=split needs an ante" in _text(pilot, ".problem")
            assert _game_chosen(again) == "in-between"
            assert again.query_one("#opt-pairs", Select).value == "split"
            assert again.query_one("#opt-stake", Input).value == "15"
            assert again.query_one("#opt-low_ace", OnOff).value is True
            assert again.query_one("#opt-ante", Input).value == "0"
            assert again.query_one("#dealer", Select).value == "Bo"

            # Another game, not the first offered, comes back as itself
            await pilot.press("down", "down")  # In-Amongst, on the game list
            await pilot.pause()
            again.query_one("#opt-ante", Input).value = "0"  # below the minimum of 1
            again.query_one("#opt-pair_pays", Input).value = "3"
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()
            third = pilot.app.screen
            assert type(third).__name__ == "GameSetupScreen" and third is not again
            assert "ante is a whole number of at least 1, not 0" in _text(pilot, ".problem")
            assert _game_chosen(third) == "in-amongst"
            assert third.query_one("#opt-ante", Input).value == "0"
            assert third.query_one("#opt-pair_pays", Input).value == "3"
            assert third.query_one("#dealer", Select).value == "Bo"
            third.query_one("#opt-ante", Input).value = "2"  # the mistake mended
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()

    asyncio.run(play_keys())
    view = _on_disk(db)
    assert view["game"] == "in-amongst" and view["dealer"] == "Bo"
    assert view["options"] == {"ante": 2, "pair_pays": 3}
    assert view["pot"] == 6 and view["last_action"] == 2  # three antes of 2; refusals record none


def test_a_refused_game_setup_comes_back_with_draw_for_the_deal_still_chosen(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = pilot.app.screen
            first.query_one("#opt-pairs", Select).value = "refund"  # and no ante: refused
            first.query_one("#dealer", Select).value = "draw"
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()
            again = pilot.app.screen
            assert again is not first and "pairs=refund needs an ante" in _text(
                pilot, ".problem")
            assert again.query_one("#opt-pairs", Select).value == "refund"
            assert again.query_one("#dealer", Select).value == "draw"

    asyncio.run(play_keys())


def test_l_declares_the_first_ace_low_and_the_table_says_so_on_the_first_gap_only(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 10; Bo's first card an ace, Cy's a 5; three posts show which gap is bet
    play(db, night(20), game(stake=10, low_ace=True, three_posts=True), card("A", "Bo"),
         card("5", "Cy"))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Bo's second card  (l = the ace counts low)" in _text(pilot, "#entry")
            await pilot.press("l")
            await pilot.pause()
            declared = _on_disk(db)
            assert declared["low_ace"] is True and declared["last_action"] == 5
            assert "Bo's ace counts low" in _text(pilot, "#log")
            await pilot.press("9")
            await pilot.pause()
            shown = _shown(pilot, "#cards")
            assert "gap 1: A – 9" in shown  # the low ace is the low card of the gap
            assert "the ace counts low, below the 2" in shown
            assert "Bo: bet 0–10" in _text(pilot, "#entry")
            # A low ace and a 9: 2 to 8 win, 27 of the 49 unseen cards (one 5 is out); the
            # 3 aces and 3 nines left are posts: 55%, 12%, 33% (high, 9-A wins 16 of 49)
            assert _shown(pilot, "#odds")[:2] == ["Odds for the third card",
                                                  "win 55%   post 12%   lose 33%"]
            await pilot.press("2", "enter", "a")  # a third ace is still a post: Bo pays 4
            await pilot.pause()
            # The second gap is 9-A, and that ace is high: 10 to K win, 16 of 48 unseen;
            # posts 3 nines and 2 aces: 33%, 10%, 57%
            shown = _shown(pilot, "#cards")
            assert "gap 2: 9 – A, a post costs triple" in shown
            assert not any("counts low" in line for line in shown)
            assert _shown(pilot, "#odds")[:2] == ["Odds for the fourth card",
                                                  "win 33%   post 10%   lose 57%"]
            await pilot.press("1", "enter", "k")  # the K wins 1 on the second gap
            await pilot.pause()

    asyncio.run(play_keys())
    view = _on_disk(db)
    # Bo: 20 - 2 - 2 (the post) - 1 + 2 (the second bet back and its win); pot 10 + 4 - 1
    assert chips(view) == {"Ann": 10, "Bo": 17, "Cy": 20} and view["pot"] == 13
    assert view["turn"] == "Cy"


def test_after_l_the_table_names_the_low_ace_before_the_second_card_comes(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(stake=10, low_ace=True), card("A", "Bo"), card("5", "Cy"))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert _on_disk(db)["low_ace"] is True
            table = [*_shown(pilot, "#cards"), *_shown(pilot, "#seats"),
                     *_shown(pilot, "#entry")]
            assert any("low" in line for line in table), table

    asyncio.run(play_keys())


def test_the_odds_panel_names_the_fourth_card_on_the_second_gap_of_three_posts(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 20; first cards Bo 4, Cy 9; Bo's second a K
    play(db, night(100), game(stake=20, three_posts=True), card("4", "Bo"), card("9", "Cy"),
         card("K", "Bo"))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            # 4-K with 4, 9, K out: 31 of 49 between (5 to Q, three 9s), 6 posts
            assert _shown(pilot, "#odds")[:2] == ["Odds for the third card",
                                                  "win 63%   post 12%   lose 25%"]
            await pilot.press("5", "enter", "9")  # the 9 wins 5: pot 15, gap 2 is 9-K
            await pilot.pause()
            assert "Bo: second bet 1–15" in _text(pilot, "#entry")
            # 9-K with 4, 9, K, 9 out: 12 of 48 between (10, J, Q), posts 2 nines + 3 kings
            assert _shown(pilot, "#odds")[:2] == ["Odds for the fourth card",
                                                  "win 25%   post 10%   lose 65%"]
            await pilot.press("1", "enter", "j")  # the J wins 1: Cy's turn
            await pilot.pause()
            assert "Cy's second card" in _text(pilot, "#entry")
            assert _shown(pilot, "#odds")[0] == "Odds for the third card"

    asyncio.run(play_keys())
    view = _on_disk(db)
    assert chips(view) == {"Ann": 80, "Bo": 106, "Cy": 100} and view["pot"] == 14
