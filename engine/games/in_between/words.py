"""In-Between in words: the log's line for each of its own events, and its options and
refusals in German (the English is in the rules themselves)."""

from __future__ import annotations

from engine.cards import parse_card
from engine.game import Phrase
from engine.games.in_between.state import (
    AceDeclaredLow,
    AnteRefunded,
    CardDealt,
    DealerChanged,
    DealerGameEnded,
    DeckRanOut,
    HandSplit,
    Passed,
    RoundStarted,
)


def _card(text: str) -> str:
    return parse_card(text).label


def _dealer_game_ended(e: DealerGameEnded) -> str:
    if e.pot == 0:  # won out to the last chip: nothing is left for the dealer to take
        return (f"the pot is empty: {e.dealer} loses the stake of {e.stake}" if e.stake
                else "the pot is empty")
    return f"{e.dealer} takes the pot of {e.pot} ({e.pot - e.stake:+d} on a stake of {e.stake})"


PHRASES = (
    Phrase(DealerChanged, lambda e, say: f"{e.dealer} deals"),
    Phrase(RoundStarted, lambda e, say: (f"round {e.round}, " + (
        "shuffled" if e.shuffled else "dealt on from the deck") + f": {', '.join(e.order)}")),
    Phrase(CardDealt, lambda e, say: (f"{e.player}'s {e.slot.replace('_', ' ')} card "
                                      f"{_card(e.card)}")),
    Phrase(Passed, lambda e, say: f"{e.player} passes"),
    Phrase(DealerGameEnded, lambda e, say: _dealer_game_ended(e)),
    Phrase(AceDeclaredLow, lambda e, say: f"{e.player}'s ace counts low"),
    Phrase(DeckRanOut, lambda e, say: "the deck ran out: the used cards are shuffled" + (
        f" ({', '.join(_card(c) for c in e.kept)} stay on the table)" if e.kept else "")),
    Phrase(HandSplit, lambda e, say: f"{e.player} splits the pair for an ante of {e.ante}"),
    Phrase(AnteRefunded, lambda e, say: f"{e.player} gets the ante of {e.amount} back"),
)

_OPTIONS_DE = {
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
_REFUSALS_DE = {
    "in_between.min_bet": "min_bet braucht ein Ante: der Mindesteinsatz ist das Ante.",
    "in_between.pairs": "pairs={pairs} braucht ein Ante: Teilen kostet ein Ante mehr, die "
                        "Erstattung gibt das Ante zurück.",
    "bet.no_pass_shown": "Kein Passen: mit Mindesteinsatz zeigt {player} beide Karten und "
                         "setzt mindestens den Grundeinsatz.",
    "bet.at_least": "{player} setzt mindestens {minimum} (Mindesteinsatz).",
    "declare.low_ace": "Nur ein erstes Ass kann niedrig angesagt werden, mit der Option "
                       "low_ace, vor der zweiten Karte.",
    "declare.split": "Teilen geht nur mit pairs=split, mit einem Paar direkt nach der zweiten "
                     "Karte, einmal pro Zug und mit Chips für den Einsatz.",
}

_OPTIONS_EN = {
    "stake": "Chips the dealer puts into the pot at the start of a dealer's game.",
    "rounds": "Rounds each dealer plays before the deal passes left.",
    "cover_post": "A bet may be at most half the stack, so a post can be paid.",
    "ante": "Everyone, the dealer too, antes this instead of a stake; the dealer plays last, "
            "the deal passes every round, the game ends when the pot is won.",
    "min_bet": "Every bet is at least the ante; no pass (needs an ante).",
    "low_ace": "A first card that is an ace may be declared low (below the 2) before the "
               "second card.",
    "hidden": "Both cards come face down: at their turn a player passes without showing, or "
              "shows both (entered then), bets and gets the third card.",
    "three_posts": "Three cards, two gaps: after the first bet's card a second bet (at least "
                   "the ante) on the gap between cards 2 and 3; its post costs triple.",
    "two_passes": "No shuffle between rounds: deal on from the deck; the dealer's game ends "
                  "with the round in which the deck runs out the second time.",
    "pairs": "split: a pair may be split for one more ante into two hands, each with a new "
             "second card, bet and settled on its own; refund: a pair or neighbours gives the "
             "ante back from the pot. Both need an ante.",
}

WORDS = {
    "en": {f"option.{name}": text for name, text in _OPTIONS_EN.items()},
    "de": {**{f"option.{name}": text for name, text in _OPTIONS_DE.items()},
           **{f"refusal.{key}": text for key, text in _REFUSALS_DE.items()}},
}
