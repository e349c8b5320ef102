"""The table's papers, as the command line and the screen both deliver them: a night's
settlement and the open balances in a form (the receipt's text, JSON, the HTML page, the PDF),
sent to the printer or saved beside the database. Each form's module is imported only when
that form is made (fpdf2 and the charts cost time at start-up).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.history.open_settlement import OpenSettlement
    from companion.settle import NightSettlement
    from companion.words.i18n import Words



@dataclass(frozen=True, slots=True)
class Saved:
    """Where a file was written, or why it was not."""

    path: Path
    problem: str | None = None


def settlement_paper(night: NightSettlement, form: str, language: str) -> str | bytes:
    """The night's settlement as `form`: the 48-column receipt ("text"), the JSON of
    DESIGN.md, the printable HTML page or the A4 PDF (bytes), in `language`."""
    if form == "json":
        from companion.settle import as_json

        return json.dumps(as_json(night), ensure_ascii=False, indent=2) + "\n"
    if form == "html":
        from companion.documents.settle_html import page

        return page(night, language)
    if form == "pdf":
        from companion.documents.settle_pdf import pdf

        return pdf(night, language)
    from companion.documents.receipt import receipt

    return receipt(night, language)


def settlement_title(night: NightSettlement, language: str) -> str:
    """The name of the settlement's print job, for the printer's queue."""
    from companion.documents.settle_words import SettlementWords
    from companion.words.i18n import Words

    return SettlementWords(night, Words(language)).print_title()


def open_paper(settled: OpenSettlement, form: str, words: Words) -> str | bytes:
    """The open balances as `form` (see settlement_paper)."""
    if form == "json":
        from companion.history.open_settlement import open_json

        return json.dumps(open_json(settled), ensure_ascii=False, indent=2) + "\n"
    if form == "html":
        from companion.documents.open_page import open_page

        return open_page(settled, words)
    if form == "pdf":
        from companion.documents.open_pdf import open_pdf

        return open_pdf(settled, words)
    from companion.documents.open_receipt import open_text

    return open_text(settled, words)


def open_title(words: Words) -> str:
    """The name of the open balances' print job."""
    return words("print.job.open")


def print_paper(paper: str | bytes, title: str, printer: str | None = None,
                options: Sequence[str] = ()) -> None:
    """A PDF page (bytes) or a receipt (text) to `printer` (the default one without), with
    lp's `-o` options, named `title` in the queue; PrintProblem says why not."""
    from companion.documents.printing import print_pdf, print_text

    if isinstance(paper, bytes):
        print_pdf(paper, printer, options, title)
    else:
        print_text(paper, printer, options, title)


def save_beside(db: Path, name: str, paper: str | bytes) -> Saved:
    """`paper` written whole to the file `name` beside the database `db`, or why it could not
    be."""
    from companion.documents.whole_file import why_not_written, write_whole

    path = db.parent / name
    try:
        write_whole(path, paper)
    except OSError as error:
        return Saved(path, why_not_written(error))
    return Saved(path)
