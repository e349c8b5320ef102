"""In-Between's options on the game set-up screen, driven through Textual's Pilot: every
option is offered and starts the game, and a refused combination comes back as chosen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList, Select

from screens.setup import OnOff
from tests.cli import execute, play
from tests.in_between.commands import night
from tests.pilot import app as _app
from tests.pilot import on_disk as _on_disk
from tests.pilot import text as _text
from tests.pilot import to_game

SIZE = (120, 40)


def test_game_setup_offers_every_option_and_starts_with_them(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20})
    assert done.returncode == 0

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert type(screen).__name__ == "GameSetupScreen"
            await pilot.press(*to_game("In-Between"))
            await pilot.pause()
            screen.query_one("#opt-ante", Input).value = "1"
            screen.query_one("#opt-pairs", Select).value = "refund"
            screen.query_one("#opt-low_ace", OnOff).value = True
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()

    asyncio.run(play())
    options = _on_disk(db)["options"]
    assert (options["ante"], options["pairs"], options["low_ace"]) == (1, "refund", True)


def _game_chosen(screen: Any) -> str | None:
    """The preset highlighted on the game set-up's list."""
    option = screen.query_one("#preset", OptionList).highlighted_option
    return None if option is None else option.id


def test_a_refused_game_setup_comes_back_with_the_game_its_options_and_the_dealer_as_chosen(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = pilot.app.screen
            assert type(first).__name__ == "GameSetupScreen"
            await pilot.press(*to_game("In-Between"))
            await pilot.pause()
            first.query_one("#opt-pairs", Select).value = "split"  # and no ante: refused
            first.query_one("#opt-stake", Input).value = "15"
            first.query_one("#opt-low_ace", OnOff).value = True
            first.query_one("#dealer", Select).value = "Bo"
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()
            again = pilot.app.screen
            assert type(again).__name__ == "GameSetupScreen" and again is not first
            assert "pairs=split needs an ante" in _text(pilot, ".problem")
            assert _game_chosen(again) == "in-between"
            assert again.query_one("#opt-pairs", Select).value == "split"
            assert again.query_one("#opt-stake", Input).value == "15"
            assert again.query_one("#opt-low_ace", OnOff).value is True
            assert again.query_one("#opt-ante", Input).value == "0"
            assert again.query_one("#dealer", Select).value == "Bo"

            # Another game, not the first offered, comes back as itself
            await pilot.press("up")  # In-Amongst, on the game list
            await pilot.pause()
            again.query_one("#opt-ante", Input).value = "0"  # below the minimum of 1
            again.query_one("#opt-pair_pays", Input).value = "3"
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()
            third = pilot.app.screen
            assert type(third).__name__ == "GameSetupScreen" and third is not again
            assert ("in-amongst option ante is a whole number from 1 to 1,000,000, not 0."
                    in _text(pilot, ".problem"))
            assert _game_chosen(third) == "in-amongst"
            assert third.query_one("#opt-ante", Input).value == "0"
            assert third.query_one("#opt-pair_pays", Input).value == "3"
            assert third.query_one("#dealer", Select).value == "Bo"
            third.query_one("#opt-ante", Input).value = "2"  # the mistake mended
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()

    asyncio.run(play_keys())
    view = _on_disk(db)
    assert view["game"] == "in-amongst" and view["dealer"] == "Bo"
    assert view["options"] == {"ante": 2, "pair_pays": 3}
    assert view["pot"] == 6 and view["last_action"] == 2  # three antes of 2; refusals record none


def test_a_refused_game_setup_comes_back_with_draw_for_the_deal_still_chosen(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            first = pilot.app.screen
            await pilot.press(*to_game("In-Between"))
            await pilot.pause()
            first.query_one("#opt-pairs", Select).value = "refund"  # and no ante: refused
            first.query_one("#dealer", Select).value = "draw"
            await pilot.pause()
            await pilot.press("ctrl+enter")
            await pilot.pause()
            again = pilot.app.screen
            assert again is not first and "pairs=refund needs an ante" in _text(
                pilot, ".problem")
            assert again.query_one("#opt-pairs", Select).value == "refund"
            assert again.query_one("#dealer", Select).value == "draw"

    asyncio.run(play_keys())
