"""Three nights of one group, worked out by hand: one carried over, one paid at the table, one
under a new name with a shared pizza, carried too; then the standings with the rename merged,
the open balances across the two carried nights, and paying them. Once on the command line,
once at the dealer's screen (the third night's pizza, its end, the merge and the payment by
keys).

By hand, a chip worth 0.10 € on nights 1 and 2 and 0.20 € on night 3:
- night 1 (carried): Ann deals and is down 3 chips (−0.30 €), Bo up 3 (+0.30 €), Cy even;
- night 2 (paid at the table): Bo deals, down 3 (−0.30 €); Ann up 3 (+0.30 €); Dee even;
- night 3 (carried): Dee deals, down 3 (−0.60 €); Annie (Ann, renamed) up 3 (+0.60 €), Bo
  even; Dee paid 12.00 € for pizza shared by all three, 4.00 € each: Dee +8.00 € net,
  Annie and Bo −4.00 € each. Balances: Annie −3.40 €, Bo −4.00 €, Dee +7.40 €.
- standings, Annie merged into Ann: Ann 3 nights +3 chips +0.60 €; Bo 3 nights 0 chips
  0.00 €; Cy 1 night, even; Dee 2 nights −3 chips −0.60 € (the pizza is no winning);
- open balances, nights 1 and 3: Ann −0.30 − 3.40 = −3.70 €, Bo +0.30 − 4.00 = −3.70 €,
  Cy 0, Dee +7.40 €: Ann and Bo each pay Dee 3.70 €.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from textual.widgets import DataTable

from screens.dialogs import AskScreen
from screens.history import HistoryScreen
from tests.cli import companion, play
from tests.pilot import app as _app
from tests.pilot import text
from tests.test_open_balances import _statuses
from tests.test_standings import _night

Command = dict[str, Any]
TENTH = {"chip_value": "0.10", "currency": "EUR"}
NIGHT_3_START: list[Command] = [
    {"cmd": "start_night", "players": ["Annie", "Bo", "Dee"], "chips": 100,
     "chip_value": "0.20", "currency": "EUR"},
    *_night("Dee", "Annie", "Bo")[1:-1]]  # its one game: dealer −3, first +3, third even
PIZZA: Command = {"cmd": "expense", "payer": "Dee", "amount": "12.00", "what": "pizza"}


def _first_two_nights(db: Path) -> None:
    play(db, *_night("Ann", "Bo", "Cy", **TENTH)[:-1], {"cmd": "end_night", "carry": True})
    play(db, *_night("Bo", "Ann", "Dee", **TENTH))


def _json(db: Path, *args: str) -> Any:
    done = companion(db, *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_three_nights_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _first_two_nights(db)
    play(db, *NIGHT_3_START, PIZZA, {"cmd": "end_night", "carry": True})
    assert _statuses(db) == ["carried", "ended", "carried"]

    night_3 = _json(db, "--night", "3", "settle")
    assert night_3["expenses"] == [{"payer": "Dee", "amount": "12.00", "what": "pizza",
                                    "shared_by": {"Annie": "4.00", "Bo": "4.00",
                                                  "Dee": "4.00"}}]
    assert {name: (p["money"], p["expenses"]) for name, p in night_3["players"].items()} == {
        "Annie": ("0.60", "-4.00"), "Bo": ("0.00", "-4.00"), "Dee": ("-0.60", "8.00")}

    apart = _json(db, "settle", "--open")  # before the merge: Annie pays on her own
    assert {n: p["balance"] for n, p in apart["players"].items()} == {
        "Dee": "7.40", "Cy": "0.00", "Ann": "-0.30", "Annie": "-3.40", "Bo": "-3.70"}

    assert _json(db, "group", "--merge", "Annie=Ann")["merged"] == {"Annie": "Ann"}
    rows = {r["name"]: r for r in _json(db, "standings")["players"]}
    assert {name: (r["nights"], r["chips"], r["money"]) for name, r in rows.items()} == {
        "Ann": (3, 3, "0.60"), "Bo": (3, 0, "0.00"), "Cy": (1, 0, "0.00"),
        "Dee": (2, -3, "-0.60")}
    assert list(rows) == ["Ann", "Bo", "Cy", "Dee"]  # by money, then chips, then name

    settled = _json(db, "settle", "--open")
    assert settled["nights"] == [1, 3]
    assert {n: p["balance"] for n, p in settled["players"].items()} == {
        "Dee": "7.40", "Cy": "0.00", "Ann": "-3.70", "Bo": "-3.70"}
    assert sorted((t["from"], t["to"], t["amount"]) for t in settled["transfers"]) == [
        ("Ann", "Dee", "3.70"), ("Bo", "Dee", "3.70")]

    paid = companion(db, "settle", "--open", "--paid")
    assert paid.returncode == 0 and "Marked paid: nights 1, 3." in paid.stderr
    assert _statuses(db) == ["paid", "ended", "paid"]
    assert _json(db, "settle", "--open")["nights"] == []
    assert {r["name"]: r["money"] for r in _json(db, "standings")["players"]} == {
        "Ann": "0.60", "Bo": "0.00", "Cy": "0.00", "Dee": "-0.60"}  # paying wins nothing


def test_three_nights_at_the_dealers_screen(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _first_two_nights(db)
    play(db, *NIGHT_3_START)  # its game is over: the rest by keys

    async def keys() -> None:
        async with _app(db).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("escape", "ctrl+k")  # past the game set-up: the pizza
            await pilot.pause()
            assert isinstance(pilot.app.screen, AskScreen)
            await pilot.press(*"Dee", "enter", *"12", "enter", *"pizza", "enter", "enter")
            await pilot.pause()
            await pilot.press("ctrl+n", "c")  # the night ends, its balances carried over
            await pilot.pause()
            await pilot.press("f5", "tab")
            await pilot.pause()
            assert isinstance(pilot.app.screen, HistoryScreen)
            await pilot.press("r", *"Annie", "enter", *"Ann", "enter")
            await pilot.pause()
            table = pilot.app.screen.query_one("#standings-table", DataTable)
            rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
            assert [row[:4] for row in rows] == [
                ["Ann", "3", "+€0.60", "+3"], ["Bo", "3", "€0.00", "0"],
                ["Cy", "1", "€0.00", "0"], ["Dee", "2", "-€0.60", "-3"]]
            await pilot.press("tab")
            await pilot.pause()
            shown = " ".join(text(pilot, "#open-balances").split())
            assert "carried over from nights 1, 3" in shown
            for said in ("Dee: +€7.40", "Ann: -€3.70", "Bo: -€3.70", "Cy: €0.00",
                         "PAYMENTS (2)", "Ann → Dee €3.70", "Bo → Dee €3.70"):
                assert said in shown, said
            await pilot.press("m", "y")
            await pilot.pause()

    asyncio.run(keys())
    assert _statuses(db) == ["paid", "ended", "paid"]
    night_3 = _json(db, "--night", "3", "settle")
    assert night_3["expenses"][0]["shared_by"] == {"Annie": "4.00", "Bo": "4.00", "Dee": "4.00"}
