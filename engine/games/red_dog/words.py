"""Red Dog in words: the log's line for each of its own events, and its options and refusals
in German (the English is in the rules themselves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import parse_card


def _card(text: str) -> str:
    return parse_card(text).label


def _shows(e: Any) -> str:
    return f"{e.player} shows " + " ".join(_card(c) for c in e.cards)


def _cards_shown(e: Any) -> str:
    # The bet's outcome follows in its own words; a whole hand names the card that won it.
    whole_hand_won = e.winner is not None and len(e.cards) > 1
    return _shows(e) + (f": {_card(e.winner)} wins" if whole_hand_won else "")


def _hand_shown(e: Any) -> str:
    if not e.won:
        return f"{_shows(e)} and loses"
    if len(e.cards) == 1:
        return f"{_shows(e)} and wins"
    return f"{_shows(e)}: {_card(e.winning_card)} wins"  # the whole hand


PHRASES: dict[str, Callable[[Any], str]] = {
    "RoundDealt": lambda e: (f"round {e.round}: {e.dealer} shuffles and deals {e.hand_size} "
                             f"cards each to {', '.join(e.order)}"),
    "TableCard": lambda e: {"burn": "burned", "turn": "turned", "middle": "in the middle"}[
        e.slot] + f" {_card(e.card)}",
    "CardsShown": _cards_shown,
    "HandShown": _hand_shown,  # older logs: the cards and the bet's outcome in one
    "StackReshuffled": lambda e: "the stack ran out: burned, turned and set-aside cards are "
                                 "shuffled",
    "PotKept": lambda e: f"{e.dealer} keeps the pot of {e.amount}",
}

OPTIONS_DE = {
    "ante": "Das Ante aller und der kleinste Einsatz (mit dem Dealer als Bank: der kleinste "
            "Einsatz).",
    "hand_size": "Karten je Hand: 0 = fünf, vier bei 7 oder 8 Spielern; oder 3, 4 oder 5 für "
                 "alle (shoot und slippery_sam geben immer 3).",
    "dealer_bank": "Kein Ante: nur der Dealer füllt den Topf, die anderen setzen dagegen; der "
                   "Dealer behält, was nach der Runde übrig ist, ein leerer Topf gibt das "
                   "Geben sofort weiter.",
    "shoot": "Der Dealer füllt den Topf und gibt je drei Karten; derselbe Dealer gibt wieder, "
             "bis der Topf leer ist; nach drei Runden behält er den Topf oder gibt eine "
             "vierte und behält den Rest.",
    "slippery_sam": "Wie shoot, aber in der Mitte werden Karten aufgedeckt, bis eine 6 oder "
                    "kleiner kommt, und alle setzen reihum gegen diese eine Karte.",
    "stake_min": "Mit dem Dealer als Bank: der kleinste Einsatz des Dealers.",
    "stake_max": "Mit dem Dealer als Bank: der größte Einsatz des Dealers.",
}

REFUSALS_DE = {
    "card.suit_needed": "Bitte auch die Farbe: bei Red Dog entscheidet die Farbe.",
    "bet.range": "{player} setzt jetzt {low} bis {high}.",
    "red_dog.no_pass": "Bei Red Dog wird nicht gepasst: jede Wette ist mindestens der "
                       "Grundeinsatz.",
    "expect.no_show": "Jetzt wird keine Hand gezeigt.",
    "show.twice": "Eine Karte ist doppelt genannt: eine Hand hat jede Karte nur einmal.",
    "show.no_beat": "{card} schlägt {turned} nicht: ohne höhere Karte derselben Farbe wird die "
                    "ganze Hand aus {size} Karten gezeigt.",
    "show.only_winner": "{card} schlägt {turned}: nur diese Karte zeigen.",
    "show.size": "Eine verlorene Hand wird ganz gezeigt: {size} Karten, nicht {count}.",
    "declare.shoot": "Nur nach drei Runden Shoot sagt der Geber keep_pot oder deal_again an.",
    "split_pot.bank": "Wenn der Geber die Bank ist, wird der Pot nicht geteilt.",
    "split_pot.when": "Der Pot wird zwischen zwei Zügen geteilt, solange Chips darin liegen.",
}
