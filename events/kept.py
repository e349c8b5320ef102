"""Records folded from the log and kept beside it (the history's record of each night), in a
table of their own outside the append-only log: each under the night's fingerprint, the
version of its shape and the log's generation it was checked in. A cache, never the truth:
the log can always fold it again, and a record that cannot be kept now is only folded again
next time.
"""

from __future__ import annotations

import sqlite3

from events.store import Store, sentences

TABLE = "night_records"


class KeptRecords:
    """The kept records of one database file, by night."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def read(self, version: int) -> tuple[int, dict[int, tuple[str, str]]]:
        """The log's generation now (Store.log_generation), and (fingerprint, payload) of each
        night's record kept in this version of its shape and checked against the log in this
        generation."""
        if not self.store.has_log:  # a table kept beside no log would look like another
            return self.store.log_generation(), {}  # program's database
        self._make()  # first: making its table changes the generation
        generation = self.store.log_generation()
        if "checked" not in self._columns():
            return generation, {}
        with sentences(self.store.path):
            return generation, {int(night): (str(key), str(payload))
                                for night, key, payload in self.store.conn.execute(
                                    f"SELECT night, fingerprint, payload FROM {TABLE} "
                                    "WHERE version = ? AND checked = ?", (version, generation))}

    def keep(self, night: int, key: str, version: int, payload: str, checked: int) -> bool:
        """Keep a night's record under its fingerprint `key`, if the file can be written now,
        with the log's generation from before its rows were read and checked; False when it
        cannot be kept (read-only, busy, full: the log itself is untouched)."""
        if not self.store.has_log or not self._make():
            return False
        try:
            self.store.conn.execute(f"INSERT OR REPLACE INTO {TABLE} (night, fingerprint, "
                                    "version, payload, checked) VALUES (?, ?, ?, ?, ?)",
                                    (night, key, version, payload, checked))
        except sqlite3.Error:
            return False
        return True

    def _make(self) -> bool:
        """The table in its present shape, made where the file allows."""
        try:
            self.store.conn.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} (night INTEGER PRIMARY KEY, "
                "fingerprint TEXT NOT NULL, version INTEGER NOT NULL, payload TEXT NOT NULL, "
                "checked INTEGER NOT NULL DEFAULT -1) STRICT")
            if "checked" not in self._columns():  # kept before the stamp existed
                self.store.conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN checked INTEGER "
                                        "NOT NULL DEFAULT -1")
        except sqlite3.Error:
            return False
        return True

    def _columns(self) -> set[str]:
        with sentences(self.store.path):
            return {str(row[1]) for row in self.store.conn.execute(
                f"PRAGMA table_info({TABLE})")}
