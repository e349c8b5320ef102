"""Screenshots for the README: `python docs/screenshots.py` plays eight nights of the
benchmark's dealer (every other one carried over) into a temporary database and saves the
nights, the standings and the open balances (F5) as SVG beside this file; then the players'
page of a night in play on a phone (`companion serve`, in the machine's Chromium) as PNG."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.history import build  # noqa: E402
from companion.app import CompanionApp  # noqa: E402
from companion.table import TableController  # noqa: E402
from tests.cli import play  # noqa: E402


async def _shoot(db: Path) -> None:
    app = CompanionApp(TableController.open(db), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f5", "down")
        await pilot.pause()
        app.save_screenshot("history-nights.svg", str(HERE))
        await pilot.press("tab")
        await pilot.pause()
        app.save_screenshot("history-standings.svg", str(HERE))
        await pilot.press("tab")
        await pilot.pause()
        app.save_screenshot("history-open.svg", str(HERE))


def _players_page(folder: Path) -> None:
    """The players' view of a night in play, as a phone shows it."""
    import shutil

    from playwright.sync_api import sync_playwright

    from tests.test_serve import NIGHT, served
    from tests.test_serve_browser import FLAGS

    chromium = shutil.which("chromium")
    if chromium is None:
        print("no chromium: the players' page is not photographed")
        return
    db = folder / "players.db"
    play(db, {**NIGHT[0], "name": "Friday"}, *NIGHT[1:], {"cmd": "bet", "amount": 3},
         {"cmd": "card", "card": "8s"},
         {"cmd": "card", "card": "Qh"})
    with served(db) as address, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium, args=FLAGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.goto(address)
        page.screenshot(path=str(HERE / "players-phone.png"))
        browser.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "table.db"
        build(db, nights=8, actions=300)
        play(db, {"cmd": "start_night", "players": ["Anna", "Ben"], "chips": 0},
             *({"cmd": "set_payment", "player": name, "iban": "DE89370400440532013000"}
               for name in ("Anna", "Ben")))
        asyncio.run(_shoot(db))
        _players_page(Path(folder))


if __name__ == "__main__":
    main()
