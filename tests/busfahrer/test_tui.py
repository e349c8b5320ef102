"""Busfahrer at the real table screen, by keys (Textual's Pilot): a whole game at 80×24 and
120×40, in English and German, about one key per card and call and two per give."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from companion.app import CompanionApp
from companion.table import TableController
from tests.cli import execute
from tests.pilot import in_view
from tests.pilot import on_disk as _on_disk
from tests.pilot import seat as _seat
from tests.pilot import shown as _shown
from tests.pilot import text as _text

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]  # Dan deals: Ann calls first
# The questions: each call, its card, and the gives of a right call (number, count).
QUESTION_1 = ("r", "k", "h", "2", "enter",  # Ann red, K♥: right, all 1 to Ben
              "r", "7", "c", "b", "9", "d", "b", "2", "h")  # Ben, Cleo, Dan wrong
QUESTION_2 = ("down", "5", "s", "3", "2",  # Ann lower (↓), 5♠: right, 2 to Cleo
              "h", "j", "s", "4", "2", "l", "3", "c", "1", "enter",
              "up", "q", "c", "2", "1", "3", "enter")  # Dan higher (↑): 1 to Ben, 1 Cleo
QUESTION_3 = ("i", "8", "h", "2", "3", "o", "4", "d", "1", "1", "3", "1", "4", "1",
              "i", "6", "h", "4", "3", "o", "1", "0", "s")
QUESTION_4 = ("h", "9", "h", "2", "4", "s", "6", "s", "3", "4", "d", "2", "c",
              "c", "a", "c", "1", "4")
# The pyramid's ten cards by rank, and the gives of those who lay.
PYRAMID = ("9", "2", "enter", "1", "enter", "5", "3", "enter", "k", "2", "enter",
           "7", "1", "enter", "2", "1", "enter", "1", "enter", "q", "2", "enter",
           "4", "3", "enter", "8", "4", "enter", "3", "4", "enter", "j", "4", "enter")
# Dan holds the most cards and rides: a wrong call at the fifth place, then through.
RIDE = ("7", "up", "k", "l", "3", "h", "q", "h", "2",
        "5", "h", "9", "h", "j", "l", "4", "down", "2")
WORDS = {
    "en": {"q2": "Ann, question 2: higher or lower than K♥?", "give": "Ann gives 2",
           "pyramid": "pyramid row 1 (1 a card)", "row": "row 4: 4 each",
           "ride": "Dan rides the bus · try 1", "over": "Dan has ridden the bus"},
    "de": {"q2": "Ann, Frage 2: höher oder tiefer als K♥?", "give": "Ann verteilt 2",
           "pyramid": "Pyramide Reihe 1 (1 je Karte)", "row": "Reihe 4: je 4",
           "ride": "Dan fährt Bus · 1. Versuch", "over": "Dan ist durchgefahren"},
}


def _night(db: Path, players: list[str] = PLAYERS, dealer: str = "Dan") -> None:
    done = execute(db, {"cmd": "start_night", "players": players, "chips": 0},
                   {"cmd": "start_game", "game": "busfahrer", "dealer": dealer})
    assert done.returncode == 0, done.stderr


@contextlib.asynccontextmanager
async def _at_the_table(db: Path, language: str,
                        size: tuple[int, int]) -> AsyncIterator[Pilot[Any]]:
    """The dealer's screen on `db`, drawn and waiting for the first key."""
    async with CompanionApp(TableController.open(db), language).run_test(size=size) as pilot:
        await pilot.pause()
        yield pilot


async def _keys(pilot: Pilot[Any], keys: tuple[str, ...]) -> None:
    for key in keys:
        await pilot.press(key)
    await pilot.pause()


def _fits(pilot: Pilot[Any]) -> None:
    """The prompt, the seats and the table's middle are all on screen."""
    for selector in ("#entry", "#seats", "#cards"):
        assert in_view(pilot, pilot.app.screen.query_one(selector)), selector


# German at 80×24, where the words are longest and the room least, and English at 120×40:
# the same game of 170 keys in the other two pairs found nothing these two do not.
@pytest.mark.parametrize(("language", "size"), [("de", (80, 24)), ("en", (120, 40))])
def test_a_whole_game_by_keys_fits_the_screen_in_both_languages(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    db = tmp_path / "night.db"
    _night(db)
    said = WORDS[language]

    async def play() -> None:
        async with _at_the_table(db, language, size) as pilot:
            await _keys(pilot, QUESTION_1)
            assert said["q2"] in _text(pilot, "#entry")
            assert "K♥" in _seat(pilot, "Ann") and "2♥" in _seat(pilot, "Dan")
            _fits(pilot)
            await _keys(pilot, ("down", "5", "s"))  # Ann's right call: 2 to give
            assert said["give"] in _text(pilot, "#entry")
            await _keys(pilot, QUESTION_2[3:] + QUESTION_3 + QUESTION_4)
            assert said["pyramid"] in _text(pilot, "#entry")
            assert len(_shown(pilot, "#seats")) == len(PLAYERS)  # four cards: a line a seat
            assert said["row"] in _text(pilot, "#cards") and "▒▒▒" in _text(pilot, "#cards")
            _fits(pilot)
            await _keys(pilot, PYRAMID)
            assert said["ride"] in _text(pilot, "#cards")
            _fits(pilot)
            await _keys(pilot, RIDE)
            assert said["over"] in _text(pilot, "#entry")
            _fits(pilot)

    asyncio.run(play())
    view = _on_disk(db)
    assert view["phase"] == "over" and view["driver"] == "Dan"
    assert {name: seat["sips"] for name, seat in view["players"].items()} == {
        "Ann": 13, "Ben": 14, "Cleo": 16, "Dan": 25}


def test_with_one_receiver_enter_alone_gives_all(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, ["Ann", "Ben"], "Ben")

    async def play() -> None:
        async with _at_the_table(db, "en", (80, 24)) as pilot:
            await _keys(pilot, ("b", "k", "s"))  # Ann black, K♠: right, 1 to give
            assert "Ann gives 1 to Ben: Enter" in _text(pilot, "#entry")
            await _keys(pilot, ("enter",))
            assert "Ben, question 1" in _text(pilot, "#entry")

    asyncio.run(play())
    assert _on_disk(db)["players"]["Ben"]["sips"] == 1


def test_a_give_to_the_wrong_player_is_corrected_by_number(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _at_the_table(db, "en", (120, 40)) as pilot:
            await _keys(pilot, ("r", "k", "h", "2", "enter"))  # meant for Cleo, not Ben
            await _keys(pilot, ("ctrl+e", "enter"))  # the log's latest: the give
            await _keys(pilot, ("3", "enter"))  # Cleo, the same count
            assert "Ben, question 1" in _text(pilot, "#entry")

    asyncio.run(play())
    sips = {name: seat["sips"] for name, seat in _on_disk(db)["players"].items()}
    assert sips["Ben"] == 0 and sips["Cleo"] == 1


def test_a_call_is_retyped_with_the_arrows_as_at_the_table(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _at_the_table(db, "en", (120, 40)) as pilot:
            await _keys(pilot, QUESTION_1 + ("down",))  # Ann: lower than K♥, meant higher
            await _keys(pilot, ("ctrl+e", "enter"))  # the log's latest: the call
            await _keys(pilot, ("up",))
            assert "the card for Ann's call (higher)" in said_by_the_entry(pilot)

    asyncio.run(play())
    assert _on_disk(db)["call"] == "higher"


def test_a_give_is_retyped_with_a_count_of_two_digits(tmp_path: Path) -> None:
    """The correct dialog cannot know what was owed then: a count ends at Enter, so 12 is
    read as twelve (and refused here, where one was owed), never cut to its first digit."""
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _at_the_table(db, "en", (120, 40)) as pilot:
            await _keys(pilot, ("r", "k", "h", "2", "enter"))  # Ann gives her 1 to Ben
            await _keys(pilot, ("ctrl+e", "enter", "3", "1"))
            assert "Cleo" in _text(pilot, "#typed") and "1" in _text(pilot, "#typed")
            await _keys(pilot, ("2", "enter"))
            assert "12" in said_by_the_entry(pilot)

    asyncio.run(play())
    sips = {name: seat["sips"] for name, seat in _on_disk(db)["players"].items()}
    assert sips["Ben"] == 1 and sips["Cleo"] == 0  # the refused correction changed nothing


def said_by_the_entry(pilot: Pilot[Any]) -> str:
    return _text(pilot, "#entry")


def test_the_odds_break_between_outcomes_never_inside_one(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _at_the_table(db, "de", (80, 24)) as pilot:
            await _keys(pilot, QUESTION_1)  # Ann's second question: three outcomes
            odds = [line.strip() for line in _shown(pilot, "#odds") if line.strip()]
            assert odds[0].startswith("Chancen der Ansage")
            assert "gleicher Wert" in " ".join(odds)
            for line in odds[1:]:  # "höher 8 % · tiefer 86 %", then "gleicher Wert 6 %"
                assert line.endswith("%") and line != "%", odds

    asyncio.run(play())


@pytest.mark.parametrize("language", ["en", "de"])
def test_ending_the_game_speaks_of_no_pot(tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _at_the_table(db, language, (80, 24)) as pilot:
            await _keys(pilot, ("ctrl+x",))
            question = _text(pilot, ".dialog-title")
            assert "Busfahrer" in question and "Pot" not in question and "pot" not in question

    asyncio.run(play())
