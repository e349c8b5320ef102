"""How the correct dialog retypes Schlag den Dealer's guesses: as a value (with its suit
where one was given), for the same guesser."""

from __future__ import annotations

from msgspec.structs import replace

from companion.commands import Command
from companion.views import Expect, NightView
from engine.games.schlag_den_dealer.commands import Guess, GuessExpected
from screens.games import Editor


class SchlagEditor(Editor):

    def expectation(self, command: Command, suits: bool,
                    view: NightView | None = None) -> Expect | None:
        if isinstance(command, Guess):
            return GuessExpected(prompt="", player="", suits=suits)
        return super().expectation(command, suits, view)

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        if isinstance(original, Guess) and isinstance(retyped, Guess) and original.player:
            return replace(retyped, player=original.player)
        return super().as_the_original(original, retyped)
