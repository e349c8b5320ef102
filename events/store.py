"""The SQLite event store: one append-only table of rows, hash-chained per night.

The table is STRICT and triggers make UPDATE and DELETE fail, so the log is append-only at
the database level. WAL with synchronous=FULL and one transaction per dealer action: a
crash at any moment leaves whole actions only.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from events import schema
from events.codec import GENESIS, Row, chain_rows
from events.schema import BUSY_TIMEOUT_S, COLUMNS
from events.trouble import (  # the store's errors, named where they always were
    READ_ONLY_STORAGE as READ_ONLY_STORAGE,
)
from events.trouble import (
    DiskFull as DiskFull,
)
from events.trouble import (
    ReadOnlyStorage as ReadOnlyStorage,
)
from events.trouble import (
    StoreError as StoreError,
)
from events.trouble import (
    sentences as sentences,
)
from events.trouble import (
    writable as writable,
)
from events.walk import ChainWalk


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class Store:
    """The event log of one database file, holding many nights."""

    def __init__(self, path: Path, conn: sqlite3.Connection,
                 type_indexes: Mapping[str, str] | None = None) -> None:
        self.path = path
        self.conn = conn
        # Partial indexes by name, each of the rows of one type: what a caller asks about
        # often (which nights ended) is found without reading every row's type.
        self.type_indexes = dict(type_indexes or {})
        self._has_log = False
        self._tails: dict[int, tuple[int, str]] = {}
        self._copy: Path | None = None  # a private copy read instead (unwritable storage)
        self._by_action = False  # whether the (night, action) index is there to read by

    @classmethod
    def open(cls, path: Path | str, *, create: bool,
             type_indexes: Mapping[str, str] | None = None) -> Store:
        """Open the log at `path`; with `create`, a missing file or empty database is set up.
        On storage that cannot be written (a read-only mount, a backup disc) a reader still
        gets the log; a writer gets StoreError with READ_ONLY_STORAGE's sentence.
        `type_indexes` names the partial indexes a writer keeps, each of the rows of one type
        (index name: row type)."""
        path = Path(path)
        with sentences(path):  # a name too long for the file system, a loop of links
            exists = path.exists()
        if not create and not exists:
            raise StoreError(f"There is no database at {path} yet; start a night with "
                             "`companion exec` to create it.")
        if exists and path.is_dir():
            raise StoreError(f"{path} is a folder, not a database file.")
        if exists and not path.is_file():  # SQLite would wait on a pipe, or put its
            # journal beside a device (in /dev)
            raise StoreError(f"{path} is a device or a pipe, not a database file.")
        if exists and not writable(path):
            if create:
                raise ReadOnlyStorage(READ_ONLY_STORAGE.format(path=path))
            return cls._open_unwritable(path, type_indexes)
        with sentences(path):
            if create:
                path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S,
                                   check_same_thread=False)
        try:
            return cls._prepared(path, conn, create, type_indexes)
        except DiskFull:
            if create:
                raise
            # SQLite cannot make its -shm file on a full disk even to read: read the log as
            # one on storage that cannot be written.
            return cls._open_unwritable(path, type_indexes)

    @classmethod
    def _prepared(cls, path: Path, conn: sqlite3.Connection, create: bool,
                  type_indexes: Mapping[str, str] | None, copy: Path | None = None) -> Store:
        store = cls(path, conn, type_indexes)
        store._copy = copy
        try:
            with sentences(path):
                store._prepare(create)
        except StoreError:
            conn.close()
            store._drop_copy()
            raise
        return store

    @classmethod
    def _open_unwritable(cls, path: Path, type_indexes: Mapping[str, str] | None) -> Store:
        """A log on storage nothing can be written to. SQLite in WAL mode wants to create its
        -shm file beside the database even to read, so: read-only if the file system allows
        it; else, with a write-ahead file left beside it (actions not yet folded into the
        database), a private copy of both, so nothing acknowledged is missed; else the file
        as immutable."""
        uri = path.absolute().as_uri()
        with sentences(path):
            conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None,
                                   check_same_thread=False)
        try:
            conn.execute("PRAGMA application_id").fetchone()
            return cls._prepared(path, conn, False, type_indexes)
        except (sqlite3.Error, StoreError):
            conn.close()
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            folder = Path(tempfile.mkdtemp(prefix="companion-read-"))
            with sentences(path):
                shutil.copy2(path, folder / path.name)
                shutil.copy2(wal, folder / wal.name)
                conn = sqlite3.connect(folder / path.name, isolation_level=None,
                                       check_same_thread=False)
            return cls._prepared(path, conn, False, type_indexes, copy=folder)
        with sentences(path):
            conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None,
                                   check_same_thread=False)
        return cls._prepared(path, conn, False, type_indexes)

    def _drop_copy(self) -> None:
        if self._copy is not None:
            shutil.rmtree(self._copy, ignore_errors=True)
            self._copy = None

    def _prepare(self, create: bool) -> None:
        self._by_action = schema.prepare(self.conn, self.path, create, self.type_indexes)

    def _create_schema(self) -> None:
        schema.create_schema(self.conn, self.type_indexes)
        self._by_action = True

    def _table_names(self) -> list[str]:
        return schema.table_names(self.conn)

    def close(self) -> None:
        self.conn.close()
        self._drop_copy()

    def has_table(self, name: str) -> bool:
        with sentences(self.path):
            return name in self._table_names()

    def ensure_log(self) -> None:
        """The log's schema in a new file: a table kept beside the log must never make the
        file look like another program's database."""
        if not self.has_log:
            with sentences(self.path):
                self._create_schema()
            self._has_log = True

    @property
    def has_log(self) -> bool:
        if not self._has_log:
            with sentences(self.path):
                self._has_log = "events" in self._table_names()
        return self._has_log

    # --- reading ------------------------------------------------------------------------

    def nights(self) -> list[int]:
        """Every night's id, oldest first."""
        if not self.has_log:
            return []
        with sentences(self.path):
            return [n for (n,) in self.conn.execute(
                "SELECT DISTINCT night FROM events ORDER BY night")]

    def nights_without(self, row_type: str) -> list[int]:
        """The nights with no row of `row_type` at all, newest first."""
        if not self.has_log:
            return []
        with sentences(self.path):
            having = {n for (n,) in self.conn.execute(
                "SELECT night FROM events WHERE type = ?", (row_type,))}
        return [n for n in reversed(self.nights()) if n not in having]

    def action_rows(self, night: int, upto: int | None = None, after: int = 0,
                    walk: ChainWalk | None = None
                    ) -> Generator[tuple[int, str, int, str], None, None]:
        """(action, type, version, payload) of a night in order, after action `after` and up
        to action `upto`; with `walk`, every row is checked against the hash chain on the
        way (the same single read)."""
        query, params = self._rows_query(night, upto, after, walked=walk is not None)
        with sentences(self.path):
            if walk is None:
                yield from self.conn.execute(query, params)
                return
            take = walk.take_fields
            # The rows as read, no Row made of each: the walk makes one where it breaks.
            for seq, action, kind, version, payload, created_at, prev_hash, digest in \
                    self.conn.execute(query, params):
                take(seq, action, kind, version, payload, created_at, prev_hash, digest)
                yield action, kind, version, payload
            walk.finish()

    def actions(self, night: int, upto: int | None = None, after: int = 0,
                walk: ChainWalk | None = None
                ) -> Generator[tuple[int, list[tuple[str, int, str]]], None, None]:
        """The night's actions in order, after action `after` and up to action `upto`: each
        action's number and its rows (type, version, payload). With `walk`, every row is
        checked against the hash chain on the way, and the walk is finished before the last
        action is handed over, so its `cut` says whether that action is whole."""
        query, params = self._rows_query(night, upto, after, walked=walk is not None)
        current = 0
        group: list[tuple[str, int, str]] = []
        with sentences(self.path):
            if walk is None:
                for action, kind, version, payload in self.conn.execute(query, params):
                    if action != current:
                        if group:
                            yield current, group
                        current, group = action, []
                    group.append((kind, version, payload))
            else:
                # One loop reads, checks and groups every row: a night's open goes through
                # it for each of its rows.
                take = walk.take_fields
                for seq, action, kind, version, payload, created_at, prev_hash, digest in \
                        self.conn.execute(query, params):
                    take(seq, action, kind, version, payload, created_at, prev_hash, digest)
                    if action != current:
                        if group:
                            yield current, group
                        current, group = action, []
                    group.append((kind, version, payload))
                walk.finish()
            if group:
                yield current, group

    def _rows_query(self, night: int, upto: int | None, after: int, *, walked: bool
                    ) -> tuple[str, tuple[Any, ...]]:
        if walked:
            query = ("SELECT seq, action, type, version, payload, created_at, prev_hash, hash "
                     "FROM events")
        else:
            query = "SELECT action, type, version, payload FROM events"
        query += " WHERE night = ?"
        params: tuple[Any, ...] = (night,)
        if after:
            query += " AND action > ?"
            params += (after,)
        if upto is not None:
            query += " AND action <= ?"
            params += (upto,)
        return query + self._in_order, params

    @property
    def _in_order(self) -> str:
        # A night's rows by action through the index; a walk checks they come in the order
        # they were written too, so every walk sees the rows in the same order.
        return " ORDER BY action, seq" if self._by_action else " ORDER BY seq"

    def rows(self, night: int) -> Generator[tuple[int, Row], None, None]:
        """(seq, row) of a night in order, with everything the chain covers."""
        with sentences(self.path):
            for seq, *fields in self.conn.execute(
                    "SELECT seq, action, type, version, payload, created_at, prev_hash, hash "
                    "FROM events WHERE night = ?" + self._in_order, (night,)):
                yield seq, Row(*fields)

    def tail(self, night: int) -> tuple[int, str]:
        """(last action, hash of the last row) of a night: what its fingerprint is made of."""
        known = self._tails.get(night)
        if known is not None:
            return known
        with sentences(self.path):
            last = self.conn.execute("SELECT action, hash FROM events WHERE night = ? "
                                     "ORDER BY seq DESC LIMIT 1", (night,)).fetchone()
        return (int(last[0]), str(last[1])) if last else (0, GENESIS)

    def head_at(self, night: int, action: int) -> str | None:
        """The hash of the last row of `action` in a night, or None when it has no such
        action."""
        with sentences(self.path):
            found = self.conn.execute("SELECT hash FROM events WHERE night = ? AND action = ? "
                                      "ORDER BY seq DESC LIMIT 1", (night, action)).fetchone()
        return None if found is None else str(found[0])

    def first_hashes(self) -> dict[int, str]:
        """Each night's first row's hash: what tells one night from every other."""
        with sentences(self.path):
            return {int(n): str(h) for n, h in self.conn.execute(
                "SELECT night, hash FROM events WHERE seq IN "
                "(SELECT MIN(seq) FROM events GROUP BY night)")}

    def night_ends(self, night: int | None = None) -> dict[int, tuple[int, str, str, str]]:
        """Every night's (or one night's) last action, chain head, first and last time, in
        one read: what the list of nights and the kept records are keyed by."""
        if not self.has_log:
            return {}
        only = "" if night is None else "WHERE night = ? "
        with sentences(self.path):
            return {int(n): (int(action), str(head), str(first), str(last))
                    for n, action, head, first, last in self.conn.execute(
                        # The first and last rows by seq: read through the index, not the
                        # rows of every night.
                        "SELECT t.night, l.action, l.hash, f.created_at, l.created_at FROM "
                        f"(SELECT night, MIN(seq) AS first, MAX(seq) AS last FROM events {only}"
                        "GROUP BY night) t JOIN events f ON f.seq = t.first "
                        "JOIN events l ON l.seq = t.last ORDER BY t.night",
                        () if night is None else (night,))}

    def payloads(self, row_types: Sequence[str]) -> list[tuple[str, str]]:
        """(type, payload) of every row of these types in every night, the latest first."""
        if not self.has_log or not row_types:
            return []
        with sentences(self.path):
            return [(str(kind), str(payload)) for kind, payload in self.conn.execute(
                "SELECT type, payload FROM events WHERE type IN "
                f"({', '.join('?' * len(row_types))}) ORDER BY seq DESC", tuple(row_types))]

    def log_generation(self) -> int:
        """A number that changes whenever the file's schema does (SQLite's schema cookie).
        The log's rows cannot be changed, deleted or replaced without its guards dropped
        first, which changes it: what anything kept beside the log is trusted under."""
        with sentences(self.path):
            return int(self.conn.execute("PRAGMA schema_version").fetchone()[0])

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the file: a cheap way
        for a reading window to notice the writer."""
        with sentences(self.path):
            return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    # --- writing ------------------------------------------------------------------------

    def append(self, night: int | None, action: int, records: list[tuple[str, int, Any]],
               claim: Callable[[int], None] | None = None) -> int:
        """Store one action's records in one transaction; None starts a new night. Its id.
        `claim` is handed a new night's id before it is committed (no other connection can
        see the night yet); what it raises leaves nothing written."""
        with sentences(self.path):
            if not self.has_log:
                self._create_schema()
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                starting = night is None
                night, prev_hash = self._tail(night, action)
                if starting and claim is not None:
                    claim(night)
                rows = chain_rows(prev_hash, action, now(), records)
                self._insert(night, rows)
                self.conn.execute("COMMIT")
            except BaseException:
                self._tails.pop(night or 0, None)
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
        self._tails[night] = (action, rows[-1].hash)
        return night

    def _tail(self, night: int | None, action: int) -> tuple[int, str]:
        if night is None:
            (latest,) = self.conn.execute("SELECT MAX(night) FROM events").fetchone()
            return (latest or 0) + 1, GENESIS
        # The night's lock keeps other windows out, so the tail this store wrote last is
        # still the tail; it is read from the file only the first time.
        last = self._tails.get(night) or self.conn.execute(
            "SELECT action, hash FROM events WHERE night = ? ORDER BY seq DESC LIMIT 1",
            (night,)).fetchone()
        last_action, prev_hash = last if last else (0, GENESIS)
        if last_action != action - 1:
            raise StoreError(f"Night {night} was changed by another program (its last action "
                             f"is {last_action}); reopen it.")
        return night, prev_hash

    def _insert(self, night: int, rows: list[Row]) -> None:
        self.conn.executemany(
            f"INSERT INTO events ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(night, r.action, r.type, r.version, r.payload, r.created_at, r.prev_hash, r.hash)
             for r in rows])

    @contextmanager
    def new_night(self) -> Iterator[int]:
        """A night added from elsewhere (an import): its new id, for `add_rows` while the
        block runs, in one transaction: every row once the block ends, none if it raises."""
        with sentences(self.path):
            if not self.has_log:
                self._create_schema()
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                night, _ = self._tail(None, 1)
                yield night
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise

    def add_rows(self, night: int, rows: list[Row]) -> None:
        """Rows of the night being added by `new_night`, checked by the caller."""
        with sentences(self.path):
            self._insert(night, rows)

    # --- verify -------------------------------------------------------------------------

    def verify(self, night: int) -> tuple[int, str | None]:
        """Walk a night's chain: (rows checked, the first broken row described, or None)."""
        walk = ChainWalk(night)
        rows = self.rows(night)
        try:
            for seq, row in rows:
                walk.take(seq, row)
                if walk.problem is not None:
                    return walk.rows, walk.problem
        finally:
            rows.close()
        walk.finish()
        return walk.rows, walk.problem
