"""How the correct dialog retypes Red Dog's entries: a shown hand as at the table."""

from __future__ import annotations

from msgspec.structs import replace

from companion.commands import Command
from companion.views import Expect, NightView
from engine.games.red_dog.commands import Show, ShowExpected
from screens.games import Editor


class RedDogEditor(Editor):

    def expectation(self, command: Command, suits: bool,
                    view: NightView | None = None) -> Expect | None:
        if isinstance(command, Show):
            return ShowExpected(prompt="", player="", turned="", hand_size=0)
        return super().expectation(command, suits, view)

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        if isinstance(original, Show) and isinstance(retyped, Show) and original.player:
            return replace(retyped, player=original.player)
        return super().as_the_original(original, retyped)
