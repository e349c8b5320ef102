"""Schlag den Dealer in words: the log's line for each of its own events, and its options and
refusals in German (the English is in the rules themselves)."""

from __future__ import annotations

from engine.cards import SUIT_SYMBOLS, parse_card
from engine.game import Phrase
from engine.games.schlag_den_dealer.state import (
    CardLaid,
    CardLookedAt,
    DeckTaken,
    Guessed,
    TurnPassed,
)
from engine.games.schlag_den_dealer.view import value_name


def _card(text: str) -> str:
    return parse_card(text).label


PHRASES = (
    Phrase(DeckTaken, lambda e, say: f"{e.dealer} holds the deck; {e.guesser} guesses"),
    # The card stays hidden until it is laid out: the log must not give it away.
    Phrase(CardLookedAt, lambda e, say: "the dealer looks at the top card"),
    Phrase(Guessed, lambda e, say: f"{e.player} guesses {value_name(e.value)}" + (
        f" of {SUIT_SYMBOLS[e.suit]}" if e.suit else "")),
    Phrase(CardLaid, lambda e, say: f"the card was {_card(e.card)}"),
    Phrase(TurnPassed, lambda e, say: f"{e.guesser} guesses next"),
)

_OPTIONS_DE = {
    "unit": "Wie ein Schluck auf dem Bildschirm heißt (niemand wird je zum Trinken gedrängt).",
    "ace_high": "Das Ass zählt 14 statt 1.",
    "one_try": "Nur ein Tipp: ein falscher Tipp kostet sofort den Abstand.",
    "stupid_guess": "Wer einen Wert rät, dessen vier Karten alle offen liegen, bekommt "
                    "stupid_penalty.",
    "stupid_penalty": "Die Strafe für einen dummen Tipp.",
    "value_and_suit": "Wer beim ersten Tipp die genaue Karte (Wert und Farbe) nennt, bringt "
                      "dem Dealer exact_sips ein; Karten werden mit Farbe eingegeben.",
    "exact_sips": "Was der Dealer für die genaue Karte bekommt.",
    "dealer_chooses": "Nach drei Fehlschlägen bestimmt der erlöste Dealer den nächsten Dealer.",
}

# The German of the refusals only this game gives (keys without "refusal.").
_REFUSALS_DE = {
    "schlag.suit_needed": "Bitte auch die Farbe der Karte: mit value_and_suit zählt die "
                          "genaue Karte.",
    "schlag.hidden_out": "Diese Karte liegt schon offen: die Karte des Gebers prüfen und neu "
                         "eingeben (sie wird nicht gezeigt, damit sie verdeckt bleibt).",
    "schlag.over": "Das Spiel ist vorbei: Strg+x beendet es.",
    "schlag.contradicts": "Die Karte kann kein {card} sein: der erste Tipp war "
                          "{value}, und es wurde ein zweites Mal geraten.",
    "schlag.choose_when": "Nur ein erlöster Dealer bestimmt mit dealer_chooses den "
                          "nächsten.",
    "schlag.choose_who": "{player} kann den Stapel nicht nehmen.",
    "guess.same": "Der erste Tipp von {player}, {value}, war falsch: der zweite Tipp "
                  "ist ein anderer Wert.",
    "guess.value": "Das ist kein Wert: A, 2–10, B, D oder K.",
    "guess.done": "Es ist geraten; jetzt kommt die Karte.",
    "guess.suit": "{suit} ist keine Farbe: c, d, h oder s (oder ♣ ♦ ♥ ♠).",
    "guess.suit_first": "Eine Farbe gehört nur zum ersten Tipp.",
}

_OPTIONS_EN = {
    "unit": "What a drink is called on the screen (no one is ever pressed to drink).",
    "ace_high": "The ace counts 14 instead of 1.",
    "one_try": "One guess only: a wrong guess drinks the difference at once.",
    "stupid_guess": "Guessing a value whose four cards are all out costs stupid_penalty.",
    "stupid_penalty": "The penalty for a stupid guess.",
    "value_and_suit": "Naming the exact card (value and suit) at the first try makes the dealer "
                      "drink exact_sips; cards are entered with their suit.",
    "exact_sips": "What the dealer drinks for the exact card.",
    "dealer_chooses": "After three misses the relieved dealer names the next dealer.",
}

WORDS = {
    "en": {f"option.{name}": text for name, text in _OPTIONS_EN.items()},
    "de": {**{f"option.{name}": text for name, text in _OPTIONS_DE.items()},
           **{f"refusal.{key}": text for key, text in _REFUSALS_DE.items()}},
}
