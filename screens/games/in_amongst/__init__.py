"""In-Amongst at the table: the two cards in the middle for the player whose turn it is; the
rest is the table every game shares."""

from __future__ import annotations

from screens.games import Panel, words_of

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "prompt.card.middle_first": "the first card in the middle for {player}",
        "prompt.card.middle_second": "the second card in the middle for {player}",
    },
    "de": {
        "prompt.card.middle_first": "Erste Karte in der Mitte für {player}",
        "prompt.card.middle_second": "Zweite Karte in der Mitte für {player}",
    },
}

words_of(WORDS)


class InAmongstPanel(Panel):
    """The table every game shares, with In-Amongst's words for its two middle cards."""


PANEL = InAmongstPanel()
