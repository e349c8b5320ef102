"""Commands written in the tests as the contract's JSON, decoded once where they enter, as a
script's line is: the session and the history take typed commands only."""

from __future__ import annotations

from typing import Any

from engine.contract import parse
from engine.rejection import Refusal, Rejection
from events.history import History, Plan
from events.session import Done, NightSession


def executed(session: NightSession, doc: Any) -> Done | Rejection:
    """`doc` decoded, then executed by the session; a value that is no command is refused
    with the contract's sentence, as a script's line is."""
    try:
        command = parse(doc)
    except Refusal as refusal:
        return refusal.rejection()
    return session.execute(command)


def planned(history: History, doc: Any) -> Plan | Rejection:
    """`doc` decoded, then planned against the history (see `executed`)."""
    try:
        command = parse(doc)
    except Refusal as refusal:
        return refusal.rejection()
    return history.plan(command)
