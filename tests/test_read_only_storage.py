"""A database on storage that cannot be written (a read-only mount, a backup disc, a shared
folder): everything that reads works, and only writing is refused, with its sentence.

The storage is made read-only for real: a read-only bind mount inside a private user and mount
namespace (`unshare -rm`), so no root is needed and nothing outside the test sees it."""

from __future__ import annotations

import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli import play

NIGHT: list[dict[str, Any]] = [{"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
         {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
          "options": {"stake": 10, "rounds": 1}},
         {"cmd": "card", "card": "5h"}]


def _on_read_only_mount(folder: Path, arguments: str) -> subprocess.CompletedProcess[str]:
    """`companion <arguments>` (a shell line) run with `folder` mounted read-only."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is not installed")
    where = shlex.quote(str(folder))
    script = (f"mount --bind {where} {where} && mount -o remount,ro,bind {where} || exit 97; "
              f"touch {where}/probe 2>/dev/null && exit 98; "
              f"exec {shlex.quote(sys.executable)} -m companion {arguments}")
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    if done.returncode in (97, 98) or "unshare:" in done.stderr:
        pytest.skip("this machine does not allow a private read-only mount")
    return done


def test_a_database_on_read_only_storage_is_read_and_only_writing_is_refused(
        tmp_path: Path) -> None:
    folder = tmp_path / "disc"
    folder.mkdir()
    db = folder / "friday.db"
    play(db, *NIGHT)
    commands = tmp_path / "leave.jsonl"
    commands.write_text('{"cmd": "leave", "player": "Bo"}\n')
    pdf = tmp_path / "friday.pdf"
    for reading in ("state --json", "log", "verify", "settle", "export", "nights",
                    f"settle --format pdf --out {shlex.quote(str(pdf))}"):
        done = _on_read_only_mount(folder, f"--db {shlex.quote(str(db))} {reading}")
        assert done.returncode == 0, (reading, done.stderr)
    assert pdf.read_bytes().startswith(b"%PDF")
    refused = _on_read_only_mount(
        folder, f"--db {shlex.quote(str(db))} exec {shlex.quote(str(commands))}")
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"line 1: {db} is on storage that cannot be written")
    assert "Traceback" not in refused.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["friday.db"]  # nothing left behind


def test_acknowledged_actions_still_in_the_write_ahead_file_are_read_too(
        tmp_path: Path) -> None:
    folder = tmp_path / "disc"
    folder.mkdir()
    db = folder / "friday.db"
    play(db, *NIGHT[:2])
    # A copy taken while a writer still held the night: its last action is only in the -wal.
    holder = sqlite3.connect(db)
    holder.execute("PRAGMA wal_autocheckpoint = 0")
    holder.execute("SELECT COUNT(*) FROM events").fetchone()
    play(db, NIGHT[2])
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("friday.db", "friday.db-wal"):
        shutil.copy2(folder / name, copy / name)
    holder.close()
    done = _on_read_only_mount(copy, f"--db {shlex.quote(str(copy / 'friday.db'))} state --json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["last_action"] == 3
