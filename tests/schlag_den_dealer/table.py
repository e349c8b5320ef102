"""Schlag den Dealer played through the pure engine: a night with a game of it, and the
guesses, cards and sips of its turns as a dealer would say them.

Ben deals to Ben, Anna, Cleo and Dan (no chips: a game of sips) unless a test says
otherwise, so the guessers go Anna, Cleo, Dan, Anna, ... and Ben never guesses.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import SipsOwed
from engine.rejection import Rejection
from tests.table import Table

PLAYERS = ("Ben", "Anna", "Cleo", "Dan")
NINE = ("Ann", "Bo", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ivy")
VALUES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
HIGH_VALUES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def schlag(players: tuple[str, ...] = PLAYERS, dealer: str | None = "Ben", chips: int = 0,
           **options: Any) -> Table:
    """A night at `players` with a game of Schlag den Dealer; `dealer=None` draws."""
    table = Table().do(cmd="start_night", players=list(players), chips=chips)
    command: dict[str, Any] = {"cmd": "start_game", "game": "schlag-den-dealer",
                               "options": options}
    if dealer is not None:
        command["dealer"] = dealer
    return table.do(**command)


def refusal(table: Table, **command: Any) -> Rejection:
    """A command that must be refused without changing anything; the rejection."""
    before = table.state
    outcome = table.try_(**command)
    assert isinstance(outcome, Rejection), f"{command} was accepted"
    assert table.state == before
    return outcome


def sips(table: Table) -> dict[str, int]:
    return {p.name: p.sips for p in table.state.players}


def owed(table: Table) -> list[tuple[str, int, str, str | None]]:
    """Who drinks what from the last accepted command: player, sips, why, caused by."""
    return [(e.player, e.sips, e.why, e.by) for e in table.last_events
            if isinstance(e, SipsOwed)]


def of_type(table: Table, kind: type) -> list[Any]:
    return [e for e in table.last_events if isinstance(e, kind)]


def guess(table: Table, player: str, *values: Any) -> Table:
    for value in values:
        table.do(cmd="guess", value=value, player=player)
    return table


def double_miss(table: Table, player: str, card: str, first: Any = 7,
                second: Any = 12) -> Table:
    """`player` misses twice against `card`, entered first (7 then Q on a 10: 2 sips)."""
    table.do(cmd="card", card=card)
    return guess(table, player, first, second)


def hit(table: Table, player: str, card: str, value: Any) -> Table:
    """`player` names `card`'s value at once: the dealer drinks 4."""
    return guess(table.do(cmd="card", card=card), player, value)
