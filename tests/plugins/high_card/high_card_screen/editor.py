"""How the correct dialog retypes High Card's nomination: the rank's key, as at the table."""

from __future__ import annotations

from high_card.commands import Nominate, NominateExpected

from companion.commands import Command
from companion.views import Expect, NightView
from screens.games import Editor


class HighCardEditor(Editor):

    def expectation(self, command: Command, suits: bool,
                    view: NightView | None = None) -> Expect | None:
        if isinstance(command, Nominate):
            return NominateExpected(prompt="", player="")
        return super().expectation(command, suits, view)
