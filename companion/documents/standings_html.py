"""The standings as one printable HTML page: the table of every player over the nights, and
each player's running result night by night as a line chart (SVG). No script, no fetches."""

from __future__ import annotations

from html import escape

from companion.documents.svg_chart import line_chart
from companion.history.records import NightRecord
from companion.history.standings import (
    Standing,
    cells,
    common_currency,
    count_cells,
    count_heading,
    counted,
    open_rule,
)
from companion.words.i18n import Words
from companion.words.money_text import money_text

STYLE = """
@page { size: A4 landscape; margin: 8mm 10mm; }
body { font: 9pt/1.3 system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
h2 { font-size: 10pt; margin: 3mm 0 1mm; border-bottom: 0.3mm solid #000; }
table { border-collapse: collapse; }
th, td { padding: 0.4mm 2mm; text-align: right; border-bottom: 0.2mm solid #ccc; }
th:first-child, td:first-child { text-align: left; }
"""
COLUMNS = ("history.player", "history.count", "history.money", "history.chips",
           "history.sips", "history.caused", "history.dealt", "history.as_dealer",
           "history.posts", "history.best_bet", "history.best_night")


def running_results(rows: list[Standing], records: list[NightRecord]
                    ) -> dict[str, list[int | None]]:
    """Each player's running result in chips after every night of `records` (None before
    their first night; unchanged on a night they missed)."""
    series: dict[str, list[int | None]] = {}
    for row in rows:
        played = dict(row.results)
        line: list[int | None] = []
        total: int | None = None
        for record in records:
            if record.night in played:
                total = (total or 0) + played[record.night]
            line.append(total)
        series[row.name] = line
    return series


def standings_page(rows: list[Standing], records: list[NightRecord], words: Words,
                   period: str) -> str:
    """The whole HTML document for `rows` over `records` (oldest first)."""
    language = words.language
    currency = common_currency(records)
    names = counted(rows)
    head = "".join(f"<th>{escape(heading)}</th>" for heading in (
        *(words(key) for key in COLUMNS), *(count_heading(name, language) for name in names)))
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in (*cells(
            row, lambda cents: money_text(cents, currency, language, sign=True)),
            *count_cells(row, names))) + "</tr>"
        for row in rows)
    title = escape(words("history.standings"))
    parts = [f"<!DOCTYPE html>\n<html lang=\"{language}\"><head><meta charset=\"utf-8\">"
             f"<title>{title}</title><style>{STYLE}</style></head><body>",
             f"<h1>{title}</h1><p>{escape(period)}</p>",
             f"<table><tr>{head}</tr>{body}</table>"]
    note = open_rule(records, words)
    if note:
        parts.append(f"<p>{escape(note)}</p>")
    chart = line_chart(running_results(rows, records), words("history.course"), width=260,
                       height=60)
    if chart is not None:
        svg, legend = chart
        parts.append(f"<h2>{escape(words('history.course'))}</h2>{svg}<div>{legend}</div>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


