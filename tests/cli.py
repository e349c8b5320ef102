"""Running the real `companion` CLI as a process of its own against a database file.

Each call is a child forked from tests/zygote.py, a process that imported the companion
once: its own process with its own pipes, environment and exit status, the CLI's `main`
as `python -m companion` runs it, without Python's start-up and the imports each time.
COMPANION_TESTS_SPAWN=1 (or a system without fork) starts `python -m companion` instead.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPAWN = bool(os.environ.get("COMPANION_TESTS_SPAWN")) or not hasattr(os, "fork")
TIMEOUT_S = 60
_zygote: subprocess.Popen[str] | None = None
_one_call_at_a_time = threading.Lock()


def english(**extra: str) -> dict[str, str]:
    """This machine's environment, but an English locale: the CLI's paper speaks the
    locale's language, and these stories are told in English unless they say otherwise."""
    return {**os.environ, "LC_ALL": "C.UTF-8", **extra}


def companion(db: Path, *args: str, stdin: str | bytes | None = None,
              env: dict[str, str] | None = None,
              timeout: float = TIMEOUT_S) -> subprocess.CompletedProcess[str]:
    """`companion --db DB ARGS` as a process, in English unless `env` says otherwise; its
    output read as UTF-8 (a byte that is none, as in a PDF, as U+FFFD). A call still running
    after `timeout` seconds is killed (exit status -9)."""
    argv = ["--db", str(db), *args]
    given = stdin.encode("utf-8") if isinstance(stdin, str) else stdin or b""
    if SPAWN:
        try:
            done = subprocess.run([sys.executable, "-m", "companion", *argv], input=given,
                                  capture_output=True, timeout=timeout, env=env or english())
        except subprocess.TimeoutExpired as hung:
            return subprocess.CompletedProcess(hung.cmd, -signal.SIGKILL, _text(hung.stdout),
                                               _text(hung.stderr))
        return subprocess.CompletedProcess(done.args, done.returncode, _text(done.stdout),
                                           _text(done.stderr))
    with _one_call_at_a_time, tempfile.TemporaryDirectory() as folder:
        files = {name: Path(folder) / name for name in ("stdin", "stdout", "stderr")}
        files["stdin"].write_bytes(given)
        files["stdout"].touch()
        files["stderr"].touch()
        zygote = _running_zygote()
        assert zygote.stdin is not None and zygote.stdout is not None
        zygote.stdin.write(json.dumps({"argv": argv, "env": env or english(),
                                       "cwd": os.getcwd(),
                                       **{name: str(path) for name, path in files.items()}})
                           + "\n")
        zygote.stdin.flush()
        pid = json.loads(zygote.stdout.readline())["pid"]
        # A call that hangs is killed, as subprocess.run's timeout would.
        timer = threading.Timer(timeout, os.kill, (pid, signal.SIGKILL))
        timer.start()
        try:
            code = json.loads(zygote.stdout.readline())["code"]
        finally:
            timer.cancel()
        return subprocess.CompletedProcess(
            ["companion", *argv], code, _text(files["stdout"].read_bytes()),
            _text(files["stderr"].read_bytes()))


def _text(output: bytes | str | None) -> str:
    if isinstance(output, str):
        return output
    return (output or b"").decode("utf-8", "replace")


def _running_zygote() -> subprocess.Popen[str]:
    global _zygote
    if _zygote is None or _zygote.poll() is not None:
        _zygote = subprocess.Popen([sys.executable, "-m", "tests.zygote"], cwd=ROOT,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                   env=english())
    return _zygote


def execute(db: Path, *commands: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    return companion(db, "exec", "-",
                     stdin="".join(json.dumps(c) + "\n" for c in commands))


def state(db: Path, *extra: str) -> dict[str, Any]:
    done = companion(db, "state", "--json", *extra)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def row_count(db: Path) -> int:
    import sqlite3

    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("SELECT COUNT(*) FROM events").fetchone()
    return int(count)


def play(db: Path, *commands: dict[str, Any]) -> str:
    """Commands that must all be accepted; what `exec` printed."""
    done = execute(db, *commands)
    assert done.returncode == 0, done.stderr
    return done.stdout

def refused(db: Path, *commands: dict[str, Any]) -> str:
    """Commands whose last one must be refused: exit 2, one line on stderr; its sentence."""
    done = execute(db, *commands)
    assert done.returncode == 2, done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"line {len(commands)}: "), lines[0]
    return lines[0].split(": ", 1)[1]

def refused_alone(db: Path, command: dict[str, Any]) -> str:
    """One command that must be refused without a single row written; its sentence."""
    rows = row_count(db)
    reason = refused(db, command)
    assert row_count(db) == rows
    return reason

def log_line(db: Path, action: int) -> str:
    """What `companion log` says about one action, without its number."""
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        number, _, text = line.strip().partition("  ")
        if number == str(action):
            return text
    raise AssertionError(f"no action {action} in the log:\n{done.stdout}")

def chips(view: dict[str, Any]) -> dict[str, int]:
    return {name: seat["chips"] for name, seat in view["players"].items()}

def assert_conserved(view: dict[str, Any]) -> None:
    """The stacks (debts included) plus the open bets are every buy-in, chip for chip."""
    stacks = sum(seat["chips"] for seat in view["players"].values())
    bets = sum((view.get("bets") or {}).values())
    assert stacks + bets == sum(seat["bought_in"] for seat in view["players"].values())
