"""Busfahrer's words: every key in English and German, a line for each of its events in
both languages, and its refusals said in German with the details the engine gives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.words.i18n import Words
from engine.event import Event
from engine.games.busfahrer import GAME
from engine.games.busfahrer.commands import EXPECTATIONS, Over
from engine.games.busfahrer.state import (
    EVENTS,
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
from engine.options import option_info
from engine.say import Speech
from tests.busfahrer.table import at_the_pyramid, busfahrer, turn

PACKAGE = Path(__file__).parent.parent.parent / "engine" / "games" / "busfahrer"

EVERY_LINE: list[tuple[Event, str, str]] = [
    (QuestionsStarted("Cleo", ("Anna", "Ben", "Cleo")),
     "Cleo deals; the questions go round Anna, Ben, Cleo",
     "Cleo gibt; die Fragen gehen reihum: Anna, Ben, Cleo"),
    (Called("Anna", "red"), "Anna calls red", "Anna sagt rot"),
    (Called("Anna", "h"), "Anna calls ♥", "Anna sagt ♥"),
    (Answered("Anna", 1, "Qh", True), "Q♥ for Anna: right", "D♥ für Anna: richtig"),
    (Answered("Anna", 2, "7s", False), "7♠ for Anna: wrong", "7♠ für Anna: falsch"),
    (GivesOwed("Anna", 2), "Anna has 2 to give", "Anna verteilt 2"),
    (SipsOwed("Anna", 2, "wrong"), "Anna drinks 2 (a wrong call)", "Anna trinkt 2 (falsch gesagt)"),
    (SipsOwed("Cleo", 1, "given", "Ben"), "Cleo drinks 1", "Cleo trinkt 1"),
    (SipsOwed("Ben", 3, "ride"), "Ben drinks 3 (a wrong call on the bus)",
     "Ben trinkt 3 (falsch gesagt im Bus)"),
    (SipsOwed("Ben", 2, "face_card"), "Ben drinks 2 (a face card on the bus)",
     "Ben trinkt 2 (eine Bildkarte im Bus)"),
    (SipsGiven("Anna", "Ben", 2), "Anna gives Ben 2", "Anna gibt Ben 2"),
    (PyramidStarted(10, 4), "the pyramid is laid: 10 cards in 4 rows",
     "die Pyramide liegt: 10 Karten in 4 Reihen"),
    (PyramidCard("Jc", 2), "pyramid row 2: J♣", "Pyramide Reihe 2: B♣"),
    (CardsLaid("Ben", ("7h", "7c"), 1), "Ben lays 7♥, 7♣", "Ben legt 7♥, 7♣"),
    (DriverTied(("Ben", "Cleo")), "Ben, Cleo tie for the bus: the dealer names the driver",
     "Ben, Cleo sind gleichauf: der Geber bestimmt den Busfahrer"),
    (DriverFound("Ben", Reason.CARDS),
     "Ben rides the bus (the most cards); every card is shuffled",
     "Ben fährt Bus (die meisten Karten); alle Karten werden gemischt"),
    (DriverFound("Ben", Reason.SUM), "Ben rides the bus (the highest sum); every card is "
     "shuffled", "Ben fährt Bus (die höchste Summe); alle Karten werden gemischt"),
    (DriverFound("Ben", Reason.DEALER), "Ben rides the bus (the dealer's word); every card "
     "is shuffled", "Ben fährt Bus (der Geber hat entschieden); alle Karten werden gemischt"),
    (BusCard("Ben", "8c", 1, True), "bus place 1: 8♣", "Bus, Platz 1: 8♣"),
    (BusCard("Ben", "Kd", 2, True), "bus place 2: K♦, right", "Bus, Platz 2: K♦, richtig"),
    (BusCard("Ben", "Kh", 3, False), "bus place 3: K♥, wrong: the try starts again",
     "Bus, Platz 3: K♥, falsch: die Fahrt beginnt von vorn"),
    (BusReshuffled(("7c",)), "the deck is used up: every card is shuffled again but 7♣",
     "der Stapel ist aufgebraucht: alle Karten außer 7♣ werden neu gemischt"),
    (RideEnded("Ben", 1), "Ben has ridden the bus at the first try",
     "Ben ist im ersten Versuch durchgefahren"),
    (RideEnded("Ben", 3), "Ben has ridden the bus at try 3",
     "Ben ist im 3. Versuch durchgefahren"),
    (DeckHandedOn("Ben"), "Ben deals on", "Ben gibt weiter"),
    (GameStopped(Over.NO_RIDE), "nobody holds a card: no ride",
     "niemand hat noch Karten: keine Busfahrt"),
    (GameStopped(Over.DRIVER_LEFT), "the driver has left: the ride is over",
     "der Busfahrer ist gegangen: die Fahrt ist vorbei"),
    (GameStopped(Over.TOO_FEW), "fewer than two players are left: the game is over",
     "weniger als zwei Spieler sind übrig: das Spiel ist vorbei"),
]


def test_both_languages_have_every_key() -> None:
    english, german = set(GAME.words["en"]), set(GAME.words["de"])
    assert sorted(english ^ german) == []
    assert all(GAME.words["de"][key] for key in german)


@pytest.mark.parametrize(("event", "english", "german"), EVERY_LINE,
                         ids=[type(e[0]).__name__ for e in EVERY_LINE])
def test_the_log_says_each_event_in_both_languages(event: Event, english: str,
                                                   german: str) -> None:
    phrase = next(p for p in GAME.phrases if p.event is type(event))
    assert phrase(event, Speech("en", GAME.words)) == english
    assert phrase(event, Speech("de", GAME.words)) == german


def test_every_event_of_the_game_has_its_line() -> None:
    # Its own events, and the kernel's sips said with this game's reasons.
    assert {p.event for p in GAME.phrases} == {*EVENTS, SipsOwed}
    assert {type(e) for e, _, _ in EVERY_LINE} == {*EVENTS, SipsOwed}


def test_every_option_has_its_label_in_both_languages() -> None:
    for name in option_info(GAME.options):
        assert GAME.words["en"][f"option.{name}"] != GAME.words["de"][f"option.{name}"], name


def _refusal_keys() -> set[str]:
    keys = {kind.REFUSAL_KEY for kind in EXPECTATIONS if kind.REFUSAL_KEY != "expect.no_entry"}
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "Refusal" and len(node.args) > 1
                    and isinstance(node.args[1], ast.Constant)):
                keys.add(str(node.args[1].value))
    return keys


def test_every_refusal_of_the_game_has_words_in_both_languages() -> None:
    keys = _refusal_keys()
    assert len(keys) >= 14
    missing = sorted(key for key in keys for language in ("en", "de")
                     if f"refusal.{key}" not in GAME.words[language])
    assert missing == []


def test_refusals_are_said_in_german_with_their_details() -> None:
    table = turn(busfahrer(), "black", "7s")
    german = Words("de")
    said = []
    for command in ({"cmd": "give", "to": "Anna", "sips": 1},
                    {"cmd": "give", "to": "Ben", "sips": 3},
                    {"cmd": "call", "choice": "red"}):
        outcome = table.try_(**command)
        said.append(german.refusal(outcome.reason, outcome.key, outcome.params))
    assert said == ["Anna verteilt an die anderen, nicht an sich selbst.",
                    "Anna hat 1 zu verteilen: 1 bis 1, nicht 3.",
                    "Jetzt wird nichts gesagt."]
    laying = at_the_pyramid()
    outcome = laying.try_(cmd="card", card="8c", player="Ben")
    assert german.refusal(outcome.reason, outcome.key, outcome.params) == (
        "Die Karten der Pyramide gehören niemandem: 8c ohne Spieler eingeben.")
