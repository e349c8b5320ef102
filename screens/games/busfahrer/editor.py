"""How the correct dialog retypes Busfahrer's entries with the keys of the table: a call with
its question's keys, a give as the receiver's number and how many, the driver as a number."""

from __future__ import annotations

from msgspec.structs import replace

from companion.commands import Command
from companion.views import Expect, NightView
from engine.games.busfahrer.commands import (
    Call,
    CallExpected,
    Driver,
    DriverExpected,
    Give,
)
from engine.games.busfahrer.view import BusfahrerView
from screens.games import Editor
from screens.games.busfahrer.keys import GiveRetyped

# The question whose keys retype a call, by what it called (higher and lower: question 2's
# keys, the bus's too).
QUESTION_OF = {"red": 1, "black": 1, "higher": 2, "lower": 2, "inside": 3, "outside": 3,
               "c": 4, "d": 4, "h": 4, "s": 4}


def seated(view: NightView | None) -> tuple[str, ...]:
    """The players of the game in seat order: the numbers the table shows at their seats."""
    if view is None or not isinstance(view.table, BusfahrerView):
        return ()
    return tuple(name for name in view.players if name in view.table.hands)


class BusfahrerEditor(Editor):

    def expectation(self, command: Command, suits: bool,
                    view: NightView | None = None) -> Expect | None:
        if isinstance(command, Call):
            question = QUESTION_OF.get(command.choice, 2)
            return CallExpected(prompt="", player="", choices=(), question=question)
        if isinstance(command, Give):
            players = seated(view) or (command.to,)
            # Enter after the number keeps the count: only the receiver was wrong.
            return GiveRetyped(prompt="", player="", sips=command.sips, to=players,
                               players=players)
        if isinstance(command, Driver):
            return DriverExpected(prompt="", player=None, choices=seated(view) or (
                command.player,))
        return super().expectation(command, suits, view)

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        """A call or a give that named its player keeps naming them."""
        if isinstance(original, Call) and isinstance(retyped, Call) and original.player:
            return replace(retyped, player=original.player)
        if isinstance(original, Give) and isinstance(retyped, Give) and original.player:
            return replace(retyped, player=original.player)
        return super().as_the_original(original, retyped)
