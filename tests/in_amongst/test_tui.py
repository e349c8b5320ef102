"""In-Amongst on the real table screen, driven by keys through Textual's Pilot."""

from __future__ import annotations

import asyncio
from pathlib import Path

from screens.dialogs import HelpScreen
from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import on_disk as _on_disk

SIZE = (120, 40)

def test_in_amongst_at_the_table(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20},
                   {"cmd": "start_game", "game": "in-amongst", "dealer": "Ann"})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "first card in the middle for Bo" in str(
                app.screen.query_one("#entry").render())
            await pilot.press("4", "j")
            await pilot.pause()
            assert "Bo: bet 1–3" in str(app.screen.query_one("#entry").render())
            await pilot.press("p")  # no pass in In-Amongst: the key does nothing
            await pilot.press("2", "enter", "9")
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert type(app.screen).__name__ == "HelpScreen"
            assert isinstance(app.screen, HelpScreen) and "In-Amongst" in app.screen.card

    asyncio.run(play())
    view = _on_disk(db)
    assert view["players"]["Bo"]["chips"] == 21 and view["turn"] == "Cy"
