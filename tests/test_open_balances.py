"""Balances carried over nights: `end_night` with `"carry": true` leaves a night unpaid; `settle
--open` adds up everything still open per player (names one regardless of case) and pays it
with the fewest transfers; `--paid` marks those nights paid, an action each log can undo."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli import companion, play, refused_alone
from tests.test_settle_cli import fake_lp
from tests.test_settle_paper import needs_poppler, pdf_codes, pdf_text
from tests.test_standings import _night

Command = dict[str, Any]
MONEY = {"chip_value": "0.10", "currency": "EUR"}


def _carried(commands: list[Command]) -> list[Command]:
    """A night ended with its balances carried over, instead of paid at the table."""
    return [*commands[:-1], {"cmd": "end_night", "carry": True}]


def _three_nights(db: Path) -> None:
    play(db, *_carried(_night("Ann", "Bo", "Cy", **MONEY)))  # Ann -0.30, Bo +0.30, Cy 0
    play(db, *_night("Bo", "Ann", "Dee", **MONEY))  # paid at the table
    play(db, {"cmd": "start_night", "players": ["ann", "Cy", "Eve"], "chips": 0, **MONEY},
         {"cmd": "expense", "payer": "Eve", "amount": "9", "what": "pizza"},  # 3.00 each
         {"cmd": "end_night", "carry": True})  # ann -3.00, Cy -3.00, Eve +6.00


def _open(db: Path) -> dict[str, Any]:
    done = companion(db, "settle", "--open", "--format", "json")
    assert done.returncode == 0, done.stderr
    settled: dict[str, Any] = json.loads(done.stdout)
    return settled


def _statuses(db: Path) -> list[str]:
    done = companion(db, "nights", "--format", "json")
    assert done.returncode == 0, done.stderr
    return [night["status"] for night in json.loads(done.stdout)["nights"]]


def test_the_carried_nights_add_up_per_player_and_settle_with_the_fewest_transfers(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    assert _statuses(db) == ["carried", "ended", "carried"]
    settled = _open(db)
    assert settled["nights"] == [1, 3] and settled["currency"] == "EUR"
    assert {name: p["balance"] for name, p in settled["players"].items()} == {
        "Ann": "-3.30", "Bo": "0.30", "Cy": "-3.00", "Eve": "6.00"}  # "ann" is Ann
    transfers = settled["transfers"]
    assert len(transfers) == 3  # no two of the four balances cancel out
    net: dict[str, int] = {}
    for t in transfers:
        cents = round(float(t["amount"]) * 100)
        net[t["from"]] = net.get(t["from"], 0) - cents
        net[t["to"]] = net.get(t["to"], 0) + cents
    assert net == {"Ann": -330, "Bo": 30, "Cy": -300, "Eve": 600}
    text = companion(db, "settle", "--open").stdout
    assert "OPEN BALANCES" in text and "carried over from nights 1, 3" in text
    assert "PAYMENTS (3)" in text


def test_paid_marks_each_carried_night_paid_and_undo_takes_one_back(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    done = companion(db, "settle", "--open", "--paid")
    assert done.returncode == 0, done.stderr
    assert "Marked paid: nights 1, 3." in done.stderr
    assert _statuses(db) == ["paid", "ended", "paid"]
    assert _open(db)["nights"] == []
    assert companion(db, "settle", "--open").stdout.startswith("Nothing is open")
    assert "its carried balances are paid" in companion(db, "--night", "3", "log").stdout
    undone = companion(db, "--night", "3", "exec", "-", stdin='{"cmd": "undo"}\n')
    assert undone.returncode == 0, undone.stderr
    assert _statuses(db) == ["paid", "ended", "carried"]
    assert {name: p["balance"] for name, p in _open(db)["players"].items()} == {
        "ann": "-3.00", "Cy": "-3.00", "Eve": "6.00"}


def test_a_giro_code_pays_the_player_with_bank_details_from_any_night(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    play(db, {"cmd": "start_night", "players": ["Eve", "Bo"], "chips": 0},
         {"cmd": "set_payment", "player": "Eve", "iban": "DE89370400440532013000"})
    settled = _open(db)
    assert settled["players"]["Eve"]["iban"] == "DE89 3704 0044 0532 0130 00"
    to_eve = [t for t in settled["transfers"] if t["to"] == "Eve"]
    assert to_eve and all(t["epc"] and "DE89370400440532013000" in t["epc"] for t in to_eve)


def test_what_cannot_be_carried_or_paid_is_refused_in_a_sentence(tmp_path: Path) -> None:
    chips_only = tmp_path / "chips.db"
    play(chips_only, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10})
    assert "Only a night counted in money" in refused_alone(
        chips_only, {"cmd": "end_night", "carry": True})
    db = tmp_path / "table.db"
    play(db, *_night("Ann", "Bo", "Cy", **MONEY))  # paid at the table
    assert "--night N" in refused_alone(db, {"cmd": "paid"})  # no night is open

    def refused_in(night: int, command: Command) -> str:
        done = companion(db, "--night", str(night), "exec", "-", stdin=json.dumps(command))
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        return done.stderr

    assert "settled at the table" in refused_in(1, {"cmd": "paid"})
    play(db, *_carried(_night("Ann", "Bo", "Cy", **MONEY)))
    assert companion(db, "--night", "2", "exec", "-", stdin='{"cmd": "paid"}').returncode == 0
    assert "already marked paid" in refused_in(2, {"cmd": "paid"})
    assert "have been paid" in refused_in(
        2, {"cmd": "expense", "payer": "Ann", "amount": "1", "what": "late crisps"})
    for extra in (("--paid",), ("--open", "--print", "--format", "json"),
                  ("--open", "--host", "Ann"), ("--open", "--printer", "PDF")):
        done = companion(db, "settle", *extra)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr


def test_carried_nights_in_two_currencies_are_not_mixed(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *_carried(_night("Ann", "Bo", "Cy", **MONEY)))
    play(db, *_carried(_night("Ann", "Bo", "Cy", chip_value="0.10", currency="CHF")))
    refused = companion(db, "settle", "--open")
    assert refused.returncode == 2 and "different currencies (CHF, EUR)" in refused.stderr


def test_the_open_settlement_prints_as_a_page_with_its_giro_codes(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    play(db, {"cmd": "start_night", "players": ["Eve", "Bo"], "chips": 0},
         {"cmd": "set_payment", "player": "Eve", "iban": "DE89370400440532013000"})
    done = companion(db, "settle", "--open", "--format", "html")
    assert done.returncode == 0, done.stderr
    page = done.stdout
    assert "<h1>Open balances</h1>" in page and "carried over from nights 1, 3" in page
    assert "<td>Eve</td><td>+€6.00</td>" in page and "IBAN DE89 3704 0044 0532 0130 00" in page
    to_eve = [t for t in _open(db)["transfers"] if t["to"] == "Eve"]
    assert page.count("<svg") == len(to_eve)  # a GiroCode for each payment to Eve


@needs_poppler
def test_the_open_settlement_goes_to_the_printer_as_a_pdf_whose_codes_read_back(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    play(db, {"cmd": "start_night", "players": ["Eve", "Bo"], "chips": 0},
         {"cmd": "set_payment", "player": "Eve", "iban": "DE89370400440532013000"})
    printed = tmp_path / "printed.pdf"
    env = fake_lp(tmp_path / "bin", f'cat > "{printed}"\necho "request id is r-1"\n')
    done = companion(db, "settle", "--open", "--print", "--language", "de", env=env)
    assert done.returncode == 0, done.stderr
    document = printed.read_bytes()
    assert document.startswith(b"%PDF-")
    text = " ".join(pdf_text(document, tmp_path).split())
    for said in ("Offene Salden", "Ann -3,30 €", "Eve +6,00 €", "Ann zahlt an Eve",
                 "IBAN DE89 3704 0044 0532 0130 00"):
        assert said in text, said
    to_eve = [t for t in _open(db)["transfers"] if t["to"] == "Eve"]
    codes = pdf_codes(document, tmp_path)
    assert len(codes) == len(to_eve) >= 1
    assert all("DE89370400440532013000" in code and "EUR" in code for code in codes)


# --- a carried night's own papers -----------------------------------------------------------

CARRIED = {"en": ("Carried over", "open balances", "settle --open"),
           "de": ("Übertragen", "offenen Salden", "settle --open")}
PAID = {"en": "paid since", "de": "seither"}


def _papers(db: Path, language: str, folder: Path) -> dict[str, str]:
    """The night's receipt, HTML page and PDF page (as text), in `language`."""
    papers = {}
    for form in ("text", "html", "pdf"):
        out = folder / f"night-{language}.{form}"
        done = companion(db, "--night", "1", "settle", "--format", form, "--language",
                         language, "--out", str(out))
        assert done.returncode == 0, done.stderr
        papers[form] = (pdf_text(out.read_bytes(), folder) if form == "pdf"
                        else out.read_text(encoding="utf-8"))
    return papers


@needs_poppler
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_carried_nights_papers_say_where_its_balances_went_and_ask_no_payment(
        tmp_path: Path, language: str) -> None:
    db = tmp_path / "table.db"
    play(db, *_carried(_night("Ann", "Bo", "Cy", **MONEY)),  # Ann owes Bo 0.30
         {"cmd": "set_payment", "player": "Bo", "iban": "DE89370400440532013000"})
    for form, paper in _papers(db, language, tmp_path).items():
        flat = " ".join(paper.split())
        assert all(part in flat for part in CARRIED[language]), (form, flat)
        assert "Ann -> Bo" not in flat and "Ann → Bo" not in flat, (form, flat)
        assert not re.search(r"(PAYMENTS|ZAHLUNGEN|Payments|Zahlungen) \(1", flat), (form, flat)
        assert "DE89 3704" not in flat, (form, flat)  # no payee's account: nothing to pay
    pdf = tmp_path / "night.pdf"
    assert companion(db, "--night", "1", "settle", "--format", "pdf", "--out",
                     str(pdf)).returncode == 0
    assert not any(code.startswith("BCD") for code in pdf_codes(pdf.read_bytes(), tmp_path))
    # the open balances ask for it once
    assert [(t["from"], t["to"], t["amount"]) for t in _open(db)["transfers"]] == [
        ("Ann", "Bo", "0.30")]
    assert companion(db, "settle", "--open", "--paid").returncode == 0
    for paper in _papers(db, language, tmp_path).values():
        flat = " ".join(paper.split())
        assert PAID[language] in flat and "Ann -> Bo" not in flat, flat


def test_the_players_page_of_a_carried_night_asks_no_payment(tmp_path: Path) -> None:
    from companion.table import TableController
    from companion.web.page import fragment, payment_html
    from companion.words.i18n import Words
    from screens.games import panel_for

    db = tmp_path / "table.db"
    play(db, *_carried(_night("Ann", "Bo", "Cy", **MONEY)),
         {"cmd": "set_payment", "player": "Bo", "iban": "DE89370400440532013000"})
    table = TableController.open_reading(db, 1)
    try:
        page = " ".join(fragment(table, Words("en"), panel_for).html.split())
        assert "Carried over" in page and "open balances" in page
        assert "Ann → Bo" not in page and 'class="payments"' not in page
        assert payment_html(table.settlement(), 1, Words("en")) is None
    finally:
        table.close()
