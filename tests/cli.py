"""Running the real `companion` CLI as a subprocess against a database file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def english(**extra: str) -> dict[str, str]:
    """This machine's environment, but an English locale: the CLI's paper speaks the
    locale's language, and these stories are told in English unless they say otherwise."""
    return {**os.environ, "LC_ALL": "C.UTF-8", **extra}


def companion(db: Path, *args: str, stdin: str | None = None,
              env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`companion --db DB ARGS` as a process, in English unless `env` says otherwise."""
    return subprocess.run([sys.executable, "-m", "companion", "--db", str(db), *args],
                          input=stdin, capture_output=True, text=True, timeout=60,
                          env=env or english())


def execute(db: Path, *commands: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    return companion(db, "exec", "-",
                     stdin="".join(json.dumps(c) + "\n" for c in commands))


def state(db: Path, *extra: str) -> dict[str, Any]:
    done = companion(db, "state", "--json", *extra)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def row_count(db: Path) -> int:
    import sqlite3

    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM events").fetchone()
    return int(count)


def play(db: Path, *commands: dict[str, Any]) -> str:
    """Commands that must all be accepted; what `exec` printed."""
    done = execute(db, *commands)
    assert done.returncode == 0, done.stderr
    return done.stdout

def refused(db: Path, *commands: dict[str, Any]) -> str:
    """Commands whose last one must be refused: exit 2, one line on stderr; its sentence."""
    done = execute(db, *commands)
    assert done.returncode == 2, done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"line {len(commands)}: "), lines[0]
    return lines[0].split(": ", 1)[1]

def refused_alone(db: Path, command: dict[str, Any]) -> str:
    """One command that must be refused without a single row written; its sentence."""
    rows = row_count(db)
    reason = refused(db, command)
    assert row_count(db) == rows
    return reason

def log_line(db: Path, action: int) -> str:
    """What `companion log` says about one action, without its number."""
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        number, _, text = line.strip().partition("  ")
        if number == str(action):
            return text
    raise AssertionError(f"no action {action} in the log:\n{done.stdout}")

def chips(view: dict[str, Any]) -> dict[str, int]:
    return {name: seat["chips"] for name, seat in view["players"].items()}

def assert_conserved(view: dict[str, Any]) -> None:
    """The stacks (debts included) plus the open bets are every buy-in, chip for chip."""
    stacks = sum(seat["chips"] for seat in view["players"].values())
    bets = sum((view.get("bets") or {}).values())
    assert stacks + bets == sum(seat["bought_in"] for seat in view["players"].values())
