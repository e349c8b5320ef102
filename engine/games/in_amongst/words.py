"""In-Amongst in words: the log's line for each of its own events, and its options and
refusals in German (the English is in the rules themselves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import parse_card


def _card(text: str) -> str:
    return parse_card(text).label


PHRASES: dict[str, Callable[[Any], str]] = {
    "DealStarted": lambda e: f"{e.dealer} deals round {e.round}, shuffled: {', '.join(e.order)}",
    "MiddleCard": lambda e: f"{e.slot} card for {e.player}: {_card(e.card)}",
    "NeighboursPaid": lambda e: f"neighbours: {e.player} pays {e.amount}",
    "PairPaid": lambda e: f"a pair: {e.player} takes {e.amount}",
    "MiddleReshuffled": lambda e: "every card is out: the used cards are shuffled" + (
        f" ({', '.join(_card(c) for c in e.kept)} stay in the middle)" if e.kept else ""),
}

OPTIONS_DE = {
    "ante": "Chips, die alle zu Beginn und immer bei leerem Topf einzahlen.",
    "pair_pays": "Chips, die ein Paar in der Mitte aus dem Topf nimmt (manche spielen 3).",
}

REFUSALS_DE = {
    "bet.no_pass": "In-Amongst kennt kein Passen: jeder setzt mindestens 1.",
}
