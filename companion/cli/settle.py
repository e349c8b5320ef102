"""`companion settle`: one night's settlement as a receipt, JSON, the page or a PDF, to a file
or the printer; and `settle --open`, everything still open across the carried nights."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.cli.common import Refused, put, reader
from companion.history.nights import broken_warnings
from companion.history.records import night_records
from companion.words.i18n import Words, language_from_locale
from events.group import GroupBook
from events.nights import open_log


@dataclass(frozen=True, slots=True)
class Paper:
    """Where `settle` puts the settlement, and in what form."""

    format: str | None
    out: Path | None
    to_printer: bool
    printer: str | None
    lp_options: list[str]
    language: str | None

    def checked(self) -> str:
        """The format to make, once the flags fit together; refused (one sentence) if not."""
        fmt = self.format or ("pdf" if self.to_printer else "text")
        if self.to_printer and fmt not in ("pdf", "text"):
            raise Refused(f"--print sends the page (--format pdf) or the receipt (--format "
                          f"text); write --format {fmt} to a file with --out FILE.")
        if not self.to_printer and (self.printer or self.lp_options):
            raise Refused("--printer and --lp-option go with --print.")
        if fmt == "pdf" and self.out is None and not self.to_printer and sys.stdout.isatty():
            raise Refused("A PDF is no text for the terminal: add --out FILE, or --print.")
        return fmt

    def deliver(self, document: str | bytes, title: str) -> None:
        """To --out, else to stdout unless it goes to the printer; and to the printer."""
        if self.out is not None or not self.to_printer:
            put(self.out, document)  # first: a printer problem must not lose the file
        if self.to_printer:
            _print(document, self, title)


def settle(db: Path, night: int | None, paper: Paper, host: str | None) -> int:
    from companion.documents.receipt import receipt
    from companion.documents.settle_words import SettlementWords
    from companion.settle import NotSettleable, as_json, settlement_of

    fmt = paper.checked()
    session = reader(db, night)
    try:
        settled = settlement_of(session.history, session.night, host, session.fingerprint,
                                session.started_at)
    except NotSettleable as problem:
        raise Refused(str(problem)) from None
    except ValueError as problem:  # chips that do not add up: only a forged log holds those
        if session.broken is None:
            raise
        raise Refused(f"Night {session.night} cannot be settled: its log does not verify and "
                      f"what it holds does not add up ({problem}).") from None
    finally:
        session.close()
    language = paper.language or language_from_locale()
    document: str | bytes
    if fmt == "json":
        document = json.dumps(as_json(settled), ensure_ascii=False, indent=2) + "\n"
    elif fmt == "html":
        from companion.documents.settle_html import page

        document = page(settled, language)
    elif fmt == "pdf":
        from companion.documents.settle_pdf import pdf

        document = pdf(settled, language)
    else:
        document = receipt(settled, language)
    paper.deliver(document, SettlementWords(settled, Words(language)).print_title())
    return 0


def settle_open(db: Path, args: argparse.Namespace, paper: Paper) -> int:
    from companion.history.open_settlement import (
        MixedCurrencies,
        mark_paid,
        nights_said,
        open_json,
        open_settlement,
        open_text,
    )

    if not args.open_balances:
        raise Refused("--paid goes with --open: `companion settle --open --paid` records the "
                      "open balances as paid.")
    if args.host:
        raise Refused("--host is for one night's settlement; the open balances are paid "
                      "with the fewest transfers.")
    fmt = paper.checked()
    store = open_log(db, create=False)
    try:
        records = list(night_records(store))
        settled = open_settlement(records, GroupBook(store).renames())
    except MixedCurrencies as problem:
        raise Refused(str(problem)) from None
    finally:
        store.close()
    words = Words(paper.language or language_from_locale())
    document: str | bytes
    if fmt == "json":
        document = json.dumps(open_json(settled), ensure_ascii=False, indent=2) + "\n"
    elif fmt == "html":
        from companion.documents.open_page import open_page

        document = open_page(settled, words)
    elif fmt == "pdf":
        from companion.documents.open_pdf import open_pdf

        document = open_pdf(settled, words)
    else:
        document = open_text(settled, words)
    paper.deliver(document, words("print.job.open"))
    for warning in broken_warnings(records, "counted"):
        print(warning, file=sys.stderr)
    if args.paid and settled.nights:
        refusal = mark_paid(db, settled.nights)
        if refusal is not None:
            raise Refused(refusal)
        print(nights_said(words, "open.paid", settled.nights), file=sys.stderr)
    return 0


def _print(document: str | bytes, paper: Paper, title: str) -> None:
    from companion.documents.printing import PrintProblem, print_pdf, print_text

    try:
        if isinstance(document, bytes):
            print_pdf(document, paper.printer, paper.lp_options, title)
        else:
            print_text(document, paper.printer, paper.lp_options, title)
    except PrintProblem as problem:
        raise Refused(str(problem)) from None
    what = "page" if isinstance(document, bytes) else "receipt"
    print(f"The {what} went to the printer.", file=sys.stderr)
