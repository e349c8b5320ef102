"""The settlement as one printable HTML page: results, payments with their GiroCodes (SVG),
sips, and a small chart of every player's stack through the night. No script, no fetches:
the file prints the same anywhere."""

from __future__ import annotations

from html import escape

from companion.documents import qr
from companion.documents.settle_words import TWO_BLOCKS_OVER, SettlementWords
from companion.documents.svg_chart import line_chart
from companion.settle import NightSettlement
from companion.words.i18n import Words
from companion.words.units import unit_name
from engine.payments import grouped

STYLE = """
@page { size: A4; margin: 8mm 10mm; }
body { font: 9pt/1.3 system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
h2 { font-size: 10pt; margin: 3mm 0 1mm; border-bottom: 0.3mm solid #000; }
p { margin: 1mm 0; }
table { border-collapse: collapse; width: 100%; }
.results { display: flex; gap: 4mm; align-items: flex-start; }
th, td { padding: 0.4mm 2mm; text-align: right; border-bottom: 0.2mm solid #ccc; }
th:first-child, td:first-child { text-align: left; }
.provisional { font-weight: bold; border: 0.4mm solid #000; padding: 1mm; }
.payments { display: flex; flex-wrap: wrap; gap: 2mm; }
.expenses { margin: 1mm 0; padding-left: 4mm; }
.payment { border: 0.3mm solid #000; padding: 1.5mm; width: 57mm; break-inside: avoid;
           display: flex; gap: 1.5mm; }
.payment .amount { font-size: 11pt; font-weight: bold; }
.iban { font-family: ui-monospace, monospace; font-size: 7pt; }
.whole { display: flex; flex-wrap: wrap; gap: 3mm; margin-top: 2mm; break-inside: avoid; }
.whole svg, .payment svg { flex: none; }
.whole .codes { display: flex; flex-wrap: wrap; gap: 2mm; }
.whole figure { margin: 0; text-align: center; font-size: 7pt; }
.whole .text { flex: 1 1 90mm; min-width: 0; }
/* a long line wraps inside its column instead of running over the next one */
.whole pre { font: inherit; font-size: 7pt; margin: 0; columns: 3 28mm; column-gap: 5mm;
             white-space: pre-wrap; overflow-wrap: anywhere; }
/* a big table: smaller print and codes, five payments a row, so it stays one page */
.dense { font-size: 7pt; }
.dense h2 { margin-top: 2mm; }
.dense th, .dense td { padding: 0.1mm 1.5mm; }
.dense .payments { gap: 1.5mm; }
.dense .payment { width: 33.5mm; flex-direction: column; padding: 1mm; gap: 0.5mm; }
.dense .payment .amount { font-size: 8pt; }
.dense .payment svg { width: 17mm; height: 17mm; }
.dense .iban { font-size: 5pt; }
.dense p { font-size: 6.5pt; margin: 0.5mm 0; }
.dense .whole pre { columns: 4 24mm; font-size: 6pt; }
.dense .whole svg { width: 24mm; height: 24mm; }
.dense .chart svg { height: 22mm; }
.neg { color: #b00; }
.chart svg { display: block; width: 180mm; height: 32mm; }
@media print { h2, table, .chart { break-inside: avoid; } }
"""


def page(night: NightSettlement, language: str = "en") -> str:
    """The whole HTML document, in `language` ("en" or "de")."""
    said = SettlementWords(night, Words(language))
    s = night.settlement
    title = escape(said.words("settle.title", name=said.title()))
    body = "<body class=\"dense\">" if len(s.standings) > 10 or len(s.transfers) > 9 else "<body>"
    parts = [f"<!DOCTYPE html>\n<html lang=\"{said.language}\"><head><meta charset=\"utf-8\">"
             f"<title>{title}</title><style>{STYLE}</style></head>{body}",
             f"<h1>{title}</h1>"]
    if said.date():
        parts.append(f"<p class=\"date\">{escape(said.date())}</p>")
    if s.provisional:
        parts.append(f"<p class=\"provisional\">{escape(said.words('paper.provisional'))}</p>")
    if said.carried():
        parts.append(f"<p class=\"provisional\">{escape(said.carried())}</p>")
    if s.in_money:
        parts.append(f"<p>{escape(said.chip_value())}</p>")
    parts += [_results(said), _expenses(said), _payments(said), _chart(said)]
    if said.fingerprint():
        parts.append(f"<p class=\"fingerprint\">{escape(said.fingerprint())}</p>")
    parts.append("</body></html>\n")
    return "\n".join(part for part in parts if part)


def _results(said: SettlementWords) -> str:
    s, words = said.settlement, said.words
    money_head = f"<th>{escape(said.money_heading())}</th>" if s.in_money else ""
    with_sips = any(p.sips or p.caused for p in s.standings)
    unit = unit_name(words, s.sip_unit).capitalize()
    sips_head = (f"<th>{escape(words('paper.drunk', unit=unit))}</th>"
                 f"<th>{escape(words('paper.caused'))}</th>" if with_sips else "")
    rows = []
    for p in s.standings:
        cls = ' class="neg"' if p.result < 0 else ""
        cents = f"<td{cls}>{said.number(p.cents or 0, sign=True)}</td>" if s.in_money else ""
        sips = f"<td>{p.sips}</td><td>{p.caused}</td>" if with_sips else ""
        rows.append(f"<tr><td>{escape(p.name)}</td><td>{p.bought_in}</td><td>{p.chips}</td>"
                    f"<td{cls}>{_signed(p.result)}</td>{cents}{sips}</tr>")
    heads = "".join(f"<th>{escape(words(key))}</th>" for key in
                    ("paper.player", "paper.bought_in", "paper.chips", "paper.result"))
    head = f"<tr>{heads}{money_head}{sips_head}</tr>"
    # A long table goes in two blocks side by side, so it takes half the height.
    per_block = -(-len(rows) // 2) if len(rows) > TWO_BLOCKS_OVER else len(rows)
    tables = "".join(f"<table>{head}{''.join(rows[start:start + per_block])}</table>"
                     for start in range(0, len(rows), per_block or 1))
    return (f"<h2>{escape(words('settle.results'))}</h2><div class=\"results\">{tables}</div>"
            + _sips_by_game(said))


def _expenses(said: SettlementWords) -> str:
    """The shared costs, each with who shares it and how much (in the payments already)."""
    lines = said.expense_lines()
    if not lines:
        return ""
    items = "".join(f"<li><b>{escape(what)}</b> {escape(amount)} · {escape(shares)}</li>"
                    for what, amount, shares in lines)
    return (f"<h2>{escape(said.words('settle.expenses'))}</h2>"
            f"<ul class=\"expenses\">{items}</ul>")


def _signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def _payments(said: SettlementWords) -> str:
    s, words, night = said.settlement, said.words, said.night
    if not said.due:
        nobody = "paper.carried_payments" if night.carried else "settle.nobody_owes"
        return (f"<h2>{escape(words('paper.payments_none'))}</h2>"
                f"<p>{escape(words(nobody))}</p>{_whole(said)}")
    cards = []
    for t in s.transfers:
        payee = s.standing(t.payee)
        epc = night.epc(t)
        account = (f"<div class=\"iban\">{escape(payee.account_name or payee.name)}<br>"
                   f"IBAN {escape(grouped(payee.iban))}</div>" if payee.iban else "")
        code = qr.svg(epc, 25) if epc else ""
        pays = escape(words("paper.pays", payer=t.payer, payee=t.payee))
        cards.append(f"<div class=\"payment\"><div>{pays}<div class=\"amount\">"
                     f"{escape(said.amount(t))}</div>{account}</div>{code}</div>")
    head = escape(words("paper.payments", count=len(s.transfers), how=said.how()))
    return (f"<h2>{head}</h2><div class=\"payments\">{''.join(cards)}</div>{_whole(said)}")


def _sips_by_game(said: SettlementWords) -> str:
    """One line per game that counted sips: who drank how many, who caused how many."""
    return "".join(f"<p>{escape(said.game_sips(game))}</p>" for game in said.settlement.games)


def _chart(said: SettlementWords) -> str:
    """Every player's stack as a line over the night."""
    stacks = said.night.stacks
    chart = line_chart(stacks, said.words("paper.stacks"))  # its label, read aloud
    if chart is None:
        return ""
    svg, legend = chart
    values = [v for line in stacks.values() for v in line if v is not None]
    return (f"<div class=\"chart\"><h2>{escape(said.words('paper.stacks'))}</h2>{svg}"
            f"<div>{legend}</div><div>"
            f"{escape(said.words('paper.stacks_range', low=min(values), high=max(values)))}"
            "</div></div>")


def _whole(said: SettlementWords) -> str:
    """The settlement as plain text in one QR code, or in numbered parts, for whoever pays
    without a GiroCode; a sentence where the codes leave something out."""
    whole = said.whole()
    if len(whole.codes) == 1:
        codes = qr.svg(whole.codes[0], 28)
    else:
        codes = "".join(f"<figure>{qr.svg(code, 28)}<figcaption>{number}/{len(whole.codes)}"
                        "</figcaption></figure>" for number, code in enumerate(whole.codes, 1))
        codes = f"<div class=\"codes\">{codes}</div>" if codes else ""
    note = f"<p>{escape(whole.note)}</p>" if whole.note else ""
    return (f"<div class=\"whole\">{codes}<div class=\"text\"><b>"
            f"{escape(said.words('settle.whole'))}</b>{note}<pre>{escape(whole.text)}</pre>"
            "</div></div>")
