"""Red Dog in words: the log's line for each of its own events, and its options and refusals
in German (the English is in the rules themselves)."""

from __future__ import annotations

from engine.cards import parse_card
from engine.game import Phrase
from engine.games.red_dog.state import (
    CardsShown,
    HandShown,
    PotKept,
    RoundDealt,
    StackReshuffled,
    TableCard,
)


def _card(text: str) -> str:
    return parse_card(text).label


def _shows(e: CardsShown | HandShown) -> str:
    return f"{e.player} shows " + " ".join(_card(c) for c in e.cards)


def _cards_shown(e: CardsShown) -> str:
    # The bet's outcome follows in its own words; a whole hand names the card that won it.
    if e.winner is None or len(e.cards) == 1:
        return _shows(e)
    return _shows(e) + f": {_card(e.winner)} wins"


def _hand_shown(e: HandShown) -> str:
    if not e.won:
        return f"{_shows(e)} and loses"
    if len(e.cards) == 1:
        return f"{_shows(e)} and wins"
    return f"{_shows(e)}: {_card(e.winning_card or '')} wins"  # the whole hand


PHRASES = (
    Phrase(RoundDealt, lambda e, say: (f"round {e.round}: {e.dealer} shuffles and deals "
                                       f"{e.hand_size} cards each to {', '.join(e.order)}")),
    Phrase(TableCard, lambda e, say: {"burn": "burned", "turn": "turned",
                                      "middle": "in the middle"}[e.slot] + f" {_card(e.card)}"),
    Phrase(CardsShown, lambda e, say: _cards_shown(e)),
    Phrase(HandShown, lambda e, say: _hand_shown(e)),  # older logs: cards and outcome in one
    Phrase(StackReshuffled, lambda e, say: "the stack ran out: burned, turned and set-aside "
                                           "cards are shuffled"),
    Phrase(PotKept, lambda e, say: f"{e.dealer} keeps the pot of {e.amount}"),
)

_OPTIONS_DE = {
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

_REFUSALS_DE = {
    "red_dog.hand_size": "hand_size ist 3, 4 oder 5 (oder 0 für fünf, vier bei 7 oder 8 "
                         "Spielern).",
    "red_dog.two_banks": "dealer_bank und shoot sind zwei Arten, den Pot zu stellen: eine "
                         "wählen.",
    "red_dog.sam_bank": "slippery_sam wird wie shoot gespielt, nicht mit dealer_bank: eine "
                        "wählen.",
    "red_dog.shoot_size": "shoot und slippery_sam geben je drei Karten: hand_size auf 0 lassen.",
    "red_dog.stakes": "stake_min ({low}) ist größer als stake_max ({high}).",
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

_OPTIONS_EN = {
    "ante": "Everyone's ante, and the smallest bet (with the dealer as bank: the smallest bet).",
    "hand_size": "Cards in each hand: 0 = five, four with 7 or 8 players; or 3, 4 or 5 for "
                 "everyone (shoot and slippery_sam always deal 3).",
    "dealer_bank": "No antes: the dealer alone stakes the pot and the others bet against it; "
                   "the dealer keeps what is left after the round, an empty pot passes the "
                   "deal at once.",
    "shoot": "The dealer stakes the pot and deals three cards each; the same dealer deals "
             "again until the pot is empty; after three rounds the dealer keeps the pot or "
             "deals a fourth and keeps what is left.",
    "slippery_sam": "As shoot, but cards are turned in the middle until one of 6 or lower, and "
                    "everyone bets in turn against that one card.",
    "stake_min": "With the dealer as bank: the smallest stake.",
    "stake_max": "With the dealer as bank: the largest stake.",
}

WORDS = {
    "en": {f"option.{name}": text for name, text in _OPTIONS_EN.items()},
    "de": {**{f"option.{name}": text for name, text in _OPTIONS_DE.items()},
           **{f"refusal.{key}": text for key, text in _REFUSALS_DE.items()}},
}
