"""Running the real `companion` CLI as a subprocess against a database file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def companion(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "--db", str(db), *args],
                          input=stdin, capture_output=True, text=True, timeout=60)


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
