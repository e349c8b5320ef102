"""A walk along a night's rows, checking what a whole, unchanged log must be: every row's
fields of their type and range, each hash following the row before (events/codec.py), the
actions numbered 1, 2, 3…, each beginning with its record and holding the rows its record
counts. Every open, `verify`, `export` and `import` walk a night with it, so each checks the
same.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Any

import msgspec

from events.codec import GENESIS, MAX_INTEGER, Row, broken_link, row_hash

# The first row of every action is its record: what the dealer did (the domain events it
# produced follow it). From COUNTED on, the record says how many rows its action has (`rows`
# in its payload, inside the hash), so an action cut short, or added to, is seen; records
# written before carry no count and are read as they were.
LOG_RECORDS = ("ActionTaken", "ActionUndone", "ActionRedone", "ActionCorrected")
COUNTED = 2
MAX_VERSION = 999  # a schema version is a small number
MAX_ROWS = 10_000  # rows of one action: far more than any action writes (a few dozen)
MAX_NAME = 64  # characters of a row's type: an event's name
MAX_TIME = 40  # characters of an ISO time with microseconds and its offset
_RECORD = msgspec.json.Decoder(dict[str, Any])


def short(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it: its repr, cut to a short start."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def unreadable(row: Row) -> str | None:
    """What makes a row unreadable as a row of the log, whatever its place (a field of the
    wrong type, or out of range), or None."""
    # One test for the row as it nearly always is: this runs for every row of every open.
    kind, created = row.type, row.created_at
    if (type(row.action) is int and 0 < row.action <= MAX_INTEGER
            and type(row.version) is int and 0 < row.version <= MAX_VERSION
            and type(kind) is str and kind in _NAMES
            and type(row.payload) is str and type(created) is str and len(created) <= MAX_TIME
            and type(row.prev_hash) is str and type(row.hash) is str):
        return None
    return _why_unreadable(row)


_NAMES: set[str] = set()  # the rows' types found to be names so far (a few dozen)


def _why_unreadable(row: Row) -> str | None:
    if not _whole(row.action, 1, MAX_INTEGER):
        return f"its action {short(row.action)} is no whole number from 1 to {MAX_INTEGER:,}"
    if not _whole(row.version, 1, MAX_VERSION):
        return f"its version {short(row.version)} is no whole number from 1 to {MAX_VERSION}"
    if not _is_name(row.type):
        return f"its type {short(row.type)} is no event name (text of letters, at most {MAX_NAME})"
    if not isinstance(row.payload, str):
        return "its payload is no JSON object"
    if not (isinstance(row.created_at, str) and len(row.created_at) <= MAX_TIME):
        return f"its created_at {short(row.created_at)} is no date and time"
    if not (isinstance(row.prev_hash, str) and isinstance(row.hash, str)):
        return "its hashes are no text"
    if len(_NAMES) < 1000:  # remembered, up to more names than any log holds
        _NAMES.add(row.type)
    return None


def _is_name(kind: Any) -> bool:
    return (isinstance(kind, str) and kind.isascii() and kind.isidentifier()
            and len(kind) <= MAX_NAME)


@lru_cache(maxsize=4096)
def _declared_rows(payload_text: str) -> int | str:
    """How many rows a counting record (its payload) says its action has, or why it says
    none. A night repeats the same few records (the same card, the same bet) thousands of
    times: each stored spelling is read once."""
    try:
        payload = _RECORD.decode(payload_text)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return "its payload is no JSON object"
    count = payload.get("rows", 0)
    if not _whole(count, 1, MAX_ROWS):
        return (f"its record does not say how many rows its action has (rows {short(count)}, "
                f"a whole number from 1 to {MAX_ROWS:,})")
    return int(count)


def is_time(text: Any) -> bool:
    """Whether `text` is a date and time as a row's created_at holds it (ISO 8601)."""
    if not isinstance(text, str) or len(text) > MAX_TIME:
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _fields(row: Row) -> tuple[Any, ...]:
    return (row.action, row.type, row.version, row.payload, row.created_at, row.prev_hash,
            row.hash)


class ChainWalk:
    """A walk along one night's rows in order, checking what a whole, unchanged log must be:
    every row readable, each hash following the row before, the actions numbered 1, 2, 3…,
    each beginning with its record and, where the record counts them, holding exactly the
    rows it counts.

    It remembers the first row that breaks any of this (`problem`, in words, and the action
    it is in) and goes on past it, so a night can still be shown as it is stored; `cut` is
    the first action that is not whole (rows missing, added, out of place or unreadable):
    nothing from it on can be shown or exported. `finish` checks the last action."""

    def __init__(self, night: int, place: Callable[[int, Row], str] | None = None) -> None:
        self.night = night
        self.prev_hash = GENESIS
        self.last_action = 0
        self.rows = 0
        self.problem: str | None = None
        self.bad_action: int | None = None  # the action the first break is in
        self.cut: int | None = None
        self.stopped: str | None = None  # why the replay could not take an action, if so
        self._place = place or self._row_place
        self._last_seq: int | None = None
        # The current action's first row: its seq and its fields as read (a Row is made of
        # them only where a message names it).
        self._first: tuple[int, tuple[Any, ...]] | None = None
        self._first_created: Any = None
        self._declared: int | None = None  # how many rows its record counts, if it does
        self._count = 0
        self._before_counted = True  # whether the action before counted its rows

    def _row_place(self, seq: int, row: Row) -> str:
        action = row.action if type(row.action) is int else short(row.action)
        kind = row.type if _is_name(row.type) else short(row.type)
        return f"row {seq} (night {self.night}, action {action}, {kind})"

    def place(self, seq: int, row: Row) -> str:
        """Where a row stands, as a message names it ("row 12 (night 1, action 5, CardDealt)",
        or an import's "line 12")."""
        return self._place(seq, row)

    def take(self, seq: int, row: Row) -> None:
        self.take_fields(seq, row.action, row.type, row.version, row.payload, row.created_at,
                         row.prev_hash, row.hash)

    def take_fields(self, seq: int, action: Any, kind: Any, version: Any, payload: Any,
                    created_at: Any, prev_hash: Any, digest: Any) -> None:
        """`take` of a row given as the fields it was read with (Row's order, any types)."""
        # Every open takes every row of the night: the row as nearly every row is (readable,
        # in its place, following the row before it) passes every check in one test here,
        # making no Row and calling nothing but the hash. Anything else goes the general
        # way, which checks the same again and names what breaks.
        if (self.problem is None and type(action) is int and type(version) is int
                and 0 < version <= MAX_VERSION and type(kind) is str and kind in _NAMES
                and type(payload) is str and type(created_at) is str
                and type(prev_hash) is str and type(digest) is str
                and prev_hash == self.prev_hash
                and (self._last_seq is None or seq > self._last_seq)):
            if self._first is not None and action == self.last_action:
                if created_at == self._first_created and digest == row_hash(
                        prev_hash, action, kind, version, payload, created_at):
                    self.rows += 1
                    self._count += 1
                    self._last_seq = seq
                    self.prev_hash = digest
                    return
            elif (action == self.last_action + 1 and action <= MAX_INTEGER
                  and kind in LOG_RECORDS and is_time(created_at)
                  and (self._first is None or self._declared is None
                       or self._count == self._declared)):
                declared = _declared_rows(payload) if version >= COUNTED else None
                if not isinstance(declared, str) and digest == row_hash(
                        prev_hash, action, kind, version, payload, created_at):
                    self.rows += 1
                    self._before_counted = self._first is None or self._declared is not None
                    self._first = (seq, (action, kind, version, payload, created_at,
                                         prev_hash, digest))
                    self._first_created = created_at
                    self._declared, self._count = declared, 1
                    self._last_seq = seq
                    self.prev_hash, self.last_action = digest, action
                    return
        self._take(seq, Row(action, kind, version, payload, created_at, prev_hash, digest))

    def _take(self, seq: int, row: Row) -> None:
        self.rows += 1
        why = unreadable(row)
        if why is not None:
            # Whose row it was cannot be told: the action under way is whole no longer.
            under_way = self._first is not None and self._count != self._declared
            self._break(seq, row, why, self.last_action if under_way else self.last_action + 1)
            return
        if self._first is None or row.action != self.last_action:
            self._close()
            self._open(seq, row)
        else:
            self._count += 1
            if row.created_at != self._first_created:
                self._break(seq, row, "its created_at differs from its action's first row",
                            row.action)
        if self._last_seq is not None and seq <= self._last_seq:
            self._break(seq, row, f"it stands after row {self._last_seq}, which was written "
                                  "after it", row.action)
        if self.problem is None:
            link = broken_link(self.prev_hash, row)
            if link is not None:
                # A row that does not follow the one before where an action begins: the end
                # of the action before may be what is missing, where its record counted
                # nothing to tell.
                lost_end = (self._count == 1 and not self._before_counted
                            and row.prev_hash != self.prev_hash)
                self._break(seq, row, link, row.action - 1 if lost_end else None)
        self._last_seq = seq
        self.prev_hash, self.last_action = row.hash, row.action

    def _open(self, seq: int, row: Row) -> None:
        """The first row of an action."""
        expected = self.last_action + 1
        self._first, self._declared, self._count = (seq, _fields(row)), None, 1
        self._first_created = row.created_at
        if row.action != expected:
            self._break(seq, row, f"its action {row.action} does not follow action "
                                  f"{self.last_action}", min(expected, row.action))
        elif row.type not in LOG_RECORDS:
            self._break(seq, row, f"action {row.action} does not begin with its record (what "
                                  "the dealer did)", row.action)
        elif not is_time(row.created_at):
            self._break(seq, row, f"its created_at {short(row.created_at)} is no date and time",
                        row.action)
        elif row.version >= COUNTED:
            declared = _declared_rows(row.payload)
            if isinstance(declared, str):
                self._break(seq, row, declared, row.action)
            else:
                self._declared = declared

    def _close(self) -> None:
        """The action under way has ended: it must hold the rows its record counts."""
        if self._first is not None and self._declared is not None \
                and self._count != self._declared:
            seq, fields = self._first
            row = Row(*fields)
            self._break(seq, row, f"its action has {self._count} of the {self._declared} rows "
                                  "its first row counts (rows were deleted or added)", row.action)
        self._before_counted = self._first is None or self._declared is not None
        self._first = None

    def finish(self) -> None:
        """Every row is taken: check the last action."""
        self._close()

    def stop(self, action: int, why: str) -> None:
        """The replay could not take `action` (`why`): nothing from it on can be shown."""
        if self.stopped is None:
            self.stopped = why
        if self.cut is None or action < self.cut:
            self.cut = action

    def _break(self, seq: int, row: Row, why: str, cut: int | None) -> None:
        if self.problem is None:
            self.problem = f"{self._place(seq, row)}: {why}"
            self.bad_action = cut if cut is not None else row.action
        if cut is not None and (self.cut is None or cut < self.cut):
            self.cut = cut

    @property
    def whole_until(self) -> int:
        """The last action before the first break (of any kind); every action when none."""
        if self.bad_action is None:
            return self.last_action
        return self.bad_action - 1
