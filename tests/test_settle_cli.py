"""`companion settle` through the real CLI on a SQLite file (issue 7, DESIGN.md "The
command contract" and "Settlement"), and the QR codes read back with ZXing.

The night: Ann, Bo, Cy and Dee with 100 chips, one chip worth 0.10 EUR, named Friday; Bo
gives his IBAN. In-Between dealt by Ann (stake 20, one round): Bo wins 12, Cy loses 5, Dee
wins 7, Ann takes the 6 left in the pot (-14). Bo deals next and stakes 20; the game ends
and Bo takes his stake back. A game of Schlag den Dealer dealt by Cy: Dee misses twice
against a 10 (7, Q: 2 sips, caused by Cy); Ann's first-guess hit is undone, then she hits
at the second guess (Cy drinks 2, caused by Ann). Results: Ann -14 (-1.40), Bo +12
(+1.20), Cy -5 (-0.50), Dee +7 (+0.70); no group of them sums to zero, so 3 payments.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import string
import subprocess
import sys
import unicodedata
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image

from companion.documents import qr
from companion.documents.printing import PrintProblem, print_text
from engine.payments import epc_payload
from tests.cli import companion, english, execute, row_count, state
from tests.old_log import written_before_the_checks

Command = dict[str, Any]

IBAN_BO = "DE89 3704 0044 0532 0130 00"
IBAN_DEE = "NL91 ABNA 0417 1643 00"
PLAYERS = ("Ann", "Bo", "Cy", "Dee")
MONEY = {"Ann": "-1.40", "Bo": "1.20", "Cy": "-0.50", "Dee": "0.70"}
RESULTS = {"Ann": -14, "Bo": 12, "Cy": -5, "Dee": 7}
STACKS = {"Ann": 86, "Bo": 112, "Cy": 95, "Dee": 107}


def card(text: str, player: str | None = None) -> Command:
    command: Command = {"cmd": "card", "card": text}
    if player:
        command["player"] = player
    return command


def bet(amount: int, player: str) -> Command:
    return {"cmd": "bet", "amount": amount, "player": player}


def guess(value: Any, player: str) -> Command:
    return {"cmd": "guess", "value": value, "player": player}


def start(money: bool = True, currency: str | None = "EUR") -> list[Command]:
    night: Command = {"cmd": "start_night", "players": list(PLAYERS), "chips": 100,
                      "name": "Friday"}
    if money:
        night["chip_value"] = "0.10"
    if currency is not None:
        night["currency"] = currency
    return [night, {"cmd": "set_payment", "player": "Bo", "iban": IBAN_BO, "name": "Bo Müller"},
            {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
             "options": {"stake": 20, "rounds": 1}},
            card("5", "Bo"), card("9", "Cy"), card("3", "Dee")]


# Bo's, Cy's and Dee's turns: +12, -5, +7; then Bo deals and stakes 20 (an open pot)
TURNS: list[Command] = [
    card("K", "Bo"), bet(12, "Bo"), card("8", "Bo"),
    card("2", "Cy"), bet(5, "Cy"), card("K", "Cy"),
    card("Q", "Dee"), bet(7, "Dee"), card("8", "Dee")]

SCHLAG: list[Command] = [
    {"cmd": "end_game"},  # Bo takes his stake back
    {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Cy"},
    card("10h"), guess(7, "Dee"), guess("Q", "Dee"),  # Dee drinks 2, caused by Cy
    card("5c"), guess(5, "Ann"), {"cmd": "undo"},  # a hit taken back...
    guess(6, "Ann"), guess(5, "Ann"),  # ...then a second-guess hit: Cy drinks 2, by Ann
]
END: list[Command] = [{"cmd": "end_night"}]


def play(db: Path, *commands: Command) -> None:
    done = execute(db, *commands)
    assert done.returncode == 0, done.stderr


def friday(db: Path, money: bool = True, currency: str | None = "EUR") -> Path:
    """The whole night, ended."""
    play(db, *start(money, currency), *TURNS, *SCHLAG, *END)
    return db


def settle(db: Path, *args: str, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    if env is None:
        return companion(db, "settle", *args)
    return subprocess.run([sys.executable, "-m", "companion", "--db", str(db), "settle", *args],
                          capture_output=True, text=True, timeout=60, env=env)


def settled(db: Path, *args: str) -> str:
    done = settle(db, *args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def settled_json(db: Path, *args: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(settled(db, "--format", "json", *args))
    return doc


def refusal(done: subprocess.CompletedProcess[str]) -> str:
    """A refused settle: exit 2, nothing on stdout, one sentence on stderr; the sentence."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].endswith("."), lines[0]
    return lines[0]


def columns(line: str) -> int:
    """How many terminal (or receipt) columns a line takes."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)


def epc_for(name: str, iban: str, amount: str, payer: str, night: str = "Friday") -> str:
    """The GiroCode text of a payment of `amount` ("1.20") worked out by hand from
    EPC069-12: EUR with no trailing zeros, the IBAN without spaces; the remittance text
    names the night and who paid."""
    euros = f"{Decimal(amount):f}".rstrip("0").rstrip(".")
    return (f"BCD\n002\n1\nSCT\n\n{name}\n{iban.replace(' ', '')}\nEUR{euros}\n\n\n"
            f"{night}: {payer}")


def paid(transfers: list[dict[str, Any]]) -> dict[str, Decimal]:
    """What the transfers move, per player: received minus paid."""
    net: dict[str, Decimal] = {}
    for t in transfers:
        amount = Decimal(t["amount"])
        net[t["from"]] = net.get(t["from"], Decimal(0)) - amount
        net[t["to"]] = net.get(t["to"], Decimal(0)) + amount
    return net


# --- QR codes back to text ----------------------------------------------------------------

Grid = list[list[bool]]


def image_of(grid: Grid, scale: int = 6) -> Image.Image:
    """Black and white pixels, `scale` per module."""
    image = Image.new("L", (len(grid[0]) * scale, len(grid) * scale), 255)
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    return image


def decoded(grid: Grid) -> str:
    """The text of the one QR code in `grid`, which must be error correction M, in UTF-8."""
    found = zxingcpp.read_barcodes(image_of(grid))
    assert len(found) == 1, f"{len(found)} codes found"
    code = found[0]
    assert code.valid
    assert code.ec_level == "M"
    text: str = code.text
    assert bytes(code.bytes) == text.encode("utf-8")
    return text


SQUARE = re.compile(r"M(\d+),(\d+)H(\d+)V(\d+)H(\d+)z")


def grid_of_svg(svg: str) -> Grid:
    """The modules an SVG of companion.documents.qr draws: its path is "M x,y H x+1 V y+1 H x z"
    squares in a viewBox of one unit per module."""
    box = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    assert box is not None and box[1] == box[2], svg[:200]
    size = int(box[1])
    path = re.search(r'<path[^>]*\bd="([^"]*)"', svg)
    assert path is not None
    assert re.fullmatch(f"(?:{SQUARE.pattern})+", path[1]), path[1][:200]
    grid = [[False] * size for _ in range(size)]
    for match in SQUARE.finditer(path[1]):
        x, y, right, bottom, back = (int(n) for n in match.groups())
        assert (right, bottom, back) == (x + 1, y + 1, x), match[0]
        grid[y][x] = True
    return grid


HALF = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}


def grid_of_half_blocks(lines: list[str]) -> Grid:
    """Two modules per character: the upper and the lower half."""
    grid: Grid = []
    for line in lines:
        assert set(line) <= set(HALF), line
        grid.append([HALF[c][0] for c in line])
        grid.append([HALF[c][1] for c in line])
    return grid


def quiet_zone(grid: Grid) -> int:
    """How many light modules surround the code on its narrowest side."""
    size = len(grid)
    dark = [(y, x) for y in range(size) for x in range(len(grid[y])) if grid[y][x]]
    top = min(y for y, _ in dark)
    left = min(x for _, x in dark)
    bottom = size - 1 - max(y for y, _ in dark)
    right = len(grid[0]) - 1 - max(x for _, x in dark)
    return min(top, left, bottom, right)


EPC = epc_payload("Jürgen Müller-Lüdenscheidt", IBAN_BO, 1230, "table companion: Freitag")


def test_an_epc_payload_reads_back_from_the_modules() -> None:
    grid = qr.modules(EPC)
    assert decoded(grid) == EPC
    assert len(grid) == len(grid[0])
    assert quiet_zone(grid) == 4
    assert all(not dark for dark in grid[0] + grid[3] + grid[-1] + grid[-4])
    assert len(grid) - 8 <= 69  # EPC069-12: QR version 13 at most


def test_the_svg_reads_back_to_the_same_payload() -> None:
    svg = qr.svg(EPC, 30)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert 'width="30mm" height="30mm"' in svg
    grid = grid_of_svg(svg)
    assert grid == qr.modules(EPC)
    assert quiet_zone(grid) == 4
    assert decoded(grid) == EPC


def test_the_terminal_half_blocks_read_back_to_the_same_payload() -> None:
    lines = qr.half_blocks(EPC)
    size = len(qr.modules(EPC))
    assert len(lines) == (size + 1) // 2
    assert all(len(line) == size for line in lines)
    assert lines[0].strip() == "" and lines[1].strip() == ""  # 4 light rows
    assert all(line.startswith(" " * 4) and line.endswith(" " * 4) for line in lines)
    grid = grid_of_half_blocks(lines)
    assert grid[:size] == qr.modules(EPC)
    assert decoded(grid) == EPC


@pytest.mark.parametrize("text", [
    "x",
    "Ann +1.20\nBo -1.20\nBo -> Ann 1.20 EUR",
    "Ölmühle Übermorgen: Grüße, ß und € — 12 × 4",
])
def test_any_text_reads_back_from_all_three_drawings(text: str) -> None:
    assert decoded(qr.modules(text)) == text
    assert decoded(grid_of_svg(qr.svg(text))) == text
    assert decoded(grid_of_half_blocks(qr.half_blocks(text))) == text


# --- the text receipt ---------------------------------------------------------------------

def test_the_receipt_fits_48_columns_with_results_payments_and_sips(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    text = settled(db)
    lines = text.splitlines()
    assert text.endswith("\n")
    assert [wide for wide in lines if columns(wide) > 48] == []
    assert lines[1] == "TABLE COMPANION" and lines[2] == "Friday"
    assert not any("PROVISIONAL" in line for line in lines)
    for name in PLAYERS:  # name, chips, bought in, result, money
        signed = MONEY[name] if MONEY[name].startswith("-") else "+" + MONEY[name]
        row = (rf"{name}\s+{STACKS[name]}\s+100\s+{re.escape(f'{RESULTS[name]:+d}')}\s+"
               rf"{re.escape(signed)}")
        assert any(re.fullmatch(row, line) for line in lines), row
    transfers = settled_json(db)["transfers"]
    assert any(line.startswith("PAYMENTS (3") for line in lines)
    for t in transfers:
        row = rf"{t['from']} -> {t['to']}\s+€{re.escape(t['amount'])}"  # English money
        assert any(re.fullmatch(row, line) for line in lines), row
    to_bo = sum(1 for t in transfers if t["to"] == "Bo")
    assert to_bo >= 1
    assert lines.count(f"  IBAN {IBAN_BO}") == to_bo
    # sips: drunk and caused per player, then per game
    for name, drunk, caused in (("Ann", 0, 2), ("Bo", 0, 0), ("Cy", 2, 2), ("Dee", 2, 0)):
        assert any(re.fullmatch(rf"{name}\s+{drunk}\s+{caused}", line) for line in lines), name


def test_long_names_and_large_amounts_still_fit_48_columns(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    long_one, long_two = "Maximilian-Alexander von Hohenzollern", "Konstantinopoulou-Papadaki"
    # Names this long are refused today (16 characters, what a seat shows); a log from
    # before may hold them.
    written_before_the_checks(
        db, {"cmd": "start_night", "players": [long_one, "Bo", long_two], "chips": 1_000_000,
             "chip_value": "2.50", "currency": "EUR", "name": "Long"},
        {"cmd": "set_payment", "player": long_one, "iban": "GR16 0110 1250 0000 0001 2300 695",
         "name": "Bartholomäus Ottokar Müller-Lüdenscheidt von und zu Hohenstaufen"},
        {"cmd": "start_game", "game": "in-between", "dealer": long_two,
         "options": {"stake": 100_000, "rounds": 1}},
        card("2", long_one), card("3", "Bo"), card("A", long_one), bet(100_000, long_one),
        card("9", long_one),  # long_one wins the dealer's whole stake
        {"cmd": "end_night"})
    lines = settled(db).splitlines()
    too_wide = [line for line in lines if columns(line) > 48]
    assert too_wide == []
    doc = settled_json(db)
    assert doc["players"][long_one]["money"] == "250000.00"
    assert doc["transfers"] == [{"from": long_two, "to": long_one, "amount": "250000.00",
                                 "epc": epc_for("Bartholomäus Ottokar Müller-Lüdenscheidt von "
                                                "und zu Hohenstaufen",
                                                "GR16 0110 1250 0000 0001 2300 695", "250000.00",
                                                long_two, "Long")}]


@pytest.mark.parametrize("name", [
    "Spieleabend bei Familie Müller, Freitag 14. Juni",  # 48 characters
    "Spieleabend bei Familie Müller am Freitag, 14. Juni 2025",
    "Poker- und In-Between-Abend bei den Müllers, J.",  # 47 characters
])
def test_a_long_night_name_still_makes_a_receipt(tmp_path: Path, name: str) -> None:
    db = tmp_path / "night.db"
    play(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 100, "name": name})
    lines = settled(db).splitlines()
    assert all(columns(line) <= 48 for line in lines)
    assert any(line.startswith("Ann") for line in lines)


# --- JSON ---------------------------------------------------------------------------------

def test_the_json_follows_design_md(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    doc = settled_json(db)
    assert doc["currency"] == "EUR"
    assert doc["provisional"] is False
    assert list(doc["players"]) == list(PLAYERS)
    sips = {"Ann": 0, "Bo": 0, "Cy": 2, "Dee": 2}
    for name in PLAYERS:
        player = doc["players"][name]
        assert (player["result"], player["money"], player["sips"]) == (
            RESULTS[name], MONEY[name], sips[name])
        assert isinstance(player["result"], int) and isinstance(player["sips"], int)
    assert sum(Decimal(p["money"]) for p in doc["players"].values()) == Decimal("0.00")
    transfers = doc["transfers"]
    assert all(set(t) >= {"from", "to", "amount", "epc"} for t in transfers)
    assert all(re.fullmatch(r"\d+\.\d\d", t["amount"]) for t in transfers)
    assert len(transfers) == 3  # the fewest: no two or three of them sum to zero
    assert paid(transfers) == {name: Decimal(MONEY[name]) for name in PLAYERS}
    for t in transfers:  # a GiroCode exactly where the payee gave an IBAN
        expected = (epc_for("Bo Müller", IBAN_BO, t["amount"], t["from"]) if t["to"] == "Bo"
                    else None)
        assert t["epc"] == expected
    assert doc["sips_by_game"] == [{"game": 2, "preset": "schlag-den-dealer",
                                    "title": "Schlag den Dealer", "unit": "sips",
                                    "drunk": {"Dee": 2, "Cy": 2},
                                    "caused": {"Cy": 2, "Ann": 2}}]
    assert doc["players"]["Bo"]["iban"] == IBAN_BO  # set before every chip moved


def exec_night(db: Path, night: int, *commands: Command) -> subprocess.CompletedProcess[str]:
    """`companion exec --night N`: an ended night is no longer the default for writing."""
    return companion(db, "exec", "--night", str(night), "-",
                     stdin="".join(json.dumps(c) + "\n" for c in commands))


def test_bank_details_given_after_the_night_ended_carry_a_girocode(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    rows = row_count(db)
    done = exec_night(db, 1, {"cmd": "set_payment", "player": "Dee",
                              "iban": "GB82 WEST 1234 5698 7654 33"})
    assert done.returncode == 2
    assert done.stderr == ("line 1: The check digits of 'GB82 WEST 1234 5698 7654 33' do not "
                           "match: a character is mistyped.\n")
    assert row_count(db) == rows
    done = exec_night(db, 1, {"cmd": "set_payment", "player": "Dee", "iban": IBAN_DEE.lower()})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["27", "Dee's", "winnings", "go", "to", "IBAN",
                                   *IBAN_DEE.split()]
    assert state(db)["ended"] is True
    transfers = settled_json(db)["transfers"]
    assert {t["to"] for t in transfers} == {"Bo", "Dee"}
    for t in transfers:
        name, iban = ("Bo Müller", IBAN_BO) if t["to"] == "Bo" else ("Dee", IBAN_DEE)
        assert t["epc"] == epc_for(name, iban, t["amount"], t["from"])


def test_host_collects(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    doc = settled_json(db, "--host", "Bo")
    assert doc["transfers"] == [
        {"from": "Ann", "to": "Bo", "amount": "1.40",
         "epc": epc_for("Bo Müller", IBAN_BO, "1.40", "Ann")},
        {"from": "Cy", "to": "Bo", "amount": "0.50",
         "epc": epc_for("Bo Müller", IBAN_BO, "0.50", "Cy")},
        {"from": "Bo", "to": "Dee", "amount": "0.70", "epc": None}]
    assert {n: p["money"] for n, p in doc["players"].items()} == MONEY  # results unchanged
    lines = settled(db, "--host", "Bo").splitlines()
    assert "PAYMENTS (3, Bo collects)" in lines
    assert all(columns(line) <= 48 for line in lines)
    cy = settled_json(db, "--host", "Cy")["transfers"]  # a losing host
    assert [(t["from"], t["to"], t["amount"]) for t in cy] == [
        ("Ann", "Cy", "1.40"), ("Cy", "Bo", "1.20"), ("Cy", "Dee", "0.70")]


def test_an_unknown_host_is_refused_in_one_sentence(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    sentence = refusal(settle(db, "--host", "Zed"))
    assert sentence == ("'Zed' is not at this night's table, so cannot collect; the players: "
                        "Ann, Bo, Cy, Dee.")


# --- HTML ---------------------------------------------------------------------------------

def payment_cards(page: str) -> list[str]:
    """Each payment's card of the page, in order."""
    cards = page.split('<div class="payment">')[1:]
    ends = ('<div class="whole">', "<h2", '<div class="chart">')
    return [card[:min((card.find(end) for end in ends if end in card), default=len(card))]
            for card in cards]


def test_the_html_page_has_a_girocode_for_each_payment_to_an_iban(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    out = tmp_path / "settlement.html"
    assert settled(db, "--format", "html", "--out", str(out)) == ""
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "@page" in page and "@media print" in page
    assert "<script" not in page
    transfers = settled_json(db)["transfers"]
    cards = payment_cards(page)
    assert len(cards) == len(transfers)
    for card_html, t in zip(cards, transfers, strict=True):
        assert f"{t['from']} pays {t['to']}" in card_html
        svgs = re.findall(r"<svg.*?</svg>", card_html, re.S)
        if t["epc"] is None:
            assert svgs == []
        else:
            assert len(svgs) == 1
            assert decoded(grid_of_svg(svgs[0])) == t["epc"]
    assert html.escape(IBAN_BO) in page and "Bo Müller" in page
    # the whole settlement as one more QR, for whoever pays without a GiroCode
    whole = re.search(r'<div class="whole">(<svg.*?</svg>).*?<pre>(.*?)</pre>', page, re.S)
    assert whole is not None
    summary = html.unescape(whole[2])
    assert decoded(grid_of_svg(whole[1])) == summary
    assert summary.startswith("Friday\n")
    for t in transfers:
        assert f"{t['from']} -> {t['to']} €{t['amount']}" in summary
    # and a small chart of every player's stack through the night
    chart = re.search(r'<svg[^>]*aria-label="Stacks through the night".*?</svg>', page, re.S)
    assert chart is not None
    assert [html.unescape(name) for name in re.findall(r"<title>(.*?)</title>", chart[0])] == [
        *PLAYERS]


# --- open nights, mid-turn ----------------------------------------------------------------

def test_an_open_night_is_settled_provisionally_without_changing_it(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *start(), *TURNS)  # Bo has staked 20 for his dealer's game
    rows = row_count(db)
    doc = settled_json(db)
    assert doc["provisional"] is True
    assert {n: (p["result"], p["money"]) for n, p in doc["players"].items()} == {
        n: (RESULTS[n], MONEY[n]) for n in PLAYERS}  # Bo's stake goes back to him
    assert paid(doc["transfers"]) == {n: Decimal(MONEY[n]) for n in PLAYERS}
    text = settled(db)
    assert "PROVISIONAL" in text
    assert all(columns(line) <= 48 for line in text.splitlines())
    assert row_count(db) == rows
    view = state(db)
    assert view["ended"] is False and view["pot"] == 20  # the night goes on as it was
    play(db, *SCHLAG, *END)
    assert settled_json(db)["provisional"] is False


def test_mid_turn_the_settlement_is_refused_in_one_sentence(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *start(), *TURNS[:3], card("2", "Cy"))  # Cy's second card is in: mid-turn
    rows = row_count(db)
    out = tmp_path / "settlement.html"
    for args in ((), ("--format", "json"), ("--format", "html", "--out", str(out))):
        sentence = refusal(settle(db, *args))
        assert sentence.startswith("The night cannot be settled right now: ")
        assert "Cy's turn is under way" in sentence
    assert not out.exists()
    assert row_count(db) == rows


# --- without a chip value -----------------------------------------------------------------

@pytest.mark.parametrize("currency", [None, "EUR"])
def test_without_a_chip_value_amounts_are_chips_and_nobody_gets_a_girocode(
        tmp_path: Path, currency: str | None) -> None:
    db = friday(tmp_path / "night.db", money=False, currency=currency)
    doc = settled_json(db)
    assert {n: (p["result"], p["money"]) for n, p in doc["players"].items()} == {
        n: (RESULTS[n], None) for n in PLAYERS}
    transfers = doc["transfers"]
    assert len(transfers) == 3
    assert all(re.fullmatch(r"\d+", t["amount"]) for t in transfers)
    assert paid(transfers) == {n: Decimal(RESULTS[n]) for n in PLAYERS}
    assert all(t["epc"] is None for t in transfers)  # Bo has an IBAN, but no money here
    lines = settled(db).splitlines()
    assert all(columns(line) <= 48 for line in lines)
    for t in transfers:
        assert any(re.fullmatch(rf"{t['from']} -> {t['to']}\s+{t['amount']} chips", line)
                   for line in lines)
    assert not any("EUR" in line for line in lines)
    page = settled(db, "--format", "html")
    assert all("<svg" not in card_html for card_html in payment_cards(page))


# --- printing -----------------------------------------------------------------------------

def fake_lp(folder: Path, script: str) -> dict[str, str]:
    """An environment whose PATH finds `script` as `lp` first."""
    folder.mkdir()
    lp = folder / "lp"
    lp.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    lp.chmod(0o755)
    return english(PATH=f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")


def test_print_with_format_text_sends_the_receipt_to_lp(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    printed = tmp_path / "printed.txt"
    env = fake_lp(tmp_path / "bin", f'cat > "{printed}"\necho "request id is r-1 (1 file(s))"\n')
    done = settle(db, "--format", "text", "--print", env=env)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert printed.read_text(encoding="utf-8") == settled(db)


def test_print_without_lp_says_so_in_one_sentence(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    empty = tmp_path / "empty"
    empty.mkdir()
    sentence = refusal(settle(db, "--print", env=english(PATH=str(empty))))
    assert "lp" in sentence and "--out" in sentence


def test_a_printer_that_refuses_gives_its_reason(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    env = fake_lp(tmp_path / "bin", 'cat > /dev/null\necho "lp: Error - no printer" >&2\nexit 1\n')
    sentence = refusal(settle(db, "--format", "text", "--print", env=env))
    assert sentence == "The printer refused the receipt: lp: Error - no printer."
    sentence = refusal(settle(db, "--print", env=env))  # the page
    assert sentence == "The printer refused the page: lp: Error - no printer."


def test_the_printers_own_period_is_not_doubled(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    env = fake_lp(tmp_path / "bin", "cat > /dev/null\n"
                  'echo "lp: Error - no default destination available." >&2\nexit 1\n')
    sentence = refusal(settle(db, "--format", "text", "--print", env=env))
    assert sentence == ("The printer refused the receipt: lp: Error - no default destination "
                        "available.")


def test_a_printer_that_babbles_is_quoted_by_its_start_where_the_screen_shows_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The screens show the printer's own reason (`detail`) as it is: was 200,000 characters.
    env = fake_lp(tmp_path / "bin", "cat > /dev/null\n"
                  "head -c 200000 /dev/zero | tr '\\0' x >&2\nexit 3\n")
    monkeypatch.setenv("PATH", env["PATH"])
    with pytest.raises(PrintProblem) as refused:
        print_text("Ann -> Bo  4.00\n")
    assert refused.value.detail == "x" * 160 + "…"
    assert str(refused.value) == f"The printer refused the receipt: {'x' * 160}…."


def test_print_with_out_writes_the_file_even_when_there_is_no_printer(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    empty = tmp_path / "empty"
    empty.mkdir()
    out = tmp_path / "receipt.txt"
    sentence = refusal(settle(db, "--format", "text", "--print", "--out", str(out),
                              env=english(PATH=str(empty))))
    assert "lp" in sentence
    assert out.read_text(encoding="utf-8") == settled(db)


def test_wide_letters_keep_the_receipt_within_48_columns(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    players = ["王小明很长的名字啊", "Bo", "🎲🎲🎲🎲🎲🎲🎲🎲"]
    done = execute(db, {"cmd": "start_night", "players": players,
                        "chips": 100, "chip_value": "0.10", "currency": "EUR",
                        "name": "麻将之夜，在朋友家里，星期五晚上"},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Bo",
                    "options": {"stake": 10, "rounds": 1}},
                   {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "9h"},
                   {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 5},
                   {"cmd": "card", "card": "7s"}, {"cmd": "end_night"})
    assert done.returncode == 0, done.stderr
    lines = settled(db).splitlines()
    assert [line for line in lines if columns(line) > 48] == []
    assert any(line.startswith("王小明很长的…") and "0.00" in line for line in lines)
    assert any(line.startswith("🎲") and "+0.50" in line for line in lines)


# --- the page as PDF, to lp or to a file --------------------------------------------------

def recording_lp(folder: Path) -> tuple[dict[str, str], Path, Path]:
    """A fake `lp` first on PATH that keeps its arguments (one a line) and what it was sent;
    the environment and the two files."""
    args, sent = folder / "lp-args.txt", folder / "lp-input"
    env = fake_lp(folder, f'for a in "$@"; do echo "$a"; done > "{args}"\ncat > "{sent}"\n'
                          'echo "request id is kitchen-1 (1 file(s))"\n')
    return env, args, sent


def pdf_pages(document: bytes) -> int:
    assert document.startswith(b"%PDF-"), document[:20]
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", document)
    assert box is not None  # A4 in points: 595 x 842
    assert (round(float(box[1])), round(float(box[2]))) == (595, 842)
    return len(re.findall(rb"/Type\s*/Page(?!s)", document))


def test_print_sends_the_page_as_pdf_to_lp_with_the_printer_and_its_options(
        tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    env, args, sent = recording_lp(tmp_path / "bin")
    done = settle(db, "--print", "--printer", "Küche", "--lp-option", "media=A4",
                  "--lp-option", "sides=one-sided", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr == "The page went to the printer.\n"
    assert args.read_text(encoding="utf-8").splitlines() == [
        "-d", "Küche", "-t", "Table companion – Friday – settlement", "-o", "media=A4",
        "-o", "sides=one-sided"]
    assert pdf_pages(sent.read_bytes()) == 1


def test_format_pdf_writes_the_one_page_to_a_file(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    out = tmp_path / "settlement.pdf"
    assert settled(db, "--format", "pdf", "--out", str(out)) == ""
    assert pdf_pages(out.read_bytes()) == 1


def test_print_with_out_writes_the_pdf_and_prints_the_same(tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    env, _, sent = recording_lp(tmp_path / "bin")
    out = tmp_path / "settlement.pdf"
    done = settle(db, "--print", "--out", str(out), env=env)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == sent.read_bytes()
    assert pdf_pages(out.read_bytes()) == 1


@pytest.mark.parametrize(("args", "says"), [
    (("--format", "html", "--print"), "--print sends the page (--format pdf) or the receipt "
                                      "(--format text); write --format html to a file with "
                                      "--out FILE."),
    (("--format", "json", "--print"), "--print sends the page (--format pdf) or the receipt "
                                      "(--format text); write --format json to a file with "
                                      "--out FILE."),
    (("--printer", "Küche"), "--printer and --lp-option go with --print."),
    (("--lp-option", "media=A4"), "--printer and --lp-option go with --print."),
])
def test_printing_flags_that_do_not_fit_are_refused_in_one_sentence(
        tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    db = friday(tmp_path / "night.db")
    env, lp_args, _ = recording_lp(tmp_path / "bin")
    assert refusal(settle(db, *args, env=env)) == says
    assert not lp_args.exists()  # nothing went to the printer


# --- in the locale's language -------------------------------------------------------------

def test_the_receipt_and_the_page_speak_german_where_the_locale_is_german(
        tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    german = english(LC_ALL="de_DE.UTF-8")
    done = settle(db, env=german)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(re.fullmatch(r"ERGEBNISSE\s+Chips\s+rein\s+Ergebnis\s+€", line) for line in lines)
    assert any(re.fullmatch(r"Bo\s+112\s+100\s+\+12\s+\+1,20", line) for line in lines)
    assert "ZAHLUNGEN (3)" in lines
    assert any(re.fullmatch(r"Ann -> Bo\s+1,20 €", line) for line in lines)
    assert any(re.fullmatch(r"Spiel 2, Schlag den Dealer:", line) for line in lines)
    assert [line for line in lines if columns(line) > 48] == []
    page = settle(db, "--format", "html", env=german).stdout
    assert '<html lang="de">' in page and "<h1>Abrechnung: Friday</h1>" in page
    assert "Ann zahlt an Bo" in page and "1,20 €" in page and "Ein Chip ist 0,10 € wert." in page
    # --language wins over the locale; the JSON and the GiroCodes keep the machine form
    assert settle(db, "--language", "en", env=german).stdout == settled(db)
    doc = json.loads(settle(db, "--format", "json", env=german).stdout)
    assert doc == settled_json(db)
    assert {t["amount"] for t in doc["transfers"]} == {"1.20", "0.50", "0.20"}
    assert "EUR1.2" in doc["transfers"][0]["epc"]


# --- a big night: 30 players, 20 payments -------------------------------------------------

@pytest.fixture(scope="module")
def big_night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.big_night import commands

    db = tmp_path_factory.mktemp("big") / "night.db"
    # Its long names are refused today (16 characters, what a seat shows); a log from
    # before may hold them, and its paper must still be whole.
    written_before_the_checks(db, *commands())
    return db


def test_a_night_of_thirty_players_makes_its_page_with_the_whole_settlement_in_parts(
        big_night: Path, tmp_path: Path) -> None:
    from tests.big_night import NAME

    out = tmp_path / "settlement.html"
    assert settled(big_night, "--format", "html", "--out", str(out)) == ""
    page = out.read_text(encoding="utf-8")
    transfers = settled_json(big_night)["transfers"]
    assert len(transfers) == 20
    cards = payment_cards(page)
    for card_html, t in zip(cards, transfers, strict=True):  # a GiroCode for every payment
        svgs = re.findall(r"<svg.*?</svg>", card_html, re.S)
        assert [decoded(grid_of_svg(svg)) for svg in svgs] == [t["epc"]]
    whole = page[page.index('<div class="whole">'):]
    figures = re.findall(r"<figure>(<svg.*?</svg>)<figcaption>(\d+)/(\d+)</figcaption>", whole,
                         re.S)
    count = len(figures)
    assert 2 <= count <= 8
    parts = [decoded(grid_of_svg(svg)) for svg, _, _ in figures]
    assert [(int(n), int(of)) for _, n, of in figures] == [(n, count) for n in range(1, count + 1)]
    assert parts[0].startswith(f"{NAME} (1/{count})\n")
    assert all(part.startswith(f"({n}/{count})\n") for n, part in enumerate(parts[1:], 2))
    assert all(len(part.encode("utf-8")) <= 331 for part in parts)  # no bigger than a GiroCode
    carried = [line for part in parts for line in part.splitlines()[1:]]
    assert carried == [f"{t['from']} -> {t['to']} €{t['amount']}" for t in transfers]
    assert "Its codes carry the payments; the results are above." in whole


def test_a_night_of_thirty_players_makes_its_receipt_and_prints_its_page(
        big_night: Path, tmp_path: Path) -> None:
    lines = settled(big_night).splitlines()
    assert [line for line in lines if columns(line) > 48] == []
    text = "\n".join(lines)
    for t in settled_json(big_night)["transfers"]:  # every name whole, none cut off
        assert f"{t['from']}\n  -> {t['to']} " in text
    env, _, sent = recording_lp(tmp_path / "bin")
    done = settle(big_night, "--print", env=env)
    assert done.returncode == 0, done.stderr
    assert pdf_pages(sent.read_bytes()) == 1


def test_one_chip_is_one_chip_on_the_receipt(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    assert execute(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": {"stake": 1, "rounds": 1}},
                   {"cmd": "card", "card": "5"}, {"cmd": "card", "card": "K"},
                   {"cmd": "bet", "amount": 1}, {"cmd": "card", "card": "8"},
                   {"cmd": "end_night"}).returncode == 0  # Bo won Ann's stake of 1
    receipt = companion(db, "settle").stdout
    assert "1 chip" in receipt and "1 chips" not in receipt


# --- the night on paper: its date, its words ----------------------------------------------

MONTHS = {"en": ("January", "February", "March", "April", "May", "June", "July", "August",
                 "September", "October", "November", "December"),
          "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                 "September", "Oktober", "November", "Dezember")}


def night_began(db: Path, language: str) -> str:
    """When the night's first action was recorded, as its paper says it in `language`."""
    import sqlite3
    from datetime import datetime

    connection = sqlite3.connect(db)
    try:
        first = connection.execute("SELECT created_at FROM events ORDER BY seq LIMIT 1")
        began = datetime.fromisoformat(first.fetchone()[0]).astimezone()
    finally:
        connection.close()
    month = MONTHS[language][began.month - 1]
    if language == "de":
        return f"Der Abend vom {began.day}. {month} {began.year}, ab {began:%H:%M} Uhr"
    return f"The night of {began.day} {month} {began.year}, from {began:%H:%M}"


def test_the_german_receipt_is_german_from_its_head_and_keeps_its_columns_apart(
        tmp_path: Path) -> None:
    db = friday(tmp_path / "night.db")
    done = settle(db, "--language", "de")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1] == "TISCHBEGLEITER" and "TABLE COMPANION" not in done.stdout
    assert any(re.fullmatch(r"SCHLUCKE\s+getrunken\s+verursacht", line) for line in lines)
    for name, drunk, caused in (("Ann", 0, 2), ("Cy", 2, 2), ("Dee", 2, 0)):
        assert any(re.fullmatch(rf"{name}\s+{drunk}\s+{caused}", line) for line in lines), name
    assert [line for line in lines if columns(line) > 48] == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_receipt_the_page_and_the_pdf_say_when_the_night_was(tmp_path: Path,
                                                                  language: str) -> None:
    import shutil

    db = friday(tmp_path / "night.db")
    began = night_began(db, language)
    receipt = settled(db, "--language", language)
    assert began in " ".join(receipt.split()), receipt
    page = settled(db, "--format", "html", "--language", language)
    assert f"<p class=\"date\">{html.escape(began)}</p>" in page
    if shutil.which("pdftotext"):  # the PDF read back as the printer gets it
        out = tmp_path / "settlement.pdf"
        settled(db, "--format", "pdf", "--out", str(out), "--language", language)
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                              timeout=60, check=True).stdout
        assert began in " ".join(text.split())


@pytest.mark.parametrize(("language", "title"), [
    ("en", "Table companion – Friday – settlement"),
    ("de", "Tischbegleiter – Friday – Abrechnung")])
def test_a_print_job_is_titled_with_the_night_in_the_queue(tmp_path: Path, language: str,
                                                           title: str) -> None:
    db = friday(tmp_path / "night.db")
    for fmt in ("pdf", "text"):
        env, args, _ = recording_lp(tmp_path / f"bin-{language}-{fmt}")
        done = settle(db, "--print", "--format", fmt, "--language", language, env=env)
        assert done.returncode == 0, done.stderr
        assert args.read_text(encoding="utf-8").splitlines() == ["-t", title]


# --- a German night's papers keep no English ------------------------------------------------

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")


def _words(texts: Iterable[str]) -> set[str]:
    """The words (of four letters or more) of `texts` outside their placeholders."""
    return {word.lower() for text in texts for literal, *_ in string.Formatter().parse(text)
            for word in _WORD.findall(literal or "")}


def _english_left(text: str) -> list[str]:
    """The words of the table's English catalogue in `text` that German says otherwise (no
    German text of the catalogue uses them); a game's title is a name in both."""
    from companion.words.i18n import TABLE
    from engine import registry

    english = (_words(text for key, text in TABLE["en"].items() if TABLE["de"].get(key) != text)
               - _words(TABLE["de"].values())
               - _words(game.title for game in registry.games().values()))
    return sorted({word.lower() for word in _WORD.findall(text)} & english)


def _read(paper: Path, form: str) -> str:
    """What a reader of the paper sees (and a screen reader hears): the PDF's text, the
    HTML page's text and labels without its styles."""
    if form == "pdf":
        return subprocess.run(["pdftotext", "-layout", str(paper), "-"], capture_output=True,
                              text=True, timeout=60, check=True).stdout
    page = re.sub(r"<style>.*?</style>", "", paper.read_text("utf-8"), flags=re.S)
    labels = re.findall(r'(?:aria-label|title|alt)="([^"]*)"', page)
    return html.unescape(" ".join([re.sub(r"<[^>]+>", " ", page), *labels]))


@pytest.mark.parametrize("form", ["text", "html", "pdf"])
def test_a_german_nights_papers_say_nothing_in_english(tmp_path: Path, form: str) -> None:
    if form == "pdf" and shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) reads the PDF back")
    db = tmp_path / "night.db"
    # Bank details with a holder's name (start), an expense, chips and sips.
    play(db, *start(), {"cmd": "expense", "payer": "Ann", "amount": "18.50", "what": "Pizza"},
         *TURNS, *SCHLAG, *END)
    paper = tmp_path / f"settlement.{form}"
    done = settle(db, "--language", "de", "--format", form, "--out", str(paper))
    assert done.returncode == 0, done.stderr
    assert _english_left(_read(paper, form)) == []
