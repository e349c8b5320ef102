"""One writer per night, and no lock files left behind."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from events.lock import NightLock
from events.session import Done, NightSession
from tests.cli import ROOT, english, execute, play, state
from tests.decoded import executed
from tests.hypo import examples


def test_a_second_writer_is_kept_out_until_the_first_lets_go(tmp_path: Path) -> None:
    first, second = NightLock(tmp_path / "n.db", 1), NightLock(tmp_path / "n.db", 1)
    assert first.acquire() and not second.acquire()
    first.release()
    assert second.acquire()
    second.release()


def test_lock_files_do_not_pile_up_beside_the_database(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    for _ in range(3):  # three nights, each opened and closed for writing
        play(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10},
             {"cmd": "end_night"})
        session = NightSession.open(db, write=True)
        executed(session, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10})
        assert len(list(tmp_path.glob("*.lock"))) == 1  # the open night's, while it is open
        session.close()
    assert list(tmp_path.glob("*.lock")) == []


def test_a_lock_file_left_by_a_killed_writer_is_taken_over(tmp_path: Path) -> None:
    lock = NightLock(tmp_path / "n.db", 1)
    lock.path.write_text("")  # what a SIGKILLed writer leaves: a file, no lock on it
    assert lock.acquire()
    lock.release()
    assert not lock.path.exists()


# --- a new night beside a night being written -------------------------------------------

NEW_NIGHT = {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10}
# The real CLI in a process of its own that says when it is ready and waits for the word to
# go: two of them released together reach `main` within microseconds of each other.
READY_THEN_GO = ("import sys\nfrom companion.cli import main\nprint('ready', flush=True)\n"
                 "sys.stdin.readline()\nsys.exit(main(sys.argv[1:]))\n")


def started_together(*argvs: list[str]) -> list[subprocess.CompletedProcess[str]]:
    """`companion ARGV` for each argv, as processes of their own released at one moment."""
    processes = [subprocess.Popen([sys.executable, "-c", READY_THEN_GO, *argv], cwd=ROOT,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=english())
                 for argv in argvs]
    try:
        for process in processes:
            assert process.stdout is not None and process.stdout.readline() == "ready\n"
        for process in processes:
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        done = []
        for process, argv in zip(processes, argvs, strict=True):
            out, err = process.communicate(timeout=30)
            done.append(subprocess.CompletedProcess(argv, process.returncode, out, err))
        return done
    finally:
        for process in processes:
            process.kill()
            process.wait()


def night_names(db: Path) -> dict[int, str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT night, payload FROM events WHERE action = 1 AND "
                            "type = 'NightStarted'").fetchall()
    return {night: json.loads(payload)["name"] for night, payload in rows}


def test_a_new_night_starts_while_another_window_writes_the_open_one(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, NEW_NIGHT)
    screen = NightLock(db, 1)  # the dealer's screen, writing night 1
    assert screen.acquire()
    try:
        done = execute(db, {**NEW_NIGHT, "name": "Saturday"}, {"cmd": "join", "player": "Cy",
                                                              "chips": 10})
        assert done.returncode == 0, done.stderr
        assert night_names(db) == {1: None, 2: "Saturday"}
        assert "Cy" in state(db, "--night", "2")["players"]
        assert screen.held and screen.path.exists()  # night 1 is still the screen's
        # A second window on night 1 is read-only there, and the writer of the night it
        # starts: the lock it holds is the new night's.
        window = NightSession.open(db, write=True)
        try:
            assert window.night == 2 and window.read_only is False  # night 2 is open
            window.close()
            window = NightSession.open(db, 1, write=True)
            assert window.read_only
            done_here = executed(window, NEW_NIGHT)
            assert isinstance(done_here, Done) and done_here.night == 3
            assert window.lock is not None and window.lock.path.name == "n.db.night-3.lock"
            assert isinstance(executed(window, {"cmd": "join", "player": "Cy", "chips": 10}),
                              Done)
        finally:
            window.close()
    finally:
        screen.release()
    assert list(tmp_path.glob("*.lock")) == []


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_a_script_that_starts_a_night_never_holds_the_night_before(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, NEW_NIGHT)
    script = subprocess.Popen([sys.executable, "-m", "companion", "--db", str(db), "exec", "-"],
                              cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=english())
    try:
        deadline = time.monotonic() + 20
        while str(db) not in _open_files(script.pid):  # it has opened the night, and waits
            assert script.poll() is None and time.monotonic() < deadline, "it never opened"
            time.sleep(0.02)
        time.sleep(0.3)
        screen = NightLock(db, 1)
        assert screen.acquire(), "the script holds night 1 before it wrote a line"
        screen.release()
        _, err = script.communicate(json.dumps(NEW_NIGHT) + "\n", timeout=30)
        assert script.returncode == 0, err
        assert set(night_names(db)) == {1, 2}
    finally:
        script.kill()
        script.wait()


def _open_files(pid: int) -> set[str]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            found.add(os.readlink(fd))
    return found


@pytest.mark.properties  # the long search starts ten times the pairs
@pytest.mark.parametrize("fresh", [False, True], ids=["beside an open night", "new database"])
def test_two_windows_starting_a_night_at_once_open_two_nights(tmp_path: Path,
                                                              fresh: bool) -> None:
    pairs = examples(5, long=50) if not fresh else examples(3, long=30)
    for pair in range(pairs):
        db = tmp_path / (f"pair{pair}.db" if fresh else "n.db")
        if not fresh and pair == 0:
            play(db, NEW_NIGHT)  # night 1 open, as the night before
        before = set(night_names(db)) if db.exists() else set()
        runs = []
        for side in ("a", "b"):
            lines = tmp_path / f"{side}.jsonl"
            lines.write_text(json.dumps({**NEW_NIGHT, "name": f"{pair}{side}"}) + "\n")
            runs.append(["--db", str(db), "exec", str(lines)])
        first, second = started_together(*runs)
        for done in (first, second):
            assert done.returncode == 0 and done.stderr == "", (pair, done.stderr)
        names = night_names(db)
        new = {names[n] for n in set(names) - before}
        assert new == {f"{pair}a", f"{pair}b"}, (pair, names)  # two nights, one each
    assert list(tmp_path.glob("*.lock")) == []
