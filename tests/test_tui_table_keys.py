"""The keys that change the course of the night say what they do, ask before ending things,
and the note under the prompt is always the latest one alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import on_disk, shown, text, until

SIZE = (120, 40)


def _night(db: Path) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": {"stake": 10, "rounds": 2}})
    assert done.returncode == 0, done.stderr


def test_ctrl_e_says_at_the_prompt_that_the_screen_is_correcting(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+e")
            await pilot.pause()
            assert text(pilot, "#entry").strip().startswith(
                "correcting: pick an action with ↑/↓ and Enter, Escape leaves")
            await pilot.press("escape")
            await pilot.pause()
            assert text(pilot, "#entry").strip().startswith("Bo's first card")

    asyncio.run(play())


def test_ctrl_x_asks_before_ending_the_game(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+x")
            await pilot.pause()
            assert type(app.screen).__name__ == "ConfirmScreen"
            assert "End the game of In-Between?" in text(pilot, "ConfirmScreen Label")
            await pilot.press("n")
            await pilot.pause()
            assert on_disk(db)["game"] == "in-between"  # no: nothing recorded
            await pilot.press("ctrl+x", "y")
            await pilot.pause()

    asyncio.run(play())
    assert on_disk(db)["game"] is None


def test_ctrl_l_says_how_to_bring_the_player_back(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+l", *"Cy", "enter")
            await pilot.pause()
            assert "Cy has left" in text(pilot, "#entry")
            assert "ctrl+z brings Cy back" in text(pilot, "#entry")

    asyncio.run(play())
    assert not on_disk(db)["players"]["Cy"]["present"]


def test_ctrl_g_during_a_game_says_to_end_it_first(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"
            assert "In-Between is running: end it first with ctrl+x" in text(pilot, "#entry")

    asyncio.run(play())


def test_a_new_note_under_the_prompt_replaces_the_last(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("x")  # a key that does nothing
            await pilot.pause()
            assert "'x' does nothing here" in text(pilot, "#entry")
            await pilot.press("ctrl+g")
            await pilot.pause()
            lines = [line for line in shown(pilot, "#entry") if line.strip()]
            assert len(lines) == 2 and "is running" in lines[1]
            await pilot.press("5")  # a card is accepted: the note goes
            await pilot.pause()
            lines = [line for line in shown(pilot, "#entry") if line.strip()]
            assert len(lines) == 1

    asyncio.run(play())


def test_the_help_lists_every_key_quit_included(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            card = app.screen.query_one("Markdown").source  # type: ignore[attr-defined]
            assert "| `ctrl+q` | Quit (the night stays saved) |" in card
            assert "| `ctrl+z` | Undo |" in card
            await pilot.press("escape", "ctrl+q")
            await pilot.pause()
        assert not app.is_running

    asyncio.run(play())


def test_a_refused_join_comes_back_as_typed_with_the_reason(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+j", *"ann", "enter", "5", "0", "enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "AskScreen"
            assert "Ann is already at the table" in text(pilot, ".problem")
            assert app.screen.query_one("#player").value == "ann"  # type: ignore[attr-defined]
            assert app.screen.query_one("#chips").value == "50"  # type: ignore[attr-defined]

    asyncio.run(play())


def test_a_long_question_wraps_whole_in_its_dialog(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+x")
            await pilot.pause()
            question = " ".join(text(pilot, "ConfirmScreen Label").split())
            assert question.endswith("(ctrl+z takes it back).")

    asyncio.run(play())


def test_keys_typed_in_a_burst_are_taken_in_their_order(tmp_path: Path) -> None:
    """A card and at once ctrl+z (a terminal sends a quick dealer's keys in one burst):
    the card is recorded first and the undo takes the card back, not the action before."""
    from textual import events

    from tests.cli import log_line

    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in ("9", "ctrl+z"):
                pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
            for _ in range(3):
                await pilot.pause()

    asyncio.run(play())
    assert log_line(db, 3) == "[undone] card 9" and log_line(db, 4) == "undo action 3"
    assert on_disk(db)["turn"] == "Bo"


def test_keys_typed_at_once_are_each_read_for_the_question_they_answer(tmp_path: Path) -> None:
    """A dealer who types fast (or pastes) sends the keys of a card and of the bet after it
    before the screen has drawn the bet's question: each key is still read for its question,
    none for the one before (the bet's digits were taken for cards and lost)."""
    from textual import events

    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in ("5", "k", "9", "3", "enter", "7"):  # cards 5, K, 9; bet 3; card 7
                character = None if key == "enter" else key
                app.post_message(events.Key(key, character))
            # Each whole entry is recorded in turn: wait for the last (or for the lost bet).
            await until(pilot, lambda: app.controller.json_view()["last_action"] >= 7)

    asyncio.run(play())
    night = on_disk(db)
    assert night["players"]["Bo"]["chips"] == 103, night  # bet 3 on 5-K, the 7 won it
    assert night["turn"] == "Cy"
