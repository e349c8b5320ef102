"""In-Amongst on the real table screen, driven by keys through Textual's Pilot."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from screens.dialogs import HelpScreen
from tests.cli import ROOT, execute
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


# The prompt of the table in a process of its own, where no other game's screen is open.
PROMPT_ALONE = """
import sys
from pathlib import Path
from companion.table import TableController
from companion.words.i18n import Words
from screens.games import panel_for
view = TableController.open(Path(sys.argv[1])).view()
print(panel_for(view).prompt(view, Words(sys.argv[2]).playing(view.game)))
"""


def test_the_third_card_is_asked_for_in_in_amongsts_own_words(tmp_path: Path) -> None:
    """Its prompt needs no other game's screen opened before it in the same window."""
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20},
                   {"cmd": "start_game", "game": "in-amongst", "dealer": "Ann"},
                   {"cmd": "card", "card": "4"}, {"cmd": "card", "card": "J"},
                   {"cmd": "bet", "amount": 2})
    assert done.returncode == 0, done.stderr
    for language, prompt in (("en", "the third card for Bo"), ("de", "Dritte Karte für Bo")):
        shown = subprocess.run([sys.executable, "-c", PROMPT_ALONE, str(db), language],
                               cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert (shown.returncode, shown.stdout, shown.stderr) == (0, prompt + "\n", "")
