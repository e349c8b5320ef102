"""`companion settle`: one night's settlement as a receipt, JSON, the page or a PDF, to a file
or the printer; and `settle --open`, everything still open across the carried nights."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.cli.common import Refused, put, reader
from companion.history.nights import broken_warnings
from companion.nights import Nights
from companion.papers import (
    open_paper,
    open_title,
    print_paper,
    settlement_paper,
    settlement_title,
)
from companion.words.i18n import Words, language_from_locale


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
    from companion.settle import NotSettleable

    fmt = paper.checked()
    table = reader(db, night)
    try:
        settled = table.settlement(host)
    except NotSettleable as problem:
        raise Refused(str(problem)) from None
    except ValueError as problem:  # chips that do not add up: only a forged log holds those
        if not table.chain_broken:
            raise
        raise Refused(f"Night {table.night} cannot be settled: its log does not verify and "
                      f"what it holds does not add up ({problem}).") from None
    finally:
        table.close()
    language = paper.language or language_from_locale()
    paper.deliver(settlement_paper(settled, fmt, language), settlement_title(settled, language))
    return 0


def settle_open(db: Path, args: argparse.Namespace, paper: Paper) -> int:
    from companion.history.open_settlement import PAID, MixedCurrencies, nights_said

    if not args.open_balances:
        raise Refused("--paid goes with --open: `companion settle --open --paid` records the "
                      "open balances as paid.")
    if args.host:
        raise Refused("--host is for one night's settlement; the open balances are paid "
                      "with the fewest transfers.")
    fmt = paper.checked()
    book = Nights.open(db)
    try:
        records = book.records()
        try:
            settled = book.open_balances(records)
        except MixedCurrencies as problem:
            raise Refused(str(problem)) from None
        words = Words(paper.language or language_from_locale())
        paper.deliver(open_paper(settled, fmt, words), open_title(words))
        for warning in broken_warnings(records, "counted"):
            print(warning, file=sys.stderr)
        if args.paid and settled.nights:
            refusal = book.mark_paid(settled.nights)
            if refusal is not None:
                raise Refused(refusal)
            print(nights_said(words, PAID, settled.nights), file=sys.stderr)
    finally:
        book.close()
    return 0


def _print(document: str | bytes, paper: Paper, title: str) -> None:
    from companion.documents.printing import PrintProblem

    try:
        print_paper(document, title, paper.printer, paper.lp_options)
    except PrintProblem as problem:
        raise Refused(str(problem)) from None
    what = "page" if isinstance(document, bytes) else "receipt"
    print(f"The {what} went to the printer.", file=sys.stderr)
