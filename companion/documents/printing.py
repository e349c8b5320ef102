"""Sending the settlement to the machine's printer through `lp` (CUPS), with a sentence when it
fails: the page as PDF (CUPS prints PDF on any printer it knows), or the text receipt for a
receipt printer.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence

# As much of lp's own reason as a refusal quotes: its messages are a line of a few words.
_SAID_LENGTH = 160


class PrintProblem(Exception):
    """The text could not be printed; the message says why and what to do instead, `key`
    is the key of the screen's words for the case (`print.no_lp`, `print.failed`) and
    `detail` is the printer's own reason."""

    def __init__(self, message: str, key: str, detail: str = "") -> None:
        super().__init__(message)
        self.key = key
        self.detail = detail


def print_pdf(document: bytes, printer: str | None = None, options: Sequence[str] = (),
              title: str | None = None) -> None:
    """Send a PDF to `printer` (the default one without), with lp's `-o` options."""
    _lp(document, "page", "--format pdf --out FILE", printer, options, title)


def print_text(text: str, printer: str | None = None, options: Sequence[str] = (),
               title: str | None = None) -> None:
    """Send plain text to `printer` (the default one without), with lp's `-o` options."""
    _lp(text.encode("utf-8"), "receipt", "--out FILE", printer, options, title)


def _lp(data: bytes, what: str, save: str, printer: str | None, options: Sequence[str],
        title: str | None) -> None:
    lp = shutil.which("lp")
    if lp is None:
        raise PrintProblem(f"There is no printer command (lp) on this machine: save the {what} "
                           f"with {save} (or w on the settlement screen) and print it from "
                           "elsewhere.", "print.no_lp")
    command = [lp]
    if printer:
        command += ["-d", printer]
    if title:
        command += ["-t", title]
    for option in options:
        command += ["-o", option]
    try:  # lp reads the document from its standard input
        done = subprocess.run(command, input=data, capture_output=True, check=False,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PrintProblem(f"The printer command failed: {error}.", "print.failed",
                           str(error)) from None
    if done.returncode != 0:
        said = (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()
        detail = said[-1].rstrip(".") if said else f"lp exit status {done.returncode}"
        if len(detail) > _SAID_LENGTH:  # a printer that babbles is quoted by its start
            detail = detail[:_SAID_LENGTH] + "…"
        raise PrintProblem(f"The printer refused the {what}: {detail}.", "print.failed", detail)
