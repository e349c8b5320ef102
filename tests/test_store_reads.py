"""Reading a night costs what is read: a night as of action N reads N actions' rows through
an index, and finding the open night reads no row's payload."""

from __future__ import annotations

from pathlib import Path

from events.nights import open_log
from events.store import Store
from tests.cli import play


def _plan(store: Store, sql: str, *params: object) -> str:
    return " ".join(str(row[-1]) for row in store.conn.execute(f"EXPLAIN QUERY PLAN {sql}",
                                                               params))


def test_a_night_as_of_an_action_is_read_through_the_action_index(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10})
    store = Store.open(db, create=True)
    try:
        rows = list(store.action_rows(1, upto=1))
        assert [row[1] for row in rows] == ["ActionTaken", "NightStarted"]
        plan = _plan(store, "SELECT action, type, version, payload FROM events "
                            "WHERE night = ? AND action <= ? ORDER BY action, seq", 1, 100)
        assert "USING INDEX events_by_action (night=? AND action<?)" in plan
        assert "TEMP B-TREE" not in plan
        ends = _plan(store, "SELECT night FROM events WHERE type = 'NightEnded'")
        assert "events_night_ends" in ends
    finally:
        store.close()


def test_a_log_written_before_the_indexes_gets_them_when_opened_for_writing(
        tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "n.db"
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10})
    with sqlite3.connect(db) as conn:
        conn.execute("DROP INDEX events_by_action")
        conn.execute("DROP INDEX events_night_ends")
    reader = Store.open(db, create=False)  # a reader leaves the file as it is
    assert "events_by_action" not in _plan(reader, "SELECT * FROM events WHERE night = 1 AND "
                                                   "action <= 1 ORDER BY action, seq")
    reader.close()
    open_log(db, create=True).close()  # what a writer opens the log with
    with sqlite3.connect(db) as conn:
        names = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"events_by_action", "events_night_ends"} <= names
