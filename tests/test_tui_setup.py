"""The game set-up (ctrl+g) driven by keys through Textual's Pilot, at 80×24.

The dialog opens on the game list; Enter chooses a game and moves on through its fields
but never deals: only the Deal button or ctrl+enter does. On/off options read as [x] or
[ ] and only Space switches one. What the keys recorded is read back from the store.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList, Select

from engine import registry
from screens.setup import OnOff
from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import comes_into_view, to_game
from tests.pilot import in_view as _in_view
from tests.pilot import on_disk as _on_disk
from tests.pilot import on_screen_at as _on_screen_at
from tests.pilot import text as _text

SIZE = (80, 24)
CONTROLS = (OptionList, Input, OnOff, Select, Button)


def _night(db: Path) -> None:
    """Ann, Bo and Cy sit down with 20 chips each; no game yet."""
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20})
    assert done.returncode == 0, done.stderr


def _focused(pilot: Pilot[Any]) -> str | None:
    """The id of the field the dealer's keys go to."""
    focused = pilot.app.focused
    return None if focused is None else focused.id


def test_the_game_set_up_opens_with_the_game_list_in_focus(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "GameSetupScreen"
            assert _focused(pilot) == "preset"
            # the games in the order of their names: the first is chosen
            first = next(iter(registry.games().values())).title
            assert f"▸ {first}" in _text(pilot, "#preset")
            await pilot.press("escape")  # not yet: the table waits
            await pilot.pause()
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "GameSetupScreen"
            assert _focused(pilot) == "preset"

    asyncio.run(look())


def test_enter_chooses_the_game_and_walks_its_fields_but_never_deals(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            await pilot.press(*to_game("Casino Red Dog"), "enter")  # on to its options
            await pilot.pause()
            assert "▸ Casino Red Dog" in _text(pilot, "#preset")
            assert _focused(pilot) == "opt-ante"
            await pilot.press("backspace", "2", "enter")  # ante 2, on to deal_on
            await pilot.pause()
            assert _focused(pilot) == "opt-deal_on"
            await pilot.press("enter")  # passing through: deal_on stays off
            await pilot.pause()
            assert _focused(pilot) == "play"  # (the dealer came first, above the games)
            assert pilot.app.screen is screen and "[ ]" in _on_screen_at(pilot, "#opt-deal_on")
            assert _on_disk(db)["game"] is None  # no Enter dealt
            await pilot.press("ctrl+enter")
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "TableScreen"

    asyncio.run(play())
    view = _on_disk(db)
    assert view["game"] == "casino-red-dog" and view["options"] == {"ante": 2, "deal_on": False}


def test_the_deal_button_deals(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*to_game("In-Amongst"))  # ante, pair_pays
            await pilot.press("tab", "tab", "tab")  # ante, pair_pays, Deal
            await pilot.pause()
            assert _focused(pilot) == "play" and _on_disk(db)["game"] is None
            await pilot.press("enter")
            await pilot.pause()

    asyncio.run(play())
    view = _on_disk(db)
    assert view["game"] == "in-amongst" and view["dealer"] == "Ann"


def test_an_on_off_option_reads_as_text_and_only_space_switches_it(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            # In-Between: stake, rounds, cover_post
            await pilot.press(*to_game("In-Between"), "enter", "tab", "tab")
            await pilot.pause()
            assert _focused(pilot) == "opt-cover_post"
            assert "[ ]" in _on_screen_at(pilot, "#opt-cover_post")
            await pilot.press("space")
            await pilot.pause()
            assert "[x]" in _on_screen_at(pilot, "#opt-cover_post")
            await pilot.press("enter")  # moves on to ante; cover_post stays on
            await pilot.pause()
            assert _focused(pilot) == "opt-ante"
            assert "[x]" in _on_screen_at(pilot, "#opt-cover_post")
            await pilot.press("ctrl+d")  # Deal, in every terminal (tmux sends ctrl+enter as Enter)
            await pilot.pause()

    asyncio.run(play())
    options = _on_disk(db)["options"]
    assert options["cover_post"] is True and options["low_ace"] is False


def test_every_focus_stop_of_the_game_set_up_is_a_control_in_view(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def walk() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            games = pilot.app.screen.query_one("#preset")
            await pilot.press(*to_game("In-Between"))  # the game of most options
            await pilot.pause()
            for key in ("shift+tab", "tab"):  # backwards first: the stop once unseen
                stops = []
                while True:
                    await pilot.press(key)
                    await pilot.pause()
                    focused = pilot.app.focused
                    assert isinstance(focused, CONTROLS), (key, focused)
                    seen = await comes_into_view(pilot, focused)
                    assert seen, (key, focused)
                    if focused is games:
                        break
                    stops.append(focused.id)
                # In-Between's ten options, the dealer, Deal and Cancel
                assert len(stops) == 13, stops

    asyncio.run(walk())


def test_the_game_set_up_keeps_its_buttons_on_screen(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            assert _in_view(pilot, screen.query_one("#play"))
            assert _in_view(pilot, screen.query_one("#cancel"))
            # In-Between, to pairs, its last option
            await pilot.press(*to_game("In-Between"), "enter", *["tab"] * 9)
            await pilot.pause()
            assert _focused(pilot) == "opt-pairs"
            assert _in_view(pilot, screen.query_one("#play"))

    asyncio.run(look())


def test_a_deal_right_after_an_arrow_deals_the_game_the_arrow_went_to(tmp_path: Path) -> None:
    """A quick dealer's ↓↓ ctrl+d, sent as one burst like a terminal does, deals the game
    highlighted, even before its options have been put up on the screen."""
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            app = pilot.app
            for key in (*to_game("In-Between"), "ctrl+d"):  # no pause between: one burst
                app.post_message(events.Key(key, None))
            await pilot.pause()
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"

    asyncio.run(play())
    assert _on_disk(db)["game"] == "in-between"


def _dealer_offered(db: Path) -> tuple[str, bool, int]:
    """What the set-up offers as the first dealer, whether that field comes before the game
    list, and the Tab presses back from the list (shift+tab) that reach it."""

    async def look() -> tuple[str, bool, int]:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            dealer = screen.query_one("#dealer", Select)
            games = screen.query_one("#preset", OptionList)
            above = dealer.region.y < games.region.y
            presses = 0
            while pilot.app.focused is not dealer and presses < 20:
                await pilot.press("shift+tab")
                await pilot.pause()
                presses += 1
            return str(dealer.value), above, presses

    return asyncio.run(look())


def test_the_first_game_of_the_night_is_dealt_from_seat_one(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)
    assert _dealer_offered(db) == ("Ann", True, 1)


def test_the_next_game_is_dealt_by_the_player_after_the_last_dealer(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dee"],
                        "chips": 20},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Bo",
                    "options": {"stake": 2, "rounds": 1}},
                   {"cmd": "end_game"})
    assert done.returncode == 0, done.stderr
    assert _dealer_offered(db)[0] == "Cy"


def test_the_rotation_skips_a_player_who_left(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dee", "Eve"],
                        "chips": 20},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Cy",
                    "options": {"stake": 2, "rounds": 1}},
                   {"cmd": "end_game"}, {"cmd": "leave", "player": "Dee"})
    assert done.returncode == 0, done.stderr
    assert _dealer_offered(db)[0] == "Eve"  # after Cy: Dee has left
