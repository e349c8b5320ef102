"""The table's history on the dealer's screen (F5): the nights newest first, the standings
best first (Tab), Enter replays a night read from the log, Escape goes back to the table."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input

from events.group import GroupBook
from events.store import Store
from screens.dialogs import FieldsScreen
from screens.game_setup import GameSetupScreen
from screens.history import HistoryScreen
from screens.night_setup import NightSetupScreen
from screens.replay import ReplayScreen
from screens.settlement import SettlementScreen
from tests.cli import play
from tests.pilot import app as _app
from tests.pilot import on_disk, text
from tests.test_open_balances import _statuses, _three_nights
from tests.test_settle_cli import fake_lp
from tests.test_standings import MID_TURN, OPEN_RULE, _night

SIZE = (120, 40)


def _table_rows(pilot: Any, selector: str) -> list[list[str]]:
    table = pilot.app.screen.query_one(selector, DataTable)
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


def test_f5_lists_the_nights_tab_the_standings_enter_replays_a_night(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *_night("Ann", "Bo", "Cy"))
    play(db, *_night("ann", "Bo", "Cy", chip_value="0.10", currency="EUR"))
    play(db, {"cmd": "start_night", "players": ["Ann", "Dee"], "chips": 20, "name": "Sunday"})
    store = Store.open(db, create=False)
    today = date.today()
    GroupBook(store).name_season("Around now", (today - timedelta(1)).isoformat(),
                                 (today + timedelta(1)).isoformat())
    store.close()
    before = on_disk(db)

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5")  # over the game set-up the night opens with
            await pilot.pause()
            assert isinstance(pilot.app.screen, HistoryScreen)
            nights = _table_rows(pilot, "#nights-table")
            assert [row[0] for row in nights] == ["3", "2", "1"]  # newest first
            assert nights[0][2] == "Sunday" and nights[0][-2] == "open"
            assert nights[2][3] == "Ann, Bo, Cy" and nights[2][-2] == "ended"
            assert nights[2][-1].startswith("11-")  # its fingerprint: 11 actions
            await pilot.press("down")  # night 2: each player's stack over it
            await pilot.pause()
            stacks = text(pilot, "#night-stacks").splitlines()
            assert stacks[0] == "Night 2: each player's stack over the night"
            assert stacks[1].startswith("  ann ") and "100 → 97  (90–100)" in stacks[1]
            assert "100 → 103  (93–103)" in stacks[2]  # Bo won 3, staked 10, took it back
            assert stacks[3].endswith("100 → 100  (100–100)")  # Cy passed
            await pilot.press("tab")
            await pilot.pause()
            standings = _table_rows(pilot, "#standings-table")
            assert [row[0] for row in standings] == ["Bo", "Cy", "Dee", "Ann"]
            assert standings[0][1:4] == ["2", "+€0.30", "+6"]  # Bo: two nights, one in money
            assert standings[3][1:4] == ["3", "-€0.30", "-6"]  # "ann" is Ann
            assert standings[3][4] == "█▁▁"  # her running result: -3, -6, -6
            await pilot.press("t")  # this year: every night
            await pilot.pause()
            assert text(pilot, "#standings-period").startswith(f"{today.year}: ")
            await pilot.press("t")  # the season the group named
            await pilot.pause()
            assert text(pilot, "#standings-period").startswith("Around now: ")
            assert len(_table_rows(pilot, "#standings-table")) == 4
            await pilot.press("t")  # all nights again
            await pilot.pause()
            await pilot.press("r", *"Dee", "enter", *"Ann", "enter")  # Dee was Ann
            await pilot.pause()
            standings = _table_rows(pilot, "#standings-table")
            assert [row[0] for row in standings] == ["Bo", "Cy", "Ann"]
            assert standings[2][1] == "4" and "merged: Dee → Ann" in text(
                pilot, "#standings-period")
            await pilot.press("o", "o", "o")  # ordered by the player, the nights, the money
            await pilot.pause()
            table = pilot.app.screen.query_one("#standings-table", DataTable)
            assert [str(c.label) for c in table.columns.values()][2] == "Money ▼"
            assert [row[0] for row in _table_rows(pilot, "#standings-table")] == [
                "Bo", "Cy", "Ann"]  # the most money first: +€0.30, €0.00, -€0.30
            await pilot.press("o")  # by chips: Bo +6, Cy 0, Ann −6
            await pilot.pause()
            assert [str(c.label) for c in table.columns.values()][3] == "Chips ▼"
            columns = list(table.columns.values())
            x = sum(c.get_render_width(table) for c in columns[:5]) + 1  # the head of Sips
            await pilot.click("#standings-table", offset=(x, 0))
            await pilot.pause()
            assert [str(c.label) for c in table.columns.values()][5] == "Sips ▼"
            await pilot.click("#standings-table", offset=(x, 0))  # again: best first
            await pilot.pause()
            assert "▼" not in " ".join(str(c.label) for c in table.columns.values())
            await pilot.press("r", *"Bo", "enter", *"BO", "enter")  # one name already
            await pilot.pause()
            assert "one name already" in text(pilot, ".problem")
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("tab", "tab", "down", "enter")  # round to the nights: 1
            await pilot.pause()
            assert isinstance(pilot.app.screen, ReplayScreen)
            assert pilot.app.screen.frames[-1][0] == 11  # night 1 ends with action 11
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            # Back where F5 was pressed: the game set-up that opens over a night with no game.
            assert isinstance(pilot.app.screen, GameSetupScreen)

    asyncio.run(play_keys())
    assert on_disk(db) == before  # looking back writes nothing to the nights
    store = Store.open(db, create=False)
    assert GroupBook(store).renames() == {"Dee": "Ann"}  # kept for the next look
    store.close()


def test_the_history_speaks_german(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *_night("Ann", "Bo", "Cy", chip_value="0.10", currency="EUR"))

    async def play_keys() -> None:
        async with _app(db, "de").run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            table = pilot.app.screen.query_one("#nights-table", DataTable)
            assert [str(c.label) for c in table.columns.values()][:2] == ["Abend", "Beginn"]
            assert _table_rows(pilot, "#nights-table")[0][-2] == "beendet"
            await pilot.press("tab")
            await pilot.pause()
            assert _table_rows(pilot, "#standings-table")[0][:3] == ["Bo", "1", "+0,30 €"]

    asyncio.run(play_keys())


def test_a_new_night_seats_last_nights_players_or_a_saved_group_in_one_key(
        tmp_path: Path) -> None:
    """ctrl+r seats last night's players, again at once each saved group in their place;
    ctrl+s keeps the seated players as a group; names of earlier nights are completed."""
    db = tmp_path / "table.db"
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cyrill"], "chips": 50,
              "chip_value": "0.10", "currency": "EUR"}, {"cmd": "end_night"})
    store = Store.open(db, create=False)
    GroupBook(store).save_group("Friday", ["Dee", "Eve"])
    store.close()

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            setup = pilot.app.screen
            assert isinstance(setup, NightSetupScreen)  # no night is open
            assert [setup.query_one(field, Input).value for field in (
                "#chips", "#chip-value", "#currency")] == ["50", "0.10", "EUR"]  # last night's
            await pilot.press("c", "y", "right", "enter")  # "cy" → Cyrill, a known name
            await pilot.pause()
            await pilot.press("ctrl+r")  # last night's players; Cyrill is seated already
            await pilot.pause()
            assert setup.players == ["Cyrill", "Ann", "Bo"]
            assert "ctrl+r again: the group Friday" in text(pilot, "#setup-hint")
            await pilot.press("ctrl+r")  # the group in their place; Cyrill was there before
            await pilot.pause()
            assert setup.players == ["Cyrill", "Dee", "Eve"]
            await pilot.press("ctrl+r", "F", "a", "y", "enter")  # round to last night's
            await pilot.pause()
            assert setup.players == ["Cyrill", "Ann", "Bo", "Fay"]
            await pilot.press("ctrl+s", "enter")  # no name: refused in the dialog
            await pilot.pause()
            assert isinstance(pilot.app.screen, FieldsScreen)
            assert "needs a name" in text(pilot, ".problem")
            await pilot.press("f", "r", "right", "enter")  # Friday completed: replaced
            await pilot.pause()
            assert not isinstance(pilot.app.screen, FieldsScreen)
            assert "Saved as the group Friday" in text(pilot, "#setup-hint")
            await pilot.press("enter")  # an empty name: the table is complete
            await pilot.pause()

    asyncio.run(play_keys())
    night = on_disk(db)
    assert list(night["players"]) == ["Cyrill", "Ann", "Bo", "Fay"]
    assert night["players"]["Fay"]["chips"] == 50 and night["chip_value"] == "0.10"
    store = Store.open(db, create=False)
    assert GroupBook(store).groups() == {"Friday": ("Cyrill", "Ann", "Bo", "Fay")}
    store.close()


def test_the_open_balances_tab_shows_the_carried_nights_prints_them_and_m_marks_them_paid(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)  # nights 1 and 3 carried: Ann -3.30, Bo +0.30, Cy -3.00, Eve +6.00
    printed = tmp_path / "printed.pdf"
    job = tmp_path / "lp-args.txt"
    env = fake_lp(tmp_path / "bin", f'for a in "$@"; do echo "$a"; done > "{job}"\n'
                                    f'cat > "{printed}"\n')
    monkeypatch.setenv("PATH", env["PATH"])

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5", "s")  # night 3's settlement: carried over
            await pilot.pause()
            assert "Carried over: these balances wait" in text(pilot, "#settle-title")
            await pilot.press("o")  # everything still open: the history's tab for it
            await pilot.pause()
            assert isinstance(pilot.app.screen, HistoryScreen)
            assert not any(isinstance(s, SettlementScreen) for s in pilot.app.screen_stack)
            shown = " ".join(text(pilot, "#open-balances").split())
            assert "carried over from nights 1, 3" in shown
            for balance in ("Ann: -€3.30", "Bo: +€0.30", "Cy: -€3.00", "Eve: +€6.00"):
                assert balance in shown
            assert "PAYMENTS (3)" in shown
            await pilot.press("w", "p")  # the page saved beside the database, and printed
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert not isinstance(pilot.app.screen, HistoryScreen)
            await pilot.press("f5", "tab", "tab")
            await pilot.pause()
            assert "Nothing is open" in text(pilot, "#open-balances")

    asyncio.run(play_keys())
    assert _statuses(db) == ["paid", "ended", "paid"]
    page = (tmp_path / "open-balances.html").read_text(encoding="utf-8")
    assert "<td>Eve</td><td>+€6.00</td>" in page
    assert printed.read_bytes().startswith(b"%PDF-")
    assert job.read_text(encoding="utf-8").splitlines() == [  # its name in the queue
        "-t", "Table companion – open balances"]


def test_s_shows_the_settlement_of_an_earlier_night_and_lets_it_go_after(
        tmp_path: Path) -> None:
    from events.session import NightSession

    db = tmp_path / "table.db"
    play(db, *_night("Ann", "Bo", "Cy", chip_value="0.10", currency="EUR"))
    play(db, {"cmd": "start_night", "players": ["Ann", "Dee"], "chips": 20, "name": "Sunday"})

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5", "down", "s")  # night 1, under the newest
            await pilot.pause()
            assert isinstance(pilot.app.screen, SettlementScreen)
            results = text(pilot, "#settle-results")
            assert text(pilot, "#settle-title").startswith("Settlement: Night 1")
            assert "Cy" in results and "-0.30" in results and "+0.30" in results
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(pilot.app.screen, HistoryScreen)

    asyncio.run(play_keys())
    session = NightSession.open(db, 1, write=True)  # its window let go of the night
    try:
        assert session.read_only_reason is None
    finally:
        session.close()


def test_the_standings_say_under_the_table_how_an_open_night_mid_turn_counts(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *MID_TURN)  # Cy's bet waits for its card; the last action between turns is 7

    async def play_keys(language: str) -> None:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            await pilot.press("tab")
            await pilot.pause()
            rows = _table_rows(pilot, "#standings-table")
            if language == "en":
                # money and chips of one row say the same: as if the night ended at action 7
                assert [row[:4] for row in rows] == [["Bo", "1", "+€0.30", "+3"],
                                                     ["Cy", "1", "€0.00", "0"],
                                                     ["Ann", "1", "-€0.30", "-3"]]
                assert " ".join(text(pilot, "#standings-note").split()) == OPEN_RULE
            else:
                assert " ".join(text(pilot, "#standings-note").split()) == (
                    "Offene Abende zählen, als endeten sie mit ihrer letzten Aktion zwischen "
                    "zwei Zügen, die Pötte geteilt wie am Ende eines Spiels: Abend 1 bei "
                    "Aktion 7.")

    asyncio.run(play_keys("en"))
    asyncio.run(play_keys("de"))
