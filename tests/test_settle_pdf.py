"""The printable settlement page in a real headless Chromium: one A4 page as PDF, and its
GiroCode read back from a screenshot of the page as the browser draws it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from tests.cli import companion, execute

BROWSER = next((path for name in ("chromium", "chromium-browser", "google-chrome")
                if (path := shutil.which(name))), None)
pytestmark = pytest.mark.skipif(
    BROWSER is None, reason="no headless Chromium on this machine (Debian package chromium)")
# Flags for a closed network and a root user: no sandbox, no calls home.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
EPC = "BCD\n002\n1\nSCT\n\nAnna Müller\nDE89370400440532013000\nEUR1\n\n\nFreitag: Ben"


def night_page(folder: Path, name: str = "Freitag", players: int = 6) -> Path:
    """The settlement page of a night at `players` seats (Anna, Ben, ...): Anna deals and
    gave her IBAN, Ben hits the post and pays her 10 chips (1.00 EUR)."""
    db = folder / "night.db"
    seats = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna"][:players]
    firsts = ("4c", "9h", "Ks", "2d", "7s", "3c", "Jd")[:players - 1]
    done = execute(
        db, {"cmd": "start_night", "players": seats, "chips": 100, "chip_value": "0.10",
             "currency": "EUR", "name": name},
        {"cmd": "set_payment", "player": "Anna", "iban": "DE89 3704 0044 0532 0130 00",
         "name": "Anna Müller"},
        {"cmd": "start_game", "game": "in-between", "dealer": "Anna",
         "options": {"stake": 20, "rounds": 1}},
        *({"cmd": "card", "card": card} for card in firsts),  # Ben's second makes 4 to K
        {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 5},
        {"cmd": "card", "card": "Kh"},  # Ben hits the post: 10 into the pot
        {"cmd": "end_night"})
    assert done.returncode == 0, done.stderr
    out = folder / "settlement.html"
    done = companion(db, "settle", "--format", "html", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return night_page(tmp_path_factory.mktemp("pdf"))


def _browser(*args: str, folder: Path) -> str:
    """What the browser printed on its standard output."""
    assert BROWSER is not None
    done = subprocess.run([BROWSER, *FLAGS, f"--user-data-dir={folder / 'profile'}", *args],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_page_prints_as_one_a4_page(page: Path) -> None:
    pdf = page.with_suffix(".pdf")
    _browser("--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri(),
             folder=page.parent)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page(?!s)", data)) == 1
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert box is not None  # A4 in points: 595 x 842
    assert round(float(box.group(1))) == 595 and round(float(box.group(2))) == 842


def test_the_girocode_on_the_page_reads_back_as_the_payment(page: Path) -> None:
    shot = page.with_suffix(".png")
    _browser(f"--screenshot={shot}", "--window-size=800,1150", "--hide-scrollbars",
             "--force-device-scale-factor=3",
             page.as_uri(), folder=page.parent)
    found = {result.text for result in zxingcpp.read_barcodes(Image.open(shot))}
    assert EPC in found
    # the whole settlement, for whoever pays without a GiroCode, is on the page too
    assert any(text.startswith("Freitag\nAnna +1.00") for text in found)


@pytest.mark.parametrize("players", [8, 16])
def test_a_full_table_with_a_payment_from_nearly_everyone_still_prints_on_one_page(
        tmp_path: Path, players: int) -> None:
    from companion.documents.settle_html import page as html_page
    from companion.settle import NightSettlement
    from engine.settlement import GameSips, Settlement, Standing, Transfer

    names = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jon", "Kai",
             "Lea", "Mo", "Nina", "Olaf", "Pia"][:players]
    cents = [4200, -1530, 880, -2210, 1250, -990, 310, -1910] * 2
    cents = cents[:players]
    standings = tuple(
        Standing(name, 100 + c // 10, 100, c // 10, c, 7 * i, 3 * i,
                 "DE89370400440532013000", f"{name} Beispiel-Langername")
        for i, (name, c) in enumerate(zip(names, cents, strict=True)))
    transfers = tuple(Transfer(names[i], names[i - 1], 1000 + i)
                      for i in range(1, players - 2))
    games = (GameSips(2, "schlag-den-dealer", {n: 5 for n in names}, {n: 5 for n in names}),
             GameSips(4, "schlag-den-dealer", {n: 2 for n in names}, {n: 2 for n in names}))
    stacks: dict[str, list[int | None]] = {
        name: [100 + (i * k) % 37 - 18 for k in range(81)] for i, name in enumerate(names)}
    night = NightSettlement(7, Settlement("Samstag", standings, transfers, "0.10", "EUR", None,
                                          games, False), stacks)
    source = tmp_path / "big.html"
    source.write_text(html_page(night), encoding="utf-8")
    pdf = tmp_path / "big.pdf"
    _browser("--no-pdf-header-footer", f"--print-to-pdf={pdf}", source.as_uri(),
             folder=tmp_path)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes())) == 1


# Set into a copy of the page: each line of the whole settlement becomes a span, and the
# page's title says how many pairs of line boxes overlap as the browser lays them out.
MEASURE = """<script>
const pre = document.querySelector('.whole pre');
const lines = pre.textContent.split('\\n');
pre.textContent = '';
for (const line of lines) {
  const span = document.createElement('span');
  span.textContent = line;
  pre.append(span, '\\n');
}
const boxes = [...pre.querySelectorAll('span')].flatMap(s => [...s.getClientRects()])
  .filter(r => r.width > 0.5);
let overlaps = 0;
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const a = boxes[i], b = boxes[j];
  if (a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
      a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlaps++;
}
document.title = 'overlaps ' + overlaps + ' of ' + boxes.length;
</script>"""


def test_a_long_line_of_the_whole_settlement_wraps_in_its_column(tmp_path: Path) -> None:
    name = "Spieleabend bei Familie Müller, Freitag 14. Juni"
    page = night_page(tmp_path, name, players=8).read_text(encoding="utf-8")
    assert name in page
    measured = tmp_path / "measured.html"
    measured.write_text(page.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    dom = _browser("--window-size=794,1123", "--virtual-time-budget=3000", "--dump-dom",
                   measured.as_uri(), folder=tmp_path)
    title = re.search(r"<title>overlaps (\d+) of (\d+)</title>", dom)
    assert title is not None, dom[:2000]
    assert int(title[2]) >= 10  # every line was measured
    assert title[1] == "0"
