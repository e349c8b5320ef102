"""In-Amongst at the table: the two cards in the middle for the player whose turn it is, then
the third; the rest is the table every game shares."""

from __future__ import annotations

from engine.games.in_amongst.view import Slot
from screens.games import Panel


class InAmongstPanel(Panel):
    """The table every game shares, with In-Amongst's words for its cards."""

    SLOT_PROMPTS = {**Panel.SLOT_PROMPTS,
                    Slot.MIDDLE_FIRST: "prompt.card.middle_first",
                    Slot.MIDDLE_SECOND: "prompt.card.middle_second",
                    Slot.THIRD: "prompt.card.third"}
