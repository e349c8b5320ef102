"""`companion settle --print` through a real CUPS: the job goes to a queue on cups-pdf (the PDF
printer), and what comes out the other end is the one-page settlement with its codes. Where
the machine has no CUPS with such a queue (`.ci/run` sets one up where it can), the test
says so and is skipped; tests/test_settle_cli.py covers the same path with a fake `lp`."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from tests.cli import companion, execute
from tests.test_settle_paper import pdf_codes

NIGHT: list[dict[str, Any]] = [{"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100,
          "chip_value": "0.10", "currency": "EUR", "name": "Printed Friday"},
         {"cmd": "set_payment", "player": "Ann", "iban": "DE89370400440532013000"},
         {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
          "options": {"stake": 20, "rounds": 1}},
         {"cmd": "card", "card": "5"}, {"cmd": "card", "card": "9"},
         {"cmd": "card", "card": "K"}, {"cmd": "bet", "amount": 4}, {"cmd": "card", "card": "K"},
         {"cmd": "card", "card": "9"}, {"cmd": "pass"}, {"cmd": "end_night"}]


def _pdf_queue() -> str:
    """A CUPS queue printing to cups-pdf, or skip."""
    if shutil.which("lpstat") is None or shutil.which("lp") is None:
        pytest.skip("no CUPS client (lp, lpstat) on this machine")
    devices = subprocess.run(["lpstat", "-v"], capture_output=True, text=True, timeout=10)
    found = re.search(r"device for (\S+): cups-pdf:", devices.stdout)
    if devices.returncode != 0 or found is None:
        pytest.skip("no CUPS queue on cups-pdf here (.ci/run sets one up where it can)")
    return found.group(1).rstrip(":")


def _output_folder() -> Path:
    config = Path("/etc/cups/cups-pdf.conf")
    text = config.read_text() if config.exists() else ""
    found = re.search(r"^Out\s+(\S+)", text, re.M)
    where = found.group(1) if found else "${HOME}/PDF"
    return Path(where.replace("${HOME}", str(Path.home())))


def test_the_settlement_prints_through_cups_as_one_page_of_pdf(tmp_path: Path) -> None:
    queue = _pdf_queue()
    db = tmp_path / "n.db"
    assert execute(db, *NIGHT).returncode == 0
    folder = _output_folder()
    before = set(folder.glob("*.pdf")) if folder.exists() else set()
    done = companion(db, "settle", "--print", "--printer", queue)
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 60
    printed: list[Path] = []
    while time.monotonic() < deadline and not printed:
        time.sleep(0.5)
        printed = [p for p in (folder.glob("*.pdf") if folder.exists() else [])
                   if p not in before and p.stat().st_size > 0]
    if not printed:
        pytest.skip(f"cups-pdf wrote nothing to {folder} within a minute")
    document = printed[0].read_bytes()
    assert document.startswith(b"%PDF")
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(printed[0])], capture_output=True, text=True,
                              timeout=30).stdout
        assert re.search(r"^Pages:\s+1$", info, re.M), info
    if shutil.which("pdftoppm"):  # the codes survive the printer's own PDF, readable
        codes = pdf_codes(document, tmp_path)
        assert any(code.startswith("BCD\n002\n1\nSCT\n") and "DE89370400440532013000" in code
                   for code in codes), codes
        assert any(code.startswith("Printed Friday") for code in codes), codes
    printed[0].unlink()
