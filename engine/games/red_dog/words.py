"""Red Dog in words, in English and German: the log's line for each of its own events, its
commands, its options and its refusals in German (the English is the rules' own sentence).
Keys are names; both languages have every key (tests/test_words.py)."""

from __future__ import annotations

from engine.game import Phrase, Say
from engine.games.red_dog.state import (
    CardsShown,
    HandShown,
    PotKept,
    RoundDealt,
    Slot,
    StackReshuffled,
    TableCard,
)

_TABLE_CARD = {Slot.BURN: "log.table_card.burn", Slot.TURN: "log.table_card.turn",
               Slot.MIDDLE: "log.table_card.middle"}


def _cards(cards: tuple[str, ...], say: Say) -> str:
    return " ".join(say.card(c) for c in cards)


def _cards_shown(e: CardsShown, say: Say) -> str:
    # The bet's outcome follows in its own words; a whole hand names the card that won it.
    if e.winner is None or len(e.cards) == 1:
        return say("log.shows", player=e.player, cards=_cards(e.cards, say))
    return say("log.shows.winner", player=e.player, cards=_cards(e.cards, say),
               winner=say.card(e.winner))


def _hand_shown(e: HandShown, say: Say) -> str:
    cards = _cards(e.cards, say)
    if not e.won:
        return say("log.hand_shown.lost", player=e.player, cards=cards)
    if len(e.cards) == 1:
        return say("log.hand_shown.won", player=e.player, cards=cards)
    return say("log.shows.winner", player=e.player, cards=cards,  # the whole hand
               winner=say.card(e.winning_card or ""))


PHRASES = (
    Phrase(RoundDealt, lambda e, say: say("log.round_dealt", round=e.round, dealer=e.dealer,
                                          hand_size=e.hand_size, order=", ".join(e.order))),
    Phrase(TableCard, lambda e, say: say(_TABLE_CARD[e.slot], card=say.card(e.card))),
    Phrase(CardsShown, _cards_shown),
    Phrase(HandShown, _hand_shown),  # older logs: cards and outcome in one
    Phrase(StackReshuffled, lambda e, say: say("log.stack_reshuffled")),
    Phrase(PotKept, lambda e, say: say("log.pot_kept", dealer=e.dealer, amount=e.amount)),
)

_LOG_EN = {
    "log.round_dealt": "round {round}: {dealer} shuffles and deals {hand_size} cards each to "
                       "{order}",
    "log.table_card.burn": "burned {card}",
    "log.table_card.turn": "turned {card}",
    "log.table_card.middle": "in the middle {card}",
    "log.shows": "{player} shows {cards}",
    "log.shows.winner": "{player} shows {cards}: {winner} wins",
    "log.hand_shown.lost": "{player} shows {cards} and loses",
    "log.hand_shown.won": "{player} shows {cards} and wins",
    "log.stack_reshuffled": "the stack ran out: burned, turned and set-aside cards are shuffled",
    "log.pot_kept": "{dealer} keeps the pot of {amount}",
    "command.show": "{who}show {cards}",
    "command.split_pot": "split the pot",
}

_LOG_DE = {
    "log.round_dealt": "Runde {round}: {dealer} mischt und gibt je {hand_size} Karten an "
                       "{order}",
    "log.table_card.burn": "verbrannt {card}",
    "log.table_card.turn": "aufgedeckt {card}",
    "log.table_card.middle": "in der Mitte {card}",
    "log.shows": "{player} zeigt {cards}",
    "log.shows.winner": "{player} zeigt {cards}: {winner} gewinnt",
    "log.hand_shown.lost": "{player} zeigt {cards} und verliert",
    "log.hand_shown.won": "{player} zeigt {cards} und gewinnt",
    "log.stack_reshuffled": "der Stapel ist aus: verbrannte, aufgedeckte und beiseitegelegte "
                            "Karten werden gemischt",
    "log.pot_kept": "{dealer} behält den Topf von {amount}",
    "command.show": "{who}zeigt {cards}",
    "command.split_pot": "Topf teilen",
}

_OPTIONS_DE = {
    "option.ante": "Das Ante aller und der kleinste Einsatz (mit dem Dealer als Bank: der kleinste "
            "Einsatz).",
    "option.hand_size":
        "Karten je Hand: 0 = fünf, vier bei 7 oder 8 Spielern; oder 3, 4 oder 5 für "
                 "alle (shoot und slippery_sam geben immer 3).",
    "option.dealer_bank":
        "Kein Ante: nur der Dealer füllt den Topf, die anderen setzen dagegen; der "
                   "Dealer behält, was nach der Runde übrig ist, ein leerer Topf gibt das "
                   "Geben sofort weiter.",
    "option.shoot":
        "Der Dealer füllt den Topf und gibt je drei Karten; derselbe Dealer gibt wieder, "
             "bis der Topf leer ist; nach drei Runden behält er den Topf oder gibt eine "
             "vierte und behält den Rest.",
    "option.slippery_sam": "Wie shoot, aber in der Mitte werden Karten aufgedeckt, bis eine 6 oder "
                    "kleiner kommt, und alle setzen reihum gegen diese eine Karte.",
    "option.stake_min": "Mit dem Dealer als Bank: der kleinste Einsatz des Dealers.",
    "option.stake_max": "Mit dem Dealer als Bank: der größte Einsatz des Dealers.",
}

_REFUSALS_DE = {
    "refusal.red_dog.hand_size": "hand_size ist 3, 4 oder 5 (oder 0 für fünf, vier bei 7 oder 8 "
                         "Spielern).",
    "refusal.red_dog.two_banks": "dealer_bank und shoot sind zwei Arten, den Pot zu stellen: eine "
                         "wählen.",
    "refusal.red_dog.sam_bank": "slippery_sam wird wie shoot gespielt, nicht mit dealer_bank: eine "
                        "wählen.",
    "refusal.red_dog.shoot_size":
        "shoot und slippery_sam geben je drei Karten: hand_size auf 0 lassen.",
    "refusal.red_dog.stakes": "stake_min ({low}) ist größer als stake_max ({high}).",
    "refusal.card.suit_needed": "Bitte auch die Farbe: bei Red Dog entscheidet die Farbe.",
    "refusal.bet.range": "{player} setzt jetzt {low} bis {high}.",
    "refusal.red_dog.no_pass": "Bei Red Dog wird nicht gepasst: jede Wette ist mindestens der "
                       "Grundeinsatz.",
    "refusal.expect.no_show": "Jetzt wird keine Hand gezeigt.",
    "refusal.show.twice": "Eine Karte ist doppelt genannt: eine Hand hat jede Karte nur einmal.",
    "refusal.show.no_beat":
        "{card} schlägt {turned} nicht: ohne höhere Karte derselben Farbe wird die "
                    "ganze Hand aus {size} Karten gezeigt.",
    "refusal.show.only_winner": "{card} schlägt {turned}: nur diese Karte zeigen.",
    "refusal.show.size": "Eine verlorene Hand wird ganz gezeigt: {size} Karten, nicht {count}.",
    "refusal.declare.shoot":
        "Nur nach drei Runden Shoot sagt der Geber keep_pot oder deal_again an.",
    "refusal.split_pot.bank": "Wenn der Geber die Bank ist, wird der Pot nicht geteilt.",
    "refusal.split_pot.when":
        "Der Pot wird zwischen zwei Zügen geteilt, solange Chips darin liegen.",
}

_OPTIONS_EN = {
    "option.ante":
        "Everyone's ante, and the smallest bet (with the dealer as bank: the smallest bet).",
    "option.hand_size": "Cards in each hand: 0 = five, four with 7 or 8 players; or 3, 4 or 5 for "
                 "everyone (shoot and slippery_sam always deal 3).",
    "option.dealer_bank":
        "No antes: the dealer alone stakes the pot and the others bet against it; "
                   "the dealer keeps what is left after the round, an empty pot passes the "
                   "deal at once.",
    "option.shoot": "The dealer stakes the pot and deals three cards each; the same dealer deals "
             "again until the pot is empty; after three rounds the dealer keeps the pot or "
             "deals a fourth and keeps what is left.",
    "option.slippery_sam":
        "As shoot, but cards are turned in the middle until one of 6 or lower, and "
                    "everyone bets in turn against that one card.",
    "option.stake_min": "With the dealer as bank: the smallest stake.",
    "option.stake_max": "With the dealer as bank: the largest stake.",
}


# The screen's words: its panel's prompts, labels and notes, and its keys' hints.
_SCREEN_EN = {
    "prompt.card.burn": "the burned card (rank and suit)",
    "prompt.card.turn": "the card turned for {player} (rank and suit)",
    "prompt.card.middle": "a card in the middle, until one of 6 or lower (rank and suit)",
    "prompt.bet.stake": "{player} stakes the pot: {min}–{max}",
    "prompt.show": "{player} shows a higher {suit} than the {turned}, or the whole hand of "
                   "{hand_size}: each card as rank then suit, then Enter",
    "prompt.show.ace": "{player} shows the whole hand of {hand_size} (nothing beats the "
                       "{turned}): each card as rank then suit, then Enter",
    "clue": "Still unseen: {count} {suit} above the {turned}",
    "clue.title": "The turned card",
    "prompt.declare": "{player}: k = keep the pot of {pot} and pass the deal, a = deal a "
                      "fourth round",
    "burned": "burned",
    "turned": "turned",
    "passed_over": "passed over",
    "shown.won": "last: {player} showed {cards} and won {bet}",
    "shown.won_with": "last: {player} showed {cards}: {winner} won {bet}",
    "shown.lost": "last: {player} showed {cards} and lost {bet}",
    "rounds_in_a_row": "round {n} in a row",
    "keys.allowed.show": "each card as its rank then its suit, then Enter",
    "key.split_pot": "Split the pot",
}

_SCREEN_DE = {
    "prompt.card.burn": "Die verbrannte Karte (Wert und Farbe)",
    "prompt.card.turn": "Die aufgedeckte Karte für {player} (Wert und Farbe)",
    "prompt.card.middle": "Eine Karte in der Mitte, bis eine 6 oder niedriger kommt "
                          "(Wert und Farbe)",
    "prompt.bet.stake": "{player} stellt den Pot: {min}–{max}",
    "prompt.show": "{player} zeigt eine höhere {suit} als {turned} oder die ganze Hand aus "
                   "{hand_size}: jede Karte als Wert, dann Farbe, dann Enter",
    "prompt.show.ace": "{player} zeigt die ganze Hand aus {hand_size} (nichts schlägt "
                       "{turned}): jede Karte als Wert, dann Farbe, dann Enter",
    "clue": "Noch ungesehen: {count} {suit} über {turned}",
    "clue.title": "Die aufgedeckte Karte",
    "prompt.declare": "{player}: k = den Pot von {pot} behalten und weitergeben, a = eine "
                      "vierte Runde geben",
    "burned": "verbrannt",
    "turned": "aufgedeckt",
    "passed_over": "übergangen",
    "shown.won": "zuletzt: {player} zeigte {cards} und gewann {bet}",
    "shown.won_with": "zuletzt: {player} zeigte {cards}: {winner} gewann {bet}",
    "shown.lost": "zuletzt: {player} zeigte {cards} und verlor {bet}",
    "rounds_in_a_row": "Runde {n} am Stück",
    "keys.allowed.show": "jede Karte als Wert und dann Farbe, danach Enter",
    "key.split_pot": "Pot teilen",
}

WORDS = {
    "en": {**_LOG_EN, **_OPTIONS_EN, **_SCREEN_EN},
    "de": {**_LOG_DE, **_OPTIONS_DE, **_REFUSALS_DE, **_SCREEN_DE},
}
