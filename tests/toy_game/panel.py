"""High Card's panel: each seat shows the card its player turned this round."""

from __future__ import annotations

from companion.views import CardExpected, NightView, Seat
from companion.words.i18n import Words
from screens import parts
from screens.games import GameScreen, Panel, words_of
from tests.toy_game import HighCardView

words_of({"en": {"prompt.high_card": "{player}: turn your card",
                 "high_card.turned": "turned {card}"},
          "de": {"prompt.high_card": "{player}: deck deine Karte auf",
                 "high_card.turned": "deckte {card} auf"}})


class HighCardPanel(Panel):

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        table = view.table
        turned = (dict(zip(table.order, table.hand, strict=False))
                  if isinstance(table, HighCardView) else {})
        notes = [words("high_card.turned", card=turned[name])] if name in turned else []
        return parts.SeatRow(parts.stack(seat), parts.seat_note(view, name, seat, words, notes))

    def prompt(self, view: NightView, words: Words) -> str:
        if isinstance(view.expect, CardExpected):
            return words("prompt.high_card", player=view.expect.player or "—")
        return super().prompt(view, words)


SCREEN = GameScreen(panel=HighCardPanel())
