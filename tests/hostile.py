"""What an attacker gives the command line, and what every answer must be (issue 22).

A call runs in a place of its own: a folder with a played database (a night carried over,
a night under way, a saved group, a merged name, a named season) beside files that are no
such thing (a folder, an empty file, random bytes, a text, another program's SQLite file, a
named pipe) and a fake `lp`, and runs there, so a relative path lands in the place. Its
answer must come within BOUND_S seconds, with exit status 0 or 2 (1 only where `verify`
finds a break), never a traceback; a refusal is one sentence and leaves every file of the
place as it was, and a command that only reads never changes a log.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import chdir, closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.cli import companion, english, play

BOUND_S = 20.0
# TEST-NET-1: no address of this machine, so `serve` is refused before it ever listens.
NOWHERE = "192.0.2.1"

# --- the place -----------------------------------------------------------------------------------

NIGHTS: tuple[tuple[dict[str, Any], ...], ...] = (
    ({"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100,
      "chip_value": "0.10", "currency": "EUR", "name": "Friday"},
     {"cmd": "set_payment", "player": "Ann", "iban": "DE89370400440532013000",
      "name": "Ann B."},
     {"cmd": "expense", "payer": "Bo", "amount": "18.50", "what": "pizza"},
     {"cmd": "start_game", "game": "in-between", "dealer": "Cy",
      "options": {"stake": 20, "rounds": 1}},
     {"cmd": "card", "card": "2h"}, {"cmd": "card", "card": "3c"},
     {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 15},
     {"cmd": "card", "card": "8s"}, {"cmd": "end_game"},
     {"cmd": "join", "player": "Dee", "chips": 50}, {"cmd": "undo"}, {"cmd": "redo"},
     {"cmd": "correct", "action": 2, "command": {
         "cmd": "set_payment", "player": "Ann", "iban": "DE89 3704 0044 0532 0130 00",
         "name": "Ann Berg"}},
     {"cmd": "end_night", "carry": True}),
    ({"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dee"], "chips": 100,
      "chip_value": "0.10", "currency": "EUR", "name": "Saturday"},
     {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
      "options": {"stake": 10, "rounds": 2}},
     {"cmd": "card", "card": "5h"}),
)
GROUP = (("group", "--save", "Regulars", "Ann", "Bo", "Cy"), ("group", "--merge", "Dee=Dora"),
         ("group", "--season", "Winter", "2026-01-01", "2026-12-31"))


def played_table(folder: Path) -> Path:
    """The database every place starts from: night 1 carried over, night 2 under way, the
    nights' records kept (so a reader that refuses has no reason to keep one)."""
    db = folder / "table.db"
    for night in NIGHTS:
        play(db, *night)
    for args in (*GROUP, ("nights",)):
        done = companion(db, *args)
        assert done.returncode == 0, done.stderr
    return db


@dataclass(frozen=True, slots=True)
class At:
    """A path of the call's place, by its name there (an absolute one as it is)."""

    name: str

    def __repr__(self) -> str:
        return f"At({self.name!r})"


Arg = str | At

# What `lp` does, as a shell script; none: there is no lp at all.
PRINTERS = {
    "prints": '/bin/cat >/dev/null; echo "request id is q-1 (1 file(s))"\n',
    "refuses": '/bin/cat >/dev/null; printf "lp: \\033[31mError\\007 - no printer\\n" >&2; '
               "exit 1\n",
    "babbles": "/bin/cat >/dev/null; /usr/bin/head -c 200000 /dev/zero | /usr/bin/tr '\\0' "
               "'\\377' >&2; exit 3\n",
    "none": "",
}


def played_place(folder: Path) -> Path:
    """The place every call starts from (each call has a copy of its own): the played
    database beside a folder, an empty file, random bytes, a text and another program's
    SQLite file (a_place adds a named pipe that nothing reads or writes)."""
    played_table(folder)
    (folder / "folder").mkdir()
    (folder / "folder" / "inside.txt").write_text("kept\n")
    (folder / "empty.db").touch()
    (folder / "noise.db").write_bytes(random.Random(22).randbytes(4096))
    (folder / "note.txt").write_text("not a database\n")
    with closing(sqlite3.connect(folder / "foreign.db")) as foreign, foreign:
        foreign.execute("CREATE TABLE events (x)")
        foreign.execute("INSERT INTO events VALUES (1)")
    return folder


def where(folder: Path, arg: Arg) -> str:
    if isinstance(arg, str):
        return arg
    return arg.name if arg.name.startswith("/") else str(folder / arg.name)


def environment(folder: Path, printer: str) -> dict[str, str]:
    """English, a PATH that finds only the fake lp (never the machine's own), and a default
    address for `serve` that is no address of this machine."""
    bin_ = folder / "bin"
    bin_.mkdir(exist_ok=True)
    if PRINTERS[printer]:
        lp = bin_ / "lp"
        lp.write_text("#!/bin/sh\n" + PRINTERS[printer], encoding="utf-8")
        lp.chmod(0o755)
    return english(PATH=str(bin_), COMPANION_SERVE_HOST=NOWHERE)


# --- what must stay as it was ------------------------------------------------------------------

# Written beside a database by design, whatever the answer: the lock, SQLite's own files, the
# logs of what went wrong.
_BESIDE = ("-wal", "-shm", "-journal", ".lock", ".errors.log", ".serve.log", ".serve.log.1")


def snapshot(folder: Path) -> dict[str, object]:
    """Every file of the place: a database as its tables' rows (the log, the nights' records,
    the group's tables, the schema), anything else as its bytes' digest."""
    seen: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.name.endswith(_BESIDE) or name.startswith("bin"):
            continue
        if path.is_dir():
            seen[name] = "folder"
        elif not path.is_file():
            seen[name] = "pipe"  # never read: it would wait for a writer
        elif path.read_bytes()[:16] == b"SQLite format 3\x00":
            seen[name] = tables(path)
        else:
            seen[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return seen


_EMPTY = hashlib.sha256(b"").hexdigest()


def unchanged(before: dict[str, object], after: dict[str, object],
              written: str | None = None) -> bool:
    """Whether a refusal left the place as it was, but for the file `written`. A command
    that writes opens (and so makes) its database before it reads its first line: a log with
    no rows where there was none, or an empty file, and the folders made for it, are no
    change."""
    return _kept(before, written) == _kept(after, written)


def _kept(seen: dict[str, object], written: str | None) -> dict[str, object]:
    def empty(value: object) -> bool:
        return value == _EMPTY or (isinstance(value, dict) and not any(
            rows for name, rows in value.items() if name != "sqlite_master"))

    kept = {name: value for name, value in seen.items()
            if not empty(value) and name != written}
    return {name: value for name, value in kept.items()
            if value != "folder" or any(other.startswith(name + "/") and inner != "folder"
                                        for other, inner in kept.items())}


def tables(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, read without writing anything."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        names = [name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        rows = {name: conn.execute(f'SELECT * FROM "{name}"').fetchall() for name in names}
        rows["sqlite_master"] = conn.execute("SELECT * FROM sqlite_master ORDER BY name") \
            .fetchall()
    return rows


def events(folder: Path) -> object:
    """The log of the played database (as far as it still is one)."""
    try:
        return tables(folder / "table.db").get("events")
    except sqlite3.DatabaseError as error:
        return f"no database: {error}"


# --- one call, checked -------------------------------------------------------------------------

# Commands that never write a log (settle writes only with --paid, group only with a change).
READERS = {"state", "log", "verify", "export", "nights", "standings", "serve", "settle",
           "group", "--version", "--help", "-V", "-h"}
CHANGES_OF_GROUP = {"--save", "--forget", "--merge", "--unmerge", "--season", "--forget-season"}


@dataclass(frozen=True, slots=True)
class Call:
    """`companion --db DB ARGS`, given STDIN (also the place's `input`), with an lp that
    does PRINTER."""

    args: tuple[Arg, ...]
    stdin: bytes = b""
    db: Arg = At("table.db")
    printer: str = "prints"

    def __repr__(self) -> str:
        args = tuple(_short(arg) if isinstance(arg, str) else arg for arg in self.args)
        db = _short(self.db) if isinstance(self.db, str) else self.db
        return (f"Call({args!r}, stdin={_short(self.stdin)!r}, db={db!r}, "
                f"printer={self.printer!r})")


def _short(value: str | bytes) -> str | bytes:
    if len(value) <= 60:
        return value
    if isinstance(value, str):
        return f"{value[:40]}…({len(value)})"
    return value[:40] + f"…({len(value)})".encode()


def written_first(call: Call) -> str | None:
    """The file of the place that --out names where --print comes with it: the document is
    written first, and a printer that refuses it does not take the file back (as
    tests/test_settle_cli.py's stories of --print --out say)."""
    args = list(call.args)
    if "--print" not in args or "--out" not in args[:-1]:
        return None
    out = args[args.index("--out") + 1]
    return out.name if isinstance(out, At) else None


def command_of(args: Sequence[Arg]) -> str:
    """The subcommand (a call names it first), or the option that stands for one."""
    return args[0] if args and isinstance(args[0], str) else ""


@contextmanager
def a_place(template: Path, stdin: bytes = b"") -> Iterator[Path]:
    """A copy of the place `template` (played_place), the given input as its `input`."""
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder) / "place"
        shutil.copytree(template, here)
        (here / "input").write_bytes(stdin)
        os.mkfifo(here / "pipe")  # copied, it would be read
        yield here


def answer(template: Path, call: Call) -> subprocess.CompletedProcess[str]:
    """Run `call` in a fresh place and hold its answer to every promise; the answer."""
    with a_place(template, call.stdin) as folder:
        return answered(folder, call)


def answered(folder: Path, call: Call) -> subprocess.CompletedProcess[str]:
    """Run `call` in `folder` (a place) and hold its answer to every promise."""
    argv = [where(folder, arg) for arg in call.args]
    env = environment(folder, call.printer)
    before = snapshot(folder)
    started = time.monotonic()
    with chdir(folder):  # a relative path lands in the place, never in the project
        done = companion(Path(where(folder, call.db)), *argv, stdin=call.stdin, env=env,
                         timeout=BOUND_S)
    took = time.monotonic() - started
    said = f"{call!r}: exit {done.returncode} after {took:.1f} s; stderr:\n{done.stderr[:3000]}"
    assert done.returncode != -9 and took < BOUND_S, f"no answer within {BOUND_S} s: {said}"
    assert "Traceback" not in done.stdout + done.stderr, said
    command = command_of(call.args)
    allowed = {0, 1, 2} if command == "verify" else {0, 2}
    assert done.returncode in allowed, said
    if done.returncode == 2:
        sentences = [line for line in done.stderr.splitlines()
                     if line.strip() and not line.startswith("Warning: ")]
        assert len(sentences) == 1, f"a refusal is one sentence: {said}"
        assert len(sentences[0]) < 600, f"a refusal quotes a short start: {said}"
        if command == "exec" and done.stdout.strip():
            # the lines before the refused one stay recorded, nothing else changes
            kept = before["table.db"]
            after = tables(folder / "table.db")
            assert isinstance(kept, dict)
            assert after["events"][:len(kept["events"])] == kept["events"], said
        else:
            assert unchanged(before, snapshot(folder), written_first(call)), \
                f"a refusal changed the place: {said}"
    elif command in READERS and not ({"--paid"} | CHANGES_OF_GROUP) & set(call.args):
        kept = before["table.db"]
        assert isinstance(kept, dict)
        assert events(folder) == kept["events"], f"a reader changed the log: {said}"
    return done
