"""Export a night as JSON lines of its rows, and import such a file after checking it."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from events.codec import GENESIS, ChainWalk, Row, broken_link, canonical_json, fingerprint
from events.history import History, LogError, group_rows
from events.lines import LineProblem, decode_line
from events.store import Store

FIELDS = ("action", "type", "version", "payload", "created_at", "prev_hash", "hash")


class ImportRefused(Exception):
    """The file is not a whole, unbroken night; the message names the first bad line."""


END = "end"  # the key of an export's last line: what the night ends with


@dataclass(frozen=True, slots=True)
class Export:
    """A night's rows as JSON lines, ending with its end record; `cut` says why rows after a
    break in the chain were left out (None when the night is whole)."""

    lines: list[str]
    cut: str | None


def export_night(store: Store, night: int) -> Export:
    """One JSON line per row of the night, in order, with hashes, then the end record (rows,
    actions, fingerprint), so a file cut short is known as such. A night whose chain breaks
    is exported up to the last whole action before the break: what remains, to import."""
    walk = ChainWalk(night)
    rows: list[Row] = []
    for seq, row in store.rows(night):
        walk.take(seq, row)
        if walk.problem is not None:
            break
        rows.append(row)
    cut = walk.problem
    if cut is not None:
        broken_action = walk.last_action
        rows = [row for row in rows if row.action < broken_action]
    actions = rows[-1].action if rows else 0
    head = rows[-1].hash if rows else GENESIS
    lines = [json.dumps(row.to_export(), ensure_ascii=False) for row in rows]
    lines.append(json.dumps({END: {"rows": len(rows), "actions": actions,
                                   "fingerprint": fingerprint(actions, head)}}))
    return Export(lines, cut)


def parse_rows(lines: Iterable[tuple[int, bytes | str]]) -> list[Row]:
    """The rows of an exported night (numbered lines); raises ImportRefused at the first
    line that breaks."""
    rows: list[Row] = []
    prev_hash = GENESIS
    end: Any = None
    for number, line in lines:
        if not line.strip():
            continue
        try:
            doc = decode_line(line)
        except LineProblem as unreadable:
            raise ImportRefused(f"line {number} is no exported row: {unreadable}") from None
        if end is not None:
            raise ImportRefused(f"line {number} comes after the end record.")
        if isinstance(doc, dict) and set(doc) == {END}:
            end = doc[END]
            _check_end(end, rows, number)
            continue
        if not isinstance(doc, dict) or set(doc) != set(FIELDS):
            raise ImportRefused(f"line {number} is not an exported row (it needs exactly "
                                f"{', '.join(FIELDS)}).")
        try:
            row = Row(int(doc["action"]), str(doc["type"]), int(doc["version"]),
                      canonical_json(doc["payload"]), str(doc["created_at"]),
                      str(doc["prev_hash"]), str(doc["hash"]))
        except (TypeError, ValueError):
            raise ImportRefused(f"line {number} has fields of the wrong kind.") from None
        problem = broken_link(prev_hash, row)
        if problem:
            raise ImportRefused(f"line {number} breaks the hash chain: {problem}.")
        rows.append(row)
        prev_hash = row.hash
    if not rows:
        raise ImportRefused("the file holds no rows.")
    if end is None:
        raise ImportRefused("the file has no end record (its last line): it may have been cut "
                            "short; export the night again.")
    return rows


def _check_end(end: Any, rows: list[Row], number: int) -> None:
    """The end record must say what the rows before it are: as many, ending where it says."""
    if not isinstance(end, dict) or not isinstance(end.get("fingerprint"), str):
        raise ImportRefused(f"line {number}, the end record, says no fingerprint.")
    actions = rows[-1].action if rows else 0
    found = fingerprint(actions, rows[-1].hash if rows else GENESIS)
    if end.get("rows") != len(rows) or end["fingerprint"] != found:
        raise ImportRefused(
            f"the rows do not end where the end record says ({end['fingerprint']}, "
            f"{end.get('rows')} rows; the file holds {len(rows)} rows ending at {found}): "
            "rows are missing or were changed.")


def import_night(store: Store, lines: Iterable[tuple[int, bytes | str]]) -> int:
    """Check an exported night (chain and rules) and store it under a new id; that id."""
    rows = parse_rows(lines)
    twin = next((night for night, first in store.first_hashes().items()
                 if first == rows[0].hash), None)
    if twin is not None:
        raise ImportRefused(f"this night is already in the database as night {twin} (the same "
                            "first action); it is not imported twice.")
    try:
        History().replay(group_rows((r.action, r.type, r.version, r.payload) for r in rows),
                         check=True)
    except (LogError, KeyError, TypeError, ValueError) as error:
        raise ImportRefused(f"the night does not replay: {error}.") from None
    return store.import_rows(rows)
