"""In-Between in words: the log's line for each of its own events, and its options and
refusals in German (the English is in the rules themselves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import parse_card


def _card(text: str) -> str:
    return parse_card(text).label


def _dealer_game_ended(e: Any) -> str:
    if e.pot == 0:  # won out to the last chip: nothing is left for the dealer to take
        return (f"the pot is empty: {e.dealer} loses the stake of {e.stake}" if e.stake
                else "the pot is empty")
    return f"{e.dealer} takes the pot of {e.pot} ({e.pot - e.stake:+d} on a stake of {e.stake})"


PHRASES: dict[str, Callable[[Any], str]] = {
    "DealerChanged": lambda e: f"{e.dealer} deals",
    "RoundStarted": lambda e: (f"round {e.round}, " + ("shuffled" if e.shuffled else
                                                       "dealt on from the deck")
                               + f": {', '.join(e.order)}"),
    "CardDealt": lambda e: f"{e.player}'s {e.slot.replace('_', ' ')} card {_card(e.card)}",
    "Passed": lambda e: f"{e.player} passes",
    "DealerGameEnded": lambda e: _dealer_game_ended(e),
    "AceDeclaredLow": lambda e: f"{e.player}'s ace counts low",
    "DeckRanOut": lambda e: "the deck ran out: the used cards are shuffled" + (
        f" ({', '.join(_card(c) for c in e.kept)} stay on the table)" if e.kept else ""),
    "HandSplit": lambda e: f"{e.player} splits the pair for an ante of {e.ante}",
    "AnteRefunded": lambda e: f"{e.player} gets the ante of {e.amount} back",
}

OPTIONS_DE = {
    "stake": "Chips, die der Dealer zu Beginn seines Spiels in den Topf legt.",
    "rounds": "Runden, die jeder Dealer spielt, bevor das Geben nach links geht.",
    "cover_post": "Ein Einsatz ist höchstens der halbe Stapel, damit ein Pfosten bezahlt "
                  "werden kann.",
    "ante": "Alle, auch der Dealer, zahlen dies statt eines Einsatzes des Dealers; der Dealer "
            "spielt zuletzt, das Geben wandert jede Runde, das Spiel endet, wenn der Topf "
            "gewonnen ist.",
    "min_bet": "Jeder Einsatz ist mindestens das Ante; kein Passen (braucht ein Ante).",
    "low_ace": "Ein Ass als erste Karte darf vor der zweiten als niedrig (unter der 2) "
               "angesagt werden.",
    "hidden": "Beide Karten kommen verdeckt: wer dran ist, passt ohne zu zeigen oder zeigt "
              "beide (dann eingegeben), setzt und bekommt die dritte Karte.",
    "three_posts": "Drei Karten, zwei Lücken: nach der Karte des ersten Einsatzes ein zweiter "
                   "Einsatz (mindestens das Ante) auf die Lücke zwischen Karte 2 und 3; sein "
                   "Pfosten kostet dreifach.",
    "two_passes": "Kein Mischen zwischen den Runden: vom Stapel weitergeben; das Spiel des "
                  "Dealers endet mit der Runde, in der der Stapel zum zweiten Mal ausgeht.",
    "pairs": "split: ein Paar darf für ein weiteres Ante in zwei Hände geteilt werden, jede "
             "mit neuer zweiter Karte, eigenem Einsatz und eigener Abrechnung; refund: ein "
             "Paar oder Nachbarn geben das Ante aus dem Topf zurück. Beides braucht ein Ante.",
}

# German words for the refusals only In-Between raises (`refusal.<key>`).
REFUSALS_DE = {
    "bet.no_pass_shown": "Kein Passen: mit Mindesteinsatz zeigt {player} beide Karten und "
                         "setzt mindestens den Grundeinsatz.",
    "bet.at_least": "{player} setzt mindestens {minimum} (Mindesteinsatz).",
    "declare.low_ace": "Nur ein erstes Ass kann niedrig angesagt werden, mit der Option "
                       "low_ace, vor der zweiten Karte.",
    "declare.split": "Teilen geht nur mit pairs=split, mit einem Paar direkt nach der zweiten "
                     "Karte, einmal pro Zug und mit Chips für den Einsatz.",
}
