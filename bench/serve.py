"""Bench 9, the players' view under a real night: thirty pages follow `companion serve` while
the dealer enters an action every two seconds at the screen (by keys, through Pilot, as
bench 6 does), for ten minutes. Measured:

- the dealer's key-to-screen latency with the server and its thirty pages, against the same
  play without them (the server is a process of its own; it must not slow the table);
- how long each page waits for each action: from the moment the screen recorded it to the
  moment the page received a table that holds it (server-sent events, on loopback);
- the server's memory (its peak resident set).

    python -m bench.serve [--minutes 10] [--pages 30]

The pages are aiohttp clients in a process of their own; everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.tui import ROOT, _child, _env, percentile

PLAYERS = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"]
PACE_S = 2.0


def build(path: Path) -> None:
    """A night of six with a long In-Between game, at its first card: the screen plays on."""
    from engine.contract import parse
    from engine.games.in_between import GAME as IN_BETWEEN
    from events.session import NightSession

    session = NightSession.open(path, write=True)
    try:
        for command in ({"cmd": "start_night", "players": PLAYERS, "chips": 100_000},
                        {"cmd": "start_game", "game": IN_BETWEEN.id, "dealer": "Anna",
                         "options": {"stake": 50, "rounds": 500}}):
            done = session.execute(parse(command))
            assert getattr(done, "action", None), done
    finally:
        session.close()


# --- the pages ----------------------------------------------------------------------------

async def _follow(url: str, number: int, seen: list[tuple[int, int, float]],
                  connected: asyncio.Event, counter: list[int], pages: int,
                  reconnects: list[int]) -> None:
    """One page: the event stream, read as long as the run lasts; should it end, the page
    comes back as a browser's EventSource does, saying which update it had."""
    import aiohttp

    last_id = ""
    # No time limit on a stream that is meant to stay open (aiohttp's default is 5 minutes).
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(timeout=timeout) as client:
        while True:
            headers = {"Last-Event-ID": last_id} if last_id else {}
            async with client.get(url + "events", headers=headers) as response:
                assert response.status == 200, response.status
                if not last_id:
                    counter[0] += 1
                    if counter[0] == pages:
                        connected.set()
                data = ""
                async for raw in response.content:
                    line = raw.decode().rstrip("\n")
                    if line.startswith("id: "):
                        last_id = line[4:]
                    elif line.startswith("data: "):
                        data = line[6:]
                    elif line == "" and data:
                        seen.append((number, int(json.loads(data)["action"]), time.time()))
                        data = ""
            reconnects[0] += 1


async def _pages(url: str, pages: int, ready: Path, out: Path) -> None:
    seen: list[tuple[int, int, float]] = []
    connected = asyncio.Event()
    counter, reconnects = [0], [0]
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    tasks = [asyncio.create_task(_follow(url, n, seen, connected, counter, pages, reconnects))
             for n in range(pages)]
    await asyncio.wait_for(connected.wait(), 30)
    ready.write_text("ready")
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    out.write_text(json.dumps({"seen": seen, "reconnects": reconnects[0]}))


# --- the run ------------------------------------------------------------------------------

def _memory_kb(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            fields[key] = int(value.split()[0])
    return fields


def run(workdir: Path, minutes: float, pages: int, say: Any = print) -> dict[str, Any]:
    night = workdir / "night.db"
    build(night)
    alone_db, served_db = workdir / "alone.db", workdir / "served.db"
    shutil.copyfile(night, alone_db)
    shutil.copyfile(night, served_db)
    alone_s = max(60.0, minutes * 60 / 3)
    say(f"9. the players' view: the dealer alone for {alone_s:.0f} s, one entry every "
        f"{PACE_S:.0f} s ...")
    alone = _child("keys", alone_db, "--pace", str(PACE_S), "--seconds", str(alone_s))
    say(f"  then with the server and {pages} pages for {minutes * 60:.0f} s ...")
    server = subprocess.Popen([sys.executable, "-m", "companion", "--db", str(served_db),
                               "serve", "--host", "127.0.0.1", "--port", "0"], cwd=ROOT,
                              env=_env(), stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    url = server.stdout.readline().strip()
    ready, out = workdir / "pages.ready", workdir / "pages.json"
    clients = subprocess.Popen([sys.executable, "-m", "bench.serve", "--pages-of", url,
                                "--pages", str(pages), "--ready", str(ready), "--out", str(out)],
                               cwd=ROOT, env=_env())
    try:
        deadline = time.monotonic() + 60
        while not ready.exists():
            if time.monotonic() > deadline or clients.poll() is not None:
                raise SystemExit("the pages did not connect")
            time.sleep(0.1)
        idle_memory = _memory_kb(server.pid)
        served = _child("keys", served_db, "--pace", str(PACE_S), "--seconds",
                        str(minutes * 60))
        time.sleep(1.5)  # the last action's way to the pages
        memory = _memory_kb(server.pid)
    finally:
        clients.send_signal(signal.SIGTERM)
        clients.wait(timeout=30)
        server.terminate()
        server.wait(timeout=30)
    followed = json.loads(out.read_text())
    seen: list[list[float]] = followed["seen"]
    by_page: dict[int, list[tuple[int, float]]] = {}
    for page, action, at in seen:
        by_page.setdefault(int(page), []).append((int(action), at))
    waits, missed = [], 0
    for action, committed in served["commits"]:
        for page in range(pages):
            arrival = next((at for got, at in by_page.get(page, []) if got >= action), None)
            if arrival is None:
                missed += 1
            else:
                waits.append(arrival - committed)
    latency_alone = [e["key_to_frame_s"] for e in alone["latency"]]
    latency_served = [e["key_to_frame_s"] for e in served["latency"]]
    return {
        "minutes": minutes, "pages": pages, "actions": len(served["commits"]),
        "key_to_screen_alone_s": statistics.median(latency_alone),
        "key_to_screen_served_s": statistics.median(latency_served),
        "key_to_screen_alone_p90_s": percentile(latency_alone, 0.9),
        "key_to_screen_served_p90_s": percentile(latency_served, 0.9),
        "entries_alone": len(latency_alone), "entries_served": len(latency_served),
        "page_wait_p50_s": statistics.median(waits), "page_wait_p99_s": percentile(waits, 0.99),
        "page_wait_max_s": max(waits), "page_updates": len(waits), "missed": missed,
        "reconnects": followed["reconnects"],
        "server_rss_idle_kb": idle_memory.get("VmRSS"),
        "server_rss_kb": memory.get("VmRSS"), "server_peak_kb": memory.get("VmHWM"),
    }


def report(result: dict[str, Any]) -> list[tuple[str, str, str, bool | None]]:
    """(name, figure, target, met) rows for the bench's table."""
    ratio = result["key_to_screen_served_s"] / result["key_to_screen_alone_s"]
    return [
        ("9 key to screen with 30 pages / alone, median",
         f"{ratio:.2f} ({result['key_to_screen_served_s'] * 1000:.2f} / "
         f"{result['key_to_screen_alone_s'] * 1000:.2f} ms)", "0.90-1.10", 0.9 <= ratio <= 1.1),
        ("  every page up to date, p99", f"{result['page_wait_p99_s'] * 1000:.0f} ms", "<= 1 s",
         result["page_wait_p99_s"] <= 1.0 and result["missed"] == 0),
        ("  (info) updates a page never received / streams that ended",
         f"{result['missed']} / {result['reconnects']}", "", None),
        ("  (info) page wait median / slowest",
         f"{result['page_wait_p50_s'] * 1000:.0f} / {result['page_wait_max_s'] * 1000:.0f} ms",
         "", None),
        ("  (info) server memory, peak resident", f"{result['server_peak_kb'] / 1024:.0f} MB",
         "", None),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.serve")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--pages-of", help=argparse.SUPPRESS)  # the pages' own process
    parser.add_argument("--ready", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pages_of:
        asyncio.run(_pages(args.pages_of, args.pages, args.ready, args.out))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        result = run(Path(folder), args.minutes, args.pages)
    for name, figure, target, met in report(result):
        verdict = "" if met is None else ("PASS" if met else "MISS")
        print(f"{name:<52} {figure:>26}  {target:<10} {verdict}")
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
