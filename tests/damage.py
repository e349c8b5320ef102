"""What someone with the database file and sqlite3 can do to a night's log: drop the guards
and change, delete or add rows; and forge an export whose hash chain holds (the chain is no
secret: anyone can compute it)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from events.codec import GENESIS, canonical_json, fingerprint, row_hash


def tamper(db: Path, sql: str, *params: object) -> None:
    """Run `sql` on the log with its append-only guards dropped, as an attacker would."""
    with sqlite3.connect(db) as conn:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                    "AND tbl_name = 'events'").fetchall():
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute(sql, params)


def rows_of(db: Path, night: int = 1) -> list[tuple[int, int, str, str]]:
    """(seq, action, type, payload) of a night's rows, in order."""
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT seq, action, type, payload FROM events WHERE night = ? "
                            "ORDER BY seq", (night,)).fetchall()


def last_seq(db: Path, night: int = 1) -> int:
    return max(seq for seq, *_ in rows_of(db, night))


def exported_rows(text: str) -> list[dict[str, Any]]:
    """The rows of an export (its end record left off)."""
    return [json.loads(line) for line in text.splitlines() if "prev_hash" in line]


def forged(rows: list[dict[str, Any]]) -> str:
    """An export of `rows` (as changed) with every hash computed again and a fitting end
    record: a file whose chain holds, whatever the rows now say."""
    prev = GENESIS
    lines = []
    for row in rows:
        payload = row["payload"]
        text = canonical_json(payload) if isinstance(payload, dict | list) else json.dumps(
            payload)
        digest = row_hash(prev, row["action"], row["type"], row["version"], text,
                          row["created_at"])
        lines.append(json.dumps({**row, "prev_hash": prev, "hash": digest}))
        prev = digest
    last = rows[-1]["action"] if rows else 0
    lines.append(json.dumps({"end": {"rows": len(rows), "actions": last,
                                     "fingerprint": fingerprint(last, prev)}}))
    return "\n".join(lines) + "\n"
