"""What every `companion` subcommand shares: the refusal that becomes one sentence and exit
status 2, opening a night to read, and putting a document on stdout or into a file (whole
or not at all)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

from companion.documents.whole_file import why_not_written, write_whole
from companion.table import Table
from engine.limits import Range
from engine.rejection import Refusal
from engine.text import QUOTE_LENGTH, quoted, shown, shown_lines


class Refused(Exception):
    """A sentence for stderr and exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a wrong argument is one sentence on stderr (exit status 2), never the
    usage over it, and what it quotes of the argument is a short start of it."""

    def error(self, message: str) -> NoReturn:
        what, _, given = message.partition(": ")
        if what == "unrecognized arguments" and len(given) > _TOO_LONG:
            # the words argparse joins unquoted, spaces and all: cut as a whole
            message = f"{what}: {_cut(given)}"
        message = _QUOTED.sub(_short, message)
        # "argument --at: --at takes ...": the argument is named once.
        named, _, rest = message.partition(": ")
        if named.startswith("argument ") and rest.startswith(named.removeprefix("argument ")
                                                             .split("/")[0]):
            message = rest
        self.exit(2, shown(f"{self.prog}: {message.rstrip('.')}.") + "\n")


# A value argparse puts in its own messages, quoted ('xml') or not (unrecognized arguments:
# --x=...), long enough to cut; ours are cut already (…).
_LONG = QUOTE_LENGTH + 1
_QUOTED = re.compile(rf"'([^'\n…]{{{_LONG},}})'|([^\s'…]{{{_LONG},}})")


def _short(match: re.Match[str]) -> str:
    inner = match.group(1) or match.group(2)
    return f"'{inner[:QUOTE_LENGTH]}…' ({len(inner):,} characters)"


# Longer than any sentence needs: a value given on the command line that a refusal names
# whole (a path, as given or as Path spells it), or a word of a refusal, is quoted by its
# start as every refusal quotes what it refuses.
_TOO_LONG = 5 * QUOTE_LENGTH
_ENDLESS = re.compile(rf"(\S{{{_TOO_LONG + 1},}}?)([.,:;)]*)(?=\s|$)")


def refusal_text(text: str, given: Sequence[str] = ()) -> str:
    """A refusal as it reaches stderr: safe for the terminal, each long value of `given` (the
    command line's) that it names, and each endless word, cut to its start with its length
    (a path of 100,000 characters, with spaces or without)."""
    for value in sorted({*given, *(str(Path(value)) for value in given)}, key=len,
                        reverse=True):
        if len(value) > _TOO_LONG:
            text = text.replace(value, _cut(value))
    return shown(_ENDLESS.sub(lambda word: _cut(word[1]) + word[2], text))


def _cut(value: str) -> str:
    return f"{value[:QUOTE_LENGTH]}… ({len(value):,} characters)"


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


def number(bound: Range) -> Callable[[str], int]:
    """An argparse type: a whole number within `bound`, or its sentence."""

    def read(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+")
        # int() reads up to 4,300 digits; a longer one is out of range all the same.
        if not (digits.isdecimal() and digits.isascii()) or len(digits) > 4000:
            raise argparse.ArgumentTypeError(str(bound.refusal(text)))
        try:
            return bound.check(int(text))
        except Refusal as refusal:
            raise argparse.ArgumentTypeError(refusal.reason) from None

    return read


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
