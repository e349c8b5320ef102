"""F6 at the dealer's screen: the players' view is served beside the table (a process of its
own on loopback here), its address and QR code shown; F6 again shows the same server; it
stops with the companion."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from screens.players import PlayersViewScreen
from tests.cli import play
from tests.pilot import app as _app
from tests.pilot import text
from tests.test_serve import NIGHT, get


def test_f6_serves_the_players_view_and_shows_its_address_and_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_SERVE_HOST", "127.0.0.1")  # tests stay on loopback
    db = tmp_path / "table.db"
    play(db, *NIGHT)

    async def keys() -> int:
        async with _app(db).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("f6")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, PlayersViewScreen)
            address = screen.address
            assert address.startswith("http://127.0.0.1:")
            assert text(pilot, "#players-address") == address
            assert "▀" in text(pilot, "#players-code")  # the code to scan
            status, _, page = get(address)
            assert status == 200 and "Pot: 10" in page
            await pilot.press("escape", "f6")  # again: the same server
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(pilot.app.screen, PlayersViewScreen)
            assert pilot.app.screen.address == address
            view = pilot.app.controller._players_view  # type: ignore[attr-defined]
            assert view is not None and view.process is not None
            pid: int = view.process.pid
        return pid

    pid = asyncio.run(keys())
    assert not Path(f"/proc/{pid}").exists()  # stopped with the companion, and reaped
