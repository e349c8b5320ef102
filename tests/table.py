"""Helpers that play commands through the pure engine, for table-story tests."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine import night
from engine.contract import parse
from engine.rejection import Refusal, Rejection
from engine.table import NightState
from engine.views import NightView


class Table:
    """A night played command by command in memory; refusals are kept, not raised."""

    def __init__(self) -> None:
        self.state: NightState = night.initial_state()
        self.action = 0
        self.last_events: tuple[Any, ...] = ()  # what the last accepted command did

    def do(self, **command: Any) -> Table:
        """Apply a command that must be accepted."""
        outcome = self.try_(**command)
        assert not isinstance(outcome, Rejection), f"{command} refused: {outcome}"
        return self

    def try_(self, **command: Any) -> Any:
        self.action += 1
        stamped = replace(self.state, action=self.action)
        try:  # decoded here as the CLI decodes a line: the edge of these tests
            typed = parse(command)
        except Refusal as refusal:
            return refusal.rejection()
        outcome = night.decide(stamped, typed)
        if not isinstance(outcome, Rejection):
            self.state = night.fold(stamped, outcome)
            self.last_events = tuple(outcome)
        return outcome

    def refused(self, **command: Any) -> str:
        """Apply a command that must be refused; the state must not change. The reason."""
        before = self.state
        outcome = self.try_(**command)
        assert isinstance(outcome, Rejection), f"{command} was accepted"
        assert self.state == before
        return outcome.reason

    def cards(self, *cards: str) -> Table:
        for card in cards:
            self.do(cmd="card", card=card)
        return self

    @property
    def view(self) -> dict[str, Any]:
        """The table as `state --json` prints it."""
        return night.view(self.state, self.action)

    @property
    def typed(self) -> NightView:
        """The table as the screens draw it."""
        return night.table(self.state, self.action)

    def chips(self, name: str) -> int:
        return self.state.player(name).chips

    @property
    def pot(self) -> int:
        return int(self.game.pot)

    @property
    def game(self) -> Any:
        """The game on the table, as a test looks into it (each game's own fields)."""
        return on_the_table(self.state)


def on_the_table(state: NightState) -> Any:
    """The game on the table of `state`, as a test looks into it (each game's own fields)."""
    return state.game


def in_between(players: tuple[str, ...] = ("Anna", "Ben", "Cleo"), chips: int = 100,
               dealer: str | None = None, **options: Any) -> Table:
    """A night at `players` with an In-Between game dealt by `dealer` (the first seat)."""
    table = Table().do(cmd="start_night", players=list(players), chips=chips)
    return table.do(cmd="start_game", game="in-between", dealer=dealer or players[0],
                    options=options)
