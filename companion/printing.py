"""Sending text to the machine's printer through `lp` (CUPS), with a sentence when it fails."""

from __future__ import annotations

import shutil
import subprocess


class PrintProblem(Exception):
    """The text could not be printed; the message says why and what to do instead, `key`
    names the case for the screen's words and `detail` is the printer's own reason."""

    def __init__(self, message: str, key: str, detail: str = "") -> None:
        super().__init__(message)
        self.key = key
        self.detail = detail


def print_text(text: str) -> None:
    """Send `text` to the default printer."""
    lp = shutil.which("lp")
    if lp is None:
        raise PrintProblem("There is no printer command (lp) on this machine: save the receipt "
                           "with --out FILE (or w on the settlement screen) and print it from "
                           "elsewhere.", "no_lp")
    try:
        done = subprocess.run([lp], input=text, text=True, capture_output=True, check=False,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PrintProblem(f"The printer command failed: {error}.", "failed",
                           str(error)) from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        detail = lines[-1].rstrip(".") if lines else f"lp exit status {done.returncode}"
        raise PrintProblem(f"The printer refused the receipt: {detail}.", "failed", detail)
