"""The words of the dealer's screen in English and German.

The language comes from the locale ($LC_ALL, $LC_MESSAGES, $LANG) unless chosen; German
card letters (B, D) are accepted whatever the language.
"""

from __future__ import annotations

import os
from typing import Any

LANGUAGES = ("en", "de")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "table companion",
        "pot": "Pot",
        "on_table": "Bets on the table",
        "dealer": "dealer",
        "round": "Round {round} of {rounds}",
        "round.open": "Round {round}",
        "stake": "stake {stake}",
        "seen": "Out since the shuffle ({remaining} left)",
        "odds": "Odds for the third card",
        "odds.fourth": "Odds for the fourth card",
        "low_ace.shown": "the ace counts low, below the 2",
        "prompt.low_ace_declared": "  (the ace counts low)",
        "odds.line": "win {win}%   post {post}%   lose {lose}%",
        "odds.none": "—",
        "log": "Log",
        "undone": "undone",
        "left": "left",
        "bought_in": "in {amount}",
        "prompt.card.draw": "{player}: draw a card for the deal",
        "prompt.card.burn": "the burned card (rank and suit)",
        "prompt.card.reveal": "{player}'s card, now laid out",
        "prompt.guess": "{player} guesses: the value's key (a, 2–9, 0, j, q, k); = and the card "
                        "first keeps it hidden",
        "prompt.guess.card_in": "{player} guesses: the value's key (the card is in, hidden)",
        "prompt.guess.second": "{player}: second guess, {hint}",
        "hint.higher": "higher",
        "hint.lower": "lower",
        "prompt.next_dealer": "{player} is relieved; the next dealer: {choices}",
        "unit.sips": "sips",
        "unit.points": "points",
        "misses": "misses {misses} of 3",
        "chances": "Chances for the next card",
        "cards_left": "Cards left in the deck",
        "prompt.card.turn": "the card turned for {player} (rank and suit)",
        "prompt.card.middle": "a card in the middle, until one of 6 or lower (rank and suit)",
        "prompt.bet.stake": "{player} stakes the pot: {min}–{max}",
        "prompt.show": "{player} shows a higher {suit} than the {turned}, or the whole hand of "
                       "{hand_size}: each card as rank then suit, then Enter",
        "clue": "Still unseen: {count} {suit} above the {turned}",
        "clue.title": "The turned card",
        "prompt.declare": "{player}: k = keep the pot of {pot} and pass the deal, a = deal a "
                          "fourth round",
        "burned": "burned",
        "turned": "turned",
        "passed_over": "passed over",
        "shown.won": "last: {player} showed {cards} and won {bet}",
        "shown.lost": "last: {player} showed {cards} and lost {bet}",
        "rounds_in_a_row": "round {n} in a row",
        "key.split_pot": "Split the pot (Red Dog)",
        "prompt.card.bank_first": "the first card of hand {number}: {players} ante {ante}",
        "prompt.card.bank_second": "the second card of hand {number}",
        "prompt.card.bank_pair": "a pair of {rank}s: the third card; another {rank} pays "
                                 "{pays} to 1",
        "prompt.card.bank_third": "spread {spread}, pays {payout} to 1: r + number raises, "
                                  "then the third card",
        "raise.typing": "{player} raises {amount} (Enter alone: {limit})",
        "prompt.casino.nobody_antes": "nobody but the bank has the ante of {ante}: a rebuy, "
                                      "or ctrl+x ends the game",
        "prompt.casino.bank_gone": "{bank} has left the table: ctrl+x ends the game",
        "prompt.card.first": "{player}'s first card",
        "prompt.card.second": "{player}'s second card",
        "prompt.card.third": "the third card for {player}",
        "prompt.card.fourth": "the fourth card for {player} (the second gap)",
        "prompt.card.shown_first": "{player} shows the first card, p = pass without showing",
        "prompt.card.shown_first.no_pass": "{player} shows the first card (min_bet: no pass)",
        "prompt.card.shown_second": "{player} shows the second card",
        "prompt.bet.second": "{player}: second bet {min}–{max} on the gap of cards 2 and 3",
        "prompt.bet": "{player}: bet {min}–{max}, p = pass",
        "prompt.bet.no_pass": "{player}: bet {min}–{max}",
        "prompt.declare.low_ace": "  (l = the ace counts low)",
        "prompt.declare.split": "  (s = split the pair for one more ante)",
        "prompt.hand": " — hand {hand}",
        "hand": "hand {hand}",
        "bank": "bank: {dealer} ({result:+d})",
        "bet": "bet {amount}",
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
        "gap.first": "gap 1: {low} – {high}",
        "gap.second": "gap 2: {low} – {high}, a post costs triple",
        "prompt.card.middle_first": "the first card in the middle for {player}",
        "prompt.card.middle_second": "the second card in the middle for {player}",
        "prompt.start_game": "no game running: ctrl+g starts one, ctrl+n ends the night",
        "prompt.end_game": "{reason}",
        "correct.not_here": "Only cards, bets, passes, raises and shown hands are retyped here; "
                            "others "
                            "are corrected with `companion exec`.",
        "confirm.end_night": "End the night? The dealer takes the pot, and the chips are "
                             "counted.",
        "confirm.keys": "y or Enter: yes    n or Escape: no",
        "end.chips": "chips",
        "prompt.night_over": "the night is over",
        "prompt.start_night": "no night yet",
        "warning.pair": "A pair of {rank}s: no card can win.",
        "warning.neighbours": "{low} and {high} are neighbours: no card can win.",
        "last_dealer": "{dealer} dealt: {result:+d}",
        "everyone_dealt": "everyone has dealt once",
        "read_only": "READ-ONLY: {reason}",
        "recorded": "action {action} recorded",
        "key.undo": "Undo",
        "key.redo": "Redo",
        "key.correct": "Correct",
        "key.replay": "Replay",
        "key.help": "Rules",
        "key.game": "Game",
        "key.end_game": "End game",
        "key.end_night": "Night",
        "key.language": "DE",
        "key.back": "Back to the table",
        "key.join": "Join",
        "key.rebuy": "Rebuy",
        "key.leave": "Leave",
        "replay.title": "Replay — action {action} of {last} (←/→, Home/End, digits+Enter)",
        "replay.jump": "jump to action: {digits}",
        "setup.night": "A new night",
        "setup.players": "Players in seat order (clockwise)",
        "setup.add": "Name, then Enter to add",
        "setup.chips": "Start chips",
        "setup.chip_value": "Chip value (optional, e.g. 0.10)",
        "setup.currency": "Currency (optional)",
        "setup.name": "Name of the night (optional)",
        "setup.start": "Start the night",
        "setup.game": "Start a game",
        "setup.preset": "Game",
        "setup.dealer": "First dealer",
        "setup.draw": "draw by cards",
        "setup.play": "Deal",
        "setup.cancel": "Cancel",
        "setup.hint": "del removes, alt+↑/↓ moves a player",
        "end.title": "Chips at the end",
        "end.result": "result",
        "correct.title": "Correct action {action}: {what}",
        "correct.hint": "Type the right entry and Enter; Escape cancels.",
        "correct.changed": "Correction: {changes}",
        "correct.nothing": "Correction recorded; the table is the same.",
        "ask.player": "Player",
        "ask.chips": "Chips",
    },
    "de": {
        "title": "Tischbegleiter",
        "pot": "Pot",
        "on_table": "Einsätze auf dem Tisch",
        "dealer": "Geber",
        "round": "Runde {round} von {rounds}",
        "round.open": "Runde {round}",
        "stake": "Einsatz {stake}",
        "seen": "Seit dem Mischen draußen ({remaining} übrig)",
        "odds": "Chancen der dritten Karte",
        "odds.fourth": "Chancen der vierten Karte",
        "low_ace.shown": "das Ass zählt niedrig, unter der 2",
        "prompt.low_ace_declared": "  (das Ass zählt niedrig)",
        "odds.line": "gewinnt {win}%   Pfosten {post}%   verliert {lose}%",
        "odds.none": "—",
        "log": "Protokoll",
        "undone": "zurückgenommen",
        "left": "gegangen",
        "bought_in": "gekauft {amount}",
        "prompt.card.draw": "{player}: Karte ziehen für den Geber",
        "prompt.card.burn": "Die verbrannte Karte (Wert und Farbe)",
        "prompt.card.reveal": "Die Karte von {player}, jetzt offen",
        "prompt.guess": "{player} rät: die Taste des Werts (a, 2–9, 0, b/j, d/q, k); = und die "
                        "Karte zuerst hält sie verdeckt",
        "prompt.guess.card_in": "{player} rät: die Taste des Werts (die Karte ist verdeckt drin)",
        "prompt.guess.second": "{player}: zweiter Tipp, {hint}",
        "hint.higher": "höher",
        "hint.lower": "tiefer",
        "prompt.next_dealer": "{player} ist erlöst; der nächste Dealer: {choices}",
        "unit.sips": "Schlucke",
        "unit.points": "Punkte",
        "misses": "Fehlschläge {misses} von 3",
        "chances": "Chancen der nächsten Karte",
        "cards_left": "Karten im Stapel",
        "prompt.card.turn": "Die aufgedeckte Karte für {player} (Wert und Farbe)",
        "prompt.card.middle": "Eine Karte in der Mitte, bis eine 6 oder niedriger kommt "
                              "(Wert und Farbe)",
        "prompt.bet.stake": "{player} stellt den Pot: {min}–{max}",
        "prompt.show": "{player} zeigt eine höhere {suit} als {turned} oder die ganze Hand aus "
                       "{hand_size}: jede Karte als Wert, dann Farbe, dann Enter",
        "clue": "Noch ungesehen: {count} {suit} über {turned}",
        "clue.title": "Die aufgedeckte Karte",
        "prompt.declare": "{player}: k = den Pot von {pot} behalten und weitergeben, a = eine "
                          "vierte Runde geben",
        "burned": "verbrannt",
        "turned": "aufgedeckt",
        "passed_over": "übergangen",
        "shown.won": "zuletzt: {player} zeigte {cards} und gewann {bet}",
        "shown.lost": "zuletzt: {player} zeigte {cards} und verlor {bet}",
        "rounds_in_a_row": "Runde {n} am Stück",
        "key.split_pot": "Pot teilen (Red Dog)",
        "refusal.guess.value": "Das ist kein Wert: A, 2–10, B, D oder K.",
        "refusal.schlag.over": "Der Stapel ist aufgebraucht: das Spiel ist vorbei.",
        "refusal.expect.no_guess": "Jetzt wird nicht geraten.",
        "refusal.guess.done": "Es ist geraten; jetzt kommt die Karte.",
        "refusal.guess.suit": "Eine Farbe gehört nur zum ersten Tipp, als c, d, h oder s.",
        "refusal.schlag.contradicts": "Die Karte kann kein {card} sein: der erste Tipp war "
                                      "{value}, und es wurde ein zweites Mal geraten.",
        "refusal.schlag.choose_when": "Nur ein erlöster Dealer bestimmt mit dealer_chooses den "
                                      "nächsten.",
        "refusal.schlag.choose_who": "{player} kann den Stapel nicht nehmen.",
        "refusal.card.suit_needed": "Bitte auch die Farbe: bei Red Dog entscheidet die Farbe.",
        "refusal.show.twice": "Eine Karte ist doppelt genannt: eine Hand hat jede Karte nur "
                              "einmal.",
        "refusal.show.no_beat": "{card} schlägt {turned} nicht: ohne höhere Karte derselben "
                                "Farbe wird die ganze Hand aus {size} Karten gezeigt.",
        "refusal.show.only_winner": "{card} schlägt {turned}: nur diese Karte zeigen.",
        "refusal.show.size": "Eine verlorene Hand wird ganz gezeigt: {size} Karten, nicht "
                             "{count}.",
        "refusal.declare.shoot": "Nur nach drei Runden Shoot sagt der Geber keep_pot oder "
                                 "deal_again an.",
        "refusal.split_pot.bank": "Wenn der Geber die Bank ist, wird der Pot nicht geteilt.",
        "refusal.split_pot.when": "Der Pot wird zwischen zwei Zügen geteilt, solange Chips "
                                  "darin liegen.",
        "refusal.bet.range": "{player} setzt jetzt {low} bis {high}.",
        "refusal.red_dog.no_pass": "Bei Red Dog wird nicht gepasst: jede Wette ist mindestens "
                                   "der Grundeinsatz.",
        "refusal.expect.no_show": "Jetzt wird keine Hand gezeigt.",
        "prompt.card.bank_first": "Erste Karte von Hand {number}: {players} setzen {ante}",
        "prompt.card.bank_second": "Zweite Karte von Hand {number}",
        "prompt.card.bank_pair": "Ein Paar {rank}: die dritte Karte; noch eine {rank} zahlt "
                                 "{pays} zu 1",
        "prompt.card.bank_third": "Abstand {spread}, zahlt {payout} zu 1: r + Nummer erhöht, "
                                  "dann die dritte Karte",
        "raise.typing": "{player} erhöht um {amount} (Enter allein: {limit})",
        "prompt.casino.nobody_antes": "außer der Bank hat niemand den Grundeinsatz von {ante}: "
                                      "nachkaufen, oder Strg+x beendet das Spiel",
        "prompt.casino.bank_gone": "{bank} hat den Tisch verlassen: Strg+x beendet das Spiel",
        "refusal.casino.bank_gone": "{bank} hat den Tisch verlassen: die Bank geht mit n nach "
                                    "links, oder das Spiel endet.",
        "refusal.casino.no_bank": "Sonst hat niemand am Tisch Chips, um die Bank zu übernehmen.",
        "refusal.casino.raise_broke": "{player} hat keine Chips mehr zum Erhöhen.",
        "refusal.casino.no_bet": "Bei Casino Red Dog ist der Grundeinsatz die Wette: nach der "
                                 "Ansage darf jeder einmal bis zum Grundeinsatz erhöhen.",
        "refusal.casino.nobody": "Außer der Bank hat niemand den Grundeinsatz: nachkaufen, "
                                 "die Bank weitergeben oder das Spiel beenden.",
        "refusal.casino.raise_when": "Erhöht wird nach der Ansage und vor der dritten Karte.",
        "refusal.casino.not_in_hand": "{player} spielt diese Hand nicht mit.",
        "refusal.casino.raised_once": "{player} hat schon erhöht: einmal pro Hand.",
        "refusal.casino.raise_at_most": "{player} kann höchstens {limit} erhöhen.",
        "refusal.casino.bank_when": "Die Bank wird zwischen zwei Händen weitergegeben.",
        "refusal.casino.bank_left": "Die Bank geht nach links: {expected} ist dran, nicht "
                                    "{named}.",
        "prompt.card.first": "Erste Karte für {player}",
        "prompt.card.second": "Zweite Karte für {player}",
        "prompt.card.third": "Dritte Karte für {player}",
        "prompt.card.fourth": "Vierte Karte für {player} (die zweite Lücke)",
        "prompt.card.shown_first": "{player} zeigt die erste Karte, p = passen ohne Zeigen",
        "prompt.card.shown_first.no_pass": "{player} zeigt die erste Karte (Mindesteinsatz: "
                                           "kein Passen)",
        "refusal.bet.no_pass_shown": "Kein Passen: mit Mindesteinsatz zeigt {player} beide "
                                     "Karten und setzt mindestens den Grundeinsatz.",
        "prompt.card.shown_second": "{player} zeigt die zweite Karte",
        "prompt.bet.second": "{player}: zweiter Einsatz {min}–{max} auf die Lücke 2–3",
        "prompt.bet": "{player}: setze {min}–{max}, p = passen",
        "prompt.bet.no_pass": "{player}: setze {min}–{max}",
        "prompt.declare.low_ace": "  (l = das Ass zählt niedrig)",
        "prompt.declare.split": "  (s = das Paar teilen, für einen Einsatz mehr)",
        "prompt.hand": " — Hand {hand}",
        "hand": "Hand {hand}",
        "bank": "Bank: {dealer} ({result:+d})",
        "bet": "Einsatz {amount}",
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
        "gap.first": "Lücke 1: {low} – {high}",
        "gap.second": "Lücke 2: {low} – {high}, ein Pfosten kostet dreifach",
        "prompt.card.middle_first": "Erste Karte in der Mitte für {player}",
        "prompt.card.middle_second": "Zweite Karte in der Mitte für {player}",
        "refusal.bet.no_pass": "In-Amongst kennt kein Passen: jeder setzt mindestens 1.",
        "refusal.bet.at_least": "{player} setzt mindestens {minimum} (Mindesteinsatz).",
        "refusal.declare.low_ace": "Nur ein erstes Ass kann niedrig angesagt werden, mit der "
                                   "Option low_ace, vor der zweiten Karte.",
        "refusal.declare.split": "Teilen geht nur mit pairs=split, mit einem Paar direkt nach "
                                 "der zweiten Karte, einmal pro Zug und mit Chips für den "
                                 "Einsatz.",
        "prompt.start_game": "kein Spiel läuft: Strg+g startet eins, Strg+n beendet den Abend",
        "prompt.end_game": "Das Spiel kann nicht weitergehen: Strg+x beendet es.",
        "correct.not_here": "Hier werden nur Karten, Wetten, Passen, Erhöhungen und gezeigte "
                            "Hände neu getippt; "
                            "anderes korrigiert `companion exec`.",
        "confirm.end_night": "Den Abend beenden? Der Geber nimmt den Pot, dann werden die "
                             "Chips gezählt.",
        "confirm.keys": "j oder Enter: ja    n oder Escape: nein",
        "end.chips": "Chips",
        "prompt.night_over": "der Abend ist vorbei",
        "prompt.start_night": "noch kein Abend",
        "warning.pair": "Ein Paar {rank}: keine Karte kann gewinnen.",
        "warning.neighbours": "{low} und {high} sind Nachbarn: keine Karte kann gewinnen.",
        "last_dealer": "{dealer} hat gegeben: {result:+d}",
        "everyone_dealt": "alle haben einmal gegeben",
        "read_only": "NUR LESEN: {reason}",
        "recorded": "Aktion {action} gespeichert",
        "key.undo": "Zurück",
        "key.redo": "Wieder",
        "key.correct": "Korr.",
        "key.replay": "Rückblick",
        "key.help": "Regeln",
        "key.game": "Spiel",
        "key.end_game": "Ende",
        "key.end_night": "Abend",
        "key.language": "EN",
        "key.back": "Zurück zum Tisch",
        "key.join": "Neu",
        "key.rebuy": "Kauf",
        "key.leave": "Geht",
        "replay.title": "Wiederholung — Aktion {action} von {last} (←/→, Pos1/Ende, Ziffern+Enter)",
        "replay.jump": "springe zu Aktion: {digits}",
        "setup.night": "Ein neuer Abend",
        "setup.players": "Spieler in Sitzordnung (im Uhrzeigersinn)",
        "setup.add": "Name, dann Enter zum Hinzufügen",
        "setup.chips": "Start-Chips",
        "setup.chip_value": "Wert eines Chips (optional, z. B. 0.10)",
        "setup.currency": "Währung (optional)",
        "setup.name": "Name des Abends (optional)",
        "setup.start": "Abend beginnen",
        "setup.game": "Ein Spiel beginnen",
        "setup.preset": "Spiel",
        "setup.dealer": "Erster Geber",
        "setup.draw": "durch Ziehen",
        "setup.play": "Geben",
        "setup.cancel": "Abbrechen",
        "setup.hint": "Entf entfernt, Alt+↑/↓ verschiebt",
        "end.title": "Chips am Ende",
        "end.result": "Ergebnis",
        "correct.title": "Aktion {action} korrigieren: {what}",
        "correct.hint": "Richtige Eingabe tippen und Enter; Escape bricht ab.",
        "correct.changed": "Korrektur: {changes}",
        "correct.nothing": "Korrektur gespeichert; der Tisch bleibt gleich.",
        "ask.player": "Spieler",
        "ask.chips": "Chips",
        "refusal.card.unknown": "{text!r} ist keine Karte: Wert 2–10, B/J, D/Q, K oder A, "
                                "dann wahlweise die Farbe c, d, h, s.",
        "refusal.card.suit": "{text!r} ist keine Karte: die Farbe ist c, d, h oder s "
                             "(oder ♣ ♦ ♥ ♠).",
        "refusal.card.out": "{card} ist seit dem Mischen schon draußen (eingegeben bei Aktion "
                            "{action}); bitte die Karte prüfen.",
        "refusal.card.fifth": "Alle vier {rank} sind seit dem Mischen schon draußen (Aktionen "
                              "{actions}); bitte die Karte prüfen.",
        "refusal.deck.empty": "Alle 52 Karten sind draußen: erst mischen.",
        "refusal.turn.other": "{expected} ist dran, nicht {named}.",
        "refusal.turn.under_way": "{player} ist mitten im Zug: erst den Zug beenden.",
        "refusal.expect.no_card": "Jetzt wird keine Karte erwartet.",
        "refusal.expect.no_bet": "Jetzt wird keine Wette erwartet.",
        "refusal.bet.at_most": "{player} kann jetzt höchstens {limit} setzen.",
        "refusal.number.whole": "Bitte eine ganze Zahl ab {minimum}.",
        "refusal.move.other_game": "{name} ist kein Zug in {game}.",
        "refusal.undo.nothing": "Nichts zum Zurücknehmen: den Beginn des Abends nur "
                                "korrigieren.",
        "refusal.redo.nothing": "Nichts zum Wiederholen.",
        "refusal.read_only": "Abend {night} ist in einem anderen Fenster zum Schreiben offen; "
                             "dieses Fenster ist nur zum Lesen.",
    },
}


def language_from_locale(environ: dict[str, str] | None = None) -> str:
    """`de` when the locale is German, else `en`."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


class Words:
    """The texts of one language; `words("pot")` or with fields `words("round", round=1)`."""

    def __init__(self, language: str) -> None:
        self.language = language if language in TEXTS else "en"

    def __call__(self, key: str, **fields: Any) -> str:
        text = TEXTS[self.language].get(key) or TEXTS["en"][key]
        return text.format(**fields) if fields else text

    def refusal(self, reason: str, key: str | None, params: dict[str, Any] | None) -> str:
        """A refusal in this language when it has words for it; the engine's sentence else."""
        template = TEXTS[self.language].get(f"refusal.{key}") if key else None
        if template is None or self.language == "en":
            return reason
        try:
            return template.format(**(params or {}))
        except (KeyError, IndexError):
            return reason

    def other(self) -> Words:
        return Words("de" if self.language == "en" else "en")
