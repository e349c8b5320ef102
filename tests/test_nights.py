"""`companion nights`: every night in the database, from its log, with what the history keeps
of it; the records are kept beside the log under each night's fingerprint and folded again
when a night goes on."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.cli import companion, play

Command = dict[str, Any]

FRIDAY: list[Command] = [
    {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100, "name": "Friday"},
    {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
     "options": {"stake": 10, "rounds": 1}},
    {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},  # Bo's first, Cy's first
    {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 3},  # Bo: 5-K, bets 3
    {"cmd": "card", "card": "8s"},  # Bo wins 3 out of the pot: 10 + 3 in the middle before
    {"cmd": "card", "card": "10d"}, {"cmd": "pass"},  # Cy passes: Ann takes 7, Bo stakes 10
    {"cmd": "end_game"},  # Bo takes his 10 back
    {"cmd": "end_night"}]
SATURDAY: list[Command] = [
    {"cmd": "start_night", "players": ["Ann", "Cy", "Dee"], "chips": 50, "chip_value": "0.10",
     "currency": "EUR"},
    {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Dee", "options": {}},
    {"cmd": "guess", "value": "7"}, {"cmd": "guess", "value": "Q"},  # Ann: 7, then higher
    {"cmd": "card", "card": "10h"}]  # a miss by 2: Ann drinks 2, caused by Dee


def _nights(db: Path) -> list[dict[str, Any]]:
    done = companion(db, "nights", "--format", "json")
    assert done.returncode == 0, done.stderr
    nights: list[dict[str, Any]] = json.loads(done.stdout)["nights"]
    return nights


def _player(night: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in night["players"] if p["name"] == name)
    return found


def test_every_night_is_listed_with_its_players_games_pot_and_state(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *FRIDAY)
    play(db, *SATURDAY)
    friday, saturday = _nights(db)
    assert (friday["night"], friday["name"], friday["status"]) == (1, "Friday", "ended")
    assert [p["name"] for p in friday["players"]] == ["Ann", "Bo", "Cy"]
    assert friday["games"] == ["in-between"] and friday["actions"] == 11
    assert friday["biggest_pot"] == 10  # the stake; Bo won his bet of 3 out of it
    assert {p["name"]: p["result"] for p in friday["players"]} == {"Ann": -3, "Bo": 3, "Cy": 0}
    assert (saturday["night"], saturday["status"], saturday["games"]) == (
        2, "open", ["schlag-den-dealer"])
    text = companion(db, "nights")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].split() == ["night", "started", "name", "players", "games", "length",
                                "biggest", "pot", "fingerprint"]
    assert "Friday" in lines[1] and "Ann, Bo, Cy" in lines[1] and "In-Between" in lines[1]
    assert lines[1].rstrip().endswith(f"10  ended  {friday['fingerprint']}")
    assert "Schlag den Dealer" in lines[2] and lines[2].endswith(
        f"open   {saturday['fingerprint']}")


def test_a_night_keeps_who_dealt_how_the_dealer_did_the_biggest_win_and_the_sips(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *FRIDAY)
    play(db, *SATURDAY)
    friday, saturday = _nights(db)
    ann, bo, cy = (_player(friday, name) for name in ("Ann", "Bo", "Cy"))
    assert (ann["dealt"], ann["dealer_result"]) == (1, -3)  # staked 10, took 7 back
    assert (bo["dealt"], bo["dealer_result"]) == (1, 0)  # staked 10, took 10 back
    assert (cy["dealt"], cy["dealer_result"]) == (0, 0)
    assert (bo["biggest_win"], ann["biggest_win"]) == (3, 0)
    ann2, dee = _player(saturday, "Ann"), _player(saturday, "Dee")
    assert (ann2["sips"], dee["caused"], dee["dealt"], dee["dealer_sips"]) == (2, 2, 1, 0)


def test_a_post_is_counted_for_the_player_who_hit_it(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *FRIDAY[:2], {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},
         {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 2},
         {"cmd": "card", "card": "5s"})  # on the post: Bo pays double
    (night,) = _nights(db)
    assert _player(night, "Bo")["posts"] == 1 and _player(night, "Cy")["posts"] == 0


def test_records_are_kept_by_fingerprint_and_folded_again_when_a_night_goes_on(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *FRIDAY)
    play(db, *SATURDAY)
    before = _nights(db)
    with sqlite3.connect(db) as conn:
        kept = dict(conn.execute("SELECT night, fingerprint FROM night_records"))
    assert kept == {1: before[0]["fingerprint"], 2: before[1]["fingerprint"]}
    play(db, {"cmd": "join", "player": "Eve", "chips": 50})
    after = _nights(db)
    assert after[0] == before[0]
    assert after[1]["actions"] == before[1]["actions"] + 1
    assert [p["name"] for p in after[1]["players"]] == ["Ann", "Cy", "Dee", "Eve"]
    with sqlite3.connect(db) as conn:
        (key,) = conn.execute("SELECT fingerprint FROM night_records WHERE night = 2").fetchone()
    assert key == after[1]["fingerprint"] != before[1]["fingerprint"]


def test_a_night_keeps_its_record_as_it_ends_with_each_players_stacks(tmp_path: Path) -> None:
    """The end of the night keeps its record at once, so the history never folds a finished
    night; the record holds each player's stack over the night for the history's chart."""
    db = tmp_path / "table.db"
    play(db, *FRIDAY)
    with sqlite3.connect(db) as conn:
        (key, payload), = conn.execute("SELECT fingerprint, payload FROM night_records")
    assert key == companion(db, "settle", "--format", "json").stdout.split(
        '"fingerprint": "')[1].split('"')[0]
    kept = {p["name"]: p["stacks"] for p in json.loads(payload)["players"]}
    assert kept["Bo"][0] == 100 and kept["Bo"][-1] == 103  # Bo won 3
    assert kept["Ann"][-1] == 97 and kept["Cy"][-1] == 100
    assert max(kept["Ann"]) == 100 and min(kept["Ann"]) < 97  # Ann staked, then took back
    assert _nights(db)[0]["players"][1]["stacks"] == kept["Bo"]


def test_a_kept_record_is_never_believed_over_the_log(tmp_path: Path) -> None:
    """A kept record that no longer reads, or says something else under an old key, is only
    a cache: the night is folded again from its log."""
    db = tmp_path / "table.db"
    play(db, *FRIDAY)
    truth = _nights(db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE night_records SET payload = '{not json'")
    assert _nights(db) == truth
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE night_records SET fingerprint = '3-0000000000000000'")
    assert _nights(db) == truth


def test_no_nights_yet_and_no_database_are_sentences(tmp_path: Path) -> None:
    missing = companion(tmp_path / "none.db", "nights")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert "There is no database" in missing.stderr
    assert not (tmp_path / "none.db").exists()


def test_the_biggest_pot_is_what_the_pot_held_never_a_bet_not_yet_settled(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
         {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
          "options": {"stake": 20}},
         {"cmd": "card", "card": "3"}, {"cmd": "card", "card": "9"},
         {"cmd": "card", "card": "Q"}, {"cmd": "bet", "amount": 10},  # Bo: 3-Q, bets 10
         {"cmd": "card", "card": "7"})  # and wins: the pot 20, then 10
    (night,) = _nights(db)
    assert night["biggest_pot"] == 20
    assert companion(db, "nights").stdout.splitlines()[1].split()[-3] == "20"


def test_the_antes_paid_before_the_draw_for_the_deal_count_for_the_dealer_drawn(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    # In-Amongst: everyone antes 1, then draws; Ann's king deals. At once the game ends and
    # the pot of 3 is shared: Ann's dealing cost her the ante and gave her a share back
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20},
         {"cmd": "start_game", "game": "in-amongst", "dealer": "draw"},
         {"cmd": "card", "card": "K"}, {"cmd": "card", "card": "5"},
         {"cmd": "card", "card": "3"}, {"cmd": "end_game"})
    (night,) = _nights(db)
    assert {p["name"]: (p["dealt"], p["dealer_result"]) for p in night["players"]} == {
        "Ann": (1, 0), "Bo": (0, 0), "Cy": (0, 0)}
