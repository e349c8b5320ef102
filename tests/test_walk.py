"""The walk an open makes takes a row as it is read, and a row that is readable, in its place
and following the row before passes every check in one test: whatever the damage, it finds
and names exactly what the walk finds that sends every row the general way, row by row.
What the read hands on (the actions, grouped) and what the hash covers stay as they were."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import events.walk
from engine.event import Event, is_secret
from events.codec import GENESIS, Row, canonical_json, row_hash
from events.session import load_history
from events.store import Store
from events.walk import ChainWalk
from tests.cli import play
from tests.damage import forge, rows_of, tamper
from tests.hypo import examples
from tests.test_log_integrity import WHOLE_TURN


class RowByRow(ChainWalk):
    """The walk with every row made a Row and sent the general way (`_take`, which checks
    each thing on its own and names what breaks): what the one-test way must agree with."""

    def take_fields(self, seq: int, action: Any, kind: Any, version: Any, payload: Any,
                    created_at: Any, prev_hash: Any, digest: Any) -> None:
        self._take(seq, Row(action, kind, version, payload, created_at, prev_hash, digest))


def _walked(db: Path, walk: ChainWalk) -> tuple[Any, ...]:
    """What a walk of night 1 found, and how far the night replayed beside it."""
    store = Store.open(db, create=False)
    try:
        history = load_history(store, 1, walk=walk)
    finally:
        store.close()
    return (walk.problem, walk.bad_action, walk.cut, walk.stopped, walk.rows,
            walk.last_action, walk.whole_until, history.last_action)


def _verified(db: Path) -> tuple[int, str | None]:
    store = Store.open(db, create=False)
    try:
        return store.verify(1)
    finally:
        store.close()


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A night with an undo, a redo and a correction (records of each kind), under way."""
    db = tmp_path_factory.mktemp("walk") / "table.db"
    play(db, *WHOLE_TURN, {"cmd": "undo"}, {"cmd": "redo"},
         {"cmd": "correct", "action": 7, "command": {"cmd": "card", "card": "2s"}},
         {"cmd": "card", "card": "3d"}, {"cmd": "bet", "amount": 4},
         {"cmd": "card", "card": "Jc"})
    return db


COLUMNS = ("action", "type", "version", "payload", "created_at", "prev_hash", "hash")
VALUES = (0, -1, 1, 2, 2**63 - 1, 1.5, "", "ActionTaken", "BetWon", "Not a name", "{}", "[]",
          '{"command":{"cmd":"pass"},"rows":1}', '{"rows":0}', '{"rows":9}',
          "2026-13-01", "2026-12-02T20:00:00.000000+00:00", "x" * 41, GENESIS)
# (row index, column or None for the row deleted, or "copy" for the row written twice, value)
CHANGES = st.lists(st.tuples(st.integers(0, 40), st.sampled_from((None, "copy", *COLUMNS)),
                             st.sampled_from(VALUES)), min_size=1, max_size=3)


def _damaged(db: Path, changes: list[tuple[int, str | None, Any]], forged: bool) -> None:
    seqs = [seq for seq, *_ in rows_of(db)]
    for index, column, value in changes:
        seq = seqs[index % len(seqs)]
        params: tuple[Any, ...]
        if column is None:
            sql, params = "DELETE FROM events WHERE seq = ?", (seq,)
        elif column == "copy":
            sql, params = (f"INSERT INTO events (night, {', '.join(COLUMNS)}) SELECT night, "
                           f"{', '.join(COLUMNS)} FROM events WHERE seq = ?", (seq,))
        else:
            sql, params = f"UPDATE events SET {column} = ? WHERE seq = ?", (value, seq)
        with contextlib.suppress(sqlite3.Error):  # STRICT refuses some: as it would
            # Forged: the chain computed again over what the rows then say, so only what the
            # hashes do not cover (order, counts, fields) can show.
            if forged:
                forge(db, 1, sql, *params)
            else:
                tamper(db, sql, *params)


@pytest.mark.properties
@settings(deadline=None, max_examples=examples(40, long=1500),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(changes=CHANGES, forged=st.booleans())
@example(changes=[(9, "payload", '{"rows":9}')], forged=True)  # a count that is wrong
@example(changes=[(1, "type", "ActionTaken"), (2, "copy", 0)], forged=True)  # replay stops first
@example(changes=[(3, "copy", 0), (3, None, 0)], forged=False)  # a row moved: rules fail
@example(changes=[(4, "created_at", "2026-12-02T20:00:00.000000+00:00")], forged=True)
@example(changes=[(5, None, 0)], forged=True)  # a row deleted, the chain made whole again
@example(changes=[(5, "copy", 0)], forged=False)  # a row written twice
@example(changes=[(3, "type", "Not a name")], forged=False)
@example(changes=[(3, "hash", GENESIS)], forged=False)
def test_the_walk_of_an_open_finds_and_names_what_the_walk_row_by_row_does(
        night: Path, changes: list[tuple[int, str | None, Any]], forged: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "table.db"
        shutil.copyfile(night, db)
        _damaged(db, changes, forged)
        found = _walked(db, ChainWalk(1))
        assert found == _walked(db, RowByRow(1))
        # verify walks Row by Row through `take`, and stops at the first break. Where the
        # replay stopped first, at an action it cannot replay, the walk met no break before
        # it; verify checks the chain alone and may name one further on (as `state` then tells
        # the dealer to ask it).
        problem, stopped = found[0], found[3]
        if stopped is None or problem is not None:
            assert _verified(db)[1] == problem


def test_a_whole_night_walks_clean_and_every_row_is_hashed(night: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    assert _walked(night, ChainWalk(1))[0] is None
    hashed: list[str] = []
    def counting(prev_hash: str, *fields: Any) -> str:
        hashed.append(prev_hash)
        return row_hash(prev_hash, *fields)

    monkeypatch.setattr(events.walk, "row_hash", counting)
    walk = ChainWalk(1)
    _walked(night, walk)
    assert len(hashed) == walk.rows == len(rows_of(night))  # each row once, none twice


def test_a_changed_row_within_an_action_is_named_by_its_row(night: Path) -> None:
    """The row that is not an action's first (the one-test way's most common case)."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "table.db"
        shutil.copyfile(night, db)
        seq, action, kind, _ = next(row for row in rows_of(db) if row[2] == "BetWon")
        tamper(db, "UPDATE events SET payload = replace(payload, 'Bo', 'Cy') WHERE seq = ?",
               seq)
        problem, bad_action, cut, *_ = _walked(db, ChainWalk(1))
        assert problem == (f"row {seq} (night 1, action {action}, {kind}): its hash does not "
                           "match its contents (the row was changed)")
        assert (bad_action, cut) == (action, None)  # shown as stored, marked broken


def test_the_last_action_is_handed_over_after_the_walk_has_counted_its_rows(
        night: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "table.db"
        shutil.copyfile(night, db)
        last = rows_of(db)[-1]
        tamper(db, "DELETE FROM events WHERE seq = ?", last[0])
        store = Store.open(db, create=False)
        try:
            walk = ChainWalk(1)
            handed = []
            for action, _ in store.actions(1, walk=walk):
                handed.append((action, walk.cut))
            plain = list(store.actions(1))
        finally:
            store.close()
        assert handed[-1] == (last[1], last[1])  # cut short: the replay stops before it
        assert [action for action, _ in plain] == [action for action, _ in handed]
        assert [len(rows) for _, rows in plain][:-1] == [
            sum(1 for row in rows_of(db) if row[1] == action) for action, _ in plain][:-1]


def test_a_rows_hash_is_the_sha256_of_the_hash_before_and_the_rows_canonical_json() -> None:
    rows: tuple[tuple[Any, ...], ...] = (
            (1, "ActionTaken", 2, '{"command":{"cmd":"pass"},"rows":1}', "2026-12-02T20:00"),
            (7, "Bet\u00e9", 1, '{"player":"\u00c5sa \U0001f0a1"}', ""),
            (1.5, None, True, {"b": [1, {"d": 1, "c": 2}], "a": None}, "x"),
            (2**63 - 1, "", -1, "", "\x00"))
    for action, kind, version, payload, created_at in rows:
        body = canonical_json({"action": action, "type": kind, "version": version,
                               "payload": payload, "created_at": created_at})
        expected = hashlib.sha256((GENESIS + body).encode()).hexdigest()
        assert row_hash(GENESIS, action, kind, version, payload, created_at) == expected


@pytest.mark.parametrize("collecting", [True, False])
def test_a_replay_leaves_the_collector_as_it_found_it(night: Path, collecting: bool) -> None:
    store = Store.open(night, create=False)
    was = gc.isenabled()
    try:
        if not collecting:
            gc.disable()
        history = load_history(store, 1, walk=ChainWalk(1))
        assert gc.isenabled() is collecting
        assert gc.get_freeze_count() == 0  # nothing left out of the collector's reach
        assert history.last_action == len({row[1] for row in rows_of(night)})
    finally:
        (gc.enable if was else gc.disable)()
        store.close()


class _Quiet(Event, frozen=True):
    pass


class _Secret(Event, frozen=True):
    SECRET = True


class _Reveals(Event, frozen=True):
    REVEALS = True


@pytest.mark.parametrize(("events", "secret"), [
    ((), False), ((_Quiet(),), False), ((_Secret(),), True), ((_Quiet(), _Secret()), True),
    ((_Secret(), _Reveals()), False), ((_Reveals(), _Secret()), False)])
def test_an_action_is_secret_where_an_event_is_and_none_reveals_it(
        events: tuple[Event, ...], secret: bool) -> None:
    assert is_secret(events) is secret
    assert is_secret(iter(events)) is secret  # read once, as a generator is
