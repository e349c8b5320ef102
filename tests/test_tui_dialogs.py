"""The small dialogs over the table (join, rebuy, bank details, an expense) driven by keys:
what they offer, where a refusal puts the cursor and what it says, and how each is saved."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Label, Static

from screens.dialogs import AskScreen
from tests.cli import play
from tests.pilot import app as _app
from tests.pilot import in_view, on_disk
from tests.pilot import text as _text

SIZE = (80, 24)
NIGHT: dict[str, Any] = {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20}
GAME: dict[str, Any] = {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                        "options": {"stake": 2, "rounds": 1}}


def _focused(pilot: Pilot[Any]) -> str | None:
    focused = pilot.app.focused
    return None if focused is None else focused.id


def _field(pilot: Pilot[Any], field: str) -> str:
    return pilot.app.screen.query_one(f"#{field}", Input).value


def _label(pilot: Pilot[Any], field: str) -> str:
    """The words above a field: what the dealer knows it by."""
    box = pilot.app.screen.query_one(f"#{field}", Input)
    siblings = list(box.parent.children) if box.parent else []
    label = siblings[siblings.index(box) - 1]
    assert isinstance(label, Label)
    return str(label.render())


def test_a_joining_player_is_offered_the_nights_buy_in(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT, GAME)

    async def keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+j")
            await pilot.pause()
            assert _field(pilot, "chips") == "20"  # the night's start chips
            await pilot.press(*"Dee", "enter", "enter")
            await pilot.pause()
            assert not isinstance(pilot.app.screen, AskScreen)

    asyncio.run(keys())
    assert on_disk(db)["players"]["Dee"]["bought_in"] == 20


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_buy_in_puts_the_cursor_back_on_the_chips(tmp_path: Path,
                                                            language: str) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT, GAME)

    async def keys() -> None:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+j")
            await pilot.pause()
            label = _label(pilot, "chips")
            await pilot.press(*"Dee", "enter", "backspace", "enter")  # the chips emptied
            await pilot.pause()
            assert isinstance(pilot.app.screen, AskScreen)
            problem = " ".join(_text(pilot, ".problem").split())
            assert "''" not in problem, problem
            assert label.split(" (")[0].lower() in problem.lower(), (label, problem)
            assert _focused(pilot) == "chips" and _field(pilot, "player") == "Dee"
            await pilot.press("0", "enter")  # nobody joins with nothing
            await pilot.pause()
            assert _focused(pilot) == "chips"
            problem = " ".join(_text(pilot, ".problem").split())
            assert label.split(" (")[0].lower() in problem.lower(), (label, problem)
            await pilot.press(*"15", "enter")  # typed where the cursor is: the chips
            await pilot.pause()
            assert not isinstance(pilot.app.screen, AskScreen)

    asyncio.run(keys())
    players = on_disk(db)["players"]
    assert players["Dee"]["bought_in"] == 15 and "15" not in players and "0" not in players


def test_a_refused_name_keeps_the_cursor_on_the_name(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, NIGHT, GAME)

    async def keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+b")  # a rebuy for nobody
            await pilot.pause()
            await pilot.press("enter", "enter")
            await pilot.pause()
            assert isinstance(pilot.app.screen, AskScreen)
            assert "''" not in _text(pilot, ".problem")
            assert _focused(pilot) == "player"
            await pilot.press(*"Bo", "enter", "enter")
            await pilot.pause()
            assert not isinstance(pilot.app.screen, AskScreen)

    asyncio.run(keys())
    assert on_disk(db)["players"]["Bo"]["bought_in"] == 40


MONEY: dict[str, Any] = {**NIGHT, "chip_value": "0.10", "currency": "EUR"}
# Each dialog with no button, the keys that open it over the table, and how many fields.
BUTTONLESS = {
    "join": (("ctrl+j",), 2), "rebuy": (("ctrl+b",), 2), "leave": (("ctrl+l",), 1),
    "expense": (("ctrl+k",), 4), "bank details": (("f3", "i"), 3),
    "a rename to merge": (("f5", "tab", "r"), 2),
}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("dialog", BUTTONLESS)
def test_a_dialog_without_a_button_says_that_enter_on_the_last_field_saves(
        tmp_path: Path, dialog: str, language: str) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY, GAME)
    keys, fields = BUTTONLESS[dialog]

    async def look() -> str:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            screen = pilot.app.screen
            assert len(screen.query(Input)) == fields
            hints = list(screen.query(".hint").results(Static))
            assert hints and all(in_view(pilot, hint) for hint in hints)
            return " ".join(" ".join(str(hint.render()) for hint in hints).split())

    shown = asyncio.run(look())
    said: tuple[str, ...] = {"en": ("Enter on the last field", "Escape cancels") if fields > 1
            else ("Enter records", "Escape cancels"),
            "de": ("Enter im letzten Feld", "Escape bricht ab") if fields > 1
            else ("Enter trägt", "Escape bricht ab")}[language]
    if dialog == "a rename to merge":
        said = tuple(part.replace("records", "saves").replace("trägt", "speichert")
                     for part in said)
    assert all(part in shown for part in said), (said, shown)


def test_the_name_of_a_group_says_that_enter_saves_it(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def look() -> str:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*"Ann, Bo", "enter", "ctrl+s")
            await pilot.pause()
            hints = list(pilot.app.screen.query(".hint").results(Static))
            assert hints and all(in_view(pilot, hint) for hint in hints)
            return " ".join(" ".join(str(hint.render()) for hint in hints).split())

    shown = asyncio.run(look())
    assert "Enter saves" in shown and "Escape cancels" in shown, shown
