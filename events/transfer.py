"""Export a night as JSON lines of its rows, and import such a file after checking it.

An import checks exactly what `verify` checks of a stored night (events/codec.py's
ChainWalk: every field's type and range, the chain, the actions in order and each whole),
then reads every payload strictly (no field a row of its type never has) and decides every
action again by the rules. It reads the file as it goes, storing each action as soon as it
is checked, in one transaction that is rolled back on the first refusal: a file is never
held whole in memory, and a refused one leaves nothing behind.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

from events.codec import GENESIS, Row, canonical_json, fingerprint
from events.history import History, LogError, unknown_fields
from events.lines import LineProblem, decode_line
from events.store import Store
from events.walk import ChainWalk, short

FIELDS = ("action", "type", "version", "payload", "created_at", "prev_hash", "hash")
# What an import reads at most: many times a night's export (a long night of 2,000
# actions exports about 1.5 MB), so a file that is no night's export is refused as it is
# read rather than filling the memory and the disk.
MAX_IMPORT_BYTES = 64 * 2**20
STORE_EVERY = 1000  # rows checked before they are stored together (a bound on what waits)


class ImportRefused(Exception):
    """The file is not a whole, unbroken night; the message names the first bad line."""


END = "end"  # the key of an export's last line: what the night ends with


@dataclass(frozen=True, slots=True)
class Export:
    """A night's rows as JSON lines, ending with its end record; `cut` says why rows after a
    break in the chain were left out, and `stops_before` the first action left out (None
    when the night is whole)."""

    lines: list[str]
    cut: str | None
    stops_before: int | None = None


def export_night(store: Store, night: int) -> Export:
    """One JSON line per row of the night, in order, with hashes, then the end record (rows,
    actions, fingerprint), so a file cut short is known as such. A night whose log breaks
    (a row changed, missing, added or unreadable) is exported up to the last whole action
    before the break: what remains, to import."""
    walk = ChainWalk(night)
    rows: list[Row] = []
    stored = store.rows(night)
    try:
        for seq, row in stored:
            walk.take(seq, row)
            if walk.problem is not None:
                break
            rows.append(row)
    finally:
        stored.close()
    if walk.problem is None:
        walk.finish()
    stops_before = None
    if walk.problem is not None:
        stops_before = walk.whole_until + 1
        rows = [row for row in rows if row.action < stops_before]
    actions = rows[-1].action if rows else 0
    head = rows[-1].hash if rows else GENESIS
    lines = [json.dumps(row.to_export(), ensure_ascii=False) for row in rows]
    lines.append(json.dumps({END: {"rows": len(rows), "actions": actions,
                                   "fingerprint": fingerprint(actions, head)}}))
    return Export(lines, walk.problem, stops_before)


class _Exported(msgspec.Struct, frozen=True):
    """One exported row, its fields of the types a row has (strictly: 1.7 is no action)."""

    action: int
    type: str
    version: int
    payload: dict[str, Any]
    created_at: str
    prev_hash: str
    hash: str


_KINDS = {"action": "a whole number", "version": "a whole number", "payload": "a JSON object",
          "type": "text", "created_at": "text", "prev_hash": "text", "hash": "text"}


def _row(number: int, doc: Any) -> Row:
    """The row a decoded line holds; ImportRefused when it holds none."""
    if not isinstance(doc, dict) or set(doc) != set(FIELDS):
        raise ImportRefused(f"line {number} is not an exported row (it needs exactly "
                            f"{', '.join(FIELDS)}).")
    try:
        found = msgspec.convert(doc, _Exported, strict=True)
    except msgspec.ValidationError as error:
        field = re.search(r"`\$\.(\w+)", str(error))
        name = field.group(1) if field else "?"
        raise ImportRefused(f"line {number}: its {name} {short(doc.get(name))} is not "
                            f"{_KINDS.get(name, 'of the right kind')}.") from None
    try:
        payload = canonical_json(found.payload)
    except (msgspec.EncodeError, OverflowError, UnicodeEncodeError):
        raise ImportRefused(f"line {number}: its payload holds a value no row holds.") from None
    return Row(found.action, found.type, found.version, payload, found.created_at,
               found.prev_hash, found.hash)


class _Import:
    """An exported night read line by line: checked as verify checks, read strictly,
    decided again, and stored action by action through `store`'s open transaction."""

    def __init__(self, store: Store, night: int) -> None:
        self.store = store
        self.night = night
        self.walk = ChainWalk(0, place=lambda number, _: f"line {number}")
        self.history = History()
        self.action: list[Row] = []  # the rows of the action being read
        self.checked: list[Row] = []  # rows checked, to be stored with the next batch
        self.count = 0
        self.last: Row | None = None

    def take(self, number: int, row: Row) -> None:
        if self.count == 0:
            self._not_yet_here(row)
        starts = bool(self.action) and row.action != self.action[0].action
        self.walk.take(number, row)
        self._stop_at_a_break()
        problem = unknown_fields(row.type, row.version, json.loads(row.payload))
        if problem:
            raise ImportRefused(f"line {number}: its payload has a field a {row.type} row "
                                f"never has: {short(', '.join(problem), 60)}.")
        if starts:
            self._store_action()
        self.action.append(row)
        self.count += 1
        self.last = row

    def end(self, end: Any, number: int) -> None:
        """The end record: every row is read; it must say what they are."""
        self.walk.finish()
        self._stop_at_a_break()
        if self.action:
            self._store_action()
        self._store()
        if not isinstance(end, dict) or not isinstance(end.get("fingerprint"), str):
            raise ImportRefused(f"line {number}, the end record, says no fingerprint.")
        last = self.last
        found = fingerprint(last.action if last else 0, last.hash if last else GENESIS)
        if end.get("rows") != self.count or end["fingerprint"] != found:
            raise ImportRefused(
                f"the rows do not end where the end record says ({short(end['fingerprint'])}, "
                f"{short(end.get('rows'))} rows; the file holds {self.count} rows ending at "
                f"{found}): rows are missing or were changed.")

    def _stop_at_a_break(self) -> None:
        if self.walk.problem is not None:
            raise ImportRefused(f"{self.walk.problem}.")

    def _not_yet_here(self, first: Row) -> None:
        twin = next((night for night, head in self.store.first_hashes().items()
                     if head == first.hash and night != self.night), None)
        if twin is not None:
            raise ImportRefused(f"this night is already in the database as night {twin} (the "
                                "same first action); it is not imported twice.")

    def _store_action(self) -> None:
        rows, self.action = self.action, []
        action = rows[0].action
        try:
            self.history.replay(((action, [(r.type, r.version, r.payload) for r in rows]),),
                                check=True)
        except (LogError, KeyError, TypeError, ValueError) as error:
            why = f"action {action} lacks {error}" if isinstance(error, KeyError) else error
            raise ImportRefused(f"the night does not replay: {why}.") from None
        self.checked += rows
        if len(self.checked) >= STORE_EVERY:
            self._store()

    def _store(self) -> None:
        self.store.add_rows(self.night, self.checked)
        self.checked = []


def import_night(store: Store, lines: Iterable[tuple[int, bytes | str]]) -> int:
    """Check an exported night (numbered lines; chain, rows and rules) as it is read and
    store it under a new id; that id. Nothing is stored when it is refused."""
    with store.new_night() as night:
        reading = _Import(store, night)
        size = 0
        ended = False
        for number, line in lines:
            size += len(line)
            if size > MAX_IMPORT_BYTES:
                raise ImportRefused(f"the file is bigger than {MAX_IMPORT_BYTES // 2**20} MB, "
                                    "the most an import reads (a night's export is far "
                                    "smaller); nothing was imported.")
            if not line.strip():
                continue
            try:
                doc = decode_line(line)
            except LineProblem as unreadable:
                raise ImportRefused(f"line {number} is no exported row: {unreadable}") from None
            if ended:
                raise ImportRefused(f"line {number} comes after the end record.")
            if isinstance(doc, dict) and set(doc) == {END}:
                reading.end(doc[END], number)
                ended = True
                continue
            reading.take(number, _row(number, doc))
        if not reading.count:
            raise ImportRefused("the file holds no rows.")
        if not ended:
            raise ImportRefused("the file has no end record (its last line): it may have been "
                                "cut short; export the night again.")
    return night
