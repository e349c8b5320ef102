"""A game family as the rest of the program sees it: one value its package exports.

Each package in `engine/games/` ends with `FAMILY = Family(...)`; `engine.games` lists them,
and that list is the only place the program learns which games exist. The night plays a
family through `start`, `decide`, `expect`, `view` and the rest; the log reads its events in
`phrases`; the screens find its options, its German refusals and its rules card here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from engine.expect import Expect
from engine.options import Option
from engine.table import NightState, Tx
from engine.views import GameView

LANGUAGES = ("en", "de")


@dataclass(frozen=True, slots=True)
class Family:
    """One game family: its rules, its words and its rules card."""

    preset: str
    title: str
    package: str  # the package holding its rules card (`rules.en.md`, `rules.de.md`)
    options: tuple[Option, ...]
    uses_suits: bool
    needs_chips: bool
    initial_state: Callable[[dict[str, Any]], Any]
    check_options: Callable[[dict[str, Any]], None]
    start: Callable[[Tx, str | None], None]
    decide: Callable[[Tx, Any], None]  # a typed command of engine.commands
    expect: Callable[[NightState], Expect]
    view: Callable[[NightState], GameView]
    mid_turn: Callable[[NightState], str | None]
    without_player: Callable[[Any, str], Any]
    player_left: Callable[[Tx, str], None]
    finish: Callable[[Tx], None]
    # The log's words for the family's own events, by event type name.
    phrases: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    # German words for the family's own refusal keys ("refusal.<key>").
    refusals_de: Mapping[str, str] = field(default_factory=dict)
    card_prefix: str = "rules."  # its rules cards are `<prefix><language>.md`

    def rules_card(self, language: str) -> str:
        """The rules card in `language` (English where there is none)."""
        for name in (f"{self.card_prefix}{language}.md", f"{self.card_prefix}en.md"):
            try:
                return resources.files(self.package).joinpath(name).read_text("utf-8")
            except (FileNotFoundError, OSError):
                continue
        return f"# {self.title}\n\nNo rules card yet."
