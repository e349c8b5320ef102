"""The settlement on paper (issue 12): money in the language's form, the whole settlement
over as many QR codes as it needs, and the PDF page as fpdf2 draws it, read back with
poppler (its words) and ZXing (its codes)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from companion.documents import pdf_sheet
from companion.documents.settle_pdf import pdf
from companion.documents.settle_words import WHOLE_CODE_BYTES, WHOLE_CODES_MAX, SettlementWords
from companion.settle import NightSettlement
from companion.words.i18n import Words
from companion.words.money_text import money_text, number_text, value_text
from engine.settlement import GameSips, Settlement, Standing, Transfer

POPPLER = shutil.which("pdftotext") and shutil.which("pdftoppm")
needs_poppler = pytest.mark.skipif(
    POPPLER is None, reason="no pdftotext/pdftoppm on this machine (Debian package poppler-utils)")
IBAN = "DE89370400440532013000"


def night(players: int = 4, payments: int | None = None, name: str = "Freitag",
          iban: str | None = IBAN, provisional: bool = False) -> NightSettlement:
    """A settled night of `players` (Anna, Ben, ... then Spieler 27 and on), each paying the
    one before: Anna, the first, collects; she gave `iban`."""
    first = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jon"]
    names = [*first, *(f"Spielerin {n:02d} Müller-Lüdenscheidt" for n in range(11, 200))]
    names = names[:players]
    count = players - 1 if payments is None else payments
    transfers = tuple(Transfer(names[i], names[0], 125 * i) for i in range(1, count + 1))
    cents = [sum(t.amount for t in transfers)] + [-125 * i if i <= count else 0
                                                   for i in range(1, players)]
    standings = tuple(Standing(n, 100 + c // 10, 100, c // 10, c, 2 * i, i,
                               iban if i == 0 else None, "Anna Müller" if i == 0 else None)
                      for i, (n, c) in enumerate(zip(names, cents, strict=True)))
    games = (GameSips(2, "schlag-den-dealer", {names[1]: 3}, {names[0]: 3}, "sips"),)
    stacks: dict[str, list[int | None]] = {n: [100, 100 + s.result // 2, 100 + s.result]
                                           for n, s in zip(names, standings, strict=True)}
    return NightSettlement(3, Settlement(name, standings, transfers, "0.10", "EUR", None,
                                         games, provisional), stacks)


# --- money as people read it --------------------------------------------------------------

@pytest.mark.parametrize(("cents", "currency", "sign", "english", "german"), [
    (125, "EUR", False, "€1.25", "1,25 €"),
    (-125, "EUR", False, "-€1.25", "-1,25 €"),
    (125, "EUR", True, "+€1.25", "+1,25 €"),
    (0, "EUR", True, "€0.00", "0,00 €"),
    (25_000_000, "EUR", False, "€250,000.00", "250.000,00 €"),
    (5, "usd", False, "$0.05", "0,05 $"),
    (1999, "GBP", False, "£19.99", "19,99 £"),
    (125, "CHF", False, "CHF 1.25", "1,25 CHF"),
    (-125, None, True, "-1.25", "-1,25"),
])
def test_money_reads_in_english_with_the_symbol_first_and_in_german_behind_a_comma(
        cents: int, currency: str | None, sign: bool, english: str, german: str) -> None:
    assert money_text(cents, currency, "en", sign) == english
    assert money_text(cents, currency, "de", sign) == german


def test_a_column_of_money_has_numbers_only_and_a_chip_value_keeps_its_digits() -> None:
    assert number_text(123456, "en", sign=True) == "+1,234.56"
    assert number_text(-123456, "de", sign=True) == "-1.234,56"
    assert value_text("0.125", "EUR", "de") == "0,125 €"
    assert value_text("0.10", "EUR", "en") == "€0.10"


# --- the whole settlement in QR codes -----------------------------------------------------

def test_a_small_night_is_one_code_with_every_line() -> None:
    whole = SettlementWords(night(4), Words("de")).whole()
    assert whole.codes == (whole.text,) and whole.note is None
    assert whole.text.splitlines() == [
        "Freitag", "Anna +7,50", "Ben -1,25", "Cleo -2,50", "Dan -3,75",
        "Ben -> Anna 1,25 €", "Cleo -> Anna 2,50 €", "Dan -> Anna 3,75 €"]


def test_a_big_night_is_split_over_numbered_codes_no_bigger_than_a_girocode() -> None:
    said = SettlementWords(night(20, name="Spieleabend bei Familie Müller, Freitag 14. Juni",
                                 provisional=True), Words("en"))
    whole = said.whole()
    count = len(whole.codes)
    assert 2 <= count <= WHOLE_CODES_MAX and whole.note is None  # results and payments
    assert whole.codes[0].startswith(
        f"Spieleabend bei Familie Müller, Freitag 14. Juni (provisional) (1/{count})\n")
    assert [code.splitlines()[0] for code in whole.codes[1:]] == [
        f"({n}/{count})" for n in range(2, count + 1)]
    assert all(len(code.encode("utf-8")) <= WHOLE_CODE_BYTES for code in whole.codes)
    assert [line for code in whole.codes for line in code.splitlines()[1:]] == \
        whole.text.splitlines()[1:]  # every line once, in order, none cut


def test_a_night_too_big_for_its_codes_keeps_the_payments_then_leaves_them_out() -> None:
    payments_only = SettlementWords(night(60, payments=30), Words("en")).whole()
    assert 2 <= len(payments_only.codes) <= WHOLE_CODES_MAX
    assert payments_only.note == "Its codes carry the payments; the results are above."
    assert all("->" in line for code in payments_only.codes
               for line in code.splitlines()[1:])
    none = SettlementWords(night(120), Words("de")).whole()
    assert none.codes == ()
    assert none.note == ("Zu lang für ein paar QR-Codes: die Zahlungen oben sagen, wer wem "
                         "zahlt.")
    assert len(none.text.splitlines()) == 1 + 120 + 119  # still all on the page


# --- the PDF page -------------------------------------------------------------------------

def pdf_text(document: bytes, folder: Path) -> str:
    path = folder / "page.pdf"
    path.write_bytes(document)
    done = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, timeout=60, check=True)
    return done.stdout


def pdf_codes(document: bytes, folder: Path) -> list[str]:
    """The text of every QR code on the page, read from it printed at 300 dpi."""
    path = folder / "page.pdf"
    path.write_bytes(document)
    subprocess.run(["pdftoppm", "-r", "300", "-png", str(path), str(folder / "shot")],
                   capture_output=True, timeout=60, check=True)
    return [found.text for shot in sorted(folder.glob("shot*.png"))
            for found in zxingcpp.read_barcodes(Image.open(shot))]


def one_a4_page(document: bytes) -> bool:
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", document)
    return (document.startswith(b"%PDF-") and box is not None
            and (round(float(box[1])), round(float(box[2]))) == (595, 842)
            and len(re.findall(rb"/Type\s*/Page(?!s)", document)) == 1)


@needs_poppler
def test_the_pdf_says_it_all_in_german(tmp_path: Path) -> None:
    document = pdf(night(4, provisional=True), "de")
    assert one_a4_page(document)
    text = " ".join(pdf_text(document, tmp_path).split())
    for said in ("Abrechnung: Freitag", "Vorläufig: der Abend läuft noch",
                 "Ein Chip ist 0,10 € wert.", "Ergebnisse", "Spieler", "Eingekauft",
                 "Schlucke getrunken", "Zahlungen (3, so wenige Überweisungen wie möglich)",
                 "Ben zahlt an Anna", "1,25 €", "3,75 €", "IBAN DE89 3704 0044 0532 0130 00",
                 "Spiel 2, Schlag den Dealer: getrunken Ben 3; verursacht Anna 3",
                 "Die ganze Abrechnung", "Stapel im Lauf des Abends"):
        assert said in text, said
    assert "€1.25" not in text and "Payments" not in text


@needs_poppler
def test_every_girocode_and_the_whole_settlement_read_back_from_the_printed_page(
        tmp_path: Path) -> None:
    settled = night(8)
    document = pdf(settled, "en")
    assert one_a4_page(document)
    codes = pdf_codes(document, tmp_path)
    epcs = [settled.epc(t) for t in settled.settlement.transfers]
    assert sorted(code for code in codes if code.startswith("BCD")) == sorted(
        epc for epc in epcs if epc)
    assert SettlementWords(settled, Words("en")).whole().codes[0] in codes


@needs_poppler
def test_a_night_of_forty_players_is_still_one_page_with_every_code_readable(
        tmp_path: Path) -> None:
    settled = night(40, payments=25, name="Spieleabend bei Familie Müller, Freitag 14. Juni")
    document = pdf(settled, "de")
    assert one_a4_page(document)
    codes = pdf_codes(document, tmp_path)
    whole = SettlementWords(settled, Words("de")).whole()
    assert sum(code.startswith("BCD") for code in codes) == 25
    assert sorted(code for code in codes if not code.startswith("BCD")) == sorted(whole.codes)


def test_a_night_of_any_size_makes_its_pdf(tmp_path: Path) -> None:
    document = pdf(night(150, name="x" * 300), "en")
    assert document.startswith(b"%PDF-") and document.rstrip().endswith(b"%%EOF")


@needs_poppler
def test_without_a_font_of_its_own_the_pdf_comes_in_the_printers_helvetica(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_sheet, "FONTS", ())
    settled = night(3, name="Grüße aus Köln – 王小明")
    document = pdf(settled, "de")
    assert one_a4_page(document)
    text = pdf_text(document, tmp_path)
    assert "Grüße aus Köln – ???" in text and "1,25 €" in text  # Windows-1252 has € and –


def test_names_in_chinese_come_with_a_fallback_font_or_at_least_do_not_stop_the_page(
        tmp_path: Path) -> None:
    document = pdf(night(3, name="麻将之夜，在朋友家里"), "en")
    assert one_a4_page(document)
