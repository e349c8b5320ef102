"""A game's entry editor: how the correct dialog retypes an entry of the past with the same
keys as at the table, and puts the retyped entry back in the original's form."""

from __future__ import annotations

from msgspec.structs import replace

from companion.commands import Bet, Command, Pass, PlayCard
from companion.views import BetExpected, CardExpected, Expect, NightView, Slot


class Editor:
    """The editor of a game with no entries of its own: a card, a bet or a pass."""

    def expectation(self, command: Command, suits: bool,
                    view: NightView | None = None) -> Expect | None:
        """What the dealer types to retype `command` (None: it is not retyped by keys;
        `suits`: the game's cards take a suit; `view`: the table now, for an entry that names
        a player by the number the table shows at their seat)."""
        if isinstance(command, PlayCard):
            return CardExpected(prompt="", slot=Slot.DRAW, suits=suits)
        if isinstance(command, Bet | Pass):
            return BetExpected(prompt="", player="", min=0, max=0, passing=True)
        return None

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        """The retyped entry in the original's form: a player the original named stays
        named."""
        player = original.named_player
        if player is not None and isinstance(retyped, PlayCard | Bet | Pass):
            return replace(retyped, player=player)
        return retyped
