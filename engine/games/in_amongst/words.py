"""In-Amongst in words, in English and German: the log's line for each of its own events, its
options and its refusals. Keys are names; both languages have every key (tests/test_words.py).
"""

from __future__ import annotations

from engine.game import Phrase, Say
from engine.games.in_amongst.state import (
    DealStarted,
    MiddleCard,
    MiddleReshuffled,
    NeighboursPaid,
    PairPaid,
)

WORDS = {
    "en": {
        "log.deal_started": "{dealer} deals round {round}, shuffled: {order}",
        "log.middle_card.first": "first card for {player}: {card}",
        "log.middle_card.second": "second card for {player}: {card}",
        "log.middle_card.third": "third card for {player}: {card}",
        "log.neighbours_paid": "neighbours: {player} pays {amount}",
        "log.pair_paid": "a pair: {player} takes {amount}",
        "log.middle_reshuffled": "every card is out: the used cards are shuffled",
        "log.middle_reshuffled.kept": "every card is out: the used cards are shuffled ({kept} "
                                      "stay in the middle)",
        "option.ante": "Chips everyone puts into the pot at the start and whenever it is empty.",
        "option.pair_pays": "Chips a pair in the middle takes from the pot (some play 3).",
        "refusal.bet.no_pass": "In-Amongst has no pass: every player bets at least 1.",
        # the screen's
        "prompt.card.middle_first": "the first card in the middle for {player}",
        "prompt.card.middle_second": "the second card in the middle for {player}",
        "prompt.card.third": "the third card for {player}",
    },
    "de": {
        "log.deal_started": "{dealer} gibt Runde {round}, gemischt: {order}",
        "log.middle_card.first": "erste Karte für {player}: {card}",
        "log.middle_card.second": "zweite Karte für {player}: {card}",
        "log.middle_card.third": "dritte Karte für {player}: {card}",
        "log.neighbours_paid": "Nachbarn: {player} zahlt {amount}",
        "log.pair_paid": "ein Paar: {player} nimmt {amount}",
        "log.middle_reshuffled": "alle Karten sind draußen: die gebrauchten werden gemischt",
        "log.middle_reshuffled.kept": "alle Karten sind draußen: die gebrauchten werden gemischt "
                                      "({kept} bleiben in der Mitte)",
        "option.ante": "Chips, die alle zu Beginn und immer bei leerem Topf einzahlen.",
        "option.pair_pays": "Chips, die ein Paar in der Mitte aus dem Topf nimmt (manche "
                            "spielen 3).",
        "refusal.bet.no_pass": "In-Amongst kennt kein Passen: jeder setzt mindestens 1.",
        # the screen's
        "prompt.card.middle_first": "Erste Karte in der Mitte für {player}",
        "prompt.card.middle_second": "Zweite Karte in der Mitte für {player}",
        "prompt.card.third": "Dritte Karte für {player}",
    },
}

_MIDDLE_CARD = {"first": "log.middle_card.first", "second": "log.middle_card.second",
                "third": "log.middle_card.third"}


def _middle_card(e: MiddleCard, say: Say) -> str:
    return say(_MIDDLE_CARD[e.slot], player=e.player, card=say.card(e.card))


def _reshuffled(e: MiddleReshuffled, say: Say) -> str:
    if not e.kept:
        return say("log.middle_reshuffled")
    return say("log.middle_reshuffled.kept", kept=", ".join(say.card(c) for c in e.kept))


PHRASES = (
    Phrase(DealStarted, lambda e, say: say("log.deal_started", dealer=e.dealer, round=e.round,
                                           order=", ".join(e.order))),
    Phrase(MiddleCard, _middle_card),
    Phrase(NeighboursPaid, lambda e, say: say("log.neighbours_paid", player=e.player,
                                              amount=e.amount)),
    Phrase(PairPaid, lambda e, say: say("log.pair_paid", player=e.player, amount=e.amount)),
    Phrase(MiddleReshuffled, _reshuffled),
)
