"""How the correct dialog retypes Casino Red Dog's entries: a raise as its amount, for the
same player."""

from __future__ import annotations

from companion.commands import Bet, Command
from companion.views import BetExpected, Expect, NightView
from engine.games.casino_red_dog.commands import Raise
from screens.games import Editor


class CasinoEditor(Editor):

    def expectation(self, command: Command, suits: bool,
                    view: NightView | None = None) -> Expect | None:
        if isinstance(command, Raise):
            return BetExpected(prompt="", player="", min=0, max=0)
        return super().expectation(command, suits, view)

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        if isinstance(original, Raise) and isinstance(retyped, Bet):
            return Raise(player=original.player, amount=retyped.amount)
        return super().as_the_original(original, retyped)
