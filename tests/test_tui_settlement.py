"""The settlement screen through Textual's Pilot: the end of the night, a look ahead with F3,
who collects, bank details, printing and saving."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest

from companion.app import CompanionApp
from companion.documents import qr
from companion.table import TableController
from tests.cli import execute
from tests.old_log import written_before_the_checks
from tests.pilot import on_disk as _on_disk
from tests.pilot import text as _text

SIZE = (120, 60)
IBAN = "DE89370400440532013000"
# Ben hits the post (pays 10 into the pot); the pot goes back to Anna, the dealer: +10.
NIGHT = ({"cmd": "start_night", "players": ["Anna", "Ben", "Cleo"], "chips": 100,
          "chip_value": "0.10", "currency": "EUR", "name": "Friday"},
         {"cmd": "start_game", "game": "in-between", "dealer": "Anna",
          "options": {"stake": 20, "rounds": 1}},
         {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "9h"},
         {"cmd": "card", "card": "Ks"}, {"cmd": "bet", "amount": 5},
         {"cmd": "card", "card": "Kd"}, {"cmd": "card", "card": "2h"}, {"cmd": "pass"})


def _night(tmp_path: Path, *extra: dict[str, object]) -> Path:
    db = tmp_path / "night.db"
    done = execute(db, *NIGHT, *extra)
    assert done.returncode == 0, done.stderr
    return db


def _app(db: Path, language: str = "en") -> CompanionApp:
    return CompanionApp(TableController.open(db), language)


def test_the_end_of_the_night_shows_the_settlement_then_asks_for_the_next_night(
        tmp_path: Path) -> None:
    db = _night(tmp_path, {"cmd": "set_payment", "player": "Anna", "iban": IBAN,
                           "name": "Anna Berger"})

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+n", "y")
            await pilot.pause()
            assert type(app.screen).__name__ == "SettlementScreen"
            assert "Settlement: Friday" in _text(pilot, "#settle-title")
            assert "provisional" not in _text(pilot, "#settle-title")
            results = _text(pilot, "#settle-results")
            anna = next(line for line in results.splitlines() if "Anna" in line).split()
            assert anna[:5] == ["Anna", "100", "110", "+10", "+1.00"]
            payments = _text(pilot, "#settle-payments")
            assert "Payments (1, the fewest transfers" in payments
            assert "Ben → Anna" in payments and "€1.00" in payments
            assert "IBAN DE89 3704 0044 0532 0130 00" in payments
            # the GiroCode is drawn whole, row by row, with its quiet zone
            epc = ("BCD\n002\n1\nSCT\n\nAnna Berger\nDE89370400440532013000\nEUR1\n\n\n"
                   "Friday: Ben")
            rows = [row.rstrip() for row in payments.splitlines()]
            drawn = [code_row for code_row in qr.half_blocks(epc) if code_row.strip()]
            assert all(any(code_row.rstrip() in row for row in rows)
                       for code_row in drawn)
            await pilot.press("1")  # the first payment's code alone, for a phone
            await pilot.pause()
            assert type(app.screen).__name__ == "CodeScreen"
            assert _text(pilot, "#code").split("\n") == [
                row.rstrip() for row in qr.half_blocks(epc)]
            assert "Ben → Anna  €1.00" in _text(pilot, "#code-caption")
            await pilot.press("escape", "0")  # and the whole settlement's
            await pilot.pause()
            assert "The whole settlement" in _text(pilot, "#code-caption")
            await pilot.press("escape", "escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "NightSetupScreen"

    asyncio.run(play())
    assert _on_disk(db)["ended"]


def test_f3_settles_an_open_night_provisionally_and_h_cycles_who_collects(
        tmp_path: Path) -> None:
    db = _night(tmp_path)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f3")
            await pilot.pause()
            assert "provisional" in _text(pilot, "#settle-title")
            assert "the fewest transfers" in _text(pilot, "#settle-payments")
            await pilot.press("h", "h")  # Anna, then Ben collects
            await pilot.pause()
            payments = _text(pilot, "#settle-payments")
            assert "Ben collects and pays out" in payments and "Ben → Anna" in payments
            await pilot.press("h", "h")  # Cleo, then the fewest transfers again
            await pilot.pause()
            assert "the fewest transfers" in _text(pilot, "#settle-payments")
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "TableScreen"

    asyncio.run(play())
    assert not _on_disk(db)["ended"]  # a look ahead changes nothing


def test_bank_details_are_refused_with_the_reason_then_taken(tmp_path: Path) -> None:
    db = _night(tmp_path)

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("f3", "i")
            await pilot.pause()
            await pilot.press(*"Anna", "enter", *"DE88 3704 0044 0532 0130 00", "enter",
                              "enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "AskScreen"
            assert "check digits" in _text(pilot, ".problem")
            iban = app.screen.query_one("#iban")
            iban.value = "DE89 3704 0044 0532 0130 00"  # type: ignore[attr-defined]
            await pilot.press("enter", "enter", "enter")  # as typed: player, IBAN, holder
            await pilot.pause()
            assert type(app.screen).__name__ == "SettlementScreen"
            assert "IBAN DE89 3704" in _text(pilot, "#settle-payments")

    asyncio.run(play())
    assert _on_disk(db)["last_action"] == len(NIGHT) + 1


def test_mid_turn_the_settlement_says_to_finish_the_turn(tmp_path: Path) -> None:
    db = _night(tmp_path, {"cmd": "end_game"},
                {"cmd": "start_game", "game": "in-between", "dealer": "Ben",
                 "options": {"stake": 10, "rounds": 1}},
                {"cmd": "card", "card": "3c"}, {"cmd": "card", "card": "5d"},
                {"cmd": "card", "card": "Qc"})  # Cleo's two cards are out: her turn is on

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.press("f3")
            await pilot.pause()
            title = _text(pilot, "#settle-title")
            assert "cannot be settled right now" in title and "finish it" in title

    asyncio.run(play())


def test_w_saves_the_page_beside_the_database_and_p_prints_or_says_why_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = _night(tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))  # no lp anywhere

    async def play() -> None:
        async with _app(db, "de").run_test(size=SIZE) as pilot:
            await pilot.press("f3")
            await pilot.pause()
            assert "Abrechnung: Friday" in _text(pilot, "#settle-title")
            await pilot.press("w")
            await pilot.pause()
            assert "Gesichert:" in _text(pilot, "#settle-message")
            await pilot.press("p")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert "keinen Druckbefehl (lp)" in _text(pilot, "#settle-message")
            lp = bin_dir / "lp"
            lp.write_text(f"#!/bin/sh\n/bin/cat > {tmp_path / 'printed.pdf'}\n")
            lp.chmod(lp.stat().st_mode | stat.S_IEXEC)
            await pilot.press("p")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert "Die Abrechnung ging an den Drucker." in _text(pilot, "#settle-message")

    asyncio.run(play())
    page = (tmp_path / "settlement-night-1.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Ben zahlt an Anna" in page  # in German
    assert "1,00 €" in page
    printed = (tmp_path / "printed.pdf").read_bytes()  # the page, as PDF
    assert printed.startswith(b"%PDF") and printed.rstrip().endswith(b"%%EOF")
    assert os.environ["PATH"] == str(bin_dir)


def test_a_night_of_thirty_players_shows_every_payment_and_the_whole_settlement_in_parts(
        tmp_path: Path) -> None:
    from tests.big_night import PLAYERS, commands

    db = tmp_path / "night.db"
    # all but end_night: F3 settles it provisionally; its long names are from a log written
    # before names were kept to what a seat shows
    written_before_the_checks(db, *commands()[:-1])

    async def play() -> None:
        async with _app(db, "de").run_test(size=SIZE) as pilot:
            await pilot.pause()  # the game set-up that opens between games is up
            await pilot.press("escape", "f3")  # no new game now: the settlement
            await pilot.pause()
            assert "Abrechnung: Spieleabend bei Familie Müller" in _text(pilot, "#settle-title")
            results = _text(pilot, "#settle-results")
            assert all(name in results for name in PLAYERS)
            payments = _text(pilot, "#settle-payments")
            assert "Zahlungen (20, so wenige Überweisungen" in payments
            assert "0,70 €" in payments and "€0" not in payments
            whole = _text(pilot, "#settle-whole")
            assert "Die Codes tragen die Zahlungen; die Ergebnisse stehen oben." in whole
            words = " ".join(whole.split())  # the lines beside each code wrap at its side
            assert "Spieleabend bei Familie Müller, Freitag 14. Juni (vorläufig) (1/7)" in words
            assert "(7/7)" in words
            await pilot.press("0")  # the first part alone, then the next, and round again
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "CodeScreen"
            assert "1/7" in _text(pilot, "#code-caption")
            await pilot.press("right")
            await pilot.pause()
            assert "2/7" in _text(pilot, "#code-caption")
            await pilot.press("left", "left")
            await pilot.pause()
            assert "7/7" in _text(pilot, "#code-caption")

    asyncio.run(play())


@pytest.mark.parametrize(("language", "title"), [
    ("en", "Table companion – Friday – settlement"),
    ("de", "Tischbegleiter – Friday – Abrechnung")])
def test_p_sends_the_page_with_a_title_for_the_printers_queue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, title: str) -> None:
    from tests.test_settle_cli import recording_lp

    db = _night(tmp_path)
    env, args, sent = recording_lp(tmp_path / "bin")
    monkeypatch.setenv("PATH", env["PATH"])

    async def play() -> None:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.press("f3", "p")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()

    asyncio.run(play())
    assert args.read_text(encoding="utf-8").splitlines() == ["-t", title]  # not "(stdin)"
    assert sent.read_bytes().startswith(b"%PDF")


def test_a_carried_nights_settlement_lists_no_payment_due_tonight(tmp_path: Path) -> None:
    db = _night(tmp_path, {"cmd": "set_payment", "player": "Anna", "iban": IBAN},
                {"cmd": "end_game"})

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in ("escape", "ctrl+n", "c", "escape", "f3"):  # carried, then its page
                await pilot.press(key)
                await pilot.pause()
            assert "Carried over" in _text(pilot, "#settle-title")
            payments = " ".join(_text(pilot, "#settle-payments").split())
            assert "None tonight" in payments and "open balances (o)" in payments
            assert "Ben → Anna" not in payments and "▀" not in payments  # no GiroCode
            await pilot.press("1")  # a payment's code alone: there is none to show
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "SettlementScreen"

    asyncio.run(play())
