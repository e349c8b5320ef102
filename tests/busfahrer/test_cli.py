"""A whole game of Busfahrer through the real CLI on a SQLite file: `companion exec` plays
it, `companion state --json` shows each phase (phase, hands, driver, to_give, turn), the
log tells it, and the settlement lists the sips drunk and given per player.

Cleo deals to Anna, Ben and Cleo. Every sip is worked out by hand below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli import companion, execute, play, refused, refused_alone, row_count, state

Command = dict[str, Any]


def call(choice: str) -> Command:
    return {"cmd": "call", "choice": choice}


def card(text: str) -> Command:
    return {"cmd": "card", "card": text}


def give(to: str, sips: int) -> Command:
    return {"cmd": "give", "to": to, "sips": sips}


START: list[Command] = [{"cmd": "start_night", "players": ["Anna", "Ben", "Cleo"], "chips": 0},
         {"cmd": "start_game", "game": "busfahrer", "dealer": "Cleo"}]
QUESTIONS: list[Command] = [
    call("black"), card("7c"), give("Ben", 1),  # right: Anna gives 1
    call("red"), card("7h"), give("Anna", 1),  # right: Ben gives 1
    call("red"), card("3c"),  # wrong: Cleo drinks 1
    call("higher"), card("7d"),  # a 7 on Anna's 7: wrong, she drinks 2
    call("higher"), card("9c"), give("Anna", 1), give("Cleo", 1),
    call("higher"), card("4c"), give("Ben", 2),
    call("outside"), card("Kc"), give("Ben", 2), give("Cleo", 1),  # outside 7 and 7
    call("inside"), card("9d"),  # a 9 on Ben's 9: wrong, 3
    call("inside"), card("5c"),  # outside 3 and 4: wrong, 3
    call("s"), card("2s"), give("Cleo", 4),
    call("s"), card("Qs"), give("Anna", 4),
    call("h"), card("6c"),  # wrong: Cleo drinks 4
]
PYRAMID: list[Command] = [
    card("7s"), give("Ben", 1), give("Cleo", 1), give("Anna", 1),  # Anna's two 7s, Ben's
    card("8c"), card("9h"), give("Cleo", 2), card("10c"),
    card("Kd"), give("Ben", 2), card("2h"), give("Cleo", 2), card("Js"),
    card("3d"), give("Anna", 3), card("4d"), give("Ben", 3),
    card("6h"), give("Anna", 2), give("Ben", 2),  # the top card: Cleo's 6, 4 sips
]
RIDE: list[Command] = [card("8c"), call("higher"), card("Jd"), call("lower"), card("3s"),
        call("higher"), card("3h"),  # the same value: Ben drinks 4, the try starts again
        card("9c"), call("lower"), card("2d"), call("higher"), card("Kd"),
        call("lower"), card("10h"), call("higher"), card("As")]


def test_a_whole_game_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *START, *QUESTIONS, *PYRAMID, *RIDE)
    questions_end = len(START) + len(QUESTIONS)
    pyramid_end = questions_end + len(PYRAMID)

    first = state(db, "--at", "4")  # Anna's right call: she gives 1
    assert (first["phase"], first["turn"], first["hands"], first["to_give"]) == (
        "questions", "Anna", {"Anna": ["7c"], "Ben": [], "Cleo": []},
        {"Anna": 1, "Ben": 0, "Cleo": 0})
    assert first["expect"] == {"kind": "give", "prompt": "Anna: give 1 to Ben / Cleo",
                               "player": "Anna", "sips": 1, "to": ["Ben", "Cleo"],
                               "players": ["Anna", "Ben", "Cleo"]}  # the screen's numbers

    laid = state(db, "--at", str(questions_end))
    assert (laid["phase"], laid["turn"], laid["driver"]) == ("pyramid", None, None)
    assert laid["hands"] == {"Anna": ["7c", "7d", "Kc", "2s"], "Ben": ["7h", "9c", "9d", "Qs"],
                             "Cleo": ["3c", "4c", "5c", "6c"]}
    assert {name: seat["sips"] for name, seat in laid["players"].items()} == {
        "Anna": 8, "Ben": 8, "Cleo": 14}

    riding = state(db, "--at", str(pyramid_end))
    assert (riding["phase"], riding["driver"], riding["turn"]) == ("bus", "Ben", "Ben")
    assert riding["hands"] == {"Anna": [], "Ben": ["Qs"], "Cleo": ["5c"]}
    assert riding["seen"] == [] and riding["deck_remaining"] == 52

    over = state(db)
    assert (over["phase"], over["turn"], over["expect"]["kind"]) == ("over", None, "end_game")
    assert over["bus"] == {"length": 5, "tries": 2, "cards": ["9c", "2d", "Kd", "10h", "As"],
                           "call": None}
    assert {name: seat["sips"] for name, seat in over["players"].items()} == {
        "Anna": 14, "Ben": 20, "Cleo": 19}

    lines = [line.strip() for line in companion(db, "log").stdout.splitlines()]
    assert lines[2:5] == ["3  Anna calls black", "4  7♣ for Anna: right; Anna has 1 to give",
                          "5  Anna gives Ben 1; Ben drinks 1"]
    assert lines[35] == ("36  pyramid row 1: 7♠; Anna lays 7♣, 7♦; Anna has 2 to give; Ben "
                         "lays 7♥; Ben has 1 to give")
    assert lines[54].endswith("Ben rides the bus (the highest sum); every card is shuffled")
    assert lines[61] == ("62  bus place 4: 3♥, wrong: the try starts again; Ben drinks 4 (a wrong "
                         "call on the bus)")
    assert lines[-1] == "71  bus place 5: A♠, right; Ben has ridden the bus at try 2"

    play(db, {"cmd": "end_game"}, {"cmd": "end_night"})
    settled = json.loads(companion(db, "settle", "--format", "json").stdout)
    assert {name: (p["sips"], p["sips_caused"]) for name, p in settled["players"].items()} == {
        "Anna": (14, 14), "Ben": (20, 10), "Cleo": (19, 12)}
    assert settled["sips_by_game"] == [{
        "game": 1, "preset": "busfahrer", "title": "Busfahrer", "unit": "sips",
        "drunk": {"Anna": 14, "Ben": 20, "Cleo": 19},
        "caused": {"Anna": 14, "Ben": 10, "Cleo": 12}}]


def test_refused_entries_say_why_and_record_nothing(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *START)
    assert refused_alone(db, call("higher")) == (
        "Anna's call at question 1 is red or black, not 'higher'.")
    assert refused_alone(db, give("Ben", 1)) == (
        "No give is expected now: Anna, question 1: red or black?.")
    assert refused_alone(db, {"cmd": "driver", "player": "Ben"}) == (
        "No choice of the driver is expected now: Anna, question 1: red or black?.")
    assert refused_alone(db, {"cmd": "give", "to": "Ben", "sips": "two"}) == (
        "give: 'sips' must be a whole number, not 'two'.")
    assert refused(db, call("black"), card("7s"), give("Anna", 1)) == (
        "Anna gives to the other players, not to themselves.")
    rows = row_count(db)
    done = execute(db, call("red"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert row_count(db) == rows


def test_undo_and_correct_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *START, call("black"), card("7c"), give("Ben", 1))  # actions 3, 4, 5
    play(db, {"cmd": "undo"})
    assert state(db)["to_give"]["Anna"] == 1
    play(db, {"cmd": "redo"}, {"cmd": "correct", "action": 4, "command": card("Jc")})
    view = state(db)
    assert view["hands"]["Anna"] == ["Jc"] and view["turn"] == "Ben"
    assert view["players"]["Ben"]["sips"] == 1
