"""Red Dog / High Card Pool as RULES.md §4 plays it, through the real CLI on a SQLite file.

Ann deals to Ann, Bo, Cy and Dee (50 chips each, ante 2) unless a test says otherwise. Each
test batches its commands into few `companion exec` calls and reads the table back with
`companion state --json` (and `companion log`). Turn actions name their player, so the
engine checks the order of play as it goes. The chip counts are worked out by hand from the
rules: a win gives the bet back and as much again from the pot, a loss leaves the bet in the
pot. Every test ends by checking that no chip was made or lost: the stacks plus the pot plus
an open bet are the buy-ins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli import chips, companion, play, refused, refused_alone, state

Command = dict[str, Any]

PLAYERS = ("Ann", "Bo", "Cy", "Dee")
EIGHT = ("Dan", "Ben", "Cleo", "Eve", "Finn", "Gus", "Hal", "Ivy")


def night(*players: str, chips: int = 50) -> Command:
    return {"cmd": "start_night", "players": list(players or PLAYERS), "chips": chips}


def red_dog(dealer: str = "Ann", **options: Any) -> Command:
    return {"cmd": "start_game", "game": "red-dog", "dealer": dealer, "options": options}


def bet(amount: int, player: str | None = None) -> Command:
    command: Command = {"cmd": "bet", "amount": amount}
    if player:
        command["player"] = player
    return command


def card(text: str) -> Command:
    return {"cmd": "card", "card": text}


def show(*cards: str) -> Command:
    return {"cmd": "show", "cards": list(cards)}


def turn(player: str, amount: int, burned: str, turned: str, *shown: str) -> list[Command]:
    """One player's whole turn: the bet (checked to be theirs), the two cards, the show."""
    return [bet(amount, player), card(burned), card(turned), show(*shown)]


def shown(view: dict[str, Any]) -> dict[str, Any]:
    """Who showed last, which cards, and whether they won."""
    last = view["last_shown"]
    return {key: last[key] for key in ("player", "cards", "won")}


def assert_conserved(view: dict[str, Any]) -> None:
    """The stacks plus the pot plus an open bet are every buy-in, chip for chip."""
    stacks = sum(seat["chips"] for seat in view["players"].values())
    in_play = view["pot"] + (view.get("bet") or 0)
    assert stacks + in_play == sum(seat["bought_in"] for seat in view["players"].values())


def log_lines(db: Path) -> list[str]:
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    return [line.strip() for line in done.stdout.splitlines()]


# --- the seed example ---------------------------------------------------------------------

def test_the_seed_example_ben_bets_6_against_the_jack_of_spades_and_shows_the_king(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    out = play(db, night(*EIGHT), red_dog("Dan", ante=2, hand_size=5), bet(6), card("3d"),
               card("Js"), show("Ks"))
    assert out.splitlines()[2:] == ["    3  Ben bets 6", "    4  burned 3♦", "    5  turned J♠",
                                    "    6  Ben shows K♠; Ben wins 6"]
    dealt = state(db, "--at", "2")
    # all eight ante 2, the dealer too: pot 16; Ben sits left of Dan and bets first
    assert dealt["pot"] == 16 and dealt["turn"] == "Ben" and chips(dealt)["Ben"] == 48
    assert dealt["order"] == [*EIGHT[1:], "Dan"] and dealt["deck_remaining"] == 12
    assert_conserved(dealt)
    view = state(db)
    assert view["pot"] == 10 and chips(view)["Ben"] == 54 and view["turn"] == "Cleo"
    assert view["seen"] == ["3d", "Js", "Ks"] and view["deck_remaining"] == 10
    assert shown(view) == {"player": "Ben", "cards": ["Ks"], "won": True}
    assert (view["expect"]["kind"], view["expect"]["min"], view["expect"]["max"]) == (
        "bet", 2, 10)
    assert_conserved(view)


def test_a_whole_hand_that_holds_a_winning_card_wins_and_the_log_names_the_card(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    out = play(db, night(), red_dog(), *turn("Bo", 5, "2c", "Qh", "3d", "Ah", "4d", "5d", "6d"))
    assert out.splitlines()[-1] == "    6  Bo shows 3♦ A♥ 4♦ 5♦ 6♦: A♥ wins; Bo wins 5"
    assert log_lines(db)[-1] == "6  Bo shows 3♦ A♥ 4♦ 5♦ 6♦: A♥ wins; Bo wins 5"
    view = state(db)
    # Bo: 48 after the ante, bets 5 and wins 5 from the pot of 8
    assert chips(view)["Bo"] == 53 and view["pot"] == 3 and view["turn"] == "Cy"
    assert view["seen"] == ["2c", "Qh", "3d", "Ah", "4d", "5d", "6d"]
    assert_conserved(view)


# --- refusals -----------------------------------------------------------------------------

def test_entries_that_cannot_be_are_refused_with_one_line_and_nothing_recorded(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), red_dog())
    assert refused_alone(db, bet(9)) == "Bo's bet is 2 to 8 now."
    assert refused_alone(db, bet(1)) == "Bo's bet is 2 to 8 now."
    play(db, bet(5, "Bo"), card("2c"), card("Qh"))  # actions 3 to 5
    assert refused_alone(db, show("Kd")) == ("K♦ does not beat the Q♥: a winning card is a "
                                             "higher ♥; without one the whole hand of 5 is "
                                             "shown.")
    assert refused_alone(db, show("3d", "Ah", "4d")) == (
        "A♥ beats the Q♥: show only that card.")
    assert refused_alone(db, show("3d", "4d", "5d")) == ("A losing hand is shown whole: 5 "
                                                         "cards, not 3.")
    assert refused_alone(db, show("3d", "4d", "2c", "5d", "6d")) == (
        "2♣ is already out since the last shuffle (entered at action 4); check the card.")
    assert refused_alone(db, show("3d", "4d", "3d", "5d", "6d")) == (
        "A card is named twice: a hand holds each card once.")
    assert refused_alone(db, show("3d", "4d", "5", "6d", "7d")) == (
        "Say the suit of the 5 too: in Red Dog the suit decides.")
    view = state(db)
    assert view["last_action"] == 5 and view["expect"]["kind"] == "show"
    assert chips(view)["Bo"] == 43 and view["bet"] == 5 and view["pot"] == 8
    assert_conserved(view)


def test_a_card_without_a_suit_is_refused_and_the_lines_before_it_stay_recorded(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    reason = refused(db, night(), red_dog(), bet(2, "Bo"), card("3"))
    assert reason == "Say the suit of the 3 too: in Red Dog the suit decides."
    view = state(db)
    assert view["last_action"] == 3 and view["expect"]["slot"] == "burn"
    assert view["seen"] == [] and view["bet"] == 2
    assert_conserved(view)


# --- a round ------------------------------------------------------------------------------

def test_a_round_win_lose_re_ante_then_the_deal_passes_left_and_end_game_splits_the_pot(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), red_dog(),
         *turn("Bo", 8, "2c", "9c", "Kc"),  # 3-6: the whole pot; everyone antes 2 at once
         *turn("Cy", 3, "2d", "Jd", "3s", "4s", "5s", "6s", "7s"),  # 7-10: loses 3
         *turn("Dee", 2, "2h", "Ah", "3c", "4c", "5c", "6c", "7c"),  # 11-14: nothing beats A♥
         *turn("Ann", 5, "2s", "8s", "Qs"),  # 15-18: the dealer last, wins 5
         {"cmd": "end_game"})  # 19
    emptied = state(db, "--at", "6")
    assert emptied["pot"] == 8 and emptied["turn"] == "Cy"
    assert chips(emptied) == {"Ann": 46, "Bo": 54, "Cy": 46, "Dee": 46}
    # pot 8 → 11 → 13 → 8; Bo deals round 2 and everyone antes 2: pot 16
    dealt = state(db, "--at", "18")
    assert chips(dealt) == {"Ann": 49, "Bo": 52, "Cy": 41, "Dee": 42} and dealt["pot"] == 16
    assert dealt["dealer"] == "Bo" and dealt["order"] == ["Cy", "Dee", "Ann", "Bo"]
    assert dealt["seen"] == [] and dealt["deck_remaining"] == 32 and dealt["round"] == 2
    assert_conserved(dealt)
    # 16 is 4 × 4: the pot is shared evenly
    ended = state(db)
    assert ended["game"] is None and chips(ended) == {"Ann": 53, "Bo": 56, "Cy": 45, "Dee": 46}
    assert_conserved(ended)


def test_split_pot_gives_odd_chips_from_the_dealers_left_and_everyone_antes_again(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    out = play(db, night(), red_dog(),
               *turn("Bo", 3, "2c", "9c", "3s", "4s", "5s", "6s", "7s"), {"cmd": "split_pot"})
    view = state(db)
    # pot 11 = 4 × 2 + 3: Bo, Cy and Dee get 3, Ann 2; then everyone antes 2: pot 8
    assert chips(view) == {"Ann": 48, "Bo": 46, "Cy": 49, "Dee": 49} and view["pot"] == 8
    assert view["turn"] == "Cy" and view["dealer"] == "Ann"
    split, ante = out.splitlines()[-1].strip().split("  ", 1)[1].split("; ")
    assert split.startswith("the pot is split: ") and ante == "Ann, Bo, Cy, Dee ante 2"
    shares = split.removeprefix("the pot is split: ").split(", ")
    assert sorted(shares) == ["Ann 2", "Bo 3", "Cy 3", "Dee 3"]
    assert_conserved(view)


def test_a_player_leaves_and_another_joins_between_turns(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), red_dog(), *turn("Bo", 2, "2c", "3c", "4c"),
         {"cmd": "leave", "player": "Cy"}, {"cmd": "join", "player": "Eve", "chips": 20},
         *turn("Dee", 2, "2d", "3d", "4d"), *turn("Ann", 2, "2h", "3h", "4h"))
    view = state(db)
    # pot 8 → 6 → 4 → 2; Bo deals, and Dee, Eve, Ann and Bo ante 2: pot 10
    assert chips(view) == {"Ann": 48, "Bo": 48, "Cy": 48, "Dee": 48, "Eve": 18}
    assert view["pot"] == 10 and view["players"]["Cy"]["present"] is False
    assert view["dealer"] == "Bo" and view["order"] == ["Dee", "Eve", "Ann", "Bo"]
    assert_conserved(view)


# --- hand size and the stack --------------------------------------------------------------

def test_seven_players_get_four_cards_and_a_losing_hand_is_four(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(*EIGHT[:7]), red_dog("Dan"), bet(2, "Ben"), card("2c"), card("Qh"))
    assert refused(db, show("2d", "3d", "4d", "5d", "6d")) == (
        "A losing hand is shown whole: 4 cards, not 5.")
    play(db, show("2d", "3d", "4d", "5d"))
    view = state(db)
    assert view["hand_size"] == 4 and view["deck_remaining"] == 52 - 7 * 4 - 2
    assert view["pot"] == 16 and chips(view)["Ben"] == 46
    assert_conserved(view)


def test_the_stack_running_out_mid_round_is_reshuffled_and_the_seen_tally_starts_afresh(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # 8 hands of 5 leave 12 cards: six turns of a burned and a turned card
    turns = [command for player, burned, turned, winner in zip(
        EIGHT[1:7], ("2c", "2d", "2h", "2s", "3c", "3d"), ("4c", "4d", "4h", "4s", "5c", "5d"),
        ("Ac", "Ad", "Ah", "As", "Kc", "Kd"), strict=True)
        for command in turn(player, 2, burned, turned, winner)]
    play(db, night(*EIGHT), red_dog("Dan", hand_size=5), *turns, bet(2, "Ivy"), card("2c"))
    out = state(db, "--at", "26")  # Hal has shown: the stack is empty
    assert out["deck_remaining"] == 0 and len(out["seen"]) == 18 and out["pot"] == 4
    view = state(db)
    # the two hands not yet played stay out: 52 - 10 cards, less the burned 2♣ again
    assert view["deck_remaining"] == 41 and view["seen"] == ["2c"] and view["burned"] == "2c"
    assert log_lines(db)[-1] == ("28  the stack ran out: burned, turned and set-aside cards "
                                 "are shuffled; burned 2♣")
    assert_conserved(view)


# --- the dealer as bank -------------------------------------------------------------------

def test_dealer_bank_stakes_no_antes_and_the_dealer_keeps_what_is_left(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    assert refused(db, night(), red_dog(dealer_bank=True), bet(51)) == (
        "Ann's stake is 10 to 50 now.")
    play(db, bet(20, "Ann"), *turn("Bo", 5, "2c", "9c", "Kc"),
         *turn("Cy", 2, "2d", "9d", "3s", "4s", "5s", "6s", "7s"),
         *turn("Dee", 3, "2h", "9h", "3c", "4c", "5c", "6c", "7c"))
    view = state(db)
    # pot 20 → 15 → 17 → 20: Ann keeps it; Bo banks next
    assert chips(view) == {"Ann": 50, "Bo": 55, "Cy": 48, "Dee": 47} and view["pot"] == 0
    assert view["dealer"] == "Bo" and view["order"] == ["Cy", "Dee", "Ann"]
    expect = view["expect"]
    assert (expect["kind"], expect["slot"], expect["player"]) == ("bet", "stake", "Bo")
    assert "Ann keeps the pot of 20" in log_lines(db)[-1]
    assert_conserved(view)


def test_shoot_three_rounds_then_a_fourth_and_the_dealer_keeps_the_rest(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    losing = [*turn("Bo", 2, "2c", "3c", "4s", "5s", "6s"),
              *turn("Cy", 2, "2d", "3d", "7s", "8s", "9s"),
              *turn("Dee", 2, "2h", "3h", "10s", "Js", "Qs")]
    play(db, night(), red_dog(shoot=True), bet(20, "Ann"), *losing, *losing, *losing)
    three = state(db)
    assert three["pot"] == 38 and three["rounds_dealt"] == 3 and three["hand_size"] == 3
    assert three["expect"]["kind"] == "declare" and three["expect"]["player"] == "Ann"
    play(db, {"cmd": "declare", "choice": "deal_again", "player": "Ann"}, *losing)
    view = state(db)
    # 20 + 4 rounds × 6: Ann keeps 44 on top of her 30; Bo stakes next
    assert chips(view) == {"Ann": 74, "Bo": 42, "Cy": 42, "Dee": 42} and view["pot"] == 0
    assert view["dealer"] == "Bo" and view["expect"]["slot"] == "stake"
    assert_conserved(view)


def test_slippery_sam_everyone_bets_against_the_first_card_of_six_or_lower(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), red_dog(slippery_sam=True), bet(20, "Ann"),
         card("9h"), card("Kc"), card("7s"), card("6d"),
         bet(4, "Bo"), show("8d"), bet(4, "Cy"), show("2c", "3c", "4c"))
    view = state(db)
    assert view["turned"] == "6d" and view["passed_over"] == ["9h", "Kc", "7s"]
    assert view["burned"] is None and view["turn"] == "Dee"
    # pot 20 → 16 → 20
    assert chips(view) == {"Ann": 30, "Bo": 54, "Cy": 46, "Dee": 50} and view["pot"] == 20
    assert_conserved(view)


# --- set-ups that are refused -------------------------------------------------------------

def test_start_game_refuses_options_that_do_not_fit_and_tables_too_small_or_big(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night())
    assert refused_alone(db, red_dog(dealer_bank=True, shoot=True)) == (
        "dealer_bank and shoot are two ways of banking the pot: choose one.")
    assert refused_alone(db, red_dog(dealer_bank=True, slippery_sam=True)) == (
        "slippery_sam is played like shoot, not with dealer_bank: choose one.")
    assert refused_alone(db, red_dog(stake_min=30, stake_max=20)) == (
        "stake_min (30) is more than stake_max (20).")
    assert refused_alone(db, red_dog(hand_size=2)) == (
        "hand_size is 3, 4 or 5 (or 0 for five, four with 7 or 8 players).")
    big = tmp_path / "big.db"
    assert refused(big, night(*EIGHT, "Jo"), red_dog("Dan")) == (
        "Red Dog is for 3 to 8 players; 9 have chips at the table.")
    assert state(db)["game"] is None and state(big)["game"] is None
