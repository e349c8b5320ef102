"""High Card's panel: each seat shows the card its player turned this round, the prompt says
whose card comes or that the dealer names the lucky rank, and the rank named shows with it."""

from __future__ import annotations

from high_card import HighCardView
from high_card.commands import NominateExpected

from companion.views import CardExpected, NightView, Seat
from companion.words.i18n import Words
from screens import parts
from screens.games import Panel


class HighCardPanel(Panel):

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        table = view.table
        turned = (dict(zip(table.order, table.hand, strict=False))
                  if isinstance(table, HighCardView) else {})
        notes = [words("high_card.turned", card=turned[name])] if name in turned else []
        return parts.SeatRow(parts.stack(seat), parts.seat_note(view, name, seat, words, notes))

    def prompt(self, view: NightView, words: Words) -> str:
        lucky = (f" ({words('high_card.lucky', rank=view.table.lucky)})"
                 if isinstance(view.table, HighCardView) and view.table.lucky else "")
        if isinstance(view.expect, NominateExpected):
            return words("high_card.prompt.nominate", player=view.expect.player)
        if isinstance(view.expect, CardExpected):
            return words("high_card.prompt.turn", player=view.expect.player or "—") + lucky
        return super().prompt(view, words)
