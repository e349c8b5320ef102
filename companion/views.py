"""The typed values the screens draw and read, as companion hands them over: the night's
view, what is expected next, the card slots every game shares. The shared screens import them
from here, never from the engine (tests/test_layers.py); a game's screen package reads its
own game's types from the game's package."""

from __future__ import annotations

from engine.expect import (
    BetExpected,
    CardExpected,
    EndGameExpected,
    Expect,
    NightOverExpected,
    NothingExpected,
    Slot,
    StartGameExpected,
    StartNightExpected,
    TooFewExpected,
)
from engine.moves import DeclareExpected, NextDealerExpected
from engine.views import GameView, NightView, Seat, TurnView

__all__ = ["BetExpected", "CardExpected", "DeclareExpected", "EndGameExpected", "Expect",
           "GameView", "NextDealerExpected", "NightOverExpected", "NightView",
           "NothingExpected", "Seat", "Slot", "StartGameExpected", "StartNightExpected",
           "TooFewExpected", "TurnView"]
