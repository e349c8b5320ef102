"""Screenshots of the table's history for the README: `python docs/screenshots.py` plays eight
nights of the benchmark's dealer (every other one carried over) into a temporary database and
saves the nights, the standings and the open balances (F5) as SVG beside this file."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.history import build  # noqa: E402
from companion.app import CompanionApp  # noqa: E402
from companion.controller import TableController  # noqa: E402
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


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "table.db"
        build(db, nights=8, actions=300)
        play(db, {"cmd": "start_night", "players": ["Anna", "Ben"], "chips": 0},
             *({"cmd": "set_payment", "player": name, "iban": "DE89370400440532013000"}
               for name in ("Anna", "Ben")))
        asyncio.run(_shoot(db))


if __name__ == "__main__":
    main()
