"""In-Between in words, in English and German: the log's line for each of its own events,
its options and its refusals in German (the English is the rules' own sentence). Keys are
names; both languages have every key (tests/test_words.py)."""

from __future__ import annotations

from engine.game import Phrase, Say
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
    Slot,
)

_SLOT_CARD = {Slot.FIRST: "log.card_dealt.first", Slot.SECOND: "log.card_dealt.second",
              Slot.THIRD: "log.card_dealt.third", Slot.FOURTH: "log.card_dealt.fourth",
              Slot.SHOWN_FIRST: "log.card_dealt.shown_first",
              Slot.SHOWN_SECOND: "log.card_dealt.shown_second"}


def _dealer_game_ended(e: DealerGameEnded, say: Say) -> str:
    if e.pot == 0:  # won out to the last chip: nothing is left for the dealer to take
        if e.stake:
            return say("log.dealer_game_ended.empty.stake", dealer=e.dealer, stake=e.stake)
        return say("log.dealer_game_ended.empty")
    return say("log.dealer_game_ended", dealer=e.dealer, pot=e.pot,
               change=f"{e.pot - e.stake:+d}", stake=e.stake)


def _round_started(e: RoundStarted, say: Say) -> str:
    key = "log.round_started.shuffled" if e.shuffled else "log.round_started.dealt_on"
    return say(key, round=e.round, order=", ".join(e.order))


def _deck_ran_out(e: DeckRanOut, say: Say) -> str:
    if not e.kept:
        return say("log.deck_ran_out")
    return say("log.deck_ran_out.kept", kept=", ".join(say.card(c) for c in e.kept))


PHRASES = (
    Phrase(DealerChanged, lambda e, say: say("log.dealer_changed", dealer=e.dealer)),
    Phrase(RoundStarted, _round_started),
    Phrase(CardDealt, lambda e, say: say(_SLOT_CARD[e.slot], player=e.player,
                                         card=say.card(e.card))),
    Phrase(Passed, lambda e, say: say("log.passed", player=e.player)),
    Phrase(DealerGameEnded, _dealer_game_ended),
    Phrase(AceDeclaredLow, lambda e, say: say("log.ace_declared_low", player=e.player)),
    Phrase(DeckRanOut, _deck_ran_out),
    Phrase(HandSplit, lambda e, say: say("log.hand_split", player=e.player, ante=e.ante)),
    Phrase(AnteRefunded, lambda e, say: say("log.ante_refunded", player=e.player,
                                            amount=e.amount)),
)

_LOG_EN = {
    "log.dealer_changed": "{dealer} deals",
    "log.round_started.shuffled": "round {round}, shuffled: {order}",
    "log.round_started.dealt_on": "round {round}, dealt on from the deck: {order}",
    "log.card_dealt.first": "{player}'s first card {card}",
    "log.card_dealt.second": "{player}'s second card {card}",
    "log.card_dealt.third": "{player}'s third card {card}",
    "log.card_dealt.fourth": "{player}'s fourth card {card}",
    "log.card_dealt.shown_first": "{player}'s shown first card {card}",
    "log.card_dealt.shown_second": "{player}'s shown second card {card}",
    "log.passed": "{player} passes",
    "log.dealer_game_ended": "{dealer} takes the pot of {pot} ({change} on a stake of {stake})",
    "log.dealer_game_ended.empty": "the pot is empty",
    "log.dealer_game_ended.empty.stake": "the pot is empty: {dealer} loses the stake of {stake}",
    "log.ace_declared_low": "{player}'s ace counts low",
    "log.deck_ran_out": "the deck ran out: the used cards are shuffled",
    "log.deck_ran_out.kept": "the deck ran out: the used cards are shuffled ({kept} stay on the "
                             "table)",
    "log.hand_split": "{player} splits the pair for an ante of {ante}",
    "log.ante_refunded": "{player} gets the ante of {amount} back",
}

_LOG_DE = {
    "log.dealer_changed": "{dealer} gibt",
    "log.round_started.shuffled": "Runde {round}, gemischt: {order}",
    "log.round_started.dealt_on": "Runde {round}, vom Stapel weiter gegeben: {order}",
    "log.card_dealt.first": "erste Karte für {player}: {card}",
    "log.card_dealt.second": "zweite Karte für {player}: {card}",
    "log.card_dealt.third": "dritte Karte für {player}: {card}",
    "log.card_dealt.fourth": "vierte Karte für {player}: {card}",
    "log.card_dealt.shown_first": "erste gezeigte Karte für {player}: {card}",
    "log.card_dealt.shown_second": "zweite gezeigte Karte für {player}: {card}",
    "log.passed": "{player} passt",
    "log.dealer_game_ended": "{dealer} nimmt den Topf von {pot} ({change} bei einem Einsatz "
                             "von {stake})",
    "log.dealer_game_ended.empty": "der Topf ist leer",
    "log.dealer_game_ended.empty.stake": "der Topf ist leer: {dealer} verliert den Einsatz von "
                                         "{stake}",
    "log.ace_declared_low": "das Ass von {player} zählt niedrig",
    "log.deck_ran_out": "der Stapel ist aus: die gebrauchten Karten werden gemischt",
    "log.deck_ran_out.kept": "der Stapel ist aus: die gebrauchten Karten werden gemischt ({kept} "
                             "bleiben auf dem Tisch)",
    "log.hand_split": "{player} teilt das Paar für ein Ante von {ante}",
    "log.ante_refunded": "{player} bekommt das Ante von {amount} zurück",
}

_OPTIONS_DE = {
    "option.stake": "Chips, die der Dealer zu Beginn seines Spiels in den Topf legt.",
    "option.rounds": "Runden, die jeder Dealer spielt, bevor das Geben nach links geht.",
    "option.cover_post": "Ein Einsatz ist höchstens der halbe Stapel, damit ein Pfosten bezahlt "
                  "werden kann.",
    "option.ante":
        "Alle, auch der Dealer, zahlen dies statt eines Einsatzes des Dealers; der Dealer "
            "spielt zuletzt, das Geben wandert jede Runde, das Spiel endet, wenn der Topf "
            "gewonnen ist.",
    "option.min_bet": "Jeder Einsatz ist mindestens das Ante; kein Passen (braucht ein Ante).",
    "option.low_ace": "Ein Ass als erste Karte darf vor der zweiten als niedrig (unter der 2) "
               "angesagt werden.",
    "option.hidden": "Beide Karten kommen verdeckt: wer dran ist, passt ohne zu zeigen oder zeigt "
              "beide (dann eingegeben), setzt und bekommt die dritte Karte.",
    "option.three_posts":
        "Drei Karten, zwei Lücken: nach der Karte des ersten Einsatzes ein zweiter "
                   "Einsatz (mindestens das Ante) auf die Lücke zwischen Karte 2 und 3; sein "
                   "Pfosten kostet dreifach.",
    "option.two_passes": "Kein Mischen zwischen den Runden: vom Stapel weitergeben; das Spiel des "
                  "Dealers endet mit der Runde, in der der Stapel zum zweiten Mal ausgeht.",
    "option.pairs": "split: ein Paar darf für ein weiteres Ante in zwei Hände geteilt werden, jede "
             "mit neuer zweiter Karte, eigenem Einsatz und eigener Abrechnung; refund: ein "
             "Paar oder Nachbarn geben das Ante aus dem Topf zurück. Beides braucht ein Ante.",
}

# German words for the refusals only In-Between raises (`refusal.<key>`).
_REFUSALS_DE = {
    "refusal.in_between.min_bet": "min_bet braucht ein Ante: der Mindesteinsatz ist das Ante.",
    "refusal.in_between.pairs": "pairs={pairs} braucht ein Ante: Teilen kostet ein Ante mehr, die "
                        "Erstattung gibt das Ante zurück.",
    "refusal.bet.no_pass_shown": "Kein Passen: mit Mindesteinsatz zeigt {player} beide Karten und "
                         "setzt mindestens den Grundeinsatz.",
    "refusal.bet.at_least": "{player} setzt mindestens {minimum} (Mindesteinsatz).",
    "refusal.declare.low_ace": "Nur ein erstes Ass kann niedrig angesagt werden, mit der Option "
                       "low_ace, vor der zweiten Karte.",
    "refusal.declare.split":
        "Teilen geht nur mit pairs=split, mit einem Paar direkt nach der zweiten "
                     "Karte, einmal pro Zug und mit Chips für den Einsatz.",
}

_OPTIONS_EN = {
    "option.stake": "Chips the dealer puts into the pot at the start of a dealer's game.",
    "option.rounds": "Rounds each dealer plays before the deal passes left.",
    "option.cover_post": "A bet may be at most half the stack, so a post can be paid.",
    "option.ante":
        "Everyone, the dealer too, antes this instead of a stake; the dealer plays last, "
            "the deal passes every round, the game ends when the pot is won.",
    "option.min_bet": "Every bet is at least the ante; no pass (needs an ante).",
    "option.low_ace": "A first card that is an ace may be declared low (below the 2) before the "
               "second card.",
    "option.hidden": "Both cards come face down: at their turn a player passes without showing, or "
              "shows both (entered then), bets and gets the third card.",
    "option.three_posts":
        "Three cards, two gaps: after the first bet's card a second bet (at least "
                   "the ante) on the gap between cards 2 and 3; its post costs triple.",
    "option.two_passes": "No shuffle between rounds: deal on from the deck; the dealer's game ends "
                  "with the round in which the deck runs out the second time.",
    "option.pairs": "split: a pair may be split for one more ante into two hands, each with a new "
             "second card, bet and settled on its own; refund: a pair or neighbours gives the "
             "ante back from the pot. Both need an ante.",
}


# The screen's words: its panel's prompts, labels and notes, and its keys' hints.
_SCREEN_EN = {
    "stake": "stake {stake}",
    "low_ace.shown": "the ace counts low, below the 2",
    "prompt.low_ace_declared": "  (the ace counts low)",
    "odds": "Odds for the third card",
    "odds.fourth": "Odds for the fourth card",
    "odds.line": "win {win}%   post {post}%   lose {lose}%",
    "prompt.card.first": "{player}'s first card",
    "prompt.card.second": "{player}'s second card",
    "prompt.card.third": "the third card for {player}",
    "prompt.card.fourth": "the fourth card for {player} (the second gap)",
    "prompt.card.shown_first": "{player} shows the first card, p = pass without showing",
    "prompt.card.shown_first.no_pass": "{player} shows the first card (min_bet: no pass)",
    "prompt.card.shown_second": "{player} shows the second card",
    "prompt.bet.second": "{player}: second bet {min}–{max} on the gap of cards 2 and 3",
    "prompt.declare.low_ace": "  (l = the ace counts low)",
    "prompt.declare.split": "  (s = split the pair for one more ante)",
    "prompt.hand": " — hand {hand}",
    "gap.first": "gap 1: {low} – {high}",
    "gap.second": "gap 2: {low} – {high}, a post costs triple",
    "warning.pair": "A pair of {rank}s: no card can win.",
    "warning.neighbours": "{low} and {high} are neighbours: no card can win.",
    "last_dealer": "{dealer} dealt: {result:+d}",
    "everyone_dealt": "everyone has dealt once",
}

_SCREEN_DE = {
    "stake": "Einsatz {stake}",
    "low_ace.shown": "das Ass zählt niedrig, unter der 2",
    "prompt.low_ace_declared": "  (das Ass zählt niedrig)",
    "odds": "Chancen der dritten Karte",
    "odds.fourth": "Chancen der vierten Karte",
    "odds.line": "gewinnt {win}%   Pfosten {post}%   verliert {lose}%",
    "prompt.card.first": "Erste Karte für {player}",
    "prompt.card.second": "Zweite Karte für {player}",
    "prompt.card.third": "Dritte Karte für {player}",
    "prompt.card.fourth": "Vierte Karte für {player} (die zweite Lücke)",
    "prompt.card.shown_first": "{player} zeigt die erste Karte, p = passen ohne Zeigen",
    "prompt.card.shown_first.no_pass": "{player} zeigt die erste Karte (Mindesteinsatz: "
                                       "kein Passen)",
    "prompt.card.shown_second": "{player} zeigt die zweite Karte",
    "prompt.bet.second": "{player}: zweiter Einsatz {min}–{max} auf die Lücke 2–3",
    "prompt.declare.low_ace": "  (l = das Ass zählt niedrig)",
    "prompt.declare.split": "  (s = das Paar teilen, für einen Einsatz mehr)",
    "prompt.hand": " — Hand {hand}",
    "gap.first": "Lücke 1: {low} – {high}",
    "gap.second": "Lücke 2: {low} – {high}, ein Pfosten kostet dreifach",
    "warning.pair": "Ein Paar {rank}: keine Karte kann gewinnen.",
    "warning.neighbours": "{low} und {high} sind Nachbarn: keine Karte kann gewinnen.",
    "last_dealer": "{dealer} hat gegeben: {result:+d}",
    "everyone_dealt": "alle haben einmal gegeben",
}

WORDS = {
    "en": {**_LOG_EN, **_OPTIONS_EN, **_SCREEN_EN},
    "de": {**_LOG_DE, **_OPTIONS_DE, **_REFUSALS_DE, **_SCREEN_DE},
}
