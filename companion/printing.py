"""Sending text to the machine's printer through `lp` (CUPS), with a sentence when it fails."""

from __future__ import annotations

import shutil
import subprocess


class PrintProblem(Exception):
    """The text could not be printed; the message says why and what to do instead."""


def print_text(text: str) -> None:
    """Send `text` to the default printer."""
    lp = shutil.which("lp")
    if lp is None:
        raise PrintProblem("There is no printer command (lp) on this machine: save the receipt "
                           "with --out FILE (or w on the settlement screen) and print it from "
                           "elsewhere.")
    try:
        done = subprocess.run([lp], input=text, text=True, capture_output=True, check=False,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PrintProblem(f"The printer command failed: {error}.") from None
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise PrintProblem("The printer refused the receipt: "
                           f"{reason[-1] if reason else f'lp exit status {done.returncode}'}.")
