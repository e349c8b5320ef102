"""The game presets a night can play, each a rules module with the same small surface."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine import in_between
from engine.commands import Command
from engine.options import Option
from engine.table import NightState, Tx


class Rules(Protocol):
    """What the night needs from a game family's module."""

    preset: str
    title: str
    options: Sequence[Option]
    uses_suits: bool

    def initial_state(self, resolved: dict[str, Any]) -> Any: ...
    def start(self, tx: Tx, dealer: str | None) -> None: ...
    def decide(self, tx: Tx, command: Command) -> None: ...
    def expect(self, state: NightState) -> dict[str, Any]: ...
    def view(self, state: NightState) -> dict[str, Any]: ...
    def mid_turn(self, state: NightState) -> str | None: ...
    def without_player(self, game: Any, name: str) -> Any: ...
    def player_left(self, tx: Tx, name: str) -> None: ...
    def finish(self, tx: Tx) -> None: ...


GAMES: dict[str, Rules] = {in_between.preset: in_between}
# Presets of RULES.md whose engines come in later issues; named so the refusal is precise.
PLANNED = ("casino-red-dog", "in-amongst", "red-dog", "schlag-den-dealer")


def rules_for(preset: str) -> Rules:
    return GAMES[preset]
