"""The players' page in a real headless Chromium (the machine's own, driven by Playwright): it
reads on a phone without scrolling sideways, an action entered through `exec` appears on it
within a second, and on a TV it takes two columns and larger type. Skipped, saying why, where
there is no Chromium (`.ci/run` installs it where it can)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import zxingcpp
from PIL import Image

from tests.cli import play
from tests.test_serve import IBAN, NIGHT, served

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# As the machine's notes advise: no background connections a closed network refuses.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")


def wait_until(page: Page, expression: str, timeout_s: float) -> None:
    """Poll `expression` in the page (the page's own CSP forbids the eval behind Playwright's
    wait_for_function, rightly)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not within {timeout_s} s: {expression}"
        time.sleep(0.02)


def test_the_page_on_a_phone_follows_the_table_and_fills_a_tv(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844},
                                    device_scale_factor=2, is_mobile=True, has_touch=True)
            page.goto(address)
            assert "Pot: 10" in page.inner_text(".pot")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            phone_pot = page.evaluate("parseFloat(getComputedStyle("
                                      "document.querySelector('.pot')).fontSize)")
            wait_until(page, "document.body.dataset.live === 'on'", 5)
            written = time.monotonic()
            play(db, {"cmd": "bet", "amount": 3})
            wait_until(page, "document.getElementById('live').dataset.action === '7'", 3)
            assert time.monotonic() - written < 1.5  # the exec itself included
            assert "Bo bets 3" in page.inner_text(".log")
            page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)

            page.set_viewport_size({"width": 1920, "height": 1080})
            columns = page.evaluate("getComputedStyle(document.querySelector('main'))"
                                    ".gridTemplateColumns.split(' ').length")
            tv_pot = page.evaluate("parseFloat(getComputedStyle("
                                   "document.querySelector('.pot')).fontSize)")
            assert columns == 2 and tv_pot > phone_pot * 1.3
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")

            # The end of the night: each payment's GiroCode, held up from one phone to another.
            play(db, {"cmd": "card", "card": "8s"}, {"cmd": "card", "card": "2d"},
                 {"cmd": "pass"}, {"cmd": "end_night"})
            wait_until(page, "document.querySelector('.payments') !== null", 3)
            page.set_viewport_size({"width": 390, "height": 844})
            page.click(".payments a.code")
            shot = tmp_path / "payment.png"
            page.screenshot(path=str(shot))
            codes = [found.text for found in zxingcpp.read_barcodes(Image.open(shot))]
            assert len(codes) == 1 and IBAN in codes[0] and "EUR0.3" in codes[0]
        finally:
            browser.close()
