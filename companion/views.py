"""The typed values the screens draw and read, as companion hands them over: the night's
view, what is expected next, the card slots. The screens import them from here, never from
the engine (tests/test_layers.py)."""

from __future__ import annotations

from engine.expect import (
    BetExpected,
    CardExpected,
    DeclareExpected,
    EndGameExpected,
    Expect,
    GuessExpected,
    NextDealerExpected,
    NothingExpected,
    ShowExpected,
    Slot,
)
from engine.views import GameView, NightView, Seat, TurnView

__all__ = ["BetExpected", "CardExpected", "DeclareExpected", "EndGameExpected", "Expect",
           "GameView", "GuessExpected", "NextDealerExpected", "NightView", "NothingExpected",
           "Seat", "ShowExpected", "Slot", "TurnView"]
