"""Logs as the companion wrote them before every value was checked where it enters (issue
22): a name of any length or with control characters in it, a buy-in of 10**400. Such a
log must still open, replay, show and settle; these helpers write one into a real SQLite
file through the real store, with only the edge's check (engine/edge.py) left out."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import events.history
from engine.commands import Command
from engine.rejection import Rejection
from engine.table import NightState
from events.session import NightSession
from tests.decoded import executed


@contextmanager
def before_the_checks() -> Iterator[None]:
    """Commands taken as they were before engine/edge.py admitted them."""
    admit = getattr(events.history, "admit")  # noqa: B009 (the log's own name for it)

    def as_given(command: Command, state: NightState, past: Any = None) -> Command:
        return command

    setattr(events.history, "admit", as_given)  # noqa: B010
    try:
        yield
    finally:
        setattr(events.history, "admit", admit)  # noqa: B010


def written_before_the_checks(db: Path, *commands: dict[str, Any]) -> Path:
    """`db` with `commands` played into it as an older companion would have taken them; each
    must be accepted by the rules."""
    with before_the_checks():
        session = NightSession.open(db, None, write=True)
        try:
            for command in commands:
                done = executed(session, command)
                assert not isinstance(done, Rejection), f"{command}: {done.reason}"
        finally:
            session.close()
    return db
