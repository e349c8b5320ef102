"""The database file and the files the companion writes. A file that is no log (empty, another
program's with a table called `events`) or a log on a full disk gets one sentence that says
what to do, never SQLite's own words; every file written (each --out, the screen's saves)
is written whole or not at all: beside it in the same folder, then renamed over it.

The full disk is real: a small tmpfs filled to the last byte, mounted in a private user and
mount namespace (`unshare -rm`), so no root is needed and nothing outside the test sees it.
"""

from __future__ import annotations

import errno
import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli import companion, play
from tests.test_log_integrity import WHOLE_TURN

SQLITE_WORDS = ("no such table", "no such column", "disk I/O error", "reported an error")
RUNNER = """
import json, os, subprocess, sys
results = []
for argv in json.loads(sys.argv[1]):
    done = subprocess.run([sys.executable, '-m', 'companion', *argv], capture_output=True,
                          text=True, input='{"cmd": "leave", "player": "Cy"}\\n')
    results.append([done.returncode, done.stdout, done.stderr])
folder = sys.argv[2]
print(json.dumps({"results": results, "left": sorted(os.listdir(folder))}))
"""


def _one_sentence(code: int, stderr: str) -> str:
    assert code == 2, stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert "Traceback" not in stderr
    for words in SQLITE_WORDS:
        assert words not in stderr, stderr
    return stderr.strip()


def _on_a_full_disk(folder: Path, commands: list[list[str]], *, before: str = ""
                    ) -> tuple[list[tuple[int, str, str]], list[str]]:
    """Each of `commands` (companion's arguments) run with a small tmpfs mounted on `folder`
    and filled to the last byte (after the shell line `before`, run once the tmpfs is
    there); what each answered, and what is left in the folder."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is not installed")
    where = shlex.quote(str(folder))
    script = (f"mount -t tmpfs -o size=256k tmpfs {where} || exit 97; {before or ':'}; "
              f"dd if=/dev/zero of={where}/filler bs=4k 2>/dev/null; "
              f"exec {shlex.quote(sys.executable)} -c {shlex.quote(RUNNER)} "
              f"{shlex.quote(json.dumps(commands))} {where}")
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL,
                          cwd=Path(__file__).resolve().parent.parent)
    if done.returncode == 97 or "unshare:" in done.stderr:
        pytest.skip("this machine does not allow a private tmpfs")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    return [tuple(r) for r in answer["results"]], answer["left"]


def test_an_output_on_a_full_disk_leaves_no_file_behind(tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    play(db, *WHOLE_TURN, {"cmd": "end_night"})
    disk = tmp_path / "stick"
    disk.mkdir()
    outs = {"settle": ["settle", "--out", f"{disk}/settlement.txt"],
            "pdf": ["settle", "--format", "pdf", "--out", f"{disk}/settlement.pdf"],
            "export": ["export", "--out", f"{disk}/friday.jsonl"],
            "standings": ["standings", "--out", f"{disk}/standings.csv", "--format", "csv"]}
    results, left = _on_a_full_disk(disk, [["--db", str(db), *args] for args in outs.values()])
    for name, (code, _, stderr) in zip(outs, results, strict=True):
        sentence = _one_sentence(code, stderr)
        assert "disk is full" in sentence and "nothing was written" in sentence, name
    assert left == ["filler"]  # neither the files nor anything written beside them


def test_an_output_that_cannot_be_written_whole_keeps_the_file_it_would_replace(
        tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    play(db, *WHOLE_TURN, {"cmd": "end_night"})
    disk = tmp_path / "stick"
    disk.mkdir()
    results, left = _on_a_full_disk(
        disk, [["--db", str(db), "export", "--out", f"{disk}/friday.jsonl"]],
        before=f"echo 'last week' > {shlex.quote(str(disk))}/friday.jsonl; "
               f"cp {shlex.quote(str(disk))}/friday.jsonl {shlex.quote(str(tmp_path))}/kept")
    (code, _, stderr), = results
    assert "the file as it was is kept" in _one_sentence(code, stderr)
    assert left == ["filler", "friday.jsonl"]
    assert (tmp_path / "kept").read_text() == "last week\n"


def test_a_database_on_a_full_disk_is_read_and_writing_says_to_free_space(
        tmp_path: Path) -> None:
    prepared = tmp_path / "prepared.db"
    play(prepared, *WHOLE_TURN)
    disk = tmp_path / "stick"
    disk.mkdir()
    db = disk / "friday.db"
    results, _ = _on_a_full_disk(
        disk, [["--db", str(db), "exec", "-"], ["--db", str(db), "state", "--json"],
               ["--db", str(db), "verify"]],
        before=f"cp {shlex.quote(str(prepared))} {shlex.quote(str(db))}")
    (code, _, stderr), (read, shown, warned), (verified, said, _) = results
    sentence = _one_sentence(code, stderr)
    assert "full" in sentence and "free some space" in sentence
    assert read == 0, warned
    assert json.loads(shown)["last_action"] == 7
    assert verified == 0 and "hash chain intact" in said


# --- files that are no log --------------------------------------------------------------------

def test_an_empty_file_is_a_database_with_no_nights_yet(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    db.touch()
    for args in (("state",), ("log",), ("export",), ("settle",)):
        done = companion(db, *args)
        assert "There is no night in" in _one_sentence(done.returncode, done.stderr), args
    for args in (("verify",), ("nights",), ("standings",)):
        done = companion(db, *args)
        assert done.returncode == 0, (args, done.stderr)
    assert db.stat().st_size == 0  # a reader leaves the file as it found it
    play(db, WHOLE_TURN[0])  # and a night can start there


def test_another_programs_table_called_events_is_not_taken_for_the_log(tmp_path: Path) -> None:
    db = tmp_path / "calendar.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT, day TEXT)")
        conn.execute("INSERT INTO events (what, day) VALUES ('dentist', '2026-03-01')")
    before = db.read_bytes()
    for args in (("state",), ("log",), ("verify",), ("export",), ("nights",), ("standings",),
                 ("settle", "--open"), ("exec", "-"), ("import", "-")):
        done = companion(db, *args, stdin=json.dumps(WHOLE_TURN[0]) + "\n")
        sentence = _one_sentence(done.returncode, done.stderr)
        assert "another program" in sentence, (args, sentence)
        assert sentence.endswith("give --db the companion's database, or a new file name to "
                                 "start one."), sentence  # what to do, not only what is wrong
    assert db.read_bytes() == before


@pytest.mark.parametrize("content", [bytes(range(256)) * 20, b"Dear diary, today\n",
                                     b"SQLite format 3\x00" + b"\xff" * 200],
                         ids=["bytes", "text", "a damaged header"])
def test_a_file_that_is_no_sqlite_log_says_to_give_another(tmp_path: Path,
                                                           content: bytes) -> None:
    db = tmp_path / "table.db"
    db.write_bytes(content)
    for args in (("state",), ("nights",), ("exec", "-")):
        done = companion(db, *args, stdin=json.dumps(WHOLE_TURN[0]) + "\n")
        assert _one_sentence(done.returncode, done.stderr) == (
            f"{db} is not a table companion database: the file is not a readable SQLite log; "
            "give --db the companion's database, or a copy of it if this one was damaged.")
    assert db.read_bytes() == content


# --- the screen's saves -----------------------------------------------------------------------

def test_a_save_from_the_screen_on_a_full_disk_leaves_no_file(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    from companion.table import TableController

    db = tmp_path / "friday.db"
    play(db, *WHOLE_TURN, {"cmd": "end_night"})
    controller = TableController.open(db, 1)
    try:
        settled = controller.settlement()
        before = set(tmp_path.iterdir())
        real_write = os.write

        def full(fd: int, data: Any) -> int:
            if os.fstat(fd).st_size > 100:  # the disk fills up midway through the page
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_write(fd, data[:100])

        monkeypatch.setattr(os, "write", full)
        saved = controller.save_settlement_page(settled, "en")
        monkeypatch.undo()
        assert saved.problem is not None and "disk is full" in saved.problem
        assert set(tmp_path.iterdir()) == before
        saved = controller.save_settlement_page(settled, "en")
        assert saved.problem is None and saved.path.read_text().startswith("<!DOCTYPE html>")
    finally:
        controller.close()


def test_a_fingerprint_counting_more_actions_than_a_database_holds_is_none(
        tmp_path: Path) -> None:
    db = tmp_path / "friday.db"
    play(db, *WHOLE_TURN)
    done = companion(db, "verify", "--fingerprint", f"{10**23}-0123456789abcdef")
    assert "is no fingerprint" in _one_sentence(done.returncode, done.stderr)
