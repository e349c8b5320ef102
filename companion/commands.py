"""The dealer's commands as the screens make them: the table's own typed values and the
kernel's common moves, handed over here so no shared screen imports the engine
(tests/test_layers.py); a game's screen package makes its game's own commands.

A key the dealer presses becomes one of these directly. A form (who joins, the night's
start, a game's options) is what the dealer typed, still unchecked: a `Draft` in the
contract's JSON form, which the application decodes once, as the CLI does a line, so a
wrong entry comes back with the rules' own sentence.
"""

from __future__ import annotations

from typing import Any

from engine.commands import (
    Bet,
    Command,
    Correct,
    EndGame,
    EndNight,
    Pass,
    PlayCard,
    Redo,
    StartNight,
    Undo,
)
from engine.moves import Declare, NextDealer

Draft = dict[str, Any]  # a form's entry in the contract's JSON form, not yet decoded

__all__ = ["Bet", "Command", "Correct", "Declare", "Draft", "EndGame", "EndNight",
           "NextDealer", "Pass", "PlayCard", "Redo", "StartNight", "Undo"]
