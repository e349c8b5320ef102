"""What a game shows of itself, as typed values: the part of `state --json` a family adds.

Every family's view is a `GameView` (or a subclass with its own fields); the screens draw
from the typed value and `state --json` prints its JSON object. The night's view names the game
on the table (`NightView.game`), so a screen finds the panel that draws it without reading keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import msgspec

from engine.expect import Expect
from engine.json_doc import JsonDoc


class GameView(msgspec.Struct, frozen=True, kw_only=True):
    """The game on the table: dealer, turn, pot, the cards out since the shuffle."""

    suits: bool
    dealer: str | None
    turn: str | None
    pot: int
    seen: tuple[str, ...]
    deck_remaining: int

    def as_json(self) -> JsonDoc:
        """The view's fields as `state --json` prints them."""
        doc: JsonDoc = msgspec.json.decode(msgspec.json.encode(self))
        return doc


class TurnView(GameView, frozen=True, kw_only=True):
    """A game of turns with one pot: the round, the open bet and the cards of the turn."""

    round: int
    bet: int
    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place at the night's table."""

    chips: int
    sips: int
    bought_in: int
    present: bool


@dataclass(frozen=True, slots=True)
class NightView:
    """The whole table as the screens draw it and `state --json` prints it: the night, what
    is expected next, every seat, and the game on the table (`table`) in its own view."""

    night: int | str | None
    name: str | None
    game: str | None  # the preset on the table
    game_title: str | None
    expect: Expect
    players: dict[str, Seat]
    last_action: int
    chip_value: str | None
    currency: str | None
    games_played: tuple[str, ...]
    ended: bool
    table: GameView | None = None
    options: Mapping[str, object] | None = None  # a JSON object: msgspec reads no recursive alias

    @property
    def dealer(self) -> str | None:
        return None if self.table is None else self.table.dealer

    @property
    def turn(self) -> str | None:
        return None if self.table is None else self.table.turn

    @property
    def pot(self) -> int:
        return 0 if self.table is None else self.table.pot

    @property
    def seen(self) -> tuple[str, ...]:
        return () if self.table is None else self.table.seen

    @property
    def deck_remaining(self) -> int:
        return 52 if self.table is None else self.table.deck_remaining

    def as_json(self) -> JsonDoc:
        """The projection `companion state --json` prints (DESIGN.md), keys in their order."""
        doc: JsonDoc = {
            "night": self.night, "name": self.name, "game": self.game,
            "game_title": self.game_title, "dealer": None, "turn": None,
            "expect": self.expect.as_json(),
            "pot": 0,
            "players": {name: {"chips": seat.chips, "sips": seat.sips,
                               "bought_in": seat.bought_in, "present": seat.present}
                        for name, seat in self.players.items()},
            "seen": [], "deck_remaining": 52, "last_action": self.last_action,
            "chip_value": self.chip_value, "currency": self.currency,
            "games_played": list(self.games_played), "ended": self.ended}
        if self.table is not None:
            doc.update(self.table.as_json())
        if self.options is not None:
            doc["options"] = msgspec.to_builtins(self.options)  # JSON values, as read
        return doc
