"""The dealer's screen under the clock: keystrokes per turn, start-up, key-to-screen latency.

`python -m bench` calls `run` here; the measurements themselves happen in fresh processes
(`python -m bench.tui MODE DB`), each printing one JSON object on stdout:

  startup DB   the `companion` start-up on DB, headless at 120×40, until the first frame
               of the table screen: a line on stdout the moment that frame is composed
               (the parent's clock stops there), then its own clock readings at its very
               first line, after the imports, with the night open, and at that frame
  keys DB      plays In-Between turns on DB by keys through Textual's Pilot: the keys a
               whole turn takes (second card, bet, third card) and, for every card entry,
               the time from the key event that completes the card to the first frame
               that shows its result

The night (`cached_tui_night`, built by `python -m bench.workers tui-night`) is 1,000
dealer actions by `bench.night_builder.Dealer`, mistakes included, played on until a
second card is expected, so the screen opens on a turn.

Nothing heavy is imported at the top of this module: for `startup`, the clock starts at
the first line below, before Python has seen companion, textual, engine or events; and
`python -m bench` imports it without growing (its children inherit its RSS at fork).
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # the child's first clock reading: before any other import

import argparse  # noqa: E402
import hashlib  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
    from companion.app import CompanionApp
    from companion.commands import Command
    from companion.table import TableController
    from events.session import NightSession

ROOT = Path(__file__).resolve().parent.parent
SIZE = (120, 40)
TUI_ACTIONS = 1_000
TUI_SEED = 20241130
TUI_BUILD_VERSION = 1
RANK_KEYS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "t",
             11: "j", 12: "q", 13: "k", 14: "a"}
SUIT_KEYS = "cdhs"


# --- the night ------------------------------------------------------------------------------

def _at_second_card(session: NightSession) -> bool:
    from engine import night as night_rules

    state = session.state
    info = night_rules.expect(state)
    return (state.game is not None and info.get("kind") == "card"
            and info.get("slot") == "second")


def build_tui_night(path: Path, actions: int = TUI_ACTIONS) -> dict[str, Any]:
    """Write a night of `actions` dealer actions (then on to a second card) to `path`."""
    from bench.night_builder import Dealer, count_rows, execute_valid
    from events.session import NightSession

    if path.exists():
        path.unlink()
    session = NightSession.open(path, write=True)
    session.store.conn.execute("PRAGMA synchronous = OFF")  # building only
    dealer = Dealer(seed=TUI_SEED)
    try:
        while session.history.last_action < actions or not _at_second_card(session):
            execute_valid(session, dealer)
            if session.history.last_action > actions + 500:
                raise RuntimeError("the dealer never came to a second card")
        meta = {"actions": session.history.last_action, "rows": count_rows(session),
                "night": session.night, "players": len(session.state.present)}
        session.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        session.close()
    return meta


def tui_fingerprint() -> str:
    from bench.night_builder import fingerprint

    digest = hashlib.sha256(f"{TUI_BUILD_VERSION}:{TUI_SEED}:{fingerprint()}".encode())
    digest.update(inspect.getsource(build_tui_night).encode())
    digest.update(inspect.getsource(_at_second_card).encode())
    return digest.hexdigest()[:12]


def cached_tui_night(cache_dir: Path, actions: int = TUI_ACTIONS, *, rebuild: bool = False
                     ) -> tuple[Path, dict[str, Any]]:
    """The database file of the TUI benchmarks' night, built once per fingerprint."""
    from bench.night_builder import publish

    key = f"tui-night-{actions}-v{TUI_BUILD_VERSION}-{tui_fingerprint()}"
    path, meta_path = cache_dir / f"{key}.db", cache_dir / f"{key}.json"
    if not rebuild and path.exists() and meta_path.exists():
        return path, {**json.loads(meta_path.read_text()), "cached": True}
    cache_dir.mkdir(parents=True, exist_ok=True)
    for old in cache_dir.glob(f"tui-night-{actions}-*"):
        old.unlink()
    partial = cache_dir / f"{key}.building.db"
    started = time.perf_counter()
    meta = build_tui_night(partial, actions)
    meta["build_s"] = round(time.perf_counter() - started, 2)
    return publish(partial, path, meta_path, meta)


# --- the app with a clock on its frames (child processes only) ------------------------------

@dataclass
class Watch:
    """One key being timed: from its key event to the first frame showing the entry taken."""

    key: str
    prompt: str  # the prompt before the entry; the result shows once it is another
    # Textual's clock (textual._time.get_time, monotonic) for all three:
    key_time: float | None = None  # when the key event was made (as a driver makes it)
    handled: float | None = None  # when TableScreen.send returned (stored and redrawn)
    shown: float | None = None  # when the first frame with a new prompt was composed


@dataclass
class Clock:
    frame: float | None = None  # the first frame of the table screen (perf_counter)
    announce: bool = False  # print a line at the first frame (for the parent's clock)
    watch: Watch | None = None
    store_s: list[float] = field(default_factory=list)  # TableController.send
    redraw_s: list[float] = field(default_factory=list)  # TableScreen.redraw
    # (action, wall-clock time) of each action recorded, for another process to compare with
    commits: list[tuple[int, float]] = field(default_factory=list)


def _timed_app(controller: TableController, clock: Clock) -> CompanionApp:
    """CompanionApp whose frames are noted. Headless, Textual composes every frame but does
    not turn it into terminal bytes; here it does (all but the write to the terminal)."""
    from rich.console import RenderableType
    from textual._compositor import CompositorUpdate
    from textual._time import get_time
    from textual.screen import Screen

    from companion.app import CompanionApp
    from screens.table import TableScreen
    from screens.widgets import EntryBar

    class TimedApp(CompanionApp):
        def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
            super()._display(screen, renderable)
            if renderable is None or self._batch_count or not isinstance(screen, TableScreen):
                return
            if self.is_headless and isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)
            now = get_time()
            entry = screen.query_one(EntryBar)
            if clock.frame is None and entry.prompt:
                clock.frame = time.perf_counter()
                if clock.announce:  # straight to fd 1: the app redirects sys.stdout
                    os.write(1, (json.dumps({"frame": clock.frame}) + "\n").encode())
            watch = clock.watch
            if (watch is not None and watch.key_time is not None and watch.shown is None
                    and (entry.prompt != watch.prompt or entry.problem)):
                watch.shown = now

    return TimedApp(controller, "en")


def _time_calls(clock: Clock, controller: TableController) -> None:
    """Note how long storing and redrawing take (this process only; the product is unchanged)."""
    from textual._time import get_time

    from screens.table import TableScreen

    send = controller.send
    redraw = TableScreen.redraw
    screen_send = TableScreen.send

    def timed_send(command: Command) -> Any:
        started = time.perf_counter()
        try:
            answer = send(command)
        finally:
            clock.store_s.append(time.perf_counter() - started)
        if answer.ok and answer.action is not None:
            clock.commits.append((answer.action, time.time()))
        return answer

    def timed_redraw(self: TableScreen, problem: str | None = None) -> None:
        started = time.perf_counter()
        redraw(self, problem)
        clock.redraw_s.append(time.perf_counter() - started)

    def noted_send(self: TableScreen, command: Command) -> bool:
        done = screen_send(self, command)
        if clock.watch is not None and clock.watch.handled is None:
            clock.watch.handled = get_time()
        return done

    setattr(controller, "send", timed_send)  # noqa: B010 - patching an instance on purpose
    setattr(TableScreen, "redraw", timed_redraw)  # noqa: B010
    setattr(TableScreen, "send", noted_send)  # noqa: B010


def _message_hook(clock: Clock) -> Callable[[Any], None]:
    from textual import events

    def hook(message: Any) -> None:
        watch = clock.watch
        if (watch is not None and watch.key_time is None and isinstance(message, events.Key)
                and message.key == watch.key):
            watch.key_time = message.time  # made just before Pilot hands it to the driver
    return hook


# --- startup --------------------------------------------------------------------------------

def startup(db: Path) -> dict[str, Any]:
    """Like `companion --db DB` (imports of the CLI and the app, open the latest night, the
    app), headless, until the table screen's first frame; then quit."""
    import asyncio

    import companion.cli  # noqa: F401 - what the `companion` command imports first
    from companion import app as _app  # noqa: F401
    from companion.table import TableController

    imported = time.perf_counter()
    controller = TableController.open(db)
    opened = time.perf_counter()
    if controller.read_only_reason:
        raise RuntimeError(f"the night opened read-only: {controller.read_only_reason}")
    clock = Clock(announce=True)
    app = _timed_app(controller, clock)
    paused: float | None = None

    async def until_first_frame() -> None:
        nonlocal paused
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            paused = time.perf_counter()
            for _ in range(200):
                if clock.frame is not None:
                    break
                await asyncio.sleep(0.005)
            if type(app.screen).__name__ != "TableScreen":
                raise RuntimeError(f"the app shows {type(app.screen).__name__}, not the table")

    asyncio.run(until_first_frame())
    if clock.frame is None:
        raise RuntimeError("no frame of the table screen was drawn")
    return {"started": STARTED, "imported": imported, "opened": opened, "frame": clock.frame,
            "paused": paused, "clock": time.get_clock_info("perf_counter").implementation}


# --- keys -----------------------------------------------------------------------------------

def _available(state: Any) -> list[tuple[int, str]]:
    """Cards (rank, suit) the deck tracker accepts now."""
    out = [(card.rank, card.suit) for card in state.game.deck.cards]
    full = {rank for rank in RANK_KEYS if sum(1 for r, _ in out if r == rank) >= 4}
    return [(rank, suit) for rank in RANK_KEYS for suit in SUIT_KEYS
            if rank not in full and (rank, suit) not in out]


def _choose_card(state: Any, info: dict[str, Any], rng: random.Random) -> tuple[int, str]:
    """A wide spread for the second card (so a bet makes sense); a losing third card where
    one is left (the pot grows, two-digit bets stay possible), never a post."""
    cards = _available(state)
    game = state.game
    if info.get("slot") == "second":
        first = next(card.rank for name, card in game.first_cards if name == info["player"])
        widest = max(abs(rank - first) for rank, _ in cards)
        return rng.choice([c for c in cards if abs(c[0] - first) == widest])
    if info.get("slot") == "third":
        low, high = sorted(card.rank for card in game.hand[:2])
        outside = [c for c in cards if c[0] < low or c[0] > high]
        return rng.choice(outside or [c for c in cards if low < c[0] < high])
    return rng.choice(cards)


class Keys:
    """Every key goes through here: Pilot presses it, and it is counted."""

    def __init__(self, pilot: Any, clock: Clock, pace_s: float = 0.0) -> None:
        self.pilot = pilot
        self.clock = clock
        self.pace_s = pace_s  # a dealer's pause before each entry (0: as fast as it goes)
        self.count = 0
        self.latency: list[dict[str, Any]] = []
        self.pilot_s: list[float] = []  # pilot.press(suit) + pilot.pause(), for comparison

    async def press(self, *keys: str) -> None:
        self.count += len(keys)
        await self.pilot.press(*keys)

    async def pause(self) -> None:
        """The dealer looks at the cards before the next entry."""
        if self.pace_s:
            import asyncio

            await asyncio.sleep(self.pace_s)

    async def card(self, app: Any, card: tuple[int, str], slot: str) -> str:
        """Type `card`: its rank key, then its suit key if the app still waits for one (a
        game that ignores suits takes the card at the rank key). The key that completes the
        entry is timed from its key event to the first frame showing the result. Returns the
        card as the keys spelled it."""
        from screens.widgets import EntryBar

        controller: TableController = app.controller
        before = controller.json_view()["last_action"]
        rank, suit = card
        typed = ""
        await self.pause()
        for key in (RANK_KEYS[rank], suit):
            typed += key
            watch = Watch(key, app.screen.query_one(EntryBar).prompt)
            self.clock.watch = watch
            started = time.perf_counter()
            await self.press(key)
            await self.pilot.pause()
            pilot_s = time.perf_counter() - started
            if watch.handled is None:  # the entry is not whole yet: the suit comes next
                self.clock.watch = None
                continue
            await _until_shown(watch, self.pilot)
            self.clock.watch = None
            if watch.key_time is None or watch.shown is None:
                raise RuntimeError(f"the card entry {typed} was not seen through: {watch}")
            if controller.json_view()["last_action"] != before + 1:
                entry = app.screen.query_one(EntryBar)
                raise RuntimeError(f"the card {typed} was not recorded: {entry.problem}")
            self.pilot_s.append(pilot_s)
            self.latency.append({"slot": slot, "keys": len(typed),
                                 "key_to_frame_s": watch.shown - watch.key_time,
                                 "key_to_handled_s": watch.handled - watch.key_time})
            return typed
        raise RuntimeError(f"the app did not take the card {typed} at its suit key")


async def _until_shown(watch: Watch, pilot: Any, timeout: float = 2.0) -> None:
    """Wait for the frame that shows the entry (Pilot's waits have mostly seen it already)."""
    import asyncio

    waited = 0.0
    while watch.shown is None and waited < timeout:
        await asyncio.sleep(0.005)
        waited += 0.005
    if watch.shown is None:
        await pilot.pause()


def _bet_for(digits: int, limit: int) -> int:
    if digits == 2 and limit >= 10:
        return min(limit, 12)
    return min(limit, 5)


async def _turn(app: Any, keys: Keys, digits: int, rng: random.Random) -> dict[str, Any]:
    """One whole turn by keys, counted from 'second card' until the third card is recorded."""
    controller: TableController = app.controller
    before = controller.json_view()
    info = before["expect"]
    if info.get("kind") != "card" or info.get("slot") != "second":
        raise RuntimeError(f"a turn starts at a second card, not at {info}")
    player = info["player"]
    counted_from = keys.count
    second = await keys.card(app, _choose_card(controller.session.state, info, rng), "second")
    bet_info = controller.json_view()["expect"]
    if bet_info.get("kind") != "bet" or bet_info.get("player") != player:
        raise RuntimeError(f"after the second card the app expects {bet_info}")
    amount = _bet_for(digits, int(bet_info["max"]))
    await keys.pause()
    await keys.press(*str(amount), "enter")
    third_info = controller.json_view()["expect"]
    if third_info.get("slot") != "third" or third_info.get("player") != player:
        raise RuntimeError(f"after the bet of {amount} the app expects {third_info}")
    third = await keys.card(app, _choose_card(controller.session.state, third_info, rng),
                            "third")
    turn_keys = keys.count - counted_from
    after = controller.json_view()
    typed = [{"cmd": "card", "card": second}, {"cmd": "bet", "amount": amount},
             {"cmd": "card", "card": third}]
    recorded = [line.entered for line in controller.log()[-3:]]
    moved_on = ((after["turn"], after.get("round"), after["dealer"])
                != (before["turn"], before.get("round"), before["dealer"]))
    if (after["last_action"] != before["last_action"] + 3 or recorded != typed or not moved_on
            or (after["expect"].get("player") == player
                and after["expect"].get("slot") == "third")):
        raise RuntimeError(f"the turn of {player} did not complete: recorded {recorded}, "
                           f"typed {typed}, now {after['expect']}")
    return {"player": player, "bet": amount, "digits": len(str(amount)), "keys": turn_keys,
            "second": second, "third": third,
            "next": after["expect"].get("prompt")}


async def _to_a_second_card(app: Any, keys: Keys, rng: random.Random) -> None:
    """Type what the table expects (first cards, a pass) until a second card is expected."""
    controller: TableController = app.controller
    for _ in range(60):
        info = controller.json_view()["expect"]
        if info.get("kind") == "card" and info.get("slot") == "second":
            return
        if info.get("kind") == "card":
            await keys.card(app, _choose_card(controller.session.state, info, rng),
                            str(info.get("slot")))
        elif info.get("kind") == "bet":
            await keys.pause()
            await keys.press("p")
        else:
            raise RuntimeError(f"the benchmark cannot play on from {info}")
    raise RuntimeError("no second card came")


def play(db: Path, turns: int, pace_s: float = 0.0, seconds: float | None = None
         ) -> dict[str, Any]:
    """`turns` whole turns by keys (or as many as `seconds` allow), `pace_s` between
    entries."""
    import asyncio

    from companion.table import TableController

    controller = TableController.open(db)
    if controller.read_only_reason:
        raise RuntimeError(f"the night opened read-only: {controller.read_only_reason}")
    clock = Clock()
    app = _timed_app(controller, clock)
    _time_calls(clock, controller)
    rng = random.Random(TUI_SEED)
    result: dict[str, Any] = {"start_action": controller.json_view()["last_action"]}

    async def session() -> None:
        async with app.run_test(size=SIZE, message_hook=_message_hook(clock)) as pilot:
            await pilot.pause()
            if type(app.screen).__name__ != "TableScreen":
                raise RuntimeError(f"the app shows {type(app.screen).__name__}")
            keys = Keys(pilot, clock, pace_s)
            done = []
            until = None if seconds is None else time.monotonic() + seconds
            number = 0
            while number < turns if until is None else time.monotonic() < until:
                await _to_a_second_card(app, keys, rng)
                done.append(await _turn(app, keys, 1 if number % 2 == 0 else 2, rng))
                number += 1
            result.update(turns=done, latency=keys.latency, pilot_s=keys.pilot_s)

    asyncio.run(session())
    result["end_action"] = controller.json_view()["last_action"]
    result["store_s"] = clock.store_s
    result["redraw_s"] = clock.redraw_s
    result["commits"] = clock.commits
    return result


# --- the parent's side ----------------------------------------------------------------------

# Python's bytecode for the start-ups "as installed": a folder of its own, so the project's
# __pycache__ folders stay as they are (absent where PYTHONDONTWRITEBYTECODE is set, as in
# this project's shells, and then every start compiles the project's modules anew).
PYCACHE = ROOT / "bench" / ".cache" / "pycache"


def _env(bytecode: bool = False) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


def _child(mode: str, db: Path, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "bench.tui", mode, str(db), *args], cwd=ROOT,
                          env=_env(), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench.tui {mode} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure_startup(db: Path, bytecode: bool = False) -> dict[str, Any]:
    """One start-up in a fresh process, timed by this process from the spawn to the line
    the child prints at the table's first frame; with `bytecode`, Python reads (and writes)
    compiled modules in PYCACHE, as an installed companion has them."""
    spawned = time.perf_counter()
    with subprocess.Popen([sys.executable, "-m", "bench.tui", "startup", str(db)], cwd=ROOT,
                          env=_env(bytecode), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        first_line = child.stdout.readline()
        seen = time.perf_counter()
        rest, errors = child.communicate()
    if child.returncode != 0 or not first_line.startswith('{"frame"'):
        raise SystemExit(f"bench.tui startup failed:\n{errors}")
    inside: dict[str, Any] = json.loads(rest.strip().splitlines()[-1])
    result = {"wall_s": seen - spawned, **inside}
    # perf_counter is CLOCK_MONOTONIC on Linux: one clock for every process of the machine.
    if "CLOCK_MONOTONIC" in str(inside.get("clock")):
        result["interpreter_s"] = inside["started"] - spawned
        result["frame_s"] = inside["frame"] - spawned
    result["imports_s"] = inside["imported"] - inside["started"]
    result["open_s"] = inside["opened"] - inside["imported"]
    result["app_s"] = inside["frame"] - inside["opened"]
    return result


def run(night: Path, workdir: Path, *, quick: bool = False,
        say: Callable[[str], None] = print) -> dict[str, Any]:
    """All three TUI figures on copies of the cached night; progress through `say`."""
    db = workdir / "tui.db"
    shutil.copyfile(night, db)
    starts = [measure_startup(db) for _ in range(3 if quick else 5)]
    compiling = "PYTHONDONTWRITEBYTECODE" in os.environ
    say("  start-up to the first frame, each run: " + ", ".join(
        f"{s['wall_s']:.2f}" for s in starts) + " s" + (
            " (PYTHONDONTWRITEBYTECODE is set: each start compiles the project's modules)"
            if compiling else ""))
    measure_startup(db, bytecode=True)  # writes the bytecode, if it is not there yet
    cached = [measure_startup(db, bytecode=True) for _ in range(3 if quick else 5)]
    say("  the same with the bytecode cached, each run: " + ", ".join(
        f"{s['wall_s']:.2f}" for s in cached) + " s")
    shutil.copyfile(night, workdir / "keys.db")
    played = _child("keys", workdir / "keys.db", "--turns", "4" if quick else "10")
    return {"startup": starts, "startup_cached": cached, "keys": played}


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up the sorted `values` (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(result: dict[str, Any]) -> dict[str, Any]:
    """The figures of `run`'s raw result."""
    starts = result["startup"]
    played = result["keys"]
    median = statistics.median

    def keys_for(digits: int) -> int | None:
        counts = {t["keys"] for t in played["turns"] if t["digits"] == digits}
        return max(counts) if counts else None

    latency = [e["key_to_frame_s"] for e in played["latency"]]
    turn_cards = [e["key_to_frame_s"] for e in played["latency"]
                  if e["slot"] in ("second", "third")]
    ordered = sorted(latency)
    return {
        "keys_1_digit": keys_for(1),
        "keys_2_digits": keys_for(2),
        "turns": len(played["turns"]),
        "startup_s": median(s["wall_s"] for s in starts),
        "startup_runs_s": [s["wall_s"] for s in starts],
        "startup_cached_s": median(s["wall_s"] for s in result["startup_cached"]),
        "interpreter_s": (median(s["interpreter_s"] for s in starts)
                          if all("interpreter_s" in s for s in starts) else None),
        "imports_s": median(s["imports_s"] for s in starts),
        "open_s": median(s["open_s"] for s in starts),
        "app_s": median(s["app_s"] for s in starts),
        "latency_s": median(latency),
        "latency_p90_s": percentile(ordered, 0.9),
        "latency_max_s": ordered[-1],
        "latency_turn_cards_s": median(turn_cards),
        "entries": len(latency),
        "handled_s": median(e["key_to_handled_s"] for e in played["latency"]),
        "store_s": median(played["store_s"]),
        "redraw_s": median(played["redraw_s"]),
        "pilot_s": median(played["pilot_s"]),
        "start_action": played["start_action"],
        "end_action": played["end_action"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tui")
    parser.add_argument("mode", choices=("startup", "keys"))
    parser.add_argument("db", type=Path)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds before each entry")
    parser.add_argument("--seconds", type=float, help="play turns for this long instead")
    args = parser.parse_args(argv)
    result = (startup(args.db) if args.mode == "startup"
              else play(args.db, args.turns, args.pace, args.seconds))
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
