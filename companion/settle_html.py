"""The settlement as one printable HTML page: results, payments with their GiroCodes (SVG),
sips, and a small chart of every player's stack through the night. No script, no fetches:
the file prints the same anywhere."""

from __future__ import annotations

from html import escape

from companion import qr
from companion.settle import NightSettlement, summary_text
from engine.payments import grouped
from engine.settlement import money

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22")

STYLE = """
@page { size: A4; margin: 8mm 10mm; }
body { font: 9pt/1.3 system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
h2 { font-size: 10pt; margin: 3mm 0 1mm; border-bottom: 0.3mm solid #000; }
p { margin: 1mm 0; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 0.4mm 2mm; text-align: right; border-bottom: 0.2mm solid #ccc; }
th:first-child, td:first-child { text-align: left; }
.provisional { font-weight: bold; border: 0.4mm solid #000; padding: 1mm; }
.payments { display: flex; flex-wrap: wrap; gap: 2mm; }
.payment { border: 0.3mm solid #000; padding: 1.5mm; width: 57mm; break-inside: avoid;
           display: flex; gap: 1.5mm; }
.payment .amount { font-size: 11pt; font-weight: bold; }
.iban { font-family: ui-monospace, monospace; font-size: 7pt; }
.whole { display: flex; gap: 3mm; margin-top: 2mm; break-inside: avoid; }
.whole svg, .payment svg { flex: none; }
.whole > div { min-width: 0; }
.whole pre { font-size: 7pt; margin: 0; columns: 3 28mm; column-gap: 5mm; }
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
.dense .chart svg { height: 22mm; }
.neg { color: #b00; }
.chart svg { display: block; width: 180mm; height: 32mm; }
@media print { h2, table, .chart { break-inside: avoid; } }
"""


def page(night: NightSettlement) -> str:
    """The whole HTML document."""
    s = night.settlement
    title = night.title()
    body = "<body class=\"dense\">" if len(s.standings) > 10 or len(s.transfers) > 9 else "<body>"
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>Settlement: {escape(title)}</title><style>{STYLE}</style></head>{body}",
             f"<h1>Settlement: {escape(title)}</h1>"]
    if s.provisional:
        parts.append("<p class=\"provisional\">Provisional: the night is still open; the pots "
                     "are shared as if it ended now.</p>")
    if s.in_money:
        parts.append(f"<p>One chip is worth {escape(s.chip_value or '')} "
                     f"{escape(s.currency or '')}.</p>")
    parts += [_results(night), _payments(night), _chart(night),
              "</body></html>\n"]
    return "\n".join(part for part in parts if part)


def _results(night: NightSettlement) -> str:
    s = night.settlement
    money_head = f"<th>{escape(s.currency or 'money')}</th>" if s.in_money else ""
    with_sips = any(p.sips or p.caused for p in s.standings)
    sips_head = (f"<th>{s.sip_unit.capitalize()} drunk</th><th>caused</th>" if with_sips
                 else "")
    rows = []
    for p in s.standings:
        cls = ' class="neg"' if p.result < 0 else ""
        cents = f"<td{cls}>{money(p.cents or 0, sign=True)}</td>" if s.in_money else ""
        sips = f"<td>{p.sips}</td><td>{p.caused}</td>" if with_sips else ""
        rows.append(f"<tr><td>{escape(p.name)}</td><td>{p.bought_in}</td><td>{p.chips}</td>"
                    f"<td{cls}>{_signed(p.result)}</td>{cents}{sips}</tr>")
    return ("<h2>Results</h2><table><tr><th>Player</th><th>Bought in</th><th>Chips</th>"
            f"<th>Result</th>{money_head}{sips_head}</tr>{''.join(rows)}</table>"
            + _sips_by_game(night))


def _signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def _payments(night: NightSettlement) -> str:
    s = night.settlement
    if not s.transfers:
        return (f"<h2>Payments</h2><p>Nobody owes anything.</p>"
                f"{_whole(night)}")
    unit = (s.currency or "") if s.in_money else "chips"
    how = f"{escape(s.host)} collects and pays out" if s.host else "the fewest transfers"
    cards = []
    for t in s.transfers:
        payee = s.standing(t.payee)
        epc = night.epc(t)
        account = (f"<div class=\"iban\">{escape(payee.account_name or payee.name)}<br>"
                   f"IBAN {escape(grouped(payee.iban))}</div>" if payee.iban else "")
        code = qr.svg(epc, 25) if epc else ""
        cards.append(f"<div class=\"payment\"><div>{escape(t.payer)} pays "
                     f"{escape(t.payee)}<div class=\"amount\">"
                     f"{night.amount_text(t.amount)} {escape(unit)}</div>{account}</div>"
                     f"{code}</div>")
    return (f"<h2>Payments ({len(s.transfers)}, {how})</h2>"
            f"<div class=\"payments\">{''.join(cards)}</div>{_whole(night)}")


def _sips_by_game(night: NightSettlement) -> str:
    """One line per game that counted sips: who drank how many, who caused how many."""
    lines = [f"<p>Game {g.number}, {escape(g.title or g.game)}: drunk "
             + escape(", ".join(f"{name} {sips}" for name, sips in g.drunk.items()))
             + "; caused " + escape(", ".join(f"{name} {sips}" for name, sips in g.caused.items()))
             + "</p>" for g in night.settlement.games]
    return "".join(lines)


def _chart(night: NightSettlement, width: int = 180, height: int = 32) -> str:
    """Every player's stack as a line over the night (mm on paper)."""
    values = [v for line in night.stacks.values() for v in line if v is not None]
    points = max((len(line) for line in night.stacks.values()), default=0)
    if not values or points < 2:
        return ""
    # a margin, so no line runs along the edge
    span = (max(values) - min(values) or 1) * 1.1
    low = min(values) - span / 22

    def xy(index: int, value: float) -> str:
        return (f"{index * width / (points - 1):.1f},"
                f"{height - (value - low) * height / span:.1f}")

    lines, legend = [], []
    for number, (name, line) in enumerate(night.stacks.items()):
        colour = COLOURS[number % len(COLOURS)]
        # past ten players the colours come round again, dashed
        dash = ' stroke-dasharray="2 1"' if number >= len(COLOURS) else ""
        path = " ".join(xy(i, v) for i, v in enumerate(line) if v is not None)
        lines.append(f'<polyline fill="none" stroke="{colour}" stroke-width="0.6"{dash} '
                     f'points="{path}"><title>{escape(name)}</title></polyline>')
        legend.append(f'<span style="color:{colour}">{"▬" if dash else "■"}</span> '
                      f'{escape(name)}')
    frame = (f'<rect x="0" y="0" width="{width}" height="{height}" fill="none" '
             'stroke="#999" stroke-width="0.2"/>')
    return (f"<div class=\"chart\"><h2>Stacks through the night</h2>"
            f'<svg width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}" '
            'preserveAspectRatio="none" '
            f'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="stacks">'
            f"{frame}{''.join(lines)}</svg><div>{' &nbsp; '.join(legend)}</div>"
            f"<div>from {min(values)} to {max(values)} chips</div></div>")


def _whole(night: NightSettlement) -> str:
    """The QR of the settlement as plain text, for whoever pays without a GiroCode."""
    text = summary_text(night)
    return (f"<div class=\"whole\">{qr.svg(text, 28)}<div><b>The whole settlement</b>"
            f"<pre>{escape(text)}</pre></div></div>")
