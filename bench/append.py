"""Benchmark 1: one durable dealer action through the store vs. a bare SQLite commit.

Both write to files in the same temporary folder (on the project's disk, not tmpfs) with
journal_mode=WAL and synchronous=FULL, so both pay the same fsync per transaction. They
run interleaved — one store action, one bare commit, then the other way round (A B B A
...) — so the disk's changing moods (on this VM an fsync takes 0.3 ms or 4 ms, in runs)
and the machine's load hit both alike. A second, shorter pass runs both with
synchronous=OFF: the store's own cost per action, whatever the disk (for information).
"""

from __future__ import annotations

import hashlib
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

from bench.night_builder import Dealer
from engine.contract import parse
from engine.rejection import Rejection
from events.session import NightSession
from events.store import now

BARE_SCHEMA = """
CREATE TABLE events (
   seq INTEGER PRIMARY KEY, night INTEGER NOT NULL, action INTEGER NOT NULL,
   type TEXT NOT NULL, version INTEGER NOT NULL, payload TEXT NOT NULL,
   created_at TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL
) STRICT;
CREATE INDEX events_by_night ON events (night, seq);
"""
BARE_PAYLOAD = '{"card":"10h","player":"Cleo","slot":"second"}'  # a CardDealt row's payload


class BareLog:
    """The floor: one row per transaction, BEGIN / INSERT / COMMIT, nothing else."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")
        self.conn.executescript(BARE_SCHEMA)
        self.action = 0
        self.prev = "0" * 64

    def next_row(self) -> tuple[Any, ...]:
        self.action += 1
        digest = hashlib.sha256(f"{self.prev}{self.action}".encode()).hexdigest()
        row = (1, self.action, "CardDealt", 1, BARE_PAYLOAD, now(), self.prev, digest)
        self.prev = digest
        return row

    def append(self, row: tuple[Any, ...]) -> None:
        self.conn.execute("BEGIN")
        self.conn.execute(
            "INSERT INTO events (night, action, type, version, payload, created_at, prev_hash, "
            "hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
        self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()


def run(workdir: Path, *, rounds: int, block: int = 1, warmup: int = 30) -> dict[str, Any]:
    """Median latencies (seconds) of a dealer action and of a bare commit, and their ratio."""
    session = NightSession.open(workdir / "append.db", write=True)
    bare = BareLog(workdir / "bare.db")
    dealer = Dealer(seed=7, mistakes=False)
    commands: dict[str, int] = {}
    rows_per_action: list[int] = []

    def session_block(samples: list[float] | None) -> None:
        for _ in range(block):
            command = dealer.next_command(session)  # typing the action is not timed
            typed = parse(command)
            before = session.history.last_action
            started = time.perf_counter()
            done = session.execute(typed)
            elapsed = time.perf_counter() - started
            if isinstance(done, Rejection) or session.history.last_action != before + 1:
                raise RuntimeError(f"the benchmark's command was refused: {command}: {done}")
            if samples is not None:
                samples.append(elapsed)
                commands[command["cmd"]] = commands.get(command["cmd"], 0) + 1
                rows_per_action.append(1 + len(done.events))

    def bare_block(samples: list[float] | None) -> None:
        for _ in range(block):
            row = bare.next_row()
            started = time.perf_counter()
            bare.append(row)
            elapsed = time.perf_counter() - started
            if samples is not None:
                samples.append(elapsed)

    def interleaved(count: int, store_times: list[float], bare_times: list[float]) -> None:
        for number in range(count):
            if number % 2 == 0:
                session_block(store_times)
                bare_block(bare_times)
            else:
                bare_block(bare_times)
                session_block(store_times)

    store_times: list[float] = []
    bare_times: list[float] = []
    cpu_store: list[float] = []
    cpu_bare: list[float] = []
    try:
        for _ in range(max(1, warmup // block)):  # first pages, caches, the start of the night
            session_block(None)
            bare_block(None)
        interleaved(rounds, store_times, bare_times)
        # The same without the fsync: what the store adds on any disk (not the target).
        for conn in (session.store.conn, bare.conn):
            conn.execute("PRAGMA synchronous = OFF")
        interleaved(max(50, rounds // 2), cpu_store, cpu_bare)
    finally:
        session.close()
        bare.close()
    overhead = [s - b for s, b in zip(store_times, bare_times, strict=True)]  # neighbours in time
    store_median = statistics.median(store_times)
    bare_median = statistics.median(bare_times)
    return {
        "store_median_s": store_median,
        "bare_median_s": bare_median,
        "ratio": store_median / bare_median,
        "store_p90_s": statistics.quantiles(store_times, n=10)[-1],
        "bare_p90_s": statistics.quantiles(bare_times, n=10)[-1],
        "overhead_median_s": statistics.median(overhead),
        "nosync_store_median_s": statistics.median(cpu_store),
        "nosync_bare_median_s": statistics.median(cpu_bare),
        "slow_fsync_share": sum(1 for t in bare_times if t >= 0.002) / len(bare_times),
        "samples": len(store_times),
        "commands": commands,
        "rows_per_action": statistics.mean(rows_per_action),
    }
