"""The dealer's screen driven by keys through Textual's Pilot, checked against the log on disk."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import cast

import pytest
from textual.widgets import OptionList

from companion.table import TableController
from screens.night_setup import NightSetupScreen
from screens.replay import ReplayScreen
from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import on_disk as _on_disk

SIZE = (120, 40)






def _demo(db: Path) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": {"stake": 10, "rounds": 2}},
                   {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"})
    assert done.returncode == 0, done.stderr


def test_the_app_shows_a_night_written_by_exec(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def look() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            entry = str(app.screen.query_one("#entry").render())
            assert "Bo's second card" in entry
            seats = app.screen.query_one("#seats").render()
            assert "Ann" in str(seats) or seats is not None

    asyncio.run(look())


def test_a_refused_entry_shows_its_sentence_and_records_nothing(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("k", "5", "0", "enter")  # a king, then a bet over the pot
            await pilot.pause()
            assert "at most 10" in str(app.screen.query_one("#entry").render())

    asyncio.run(play())
    assert _on_disk(db)["last_action"] == 5


def test_undo_and_redo_by_keys(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("k", "4", "enter")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert _on_disk(db)["expect"]["kind"] == "bet"
            await pilot.press("ctrl+y")
            await pilot.pause()

    asyncio.run(play())
    view = _on_disk(db)
    assert view["expect"]["slot"] == "third" and view["players"]["Bo"]["chips"] == 96


def test_correct_a_card_from_the_log(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("k", "3", "enter", "8")  # Bo wins 3
            await pilot.pause()
            await pilot.press("ctrl+e")  # into the log, the latest action highlighted
            await pilot.press("up", "up", "enter")  # action 5: Bo's second card
            await pilot.pause()
            await pilot.press("6")  # it was a 6: 5 and 6, the 8 lost
            await pilot.pause()
            assert "Bo 103 → 97" in str(app.screen.query_one("#entry").render())

    asyncio.run(play())
    view = _on_disk(db)
    assert view["players"]["Bo"]["chips"] == 97 and view["pot"] == 13


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("the stacks did not change", "the cards 9♣ → 7")),
    ("de", ("die Stapel sind gleich geblieben", "die Karten 9♣ → 7"))])
def test_a_correction_that_changes_only_the_cards_says_so(tmp_path: Path, language: str,
                                                          said: tuple[str, str]) -> None:
    db = tmp_path / "night.db"
    _demo(db)  # Bo's first card 5♥, Cy's first card 9♣: the odds wait for Bo's second

    async def play() -> str:
        app = _app(db, language)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+e", "enter")  # the latest action: Cy's first card
            await pilot.pause()
            await pilot.press("7")  # it was a 7 (In-Between needs no suit)
            await pilot.pause()
            return " ".join(str(app.screen.query_one("#entry").render()).split())

    shown = asyncio.run(play())
    assert all(part in shown for part in said), shown
    assert "7" in _on_disk(db)["seen"]


def test_replay_scrubs_through_the_night(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            assert screen.action == 4
            await pilot.press("left", "left")
            assert screen.action == 2
            await pilot.press("home")
            assert screen.action == 1
            await pilot.press("3", "enter")
            assert screen.action == 3
            await pilot.press("end", "escape")
            await pilot.pause()
            assert app.screen.query_one("#entry") is not None

    asyncio.run(play())
    assert _on_disk(db)["last_action"] == 4


def test_a_second_window_is_read_only_with_a_banner(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)
    first = TableController.open(db)

    async def look() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "READ-ONLY" in str(app.screen.query_one("#banner").render())
            await pilot.press("k")
            await pilot.pause()
            assert "read-only" in str(app.screen.query_one("#entry").render())

    try:
        asyncio.run(look())
    finally:
        first.close()
    assert _on_disk(db)["last_action"] == 4


def test_german_words_and_the_switch(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def look() -> None:
        app = _app(db, "de")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Zweite Karte für Bo" in str(app.screen.query_one("#entry").render())
            await pilot.press("b")  # German B for the jack
            await pilot.pause()
            assert "setze 0–10" in str(app.screen.query_one("#entry").render())
            await pilot.press("5", "0", "enter")
            await pilot.pause()
            assert "Bo kann jetzt höchstens 10 setzen." in str(
                app.screen.query_one("#entry").render())
            await pilot.press("f2")
            await pilot.pause()
            assert "bet 0–10" in str(app.screen.query_one("#entry").render())

    asyncio.run(look())


def test_the_command_palette_offers_the_table_actions(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("k", "4", "enter")
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*"undo")
            await pilot.pause(0.3)
            await pilot.press("enter")
            await pilot.pause()

    asyncio.run(play())
    assert _on_disk(db)["expect"]["kind"] == "bet"


def test_join_and_end_of_night_from_the_keys(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+j")
            await pilot.pause()
            await pilot.press(*"Dee", "enter", "5", "0", "enter")
            await pilot.pause()
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert type(app.screen).__name__ == "EndNightScreen"  # y: settle now, c: carry
            await pilot.press("y")
            await pilot.pause()
            assert type(app.screen).__name__ == "SettlementScreen"
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "NightSetupScreen"  # the next night

    asyncio.run(play())
    view = _on_disk(db)
    assert view["players"]["Dee"]["bought_in"] == 50 and view["ended"]


def test_night_setup_adds_reorders_and_removes_players(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*"Anna, Ben", "enter", *"Cleo", "enter", *"Zed", "enter")
            await pilot.pause()
            app.screen.query_one("#players").focus()
            await pilot.press("delete")  # Zed, the last added, was a mistake
            await pilot.press("up", "up", "alt+down")  # Anna moves behind Ben
            await pilot.pause()
            assert cast(NightSetupScreen, app.screen).players == ["Ben", "Anna", "Cleo"]
            app.screen.query_one("#chips").focus()
            await pilot.press("backspace", "backspace", "backspace", "5", "0", "enter")
            await pilot.pause()

    asyncio.run(play())
    view = _on_disk(db)
    assert list(view["players"]) == ["Ben", "Anna", "Cleo"]
    assert view["players"]["Anna"]["chips"] == 50


def test_the_demo_opens_on_a_fresh_copy_of_the_demo_night(tmp_path: Path) -> None:
    from companion.cli.night import prepare_demo

    db = tmp_path / "demo.db"
    for _ in range(2):  # the second time starts afresh, not on top of the first
        prepare_demo(db)

    async def look() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Dan: bet 0–26" in str(app.screen.query_one("#entry").render())

    asyncio.run(look())
    assert _on_disk(db)["night"] == 1


def test_half_typed_keys_do_not_survive_an_undo(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("k", "4", "enter", "1")  # a ten begun for the third card
            await pilot.press("ctrl+z")  # back to the bet
            await pilot.pause()
            await pilot.press("5", "enter")
            await pilot.pause()

    asyncio.run(play())
    view = _on_disk(db)
    assert view["players"]["Bo"]["chips"] == 95 and view["bet"] == 5


def test_a_refused_night_keeps_what_was_typed(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*"Ann, Bo", "enter")
            app.screen.query_one("#chips").focus()
            await pilot.press("backspace", "backspace", "backspace", "enter")  # no chips
            await pilot.pause()
            assert cast(NightSetupScreen, app.screen).players == ["Ann", "Bo"]
            assert "start chips" in str(app.screen.query_one("#problem").render())
            app.screen.query_one("#chips").focus()
            await pilot.press("2", "0", "enter")
            await pilot.pause()

    asyncio.run(play())
    assert _on_disk(db)["players"]["Bo"]["chips"] == 20




def test_a_second_night_in_the_same_window_logs_and_corrects_only_its_own_actions(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+n", "y")
            await pilot.pause()
            await pilot.press("escape")  # the settlement; the next night is asked for
            await pilot.pause()
            await pilot.press(*"X, Y", "enter", "enter")
            await pilot.pause()
            await pilot.press("escape")  # no game yet
            await pilot.pause()
            log = app.screen.query_one("#log", OptionList)
            assert log.option_count == 1  # the new night's start, nothing of the last night
            assert "X and Y" in str(log.get_option_at_index(0).prompt)
            await pilot.press("ctrl+e", "up", "up", "enter")
            await pilot.pause()
            assert app.is_running

    asyncio.run(play())
    assert _on_disk(db)["players"].keys() == {"X", "Y"}


def test_a_second_window_follows_the_writer_within_a_second(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _demo(db)
    writer = TableController.open(db)

    async def look() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Bo's second card" in str(app.screen.query_one("#entry").render())
            assert writer.enter({"cmd": "card", "card": "k"}).ok  # the dealer's window
            await pilot.pause(1.0)
            assert "Bo: bet 0–10" in str(app.screen.query_one("#entry").render())
            log = app.screen.query_one("#log", OptionList)
            assert "Bo's second card K" in str(log.get_option_at_index(4).prompt)
            # and another program's action too, written by `companion exec`
            writer.close()
            done = execute(db, {"cmd": "bet", "amount": 3})
            assert done.returncode == 0, done.stderr
            await pilot.pause(1.0)
            assert "the third card for Bo" in str(app.screen.query_one("#entry").render())

    try:
        asyncio.run(look())
    finally:
        writer.close()




def test_a_pasted_list_of_names_becomes_players_and_one_name_is_pasted_as_typed(
        tmp_path: Path) -> None:
    from textual import events
    from textual.widgets import Input

    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            field = app.screen.query_one("#new-player", Input)
            field.post_message(events.Paste("Ann\nBo, Cy"))
            await pilot.pause()
            assert cast(NightSetupScreen, app.screen).players == ["Ann", "Bo", "Cy"]
            assert field.value == ""
            field.post_message(events.Paste("Dee"))
            await pilot.pause()
            assert field.value == "Dee"

    asyncio.run(play())
