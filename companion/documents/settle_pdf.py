"""The settlement as one A4 page of PDF, for `lp` (CUPS prints PDF on any printer it knows):
the night's name, the results, the payments with their GiroCodes, the sips, the whole
settlement's code(s) and a chart of the stacks.

Drawn with fpdf2: pure Python, no browser, a page in a tenth of a second on any laptop. The
QR codes are vector squares from the code's own modules, so they print sharp at any
resolution. A big table is drawn denser until it fits one page (a huge one goes on over
more). fpdf is imported only when a PDF is drawn, and this module only when one is wanted:
the CLI and the screen start without it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.documents.pdf_sheet import GAP, MARGIN, WIDTH, Sheet, font_family, payment_card, rows
from companion.documents.settle_words import TWO_BLOCKS_OVER, SettlementWords
from companion.settle import NightSettlement
from companion.words.i18n import Words
from companion.words.units import unit_name

if TYPE_CHECKING:
    from fpdf import FPDF

Colour = tuple[int, int, int]
# the page's chart colours, as the HTML page has them
COLOURS: tuple[Colour, ...] = (
    (31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14),
    (23, 190, 207), (140, 86, 75), (227, 119, 194), (127, 127, 127), (188, 189, 34))


@dataclass(frozen=True, slots=True)
class Density:
    """How tightly the page is drawn: print size, payment cards a row, code sizes (mm)."""

    font: float
    cards: int
    code: float
    whole_code: float
    chart: float  # the chart's height; 0 leaves it out
    whole_text: bool = True  # the whole settlement's lines beside its codes (the results
    # and the payments above say the same)


# GiroCodes no smaller than 18 mm: a version 9 code (a long name and remittance) then has
# modules of 0.3 mm, what a phone still reads from paper.
DENSITIES = (Density(9, 3, 26, 28, 30), Density(8, 3, 22, 26, 22), Density(7, 4, 19, 24, 18),
             Density(6.5, 4, 18, 22, 0), Density(6, 4, 18, 20, 0, whole_text=False))


def pdf(night: NightSettlement, language: str = "en") -> bytes:
    """The settlement's page as PDF bytes, in `language`: the loosest drawing that keeps it
    on one A4 page."""
    from fpdf import FPDF

    said = SettlementWords(night, Words(language))
    # fpdf names every glyph a font lacks on stderr; a name it cannot draw is no error here.
    logging.getLogger("fpdf").setLevel(logging.ERROR)
    document = FPDF(orientation="portrait", unit="mm", format="A4")
    document.set_auto_page_break(False)
    document.set_margins(MARGIN, MARGIN)
    document.set_title(said.words("settle.title", name=said.title()))
    document.set_creator("table companion")
    document.c_margin = 0  # every text is placed where it is measured, no padding
    fonts = font_family(document, _texts(said))
    # Sketches only measure, on the same document (its fonts are read once); then one
    # drawing at the density that fits.
    density = next((density for density in DENSITIES
                    if Page(document, fonts, said, density, sketch=True).pages == 1),
                   DENSITIES[-1])
    Page(document, fonts, said, density, sketch=False)
    return bytes(document.output())


class Page(Sheet):
    """One drawing of the settlement at one density, or with `sketch` only its measure:
    how many pages it takes."""

    def __init__(self, document: FPDF, fonts: tuple[str, bool], said: SettlementWords,
                 density: Density, sketch: bool) -> None:
        super().__init__(document, fonts, density.font, sketch)
        self.said, self.words, self.density = said, said.words, density
        self.draw()

    # --- the page, top to bottom ----------------------------------------------------------

    def draw(self) -> None:
        s = self.said.settlement
        self.paragraph(self.words("settle.title", name=self.said.title()),
                       self.density.font + 5, bold=True)
        if self.said.date():
            self.paragraph(self.said.date(), self.density.font)
        if s.provisional:
            self.paragraph(self.words("paper.provisional"), self.density.font, bold=True)
        if self.said.carried():
            self.paragraph(self.said.carried(), self.density.font, bold=True)
        if s.in_money:
            self.paragraph(self.said.chip_value(), self.density.font)
        self.results()
        for game in s.games:
            self.paragraph(self.said.game_sips(game), self.density.font - 1)
        if s.expenses:
            self.heading(self.words("settle.expenses"))
            for what, amount, shares in self.said.expense_lines():
                self.paragraph(f"{what}: {amount} · {shares}", self.density.font - 1)
        self.payments()
        if self.said.fingerprint():
            self.paragraph(self.said.fingerprint(), self.density.font - 1)
        self.whole()
        if self.density.chart:
            self.chart()

    def results(self) -> None:
        s, words = self.said.settlement, self.words
        with_sips = any(p.sips or p.caused for p in s.standings)
        unit = unit_name(words, s.sip_unit).capitalize()
        head = [words("paper.player"), words("paper.bought_in"), words("paper.chips"),
                words("paper.result")]
        head += [self.said.money_heading()] if s.in_money else []
        head += [words("paper.drunk", unit=unit), words("paper.caused")] if with_sips else []
        rows = [[p.name, str(p.bought_in), str(p.chips), f"{p.result:+d}" if p.result else "0"]
                + ([self.said.number(p.cents or 0, sign=True)] if s.in_money else [])
                + ([str(p.sips), str(p.caused)] if with_sips else [])
                for p in s.standings]
        self.heading(words("settle.results"))
        # A long table goes in two blocks side by side, so it takes half the height.
        blocks = 2 if len(rows) > TWO_BLOCKS_OVER else 1
        block_width = (WIDTH - GAP * 2 * (blocks - 1)) / blocks
        size = self.density.font
        self.set_font(size, bold=True)
        heads = [self.width(cell) for cell in head]
        self.set_font(size)
        numbers = [max(heads[i], *(self.width(row[i]) for row in rows)) + 2.5
                   for i in range(1, len(head))]
        name_width = block_width - sum(numbers)
        line = size * 0.45
        per_block = -(-len(rows) // blocks)
        self.room(line * (per_block + 1.3))
        top = self.y
        for block in range(blocks):
            x = MARGIN + block * (block_width + GAP * 2)
            y = top
            for number, row in enumerate([head, *rows[block * per_block:][:per_block]]):
                self.set_font(size, bold=number == 0)
                widths = [name_width, *numbers]
                cursor = x
                for column, (cell, width) in enumerate(zip(row, widths, strict=True)):
                    self.text_at(cursor, y, width, cell, line, "L" if column == 0 else "R")
                    cursor += width
                self.pdf.set_draw_color(200)
                self.line(x, y + line, x + block_width, y + line)
                y += line
        self.y = top + line * (per_block + 1) + 1.5

    def payments(self) -> None:
        s, words, night = self.said.settlement, self.words, self.said.night
        if not self.said.due:
            self.heading(words("paper.payments_none"))
            self.paragraph(words("paper.carried_payments" if night.carried
                                 else "settle.nobody_owes"), self.density.font)
            return
        self.heading(words("paper.payments", count=len(s.transfers), how=self.said.how()))
        cards = [payment_card(words("paper.pays", payer=t.payer, payee=t.payee),
                              self.said.amount(t), t.payee, s.standing(t.payee).account_name,
                              s.standing(t.payee).iban, night.epc(t)) for t in s.transfers]
        self.cards(cards, self.density.cards, self.density.code)

    def whole(self) -> None:
        """The whole settlement: one code with its lines beside it, or numbered codes in a
        row with the lines below; lines in columns, a long one wrapped in its column."""
        it = self.said.whole()
        size = self.density.font - 1.5
        code = self.density.whole_code
        line = size * 0.42
        beside = len(it.codes) == 1
        left = MARGIN + (code + 2 * GAP if beside else 0)
        columns = 3 if beside else 4
        column_width = (MARGIN + WIDTH - left - GAP * 2 * (columns - 1)) / columns
        self.set_font(size)
        text = [part for text_line in it.text.split("\n")
                for part in self.split(column_width, text_line)
                ] if self.density.whole_text or not it.codes else []
        per_column = -(-len(text) // columns)  # 0 without the text
        codes_height = code + (line if len(it.codes) > 1 else 0) if it.codes else 0
        self.heading(self.words("settle.whole"))
        if it.note:
            self.paragraph(it.note, size)
        self.room(max(codes_height, per_column * line) if beside
                  else codes_height + GAP + per_column * line)
        top, x = self.y, MARGIN
        for number, data in enumerate(it.codes, 1):
            if x + code > MARGIN + WIDTH:  # more codes than a row holds
                self.y += codes_height + GAP
                self.room(codes_height)
                x = MARGIN
            self.code(data, x, self.y, code)
            if len(it.codes) > 1:
                self.set_font(size)
                self.text_at(x, self.y + code, code, f"{number}/{len(it.codes)}", line, "C")
            x += code + GAP
        self.y = top if beside else self.y + (codes_height + GAP if it.codes else 0)
        self.set_font(size)
        for index, part in enumerate(text):
            column, row = divmod(index, per_column)
            self.text_at(left + column * (column_width + GAP * 2), self.y + row * line,
                         column_width, part, line, "L")
        self.y = max(self.y + per_column * line, top + codes_height if beside else 0) + GAP

    def chart(self) -> None:
        """Every player's stack over the night as a line, past ten colours dashed."""
        stacks = self.said.night.stacks
        values = [v for line in stacks.values() for v in line if v is not None]
        points = max((len(line) for line in stacks.values()), default=0)
        if not values or points < 2:
            return
        height = self.density.chart
        size = self.density.font - 1.5
        legend = [(name, COLOURS[n % len(COLOURS)], n >= len(COLOURS))
                  for n, name in enumerate(stacks)]
        self.set_font(size)
        entries = [self.width(name) + 5 for name, _, _ in legend]
        line = size * 0.42
        # Only on the room left: a chart is no reason for a second page.
        if not self.room(self.heading_height() + height + line * (rows(entries, WIDTH) + 1),
                         new_page=False):
            return
        self.heading(self.words("paper.stacks"))
        self.set_font(size)
        top = self.y
        if not self.sketch:
            self.stack_lines(top, height, [(colour, dashed) for _, colour, dashed in legend])
        self.y = top + height + 1
        x = MARGIN
        for (name, colour, dashed), width in zip(legend, entries, strict=True):
            if x + width > MARGIN + WIDTH:
                x, self.y = MARGIN, self.y + line
            self.pdf.set_fill_color(*colour)
            self.rect(x, self.y + line * 0.3, 3, line * 0.2 if dashed else line * 0.4, "F")
            self.text_at(x + 3.5, self.y, width - 3.5, name, line, "L")
            x += width
        self.y += line
        self.text_at(MARGIN, self.y, WIDTH, self.words(
            "paper.stacks_range", low=min(values), high=max(values)), line, "L")
        self.y += line

    def stack_lines(self, top: float, height: float, looks: list[tuple[Colour, bool]]) -> None:
        """The lines of the chart in their frame, `height` mm high from `top`."""
        stacks = self.said.night.stacks
        values = [v for line in stacks.values() for v in line if v is not None]
        points = max(len(line) for line in stacks.values())
        low, span = min(values), max(values) - min(values) or 1
        self.pdf.set_draw_color(150)
        self.pdf.set_line_width(0.2)
        self.pdf.rect(MARGIN, top, WIDTH, height)
        self.pdf.set_line_width(0.4)
        for (colour, dashed), line in zip(looks, stacks.values(), strict=True):
            self.pdf.set_draw_color(*colour)
            if dashed:
                self.pdf.set_dash_pattern(dash=1.2, gap=0.6)
            # Whole numbers divided once, so a figure beyond what a float holds still has
            # its place; a margin of 1/22 above and below, so no line runs along the edge.
            self.pdf.polyline([(MARGIN + i * WIDTH / (points - 1),
                                top + height - ((v - low) / span / 1.1 + 1 / 22) * height)
                               for i, v in enumerate(line) if v is not None])
            self.pdf.set_dash_pattern()




def _texts(said: SettlementWords) -> list[str]:
    """What the page says that can come from the table: names, the night's name."""
    s = said.settlement
    return [said.title(), *(p.name for p in s.standings),
            *(p.account_name or "" for p in s.standings)]

