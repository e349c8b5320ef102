"""Measurements that need a fresh process: `python -m bench.workers MODE DB [options]`.

Each mode prints one JSON object on stdout. The imports happen before any clock starts,
so the figures are the product's work, not Python's start-up.

  replay  DB NIGHT     rows of the night / time of `load_history` (median of --repeat)
  open    DB           time of `NightSession.open(DB, write=True)` to the state; then
                       undo/redo pairs on the open session, ru_maxrss, and a few table
                       actions on the long night
  memory  DB           the same open + undo/redo under tracemalloc: the traced peak
  build   CACHE_DIR    the cached benchmark night (built here, so that the parent process
                       stays small: a child's ru_maxrss starts at its parent's RSS at fork)
  tui-night CACHE_DIR  the cached 1,000-action night of the TUI benchmarks (bench/tui.py)
  settle  DB NIGHT     the long night settled: text, JSON and HTML (bench/settle.py)
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bench import settle
from bench.night_builder import Dealer, cached_night
from bench.tui import cached_tui_night
from engine.commands import Redo, Undo
from engine.contract import parse
from engine.rejection import Rejection
from events.session import NightSession, load_history
from events.store import Store


def _rows(store: Store, night: int) -> int:
    (count,) = store.conn.execute("SELECT COUNT(*) FROM events WHERE night = ?",
                                  (night,)).fetchone()
    return int(count)


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def _vmhwm_mb() -> float | None:
    """The peak RSS of this process image alone (Linux), a cross-check of ru_maxrss."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def replay(db: Path, night: int, repeat: int) -> dict[str, Any]:
    store = Store.open(db, create=False)
    try:
        rows = _rows(store, night)
        times = []
        cpu = []
        actions = 0
        for _ in range(repeat):
            started, started_cpu = time.perf_counter(), time.process_time()
            history = load_history(store, night)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            actions = history.last_action
            del history
            gc.collect()
    finally:
        store.close()
    median = statistics.median(times)
    return {"rows": rows, "actions": actions, "times_s": times, "median_s": median,
            "events_per_s": rows / median, "cpu_events_per_s": rows / statistics.median(cpu)}


def _undo_redo(session: NightSession, pairs: int) -> tuple[list[float], list[float]]:
    undo: list[float] = []
    redo: list[float] = []
    for _ in range(pairs):
        for command, times in ((Undo(), undo), (Redo(), redo)):
            started = time.perf_counter()
            done = session.execute(command)
            times.append(time.perf_counter() - started)
            if isinstance(done, Rejection):
                raise RuntimeError(f"{command.verb} was refused: {done.reason}")
    return undo, redo


def open_night(db: Path, night: int | None, pairs: int, actions: int) -> dict[str, Any]:
    rss_before = _maxrss_mb()
    started, started_cpu = time.perf_counter(), time.process_time()
    session = NightSession.open(db, night, write=True)
    state = session.state  # the state is available: what the screen draws
    open_s = time.perf_counter() - started
    open_cpu_s = time.process_time() - started_cpu  # steadier on a busy machine
    try:
        if session.read_only or session.night is None or not state.started:
            raise RuntimeError(f"the benchmark night did not open for writing: "
                               f"{session.read_only_reason or 'no open night'}")
        undo, redo = _undo_redo(session, pairs)
        rss_after = _maxrss_mb()
        hwm_after = _vmhwm_mb()
        dealer = Dealer(seed=11, mistakes=False)
        table = []
        for _ in range(actions):
            command = dealer.next_command(session)
            typed = parse(command)
            started = time.perf_counter()
            done = session.execute(typed)
            table.append(time.perf_counter() - started)
            if isinstance(done, Rejection):
                raise RuntimeError(f"{command} was refused: {done.reason}")
    finally:
        session.close()
    at_100 = []
    for _ in range(5):  # `state --at 100`: the night as of action 100, on the long night
        started = time.perf_counter()
        early = NightSession.open(db, night, write=False, at=100)
        early.view()
        at_100.append(time.perf_counter() - started)
        early.close()
    return {
        "open_s": open_s,
        "open_cpu_s": open_cpu_s,
        "at_100_median_s": statistics.median(at_100),
        "entries": len(session.history.entries),
        "undo_median_s": statistics.median(undo),
        "undo_max_s": max(undo),
        "redo_median_s": statistics.median(redo),
        "maxrss_mb_after_imports": rss_before,
        "maxrss_mb": rss_after,
        "vmhwm_mb": hwm_after,
        "table_action_median_s": statistics.median(table) if table else None,
    }


def memory(db: Path, pairs: int) -> dict[str, Any]:
    tracemalloc.start()
    session = NightSession.open(db, write=True)
    try:
        opened_peak = tracemalloc.get_traced_memory()[1]
        _undo_redo(session, pairs)
        current, peak = tracemalloc.get_traced_memory()
    finally:
        session.close()
        tracemalloc.stop()
    return {"tracemalloc_peak_mb": peak / 2**20, "tracemalloc_open_peak_mb": opened_peak / 2**20,
            "tracemalloc_held_mb": current / 2**20}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.workers")
    parser.add_argument("mode", choices=("replay", "open", "memory", "build", "tui-night",
                                           "settle"))
    parser.add_argument("db", type=Path)
    parser.add_argument("--night", type=int)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--actions", type=int, default=0)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    if args.mode == "replay":
        result = replay(args.db, args.night or 1, args.repeat)
    elif args.mode == "build":
        path, meta = cached_night(args.db, args.rows, rebuild=args.rebuild)
        result = {**meta, "path": str(path)}
    elif args.mode == "tui-night":
        path, meta = cached_tui_night(args.db, rebuild=args.rebuild)
        result = {**meta, "path": str(path)}
    elif args.mode == "settle":
        result = settle.whole_night(args.db, args.night or 1)
    elif args.mode == "open":
        result = open_night(args.db, args.night, args.pairs, args.actions)
    else:
        result = memory(args.db, args.pairs)
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
