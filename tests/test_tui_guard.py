"""An unexpected error inside the dealer's screen: logged beside the database, one sentence on
screen, and the night goes on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from screens.games.in_between.panel import InBetweenPanel
from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import on_disk

SIZE = (120, 40)


def _night(db: Path) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": {"stake": 10, "rounds": 2}})
    assert done.returncode == 0, done.stderr


def test_an_internal_error_is_logged_told_in_a_sentence_and_the_night_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "night.db"
    _night(db)
    prompt = InBetweenPanel.prompt
    broken = {"now": False}

    def flaky(*args: object, **kwargs: object) -> str:
        if broken["now"]:
            raise RuntimeError("a bug in drawing the prompt")
        return prompt(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(InBetweenPanel, "prompt", flaky)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            broken["now"] = True
            await pilot.press("5")  # Bo's first card: recorded, then the redraw fails
            await pilot.pause()
            assert app.is_running
            told = [n.message for n in app._notifications]
            assert len(told) == 1
            sentence = told[0]
            assert sentence.startswith("Something went wrong inside the companion "
                                       "(RuntimeError)")
            assert "the log on disk is safe" in sentence
            assert str(tmp_path / "night.errors.log") in sentence
            assert "Traceback" not in sentence
            broken["now"] = False
            await pilot.press("9")  # the dealer goes on: Cy's first card
            await pilot.pause()
            assert "Bo's second card" in str(app.screen.query_one("#entry").render())

    asyncio.run(play())
    details = (tmp_path / "night.errors.log").read_text()
    assert "Traceback" in details and "a bug in drawing the prompt" in details
    assert on_disk(db)["last_action"] == 4  # both cards, none lost


def test_an_error_outside_every_handler_ends_the_app_with_a_sentence_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "night.db"
    _night(db)
    from screens import dialogs

    def broken_compose(self: object) -> object:
        raise RuntimeError("a bug in a dialog's layout")

    monkeypatch.setattr(dialogs.HelpScreen, "compose", broken_compose)

    async def play() -> int | None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
        return app.return_code

    assert asyncio.run(play()) == 1
    assert "a bug in a dialog's layout" in (tmp_path / "night.errors.log").read_text()
