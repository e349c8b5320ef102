"""The table's history over many nights: `companion nights`, `standings` and `settle --open`
read every night's record; the first read folds each night from its log and keeps its record, later
reads take the kept records.

The nights are In-Between nights of the bench's dealer (bench/night_builder.py), each with
six of ten regulars, ended properly (every other one with its balances carried over);
built once into bench/.cache/ and copied per run.
Growth is measured on copies holding the first 25, 50, 100 and 200 nights.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

from bench.night_builder import Dealer, execute_valid, fingerprint, publish
from companion.history.open_settlement import open_settlement
from companion.history.records import keep_if_over, night_records
from companion.history.standings import standings
from engine.contract import parse
from engine.rejection import Rejection
from events.group import GroupBook
from events.session import NightSession
from events.store import Store

REGULARS = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jo"]
NIGHTS = 200
ACTIONS = 2000
HISTORY_VERSION = 2  # 2: every other night carried over


def build(path: Path, nights: int, actions: int) -> dict[str, Any]:
    """`nights` nights of at least `actions` actions each, every one ended."""
    session = NightSession.open(path, write=True)
    session.store.conn.execute("PRAGMA synchronous = OFF")  # building only
    rng = random.Random(HISTORY_VERSION)
    total = 0
    try:
        for number in range(nights):
            players = rng.sample(REGULARS, 6)
            done = session.execute(parse({"cmd": "start_night", "players": players,
                                          "chips": 200, "chip_value": "0.10",
                                          "currency": "EUR", "name": f"Night {number + 1}"}))
            assert not isinstance(done, Rejection), done
            dealer = Dealer(seed=number, mistakes=True)
            ending = parse({"cmd": "end_night", "carry": number % 2 == 1})  # half unpaid
            while session.history.last_action < actions or isinstance(
                    session.execute(ending), Rejection):
                execute_valid(session, dealer)
            total += session.history.last_action
        session.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        session.close()
    return {"nights": nights, "actions": total}


def cached(cache_dir: Path) -> Path:
    """The database of NIGHTS nights, built once per version of the code that writes it."""
    key = f"history-{NIGHTS}x{ACTIONS}-v{HISTORY_VERSION}-{fingerprint()}"
    path = cache_dir / f"{key}.db"
    if path.exists():
        return path
    cache_dir.mkdir(parents=True, exist_ok=True)
    for old in cache_dir.glob("history-*"):
        old.unlink()
    partial = cache_dir / f"{key}.building.db"
    partial.unlink(missing_ok=True)
    started = time.perf_counter()
    meta = build(partial, NIGHTS, ACTIONS)
    meta["build_s"] = round(time.perf_counter() - started, 1)
    publish(partial, path, cache_dir / f"{key}.json", meta)
    return path


def _first_nights(source: Path, target: Path, nights: int) -> Path:
    """A copy of `source` holding its first `nights` nights and no kept records."""
    shutil.copyfile(source, target)
    conn = sqlite3.connect(target, isolation_level=None)
    try:
        conn.execute("DROP TRIGGER IF EXISTS events_no_delete")
        conn.execute("DELETE FROM events WHERE night > ?", (nights,))
        conn.execute("DROP TABLE IF EXISTS night_records")
        conn.execute("VACUUM")
    finally:
        conn.close()
    return target


def _read(db: Path) -> tuple[float, int]:
    """Seconds to read every night's record and work out the standings and the open
    balances (with their fewest transfers), and how many transfers that takes."""
    started = time.perf_counter()
    store = Store.open(db, create=False)
    try:
        records = list(night_records(store))
        renames = GroupBook(store).renames()  # as `standings` and `settle --open` do
        standings(records, renames)
        transfers = len(open_settlement(records, renames).transfers)
    finally:
        store.close()
    return time.perf_counter() - started, transfers


def _keep_at_the_end(db: Path) -> float:
    """Seconds the end of a night of ACTIONS actions takes to keep its record (what the
    dealer waits for after ending it), on the last night of `db`."""
    session = NightSession.open(db, NIGHTS, write=True)
    try:
        started = time.perf_counter()
        keep_if_over(session)
        return time.perf_counter() - started
    finally:
        session.close()


def run(cache_dir: Path, workdir: Path, quick: bool) -> dict[str, Any]:
    source = cached(cache_dir)
    rows = sqlite3.connect(source).execute("SELECT COUNT(*) FROM events").fetchone()[0]
    growth: dict[int, dict[str, float]] = {}
    for nights in (25, 50, 100, NIGHTS):
        db = _first_nights(source, workdir / f"history-{nights}.db", nights)
        cold, _ = _read(db)  # folds every night and keeps its record
        warm = [_read(db)[0] for _ in range(2 if quick else 5)]
        growth[nights] = {"cold_s": cold, "warm_s": statistics.median(warm)}
        if nights == NIGHTS:
            keep = statistics.median(_keep_at_the_end(db) for _ in range(3))
        db.unlink()
    return {"nights": NIGHTS, "actions_per_night": ACTIONS, "rows": rows,
            "growth": {str(n): g for n, g in growth.items()}, "keep_at_end_s": keep}


if __name__ == "__main__":
    import sys
    import tempfile

    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(run(here / ".cache", Path(tmp), "--quick" in sys.argv), indent=1))
