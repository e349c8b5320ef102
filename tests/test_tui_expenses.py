"""An expense at the dealer's screen: ctrl+k asks who paid, how much, for what and who shares
it; a refused answer comes back as typed with its reason; F3 lists it above the payments."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import TabbedContent

from screens.dialogs import AskScreen
from screens.history import HistoryScreen
from screens.night_setup import NightSetupScreen
from screens.settlement import SettlementScreen
from tests.cli import play
from tests.pilot import app as _app
from tests.pilot import on_disk
from tests.pilot import text as _text
from tests.test_expenses import MONEY_NIGHT

SIZE = (120, 40)
GAME: dict[str, Any] = {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                        "options": {"stake": 10, "rounds": 1}}


def test_ctrl_k_shares_the_pizza_and_f3_lists_it(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, GAME)

    async def keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+k")
            await pilot.pause()
            assert isinstance(pilot.app.screen, AskScreen)
            await pilot.press(*"Ann", "enter", *"18,505", "enter", *"pizza", "enter", "enter")
            await pilot.pause()
            # 18,505 has three decimals: asked again, as typed, with the reason
            assert isinstance(pilot.app.screen, AskScreen)
            assert "at most two decimals" in _text(pilot, ".problem")
            assert pilot.app.focused is pilot.app.screen.query_one("#amount")  # to mend
            await pilot.press(*"18,50")  # typed over the amount, its text selected
            await pilot.press(*["enter"] * 3)  # Enter walks the fields: "pizza", shared by all
            await pilot.pause()
            assert not isinstance(pilot.app.screen, AskScreen)
            assert "the expense is shared" in " ".join(_text(pilot, "#entry").split())
            await pilot.press("f3")
            await pilot.pause()
            assert isinstance(pilot.app.screen, SettlementScreen)
            shown = _text(pilot, "#settle-payments")
            assert "Ann paid for pizza: €18.50" in shown
            assert "shared by Ann €6.17, Bo €6.17, Cy €6.16" in shown

    asyncio.run(keys())
    assert on_disk(db)["last_action"] == 3


def test_an_expense_shared_by_two_names_them_with_commas(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, GAME)

    async def keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+k")
            await pilot.pause()
            await pilot.press(*"cy", "enter", "6", "enter", *"drinks", "enter", *"bo, Cy",
                              "enter")
            await pilot.pause()

    asyncio.run(keys())
    from tests.test_expenses import _settled

    assert _settled(db)["expenses"] == [{"payer": "Cy", "amount": "6.00", "what": "drinks",
                                         "shared_by": {"Bo": "3.00", "Cy": "3.00"}}]


def test_ctrl_n_then_c_ends_the_night_with_its_balances_carried_over(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, GAME, {"cmd": "end_game"})
    chips_only = tmp_path / "chips.db"
    play(chips_only, {**MONEY_NIGHT, "chip_value": None, "currency": None}, GAME,
         {"cmd": "end_game"})

    async def keys(where: Path, refused: bool) -> None:
        async with _app(where).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")  # the game set-up that opens between games
            await pilot.pause()
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert "c: end, the balances carried over" in " ".join(
                _text(pilot, ".hint").split())
            await pilot.press("c")
            await pilot.pause()
            if refused:
                assert "Only a night counted in money" in " ".join(
                    _text(pilot, "#entry").split())
            else:
                assert isinstance(pilot.app.screen, NightSetupScreen)  # the next night
                await pilot.press("escape", "f3")  # the carried night's settlement
                await pilot.pause()
                assert "Carried over" in _text(pilot, "#settle-title")
                await pilot.press("o")  # everything still open
                await pilot.pause()
                screen = pilot.app.screen
                assert isinstance(screen, HistoryScreen)
                assert screen.query_one(TabbedContent).active == "open"
                assert "carried over from night 1" in _text(pilot, "#open-balances")

    asyncio.run(keys(db, refused=False))
    from tests.test_open_balances import _statuses

    assert _statuses(db) == ["carried"]
    asyncio.run(keys(chips_only, refused=True))
    assert _statuses(chips_only) == ["open"]
