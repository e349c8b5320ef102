"""Faults at the table: kills, tampering, second windows, bad files, full disks, refusals.

Every test works on real SQLite files under tmp_path and drives the real CLI as a
subprocess, except where a fault can only be staged in-process (a full disk, a held
night lock). DESIGN.md promises: a crash at any moment leaves whole actions only, verify
names the first broken row, one writer per night, bad input gives one sentence and exit
status 2 (never a traceback), and a rejected command records nothing.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.logtext import log_lines
from engine import night as night_rules
from engine.commands import as_json
from engine.rejection import Rejection
from engine.table import NightState
from events.history import History
from events.session import Done, NightSession, latest_night, load_history
from events.store import Store, StoreError
from tests import cli
from tests.decoded import executed, planned
from tests.hypo import examples
from tests.table import on_the_table

CLI = [sys.executable, "-c", "from companion.cli import main; raise SystemExit(main())"]
PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL_CARDS = tuple(rank + suit for rank in RANKS for suit in "cdhs")
READ_COMMANDS = (("state", "--json"), ("log",), ("verify",))
ALL_COMMANDS = READ_COMMANDS + (("exec", "-"),)
START_NIGHT = {"cmd": "start_night", "players": PLAYERS, "chips": 1000}


# --- running the CLI ------------------------------------------------------------------------

def companion(db: Path, *args: str, stdin: str | bytes | None = None,
              timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real CLI as a process of its own, with `--db db` (forked from the tests' zygote:
    these tests are about files, not about the interpreter starting; the kills below start
    a fresh one, since a kill during start-up is one of their moments)."""
    return cli.companion(db, *args, stdin=stdin, timeout=timeout)


def companion_all(db: Path, commands: tuple[tuple[str, ...], ...],
                  stdin: str = "") -> dict[str, subprocess.CompletedProcess[str]]:
    """Several CLI commands against the same file, one after the other."""
    return {args[0]: companion(db, *args, stdin=stdin) for args in commands}


def lines_of(*commands: Any) -> str:
    return "".join(json.dumps(c) + "\n" for c in commands)


def assert_refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """Exit status 2 and exactly one sentence on stderr, no traceback anywhere."""
    where = f"{done.args[-2:]}: rc={done.returncode} stdout={done.stdout!r} stderr={done.stderr!r}"
    assert done.returncode == 2, where
    assert "Traceback" not in done.stdout and "Traceback" not in done.stderr, where
    message = done.stderr.strip()
    assert message, where
    assert len(message.splitlines()) == 1, where
    assert "Something went wrong" not in message, where
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in the message; {where}"
    return message


def row_count(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        (count,) = conn.execute("SELECT COUNT(*) FROM events").fetchone()
    finally:
        conn.close()
    return int(count)


def state_of(db: Path) -> dict[str, Any]:
    done = companion(db, "state", "--json")
    assert done.returncode == 0, done.stderr
    doc: dict[str, Any] = json.loads(done.stdout)
    return doc


def _state_in_process(db: Path) -> dict[str, Any]:
    """What `verify` and `state --json` check, without starting two processes."""
    store = Store.open(db, create=False)
    try:
        for night in store.nights():
            assert store.verify(night)[1] is None
    finally:
        store.close()
    session = NightSession.open(db, write=False)
    try:
        return session.view()
    finally:
        session.close()


def assert_intact(db: Path) -> None:
    done = companion(db, "verify")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines and all(re.fullmatch(r"night \d+: \d+ rows, hash chain intact, fingerprint "
                                      r"\d+-[0-9a-f]{16}", line) for line in lines), done.stdout


# --- a valid In-Between night, generated with the engine itself -----------------------------

def next_command(state: NightState, rng: random.Random) -> dict[str, Any]:
    """A command the rules accept now: unseen cards, passes and small bets."""
    expected: dict[str, Any] = night_rules.expect(state)
    kind = expected["kind"]
    if kind in ("start_night", "night_over"):
        return dict(START_NIGHT)
    if kind == "start_game":
        broke = [p.name for p in state.present if p.chips <= 0]
        if broke:
            return {"cmd": "rebuy", "player": broke[0], "chips": 500}
        return {"cmd": "start_game", "game": "in-between", "dealer": state.present[0].name,
                "options": {"stake": 20, "rounds": 1000}}
    command: dict[str, Any]
    if kind == "card":
        seen = {str(card) for card in on_the_table(state).deck.cards}
        command = {"cmd": "card", "card": rng.choice([c for c in ALL_CARDS if c not in seen])}
    elif kind == "bet":
        if expected["max"] > 0 and rng.random() < 0.4:
            command = {"cmd": "bet", "amount": rng.randint(1, min(expected["max"], 10))}
        else:
            command = {"cmd": "pass"}
    else:  # a halted game: nobody left to bet against the dealer
        return {"cmd": "end_game"}
    if rng.random() < 0.1:
        command["player"] = expected["player"]  # the optional mis-entry check
    return command


def generate(history: History, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """`count` valid commands continuing `history` (which is advanced in memory)."""
    commands = []
    for _ in range(count):
        command = next_command(history.state, rng)
        if command["cmd"] == "start_night" and history.records:
            history = History()
        plan = planned(history, command)
        assert not isinstance(plan, Rejection), (command, plan)
        history.commit(plan)
        commands.append(command)
    return commands


def write_night(db: Path, actions: int, seed: int = 7) -> list[dict[str, Any]]:
    commands = generate(History(), actions, random.Random(seed))
    done = companion(db, "exec", "-", stdin=lines_of(*commands))
    assert done.returncode == 0, done.stderr
    return commands


@pytest.fixture
def demo_db(tmp_path: Path) -> Path:
    """The demo night (31 actions; Dan is about to bet on 5♥ J♦)."""
    db = tmp_path / "demo.db"
    done = companion(db, "demo")
    assert done.returncode == 0, done.stderr
    return db


# --- 1. SIGKILL at random moments -----------------------------------------------------------

KILLS = examples(12, long=1000)  # a thousand in the long search (-m properties, explore)
THROUGH_THE_CLI_EVERY = 5  # kills; in between, the same checks in this process
PER_EXEC = 1500  # more than an exec gets through before it is killed (doubled if not)
NEW_NIGHT_AFTER = 1200  # keeps each deep replay short


def _printed(out_file: Path) -> list[str]:
    """The complete lines an exec printed; a line cut by the kill is not a promise."""
    text = out_file.read_text(encoding="utf-8", errors="replace")
    lines = text.split("\n")[:-1]  # whatever follows the last newline is incomplete
    for line in lines:
        assert len(line) > 7 and line[:5].strip().isdigit() and line[5:7] == "  ", line
    return lines


def _wait_for_output(out_file: Path, proc: subprocess.Popen[bytes], limit: float = 20) -> None:
    deadline = time.monotonic() + limit
    while out_file.stat().st_size == 0 and proc.poll() is None:
        assert time.monotonic() < deadline, "exec printed nothing"
        time.sleep(0.002)


@pytest.mark.properties
def test_a_dealer_killed_at_random_moments_loses_only_whole_actions(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    rng = random.Random(1952)
    write_night(db, 30, seed=1)  # a night to continue from the very first kill on
    started = time.monotonic()
    per_exec = PER_EXEC
    kills = attempts = mid_write_kills = unprinted = nights = written = 0
    while kills < KILLS:
        attempts += 1
        assert attempts <= 3 * KILLS, f"only {kills} kills in {attempts} attempts"

        store = Store.open(db, create=False)
        try:
            night = latest_night(store, open_only=False)
            assert night is not None
            history = load_history(store, night)
        finally:
            store.close()
        fresh = history.last_action >= NEW_NIGHT_AFTER
        base = 0 if fresh else history.last_action
        commands = generate(History() if fresh else history, per_exec, rng)
        commands_file = tmp_path / "commands.jsonl"
        commands_file.write_text(lines_of(*commands), encoding="utf-8")
        out_file = tmp_path / f"out-{attempts}.txt"
        err_file = tmp_path / f"err-{attempts}.txt"

        with open(commands_file, "rb") as stdin, open(out_file, "wb") as out, \
                open(err_file, "wb") as err:
            proc = subprocess.Popen([*CLI, "--db", str(db), "exec", "-"],
                                    stdin=stdin, stdout=out, stderr=err)
        if attempts % 5 == 0:  # anywhere: while starting, opening, replaying or writing
            time.sleep(rng.uniform(0.0, 0.3))
        else:  # while actions are being written (a few milliseconds each)
            _wait_for_output(out_file, proc)
            time.sleep(rng.uniform(0.0, 0.05))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.returncode in (0, -signal.SIGKILL), err_file.read_text()
        killed = proc.returncode == -signal.SIGKILL
        kills += killed
        if not killed:  # a fast disk: the exec got through everything before the kill
            per_exec = min(2 * per_exec, 16 * PER_EXEC)
        printed = _printed(out_file)
        mid_write_kills += killed and bool(printed)

        # The chain is whole and the night replays (through the CLI every few kills).
        if kills % THROUGH_THE_CLI_EVERY == 0:
            assert_intact(db)
            view = state_of(db)
        else:
            view = _state_in_process(db)
        now_night, last = view["night"], view["last_action"]

        # Deep replay: every stored action is decided again and gives the stored events.
        store = Store.open(db, create=False)
        try:
            replayed = load_history(store, now_night, check=True)
        finally:
            store.close()
        assert replayed.last_action == last

        if fresh and now_night == night:  # the kill came before start_night was stored
            assert printed == []
            stored_new = 0
        else:
            assert now_night == (night + 1 if fresh else night)
            stored_new = last - base
        # Everything printed is stored, and at most the one action after it besides.
        numbers = [int(line[:5]) for line in printed]
        assert numbers == list(range(base + 1, base + 1 + len(printed)))
        assert len(printed) <= stored_new <= len(printed) + (1 if killed else 0), (
            f"printed {len(printed)} actions, stored {stored_new}; killed={killed}")
        unprinted += stored_new - len(printed)  # killed between COMMIT and print
        nights += fresh and stored_new > 0
        written += stored_new
        # The stored actions are exactly the commands sent, in order, and the log agrees
        # with what exec printed.
        if stored_new:
            stored = [as_json(record.command) for record in replayed.records[base:]
                      if record.command is not None]
            assert stored == commands[:stored_new]
            assert list(log_lines(replayed))[base:base + len(printed)] == printed
        out_file.unlink()
        err_file.unlink()

    print(f"{kills} kills in {attempts} runs, {mid_write_kills} while writing, "
          f"{unprinted} just after a commit; {written} actions in {nights + 1} nights; "
          f"{time.monotonic() - started:.1f} s")
    assert mid_write_kills >= KILLS // 2, f"only {mid_write_kills} kills hit a writing exec"


# --- 2. verify names a tampered row ---------------------------------------------------------

def test_a_tampered_bet_is_named_by_verify(demo_db: Path) -> None:
    assert companion(demo_db, "exec", "-", stdin=lines_of(START_NIGHT)).returncode == 0
    conn = sqlite3.connect(demo_db, isolation_level=None)
    try:
        seq, action, payload = conn.execute(
            "SELECT seq, action, payload FROM events WHERE night = 1 AND type = 'BetWon' "
            "ORDER BY seq LIMIT 1").fetchone()
        conn.execute("DROP TRIGGER events_no_update")
        forged = json.dumps({**json.loads(payload), "amount": 500})
        conn.execute("UPDATE events SET payload = ? WHERE seq = ?", (forged, seq))
    finally:
        conn.close()

    done = companion(demo_db, "verify")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    night_one, night_two = done.stdout.strip().splitlines()
    assert f"row {seq} (night 1, action {action}, BetWon):" in night_one
    assert "BROKEN" in night_one
    assert night_two.startswith("night 2: ") and "hash chain intact" in night_two

    # The rules, deciding again, disagree with the forged row too.
    store = Store.open(demo_db, create=False)
    try:
        with pytest.raises(StoreError, match=f"action {action}"):
            load_history(store, 1, check=True)
    finally:
        store.close()


def test_a_removed_row_is_noticed_at_the_row_after_it(demo_db: Path) -> None:
    conn = sqlite3.connect(demo_db, isolation_level=None)
    try:
        seq, = conn.execute("SELECT seq FROM events WHERE type = 'BetLost' LIMIT 1").fetchone()
        after_seq, after_action, after_type = conn.execute(
            "SELECT seq, action, type FROM events WHERE seq > ? ORDER BY seq LIMIT 1",
            (seq,)).fetchone()
        conn.execute("DROP TRIGGER events_no_delete")
        conn.execute("DELETE FROM events WHERE seq = ?", (seq,))
    finally:
        conn.close()
    done = companion(demo_db, "verify")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"row {after_seq} (night 1, action {after_action}, {after_type}):" in done.stdout


# --- 3. append-only at the database level ---------------------------------------------------

def test_the_log_refuses_updates_and_deletes_and_is_strict_and_wal(demo_db: Path) -> None:
    before = row_count(demo_db)
    conn = sqlite3.connect(demo_db, isolation_level=None)
    try:
        for sql in ("UPDATE events SET payload = '{}' WHERE seq = 3",
                    "UPDATE events SET night = 2",
                    "DELETE FROM events WHERE seq = 3",
                    "DELETE FROM events"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(sql)
        # STRICT: a value of the wrong type is refused, not silently stored.
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("INSERT INTO events (night, action, type, version, payload, "
                         "created_at, prev_hash, hash) VALUES ('one', 1, 'x', 1, '{}', "
                         "'now', 'p', 'h')")
        (sql,) = conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").fetchone()
        assert "STRICT" in sql.upper()
        triggers = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'")}
        assert {"events_no_update", "events_no_delete"} <= triggers
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.close()
    store = Store.open(demo_db, create=False)
    try:
        assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        store.close()
    assert row_count(demo_db) == before
    assert_intact(demo_db)


# --- 4. one writer per night ----------------------------------------------------------------

def test_a_second_window_on_the_same_night_is_read_only(demo_db: Path) -> None:
    before_rows = row_count(demo_db)
    before_log = companion(demo_db, "log").stdout
    first = NightSession.open(demo_db, write=True)
    try:
        assert not first.read_only
        command = next_command(first.state, random.Random(3))
        done = companion(demo_db, "exec", "-", stdin=lines_of(command))
        message = assert_refused(done, "read-only", "another window")
        assert message.startswith("line 1:")
        assert row_count(demo_db) == before_rows
        assert companion(demo_db, "log").stdout == before_log
        # Reading is still fine while the first window writes.
        assert state_of(demo_db)["last_action"] == 31
        # And a second window in-process says the same.
        second = NightSession.open(demo_db, write=True)
        try:
            assert second.read_only and "another window" in str(second.read_only_reason)
            assert isinstance(executed(second, command), Rejection)
        finally:
            second.close()
    finally:
        first.close()

    done = companion(demo_db, "exec", "-", stdin=lines_of(command))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("   32  ")
    assert row_count(demo_db) > before_rows
    assert_intact(demo_db)


def test_a_second_window_through_a_symlink_is_read_only_too(demo_db: Path,
                                                            tmp_path: Path) -> None:
    """The same file under another name (a link in another folder) is the same night."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = elsewhere / "link.db"
    link.symlink_to(demo_db)
    before_rows = row_count(demo_db)
    first = NightSession.open(demo_db, write=True)
    try:
        command = next_command(first.state, random.Random(3))
        done = companion(link, "exec", "-", stdin=lines_of(command))
        assert_refused(done, "read-only", "another window")
        assert row_count(demo_db) == before_rows
        # The first window can still write.
        assert isinstance(executed(first, command), Done)
    finally:
        first.close()


# --- 5. bad files: one sentence, exit status 2, never a traceback ---------------------------

def _bad_random_bytes(tmp_path: Path) -> Path:
    path = tmp_path / "noise.db"
    path.write_bytes(os.urandom(4096))
    return path


def _bad_directory(tmp_path: Path) -> Path:
    path = tmp_path / "folder.db"
    path.mkdir()
    return path


def _bad_other_program(tmp_path: Path) -> Path:
    path = tmp_path / "contacts.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Anna', '0123')")
    conn.commit()
    conn.close()
    return path


def _bad_truncated_log(tmp_path: Path) -> Path:
    path = tmp_path / "cut.db"
    write_night(path, 200)
    assert not Path(f"{path}-wal").exists()  # everything is in the main file
    os.truncate(path, path.stat().st_size // 2)
    return path


def _bad_overwritten_log(tmp_path: Path) -> Path:
    path = tmp_path / "scribbled.db"
    write_night(path, 200)
    size = path.stat().st_size
    with open(path, "r+b") as file:
        file.seek(size // 2 // 4096 * 4096)
        file.write(os.urandom(8192))
    return path


BAD_FILES = {
    "random bytes": (_bad_random_bytes, "database"),
    "a directory": (_bad_directory, "folder"),
    "another program's database": (_bad_other_program, "another program"),
    "a log cut in half": (_bad_truncated_log, "database"),
    "a log with scribbled pages": (_bad_overwritten_log, "database"),
}


def _snapshot(path: Path) -> Any:
    if path.is_dir():
        return sorted(p.name for p in path.iterdir())
    return path.read_bytes()


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_file_gets_one_sentence_from_every_command(tmp_path: Path, case: str) -> None:
    make, word = BAD_FILES[case]
    path = make(tmp_path)
    before = _snapshot(path)
    results = companion_all(path, ALL_COMMANDS, stdin=lines_of(START_NIGHT))
    for name, done in results.items():
        assert_refused(done, word)
        assert not done.stdout.strip(), f"{name} printed {done.stdout!r}"
    assert _snapshot(path) == before, "a bad file was changed"


def test_a_missing_file_gets_one_sentence_and_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.db"
    for done in companion_all(path, READ_COMMANDS).values():
        assert_refused(done, "no database")
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_locked_database_is_named_locked_after_the_busy_wait(tmp_path: Path) -> None:
    """Two holders at once, to stay within ten seconds.

    `writing.db`: another program holds BEGIN EXCLUSIVE. Under WAL that shuts out writers
    only: exec waits the 5 s busy timeout and then says the file is locked, while the read
    commands still read. `shut.db`: the other program holds the file in exclusive locking
    mode, which shuts out readers too: every command says the file is locked.
    """
    writing, shut = tmp_path / "writing.db", tmp_path / "shut.db"
    write_night(writing, 40)
    write_night(shut, 40)
    rows = {writing: row_count(writing), shut: row_count(shut)}
    next_line = {}
    for db in (writing, shut):
        store = Store.open(db, create=False)
        try:
            history = load_history(store, 1)
        finally:
            store.close()
        next_line[db] = lines_of(next_command(history.state, random.Random(5)))

    holders = []
    try:
        holder = sqlite3.connect(writing, isolation_level=None)
        holders.append(holder)
        holder.execute("BEGIN EXCLUSIVE")
        holder = sqlite3.connect(shut, isolation_level=None)
        holders.append(holder)
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("SELECT COUNT(*) FROM events").fetchone()

        started = time.monotonic()
        running = []
        for db, commands in ((writing, ALL_COMMANDS), (shut, ALL_COMMANDS)):
            for args in commands:
                proc = subprocess.Popen([*CLI, "--db", str(db), *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
                running.append((db, args[0], proc))
        results = {}
        for db, name, proc in running:
            out, err = proc.communicate(next_line[db], timeout=30)
            results[db, name] = subprocess.CompletedProcess(proc.args, proc.returncode,
                                                            out, err)
        waited = time.monotonic() - started
    finally:
        for holder in holders:
            holder.close()

    message = assert_refused(results[writing, "exec"], "locked")
    assert message.startswith("line 1:")
    for name in ("state", "log", "verify"):
        assert results[writing, name].returncode == 0, results[writing, name].stderr
    for name in ("state", "log", "verify", "exec"):
        assert_refused(results[shut, name], "locked")
    assert 4.5 <= waited < 20, f"the busy wait took {waited:.1f} s"  # waited, then gave up
    for db in (writing, shut):
        assert row_count(db) == rows[db]
    # Once the other program lets go, the same line goes through.
    done = companion(writing, "exec", "-", stdin=next_line[writing])
    assert done.returncode == 0, done.stderr


def test_a_full_disk_records_nothing_and_the_action_can_be_entered_again(
        demo_db: Path) -> None:
    session = NightSession.open(demo_db, write=True)
    try:
        pages = session.store.conn.execute("PRAGMA page_count").fetchone()[0]
        session.store.conn.execute(f"PRAGMA max_page_count = {pages}")
        rng = random.Random(11)
        failure = None
        for _ in range(2000):
            command = next_command(session.state, rng)
            rows, last = row_count(demo_db), session.history.last_action
            try:
                done = executed(session, command)
            except StoreError as error:
                failure = error
                break
            assert isinstance(done, Done), done
        assert failure is not None, "the page limit was never reached"
        assert "full" in str(failure).lower()
        assert "nothing was recorded" in str(failure).lower()
        # Nothing of the failed action is on disk or in memory.
        assert row_count(demo_db) == rows
        assert session.history.last_action == last
        assert_intact(demo_db)
        assert state_of(demo_db)["last_action"] == last

        # Space is freed: the same action goes in, numbered as if nothing happened.
        session.store.conn.execute("PRAGMA max_page_count = 1073741823")
        done = executed(session, command)
        assert isinstance(done, Done) and done.action == last + 1
    finally:
        session.close()
    assert_intact(demo_db)
    store = Store.open(demo_db, create=False)
    try:
        assert load_history(store, 1, check=True).last_action == last + 1
    finally:
        store.close()


# --- 6. a rejected command records nothing --------------------------------------------------

REJECTED = {
    "a bet over the pot": {"cmd": "bet", "amount": 1000},
    "a bet for the wrong player": {"cmd": "bet", "amount": 5, "player": "Anna"},
    "a negative bet": {"cmd": "bet", "amount": -1},
    "a card when a bet is due": {"cmd": "card", "card": "2h"},
    "an unknown command": {"cmd": "fold"},
    "an unknown game": {"cmd": "start_game", "game": "poker"},
    "a player who is not there": {"cmd": "rebuy", "player": "Zoe", "chips": 10},
    "a correction that breaks a later action": {
        "cmd": "correct", "action": 3, "command": {"cmd": "card", "card": "9h"}},
    "a correction of a missing action": {
        "cmd": "correct", "action": 99, "command": {"cmd": "pass"}},
    "a not-object": [1, 2],
}


@pytest.mark.parametrize("case", list(REJECTED))
def test_a_rejected_command_records_nothing(demo_db: Path, case: str) -> None:
    rows, log = row_count(demo_db), companion(demo_db, "log").stdout
    done = companion(demo_db, "exec", "-", stdin=lines_of(REJECTED[case]))
    message = assert_refused(done)
    assert message.startswith("line 1: ")
    assert done.stdout == ""
    assert row_count(demo_db) == rows
    assert companion(demo_db, "log").stdout == log


def test_a_line_that_is_not_json_records_nothing(demo_db: Path) -> None:
    rows = row_count(demo_db)
    assert_refused(companion(demo_db, "exec", "-", stdin="{\"cmd\": \"pass\"\n"), "line 1", "JSON")
    assert row_count(demo_db) == rows


def test_a_refusal_midway_keeps_the_lines_before_it(demo_db: Path) -> None:
    rows = row_count(demo_db)
    script = ("# Dan passes, then the dealer mistypes Cleo's queen for Anna\n"
              + lines_of({"cmd": "pass"}, {"cmd": "card", "card": "Qs"}, {"cmd": "pass"}))
    done = companion(demo_db, "exec", "-", stdin=script)
    message = assert_refused(done, "already out")
    assert message.startswith("line 3: ")
    assert done.stdout.splitlines() == ["   32  Dan passes"]
    assert row_count(demo_db) == rows + 2  # ActionTaken + Passed of action 32 only
    assert state_of(demo_db)["last_action"] == 32
    assert_intact(demo_db)


BROKEN_TEXT = {
    "a \\ud800 escape in a name, on stdin": (
        b'{"cmd": "join", "player": "\\ud800", "chips": 50}\n', "-"),
    "invalid UTF-8 bytes in a name, on stdin": (
        b'{"cmd": "join", "player": "Z\xff\xfe", "chips": 50}\n', "-"),
    "invalid UTF-8 bytes in a name, in a file": (
        b'{"cmd": "join", "player": "Z\xff\xfe", "chips": 50}\n', "FILE"),
}


@pytest.mark.parametrize("case", list(BROKEN_TEXT))
def test_a_name_that_is_not_text_is_refused_in_one_sentence(
        demo_db: Path, tmp_path: Path, case: str) -> None:
    data, source = BROKEN_TEXT[case]
    rows = row_count(demo_db)
    if source == "FILE":
        file = tmp_path / "commands.jsonl"
        file.write_bytes(data)
        done = companion(demo_db, "exec", str(file))
    else:
        done = companion(demo_db, "exec", "-", stdin=data)
    assert_refused(done)
    assert row_count(demo_db) == rows
    assert_intact(demo_db)
