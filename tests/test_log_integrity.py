"""A log that proves it is whole: a broken chain is said on every open and nothing is written
onto it unasked; each night has a fingerprint (its action count and chain head) that finds a
cut-off tail; an export ends with it, and a night is imported once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from tests.cli import companion, execute, play, state
from tests.pilot import app as _app
from tests.pilot import on_disk

NIGHT: list[dict[str, Any]] = [{"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
         {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
          "options": {"stake": 10, "rounds": 1}},
         {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},
         {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 3}]
# Bo's third card: between turns.
WHOLE_TURN: list[dict[str, Any]] = [*NIGHT, {"cmd": "card", "card": "8s"}]


def _tamper(db: Path, sql: str, *params: object) -> None:
    """What someone with the file and sqlite3 can do: drop the guards and change the log."""
    with closing(sqlite3.connect(db)) as conn, conn:  # committed, then closed
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute("DROP TRIGGER events_no_delete")
        conn.execute(sql, params)


def _broken(tmp_path: Path) -> Path:
    db = tmp_path / "night.db"
    play(db, *NIGHT)
    # Bo's king becomes a queen, the hashes left as they were.
    _tamper(db, "UPDATE events SET payload = replace(payload, '\"Kd\"', '\"Qd\"') "
                "WHERE type = 'ActionTaken' AND action = 5")
    return db


def test_reading_a_broken_night_warns_on_stderr_and_still_shows_it(tmp_path: Path) -> None:
    db = _broken(tmp_path)
    done = companion(db, "state", "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout)["last_action"] == 6
    assert done.stderr.startswith("Warning: The log of night 1 does not verify: row ")
    assert "(night 1, action 5, ActionTaken)" in done.stderr
    for command in ("log", "settle"):
        assert "does not verify" in companion(db, command).stderr


def test_nothing_is_written_onto_a_broken_night_until_the_break_is_accepted(
        tmp_path: Path) -> None:
    db = _broken(tmp_path)
    done = execute(db, {"cmd": "card", "card": "8s"})
    assert done.returncode == 2
    assert done.stderr.startswith("line 1: The log of night 1 does not verify")
    assert "exported" in done.stderr and "--accept-broken-chain" in done.stderr
    assert state(db)["last_action"] == 6
    done = companion(db, "exec", "--accept-broken-chain", "-",
                     stdin=json.dumps({"cmd": "card", "card": "8s"}) + "\n")
    assert done.returncode == 0, done.stderr
    assert "does not verify" in done.stderr  # accepted, not hidden
    assert state(db)["last_action"] == 7


def test_what_remains_of_a_broken_night_is_exported_and_imports_whole(tmp_path: Path) -> None:
    db = _broken(tmp_path)
    done = companion(db, "export")
    assert done.returncode == 0
    assert "The export stops before action 5: row " in done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert {row["action"] for row in rows[:-1]} == {1, 2, 3, 4}  # the whole actions before
    assert rows[-1]["end"]["actions"] == 4
    other = tmp_path / "other.db"
    imported = companion(other, "import", "-", stdin=done.stdout)
    assert imported.returncode == 0, imported.stderr
    assert companion(other, "verify").returncode == 0
    assert state(other)["expect"]["slot"] == "second"  # Bo's second card, to enter again


def test_the_screen_says_the_night_is_broken_and_asks_before_writing(tmp_path: Path) -> None:
    db = _broken(tmp_path)

    async def play_keys() -> None:
        app = _app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "ConfirmScreen"
            await pilot.press("n")
            await pilot.pause()
            banner = str(app.screen.query_one("#banner").render())
            assert "does not verify" in banner and "Nothing is written onto it" in banner
            await pilot.press("8")  # Bo's third card: refused, with the reason
            await pilot.pause()
            assert "does not verify" in str(app.screen.query_one("#entry").render())
            assert on_disk(db)["last_action"] == 6

    asyncio.run(play_keys())

    async def accept() -> None:
        app = _app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert "The break is accepted" in str(app.screen.query_one("#banner").render())
            await pilot.press("8")
            await pilot.pause()

    asyncio.run(accept())
    assert on_disk(db)["last_action"] == 7


def _fingerprint(db: Path) -> str:
    done = companion(db, "settle", "--format", "json")
    assert done.returncode == 0, done.stderr
    found: str = json.loads(done.stdout)["fingerprint"]
    return found


def test_the_fingerprint_is_on_the_receipt_the_json_and_in_verify(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    print_ = _fingerprint(db)
    assert print_.startswith("7-") and len(print_) == 2 + 16
    assert print_ in companion(db, "settle").stdout.replace("\n", " ")
    assert companion(db, "verify").stdout.strip().endswith(f"fingerprint {print_}")
    done = companion(db, "verify", "--fingerprint", print_)
    assert done.returncode == 0
    assert done.stdout.strip() == (f"night 1 holds everything fingerprint {print_} covers: "
                                   "7 actions, chain intact.")



def test_a_broken_nights_paper_says_so_and_vouches_for_nothing(tmp_path: Path) -> None:
    """The settlement of a broken night counts it up to its last whole action: its paper says
    the log does not verify, and carries no fingerprint (what the log ends with is not what
    it counts, and verify calls it broken)."""
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    # Bo's bet changed, the hashes left as they were: the night is shown as it is stored.
    _tamper(db, "UPDATE events SET payload = replace(payload, '\"amount\":3', '\"amount\":4') "
                "WHERE type = 'ActionTaken' AND action = 6")
    receipt = " ".join(companion(db, "settle").stdout.split())
    assert "This night's log does not verify (`companion verify` names the break): this " \
           "settlement counts it up to action 7, and it has no fingerprint." in receipt
    assert "Log fingerprint" not in receipt
    doc = json.loads(companion(db, "settle", "--format", "json").stdout)
    assert doc["fingerprint"] is None and doc["broken"] is True
    german = " ".join(companion(db, "settle", "--language", "de").stdout.split())
    assert "bis Aktion 7" in german and "Fingerabdruck des Protokolls" not in german
    whole = tmp_path / "whole.db"
    play(whole, *WHOLE_TURN)
    assert json.loads(companion(whole, "settle", "--format", "json").stdout)["broken"] is False

def test_a_cut_off_tail_passes_verify_but_not_its_fingerprint(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    printed = _fingerprint(db)
    _tamper(db, "DELETE FROM events WHERE action >= 6")  # the last two actions, gone
    assert companion(db, "verify").returncode == 0  # what is left is a whole chain
    done = companion(db, "verify", "--fingerprint", printed, "--night", "1")
    assert done.returncode == 1
    assert done.stdout.strip() == (f"night 1 no longer ends where {printed} says: it has 5 "
                                   "actions and the fingerprint covers 7: the last 2 are "
                                   "missing.")
    done = companion(db, "verify", "--fingerprint", printed)
    assert done.returncode == 1 and done.stdout.startswith("No night in ")


def test_a_night_that_went_on_still_holds_its_earlier_fingerprint(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    printed = _fingerprint(db)
    play(db, {"cmd": "card", "card": "2s"})  # Cy's second card
    done = companion(db, "verify", "--fingerprint", printed)
    assert done.returncode == 0 and done.stdout.strip().endswith("; 1 action added since.")



def test_a_receipts_night_is_found_though_another_night_ends_with_a_copy_of_it(
        tmp_path: Path) -> None:
    """The rows of night 2's last action pasted at the end of night 1: night 1 now ends where
    night 2's receipt says, but broken; the receipt's night, whole, is the one named."""
    db = tmp_path / "table.db"
    play(db, *WHOLE_TURN, {"cmd": "end_night"})
    play(db, *WHOLE_TURN)
    printed = _fingerprint(db)  # night 2's, the night open
    _tamper(db, "INSERT INTO events (night, action, type, version, payload, created_at, "
                "prev_hash, hash) SELECT 1, action, type, version, payload, created_at, "
                "prev_hash, hash FROM events WHERE night = 2 AND action = 7 ORDER BY seq")
    done = companion(db, "verify", "--fingerprint", printed)
    assert done.returncode == 0, done.stdout
    assert done.stdout.strip() == (f"night 2 holds everything fingerprint {printed} covers: "
                                   "7 actions, chain intact.")
    done = companion(db, "verify", "--fingerprint", printed, "--night", "1")
    assert done.returncode == 1 and done.stdout.startswith("night 1: BROKEN at row ")

def test_a_fingerprint_that_is_none_is_a_sentence(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    done = companion(db, "verify", "--fingerprint", "six")
    assert done.returncode == 2 and "is no fingerprint: one looks like" in done.stderr


def test_an_export_ends_with_the_fingerprint_and_a_cut_export_is_refused(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    lines = companion(db, "export").stdout.splitlines()
    assert json.loads(lines[-1]) == {"end": {"rows": len(lines) - 1, "actions": 7,
                                             "fingerprint": _fingerprint(db)}}
    cut_at_an_action = [line for line in lines if json.loads(line).get("action", 99) < 7]
    done = companion(tmp_path / "a.db", "import", "-", stdin="\n".join(cut_at_an_action))
    assert done.returncode == 2
    assert "the file has no end record (its last line): it may have been cut short" in (
        done.stderr)
    done = companion(tmp_path / "b.db", "import", "-",
                     stdin="\n".join([*cut_at_an_action, lines[-1]]))
    assert done.returncode == 2
    assert "the rows do not end where the end record says" in done.stderr


def test_the_same_export_is_imported_once(tmp_path: Path) -> None:
    db, other = tmp_path / "night.db", tmp_path / "other.db"
    play(db, *WHOLE_TURN)
    exported = companion(db, "export").stdout
    assert companion(other, "import", "-", stdin=exported).returncode == 0
    done = companion(other, "import", "-", stdin=exported)
    assert done.returncode == 2
    assert done.stderr.strip() == ("Import refused: this night is already in the database as "
                                   "night 1 (the same first action); it is not imported twice.")
    done = companion(db, "import", "-", stdin=exported)  # nor into the database it came from
    assert done.returncode == 2 and "as night 1" in done.stderr
