"""What the group keeps beside its nights: the groups of players it saved (who plays on a
Friday), the renames it merged (Bob is Robert now) and the seasons it named (the winter
league), for every later night and for the standings. Small tables of their own, outside the
append-only log: they say nothing about what happened at a table, and the group changes
them when it likes.
"""

from __future__ import annotations

import json

from events.store import Store, sentences


class GroupBook:
    """The saved groups and merged names of one database file."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def groups(self) -> dict[str, tuple[str, ...]]:
        """Each saved group's players in their seats, by the group's name (in saved order)."""
        if not self.store.has_table("saved_groups"):
            return {}
        with sentences(self.store.path):
            rows = self.store.conn.execute(
                "SELECT name, players FROM saved_groups ORDER BY rowid").fetchall()
        return {str(name): tuple(str(p) for p in json.loads(players)) for name, players in rows}

    def save_group(self, name: str, players: list[str]) -> None:
        """Keep `players` under `name`, replacing a group of that name (regardless of case)."""
        self.store.ensure_log()
        with sentences(self.store.path):
            self.store.conn.execute(
                "CREATE TABLE IF NOT EXISTS saved_groups (name TEXT PRIMARY KEY COLLATE NOCASE, "
                "players TEXT NOT NULL) STRICT")
            self.store.conn.execute("INSERT OR REPLACE INTO saved_groups VALUES (?, ?)",
                                    (name, json.dumps(players, ensure_ascii=False)))

    def forget_group(self, name: str) -> bool:
        """Drop the group called `name`; False when there is none."""
        return self._drop("saved_groups", "name", name)

    def renames(self) -> dict[str, str]:
        """Each merged old name (as typed when merged) and the name it is counted under."""
        if not self.store.has_table("merged_names"):
            return {}
        with sentences(self.store.path):
            return {str(old): str(new) for old, new in self.store.conn.execute(
                "SELECT old, new FROM merged_names ORDER BY rowid")}

    def merge(self, old: str, new: str) -> None:
        """Count `old` as `new` from now on; names merged into `old` before follow it."""
        self.store.ensure_log()
        with sentences(self.store.path):
            conn = self.store.conn
            conn.execute("CREATE TABLE IF NOT EXISTS merged_names (old TEXT PRIMARY KEY "
                         "COLLATE NOCASE, new TEXT NOT NULL) STRICT")
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DELETE FROM merged_names WHERE old = ?", (new,))  # no circle
                conn.execute("UPDATE merged_names SET new = ? WHERE new = ? COLLATE NOCASE",
                             (new, old))
                conn.execute("INSERT OR REPLACE INTO merged_names VALUES (?, ?)", (old, new))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def unmerge(self, old: str) -> bool:
        """Count `old` as itself again; False when it was not merged."""
        return self._drop("merged_names", "old", old)

    def seasons(self) -> dict[str, tuple[str, str]]:
        """Each named season's first and last day (ISO dates), in saved order."""
        if not self.store.has_table("named_seasons"):
            return {}
        with sentences(self.store.path):
            return {str(name): (str(first), str(last)) for name, first, last in
                    self.store.conn.execute(
                        "SELECT name, first_day, last_day FROM named_seasons ORDER BY rowid")}

    def name_season(self, name: str, first: str, last: str) -> None:
        """Keep the season `name` from `first` to `last` (replacing one of that name)."""
        self.store.ensure_log()
        with sentences(self.store.path):
            self.store.conn.execute(
                "CREATE TABLE IF NOT EXISTS named_seasons (name TEXT PRIMARY KEY COLLATE "
                "NOCASE, first_day TEXT NOT NULL, last_day TEXT NOT NULL) STRICT")
            self.store.conn.execute("INSERT OR REPLACE INTO named_seasons VALUES (?, ?, ?)",
                                    (name, first, last))

    def forget_season(self, name: str) -> bool:
        return self._drop("named_seasons", "name", name)

    def _drop(self, table: str, column: str, value: str) -> bool:
        """Delete the row of `table` whose `column` is `value` (regardless of case, as the
        column is kept); False when there is none."""
        if not self.store.has_table(table):
            return False
        with sentences(self.store.path):
            done = self.store.conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (value,))
        return done.rowcount > 0
