"""Casino Red Dog in words, in English and German: the log's line for each of its own events,
its raise, its options and its refusals in German (the English is the rules' own sentence).
Keys are names; both languages have every key (tests/test_words.py)."""

from __future__ import annotations

from engine.game import Phrase, Say
from engine.games.casino_red_dog.state import (
    TRIPS_PAY,
    BankTaken,
    HandCard,
    HandSettled,
    HandSlot,
    HandStarted,
    Outcome,
    Raised,
)

_HAND_CARD = {HandSlot.FIRST: "log.hand_card.first", HandSlot.SECOND: "log.hand_card.second",
              HandSlot.THIRD: "log.hand_card.third"}


def _settled(outcome: str, results: dict[str, int], say: Say) -> str:
    if outcome == Outcome.PUSH:
        return say("log.hand_settled.push")
    if outcome == Outcome.LOSE:
        return say("log.hand_settled.lose", takes=", ".join(
            say("log.hand_settled.from", amount=-amount, player=name)
            for name, amount in results.items()))
    paid = ", ".join(f"{name} +{amount}" for name, amount in results.items())
    if outcome == Outcome.TRIPS:
        return say("log.hand_settled.trips", pays=TRIPS_PAY, paid=paid)
    return say("log.hand_settled.win", paid=paid)


PHRASES = (
    Phrase(BankTaken, lambda e, say: say("log.bank_taken", dealer=e.dealer)),
    Phrase(HandStarted, lambda e, say: say("log.hand_started", number=e.number,
                                           players=", ".join(e.players), ante=e.ante)),
    Phrase(HandCard, lambda e, say: say(_HAND_CARD[e.slot], card=say.card(e.card))),
    Phrase(Raised, lambda e, say: say("log.raised", player=e.player, amount=e.amount)),
    Phrase(HandSettled, lambda e, say: _settled(e.outcome, dict(e.results), say)),
)

_LOG_EN = {
    "log.bank_taken": "{dealer} is the bank",
    "log.hand_started": "hand {number}: {players} ante {ante}",
    "log.hand_card.first": "first card {card}",
    "log.hand_card.second": "second card {card}",
    "log.hand_card.third": "third card {card}",
    "log.raised": "{player} raises {amount}",
    "log.hand_settled.push": "a push: the bets go back",
    "log.hand_settled.lose": "the bank takes {takes}",
    "log.hand_settled.from": "{amount} from {player}",
    "log.hand_settled.trips": "three of a kind pays {pays} to 1: {paid}",
    "log.hand_settled.win": "the bank pays: {paid}",
    "command.raise": "{player} raise {amount}",
}

_LOG_DE = {
    "log.bank_taken": "{dealer} ist die Bank",
    "log.hand_started": "Hand {number}: {players} setzen {ante}",
    "log.hand_card.first": "erste Karte {card}",
    "log.hand_card.second": "zweite Karte {card}",
    "log.hand_card.third": "dritte Karte {card}",
    "log.raised": "{player} erhöht um {amount}",
    "log.hand_settled.push": "unentschieden: die Einsätze gehen zurück",
    "log.hand_settled.lose": "die Bank nimmt {takes}",
    "log.hand_settled.from": "{amount} von {player}",
    "log.hand_settled.trips": "Drilling zahlt {pays} zu 1: {paid}",
    "log.hand_settled.win": "die Bank zahlt: {paid}",
    "command.raise": "{player} erhöht {amount}",
}

_OPTIONS_DE = {
    "option.ante": "Chips, die jeder setzt, wenn die erste Karte einer Hand eingegeben wird; eine "
            "Erhöhung legt bis zu noch einmal so viel dazu.",
    "option.deal_on":
        "Kein Mischen zwischen den Händen: vom Stapel weitergeben, gemischt wird, wenn "
               "weniger als drei Karten übrig sind.",
}

_REFUSALS_DE = {
    "refusal.casino.bank_gone":
        "{bank} hat den Tisch verlassen: die Bank geht mit n nach links, oder "
                        "das Spiel endet.",
    "refusal.casino.no_bank": "Sonst hat niemand am Tisch Chips, um die Bank zu übernehmen.",
    "refusal.casino.raise_broke": "{player} hat keine Chips mehr zum Erhöhen.",
    "refusal.casino.no_bet":
        "Bei Casino Red Dog ist der Grundeinsatz die Wette: nach der Ansage darf "
                     "jeder einmal bis zum Grundeinsatz erhöhen.",
    "refusal.casino.nobody": "Außer der Bank hat niemand Chips für den Grundeinsatz: das Spiel "
                     "beenden.",
    "refusal.casino.raise_when": "Erhöht wird nach der Ansage und vor der dritten Karte.",
    "refusal.casino.not_in_hand": "{player} spielt diese Hand nicht mit.",
    "refusal.casino.raised_once": "{player} hat schon erhöht: einmal pro Hand.",
    "refusal.casino.raise_at_most": "{player} kann höchstens {limit} erhöhen.",
    "refusal.casino.bank_when": "Die Bank wird zwischen zwei Händen weitergegeben.",
    "refusal.casino.bank_left": "Die Bank geht nach links: {expected} ist dran, nicht {named}.",
}

_OPTIONS_EN = {
    "option.ante":
        "Chips each player places when a hand's first card is entered; a raise adds up to "
            "as much again.",
    "option.deal_on": "No shuffle between hands: deal on from the deck, shuffled when fewer than "
               "three cards are left.",
}


# The screen's words: its panel's prompts, labels and notes, and its keys' hints.
_SCREEN_EN = {
    "on_table": "Bets on the table",
    "prompt.card.bank_first": "the first card of hand {number}: {players} ante {ante}",
    "prompt.card.bank_second": "the second card of hand {number}",
    "prompt.card.bank_pair": "a pair of {rank}s: the third card; another {rank} pays "
                             "{pays} to 1",
    "prompt.card.bank_third": "spread {spread}, pays {payout} to 1: r + number raises, "
                              "then the third card",
    "raise.typing": "{player} raises {amount} (Enter alone: {limit})",
    "prompt.casino.bank_gone": "{bank} has left the table: ctrl+x ends the game",
    "bank": "bank: {dealer} ({result:+d})",
    "payouts": "Payouts",
    "spread.n": "spread {n}",
    "spread.trips": "pair + same",
    "odds.pays": "the third card pays: {win}%",
    "odds.raise": "a raised chip is worth {value:+.2f}",
    "outcome.push": "push, bets back:",
    "outcome.trips": "three of a kind, 11 to 1:",
    "outcome.win": "the third card fell between:",
    "outcome.lose": "the bank takes the bets:",
    "prompt.declare.next_dealer": "  (n = the bank passes to {next_dealer})",
    "keys.allowed.raise": "the raiser's number, the amount and Enter; Escape drops the raise",
}

_SCREEN_DE = {
    "on_table": "Einsätze auf dem Tisch",
    "prompt.card.bank_first": "Erste Karte von Hand {number}: {players} setzen {ante}",
    "prompt.card.bank_second": "Zweite Karte von Hand {number}",
    "prompt.card.bank_pair": "Ein Paar {rank}: die dritte Karte; noch eine {rank} zahlt "
                             "{pays} zu 1",
    "prompt.card.bank_third": "Abstand {spread}, zahlt {payout} zu 1: r + Nummer erhöht, "
                              "dann die dritte Karte",
    "raise.typing": "{player} erhöht um {amount} (Enter allein: {limit})",
    "prompt.casino.bank_gone": "{bank} hat den Tisch verlassen: Strg+x beendet das Spiel",
    "bank": "Bank: {dealer} ({result:+d})",
    "payouts": "Auszahlung",
    "spread.n": "Abstand {n}",
    "spread.trips": "Paar + gleich",
    "odds.pays": "die dritte Karte zahlt: {win} %",
    "odds.raise": "ein erhöhter Chip ist im Mittel {value:+.2f} wert",
    "outcome.push": "unentschieden, Einsätze zurück:",
    "outcome.trips": "Drilling, 11 zu 1:",
    "outcome.win": "die dritte Karte lag dazwischen:",
    "outcome.lose": "die Bank nimmt die Einsätze:",
    "prompt.declare.next_dealer": "  (n = die Bank geht an {next_dealer})",
    "keys.allowed.raise": "die Nummer des Erhöhenden, der Betrag und Enter; Escape verwirft "
                          "die Erhöhung",
}

WORDS = {
    "en": {**_LOG_EN, **_OPTIONS_EN, **_SCREEN_EN},
    "de": {**_LOG_DE, **_OPTIONS_DE, **_REFUSALS_DE, **_SCREEN_DE},
}
