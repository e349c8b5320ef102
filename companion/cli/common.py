"""What every `companion` subcommand shares: the refusal that becomes one sentence and exit
status 2, opening a night to read, and putting a document on stdout or into a file (whole
or not at all)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

# The command line's reading, named here too for the commands that share it.
from companion.cli.args import Parser as Parser
from companion.cli.args import Refused as Refused
from companion.cli.args import number as number
from companion.cli.args import refusal_text as refusal_text
from companion.documents.whole_file import why_not_written, write_whole
from companion.table import Table
from engine.text import quoted, shown_lines


class ShownText:
    """A text stream that passes on what it is given with every control character (but the
    line break) and every character that turns the direction of text or cannot be shown
    escaped: whatever a log holds, nothing it prints can move the cursor, recolour the
    terminal or turn a line around. The escapes are JSON's, so a JSON document stays valid
    and means the same."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(shown_lines(text))

    def __getattr__(self, name: str) -> Any:  # flush, buffer, isatty and the rest
        return getattr(self.stream, name)


@contextmanager
def shown_output() -> Iterator[None]:
    """stdout and stderr as ShownText while the command runs (not for the screen, which
    draws the terminal itself)."""
    kept = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = ShownText(sys.stdout), ShownText(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = kept


def reader(db: Path, night: int | None, at: int | None = None) -> Table:
    table = Table.open_reading(db, night, at)
    if table.night is None:
        table.close()
        raise Refused(f"There is no night in {db} yet; start one with start_night.")
    warn_if_broken(table)
    return table


def warn_if_broken(table: Table) -> None:
    # Shown, not refused: a broken log must still be readable to be mended.
    if table.broken_sentence:
        print(f"Warning: {table.broken_sentence} `companion verify` names the break.",
              file=sys.stderr)


def stdout(document: str | bytes) -> None:
    if isinstance(document, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(document)
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(document)


def write(out: Path, document: str | bytes) -> None:
    """The document as the whole of the file `out`, or nothing at all (with the sentence)."""
    try:
        write_whole(out, document)
    except OSError as error:
        # os.path's answer, not Path's: a name too long to look up is no file kept either
        kept = " (the file as it was is kept)" if os.path.isfile(out) else ""
        raise Refused(f"Cannot write {out}: {why_not_written(error)}; nothing was "
                      f"written{kept}.") from None


def not_the_log(out: Path, db: Path) -> None:
    """Refused when `out` names the database, or a file SQLite or a night's lock keeps beside
    it: a document written there would replace the log itself."""
    target, log = Path(os.path.realpath(out)), Path(os.path.realpath(db))
    beside = target.parent == log.parent and (
        target.name in {log.name, f"{log.name}-wal", f"{log.name}-shm", f"{log.name}-journal"}
        or (target.name.startswith(f"{log.name}.night-") and target.name.endswith(".lock")))
    try:
        same = beside or os.path.samefile(target, log)  # a hard link to it too
    except OSError:  # one of them does not exist: then it is no other name of the log
        same = False
    if same:
        raise Refused(f"--out {quoted(str(out))} is the database the nights are kept in (or a "
                      "file of it): write the document to another file.")


def put(out: Path | None, document: str | bytes) -> None:
    """The document into the file `out`, or onto stdout without one."""
    if out is not None:
        write(out, document)
    else:
        stdout(document)
