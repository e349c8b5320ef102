"""What someone with the database file and sqlite3 can do to a night's log: drop the guards
and change, delete or add rows; and forge an export whose hash chain holds (the chain is no
secret: anyone can compute it)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from events.codec import GENESIS, canonical_json, fingerprint, row_hash


@contextmanager
def _opened(db: Path) -> Iterator[sqlite3.Connection]:
    """A connection to `db`, committed when the block ends well and closed whatever happens:
    sqlite3's own `with` commits and leaves it open, and a long search ran out of files."""
    with closing(sqlite3.connect(db)) as conn, conn:
        yield conn


def tamper(db: Path, sql: str, *params: object) -> None:
    """Run `sql` on the log with its append-only guards dropped, as an attacker would."""
    with _opened(db) as conn:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                    "AND tbl_name = 'events'").fetchall():
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute(sql, params)


def forge(db: Path, night: int, sql: str, *params: object) -> None:
    """Run `sql` on the log and compute the night's hash chain again over what its rows then
    say, the guards put back as they were: a log that verifies, whatever it now holds (the
    chain is no secret)."""
    with _opened(db) as conn:
        guards = [sql for (sql,) in conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'")]
    tamper(db, sql, *params)
    with _opened(db) as conn:
        prev = GENESIS
        for seq, action, type_, version, payload, created_at in conn.execute(
                "SELECT seq, action, type, version, payload, created_at FROM events "
                "WHERE night = ? ORDER BY seq", (night,)).fetchall():
            digest = row_hash(prev, action, type_, version, payload, created_at)
            conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?",
                         (prev, digest, seq))
            prev = digest
        for guard in guards:
            conn.execute(guard)


def rows_of(db: Path, night: int = 1) -> list[tuple[int, int, str, str]]:
    """(seq, action, type, payload) of a night's rows, in order."""
    with _opened(db) as conn:
        return conn.execute("SELECT seq, action, type, payload FROM events WHERE night = ? "
                            "ORDER BY seq", (night,)).fetchall()


def last_seq(db: Path, night: int = 1) -> int:
    return max(seq for seq, *_ in rows_of(db, night))


def exported_rows(text: str) -> list[dict[str, Any]]:
    """The rows of an export (its end record left off)."""
    return [json.loads(line) for line in text.splitlines() if "prev_hash" in line]


def chained(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`rows` (as changed) with every hash computed again over whatever they now say, and
    a fitting end record last: the lines of an export whose chain holds."""
    prev = GENESIS
    lines = []
    for row in rows:
        payload = row.get("payload")
        text = canonical_json(payload) if isinstance(payload, dict | list) else json.dumps(
            payload)
        digest = row_hash(prev, row.get("action"), row.get("type"),  # type: ignore[arg-type]
                          row.get("version"), text, row.get("created_at"))  # type: ignore[arg-type]
        lines.append({**row, "prev_hash": prev, "hash": digest})
        prev = digest
    last = rows[-1].get("action") if rows else 0
    lines.append({"end": {"rows": len(rows), "actions": last,
                          "fingerprint": fingerprint(last, prev)}})  # type: ignore[arg-type]
    return lines


def forged(rows: list[dict[str, Any]]) -> str:
    """An export of `rows` (as changed) with every hash computed again and a fitting end
    record: a file whose chain holds, whatever the rows now say."""
    return "".join(json.dumps(line) + "\n" for line in chained(rows))
