"""`python -m bench`: every benchmark, then one table of figures, targets and PASS/MISS.

Run from the project root. See bench/README.md for what each figure means.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import append, history, settle, startup, tui

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = HERE / ".cache"
TMP = HERE / ".tmp"
NIGHT_ROWS = 100_000
MB = 1.0


@dataclass
class Figure:
    name: str
    value: float | None
    shown: str
    target: str = ""
    ok: bool | None = None  # None: for information, no target

    @property
    def verdict(self) -> str:
        return "" if self.ok is None else ("PASS" if self.ok else "MISS")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _worker(mode: str, db: Path, *args: str, show_progress: bool = False) -> dict[str, Any]:
    """Run one measurement in a fresh Python process; its JSON answer."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-m", "bench.workers", mode, str(db), *args],
                          cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, check=False,
                          stderr=None if show_progress else subprocess.PIPE)
    if done.returncode != 0:
        raise SystemExit(f"bench.workers {mode} failed:\n{done.stderr or '(see above)'}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _fresh_copy(source: Path, workdir: Path, name: str) -> Path:
    """A copy of the cached night for a run that writes to it (undo, redo, actions)."""
    target = workdir / name
    shutil.copyfile(source, target)
    return target


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> list[Figure]:
    figures: list[Figure] = []
    TMP.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="run-", dir=TMP))
    try:
        _say(f"night of {NIGHT_ROWS:,} events: {CACHE.relative_to(ROOT)}/ ...")
        meta = _worker("build", CACHE, "--rows", str(NIGHT_ROWS),
                       *(["--rebuild"] if args.rebuild else []), show_progress=True)
        db = Path(meta["path"])
        built = ("cached" if meta["cached"] else "built") + f", building took {meta['build_s']} s"
        _say(f"  {db.name}: {meta['rows']:,} rows, {meta['actions']:,} actions ({built})")
        night = int(meta["night"])

        # 1. durable append
        _say("1. durable append (store vs bare sqlite, interleaved) ...")
        result = append.run(workdir, rounds=150 if args.quick else 800)
        ratio_ok = result["ratio"] <= 1.3
        figures += [
            Figure("1 store action, median (NightSession.execute)", result["store_median_s"],
                   _ms(result["store_median_s"])),
            Figure("  bare sqlite BEGIN/INSERT/COMMIT, median", result["bare_median_s"],
                   _ms(result["bare_median_s"])),
            Figure("  ratio store / bare", result["ratio"], f"{result['ratio']:.2f}",
                   "<= 1.3", ratio_ok),
            Figure("  (info) store - bare, median of neighbours", result["overhead_median_s"],
                   _ms(result["overhead_median_s"])),
            Figure("  (info) store action, synchronous=OFF, median",
                   result["nosync_store_median_s"], _ms(result["nosync_store_median_s"])),
            Figure("  (info) bare commit, synchronous=OFF, median",
                   result["nosync_bare_median_s"], _ms(result["nosync_bare_median_s"])),
        ]
        _say(f"  {result['samples']} samples each; p90 store {_ms(result['store_p90_s'])}, "
             f"bare {_ms(result['bare_p90_s'])}; median store - bare of neighbours "
             f"{_ms(result['overhead_median_s'])}; bare commits of 2 ms or more (slow "
             f"fsync phases): {result['slow_fsync_share']:.0%}; commands {result['commands']}, "
             f"{result['rows_per_action']:.2f} rows per action")

        # 2. replay and open
        _say("2. replay the night (fresh process) ...")
        replay = _worker("replay", _fresh_copy(db, workdir, "replay.db"), "--night", str(night),
                         "--repeat", "2" if args.quick else "3")
        figures.append(Figure("2 replay: load_history, events/s", replay["events_per_s"],
                              f"{replay['events_per_s']:,.0f} ev/s", ">= 100,000",
                              replay["events_per_s"] >= 100_000))
        _say(f"  {replay['rows']:,} rows in " +
             ", ".join(f"{t:.2f}" for t in replay["times_s"]) + " s (median taken); by CPU "
             f"time {replay['cpu_events_per_s']:,.0f} ev/s")

        _say("2/3. open the night for writing, undo/redo (fresh process) ...")
        opened = _worker("open", _fresh_copy(db, workdir, "open.db"),
                         "--pairs", "5" if args.quick else "15", "--actions", "25")
        figures.append(Figure("  open night to state: NightSession.open", opened["open_s"],
                              f"{opened['open_s']:.2f} s", "<= 1 s", opened["open_s"] <= 1.0))
        _say(f"  open {opened['open_s']:.2f} s; by CPU time {opened['open_cpu_s']:.2f} s")
        figures.append(Figure("  the night as of action 100 (state --at 100), median",
                              opened["at_100_median_s"], _ms(opened["at_100_median_s"]),
                              "<= 50 ms", opened["at_100_median_s"] <= 0.050))
        given = _worker("open", _fresh_copy(db, workdir, "given.db"), "--night", str(night),
                        "--pairs", "1")
        figures.append(Figure("  (info) open with the night id given", given["open_s"],
                              f"{given['open_s']:.2f} s"))

        figures += [
            Figure("3 undo on the long night, median", opened["undo_median_s"],
                   _ms(opened["undo_median_s"]), "<= 50 ms", opened["undo_median_s"] <= 0.050),
            Figure("  (info) redo, median", opened["redo_median_s"],
                   _ms(opened["redo_median_s"])),
            Figure("  (info) table action on the long night, median",
                   opened["table_action_median_s"], _ms(opened["table_action_median_s"])),
        ]
        _say(f"  {opened['entries']:,} effective actions in memory; slowest undo "
             f"{_ms(opened['undo_max_s'])}")

        _say("3. peak memory of open + undo (fresh process, tracemalloc) ...")
        mem = _worker("memory", _fresh_copy(db, workdir, "memory.db"), "--pairs", "3")
        figures += [
            Figure("  peak memory, tracemalloc (open + undo)", mem["tracemalloc_peak_mb"],
                   f"{mem['tracemalloc_peak_mb']:.0f} MB", "<= 200 MB",
                   mem["tracemalloc_peak_mb"] <= 200 * MB),
            Figure("  peak memory, ru_maxrss (open + undo)", opened["maxrss_mb"],
                   f"{opened['maxrss_mb']:.0f} MB", "<= 200 MB", opened["maxrss_mb"] <= 200 * MB),
        ]
        _say(f"  ru_maxrss after imports, before opening: "
             f"{opened['maxrss_mb_after_imports']:.0f} MB; VmHWM after open + undo: "
             f"{opened['vmhwm_mb'] or 0:.0f} MB")

        _say("7. the settlement: the hardest fewest-transfers search; the long night settled")
        figures += _settle(args, db, night)
        figures += _tui(args, workdir)
        figures += _help(args)
        figures += _history(args, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return figures


def _settle(args: argparse.Namespace, db: Path, night: int) -> list[Figure]:
    repeat = 3 if args.quick else 7
    fifteen = settle.transfers(15, repeat)
    limit = settle.transfers(fifteen["exact_limit"], max(1, repeat // 2))
    whole = _worker("settle", db, "--night", str(night))
    return [
        Figure("7 fewest transfers, 15 players, hardest case, median", fifteen["median_s"],
               _ms(fifteen["median_s"]), "<= 1 s", fifteen["median_s"] <= 1.0),
        Figure(f"  (info) the same at the exact limit, {limit['players']} players",
               limit["median_s"], _ms(limit["median_s"])),
        Figure(f"  settle the long night ({whole['players']} players)",
               whole["settle_s"], _ms(whole["settle_s"]), "<= 1 s", whole["settle_s"] <= 1.0),
        Figure("  (info) text + JSON + HTML with QR codes", whole["outputs_s"],
               _ms(whole["outputs_s"])),
    ]


def _history(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    _say(f"8. the table's history: {history.NIGHTS} nights of {history.ACTIONS:,} actions "
         "(built once into the cache) ...")
    h = history.run(CACHE, workdir, args.quick)
    growth = h["growth"]
    whole = growth[str(history.NIGHTS)]
    _say(f"  {h['rows']:,} rows; nights -> kept records read + standings (first read, "
         "folding every night): " + ", ".join(
             f"{n}: {_ms(g['warm_s'])} ({g['cold_s']:.2f} s)" for n, g in growth.items()))
    return [
        Figure(f"8 standings + open balances, {history.NIGHTS} nights", whole["warm_s"],
               _ms(whole["warm_s"]), "<= 1 s", whole["warm_s"] <= 1.0),
        Figure("  (info) the first read, folding every night", whole["cold_s"],
               f"{whole['cold_s']:.2f} s"),
        Figure("  (info) a night's end keeping its record", h["keep_at_end_s"],
               _ms(h["keep_at_end_s"])),
    ]


def _tui(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    """4-6: the dealer's screen (bench/tui.py), headless at 120x40, on a 1,000-action night."""
    meta = _worker("tui-night", CACHE, *(["--rebuild"] if args.rebuild else []))
    _say(f"4-6. the dealer's screen on a night of {meta['actions']:,} actions "
         f"({'cached' if meta['cached'] else 'built'}): start-up runs, then turns by keys ...")
    raw = tui.run(Path(meta["path"]), workdir, quick=args.quick, say=_say)
    t = tui.summary(raw)
    figures = []
    for digits, name in ((1, "4 keys for a whole turn, one-digit bet"),
                         (2, "  keys for a whole turn, two-digit bet")):
        count = t[f"keys_{digits}_digit" + ("" if digits == 1 else "s")]
        figures.append(Figure(name, count, "none played" if count is None else f"{count} keys",
                              "<= 9", count is not None and count <= 9))
    figures += [
        Figure("5 start-up to the table's first frame, median", t["startup_s"],
               f"{t['startup_s']:.2f} s", "<= 0.8 s", t["startup_s"] <= 0.8),
        Figure("  (info) the same with Python's bytecode cached", t["startup_cached_s"],
               f"{t['startup_cached_s']:.2f} s"),
        Figure("  (info) interpreter start-up (spawn to first line)", t["interpreter_s"],
               "n/a" if t["interpreter_s"] is None else _ms(t["interpreter_s"])),
        Figure("  (info) imports: companion.cli, companion.app", t["imports_s"],
               _ms(t["imports_s"])),
        Figure("  (info) TableController.open of the night", t["open_s"], _ms(t["open_s"])),
        Figure("  (info) app start to the first frame", t["app_s"], _ms(t["app_s"])),
        Figure("6 key to screen, card entry, median", t["latency_s"], _ms(t["latency_s"]),
               "<= 50 ms", t["latency_s"] <= 0.050),
        Figure("  (info) key to screen, p90", t["latency_p90_s"], _ms(t["latency_p90_s"])),
        Figure("  (info) key handled: stored and redrawn, median", t["handled_s"],
               _ms(t["handled_s"])),
        Figure("  (info) of which TableController.send, median", t["store_s"],
               _ms(t["store_s"])),
        Figure("  (info) of which TableScreen.redraw, median", t["redraw_s"],
               _ms(t["redraw_s"])),
        Figure("  (info) pilot.press(key) + pilot.pause(), median", t["pilot_s"],
               _ms(t["pilot_s"])),
    ]
    _say(f"  {t['turns']} turns by keys (actions {t['start_action']:,} to {t['end_action']:,}),"
         f" {t['entries']} card entries timed; key to screen of the turn's cards (second, "
         f"third) {_ms(t['latency_turn_cards_s'])}, slowest {_ms(t['latency_max_s'])}")
    return figures


def _help(args: argparse.Namespace) -> list[Figure]:
    """9: `companion --help` against a bare Python importing sqlite3 (bench/startup.py)."""
    _say("9. companion --help against python -c 'import sqlite3' (fresh processes) ...")
    h = startup.run(rounds=5 if args.quick else 15)
    _say(f"  {h['rounds']} runs each; CPU companion --help {_ms(h['help_cpu_s'])}, "
         f"bare {_ms(h['bare_cpu_s'])} ({h['cpu_ratio']:.2f}x)")
    return [
        Figure("9 companion --help, median", h["help_s"], _ms(h["help_s"])),
        Figure("  python -c 'import sqlite3', median", h["bare_s"], _ms(h["bare_s"])),
        Figure("  ratio --help / bare", h["ratio"], f"{h['ratio']:.2f}", "<= 2",
               h["ratio"] <= 2.0),
    ]


def table(figures: list[Figure]) -> str:
    width = max(len(f.name) for f in figures)
    lines = [f"{'benchmark':<{width}}  {'figure':>14}  {'target':<12} result",
             "-" * (width + 36)]
    for f in figures:
        lines.append(f"{f.name:<{width}}  {f.shown:>14}  {f.target:<12} {f.verdict}".rstrip())
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the cached night")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures here")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    if Path.cwd().resolve() != ROOT:
        os.chdir(ROOT)
    started = time.perf_counter()
    figures = run(args)
    print()
    print(f"table companion benchmarks — {platform.python_implementation()} "
          f"{platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
          f"{os.cpu_count()} cores, disk of {ROOT}")
    print(table(figures))
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(
            [{"name": f.name.strip(), "value": f.value, "shown": f.shown, "target": f.target,
              "result": f.verdict} for f in figures], indent=1) + "\n")
    missed = [f for f in figures if f.ok is False]
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
