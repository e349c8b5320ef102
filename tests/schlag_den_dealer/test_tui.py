"""Schlag den Dealer at the real table screen, by keys (Textual's Pilot)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from companion.app import CompanionApp
from companion.table import TableController
from tests.cli import execute
from tests.pilot import on_disk as _on_disk
from tests.pilot import seat as _seat
from tests.pilot import text as _text

SIZE = (120, 40)






def test_the_seed_example_by_keys_with_the_card_hidden_until_it_is_laid_out(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben"})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        async with CompanionApp(TableController.open(db), "en").run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Anna guesses" in _text(pilot, "#entry")
            seen_before = _text(pilot, "#seen")
            for key in ("=", "1", "0"):  # Ben's top card, a 10, entered first
                await pilot.press(key)
            await pilot.pause()
            assert "(the card is in, hidden)" in _text(pilot, "#entry")
            # hidden everywhere: no card drawn, the tally unchanged, the log silent about it
            assert _text(pilot, "#cards").strip() == "the dealer's card is in, hidden"
            assert _text(pilot, "#seen") == seen_before
            assert "10" not in _text(pilot, "#log") and "looks at the top card" in _text(
                pilot, "#log")
            await pilot.press("7")
            await pilot.pause()
            assert "Anna: second guess, higher" in _text(pilot, "#entry")
            await pilot.press("q")
            await pilot.pause()
            assert "Anna 2 sips" in _text(pilot, "#seats").replace("  ", " ")
            assert "Cleo guesses" in _text(pilot, "#entry")
            assert "the card was 10" in _text(pilot, "#log")

    asyncio.run(play())
    view = _on_disk(db)
    assert {name: seat["sips"] for name, seat in view["players"].items()} == {
        "Ben": 0, "Anna": 2, "Cleo": 0}
    assert view["values_out"]["10"] == 1 and view["turn"] == "Cleo"


def test_the_table_shows_values_in_order_the_miss_meter_and_a_sip_bar_per_player(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben",
                    "options": {"ace_high": True}})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        async with CompanionApp(TableController.open(db), "en").run_test(size=SIZE) as pilot:
            for key in ("2", "3", "=", "a"):  # Anna misses twice: the card is an ace
                await pilot.press(key)
            await pilot.pause()
            seen = _text(pilot, "#seen").splitlines()
            header = next(line for line in seen if line.split()[:2] == ["2", "3"])
            assert header.split()[-1] == "A"  # ace_high: the ace is the last column
            marks = seen[seen.index(header) + 1]
            assert marks.split()[-1] == "▪" and marks.split().count("·") == 12
            # The count is the guessers', toward relieving the dealer, not the dealer's own.
            meter = " ".join(_text(pilot, "#seen").split())
            assert "● ○ ○ 1 of 3 guessers missed twice" in meter
            assert "two more in a row: Ben passes the deck" in meter
            assert "Ben's misses" not in meter
            seat = next(line for line in _text(pilot, "#seats").splitlines() if "Anna" in line)
            assert "11 sips" in seat and "█" * 8 in seat  # 14 − 3, the highest tally
            assert "Anna guessed 2, 3; the card was A" in _text(pilot, "#cards")

    asyncio.run(play())


def test_the_miss_meter_counts_toward_the_relief_in_german(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben",
                    "options": {"dealer_chooses": True}},
                   {"cmd": "guess", "value": 2}, {"cmd": "guess", "value": 3},
                   {"cmd": "card", "card": "9h"},  # Anna misses twice
                   {"cmd": "guess", "value": 4}, {"cmd": "guess", "value": 5},
                   {"cmd": "card", "card": "Kh"})  # and Cleo
    assert done.returncode == 0, done.stderr

    async def look() -> str:
        async with CompanionApp(TableController.open(db), "de").run_test(size=SIZE) as pilot:
            await pilot.pause()
            return " ".join(_text(pilot, "#seen").split())

    meter = asyncio.run(look())
    assert "● ● ○ 2 von 3 Ratenden zweimal daneben" in meter
    assert "noch einer in Folge: Ben bestimmt, wer gibt" in meter


def test_after_schlag_a_chip_game_shows_the_stacks_with_the_sips_beside_them(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 50},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben"},
                   {"cmd": "guess", "value": 2}, {"cmd": "guess", "value": 3},
                   {"cmd": "card", "card": "9h"}, {"cmd": "end_game"},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ben",
                    "options": {"stake": 10, "rounds": 1}})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        async with CompanionApp(TableController.open(db), "en").run_test(size=SIZE) as pilot:
            await pilot.pause()
            anna, cleo = _seat(pilot, "Anna"), _seat(pilot, "Cleo")
            assert "50" in anna and "in 50, 6 sips" in anna
            assert "50" in cleo and "sips" not in cleo
            assert "Laid out, by value" not in _text(pilot, "#seen")

    asyncio.run(play())


def test_a_guess_is_corrected_from_the_log_by_its_value_key(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben"},
                   {"cmd": "guess", "value": 7}, {"cmd": "guess", "value": 9},
                   {"cmd": "card", "card": "Q"})  # Anna misses twice: 3 sips
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        async with CompanionApp(TableController.open(db), "en").run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+e", "up", "enter")  # action 4: Anna's second guess
            await pilot.pause()
            await pilot.press("q")  # she said queen: the dealer owes 2 instead
            await pilot.pause()
            message = _text(pilot, "#entry")
            assert "Anna 3 → 0" in message and "Ben 0 → 2" in message

    asyncio.run(play())
    assert {name: seat["sips"] for name, seat in _on_disk(db)["players"].items()} == {
        "Ben": 2, "Anna": 0, "Cleo": 0}


def test_the_dealers_card_is_typed_blind_at_the_prompt_and_in_the_correct_dialog(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben",
                    "options": {"value_and_suit": True}})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        app = CompanionApp(TableController.open(db), "en")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("=", "1", "0")
            await pilot.pause()
            entry = _text(pilot, "#entry")
            assert "= ▪▪" in entry and "10" not in entry.split("▸")[1]
            assert "now the suit" in entry and "value alone" not in entry
            await pilot.press("h")  # the 10♥, hidden
            await pilot.pause()
            assert "(the card is in, hidden)" in _text(pilot, "#entry")
            await pilot.press("ctrl+e", "enter")  # correct the hidden card
            await pilot.pause()
            assert type(app.screen).__name__ == "CorrectScreen"
            await pilot.press("j")
            await pilot.pause()
            typed = _text(pilot, "#typed")
            assert typed.strip() == "▸ ▪" and "the dealer looks at the top card" in _text(
                pilot, ".dialog-title")
            await pilot.press("s")  # J♠ replaces it, unseen
            await pilot.pause()
            assert "J" not in _text(pilot, "#entry") and "J" not in _text(pilot, "#entry")

    asyncio.run(play())
    assert _on_disk(db)["card_in"] is True


def test_f1_shows_the_rules_card_in_the_screens_language(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben"})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        app = CompanionApp(TableController.open(db), "de")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f1")
            await pilot.pause()
            assert type(app.screen).__name__ == "HelpScreen"
            shown = " ".join(line.strip() for line in _shown_all(app))
            assert "Drei bis acht Leute" in shown and "Dealerwechsel" in shown

    asyncio.run(play())


def _shown_all(app: CompanionApp) -> list[str]:
    from textual.widgets import Markdown, Static

    texts = [str(widget.render()) for widget in app.screen.query(Static)]
    texts += [widget.source for widget in app.screen.query(Markdown)]
    return texts


def test_the_right_side_is_narrower_only_while_schlag_is_on_the_table(tmp_path: Path) -> None:
    """Its values laid out by value take less room than the grid of suits: its own styles
    say so, and they go with the game."""
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ben", "Anna", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben"})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        async with CompanionApp(TableController.open(db), "en").run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert pilot.app.screen.query_one("#right").region.width == 50
            await pilot.press("ctrl+x", "y")
            await pilot.pause()
            assert _on_disk(db)["game"] is None
            assert pilot.app.screen.query_one("#right").region.width == 58

    asyncio.run(play())
