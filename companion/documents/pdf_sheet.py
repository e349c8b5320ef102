"""A sheet of A4 to draw text and QR codes on with fpdf2, in millimetres from the top left:
the fonts to write with, lines that wrap to a width, headings kept with what follows, and
pages begun when the room runs out. With `sketch` nothing is drawn, only measured: how many
pages it would take.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.documents import qr

if TYPE_CHECKING:
    from fpdf import FPDF

PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210.0, 297.0, 10.0
WIDTH = PAGE_WIDTH - 2 * MARGIN
GAP = 2.0
# What one text may take on the page: far more than any name, IBAN or line of the page
# has. A log from before names were kept to a seat may hold a name of half a million
# letters; beyond these it is cut with an ellipsis, so it is neither printed over pages nor
# measured word by word, page size by page size, for minutes.
LONGEST_WORD = 1_000  # letters of one word, broken into lines where it must
LONGEST_TEXT = 10_000  # letters of a paragraph: the shares of an expense among 100 players
# A font with the letters of most names (umlauts, €, Greek, Cyrillic) in the places where
# Linux, macOS and Windows keep one; the PDF's own Helvetica (Latin-1 and €) without.
FONTS = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
     "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
     "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf"),
    ("/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
     "/System/Library/Fonts/Supplemental/Arial Bold.ttf"),
    ("C:/Windows/Fonts/arial.ttf", "C:/Windows/Fonts/arialbd.ttf"),
)
# For names in Chinese, Japanese or Korean, loaded only when a name needs it.
FALLBACK_FONTS = ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
                  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
# A payment's card: its lines (text, bold, print size more or less than the sheet's) and the
# payload of its QR code, if it has one.
Card = tuple[list[tuple[str, bool, float]], str | None]


def payment_card(pays: str, amount: str, payee: str, holder: str | None, iban: str | None,
                 epc: str | None) -> Card:
    """A payment's card: who pays whom, the amount large, the account holder where it is
    someone else, the IBAN grouped, and the GiroCode's payload."""
    from engine.payments import grouped

    lines = [(pays, False, 0.0), (amount, True, 1.5)]
    if holder and holder != payee:
        lines.append((holder, False, -1.5))
    if iban:
        lines.append((f"IBAN {grouped(iban)}", False, -1.5))
    return lines, epc


class Sheet:
    """Drawing on `document` from the top margin down, at a print size of `font_size`."""

    def __init__(self, document: FPDF, fonts: tuple[str, bool], font_size: float,
                 sketch: bool) -> None:
        self.pdf, (self.family, self.unicode) = document, fonts
        self.font_size, self.sketch = font_size, sketch
        self.pages = 1
        if not sketch:
            self.pdf.add_page()
        self.y = MARGIN

    def room(self, height: float, new_page: bool = True) -> bool:
        """Whether `height` fits below; else a new page is begun (or, without `new_page`,
        nothing is drawn)."""
        if self.y + height <= PAGE_HEIGHT - MARGIN:
            return True
        if new_page:
            self.pages += 1
            if not self.sketch:
                self.pdf.add_page()
            self.y = MARGIN
        return new_page

    def heading_height(self) -> float:
        return (self.font_size + 1) * 0.45 + 2.5

    def heading(self, text: str) -> None:
        """A section's title over a rule, kept with the first line below it."""
        size = self.font_size + 1
        self.room(self.heading_height() + self.font_size * 0.45)
        self.y += 1.5
        self.set_font(size, bold=True)
        self.text_at(MARGIN, self.y, WIDTH, text, size * 0.45, "L")
        self.y += size * 0.45
        self.pdf.set_draw_color(0)
        self.pdf.set_line_width(0.3)
        self.line(MARGIN, self.y, MARGIN + WIDTH, self.y)
        self.y += 1

    def paragraph(self, text: str, size: float, bold: bool = False) -> None:
        self.set_font(size, bold)
        lines = self.split(WIDTH, text)
        self.room(len(lines) * size * 0.45)
        for part in lines:
            self.text_at(MARGIN, self.y, WIDTH, part, size * 0.45, "L")
            self.y += size * 0.45
        self.y += 0.5

    def wrapped_height(self, width: float, text: str, bold: bool, grow: float) -> float:
        size = self.font_size + grow
        self.set_font(size, bold)
        return len(self.split(width, text)) * size * 0.42

    def wrapped(self, x: float, y: float, width: float, text: str, bold: bool,
                grow: float) -> float:
        """`text` from (x, y) in lines no wider than `width`; the height it took."""
        size = self.font_size + grow
        self.set_font(size, bold)
        lines = self.split(width, text)
        for number, part in enumerate(lines):
            self.text_at(x, y + number * size * 0.42, width, part, size * 0.42, "L")
        return len(lines) * size * 0.42

    def cards(self, cards: list[Card], columns: int, code: float) -> None:
        """Payment cards, `columns` a row, each with its lines and its QR code of `code` mm:
        beside the words where the card has room for both, else below them."""
        card_width = (WIDTH - GAP * (columns - 1)) / columns
        beside = card_width - code - 3 >= 24  # room for the words beside the code
        text_width = card_width - 2 - (code + 1 if beside else 0)
        for start in range(0, len(cards), columns):
            row = cards[start:start + columns]
            heights = []
            for lines, epc in row:
                words_height = sum(self.wrapped_height(text_width, text, bold, grow)
                                   for text, bold, grow in lines)
                with_code = (max(words_height, code) if beside else words_height + code
                             ) if epc else words_height
                heights.append(with_code + 2)
            height = max(heights)
            self.room(height)
            for index, (lines, epc) in enumerate(row):
                x = MARGIN + index * (card_width + GAP)
                self.pdf.set_draw_color(0)
                self.pdf.set_line_width(0.3)
                self.rect(x, self.y, card_width, height)
                y = self.y + 1
                for text, bold, grow in lines:
                    y += self.wrapped(x + 1, y, text_width, text, bold, grow)
                if epc:
                    if beside:
                        self.code(epc, x + card_width - code - 1, self.y + 1, code)
                    else:
                        self.code(epc, x + (card_width - code) / 2, y, code)
            self.y += height + GAP

    def split(self, width: float, text: str) -> list[str]:
        """`text` in lines no wider than `width` at the current font, broken between words;
        a word longer than the line is broken where it must."""
        lines: list[str] = []
        line = ""
        for word in self.within(self.clean(text), LONGEST_TEXT).split(" "):
            word = self.within(word, LONGEST_WORD)
            candidate = f"{line} {word}" if line else word
            if self.pdf.get_string_width(candidate) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
            # Each pass takes at least one letter off the line, so it ends.
            while len(line) > 1 and self.pdf.get_string_width(line) > width:
                cut = max(1, self.fitting(line, width))
                lines.append(line[:cut])
                line = line[cut:]
        return [*lines, line]

    def within(self, text: str, most: int) -> str:
        """`text`, or its first `most` letters and an ellipsis when it is longer."""
        return text if len(text) <= most else text[:most] + ("…" if self.unicode else ".")

    def fitting(self, text: str, width: float, tail: str = "") -> int:
        """How many of the first letters of `text` (followed by `tail`) fit in `width`:
        found by halving, so a name of thousands of letters costs a dozen measurements."""
        low, high = 0, len(text)
        while low < high:  # the range halves each pass
            middle = (low + high + 1) // 2
            if self.pdf.get_string_width(text[:middle] + tail) <= width:
                low = middle
            else:
                high = middle - 1
        return low

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        if not self.sketch:
            self.pdf.line(x1, y1, x2, y2)

    def rect(self, x: float, y: float, width: float, height: float, style: str = "D") -> None:
        if not self.sketch:
            self.pdf.rect(x, y, width, height, style=style)

    def text_at(self, x: float, y: float, width: float, text: str, height: float,
                align: str) -> None:
        if self.sketch:
            return
        text = self.clean(text)
        if self.pdf.get_string_width(text) > width:
            ellipsis = "…" if self.unicode else "."
            kept = self.fitting(text, width, ellipsis)
            # Not even the ellipsis fits: the cell stays empty.
            text = text[:kept] + ellipsis if kept or self.pdf.get_string_width(
                ellipsis) <= width else ""
        self.pdf.set_xy(x, y)
        self.pdf.cell(width, height, text, align=align)

    def width(self, text: str) -> float:
        return float(self.pdf.get_string_width(self.clean(text)))

    def set_font(self, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def clean(self, text: str) -> str:
        """Without a font of our own, the PDF's Helvetica knows Windows-1252 only."""
        if self.unicode:
            return text
        return text.encode("cp1252", "replace").decode("cp1252")

    def code(self, data: str, x: float, y: float, size: float) -> None:
        """A QR code as black squares, one row's run of dark modules at a time."""
        if self.sketch:
            return
        grid = qr.modules(data)
        module = size / len(grid)
        self.pdf.set_fill_color(0)
        for row, cells in enumerate(grid):
            start = None
            for column, dark in enumerate([*cells, False]):
                if dark and start is None:
                    start = column
                elif not dark and start is not None:
                    self.pdf.rect(x + start * module, y + row * module,
                                  (column - start) * module, module, style="F")
                    start = None


def font_family(pdf: FPDF, texts: Iterable[str]) -> tuple[str, bool]:
    """The family to write with, and whether it is a Unicode font of our own; a font for
    Chinese, Japanese or Korean behind it where one of `texts` needs it."""
    from fpdf.fonts import TTFFont

    for regular, bold in FONTS:
        if Path(regular).is_file() and Path(bold).is_file():
            pdf.add_font("body", "", regular)
            pdf.add_font("body", "B", bold)
            font = pdf.fonts["body"]
            known = font.ttfont.getBestCmap() if isinstance(font, TTFFont) else {}
            if any(ord(c) not in known for text in texts for c in text if c.isprintable()):
                fallback = next((path for path in FALLBACK_FONTS if Path(path).is_file()), None)
                if fallback:
                    pdf.add_font("fallback", "", fallback)
                    pdf.set_fallback_fonts(["fallback"], exact_match=False)
            return "body", True
    pdf.core_fonts_encoding = "cp1252"
    return "helvetica", False


def rows(widths: list[float], line: float) -> int:
    """How many lines entries of these widths take, flowing left to right."""
    rows, x = 1, 0.0
    for width in widths:
        if x + width > line:
            rows, x = rows + 1, 0.0
        x += width
    return rows
