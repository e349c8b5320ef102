"""Schlag den Dealer as RULES.md §5 plays it, through the real CLI on a SQLite file.

Ben deals to Ben, Anna, Cleo and Dan (no chips: a game of sips) unless a test says
otherwise, so the guessers go Anna, Cleo, Dan. Each test batches its commands into few
`companion exec` calls and reads the table back with `companion state --json` (and
`companion log`). Guesses name their player, so the engine checks the order of play as it
goes. Every sip is worked out by hand from the rules; chips and sips are two ledgers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli import (
    assert_conserved,
    chips,
    companion,
    execute,
    play,
    refused,
    refused_alone,
    row_count,
    state,
)

Command = dict[str, Any]

PLAYERS = ("Ben", "Anna", "Cleo", "Dan")
VALUES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def night(*players: str, chips: int = 0) -> Command:
    return {"cmd": "start_night", "players": list(players or PLAYERS), "chips": chips}


def schlag(dealer: str | None = "Ben", **options: Any) -> Command:
    command: Command = {"cmd": "start_game", "game": "schlag-den-dealer", "options": options}
    if dealer is not None:
        command["dealer"] = dealer
    return command


def card(text: str) -> Command:
    return {"cmd": "card", "card": text}


def guess(value: Any, player: str | None = None, **extra: Any) -> Command:
    command: Command = {"cmd": "guess", "value": value, **extra}
    if player:
        command["player"] = player
    return command


def sips(view: dict[str, Any]) -> dict[str, int]:
    return {name: seat["sips"] for name, seat in view["players"].items()}


def log_lines(db: Path) -> list[str]:
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    return [line.strip() for line in done.stdout.splitlines()]


def without_action(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "last_action"}


# --- the seed example ---------------------------------------------------------------------

def test_the_seed_example_anna_guesses_7_then_the_queen_against_a_10(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    out = play(db, night("Ben", "Anna", "Cleo"), schlag(), card("10h"), guess(7, "Anna"),
               guess("Q", "Anna"))
    lines = out.splitlines()
    assert len(lines) == 5
    assert "10" not in lines[2] and "♥" not in lines[2]  # the card is hidden when entered
    assert "Anna owes 2" in lines[4] and "the card was 10♥" in lines[4]
    hinted = state(db, "--at", "4")
    assert hinted["card_in"] is True and hinted["seen"] == [] and "10h" not in json.dumps(hinted)
    assert hinted["values_out"]["10"] == 0 and hinted["deck_remaining"] == 52
    expect = hinted["expect"]
    assert (expect["kind"], expect["player"], expect["try"], expect["hint"]) == (
        "guess", "Anna", 2, "higher")
    view = state(db)
    assert sips(view) == {"Ben": 0, "Anna": 2, "Cleo": 0}
    assert chips(view) == {"Ben": 0, "Anna": 0, "Cleo": 0}
    assert view["seen"] == ["10h"] and view["values_out"]["10"] == 1
    assert view["deck_remaining"] == 51 and view["turn"] == "Cleo" and view["dealer"] == "Ben"
    assert view["misses"] == 1 and view["unit"] == "sips" and view["pot"] == 0
    assert view["last"]["guesser"] == "Anna" and view["last"]["card"] == "10h"


def test_a_short_game_hits_misses_relief_and_end_game(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(),
         guess(5, "Anna"), card("5c"),  # 3-4: first hit, Ben 4
         card("9d"), guess(7, "Cleo"), guess(9, "Cleo"),  # 5-7: second hit, Ben 2
         card("Kh"), guess(7, "Dan"), guess(12, "Dan"),  # 8-10: Dan 1
         guess(2, "Anna"), guess(4, "Anna"), card("Ah"),  # 11-13: Anna 3
         card("3s"), guess("Q", "Cleo"), guess("B", "Cleo"))  # 14-16: Cleo 8; Ben relieved
    relieved = state(db)
    assert (relieved["dealer"], relieved["turn"], relieved["misses"]) == ("Anna", "Cleo", 0)
    assert sips(relieved) == {"Ben": 6, "Anna": 3, "Cleo": 8, "Dan": 1}
    assert relieved["seen"] == ["5c", "9d", "Kh", "Ah", "3s"]
    assert relieved["deck_remaining"] == 47
    assert state(db, "--at", "15")["misses"] == 2
    assert "Anna holds the deck; Cleo guesses" in log_lines(db)[-1]
    play(db, guess(6, "Cleo"), card("6h"), guess(4, "Dan"), guess(3, "Dan"), card("2c"),
         guess("K", "Ben"), card("Kc"), {"cmd": "end_game"})
    ended = state(db)
    assert ended["game"] is None and ended["games_played"] == ["schlag-den-dealer"]
    assert sips(ended) == {"Ben": 6, "Anna": 3 + 4 + 4, "Cleo": 8, "Dan": 1 + 1}


def test_the_first_dealer_is_drawn_lowest_deals_the_ace_lowest_ties_draw_again(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(dealer=None), card("7"), card("A"), card("K"), card("Ac"))
    tie = state(db)
    assert tie["dealer"] is None and tie["expect"]["slot"] == "draw"
    assert tie["expect"]["player"] == "Anna"  # Anna and Dan drew an ace
    assert refused(db, card("9"), {"cmd": "card", "card": "9", "player": "Anna"}) == (
        "It is Dan's turn, not Anna's.")
    play(db, card("2d"))  # Anna drew the 9 above, Dan the 2 now
    view = state(db)
    assert (view["dealer"], view["turn"], view["seen"]) == ("Dan", "Ben", [])
    assert view["deck_remaining"] == 52


# --- undo, redo and correct ---------------------------------------------------------------

def test_undo_then_redo_restores_the_same_state_and_sips(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(), card("10"), guess(7, "Anna"), guess("Q", "Anna"))  # 3-5
    before = state(db)
    assert sips(before) == {"Ben": 0, "Anna": 2, "Cleo": 0, "Dan": 0}
    assert before["turn"] == "Cleo" and before["seen"] == ["10"]
    play(db, {"cmd": "undo"})  # 6 takes back the second guess: the card is hidden again
    undone = state(db)
    assert sips(undone) == dict.fromkeys(PLAYERS, 0)
    assert undone["seen"] == [] and undone["card_in"] is True and undone["guesses"] == [7]
    assert undone["turn"] == "Anna" and undone["expect"]["hint"] == "higher"
    assert undone["misses"] == 0 and undone["deck_remaining"] == 52
    play(db, {"cmd": "redo"})  # 7
    again = state(db)
    assert again["last_action"] == 7 and without_action(again) == without_action(before)
    play(db, {"cmd": "undo"}, {"cmd": "undo"})  # 8 and 9: the second guess, then the first
    assert state(db)["guesses"] == [] and state(db)["card_in"] is True
    assert any("undo action 5" in line for line in log_lines(db))


def test_a_correction_of_a_guess_or_the_card_recomputes_the_sips(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(), guess(7, "Anna"), guess("Q", "Anna"), card("10"),  # 3-5
         guess(3, "Cleo"), card("3"))  # 6-7: Ben 4
    assert sips(state(db)) == {"Ben": 4, "Anna": 2, "Cleo": 0, "Dan": 0}
    # Anna's second guess was the 10: a second hit, Ben drinks 2 and Anna nothing
    play(db, {"cmd": "correct", "action": 4, "command": guess(10, "Anna")})  # 8
    view = state(db)
    assert sips(view) == {"Ben": 4 + 2, "Anna": 0, "Cleo": 0, "Dan": 0}
    assert view["misses"] == 0 and view["turn"] == "Dan"
    # and the card was the jack: Anna drinks the difference, 11 - 10
    play(db, {"cmd": "correct", "action": 5, "command": card("J")})  # 9
    view = state(db)
    assert sips(view) == {"Ben": 4, "Anna": 1, "Cleo": 0, "Dan": 0}
    assert view["seen"] == ["J", "3"] and view["values_out"]["J"] == 1
    assert any("corrected at action 8" in line for line in log_lines(db))
    # a first guess of J cannot be: a second guess was made, so the jack was not it
    rows = row_count(db)
    done = execute(db, {"cmd": "correct", "action": 3, "command": guess("J", "Anna")})
    assert done.returncode == 2
    assert "would make action 5 (card J) impossible" in done.stderr
    assert "first guess was J" in done.stderr
    assert row_count(db) == rows and sips(state(db))["Anna"] == 1


def test_correcting_a_hidden_card_does_not_show_it(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(), card("Kh"), guess(7, "Anna"))  # 3-4
    out = play(db, {"cmd": "correct", "action": 3, "command": card("Qh")})
    view = state(db)
    assert view["card_in"] is True and view["seen"] == [] and view["expect"]["hint"] == "higher"
    shown = out + "\n".join(log_lines(db))
    assert "Qh" not in shown and "Q♥" not in shown


# --- refusals -----------------------------------------------------------------------------

def test_refused_commands_record_nothing(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(), guess(5, "Anna"), card("5c"), guess(7, "Cleo"))  # 3-5
    assert refused_alone(db, guess(14)) == "14 is no value here: a value 1-13 or A, J/B, Q/D, K."
    assert refused_alone(db, guess("x")) == "'x' is no value: a value 1-13 or A, J/B, Q/D, K."
    assert refused_alone(db, guess(9, "Dan")) == "It is Cleo's turn, not Dan's."
    play(db, guess(12, "Cleo"))  # 6
    before = state(db)
    assert refused_alone(db, guess(9)) == "Cleo has guessed; now the card."
    assert refused_alone(db, card("7")) == (
        "The card cannot be a 7: Cleo's first guess was 7, and a second guess was made, so "
        "the first was wrong.")
    assert refused_alone(db, card("5c")) == (
        "5♣ is already out since the last shuffle (entered at action 4); check the card.")
    assert refused_alone(db, {"cmd": "next_dealer", "player": "Dan"}) == (
        "Only a relieved dealer with dealer_chooses names the next dealer.")
    assert refused_alone(db, {"cmd": "leave", "player": "Dan"}) == (
        "Cleo's turn is under way: finish it before Dan leaves.")
    assert refused_alone(db, {"cmd": "end_game"}) == (
        "Cleo's turn is under way: finish it before the game ends.")
    assert refused_alone(db, {"cmd": "bet", "amount": 2}).startswith(
        "bet is not a move in Schlag den Dealer")
    assert refused_alone(db, schlag()).startswith("A game of Schlag den Dealer is running")
    assert state(db) == before
    play(db, card("10"))
    assert sips(state(db)) == {"Ben": 4, "Anna": 0, "Cleo": 2, "Dan": 0}


@pytest.mark.parametrize("players", [("Ann", "Bo"), ("Ann", "Bo", "Cy", "Dee", "Eve", "Finn",
                                                     "Gus", "Hal", "Ivy")])
def test_two_or_nine_players_cannot_start_a_game(tmp_path: Path,
                                                  players: tuple[str, ...]) -> None:
    db = tmp_path / "night.db"
    play(db, night(*players))
    assert refused_alone(db, schlag("Ann")) == (
        f"Schlag den Dealer is for 3 to 8 players; {len(players)} are at the table.")
    assert state(db)["game"] is None


# --- the variants -------------------------------------------------------------------------

def test_the_variants_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(value_and_suit=True, exact_sips=6, stupid_guess=True,
                             dealer_chooses=True, ace_high=True, unit="points"),
         card("Ah"), guess("Ah", "Anna"),  # 3-4: the exact card, Ben 6
         guess("A", "Cleo", suit="d"), card("As"),  # 5-6: the value, not the suit: Ben 4
         card("Ad"), guess(13, "Dan"), guess(14, "Dan"),  # 7-9: second hit, Ben 2
         card("Ac"), guess(10, "Anna"), guess(12, "Anna"))  # 10-12: Anna 2 (14 - 12)
    assert refused_alone(db, card("3")) == (
        "Say the card's suit too: with value_and_suit the exact card counts.")
    assert refused_alone(db, guess(1)) == "1 is no value here: a value 2-14 or A, J/B, Q/D, K."
    play(db, card("2c"), guess("A", "Cleo"), guess(3, "Cleo"),  # 13-15: stupid 5, then 1
         card("2d"), guess(9, "Dan"), guess(5, "Dan"))  # 16-18: Dan 3, Ben is relieved
    view = state(db)
    assert view["unit"] == "points" and view["options"]["exact_sips"] == 6
    assert sips(view) == {"Ben": 6 + 4 + 2, "Anna": 2, "Cleo": 5 + 1, "Dan": 3}
    assert view["values_out"]["A"] == 4 and list(view["values_out"])[-1] == "A"
    expect = view["expect"]
    assert (expect["kind"], expect["player"], expect["choices"]) == (
        "next_dealer", "Ben", ["Anna", "Cleo", "Dan"])
    assert refused_alone(db, {"cmd": "next_dealer", "player": "Ben"}) == (
        "Ben cannot take the deck: the next dealer is another player at the table.")
    play(db, {"cmd": "next_dealer", "player": "Cleo"})
    view = state(db)
    assert (view["dealer"], view["turn"], view["misses"]) == ("Cleo", "Dan", 0)


def test_one_try_a_miss_drinks_at_once(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(one_try=True), guess(7, "Anna"))
    assert refused_alone(db, guess(8, "Anna")) == "Anna has guessed; now the card."
    play(db, card("Q"), card("3"), guess(3, "Cleo"))
    assert sips(state(db)) == {"Ben": 4, "Anna": 5, "Cleo": 0, "Dan": 0}


def test_the_whole_deck_then_only_end_game_fits(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    deck = [value + suit for value in VALUES for suit in "shdc"]
    turns = [command for text in deck for command in (card(text), guess(text[:-1]))]
    play(db, night(), schlag(dealer="Dan"), *turns)
    view = state(db)
    assert view["expect"]["kind"] == "end_game" and view["deck_remaining"] == 0
    assert len(view["seen"]) == 52 and sips(view) == {"Ben": 0, "Anna": 0, "Cleo": 0,
                                                      "Dan": 208}
    assert refused_alone(db, guess(7)) == "The deck is used up: the game is over; end it."
    play(db, {"cmd": "end_game"})
    assert state(db)["game"] is None and sips(state(db))["Dan"] == 208


# --- a night of several games: chips and sips are two ledgers -----------------------------

def test_a_night_mixing_chip_games_and_schlag_keeps_chips_and_sips_apart(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    in_between: list[Command] = [
        {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
         "options": {"stake": 10, "rounds": 1}},
        card("5h"), card("9c"), card("Kd"),  # Bo's first, Cy's first, Bo's second
        {"cmd": "bet", "amount": 3, "player": "Bo"}, card("8s"),  # Bo wins 3
        {"cmd": "end_game"}]  # Ann takes the pot of 7
    play(db, night("Ann", "Bo", "Cy", chips=50), *in_between)
    first = state(db)
    assert chips(first) == {"Ann": 47, "Bo": 53, "Cy": 50} and first["game"] is None
    assert sips(first) == {"Ann": 0, "Bo": 0, "Cy": 0}
    assert_conserved(first)
    play(db, schlag("Bo"),
         card("10"), guess(7, "Cy"), guess("Q", "Cy"),  # Cy drinks 2
         guess(4, "Ann"), card("4"),  # Bo drinks 4
         guess(9, "Cy"), guess(11, "Cy"), card("10s"))  # Cy drinks 1
    during = state(db)
    assert during["game"] == "schlag-den-dealer" and during["pot"] == 0
    assert chips(during) == {"Ann": 47, "Bo": 53, "Cy": 50}
    assert sips(during) == {"Ann": 0, "Bo": 4, "Cy": 3}
    assert_conserved(during)
    play(db, {"cmd": "end_game"},
         {"cmd": "start_game", "game": "red-dog", "dealer": "Cy", "options": {"ante": 2}},
         {"cmd": "bet", "amount": 3, "player": "Ann"}, card("2c"), card("9c"),
         {"cmd": "show", "cards": ["Kc"]},  # Ann wins 3: the pot 6 - 3
         {"cmd": "end_game"})  # the pot of 3 is shared, 1 each
    last = state(db)
    assert last["game"] is None
    assert last["games_played"] == ["in-between", "schlag-den-dealer", "red-dog"]
    assert chips(last) == {"Ann": 49, "Bo": 52, "Cy": 49}
    assert sips(last) == {"Ann": 0, "Bo": 4, "Cy": 3}
    assert sum(chips(last).values()) == 150
    assert_conserved(last)
    results = {name: seat["chips"] - seat["bought_in"] for name, seat in last["players"].items()}
    assert results == {"Ann": -1, "Bo": 2, "Cy": -1}


def test_a_refused_correction_does_not_name_the_hidden_card(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(), guess(5, "Anna"), guess(9, "Anna"), card("7h"),  # 3-5
         card("Kd"))  # 6: Cleo's card, hidden
    reason = refused(db, {"cmd": "correct", "action": 5, "command": card("Kd")})
    assert reason.startswith("Correcting action 5 would make action 6 (the dealer's card, "
                             "hidden) impossible")
    assert "K" not in reason.split("impossible")[1]
    assert not any("Kd" in line or "K♦" in line for line in log_lines(db))


def test_an_undone_hidden_card_is_not_named_in_the_log(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(), schlag(), card("Kd"), {"cmd": "undo"},  # 3, 4
         guess(12, "Anna"), card("Qh"))  # 5, 6: entered after a right guess, laid out
    lines = log_lines(db)
    assert "3  [undone] the dealer's card (hidden)" in lines
    assert not any("Kd" in line or "K♦" in line for line in lines)
    assert any("the card was Q♥" in line for line in lines)


def test_a_hidden_card_undone_stays_hidden_even_once_its_game_is_undone_too(
        tmp_path: Path) -> None:
    """The long search (profile explore) found it: the undone card's line was written by
    deciding the card again at its place, and with the game undone as well it no longer
    decided as a hidden card, so the line typed it out."""
    db = tmp_path / "night.db"
    play(db, night("Anna", "Ben", "Cleo"), schlag("Anna"), card("2c"),  # the card first
         {"cmd": "undo"}, {"cmd": "undo"})  # the card, then the game
    lines = log_lines(db)
    assert "[undone] the dealer's card (hidden)" in lines[2]
    assert not any("2♣" in line or "2c" in line for line in lines)


def test_a_card_typed_after_the_hidden_one_and_undone_is_not_named_while_it_is_hidden(
        tmp_path: Path) -> None:
    """The long search found it: a guess laid the hidden card out, the game ended, the next
    game's draw for the deal typed that same card, and undoing back to before the guess
    hid the card again but left it named in the undone draw's line. Undone cards after a
    hidden one are not named while it is hidden (any of them, so the one left out does not
    tell which it was); once it is laid out again, they are."""
    db = tmp_path / "night.db"
    play(db, night("Anna", "Ben", "Cleo"), schlag("Anna"), card("2d"), guess(2),  # laid
         {"cmd": "end_game"}, schlag("draw"), card("2d"),  # the draw typed the same card
         *[{"cmd": "undo"}] * 4)  # the draw, the game, its end, the guess: hidden again
    lines = log_lines(db)
    assert "[undone] a card, not named while the dealer's card is hidden" in lines[6]
    assert not any("2♦" in line or "2d" in line for line in lines)
    play(db, guess(2))  # Ben hits again: the card is laid out, nothing is hidden any more
    assert "[undone] card 2♦" in log_lines(db)[6]
