"""Busfahrer in words, in English and German: the log's line for each of its own events, its
calls, why someone drinks, its options and its refusals. Keys are names, written out whole;
both languages have every key (tests/busfahrer/test_words.py)."""

from __future__ import annotations

from engine.game import Phrase, Say
from engine.games.busfahrer.commands import Over
from engine.games.busfahrer.rules import FACE_CARD, GIVEN, RIDE, WRONG
from engine.games.busfahrer.state import (
    Answered,
    BusCard,
    BusReshuffled,
    Called,
    CardsLaid,
    DeckHandedOn,
    DriverFound,
    DriverTied,
    GameStopped,
    GivesOwed,
    PyramidCard,
    PyramidStarted,
    QuestionsStarted,
    Reason,
    RideEnded,
    SipsGiven,
)
from engine.kernel import SipsOwed

WORDS = {
    "en": {
        "command.call": "{who}call {choice}",
        "command.give": "{who}give {to} {sips}",
        "command.driver": "driver {player}",
        "log.questions_started": "{dealer} deals; the questions go round {order}",
        "log.called": "{player} calls {choice}",
        "log.answered.right": "{card} for {player}: right",
        "log.answered.wrong": "{card} for {player}: wrong",
        "log.gives_owed": "{player} has {sips} to give",
        "log.sips_given": "{player} gives {to} {sips}",
        "log.drinks": "{player} drinks {sips} ({why})",
        "log.drinks.wrong": "{player} drinks {sips} (a wrong call)",
        "log.drinks.given": "{player} drinks {sips}",
        "log.drinks.ride": "{player} drinks {sips} (a wrong call on the bus)",
        "log.drinks.face_card": "{player} drinks {sips} (a face card on the bus)",
        "log.pyramid_started": "the pyramid is laid: {cards} cards in {rows} rows",
        "log.pyramid_card": "pyramid row {row}: {card}",
        "log.cards_laid": "{player} lays {cards}",
        "log.driver_tied": "{players} tie for the bus: the dealer names the driver",
        "log.driver_found.cards": "{driver} rides the bus (the most cards); every card is "
                                  "shuffled",
        "log.driver_found.sum": "{driver} rides the bus (the highest sum); every card is "
                                "shuffled",
        "log.driver_found.dealer": "{driver} rides the bus (the dealer's word); every card is "
                                   "shuffled",
        "log.bus_card.first": "bus place 1: {card}",
        "log.bus_card.right": "bus place {place}: {card}, right",
        "log.bus_card.wrong": "bus place {place}: {card}, wrong: the try starts again",
        "log.bus_reshuffled": "the deck is used up: every card is shuffled again but {kept}",
        "log.ride_ended.first": "{driver} has ridden the bus at the first try",
        "log.ride_ended": "{driver} has ridden the bus at try {tries}",
        "log.deck_handed_on": "{dealer} deals on",
        "log.stopped.no_ride": "nobody holds a card: no ride",
        "log.stopped.driver_left": "the driver has left: the ride is over",
        "log.stopped.too_few": "fewer than two players are left: the game is over",
        "log.stopped.ridden": "the ride is over",
        "choice.red": "red", "choice.black": "black", "choice.higher": "higher",
        "choice.lower": "lower", "choice.inside": "inside", "choice.outside": "outside",
        "choice.c": "♣", "choice.d": "♦", "choice.h": "♥", "choice.s": "♠",
        "why.wrong": "a wrong call", "why.given": "given", "why.ride": "the bus",
        "why.face_card": "a face card in the bus",
        "option.right_gives": "A right call gives its sips to the others (off: it costs "
                              "nothing).",
        "option.ace_low": "The ace counts 1 instead of 14.",
        "option.deck32": "The 32-card deck, 7 to ace (5 players at most, 4 with a pyramid of "
                         "5 rows).",
        "option.pyramid_rows": "Rows of the pyramid: 4 (10 cards) or 5 (15 cards, 9 players "
                               "at most).",
        "option.row_sips": "A pyramid row is worth its number in sips (single) or twice that "
                           "(double).",
        "option.bus_length": "The places of the bus row, 3 to 8.",
        "option.bus_ride": "calls: higher or lower at each place; face_cards: no calls, a J, "
                           "Q, K or A costs 1 to 4 and starts the row again.",
        "option.unit": "What a drink is called on the screen (no one is ever pressed to "
                       "drink).",
        "refusal.busfahrer.deck32": "The 32-card deck has no {rank}: its cards are 7 to A; "
                                    "check the card.",
        "refusal.busfahrer.deck_empty": "All {size} cards are out: the deck must be shuffled "
                                        "first.",
        "refusal.busfahrer.call": "{player}'s call is {allowed}, not {choice!r}.",
        "refusal.busfahrer.suit_needed": "Say the card's suit too: in the questions every "
                                         "card is entered with its suit (like 7s).",
        "refusal.busfahrer.give_self": "{player} gives to the other players, not to "
                                       "themselves.",
        "refusal.busfahrer.give_outside": "{player} is not in this game and takes no sips: "
                                          "give to {allowed}.",
        "refusal.busfahrer.give_sips": "{player} has {owed} to give: a give is 1 to {owed}, "
                                       "not {sips}.",
        "refusal.busfahrer.give_twice": "{player} has given to {to} already: one give per "
                                        "player, the rest to {allowed}.",
        "refusal.busfahrer.give_all": "{to} is the last who can take {player}'s sips: give "
                                      "{to} all {owed}.",
        "refusal.busfahrer.driver_tied": "{player} is not among the players tied for the bus: "
                                         "{allowed}.",
        "refusal.busfahrer.over": "The game is over: end it.",
        "refusal.busfahrer.pyramid_nobody": "The pyramid's cards are nobody's turn: enter "
                                            "{card} without a player.",
        "refusal.expect.no_call": "No call is expected now.",
        "refusal.expect.no_give": "No give is expected now.",
        "refusal.expect.no_driver": "No choice of the driver is expected now.",
        "refusal.call.choice": "A call names its choice, like red or higher.",
        "refusal.give.to": "A give names the player who takes the sips.",
        "refusal.give.sips": "A give is a whole number of sips.",
        "refusal.driver.player": "The driver is named by the player's name.",
        "count.rides": "rides",
        # The screen's words (its panel, prompts and keys), registered by its screen package.
        "bus.prompt.q1": "{player}, question 1: red or black?  r red · b black",
        "bus.prompt.q2": "{player}, question 2: higher or lower than {first}?  h/↑ higher · "
                         "l/↓ lower",
        "bus.prompt.q3": "{player}, question 3: inside or outside {first} and {second}?  "
                         "i inside · o outside",
        "bus.prompt.q4": "{player}, question 4: which suit?  c ♣ · d ♦ · h ♥ · s ♠",
        "bus.prompt.answer": "the card for {player}'s call ({call}): rank, then suit",
        "bus.prompt.pyramid": "pyramid row {row} ({sips} a card): the next card's rank",
        "bus.prompt.ride.call": "{player}'s bus, place {place} of {length}: higher or lower "
                                "than {card}?  h/↑ higher · l/↓ lower",
        "bus.prompt.ride.card": "{player}'s bus, place {place} of {length}: the card's rank",
        "bus.prompt.ride.called": "{player}'s bus, place {place} of {length} ({call}): the "
                                  "card's rank",
        "bus.prompt.give": "{player} gives {sips}: the receiver's number, then how many "
                           "(Enter: all)",
        "bus.prompt.give.one": "{player} gives {sips} to {to}: Enter",
        "bus.prompt.driver": "{dealer} names the driver: {choices}",
        "bus.over.ridden": "{driver} has ridden the bus: ctrl+x ends the game",
        "bus.over.no_ride": "nobody holds a card: no ride; ctrl+x ends the game",
        "bus.over.driver_left": "the driver has left: ctrl+x ends the game",
        "bus.over.too_few": "fewer than two players are left: ctrl+x ends the game",
        "bus.keys.call.1": "r red, b black",
        "bus.keys.call.2": "h or ↑ higher, l or ↓ lower",
        "bus.keys.call.3": "i inside, o outside",
        "bus.keys.call.4": "the suit: c, d, h or s",
        "bus.keys.give": "a receiver's number (at the seats), then how many; Enter gives all "
                         "that is owed",
        "bus.keys.driver": "the number of the driver the dealer names",
        "bus.typed.give": "{to}: {sips}",
        "bus.question": "Question {question} of 4",
        "bus.question.1": "red or black",
        "bus.question.2": "higher or lower",
        "bus.question.3": "inside or outside",
        "bus.question.4": "the suit",
        "bus.calls": "{player} calls {call}",
        "bus.gives": "gives {sips}",
        "bus.driver": "drives",
        "bus.pyramid": "The pyramid",
        "bus.row": "row {row}: {sips} each",
        "bus.tied": "{players} tie for the bus: {dealer} names the driver",
        "bus.ride": "{driver} rides the bus · try {tries}",
        "bus.ride.place": "place {place} of {length}",
        "bus.odds": "The call's odds (unseen cards)",
        "bus.odds.same": "same value",
        "bus.odds.pass": "2–10",
        "bus.drawing": "Drawing for the deal, the lowest card deals: {cards}",
        "bus.cards_left": "Cards left in the deck",
    },
    "de": {
        "command.call": "{who}sagt {choice}",
        "command.give": "{who}gibt {to} {sips}",
        "command.driver": "Busfahrer {player}",
        "log.questions_started": "{dealer} gibt; die Fragen gehen reihum: {order}",
        "log.called": "{player} sagt {choice}",
        "log.answered.right": "{card} für {player}: richtig",
        "log.answered.wrong": "{card} für {player}: falsch",
        "log.gives_owed": "{player} verteilt {sips}",
        "log.sips_given": "{player} gibt {to} {sips}",
        "log.drinks": "{player} trinkt {sips} ({why})",
        "log.drinks.wrong": "{player} trinkt {sips} (falsch gesagt)",
        "log.drinks.given": "{player} trinkt {sips}",
        "log.drinks.ride": "{player} trinkt {sips} (falsch gesagt im Bus)",
        "log.drinks.face_card": "{player} trinkt {sips} (eine Bildkarte im Bus)",
        "log.pyramid_started": "die Pyramide liegt: {cards} Karten in {rows} Reihen",
        "log.pyramid_card": "Pyramide Reihe {row}: {card}",
        "log.cards_laid": "{player} legt {cards}",
        "log.driver_tied": "{players} sind gleichauf: der Geber bestimmt den Busfahrer",
        "log.driver_found.cards": "{driver} fährt Bus (die meisten Karten); alle Karten "
                                  "werden gemischt",
        "log.driver_found.sum": "{driver} fährt Bus (die höchste Summe); alle Karten werden "
                                "gemischt",
        "log.driver_found.dealer": "{driver} fährt Bus (der Geber hat entschieden); alle "
                                   "Karten werden gemischt",
        "log.bus_card.first": "Bus, Platz 1: {card}",
        "log.bus_card.right": "Bus, Platz {place}: {card}, richtig",
        "log.bus_card.wrong": "Bus, Platz {place}: {card}, falsch: die Fahrt beginnt von vorn",
        "log.bus_reshuffled": "der Stapel ist aufgebraucht: alle Karten außer {kept} werden "
                              "neu gemischt",
        "log.ride_ended.first": "{driver} ist im ersten Versuch durchgefahren",
        "log.ride_ended": "{driver} ist im {tries}. Versuch durchgefahren",
        "log.deck_handed_on": "{dealer} gibt weiter",
        "log.stopped.no_ride": "niemand hat noch Karten: keine Busfahrt",
        "log.stopped.driver_left": "der Busfahrer ist gegangen: die Fahrt ist vorbei",
        "log.stopped.too_few": "weniger als zwei Spieler sind übrig: das Spiel ist vorbei",
        "log.stopped.ridden": "die Fahrt ist vorbei",
        "choice.red": "rot", "choice.black": "schwarz", "choice.higher": "höher",
        "choice.lower": "tiefer", "choice.inside": "innen", "choice.outside": "außen",
        "choice.c": "♣", "choice.d": "♦", "choice.h": "♥", "choice.s": "♠",
        "why.wrong": "falsch gesagt", "why.given": "verteilt", "why.ride": "die Busfahrt",
        "why.face_card": "ein Bild im Bus",
        "option.right_gives": "Wer richtig sagt, verteilt die Schlucke an die anderen (aus: "
                              "es kostet nichts).",
        "option.ace_low": "Das Ass zählt 1 statt 14.",
        "option.deck32": "Das Skatblatt mit 32 Karten, 7 bis Ass (höchstens 5 Spieler, mit "
                         "5 Pyramidenreihen 4).",
        "option.pyramid_rows": "Reihen der Pyramide: 4 (10 Karten) oder 5 (15 Karten, "
                               "höchstens 9 Spieler).",
        "option.row_sips": "Eine Pyramidenreihe zählt ihre Nummer an Schlucken (single) oder "
                           "das Doppelte (double).",
        "option.bus_length": "Die Plätze der Busreihe, 3 bis 8.",
        "option.bus_ride": "calls: an jedem Platz höher oder tiefer; face_cards: nichts "
                           "sagen, B, D, K oder A kosten 1 bis 4 und die Reihe beginnt neu.",
        "option.unit": "Wie ein Schluck auf dem Bildschirm heißt (niemand wird je zum Trinken "
                       "gedrängt).",
        "refusal.busfahrer.deck32": "Im Skatblatt gibt es keine {rank}: nur 7 bis A; bitte "
                                    "die Karte prüfen.",
        "refusal.busfahrer.deck_empty": "Alle {size} Karten sind draußen: erst mischen.",
        "refusal.busfahrer.call": "{player} sagt {allowed}, nicht {choice!r}.",
        "refusal.busfahrer.suit_needed": "Bitte auch die Farbe: bei den Fragen wird jede "
                                         "Karte mit Farbe eingegeben (etwa 7s).",
        "refusal.busfahrer.give_self": "{player} verteilt an die anderen, nicht an sich "
                                       "selbst.",
        "refusal.busfahrer.give_outside": "{player} spielt dieses Spiel nicht mit und bekommt "
                                          "keine Schlucke: an {allowed} verteilen.",
        "refusal.busfahrer.give_sips": "{player} hat {owed} zu verteilen: 1 bis {owed}, nicht "
                                       "{sips}.",
        "refusal.busfahrer.give_twice": "{player} hat {to} schon bedacht: einmal pro Spieler, "
                                        "der Rest an {allowed}.",
        "refusal.busfahrer.give_all": "{to} ist der Letzte, der von {player} noch Schlucke "
                                      "bekommen kann: {to} bekommt alle {owed}.",
        "refusal.busfahrer.driver_tied": "{player} ist nicht unter den Gleichauf-Spielern: "
                                         "{allowed}.",
        "refusal.busfahrer.over": "Das Spiel ist vorbei: Strg+x beendet es.",
        "refusal.busfahrer.pyramid_nobody": "Die Karten der Pyramide gehören niemandem: "
                                            "{card} ohne Spieler eingeben.",
        "refusal.expect.no_call": "Jetzt wird nichts gesagt.",
        "refusal.expect.no_give": "Jetzt wird nichts verteilt.",
        "refusal.expect.no_driver": "Jetzt wird kein Busfahrer bestimmt.",
        "refusal.call.choice": "Wer sagt, nennt eine Wahl, etwa rot oder höher.",
        "refusal.give.to": "Wer verteilt, nennt den Spieler, der die Schlucke bekommt.",
        "refusal.give.sips": "Verteilt wird eine ganze Zahl an Schlucken.",
        "refusal.driver.player": "Der Busfahrer wird mit seinem Namen bestimmt.",
        "count.rides": "Busfahrten",
        "bus.prompt.q1": "{player}, Frage 1: rot oder schwarz?  r rot · b/s schwarz",
        "bus.prompt.q2": "{player}, Frage 2: höher oder tiefer als {first}?  h/↑ höher · "
                         "t/l/↓ tiefer",
        "bus.prompt.q3": "{player}, Frage 3: innen oder außen von {first} und {second}?  "
                         "i innen · a/o außen",
        "bus.prompt.q4": "{player}, Frage 4: welche Farbe?  c ♣ · d ♦ · h ♥ · s ♠",
        "bus.prompt.answer": "die Karte zu {player}s Ansage ({call}): Wert, dann Farbe",
        "bus.prompt.pyramid": "Pyramide Reihe {row} ({sips} je Karte): der Wert der nächsten "
                              "Karte",
        "bus.prompt.ride.call": "{player}s Bus, Platz {place} von {length}: höher oder tiefer "
                                "als {card}?  h/↑ höher · t/l/↓ tiefer",
        "bus.prompt.ride.card": "{player}s Bus, Platz {place} von {length}: der Wert der Karte",
        "bus.prompt.ride.called": "{player}s Bus, Platz {place} von {length} ({call}): der "
                                  "Wert der Karte",
        "bus.prompt.give": "{player} verteilt {sips}: die Nummer des Empfängers, dann wie viele "
                           "(Enter: alle)",
        "bus.prompt.give.one": "{player} verteilt {sips} an {to}: Enter",
        "bus.prompt.driver": "{dealer} bestimmt den Busfahrer: {choices}",
        "bus.over.ridden": "{driver} ist durchgefahren: Strg+x beendet das Spiel",
        "bus.over.no_ride": "niemand hat noch Karten: keine Busfahrt; Strg+x beendet das Spiel",
        "bus.over.driver_left": "der Busfahrer ist gegangen: Strg+x beendet das Spiel",
        "bus.over.too_few": "weniger als zwei Spieler sind übrig: Strg+x beendet das Spiel",
        "bus.keys.call.1": "r rot, b oder s schwarz",
        "bus.keys.call.2": "h oder ↑ höher, t, l oder ↓ tiefer",
        "bus.keys.call.3": "i innen, a oder o außen",
        "bus.keys.call.4": "die Farbe: c, d, h oder s",
        "bus.keys.give": "die Nummer eines Empfängers (an den Plätzen), dann wie viele; Enter "
                         "verteilt alles, was offen ist",
        "bus.keys.driver": "die Nummer des Busfahrers, den der Geber bestimmt",
        "bus.typed.give": "{to}: {sips}",
        "bus.question": "Frage {question} von 4",
        "bus.question.1": "rot oder schwarz",
        "bus.question.2": "höher oder tiefer",
        "bus.question.3": "innen oder außen",
        "bus.question.4": "die Farbe",
        "bus.calls": "{player} sagt {call}",
        "bus.gives": "gibt {sips}",  # shorter than "verteilt": a seat keeps one line at 80 columns
        "bus.driver": "fährt",
        "bus.pyramid": "Die Pyramide",
        "bus.row": "Reihe {row}: je {sips}",
        "bus.tied": "{players} sind gleichauf: {dealer} bestimmt den Busfahrer",
        "bus.ride": "{driver} fährt Bus · {tries}. Versuch",
        "bus.ride.place": "Platz {place} von {length}",
        "bus.odds": "Chancen der Ansage (ungesehene Karten)",
        "bus.odds.same": "gleicher Wert",
        "bus.odds.pass": "2–10",
        "bus.drawing": "Ziehen um das Geben, die niedrigste Karte gibt: {cards}",
        "bus.cards_left": "Karten im Stapel",
    },
}

_CHOICES = {"red": "choice.red", "black": "choice.black", "higher": "choice.higher",
            "lower": "choice.lower", "inside": "choice.inside", "outside": "choice.outside",
            "c": "choice.c", "d": "choice.d", "h": "choice.h", "s": "choice.s"}
_FOUND = {Reason.CARDS: "log.driver_found.cards", Reason.SUM: "log.driver_found.sum",
          Reason.DEALER: "log.driver_found.dealer"}
_STOPPED = {Over.NO_RIDE: "log.stopped.no_ride", Over.DRIVER_LEFT: "log.stopped.driver_left",
            Over.TOO_FEW: "log.stopped.too_few", Over.RIDDEN: "log.stopped.ridden"}


# Why someone drinks (the kernel's SipsOwed.why, as this game's rules give it), to its line.
_DRINKS = {WRONG: "log.drinks.wrong", GIVEN: "log.drinks.given", RIDE: "log.drinks.ride",
           FACE_CARD: "log.drinks.face_card"}


def _drinks(e: SipsOwed, say: Say) -> str:
    # The kernel's event in this game's words; a reason it does not give, as the table says it.
    key = _DRINKS.get(e.why)
    if key is None:
        return say("log.drinks", player=e.player, sips=e.sips, why=e.why)
    return say(key, player=e.player, sips=e.sips)  # a give: its giver is said beside it


def choice_words(choice: str, say: Say) -> str:
    """A call as the language says it (a suit as its symbol)."""
    key = _CHOICES.get(choice)
    return say(key) if key is not None else choice


def _cards(cards: tuple[str, ...], say: Say) -> str:
    return ", ".join(say.card(card) for card in cards)


def _answered(e: Answered, say: Say) -> str:
    key = "log.answered.right" if e.right else "log.answered.wrong"
    return say(key, card=say.card(e.card), player=e.player)


def _bus_card(e: BusCard, say: Say) -> str:
    if not e.right:
        return say("log.bus_card.wrong", place=e.place, card=say.card(e.card))
    if e.place == 1:
        return say("log.bus_card.first", card=say.card(e.card))
    return say("log.bus_card.right", place=e.place, card=say.card(e.card))


def _ride_ended(e: RideEnded, say: Say) -> str:
    if e.tries == 1:
        return say("log.ride_ended.first", driver=e.driver)
    return say("log.ride_ended", driver=e.driver, tries=e.tries)


PHRASES = (
    Phrase(QuestionsStarted, lambda e, say: say("log.questions_started", dealer=e.dealer,
                                                order=", ".join(e.order))),
    Phrase(Called, lambda e, say: say("log.called", player=e.player,
                                      choice=choice_words(e.choice, say))),
    Phrase(Answered, _answered),
    Phrase(GivesOwed, lambda e, say: say("log.gives_owed", player=e.player, sips=e.sips)),
    Phrase(SipsOwed, _drinks),
    Phrase(SipsGiven, lambda e, say: say("log.sips_given", player=e.player, to=e.to,
                                         sips=e.sips)),
    Phrase(PyramidStarted, lambda e, say: say("log.pyramid_started", cards=e.cards,
                                              rows=e.rows)),
    Phrase(PyramidCard, lambda e, say: say("log.pyramid_card", row=e.row,
                                           card=say.card(e.card))),
    Phrase(CardsLaid, lambda e, say: say("log.cards_laid", player=e.player,
                                         cards=_cards(e.cards, say))),
    Phrase(DriverTied, lambda e, say: say("log.driver_tied", players=", ".join(e.players))),
    Phrase(DriverFound, lambda e, say: say(_FOUND[e.by], driver=e.driver)),
    Phrase(BusCard, _bus_card),
    Phrase(BusReshuffled, lambda e, say: say("log.bus_reshuffled", kept=_cards(e.kept, say))),
    Phrase(RideEnded, _ride_ended),
    Phrase(DeckHandedOn, lambda e, say: say("log.deck_handed_on", dealer=e.dealer)),
    Phrase(GameStopped, lambda e, say: say(_STOPPED[e.why])),
)
