"""The open balances as a receipt: for the terminal or a receipt printer, at the receipt's
width (`settle --open`'s text)."""

from __future__ import annotations

from textwrap import wrap

from companion.documents.receipt import WIDTH, left_right
from companion.history.open_settlement import OpenSettlement, broken_said, carried_from
from companion.words.i18n import Words
from companion.words.money_text import money_text
from engine.payments import grouped


def open_text(s: OpenSettlement, words: Words) -> str:
    """The open settlement for the terminal or a receipt printer (the receipt's width)."""
    language = words.language
    if not s.nights:
        warning = broken_said(s, words)
        return "\n".join([words("open.none"), *wrap(warning or "", WIDTH)]) + "\n"
    lines = [words("open.title"), *wrap(carried_from(s, words), WIDTH), "-" * WIDTH]
    for name, cents in s.balances.items():
        lines.append(left_right(name, money_text(cents, s.currency, language, sign=True)))
    lines.append("-" * WIDTH)
    lines.append(words("open.payments", count=len(s.transfers)) if s.transfers
                 else words("settle.nobody_owes"))
    for t in s.transfers:
        lines.append(left_right(f"{t.payer} -> {t.payee}",
                                money_text(t.amount, s.currency, language)))
        account = s.accounts.get(t.payee)
        if account:
            lines.append(f"  IBAN {grouped(account[0])}")
    return "\n".join(lines) + "\n"
