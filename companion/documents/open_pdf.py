"""The open settlement as A4 PDF, for `settle --open --format pdf` and `--print`: the carried
nights, each player's balance, and the payments as cards with their GiroCodes, drawn on the
same sheet as one night's settlement (fpdf2, vector codes, imported only when wanted)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from companion.documents.pdf_sheet import MARGIN, WIDTH, Sheet, font_family, payment_card
from companion.history.open_settlement import OpenSettlement, carried_from
from companion.words.i18n import Words
from companion.words.money_text import money_text

if TYPE_CHECKING:
    from fpdf import FPDF

FONT = 9.0
CARDS_A_ROW = 3
CODE = 26.0  # mm: a GiroCode a phone reads from paper at arm's length


def open_pdf(s: OpenSettlement, words: Words) -> bytes:
    """The open balances' page(s) as PDF bytes, in the words' language."""
    from fpdf import FPDF

    logging.getLogger("fpdf").setLevel(logging.ERROR)  # a glyph the font lacks is no error
    document = FPDF(orientation="portrait", unit="mm", format="A4")
    document.set_auto_page_break(False)
    document.set_margins(MARGIN, MARGIN)
    document.set_title(words("history.open_balances"))
    document.set_creator("table companion")
    document.c_margin = 0
    names = [*s.balances, *(holder or "" for _, holder in s.accounts.values())]
    OpenSheet(document, font_family(document, names), s, words)
    return bytes(document.output())


class OpenSheet(Sheet):
    """The whole open settlement, drawn top to bottom (pages begun as the room runs out)."""

    def __init__(self, document: FPDF, fonts: tuple[str, bool], s: OpenSettlement,
                 words: Words) -> None:
        super().__init__(document, fonts, FONT, sketch=False)
        self.s, self.words = s, words
        self.paragraph(words("history.open_balances"), FONT + 5, bold=True)
        if not s.nights:
            self.paragraph(words("open.none"), FONT)
            return
        self.paragraph(carried_from(s, words), FONT)
        self.balances()
        self.payments()

    def money(self, cents: int, sign: bool = False) -> str:
        return money_text(cents, self.s.currency, self.words.language, sign=sign)

    def balances(self) -> None:
        self.heading(self.words("open.balances"))
        line = FONT * 0.45
        self.set_font(FONT)
        amounts = {name: self.money(cents, sign=True) for name, cents in self.s.balances.items()}
        column = max(self.width(text) for text in amounts.values()) + 4
        names = min(WIDTH - column, max(self.width(name) for name in amounts) + 8)
        for name, amount in amounts.items():
            self.room(line)
            self.text_at(MARGIN, self.y, names, name, line, "L")
            self.text_at(MARGIN + names, self.y, column, amount, line, "R")
            self.pdf.set_draw_color(200)
            self.line(MARGIN, self.y + line, MARGIN + names + column, self.y + line)
            self.y += line
        self.y += 1.5

    def payments(self) -> None:
        s, words = self.s, self.words
        if not s.transfers:
            self.heading(words("paper.payments_none"))
            self.paragraph(words("settle.nobody_owes"), FONT)
            return
        self.heading(words("open.payments", count=len(s.transfers)).capitalize())
        cards = []
        for t in s.transfers:
            iban, holder = s.accounts.get(t.payee, (None, None))
            cards.append(payment_card(words("paper.pays", payer=t.payer, payee=t.payee),
                                      self.money(t.amount), t.payee, holder, iban, s.epc(t)))
        self.cards(cards, CARDS_A_ROW, CODE)
