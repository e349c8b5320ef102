"""Export a night as JSON lines of its rows, and import such a file after checking it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from events.codec import GENESIS, Row, broken_link, canonical_json
from events.history import History, LogError, group_rows
from events.lines import LineProblem, decode_line
from events.store import Store

FIELDS = ("action", "type", "version", "payload", "created_at", "prev_hash", "hash")


class ImportRefused(Exception):
    """The file is not a whole, unbroken night; the message names the first bad line."""


def export_lines(store: Store, night: int) -> Iterator[str]:
    """One JSON line per row of the night, in order, with hashes."""
    for _, row in store.rows(night):
        yield json.dumps(row.to_export(), ensure_ascii=False)


def parse_rows(lines: Iterable[tuple[int, bytes | str]]) -> list[Row]:
    """The rows of an exported night (numbered lines); raises ImportRefused at the first
    line that breaks."""
    rows: list[Row] = []
    prev_hash = GENESIS
    for number, line in lines:
        if not line.strip():
            continue
        try:
            doc = decode_line(line)
        except LineProblem as unreadable:
            raise ImportRefused(f"line {number} is no exported row: {unreadable}") from None
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
    return rows


def import_night(store: Store, lines: Iterable[tuple[int, bytes | str]]) -> int:
    """Check an exported night (chain and rules) and store it under a new id; that id."""
    rows = parse_rows(lines)
    try:
        History().replay(group_rows((r.action, r.type, r.version, r.payload) for r in rows),
                         check=True)
    except (LogError, KeyError, TypeError, ValueError) as error:
        raise ImportRefused(f"the night does not replay: {error}.") from None
    return store.import_rows(rows)
