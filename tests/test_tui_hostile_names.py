"""The dealer's screen and names that would drive a terminal or read as markup (issue 22): a
log from before names were checked may hold an escape sequence, a bell, a line break or a
character that turns the text around, and a name of today may hold brackets. The screen
draws each with its escapes, markup as the letters it is, and the night goes on; a refusal
of an amount says the range in the dealer's language."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.cli import execute
from tests.old_log import written_before_the_checks
from tests.pilot import app as _app
from tests.pilot import on_screen as _on_screen
from tests.pilot import text as _text

SIZE = (100, 30)
HOSTILE = ["A\x1b[31mnn", "Bo\x07", "Cy\nNew", "De\u202eX", "[b]Ed[/b]", "Fi[/]"]


def no_controls(lines: list[str]) -> bool:
    return not any((ord(c) < 32) or 0x7F <= ord(c) < 0xA0 or 0x202A <= ord(c) <= 0x202E
                   for line in lines for c in line)


def old_night(db: Path) -> Path:
    return written_before_the_checks(
        db, {"cmd": "start_night", "players": HOSTILE, "chips": 100, "chip_value": "0.10",
             "currency": "EUR", "name": "Fri\x1b]0;owned\x07day"},
        {"cmd": "start_game", "game": "in-between", "dealer": HOSTILE[0],
         "options": {"stake": 20, "rounds": 1}},
        {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "9h"})


async def _look(pilot: Pilot[Any], *keys: str) -> list[str]:
    await pilot.press(*keys)
    await pilot.pause()
    return _on_screen(pilot)


def test_names_of_an_old_log_are_drawn_with_their_escapes_on_every_screen(
        tmp_path: Path) -> None:
    db = old_night(tmp_path / "night.db")

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = _on_screen(pilot)
            assert no_controls(table)
            assert any("A\\u001b[31mnn" in line for line in table)
            assert any("[b]Ed[/b]" in line for line in table)  # markup is only letters here
            settlement = await _look(pilot, "f3")
            assert type(app.screen).__name__ == "SettlementScreen"
            assert no_controls(settlement) and any("Fi[/]" in line for line in settlement)
            history = await _look(pilot, "escape", "f5")
            assert type(app.screen).__name__ == "HistoryScreen"
            assert no_controls(history) and any("De\\u202eX" in line for line in history)
            standings = await _look(pilot, "tab")
            assert no_controls(standings)
            replay = await _look(pilot, "escape", "ctrl+r")
            assert type(app.screen).__name__ == "ReplayScreen" and no_controls(replay)
            mending = await _look(pilot, "escape", "f4")
            assert type(app.screen).__name__ == "NightSetupScreen" and no_controls(mending)
            assert any("6. Fi[/]" in line for line in mending)

    asyncio.run(play())
    assert not (tmp_path / "night.errors.log").exists()  # nothing went wrong inside


def test_a_name_with_brackets_is_drawn_as_typed(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["[b]Jo[/b]", "Al[/]", "[red]"],
                        "chips": 100})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")  # no game yet: the table, not its set-up
            await pilot.pause()
            seats = _text(pilot, "#seats")
            assert "[b]Jo[/b]" in seats and "Al[/]" in seats and "[red]" in seats
            await pilot.press("ctrl+j", *"Al[/]", "enter", "5", "enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "AskScreen"
            assert "Al[/] is already at the table" in _text(pilot, ".problem")

    asyncio.run(play())
    assert not (tmp_path / "night.errors.log").exists()


def test_a_buy_in_beyond_the_range_is_refused_in_german_with_the_range(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 100})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        app = _app(db, "de")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("ctrl+j", *"Dee", "enter", *"9" * 30, "enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "AskScreen"
            problem = " ".join(_text(pilot, ".problem").split())
            assert problem == ("Der Einkauf (in Chips) ist eine ganze Zahl von 1 bis "
                               "1.000.000, nicht " + "9" * 30 + ".")

    asyncio.run(play())
