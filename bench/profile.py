"""`python -m bench.profile`: where the time of the benchmarked paths goes (cProfile).

Not part of `python -m bench`; run it when a figure misses its target. It uses the cached
night of `python -m bench` (run that first) and copies it, so the cache stays untouched.

  append   the Python work around one durable action (synchronous=OFF: the fsync is the
           bare commit's cost too, so what is left is the store's own overhead)
  replay   load_history of the long night, with the time spent in garbage collection
  open     NightSession.open of the long night (how often the night is replayed)
  tui      the table screen taking card and bet entries by keys on the 1,000-action night
           of bench/tui.py: TableScreen.send (store + redraw) under the profiler
  startup  the dealer's screen on that night from the app's start to its first frame
           (figure 5's "app start to the first frame"; run alone, `python -m bench.profile
           startup`, so that nothing is imported before it that the start-up imports)
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from bench.night_builder import Dealer, cached_night
from engine.contract import parse
from events.session import NightSession, load_history
from events.store import Store

if TYPE_CHECKING:
    from companion.commands import Command

HERE = Path(__file__).resolve().parent
NIGHT_ROWS = 100_000


def _print(profile: cProfile.Profile, sort: str, limit: int) -> None:
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.strip_dirs().sort_stats(sort).print_stats(limit)
    text = out.getvalue()
    print(text[text.find("   ncalls"):].rstrip() if "   ncalls" in text else text)


class GcClock:
    """Wall time spent inside the garbage collector, per generation."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.collections = [0, 0, 0]
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._start
            self.collections[info["generation"]] += 1

    def __enter__(self) -> GcClock:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


def profile_append(workdir: Path, actions: int, limit: int) -> None:
    session = NightSession.open(workdir / "append.db", write=True)
    dealer = Dealer(seed=7, mistakes=False)
    for _ in range(30):
        session.execute(parse(dealer.next_command(session)))
    session.store.conn.execute("PRAGMA synchronous = OFF")
    profile = cProfile.Profile()
    started = time.perf_counter()
    for _ in range(actions):
        command = parse(dealer.next_command(session))
        profile.enable()
        session.execute(command)
        profile.disable()
    print(f"== append: {actions} actions, {(time.perf_counter() - started) / actions * 1e6:.0f} "
          "µs each with the dealer and the profiler (synchronous=OFF)")
    _print(profile, "cumulative", limit)
    session.close()


def profile_replay(db: Path, night: int, limit: int) -> None:
    store = Store.open(db, create=False)
    (rows,) = store.conn.execute("SELECT COUNT(*) FROM events WHERE night = ?",
                                 (night,)).fetchone()
    with GcClock() as clock:
        started = time.perf_counter()
        load_history(store, night)
        plain = time.perf_counter() - started
    gc.collect()
    gc.disable()
    started = time.perf_counter()
    load_history(store, night)
    without_gc = time.perf_counter() - started
    gc.enable()
    gc.collect()
    print(f"== replay: {rows:,} rows; load_history {plain:.2f} s ({rows / plain:,.0f} ev/s), "
          f"of which {clock.seconds:.2f} s in the garbage collector "
          f"(collections per generation {clock.collections}); with gc disabled "
          f"{without_gc:.2f} s ({rows / without_gc:,.0f} ev/s)")
    profile = cProfile.Profile()
    profile.enable()
    load_history(store, night)
    profile.disable()
    _print(profile, "tottime", limit)
    store.close()


def profile_open(db: Path, limit: int) -> None:
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    session = NightSession.open(db, write=True)
    profile.disable()
    print(f"== open: NightSession.open(db, write=True) {time.perf_counter() - started:.2f} s "
          "under the profiler")
    session.close()
    _print(profile, "cumulative", limit)


def profile_tui(workdir: Path, limit: int) -> None:
    from bench import tui
    from screens.table import TableScreen

    cached, _ = tui.cached_tui_night(HERE / ".cache")
    db = workdir / "tui.db"
    shutil.copyfile(cached, db)
    profile = cProfile.Profile()
    send = TableScreen.send

    def profiled_send(self: TableScreen, command: Command) -> bool:
        profile.enable()
        try:
            return send(self, command)
        finally:
            profile.disable()

    setattr(TableScreen, "send", profiled_send)  # noqa: B010 - this process only
    try:
        played = tui.play(db, 4)
    finally:
        setattr(TableScreen, "send", send)  # noqa: B010
    entries = len(played["store_s"])
    print(f"== tui: {entries} entries on the {played['start_action']:,}-action night; "
          "TableScreen.send (store the command, redraw the screen) under the profiler")
    _print(profile, "cumulative", limit)


def profile_startup(workdir: Path, limit: int) -> None:
    import asyncio

    from bench import tui
    from companion.table import TableController

    cached, _ = tui.cached_tui_night(HERE / ".cache")
    db = workdir / "startup.db"
    shutil.copyfile(cached, db)
    controller = TableController.open(db)
    clock = tui.Clock()
    app = tui._timed_app(controller, clock)

    async def until_first_frame() -> None:
        async with app.run_test(size=tui.SIZE) as pilot:
            await pilot.pause()
            for _ in range(200):
                if clock.frame is not None:
                    break
                await asyncio.sleep(0.005)

    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    asyncio.run(until_first_frame())
    profile.disable()
    if clock.frame is None:
        raise SystemExit("no frame of the table screen was drawn")
    print(f"== startup: app start to the first frame {clock.frame - started:.2f} s under the "
          "profiler (the imports of screens.table included)")
    _print(profile, "cumulative", limit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="*",
                        choices=("append", "replay", "open", "tui", "startup", []),
                        default=[], help="which paths (default: all)")
    parser.add_argument("--limit", type=int, default=20, help="rows per profile")
    args = parser.parse_args(argv)
    what = args.what or ["append", "replay", "open", "tui", "startup"]
    (HERE / ".tmp").mkdir(exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="profile-", dir=HERE / ".tmp"))
    try:
        if "append" in what:
            profile_append(workdir, 1000, args.limit)
        if "replay" in what or "open" in what:
            cached, meta = cached_night(HERE / ".cache", NIGHT_ROWS)
            db = workdir / "night.db"
            shutil.copyfile(cached, db)
            if "replay" in what:
                profile_replay(db, int(meta["night"]), args.limit)
            if "open" in what:
                profile_open(db, args.limit)
        if "tui" in what:
            profile_tui(workdir, args.limit)
        if "startup" in what:
            profile_startup(workdir, args.limit)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
