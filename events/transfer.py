"""Export a night as JSON lines of its rows, and import such a file after checking it.

An import checks exactly what `verify` checks of a stored night (events/walk.py's
ChainWalk: every field's type and range, the chain, the actions in order and each whole),
then reads every payload strictly (no field a row of its type never has) and decides every
action again by the rules. It reads the file as it goes, storing each action as soon as it
is checked, in one transaction that is rolled back on the first refusal: a file is never
held whole in memory, and a refused one leaves nothing behind.

An export checks its night the same way, line by line as the import will read it, and
stops before the first action that does not pass: what it writes, an import takes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

from events.codec import GENESIS, Row, canonical_json, fingerprint
from events.history import History, LogError, unknown_fields
from events.lines import MAX_LINE_BYTES, LineProblem, decode_line
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


class NotWhole(Exception):
    """An action that is not whole, or does not read as an import reads it: `why`, in words,
    and `action`, the first action that cannot be taken."""

    def __init__(self, why: str, action: int) -> None:
        super().__init__(why)
        self.why = why
        self.action = action


def export_night(store: Store, night: int) -> Export:
    """One JSON line per row of the night, in order, with hashes, then the end record (rows,
    actions, fingerprint), so a file cut short is known as such. A night whose log breaks
    (a row changed, missing, added or unreadable, or an action the rules no longer take,
    even where the chain was computed again over it) is exported up to the last whole
    action before the break: what remains, to import."""
    # (action, rows up to its end, its last row's hash) of each action checked, in order
    ends: list[tuple[int, int, str]] = []

    def ended(rows: list[Row]) -> None:
        ends.append((rows[0].action, (ends[-1][1] if ends else 0) + len(rows), rows[-1].hash))

    checked = _Checked(ChainWalk(night), ended)
    lines: list[str] = []  # a line for each row taken, in order
    stopped: NotWhole | None = None
    stored = store.rows(night)
    try:
        for seq, row in stored:
            checked.take(seq, row)
            lines.append(_line_of(checked.walk.place(seq, row), row))
        checked.finish()
    except NotWhole as problem:
        stopped = problem
    finally:
        stored.close()
    while stopped is not None and ends and ends[-1][0] >= stopped.action:
        ends.pop()  # checked, but after a row out of place that undoes it
    actions, count, head = ends[-1] if ends else (0, 0, GENESIS)
    del lines[count:]
    lines.append(json.dumps({END: {"rows": count, "actions": actions,
                                   "fingerprint": fingerprint(actions, head)}}))
    if stopped is None:
        return Export(lines, None)
    return Export(lines, stopped.why, stopped.action)


def _line_of(place: str, row: Row) -> str:
    """The export's line of a stored row, read back as an import reads it: a row that does
    not come back as it is (its payload not stored as the companion writes it) cannot be
    exported, as it could not be imported."""
    line = json.dumps(row.to_export(), ensure_ascii=False)
    try:
        if len(line.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
            raise LineProblem(f"it is longer than {MAX_LINE_BYTES:,} bytes")
        same = _row(place, decode_line(line)) == row
    except (LineProblem, ImportRefused):
        same = False
    if not same:
        raise NotWhole(f"{place}: its payload does not read back as it is stored (not as the "
                       "companion writes it)", row.action)
    return line


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


def _row(place: str, doc: Any) -> Row:
    """The row a decoded line holds; ImportRefused, naming its `place`, when it holds none."""
    if not isinstance(doc, dict) or set(doc) != set(FIELDS):
        raise ImportRefused(f"{place} is not an exported row (it needs exactly "
                            f"{', '.join(FIELDS)}).")
    try:
        found = msgspec.convert(doc, _Exported, strict=True)
    except msgspec.ValidationError as error:
        field = re.search(r"`\$\.(\w+)", str(error))
        name = field.group(1) if field else "?"
        raise ImportRefused(f"{place}: its {name} {short(doc.get(name))} is not "
                            f"{_KINDS.get(name, 'of the right kind')}.") from None
    try:
        payload = canonical_json(found.payload)
    except (msgspec.EncodeError, OverflowError, UnicodeEncodeError):
        raise ImportRefused(f"{place}: its payload holds a value no row holds.") from None
    return Row(found.action, found.type, found.version, payload, found.created_at,
               found.prev_hash, found.hash)


class _Checked:
    """A night's rows, in order, checked as an import checks them: as verify checks (the
    walk), every payload read strictly, every action decided again by the rules. Each action
    that passes is handed to `passed` (its rows); NotWhole at the first that does not."""

    def __init__(self, walk: ChainWalk, passed: Callable[[list[Row]], None]) -> None:
        self.walk = walk
        self.passed = passed
        self.history = History()
        self.action: list[Row] = []  # the rows of the action being read

    def take(self, number: int, row: Row) -> None:
        """Take the next row (the action before it is checked as this row begins another)."""
        starts = bool(self.action) and row.action != self.action[0].action
        self.walk.take(number, row)
        self._stop_at_a_break()
        if starts:  # the action before is whole: it is decided before this row is read
            self._decide()
        try:
            payload = json.loads(row.payload)
        except (ValueError, RecursionError):
            payload = None
        if not isinstance(payload, dict):
            raise NotWhole(f"{self.walk.place(number, row)}: its payload is no JSON object",
                           row.action)
        problem = unknown_fields(row.type, row.version, payload)
        if problem:
            raise NotWhole(f"{self.walk.place(number, row)}: its payload has a field a "
                           f"{row.type} row never has: {short(', '.join(problem), 60)}",
                           row.action)
        self.action.append(row)

    def finish(self) -> None:
        """Every row is taken: check the last action."""
        self.walk.finish()
        self._stop_at_a_break()
        if self.action:
            self._decide()

    def _stop_at_a_break(self) -> None:
        if self.walk.problem is None:
            return
        first_not_whole = self.walk.whole_until + 1
        if self.action and self.action[0].action < first_not_whole:
            self._decide()  # the action read before the break is whole: it stands
        raise NotWhole(self.walk.problem, first_not_whole)

    def _decide(self) -> None:
        rows, self.action = self.action, []
        action = rows[0].action
        try:
            self.history.replay(((action, [(r.type, r.version, r.payload) for r in rows]),),
                                check=True)
        except (LogError, KeyError, TypeError, ValueError) as error:
            why = (f"action {action} names {short(error.args[0] if error.args else '?')}, "
                   "which the night does not hold there") if isinstance(error, KeyError) else error
            raise NotWhole(f"the night does not replay: {why}", action) from None
        self.passed(rows)


class _Import:
    """An exported night read line by line, checked (_Checked) and stored action by action
    through `store`'s open transaction."""

    def __init__(self, store: Store, night: int) -> None:
        self.store = store
        self.night = night
        self.checked = _Checked(ChainWalk(0, place=lambda number, _: f"line {number}"),
                                self._passed)
        self.waiting: list[Row] = []  # rows checked, to be stored with the next batch
        self.count = 0
        self.last: Row | None = None

    def take(self, number: int, row: Row) -> None:
        if self.count == 0:
            self._not_yet_here(row)
        try:
            self.checked.take(number, row)
        except NotWhole as refusal:
            raise ImportRefused(f"{refusal.why}.") from None
        self.count += 1
        self.last = row

    def end(self, end: Any, number: int) -> None:
        """The end record: every row is read; it must say what they are."""
        try:
            self.checked.finish()
        except NotWhole as refusal:
            raise ImportRefused(f"{refusal.why}.") from None
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

    def _not_yet_here(self, first: Row) -> None:
        twin = next((night for night, head in self.store.first_hashes().items()
                     if head == first.hash and night != self.night), None)
        if twin is not None:
            raise ImportRefused(f"this night is already in the database as night {twin} (the "
                                "same first action); it is not imported twice.")

    def _passed(self, rows: list[Row]) -> None:
        self.waiting += rows
        if len(self.waiting) >= STORE_EVERY:
            self._store()

    def _store(self) -> None:
        self.store.add_rows(self.night, self.waiting)
        self.waiting = []


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
            reading.take(number, _row(f"line {number}", doc))
        if not reading.count:
            raise ImportRefused("the file holds no rows.")
        if not ended:
            raise ImportRefused("the file has no end record (its last line): it may have been "
                                "cut short; export the night again.")
    return night
