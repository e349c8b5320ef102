"""`companion --help` under the clock, against Python starting and importing sqlite3.

`python -m bench` calls `run` here. Both are fresh processes of the same interpreter, run
from the project root, alternated (help, bare, bare, help, ...) so the machine's moods hit
both alike; each is timed from the spawn to its exit, and its CPU time (user + system, from
`resource.getrusage(RUSAGE_CHILDREN)`) is noted beside, which a busy machine disturbs less.
The target: `companion --help` within twice `python -c "import sqlite3"`.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HELP = [sys.executable, "-m", "companion", "--help"]
BARE = [sys.executable, "-c", "import sqlite3"]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of `argv`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr.decode(errors='replace')}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(rounds: int = 15) -> dict[str, Any]:
    """Medians of `rounds` runs of each, after one warm-up run of each."""
    env = _env()
    _once(HELP, env)
    _once(BARE, env)
    help_runs: list[tuple[float, float]] = []
    bare_runs: list[tuple[float, float]] = []
    for number in range(rounds):
        pair = (HELP, BARE) if number % 2 == 0 else (BARE, HELP)
        for argv in pair:
            (help_runs if argv is HELP else bare_runs).append(_once(argv, env))
    median = statistics.median
    help_wall, bare_wall = median(w for w, _ in help_runs), median(w for w, _ in bare_runs)
    help_cpu, bare_cpu = median(c for _, c in help_runs), median(c for _, c in bare_runs)
    return {"help_s": help_wall, "bare_s": bare_wall, "ratio": help_wall / bare_wall,
            "help_cpu_s": help_cpu, "bare_cpu_s": bare_cpu, "cpu_ratio": help_cpu / bare_cpu,
            "rounds": rounds}


if __name__ == "__main__":
    result = run()
    print(f"companion --help {result['help_s'] * 1000:.0f} ms (CPU "
          f"{result['help_cpu_s'] * 1000:.0f} ms), python -c 'import sqlite3' "
          f"{result['bare_s'] * 1000:.0f} ms (CPU {result['bare_cpu_s'] * 1000:.0f} ms): "
          f"{result['ratio']:.2f}x")
