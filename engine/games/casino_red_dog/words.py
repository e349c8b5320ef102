"""Casino Red Dog in words: the log's line for each of its own events, and its options and
refusals in German (the English is in the rules themselves)."""

from __future__ import annotations

from engine.cards import parse_card
from engine.game import Phrase
from engine.games.casino_red_dog.state import (
    TRIPS_PAY,
    BankTaken,
    HandCard,
    HandSettled,
    HandStarted,
    Outcome,
    Raised,
)


def _card(text: str) -> str:
    return parse_card(text).label


def _settled(outcome: str, results: dict[str, int]) -> str:
    if outcome == Outcome.PUSH:
        return "a push: the bets go back"
    if outcome == Outcome.LOSE:
        return "the bank takes " + ", ".join(f"{-amount} from {name}"
                                             for name, amount in results.items())
    what = (f"three of a kind pays {TRIPS_PAY} to 1" if outcome == Outcome.TRIPS
            else "the bank pays")
    return f"{what}: " + ", ".join(f"{name} +{amount}" for name, amount in results.items())


PHRASES = (
    Phrase(BankTaken, lambda e, say: f"{e.dealer} is the bank"),
    Phrase(HandStarted, lambda e, say: f"hand {e.number}: {', '.join(e.players)} ante {e.ante}"),
    Phrase(HandCard, lambda e, say: f"{e.slot} card {_card(e.card)}"),
    Phrase(Raised, lambda e, say: f"{e.player} raises {e.amount}"),
    Phrase(HandSettled, lambda e, say: _settled(e.outcome, dict(e.results))),
)

_OPTIONS_DE = {
    "ante": "Chips, die jeder setzt, wenn die erste Karte einer Hand eingegeben wird; eine "
            "Erhöhung legt bis zu noch einmal so viel dazu.",
    "deal_on": "Kein Mischen zwischen den Händen: vom Stapel weitergeben, gemischt wird, wenn "
               "weniger als drei Karten übrig sind.",
}

_REFUSALS_DE = {
    "casino.bank_gone": "{bank} hat den Tisch verlassen: die Bank geht mit n nach links, oder "
                        "das Spiel endet.",
    "casino.no_bank": "Sonst hat niemand am Tisch Chips, um die Bank zu übernehmen.",
    "casino.raise_broke": "{player} hat keine Chips mehr zum Erhöhen.",
    "casino.no_bet": "Bei Casino Red Dog ist der Grundeinsatz die Wette: nach der Ansage darf "
                     "jeder einmal bis zum Grundeinsatz erhöhen.",
    "casino.nobody": "Außer der Bank hat niemand Chips für den Grundeinsatz: das Spiel "
                     "beenden.",
    "casino.raise_when": "Erhöht wird nach der Ansage und vor der dritten Karte.",
    "casino.not_in_hand": "{player} spielt diese Hand nicht mit.",
    "casino.raised_once": "{player} hat schon erhöht: einmal pro Hand.",
    "casino.raise_at_most": "{player} kann höchstens {limit} erhöhen.",
    "casino.bank_when": "Die Bank wird zwischen zwei Händen weitergegeben.",
    "casino.bank_left": "Die Bank geht nach links: {expected} ist dran, nicht {named}.",
}

_OPTIONS_EN = {
    "ante": "Chips each player places when a hand's first card is entered; a raise adds up to "
            "as much again.",
    "deal_on": "No shuffle between hands: deal on from the deck, shuffled when fewer than "
               "three cards are left.",
}

WORDS = {
    "en": {f"option.{name}": text for name, text in _OPTIONS_EN.items()},
    "de": {**{f"option.{name}": text for name, text in _OPTIONS_DE.items()},
           **{f"refusal.{key}": text for key, text in _REFUSALS_DE.items()}},
}
