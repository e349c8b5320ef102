"""The screen names its keys where the rules name the commands of the CLI: a refusal that
reaches the dealer's screen says ctrl+g, not start_game; the CLI keeps its own sentences.
Both languages, and every word in both."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from companion.words.de import GERMAN
from companion.words.en import ENGLISH
from companion.words.i18n import TABLE
from tests.cli import play, refused
from tests.pilot import app as _app
from tests.pilot import on_screen

SIZE = (120, 40)
NIGHT: dict[str, Any] = {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20}
# The commands of the contract, by the names the CLI reads.
COMMAND = re.compile(r"\b(start_night|start_game|end_game|end_night|split_pot|next_dealer|"
                     r"set_payment|shared_by|use rebuy|join brings)\b")
KEY = {"en": "ctrl+", "de": "Strg+"}


def _said(db: Path, language: str, *keys: str, first: tuple[str, ...] = ()) -> str:
    """What the screen shows after `keys` (`first` closes what opens by itself)."""

    async def press() -> str:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in first:
                await pilot.press(key)
                await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            return " ".join(" ".join(on_screen(pilot)).split())

    return asyncio.run(press())


def _names_the_key(shown: str, language: str, key: str, sentence: str) -> None:
    assert sentence in shown, shown
    assert f"{KEY[language]}{key}" in shown.split(sentence, 1)[1][:120], shown
    assert not COMMAND.search(shown), COMMAND.search(shown)


@pytest.mark.parametrize("language", ["en", "de"])
def test_ending_a_game_when_none_runs_names_the_key_that_starts_one(
        tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT)
    shown = _said(db, language, "ctrl+x", first=("escape",))  # the set-up opens by itself
    _names_the_key(shown, language, "g", {"en": "No game is running",
                                          "de": "Kein Spiel läuft"}[language])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_join_after_the_night_ended_names_the_key_for_the_next_night(
        tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT)
    # The night ends and is settled at the screen; the next night's set-up waits.
    shown = _said(db, language, "ctrl+j", *"Dee", "enter", "enter",
                  first=("escape", "ctrl+n", "y", "escape", "escape"))
    _names_the_key(shown, language, "n", {"en": "The night is over",
                                          "de": "Der Abend ist vorbei"}[language])


@pytest.mark.parametrize("language", ["en", "de"])
def test_joining_a_seated_player_names_the_rebuy_key(tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT)
    shown = _said(db, language, "ctrl+j", *"Bo", "enter", "enter", first=("escape",))
    _names_the_key(shown, language, "b", {"en": "Bo is already at the table",
                                          "de": "Bo sitzt schon am Tisch"}[language])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_rebuy_for_a_player_who_left_names_the_join_key(tmp_path: Path,
                                                          language: str) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT, {"cmd": "leave", "player": "Cy"})
    shown = _said(db, language, "ctrl+b", *"Cy", "enter", "enter", first=("escape",))
    _names_the_key(shown, language, "j", {"en": "Cy has left the night",
                                          "de": "Cy hat den Abend verlassen"}[language])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_game_that_can_only_be_ended_names_the_keys_that_end(tmp_path: Path,
                                                              language: str) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT, {"cmd": "start_game", "game": "red-dog", "dealer": "Ann"},
         {"cmd": "leave", "player": "Cy"})  # two left: Red Dog waits to be ended
    shown = _said(db, language, "ctrl+o")  # a split of the pot, Red Dog's own key
    _names_the_key(shown, language, "x", {"en": "Only", "de": "jetzt passen nur"}[language])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_night_started_with_nobody_asks_for_the_players(tmp_path: Path,
                                                          language: str) -> None:
    db = tmp_path / "night.db"
    shown = _said(db, language, "tab", "enter")  # from the name to the chips, and start
    assert {"en": "Add the players first", "de": "Zuerst die Spieler"}[language] in shown
    assert not COMMAND.search(shown), shown


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_night_carried_over_at_the_screen_says_where_its_balances_are_paid(
        tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    play(db, {**NIGHT, "chip_value": "0.10", "currency": "EUR"})

    async def press() -> list[str]:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in ("escape", "ctrl+n", "c"):
                await pilot.press(key)
                await pilot.pause()
            return [str(note.message) for note in pilot.app._notifications]

    told = " ".join(asyncio.run(press()))
    assert "f5" in told and "companion settle" not in told, told


def test_the_cli_keeps_naming_the_commands(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT)
    assert "start_game starts one" in refused(db, {"cmd": "end_game"})
    assert "use rebuy" in refused(db, {"cmd": "join", "player": "Bo", "chips": 5})
    play(db, {"cmd": "end_night"})
    assert "start one with start_night" in refused(db, {"cmd": "leave", "player": "Bo"})


def test_every_word_of_the_screen_is_there_in_both_languages() -> None:
    assert sorted(set(ENGLISH) - set(TABLE["de"])) == []
    assert sorted(set(GERMAN) - set(ENGLISH)) == []


def test_after_f2_the_log_panel_tells_the_whole_night_in_german(tmp_path: Path) -> None:
    from textual.widgets import OptionList

    import seeds
    from tests.cli import companion

    db = tmp_path / "night.db"
    companion(db, "exec", "-", stdin=seeds.read(seeds.DEMO_NIGHT))
    play(db, {"cmd": "undo"})

    async def told() -> tuple[list[str], list[str]]:
        async with _app(db, "en").run_test(size=SIZE) as pilot:
            await pilot.pause()
            log = pilot.app.screen.query_one("#log", OptionList)
            before = [str(log.get_option_at_index(i).prompt) for i in range(log.option_count)]
            await pilot.press("f2")
            await pilot.pause()
            after = [str(log.get_option_at_index(i).prompt) for i in range(log.option_count)]
            return before, after

    english, german = asyncio.run(told())
    assert len(german) == len(english) > 30
    assert [line for line, said in zip(german, english, strict=True) if line == said] == []
    assert "der Abend beginnt: Anna, Ben, Cleo und Dan mit je 100 Chips" in german[0]
    assert "Aktion 31 rückgängig" in german[-1]
