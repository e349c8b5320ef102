"""The start of a night mended on screen: ctrl+e on action 1 (or F4, night settings) opens the
night's set-up as typed, and what is changed there is a correction of action 1."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, ListView

from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import on_disk, on_screen_at, text, until

SIZE = (120, 40)


def _night(db: Path) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Boo", "Cy"], "chips": 100},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Boo",
                    "options": {"stake": 10, "rounds": 2}})
    assert done.returncode == 0, done.stderr


def test_ctrl_e_on_the_first_action_mends_a_name_and_a_forgotten_chip_value(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+e", "home", "enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "NightSetupScreen"
            assert "correcting action 1" in text(pilot, ".dialog-title")
            assert app.screen.players == ["Ann", "Boo", "Cy"]  # type: ignore[attr-defined]
            listing = app.screen.query_one("#players", ListView)
            listing.focus()
            listing.index = 1
            await pilot.press("delete")  # Boo was mistyped
            await pilot.pause()
            app.screen.query_one("#new-player").focus()
            await pilot.press(*"Bo", "enter")
            await pilot.pause()
            app.screen.query_one("#players").focus()
            await pilot.press("alt+up")  # back to the second seat
            await pilot.pause()
            app.screen.query_one("#chip-value", Input).value = "0,10"
            app.screen.query_one("#currency", Input).value = "€"
            await pilot.click("#start")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"
            assert "dealer Boo → Bo" in text(pilot, "#entry")

    asyncio.run(play())
    view = on_disk(db)
    assert list(view["players"]) == ["Ann", "Bo", "Cy"] and view["dealer"] == "Bo"
    assert (view["chip_value"], view["currency"]) == ("0.10", "EUR")


def test_a_mended_start_that_no_longer_fits_comes_back_with_the_reason(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f4")
            await pilot.pause()
            listing = app.screen.query_one("#players", ListView)
            listing.focus()
            listing.index = 1
            await pilot.press("delete")  # Boo deals: the night cannot lose him
            await pilot.click("#start")
            await pilot.pause()
            assert type(app.screen).__name__ == "NightSetupScreen"
            assert "would make action 2 (start in-between, dealer Boo) impossible" in text(
                pilot, "#problem")
            assert app.screen.players == ["Ann", "Cy"]  # type: ignore[attr-defined]

    asyncio.run(play())
    assert list(on_disk(db)["players"]) == ["Ann", "Boo", "Cy"]


def test_the_night_form_refuses_a_name_twice_in_other_letters(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*"Ann", "enter", *"ann", "enter")
            await pilot.pause()
            assert app.screen.players == ["Ann"]  # type: ignore[attr-defined]
            assert "ann is Ann: names are one regardless of case." in text(pilot, "#problem")

    asyncio.run(play())


def test_a_refused_start_puts_the_cursor_back_in_the_field_to_mend(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*"Ann, Bo", "enter")
            app.screen.query_one("#chips", Input).value = ""
            app.screen.query_one("#chip-value", Input).value = "0.10"
            await pilot.click("#start")
            assert await until(pilot, lambda: "start chips must be a whole number"
                               in text(pilot, "#problem"))
            assert app.screen.focused is app.screen.query_one("#chips", Input)
            await pilot.press(*"50")
            app.screen.query_one("#chip-value", Input).value = "ten"
            await pilot.click("#start")
            assert await until(pilot, lambda: "chip_value is money per chip"
                               in text(pilot, "#problem"))
            assert app.screen.focused is app.screen.query_one("#chip-value", Input)
            app.screen.query_one("#chip-value", Input).value = "0.10"
            await pilot.click("#start")
            assert await until(pilot, lambda: type(app.screen).__name__ == "GameSetupScreen")

    asyncio.run(play())
    view = on_disk(db)
    assert view["chip_value"] == "0.10" and view["players"]["Bo"]["chips"] == 50


def test_enter_on_a_player_renames_them_in_their_seat(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f4")
            await pilot.pause()
            assert "Enter renames" in text(pilot, "#setup-hint")
            await pilot.press("shift+tab", "down", "enter")  # to the list, Boo, rename
            await pilot.pause()
            await pilot.press(*"Bob", "escape")  # second thoughts: Boo stays, the form too
            await pilot.pause()
            assert type(app.screen).__name__ == "NightSetupScreen"
            assert app.screen.players == ["Ann", "Boo", "Cy"]  # type: ignore[attr-defined]
            await pilot.press("enter", *"Bo", "enter")  # typed over the name: it is selected
            await pilot.pause()
            assert app.screen.players == ["Ann", "Bo", "Cy"]  # type: ignore[attr-defined]
            assert "2. Bo" in on_screen_at(pilot, "#players")
            await pilot.click("#start")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"
            assert "dealer Boo → Bo" in text(pilot, "#entry")

    asyncio.run(play())
    view = on_disk(db)
    assert list(view["players"]) == ["Ann", "Bo", "Cy"] and view["dealer"] == "Bo"


def test_a_rename_to_a_seated_name_is_refused_at_once(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*"Ann, Bo, Cy", "enter", "shift+tab", "enter")
            await pilot.pause()
            await pilot.press(*"ann", "enter")  # Cy renamed to a name already seated
            await pilot.pause()
            assert "ann is Ann" in text(pilot, "#problem")
            assert app.screen.players == ["Ann", "Bo", "Cy"]  # type: ignore[attr-defined]

    asyncio.run(play())
