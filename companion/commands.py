"""The dealer's commands as the screens make them: the typed values of `engine.commands`,
handed over here so no screen imports the engine (tests/test_layers.py).

A key the dealer presses becomes one of these directly. A form (who joins, the night's
start, a game's options) is what the dealer typed, still unchecked: a `Draft` in the
contract's JSON form, which the controller decodes once, as the CLI does a line, so a
wrong entry comes back with the rules' own sentence.
"""

from __future__ import annotations

from typing import Any

from engine.commands import (
    AnyCommand,
    Bet,
    Command,
    Correct,
    Declare,
    EndGame,
    EndNight,
    Guess,
    NextDealer,
    Pass,
    PlayCard,
    Raise,
    Redo,
    Show,
    SplitPot,
    StartNight,
    Undo,
)

Draft = dict[str, Any]  # a form's entry in the contract's JSON form, not yet decoded

# What the dealer enters by key at the table, and so may retype in a correction.
KEYED: tuple[type[Command], ...] = (PlayCard, Bet, Pass, Raise, Show, Guess)

__all__ = ["KEYED", "AnyCommand", "Bet", "Command", "Correct", "Declare", "Draft", "EndGame",
           "EndNight", "Guess", "NextDealer", "Pass", "PlayCard", "Raise", "Redo", "Show",
           "SplitPot", "StartNight", "Undo"]
