"""The open settlement as one printable HTML page: the carried nights, each player's balance,
and the payments with their GiroCodes (SVG). No script, no fetches."""

from __future__ import annotations

from html import escape

from companion.documents import qr
from companion.history.open_settlement import OpenSettlement, carried_from
from companion.words.i18n import Words
from companion.words.money_text import money_text
from engine.payments import grouped

STYLE = """
@page { size: A4; margin: 8mm 10mm; }
body { font: 9pt/1.3 system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
h2 { font-size: 10pt; margin: 3mm 0 1mm; border-bottom: 0.3mm solid #000; }
table { border-collapse: collapse; }
td { padding: 0.4mm 2mm; text-align: right; border-bottom: 0.2mm solid #ccc; }
td:first-child { text-align: left; }
.payments { display: flex; flex-wrap: wrap; gap: 2mm; }
.payment { border: 0.3mm solid #000; padding: 1.5mm; width: 57mm; break-inside: avoid;
           display: flex; gap: 1.5mm; }
.payment .amount { font-size: 11pt; font-weight: bold; }
.iban { font-family: ui-monospace, monospace; font-size: 7pt; }
"""


def open_page(s: OpenSettlement, words: Words) -> str:
    """The whole document, in the words' language."""
    language = words.language
    title = escape(words("history.open_balances"))
    parts = [f"<!DOCTYPE html>\n<html lang=\"{language}\"><head><meta charset=\"utf-8\">"
             f"<title>{title}</title><style>{STYLE}</style></head><body>",
             f"<h1>{title}</h1>"]
    if not s.nights:
        parts.append(f"<p>{escape(words('open.none'))}</p>")
    else:
        parts.append(f"<p>{escape(carried_from(s, words))}"
                     "</p>")
        rows = "".join(f"<tr><td>{escape(name)}</td><td>"
                       f"{escape(money_text(cents, s.currency, language, sign=True))}</td></tr>"
                       for name, cents in s.balances.items())
        parts.append(f"<table>{rows}</table>")
        cards = []
        for t in s.transfers:
            account = s.accounts.get(t.payee)
            bank = (f"<div class=\"iban\">{escape(account[1] or t.payee)}<br>"
                    f"IBAN {escape(grouped(account[0]))}</div>" if account else "")
            epc = s.epc(t)
            cards.append(f"<div class=\"payment\"><div>{escape(t.payer)} → {escape(t.payee)}"
                         f"<div class=\"amount\">"
                         f"{escape(money_text(t.amount, s.currency, language))}</div>{bank}"
                         f"</div>{qr.svg(epc, 25) if epc else ''}</div>")
        head = escape(words("open.payments", count=len(s.transfers))
                      if s.transfers else words("settle.nobody_owes"))
        parts.append(f"<h2>{head}</h2><div class=\"payments\">{''.join(cards)}</div>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
