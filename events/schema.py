"""The log's shape in the database file: its table, the guards that keep it append-only, its
indexes, and the pragmas it is read and written with. What a database must be to be a log
(`prepare`), set up once for a new one and brought up to date for an old one."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path

from events.trouble import StoreError

APPLICATION_ID = 0x54434F4D  # "TCOM": marks the file as a table companion log
BUSY_TIMEOUT_S = 5.0
APPEND_ONLY = "the event log is append-only"  # what the guards say (and sentences() reads)
COLUMNS = "night, action, type, version, payload, created_at, prev_hash, hash"
GUARDS = {"events_no_update", "events_no_delete", "events_no_replace"}
BY_ACTION = "events_by_action"


def prepare(conn: sqlite3.Connection, path: Path, create: bool,
            type_indexes: Mapping[str, str]) -> bool:
    """Make `conn` a log's connection: a log is tuned (and, for a writer, brought up to
    date), a new database set up where `create`, another program's refused. Whether the log
    has its (night, action) index to read by."""
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    tables = table_names(conn)
    if "events" in tables and app_id in (0, APPLICATION_ID) and _is_the_log(conn):
        return tune(conn, create, type_indexes)
    if tables or app_id not in (0, APPLICATION_ID):
        raise StoreError(f"{path} is an SQLite database of another program, not a "
                         "table companion log; give --db the companion's database, or a new "
                         "file name to start one.")
    if create:
        create_schema(conn, type_indexes)
    return tune(conn, create, type_indexes)


def _is_the_log(conn: sqlite3.Connection) -> bool:
    """Whether the table `events` is a log's: another program may have one of its own."""
    columns = {str(row[1]) for row in conn.execute("PRAGMA table_info(events)")}
    return columns == {"seq", *COLUMNS.split(", ")}


def table_names(conn: sqlite3.Connection) -> list[str]:
    return [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")]


def tune(conn: sqlite3.Connection, writing: bool, type_indexes: Mapping[str, str]) -> bool:
    """The pragmas of a log, and for a writer the indexes and guards a log written before
    them lacks. Whether the (night, action) index is there to read by."""
    # A reader leaves the file as it found it (an empty file stays empty).
    if writing and conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    indexes = {name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index'")}
    if writing and "events" in table_names(conn):
        wanted = {BY_ACTION, *type_indexes}
        if not wanted <= indexes:
            create_indexes(conn, type_indexes)  # a log written before these indexes existed
            indexes |= wanted
        guards = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'")}
        if not guards >= GUARDS:
            create_guards(conn)  # a log written before the replace guard, or unguarded
    return BY_ACTION in indexes


def create_schema(conn: sqlite3.Connection, type_indexes: Mapping[str, str]) -> None:
    """The log's table, indexes and guards in a new database, in one transaction."""
    # Imported here: sqlite-utils (and the numpy it pulls in when present) costs a
    # quarter of a second at start-up, and only a new database needs it.
    import sqlite_utils

    db = sqlite_utils.Database(conn)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        if "events" not in db.table_names():
            events = db.table("events")
            events.create(
                {"seq": int, "night": int, "action": int, "type": str, "version": int,
                 "payload": str, "created_at": str, "prev_hash": str, "hash": str},
                pk="seq",
                not_null={"night", "action", "type", "version", "payload", "created_at",
                          "prev_hash", "hash"},
                strict=True,
            )
            events.create_index(["night", "seq"], index_name="events_by_night")
            create_indexes(conn, type_indexes)
            create_guards(conn)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def create_guards(conn: sqlite3.Connection) -> None:
    """The triggers that keep the log append-only: no row changed, deleted, or replaced
    (INSERT OR REPLACE deletes the row it replaces without asking the delete guard)."""
    for verb in ("UPDATE", "DELETE"):
        conn.execute(
            f"CREATE TRIGGER IF NOT EXISTS events_no_{verb.lower()} BEFORE {verb} ON "
            f"events BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END")
    conn.execute(
        "CREATE TRIGGER IF NOT EXISTS events_no_replace BEFORE INSERT ON events WHEN "
        "EXISTS (SELECT 1 FROM events WHERE seq = NEW.seq) "
        f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END")


def create_indexes(conn: sqlite3.Connection, type_indexes: Mapping[str, str]) -> None:
    # (night, action, seq): a night as of action N reads N actions' rows, not the night's.
    conn.execute(f"CREATE INDEX IF NOT EXISTS {BY_ACTION} ON events (night, action, seq)")
    for name, row_type in type_indexes.items():
        conn.execute(f"CREATE INDEX IF NOT EXISTS {_identifier(name)} ON events "
                     f"(night) WHERE type = {_literal(row_type)}")


def _identifier(name: str) -> str:
    """An index's name as SQL writes it (a name given by the program, checked all the same)."""
    if not name.isidentifier():
        raise ValueError(f"{name!r} is no index name")
    return name


def _literal(text: str) -> str:
    """A text as an SQL literal: a partial index's condition cannot be a bound parameter."""
    return "'" + text.replace("'", "''") + "'"
