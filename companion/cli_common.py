"""What every `companion` subcommand shares: the refusal that becomes one sentence and exit
status 2, opening a night to read, and putting a document on stdout or into a file."""

from __future__ import annotations

import sys
from pathlib import Path

from events.session import NightSession


class Refused(Exception):
    """A sentence for stderr and exit status 2."""


def reader(db: Path, night: int | None, at: int | None = None) -> NightSession:
    session = NightSession.open(db, night, write=False, at=at)
    if session.night is None:
        session.close()
        raise Refused(f"There is no night in {db} yet; start one with start_night.")
    warn_if_broken(session)
    return session


def warn_if_broken(session: NightSession) -> None:
    # Shown, not refused: a broken log must still be readable to be mended.
    if session.broken_sentence:
        print(f"Warning: {session.broken_sentence} `companion verify` names the break.",
              file=sys.stderr)


def stdout(document: str | bytes) -> None:
    if isinstance(document, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(document)
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(document)


def write(out: Path, document: str | bytes) -> None:
    try:
        if isinstance(document, bytes):
            out.write_bytes(document)
        else:
            out.write_text(document, encoding="utf-8")
    except OSError as error:
        raise Refused(f"Cannot write {out}: {error.strerror or error}.") from None


def put(out: Path | None, document: str | bytes) -> None:
    """The document into the file `out`, or onto stdout without one."""
    if out is not None:
        write(out, document)
    else:
        stdout(document)
