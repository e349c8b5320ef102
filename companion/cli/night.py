"""`companion exec`, `state`, `log`, `export` and `demo`: one night of the log, through the
table (companion/table.py) as the dealer's screen uses it."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from companion.cli.common import Refused, put, reader, warn_if_broken
from companion.cli.summary import table_text
from companion.paths import default_db
from companion.table import Table
from companion.words.languages import language_from_locale
from engine.text import shown
from events.lines import LineProblem, LineTooLong, decode_line, read_lines


@contextmanager
def lines_of(file: str) -> Iterator[Iterator[tuple[int, bytes]]]:
    """The numbered lines of a file (or stdin for -), each read with a bound."""
    if file == "-":
        yield read_lines(sys.stdin.buffer)
        return
    try:
        with Path(file).open("rb") as stream:
            yield read_lines(stream)
    except OSError as error:
        raise Refused(f"Cannot read {file}: {error.strerror or error}.") from None


def _apply(table: Table, lines: Iterable[tuple[int, bytes]], out: TextIO) -> int:
    """Each line entered at the table in turn, its action's line printed; the first that is
    refused stops the script with its number and the sentence."""
    try:
        for number, line in lines:
            text = line.strip()
            if not text or text.startswith(b"#"):
                continue
            try:
                entry = decode_line(text)
            except LineProblem as problem:
                raise Refused(f"line {number}: {problem}") from None
            answer = table.enter(entry)
            if answer.action is None:
                raise Refused(f"line {number}: {answer.reason}")
            print(table.line(answer.action), file=out, flush=True)
    except LineTooLong as problem:
        raise Refused(str(problem)) from None
    return 0


def _numbered(text: str) -> Iterator[tuple[int, bytes]]:
    return enumerate((line.encode() for line in text.splitlines()), 1)


def exec_lines(db: Path, night: int | None, file: str, accept_broken_chain: bool = False) -> int:
    with lines_of(file) as lines:
        # The night's lock is taken at the first line that writes onto it: a script that
        # starts a new night never keeps another window off the night before.
        table = Table.open(db, night, lock_at_first_write=True)
        # Where the night cannot be read to its end, accepting changes nothing: the refusal
        # says so (and what to do) on its own.
        if accept_broken_chain and table.chain_broken and table.break_acceptable:
            table.accept_break()
            warn_if_broken(table)
        try:
            return _apply(table, lines, sys.stdout)
        finally:
            table.close()


def state(db: Path, night: int | None, as_json: bool, at: int | None) -> int:
    if at is not None and at < 1:
        raise Refused("--at takes an action number of 1 or more.")
    table = reader(db, night, at)
    try:
        view = table.json_view()
        if at is not None and at > view["last_action"]:
            raise Refused(f"Night {table.night} has no action {at} (the last is "
                          f"{view['last_action']}).")
        print(json.dumps(view, ensure_ascii=False, indent=None if as_json else 2)
              if as_json else table_text(view))
    finally:
        table.close()
    return 0


def log(db: Path, night: int | None, language: str | None = None) -> int:
    table = reader(db, night)
    try:
        for line in table.log(language or language_from_locale()):
            print(shown(line.text))  # a name with a line break in an old log stays on its line
    finally:
        table.close()
    return 0


def export(db: Path, night: int | None, out: Path | None) -> int:
    table = reader(db, night)
    try:
        exported = table.export()
    finally:
        table.close()
    if exported.cut:
        print(f"The export stops before action {exported.stops_before}: {exported.cut}. It "
              "holds the whole actions before the break, to import.", file=sys.stderr)
    put(out, "".join(line + "\n" for line in exported.lines))
    return 0


def demo(db: Path) -> int:
    import seeds

    table = Table.open(db, None)
    try:
        _apply(table, _numbered(seeds.read(seeds.DEMO_NIGHT)), io.StringIO())
        print(table_text(table.json_view()))
        print(f"\n(the demo night is night {table.night} in {db}; "
              "`companion log` shows how it came about)")
    finally:
        table.close()
    return 0


def prepare_demo(db: Path | None) -> Path:
    """A fresh copy of the demo night, in its own file so real nights stay apart."""
    import seeds

    demo_db = db or default_db().with_name("demo.db")
    for leftover in demo_db.parent.glob(demo_db.name + "*"):
        leftover.unlink(missing_ok=True)
    table = Table.open(demo_db, None)
    try:
        _apply(table, _numbered(seeds.read(seeds.DEMO_NIGHT)), io.StringIO())
    finally:
        table.close()
    return demo_db


def demo_tui(db: Path | None) -> int:
    from companion import app

    return app.run(prepare_demo(db))
