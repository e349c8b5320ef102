"""A damaged log is found, named and recoverable: an action cut short is seen (its first row
says how many rows it has, inside the hash); a night whose rows no longer read opens as far
as the last whole action before the break, read-only, and exports what remains; the history
marks a broken night wherever it lists or counts it, and lists the others as usual.

Every night here is damaged as an attacker would: sqlite3 on the file, the guards dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from events.store import Store
from tests.cli import companion, play, row_count, state
from tests.damage import forge, last_seq, rows_of, tamper
from tests.hypo import examples
from tests.test_log_integrity import NIGHT, WHOLE_TURN

# Action 7 is Bo's third card: three rows (its record, the card, the bet won).
BO_WINS = 7


def _quiet(done: subprocess.CompletedProcess[str]) -> None:
    """No Python words ever reach the dealer."""
    for stream in (done.stdout, done.stderr):
        assert "Traceback" not in stream and "Exception ignored" not in stream, stream
        assert "KeyError" not in stream and "'command'" not in stream, stream


def _a_night_whose_last_bet_won_was_deleted(tmp_path: Path) -> Path:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    tamper(db, "DELETE FROM events WHERE seq = ?", last_seq(db))  # the BetWon of action 7
    return db


# --- 4. an action cut short ---------------------------------------------------------------

def test_an_action_records_how_many_rows_it_has(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    firsts = {action: json.loads(payload) for seq, action, kind, payload in rows_of(db)
              if kind.startswith("Action")}
    counted = {action: sum(1 for _, a, _, _ in rows_of(db) if a == action)
               for action in firsts}
    assert {action: first["rows"] for action, first in firsts.items()} == counted
    assert counted[BO_WINS] == 3


def test_a_deleted_last_row_is_named_by_verify(tmp_path: Path) -> None:
    db = _a_night_whose_last_bet_won_was_deleted(tmp_path)
    first_row = next(seq for seq, action, _, _ in rows_of(db) if action == BO_WINS)
    done = companion(db, "verify")
    _quiet(done)
    assert done.returncode == 1, done.stdout
    assert done.stdout.strip() == (
        f"night 1: BROKEN at row {first_row} (night 1, action 7, ActionTaken): its action has "
        "2 of the 3 rows its first row counts (rows were deleted or added).")


def test_a_night_with_an_action_cut_short_shows_the_whole_actions_before_it(
        tmp_path: Path) -> None:
    db = _a_night_whose_last_bet_won_was_deleted(tmp_path)
    done = companion(db, "state", "--json")
    _quiet(done)
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    assert view["last_action"] == 6 and view["bet"] == 3  # Bo's bet, the third card to come
    assert "8s" not in view["seen"]
    assert done.stderr.startswith("Warning: The log of night 1 does not verify: row ")
    assert "What is shown is the night up to action 6, the last whole action" in done.stderr


def test_no_second_third_card_is_written_onto_an_action_cut_short(tmp_path: Path) -> None:
    db = _a_night_whose_last_bet_won_was_deleted(tmp_path)
    rows = row_count(db)
    for accept in ((), ("--accept-broken-chain",)):
        done = companion(db, "exec", *accept, "-",
                         stdin=json.dumps({"cmd": "card", "card": "2s"}) + "\n")
        _quiet(done)
        assert done.returncode == 2, done.stdout
        assert "companion export" in done.stderr and "import" in done.stderr
    assert row_count(db) == rows


def test_what_stands_before_an_action_cut_short_is_exported_and_goes_on_imported(
        tmp_path: Path) -> None:
    db = _a_night_whose_last_bet_won_was_deleted(tmp_path)
    done = companion(db, "export")
    _quiet(done)
    assert done.returncode == 0, done.stderr
    assert "The export stops before action 7: " in done.stderr
    other = tmp_path / "other.db"
    imported = companion(other, "import", "-", stdin=done.stdout)
    assert imported.returncode == 0, imported.stderr
    play(other, {"cmd": "card", "card": "8s"})  # Bo's third card, entered again
    assert companion(other, "verify").returncode == 0
    assert state(other)["players"]["Bo"]["chips"] == 103


def _an_old_night(db: Path) -> None:
    """NIGHT as the companion wrote it before an action counted its rows (records of
    version 1, without `rows`)."""
    from engine.commands import as_json
    from engine.contract import parse
    from events.history import History

    store = Store.open(db, create=True)
    history, night = History(), None
    try:
        for command in NIGHT:
            plan = history.plan(parse(command))
            assert not hasattr(plan, "reason"), plan
            record, *events = plan.rows
            kind, _, payload = record
            old = json.loads(payload)
            del old["rows"]
            assert old == {"command": as_json(parse(command))}
            night = store.append(night, plan.action, [(kind, 1, old), *events])
            history.commit(plan)
    finally:
        store.close()


def test_an_old_log_without_counts_opens_verifies_and_goes_on_counted(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _an_old_night(db)
    assert companion(db, "verify").returncode == 0
    assert state(db)["last_action"] == 6
    play(db, {"cmd": "card", "card": "8s"})  # written today: counted
    assert companion(db, "verify").returncode == 0
    first = next(json.loads(p) for _, a, k, p in rows_of(db) if a == BO_WINS and k == "ActionTaken")
    assert first["rows"] == 3
    tamper(db, "DELETE FROM events WHERE seq = ?", last_seq(db))
    assert companion(db, "verify").returncode == 1


def test_an_old_log_missing_the_end_of_an_action_exports_the_whole_actions_before_it(
        tmp_path: Path) -> None:
    """Without a count, a row missing at the end of an action shows where the next action
    no longer follows: the export leaves out the action that may have lost it."""
    db = tmp_path / "old.db"
    _an_old_night(db)
    king = next(seq for seq, a, kind, _ in rows_of(db) if a == 5 and kind == "CardDealt")
    tamper(db, "DELETE FROM events WHERE seq = ?", king)
    assert companion(db, "verify").returncode == 1
    exported = companion(db, "export")
    assert "The export stops before action 5: " in exported.stderr
    imported = companion(tmp_path / "other.db", "import", "-", stdin=exported.stdout)
    assert imported.returncode == 0, imported.stderr


# --- 5. rows that no longer read ------------------------------------------------------------

def _first_row_of(db: Path, action: int) -> int:
    return next(seq for seq, a, _, _ in rows_of(db) if a == action)


DAMAGE: dict[str, Any] = {
    # Bo's king (action 5) no longer reads as a command.
    "a record that no longer decodes": lambda db: tamper(
        db, "UPDATE events SET payload = '{\"comand\":{}}' WHERE seq = ?",
        _first_row_of(db, 5)),
    "a payload of the wrong shape": lambda db: tamper(
        db, "UPDATE events SET payload = '[1, 2]' WHERE seq = ?", _first_row_of(db, 5) + 1),
    "a payload that is no JSON": lambda db: tamper(
        db, "UPDATE events SET payload = 'K of diamonds' WHERE seq = ?", _first_row_of(db, 5)),
    "a deleted record in the middle": lambda db: tamper(
        db, "DELETE FROM events WHERE seq = ?", _first_row_of(db, 5)),
    "a deleted event in the middle": lambda db: tamper(
        db, "DELETE FROM events WHERE seq = ?", _first_row_of(db, 5) + 1),
    "a whole action deleted in the middle": lambda db: tamper(
        db, "DELETE FROM events WHERE action = 5"),
    "a row added to an action": lambda db: tamper(
        db, "INSERT INTO events (night, action, type, version, payload, created_at, "
            "prev_hash, hash) SELECT night, action, 'BetWon', 1, "
            "'{\"amount\":90,\"ends_turn\":true,\"player\":\"Bo\"}', created_at, hash, hash "
            "FROM events WHERE seq = ?", _first_row_of(db, 5) + 1),
}


@pytest.mark.parametrize("case", list(DAMAGE))
def test_a_damaged_night_opens_as_far_as_its_last_whole_action(tmp_path: Path,
                                                               case: str) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    DAMAGE[case](db)
    done = companion(db, "verify")
    _quiet(done)
    assert done.returncode == 1 and "BROKEN at row " in done.stdout, done.stdout
    assert "(night 1, action 5" in done.stdout or "(night 1, action 6" in done.stdout
    for reading in (("state", "--json"), ("log",), ("export",)):
        done = companion(db, *reading)
        _quiet(done)
        assert done.returncode == 0, (reading, done.stderr)
        assert "does not verify" in done.stderr
    view = state(db)
    assert view["last_action"] == 4  # up to Cy's first card
    assert view["expect"]["slot"] == "second"


@pytest.mark.parametrize("case", list(DAMAGE))
def test_the_way_out_of_a_damaged_night_is_its_export(tmp_path: Path, case: str) -> None:
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    DAMAGE[case](db)
    done = companion(db, "exec", "--accept-broken-chain", "-",
                     stdin=json.dumps({"cmd": "card", "card": "Kd"}) + "\n")
    _quiet(done)
    assert done.returncode == 2
    assert "companion export" in done.stderr
    exported = companion(db, "export")
    _quiet(exported)
    assert "The export stops before action 5: " in exported.stderr
    other = tmp_path / "other.db"
    imported = companion(other, "import", "-", stdin=exported.stdout)
    assert imported.returncode == 0, imported.stderr
    play(other, *WHOLE_TURN[4:])  # Bo's king, the bet and the third card again
    assert companion(other, "verify").returncode == 0


def test_a_changed_row_that_still_reads_is_shown_as_stored(tmp_path: Path) -> None:
    """A forged value is a break, but the night still replays: it is shown as it is stored
    (the dealer sees what the forgery says) and written on once the break is accepted."""
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    tamper(db, "UPDATE events SET payload = replace(payload, '\"8s\"', '\"7s\"') "
               "WHERE seq = ?", last_seq(db) - 1)
    view = state(db)
    assert view["last_action"] == 7 and "7s" in view["seen"]



# Bo's king (action 5) changed and the chain computed again over what it then says (the
# chain is no secret): the hashes hold, but the action no longer reads, or no longer reads
# as an import reads it.
FORGED: dict[str, Any] = {
    "a record without its command": lambda db: forge(
        db, 1, "UPDATE events SET payload = '{\"comand\":{},\"rows\":2}' WHERE seq = ?",
        _first_row_of(db, 5)),
    "a payload that is no JSON": lambda db: forge(
        db, 1, "UPDATE events SET payload = 'K of diamonds' WHERE seq = ?",
        _first_row_of(db, 5) + 1),
    "an event lacking a field": lambda db: forge(
        db, 1, "UPDATE events SET payload = '{\"card\":\"Kd\"}' WHERE seq = ?",
        _first_row_of(db, 5) + 1),
    "an event of no known type": lambda db: forge(
        db, 1, "UPDATE events SET type = 'Bogus' WHERE seq = ?", _first_row_of(db, 5) + 1),
    "an event of a version to come": lambda db: forge(
        db, 1, "UPDATE events SET version = 7 WHERE seq = ?", _first_row_of(db, 5) + 1),
    "a command the rules refuse": lambda db: forge(
        db, 1, "UPDATE events SET payload = replace(payload, '\"Kd\"', '\"Zz\"') "
               "WHERE seq = ?", _first_row_of(db, 5)),
    "a field no row has": lambda db: forge(
        db, 1, "UPDATE events SET payload = replace(payload, '{', '{\"note\":1,') "
               "WHERE seq = ?", _first_row_of(db, 5) + 1),
    "a payload not as the companion writes it": lambda db: forge(
        db, 1, "UPDATE events SET payload = replace(payload, ',', ', ') WHERE seq = ?",
        _first_row_of(db, 5) + 1),
}


@pytest.mark.parametrize("case", list(FORGED))
def test_a_forged_night_that_no_longer_reads_exports_what_stands_before_it(
        tmp_path: Path, case: str) -> None:
    """The way out holds where the chain does: the export stops before the action that
    does not read as an import reads it, says so, and what it writes imports."""
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    FORGED[case](db)
    exported = companion(db, "export")
    _quiet(exported)
    assert exported.returncode == 0, exported.stderr
    assert "The export stops before action 5: " in exported.stderr, exported.stderr
    other = tmp_path / "other.db"
    imported = companion(other, "import", "-", stdin=exported.stdout)
    assert imported.returncode == 0, imported.stderr
    assert state(other)["last_action"] == 4
    play(other, *WHOLE_TURN[4:])  # Bo's king, the bet and the third card again
    assert companion(other, "verify").returncode == 0


@pytest.mark.parametrize("case", [case for case in FORGED if case not in (
    # These still replay (an open folds the stored events, not the command or the extra
    # field): only an import, deciding every action again, refuses them.
    "a command the rules refuse", "a field no row has", "a payload not as the companion "
    "writes it")])
def test_verify_names_the_action_an_open_cannot_replay_though_the_chain_holds(
        tmp_path: Path, case: str) -> None:
    """Every open says `companion verify` names the break: it does, for an action that
    cannot be replayed as for a row that breaks the chain."""
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    FORGED[case](db)
    warned = companion(db, "state", "--json").stderr
    assert "cannot be replayed" in warned and "`companion verify` names the break" in warned
    done = companion(db, "verify")
    _quiet(done)
    assert done.returncode == 1, done.stdout
    assert done.stdout.startswith("night 1: BROKEN at action 5: action 5 cannot be replayed: ")

# --- 6. the history lists a broken night as such, and the others as usual ---------------------

def _two_nights(tmp_path: Path) -> Path:
    db = tmp_path / "table.db"
    for name in ("First", "Second"):
        play(db, {**NIGHT[0], "name": name, "chip_value": "0.10", "currency": "EUR"},
             *WHOLE_TURN[1:], {"cmd": "end_night", "carry": True})
    return db


@pytest.mark.parametrize("damage", ["a record that no longer decodes",
                                    "a deleted event in the middle"])
def test_one_damaged_night_never_hides_the_others(tmp_path: Path, damage: str) -> None:
    db = _two_nights(tmp_path)
    companion(db, "nights")  # the records are kept: what follows reads them
    DAMAGE[damage](db)
    done = companion(db, "nights")
    _quiet(done)
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()[1:]
    assert first.split()[0] == "1" and " broken " in f" {first} "
    assert first.split()[-1] == "—"  # no fingerprint vouches for a broken night
    assert second.split()[0] == "2" and " carried " in f" {second} "
    assert re.fullmatch(r"\d+-[0-9a-f]{16}", second.split()[-1])  # its fingerprint
    assert "night 1" in done.stderr and "does not verify" in done.stderr
    nights = json.loads(companion(db, "nights", "--format", "json").stdout)["nights"]
    assert [n["status"] for n in nights] == ["broken", "carried"]
    assert nights[0]["broken"].startswith("row ") and nights[1]["broken"] is None
    for args in (("standings",), ("standings", "--format", "json"), ("settle", "--open"),
                 ("settle", "--open", "--format", "json")):
        done = companion(db, *args)
        _quiet(done)
        assert done.returncode == 0, (args, done.stderr)
        assert "night 1" in done.stderr.lower() and "does not verify" in done.stderr, args
    standings = json.loads(companion(db, "standings", "--format", "json").stdout)
    assert standings["broken_nights"] == [1]
    assert {p["name"]: p["nights"] for p in standings["players"]}["Bo"] == 2
    balances = json.loads(companion(db, "settle", "--open", "--format", "json").stdout)
    # What night 1 carried lies beyond its break: it is not counted, and it is said.
    assert balances["nights"] == [2] and balances["broken_nights"] == [1]
    text = companion(db, "settle", "--open").stdout
    assert "Night 1 does not verify" in " ".join(text.split())



def test_a_forged_night_whose_chips_do_not_add_up_is_listed_broken_beside_the_others(
        tmp_path: Path) -> None:
    """Ann's stake becomes a bet she won, and the chain is computed again: the hashes hold
    and the night replays, but its chips do not add up, which the rules never make. The
    history marks it broken and lists the other night as usual; its settlement is refused
    in a sentence."""
    db = _two_nights(tmp_path)
    staked = next(seq for seq, _, kind, _ in rows_of(db) if kind == "Staked")
    forge(db, 1, "UPDATE events SET type = 'BetWon' WHERE seq = ?", staked)
    for args in (("nights",), ("nights", "--format", "json"), ("standings",),
                 ("settle", "--open")):
        done = companion(db, *args)
        _quiet(done)
        assert done.returncode == 0, (args, done.stderr)
        assert "night 1 does not verify: its chips do not add up" in done.stderr, args
    first, second = companion(db, "nights").stdout.splitlines()[1:]
    assert " broken " in f" {first} " and " carried " in f" {second} "
    standings = json.loads(companion(db, "standings", "--format", "json").stdout)
    assert standings["broken_nights"] == [1]
    done = companion(db, "--night", "1", "settle")
    _quiet(done)
    assert done.returncode == 2 and done.stderr == (
        "Night 1 cannot be settled: its chips do not add up, which the rules never make: "
        "its log was changed.\n")

def test_a_night_forged_after_its_record_was_kept_is_marked_broken(tmp_path: Path) -> None:
    """The record kept at the night's end is not trusted once the guards were dropped: the
    forged bet is found and the night marked."""
    db = _two_nights(tmp_path)
    assert " broken " not in companion(db, "nights").stdout
    seq = next(seq for seq, _, kind, _ in rows_of(db) if kind == "BetWon")
    tamper(db, "UPDATE events SET payload = replace(payload, '\"amount\":3', "
               "'\"amount\":90') WHERE seq = ?", seq)
    done = companion(db, "nights")
    _quiet(done)
    first, second = done.stdout.splitlines()[1:]
    assert " broken " in f" {first} " and " broken " not in f" {second} "


def test_replacing_a_row_is_refused_like_changing_one(tmp_path: Path) -> None:
    """INSERT OR REPLACE deletes the row it replaces without asking the delete guard: the
    log refuses it too."""
    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    with sqlite3.connect(db) as conn, pytest.raises(sqlite3.IntegrityError,
                                                     match="append-only"):
        conn.execute("INSERT OR REPLACE INTO events (seq, night, action, type, version, "
                     "payload, created_at, prev_hash, hash) SELECT seq, night, action, type, "
                     "version, '{}', created_at, prev_hash, hash FROM events WHERE seq = 3")
    assert companion(db, "verify").returncode == 0


def test_the_history_screen_marks_a_broken_night(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    from screens.history import HistoryScreen
    from tests.pilot import app as _app
    from tests.pilot import text

    db = _two_nights(tmp_path)
    DAMAGE["a record that no longer decodes"](db)
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10})

    async def look() -> None:
        async with _app(db).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            assert isinstance(pilot.app.screen, HistoryScreen)
            table = pilot.app.screen.query_one("#nights-table", DataTable)
            states = [str(table.get_row_at(i)[7]) for i in range(table.row_count)]
            assert states == ["open", "carried", "broken"]  # newest first
            await pilot.press("tab")
            await pilot.pause()
            assert "night 1" in text(pilot, "#standings-period").lower()
            await pilot.press("tab")
            await pilot.pause()
            assert "does not verify" in text(pilot, "#open-balances")

    asyncio.run(look())


def test_a_damaged_night_replays_as_far_as_it_reads(tmp_path: Path) -> None:
    """F5, Enter on a broken night: its actions up to the break, one frame each."""
    from companion.table import TableController

    db = tmp_path / "night.db"
    play(db, *WHOLE_TURN)
    DAMAGE["a record that no longer decodes"](db)
    controller = TableController.open_reading(db, 1)
    try:
        assert [action for action, _ in controller.replay(1)] == [1, 2, 3, 4]
    finally:
        controller.close()


@pytest.mark.parametrize("when", ["yesterday", "2026-01-01T20:00:00+00:00" + " " * 500_000],
                         ids=["a word", "500,000 characters"])
def test_a_night_whose_time_is_no_time_is_listed_broken_beside_the_others(
        tmp_path: Path, when: str) -> None:
    db = _two_nights(tmp_path)
    tamper(db, "UPDATE events SET created_at = ? WHERE night = 1", when)
    for args in (("nights",), ("nights", "--format", "json"), ("standings",),
                 ("settle", "--open")):
        done = companion(db, *args)
        _quiet(done)
        assert done.returncode == 0, (args, done.stderr)
        assert "night 1" in done.stderr.lower() and "does not verify" in done.stderr
        assert len(done.stderr) < 2000, "a long value is quoted by a short start"
    # A period leaves out the night whose time does not read: nothing says when it was.
    done = companion(db, "standings", "--from", "2020-01-01")
    assert done.returncode == 0 and "Bo " in done.stdout and not done.stderr
    first, second = companion(db, "nights").stdout.splitlines()[1:]
    assert " broken " in f" {first} " and " carried " in f" {second} "


# --- whatever the damage --------------------------------------------------------------------

READERS: dict[tuple[str, ...], set[int]] = {
    ("verify",): {0, 1}, ("state", "--json"): {0, 2}, ("log",): {0, 2}, ("export",): {0, 2},
    ("nights", "--format", "json"): {0}, ("standings",): {0}, ("settle", "--open"): {0, 2},
    ("exec", "--accept-broken-chain", "-"): {0, 2}}
COLUMNS = ("night", "action", "type", "version", "payload", "created_at", "prev_hash", "hash")
VALUES = (0, -1, 2, 2**63 - 1, 1.5, "", "ActionTaken", "BetWon", "{}", "[]", "null",
          '{"command":{}}', '{"command":{"cmd":"pass"},"rows":1}', '{"rows":0}',
          "2026-13-01", "\x00")


@pytest.fixture(scope="module")
def two_nights(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A night with an undo, a redo and a correction, ended; then a night under way."""
    db = tmp_path_factory.mktemp("damage") / "table.db"
    play(db, *WHOLE_TURN, {"cmd": "undo"}, {"cmd": "redo"},
         {"cmd": "correct", "action": 7, "command": {"cmd": "card", "card": "2s"}},
         {"cmd": "end_night"}, *NIGHT)
    return db


CHANGES = st.lists(st.tuples(st.integers(0, 60), st.sampled_from((None, *COLUMNS)),
                             st.sampled_from(VALUES)), min_size=1, max_size=3)


@pytest.mark.properties
@settings(deadline=None, max_examples=examples(6, long=400),
          suppress_health_check=[HealthCheck.too_slow])
@given(changes=CHANGES)
@example(changes=[(25, "prev_hash", 0)])  # a night broken where it still reads: accepted
def test_whatever_the_damage_every_command_answers_and_the_export_imports(
        two_nights: Path, changes: list[tuple[int, str | None, Any]]) -> None:
    """Rows deleted or a field of theirs changed (None: the row deleted), anywhere in two
    nights: every command answers (a refusal in one sentence, beside the warning that a
    night does not verify), and what `export` writes imports."""
    _every_command_answers(two_nights, changes, forged=False)


@pytest.mark.properties
@settings(deadline=None, max_examples=examples(6, long=400),
          suppress_health_check=[HealthCheck.too_slow])
@given(changes=CHANGES)
@example(changes=[(9, "payload", '{"rows":2}')])  # Cy's first card's record, no command
def test_whatever_the_damage_with_the_chain_computed_again_the_export_imports(
        two_nights: Path, changes: list[tuple[int, str | None, Any]]) -> None:
    """The same damage, and then each night's chain computed again over what its rows say
    (the chain is no secret): where the hashes hold but a row no longer reads, or no longer
    reads as an import reads it, every command still answers and what `export` writes
    imports."""
    _every_command_answers(two_nights, changes, forged=True)


def _every_command_answers(two_nights: Path, changes: list[tuple[int, str | None, Any]],
                           forged: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "table.db"
        shutil.copyfile(two_nights, db)
        seqs = [seq for night in (1, 2) for seq, *_ in rows_of(db, night)]
        for index, column, value in changes:
            seq = seqs[index % len(seqs)]
            if column is None:
                tamper(db, "DELETE FROM events WHERE seq = ?", seq)
                continue
            with contextlib.suppress(sqlite3.Error):  # STRICT refuses some: as it would
                tamper(db, f"UPDATE events SET {column} = ? WHERE seq = ?", value, seq)
        if forged:
            for night in (1, 2):
                forge(db, night, "SELECT 1")
        for args, codes in READERS.items():
            done = companion(db, *args, stdin=json.dumps({"cmd": "pass"}) + "\n")
            _quiet(done)
            assert "Something went wrong" not in done.stderr, (args, done.stderr)
            assert done.returncode in codes, (args, done.returncode, done.stderr)
            said = [line for line in done.stderr.splitlines()
                    if not line.startswith("Warning: ")]
            if done.returncode == 2:
                assert len(said) == 1, (args, done.stderr)
            if args == ("export",) and done.returncode == 0 and '"prev_hash"' in done.stdout:
                imported = companion(Path(folder) / "other.db", "import", "-",
                                     stdin=done.stdout)
                assert imported.returncode == 0, imported.stderr


def test_the_screen_on_a_night_cut_short_says_to_export_and_asks_nothing(
        tmp_path: Path) -> None:
    from tests.pilot import app as _app
    from tests.pilot import on_disk

    db = _a_night_whose_last_bet_won_was_deleted(tmp_path)

    async def look() -> None:
        app = _app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"  # no question to accept
            banner = str(app.screen.query_one("#banner").render())
            assert "the last whole action before the break" in banner
            assert "Nothing can be written onto it: export what remains" in banner
            # The prompt asks for nothing: no third card a dealer would type in vain.
            entry = str(app.screen.query_one("#entry").render())
            assert "nothing can be entered on this night" in entry
            assert "third card" not in entry
            await pilot.press("2")  # Bo's third card again: refused, with the way out
            await pilot.pause()
            assert "companion export" in str(app.screen.query_one("#entry").render())
            await pilot.press("f3")  # mid-turn: no settlement, and the way to one
            await pilot.pause()
            title = str(app.screen.query_one("#settle-title").render())
            assert "cannot be settled right now" in title
            assert "play the turn out on the imported night" in title

    asyncio.run(look())
    assert on_disk(db)["last_action"] == 6
