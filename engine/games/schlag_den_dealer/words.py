"""Schlag den Dealer in words, in English and German: the log's line for each of its own
events (and for the sips it owes), its guess, its options and its refusals in German (the
English is the rules' own sentence). Keys are names; both languages have every key
(tests/test_words.py)."""

from __future__ import annotations

from engine.cards import SUIT_SYMBOLS
from engine.game import Phrase, Say
from engine.games.schlag_den_dealer.state import (
    CardLaid,
    CardLookedAt,
    DeckTaken,
    Guessed,
    TurnPassed,
)
from engine.games.schlag_den_dealer.view import value_name
from engine.kernel import SipsOwed

# Why someone drinks in Schlag den Dealer (SipsOwed.why), as the log says it.
_WHY = {"first_hit": "log.why.first_hit", "second_hit": "log.why.second_hit",
        "miss": "log.why.miss", "stupid_guess": "log.why.stupid_guess",
        "exact_card": "log.why.exact_card"}


def _guessed(e: Guessed, say: Say) -> str:
    value = say.card(value_name(e.value))
    if e.suit:
        return say("log.guessed.suit", player=e.player, value=value, suit=SUIT_SYMBOLS[e.suit])
    return say("log.guessed", player=e.player, value=value)


def _sips_owed(e: SipsOwed, say: Say) -> str:
    # The kernel's event, said with this game's reasons (one it does not know, as it is).
    key = _WHY.get(e.why)
    return say("log.sips_owed", player=e.player, sips=e.sips,
               why=say(key) if key is not None else e.why)


PHRASES = (
    Phrase(DeckTaken, lambda e, say: say("log.deck_taken", dealer=e.dealer, guesser=e.guesser)),
    # The card stays hidden until it is laid out: the log must not give it away.
    Phrase(CardLookedAt, lambda e, say: say("log.card_looked_at")),
    Phrase(Guessed, _guessed),
    Phrase(CardLaid, lambda e, say: say("log.card_laid", card=say.card(e.card))),
    Phrase(TurnPassed, lambda e, say: say("log.turn_passed", guesser=e.guesser)),
    Phrase(SipsOwed, _sips_owed),
)

_LOG_EN = {
    "log.deck_taken": "{dealer} holds the deck; {guesser} guesses",
    "log.card_looked_at": "the dealer looks at the top card",
    "log.guessed": "{player} guesses {value}",
    "log.guessed.suit": "{player} guesses {value} of {suit}",
    "log.card_laid": "the card was {card}",
    "log.turn_passed": "{guesser} guesses next",
    "log.sips_owed": "{player} owes {sips} ({why})",
    "log.why.first_hit": "hit at the first guess",
    "log.why.second_hit": "hit at the second guess",
    "log.why.miss": "missed, the difference",
    "log.why.stupid_guess": "a stupid guess",
    "log.why.exact_card": "the exact card",
    "command.guess": "{who}guess {value}",
    "command.guess.suit": "{who}guess {value} {suit}",
}

_LOG_DE = {
    "log.deck_taken": "{dealer} hält den Stapel; {guesser} rät",
    "log.card_looked_at": "der Dealer sieht sich die oberste Karte an",
    "log.guessed": "{player} tippt {value}",
    "log.guessed.suit": "{player} tippt {value} {suit}",
    "log.card_laid": "die Karte war {card}",
    "log.turn_passed": "{guesser} rät als Nächstes",
    "log.sips_owed": "{player} trinkt {sips} ({why})",
    "log.why.first_hit": "Treffer beim ersten Tipp",
    "log.why.second_hit": "Treffer beim zweiten Tipp",
    "log.why.miss": "daneben, der Abstand",
    "log.why.stupid_guess": "ein dummer Tipp",
    "log.why.exact_card": "die genaue Karte",
    "command.guess": "{who}tippt {value}",
    "command.guess.suit": "{who}tippt {value} {suit}",
}

_OPTIONS_DE = {
    "option.unit":
        "Wie ein Schluck auf dem Bildschirm heißt (niemand wird je zum Trinken gedrängt).",
    "option.ace_high": "Das Ass zählt 14 statt 1.",
    "option.one_try": "Nur ein Tipp: ein falscher Tipp kostet sofort den Abstand.",
    "option.stupid_guess": "Wer einen Wert rät, dessen vier Karten alle offen liegen, bekommt "
                    "stupid_penalty.",
    "option.stupid_penalty": "Die Strafe für einen dummen Tipp.",
    "option.value_and_suit": "Wer beim ersten Tipp die genaue Karte (Wert und Farbe) nennt, bringt "
                      "dem Dealer exact_sips ein; Karten werden mit Farbe eingegeben.",
    "option.exact_sips": "Was der Dealer für die genaue Karte bekommt.",
    "option.dealer_chooses":
        "Nach drei Fehlschlägen bestimmt der erlöste Dealer den nächsten Dealer.",
}

# The German of the refusals only this game gives (keys without "refusal.").
_REFUSALS_DE = {
    "refusal.schlag.suit_needed": "Bitte auch die Farbe der Karte: mit value_and_suit zählt die "
                          "genaue Karte.",
    "refusal.schlag.hidden_out":
        "Diese Karte liegt schon offen: die Karte des Gebers prüfen und neu "
                         "eingeben (sie wird nicht gezeigt, damit sie verdeckt bleibt).",
    "refusal.schlag.over": "Das Spiel ist vorbei: Strg+x beendet es.",
    "refusal.schlag.contradicts": "Die Karte kann kein {card} sein: der erste Tipp war "
                          "{value}, und es wurde ein zweites Mal geraten.",
    "refusal.schlag.choose_when": "Nur ein erlöster Dealer bestimmt mit dealer_chooses den "
                          "nächsten.",
    "refusal.schlag.choose_who": "{player} kann den Stapel nicht nehmen.",
    "refusal.guess.same": "Der erste Tipp von {player}, {value}, war falsch: der zweite Tipp "
                  "ist ein anderer Wert.",
    "refusal.guess.value": "Das ist kein Wert: A, 2–10, B, D oder K.",
    "refusal.guess.done": "Es ist geraten; jetzt kommt die Karte.",
    "refusal.guess.suit": "{suit} ist keine Farbe: c, d, h oder s (oder ♣ ♦ ♥ ♠).",
    "refusal.guess.suit_first": "Eine Farbe gehört nur zum ersten Tipp.",
}

_OPTIONS_EN = {
    "option.unit": "What a drink is called on the screen (no one is ever pressed to drink).",
    "option.ace_high": "The ace counts 14 instead of 1.",
    "option.one_try": "One guess only: a wrong guess drinks the difference at once.",
    "option.stupid_guess": "Guessing a value whose four cards are all out costs stupid_penalty.",
    "option.stupid_penalty": "The penalty for a stupid guess.",
    "option.value_and_suit":
        "Naming the exact card (value and suit) at the first try makes the dealer "
                      "drink exact_sips; cards are entered with their suit.",
    "option.exact_sips": "What the dealer drinks for the exact card.",
    "option.dealer_chooses": "After three misses the relieved dealer names the next dealer.",
}


# The screen's words: its panel's prompts, labels and notes, and its keys' hints.
_SCREEN_EN = {
    "prompt.guess": "{player} guesses: the value's key (a, 2–9, 0, j, q, k); = and the card "
                    "first keeps it hidden",
    "prompt.guess.card_in": "{player} guesses: the value's key (the card is in, hidden)",
    "prompt.guess.second": "{player}: second guess, {hint}",
    "prompt.card.reveal": "{player}: enter the card as it is laid out",
    "prompt.card.reveal.suits": "{player}: enter the card as it is laid out, rank and suit",
    "prompt.guess.second.unknown": "{player}: second guess, as the dealer says higher or lower "
                                   "(= and the card if the first guess was right)",
    "prompt.guess.suits": "{player} guesses: the value's key, then the suit; = and the "
                          "card first keeps it hidden",
    "keys.allowed.guess": "a guess is a value's key (a, 2–9, 0, j, q, k); = enters the "
                          "dealer's card first",
    "keys.now_suit.guess": "now the suit: c, d, h or s, or Enter for the value alone",
    "keys.allowed.suit.guess": "the suit comes next: c, d, h or s, or Enter for the value "
                               "alone",
    "prompt.schlag.deck_used": "the deck is used up: ctrl+x ends the game",
    "rank.J": "J",
    "rank.Q": "Q",
    "rank.K": "K",
    "rank.A": "A",
    "schlag.relief.chooses.1": "one more in a row: {dealer} picks who deals",
    "schlag.relief.chooses.2": "two more in a row: {dealer} picks who deals",
    "schlag.relief.chooses.3": "three in a row: {dealer} picks who deals",
    "schlag.drawing": "Drawing for the deal, the lowest card deals: {cards}",
    "hint.higher": "higher",
    "hint.lower": "lower",
    "schlag.chance": "% next",
    "schlag.values": "Laid out, by value",
    "schlag.left": "left",
    "schlag.misses": "{count} of {limit} guessers missed twice",
    "schlag.relief.1": "one more in a row: {dealer} passes the deck",
    "schlag.relief.2": "two more in a row: {dealer} passes the deck",
    "schlag.relief.3": "three in a row: {dealer} passes the deck",
    "schlag.guessed": "{player} guessed {guesses}",
    "schlag.hint.higher": "the card is higher",
    "schlag.hint.lower": "the card is lower",
    "schlag.card_in": "the dealer's card is in, hidden",
    "schlag.card_out": "the dealer's card is not entered yet",
    "schlag.relieved": "{dealer} is relieved: {new_dealer} holds the deck now",
    "schlag.last": "{guesser} guessed {guesses}; the card was {card}",
    "why.first_hit": "right at the first guess",
    "why.second_hit": "right at the second guess",
    "why.miss": "the difference",
    "why.stupid_guess": "a value already all out",
    "why.exact_card": "the exact card",
    "cards_left": "Cards left in the deck",
}

_SCREEN_DE = {
    "prompt.guess": "{player} rät: die Taste des Werts (a, 2–9, 0, b/j, d/q, k); = und die "
                    "Karte zuerst hält sie verdeckt",
    "prompt.guess.card_in": "{player} rät: die Taste des Werts (die Karte ist verdeckt drin)",
    "prompt.guess.second": "{player}: zweiter Tipp, {hint}",
    "prompt.card.reveal": "{player}: die Karte eingeben, wie sie aufgedeckt wird",
    "prompt.card.reveal.suits": "{player}: die Karte eingeben, wie sie aufgedeckt wird, "
                                "Wert und Farbe",
    "prompt.guess.second.unknown": "{player}: zweiter Tipp, nachdem der Geber höher oder "
                                   "tiefer sagt (= und die Karte, wenn der erste Tipp "
                                   "stimmte)",
    "prompt.guess.suits": "{player} rät: die Taste des Werts, dann die Farbe; = und die Karte "
                          "zuerst hält sie verdeckt",
    "keys.allowed.guess": "ein Tipp ist die Taste eines Werts (a, 2–9, 0, b/j, d/q, k); = gibt "
                          "zuerst die Karte des Gebers ein",
    "keys.now_suit.guess": "jetzt die Farbe: c, d, h oder s, oder Enter für den Wert allein",
    "keys.allowed.suit.guess": "als Nächstes die Farbe: c, d, h oder s, oder Enter für den "
                               "Wert allein",
    "prompt.schlag.deck_used": "der Stapel ist aufgebraucht: Strg+x beendet das Spiel",
    "rank.J": "B",
    "rank.Q": "D",
    "rank.K": "K",
    "rank.A": "A",
    "schlag.relief.chooses.1": "noch einer in Folge: {dealer} bestimmt, wer gibt",
    "schlag.relief.chooses.2": "noch zwei in Folge: {dealer} bestimmt, wer gibt",
    "schlag.relief.chooses.3": "drei in Folge: {dealer} bestimmt, wer gibt",
    "schlag.drawing": "Ziehen um das Geben, die niedrigste Karte gibt: {cards}",
    "hint.higher": "höher",
    "hint.lower": "tiefer",
    "schlag.chance": "% nächste",
    "schlag.values": "Aufgedeckt, nach Wert",
    "schlag.left": "übrig",
    "schlag.misses": "{count} von {limit} Ratenden zweimal daneben",
    "schlag.relief.1": "noch einer in Folge: {dealer} gibt den Stapel ab",
    "schlag.relief.2": "noch zwei in Folge: {dealer} gibt den Stapel ab",
    "schlag.relief.3": "drei in Folge: {dealer} gibt den Stapel ab",
    "schlag.guessed": "{player} tippte {guesses}",
    "schlag.hint.higher": "die Karte ist höher",
    "schlag.hint.lower": "die Karte ist niedriger",
    "schlag.card_in": "die Karte des Gebers ist eingegeben, verdeckt",
    "schlag.card_out": "die Karte des Gebers ist noch nicht eingegeben",
    "schlag.relieved": "{dealer} ist erlöst: {new_dealer} hält jetzt den Stapel",
    "schlag.last": "{guesser} tippte {guesses}; die Karte war {card}",
    "why.first_hit": "beim ersten Tipp richtig",
    "why.second_hit": "beim zweiten Tipp richtig",
    "why.miss": "die Differenz",
    "why.stupid_guess": "ein Wert, der schon ganz draußen ist",
    "why.exact_card": "die genaue Karte",
    "cards_left": "Karten im Stapel",
}

WORDS = {
    "en": {**_LOG_EN, **_OPTIONS_EN, **_SCREEN_EN},
    "de": {**_LOG_DE, **_OPTIONS_DE, **_REFUSALS_DE, **_SCREEN_DE},
}
