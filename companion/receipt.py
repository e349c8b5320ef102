"""The settlement as plain text no wider than 48 columns: an 80 mm receipt printer's line."""

from __future__ import annotations

import textwrap
import unicodedata

from companion.settle import NightSettlement
from engine.payments import grouped
from engine.settlement import money

WIDTH = 48


def _width(text: str) -> int:
    """Columns on the printer: East Asian wide letters and emoji take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _row(left: str, right: str) -> str:
    """`left` and `right` on one line, `left` shortened when both do not fit (and `right`
    too when it alone is wider than the line)."""
    right = _cut(right, WIDTH - 2)
    room = WIDTH - _width(right) - 1
    return _name(left, room) + " " + right


def _cut(text: str, width: int) -> str:
    """`text` in at most `width` columns, cut with … when longer."""
    if _width(text) <= width:
        return text
    while _width(text) > width - 1:
        text = text[:-1]
    return text + "…"


def _name(name: str, width: int) -> str:
    """`name` cut to `width` columns and padded to exactly `width`."""
    name = _cut(name, width)
    return name + " " * (width - _width(name))


def receipt(night: NightSettlement) -> str:
    """Results, payments and sips, in the order they are read out at the table."""
    s = night.settlement
    unit = (s.currency or "money") if s.in_money else "chips"
    title = night.title()
    lines = ["=" * WIDTH, "TABLE COMPANION",
             *textwrap.wrap(title, WIDTH, break_long_words=True), "=" * WIDTH]
    if s.provisional:
        lines += ["PROVISIONAL: the night is still open;", "pots shared as if it ended now.",
                  "-" * WIDTH]
    lines.append(f"{'RESULTS':<14}{'chips':>8}{'in':>8}{'result':>8}"
                 + (f"{s.currency or '':>10}" if s.in_money else ""))
    for p in s.standings:
        result = f"{p.result:+d}" if p.result else "0"
        line = (f"{_name(p.name, 14)}{p.chips:>8}{p.bought_in:>8}{result:>8}"
                + (f"{money(p.cents or 0, sign=True):>10}" if s.in_money else ""))
        lines.append(line)
    lines.append("-" * WIDTH)
    mode = f", {s.host} collects" if s.host else ""
    lines.append(f"PAYMENTS ({len(s.transfers)}{mode})" if s.transfers
                 else "PAYMENTS: nobody owes anything")
    for t in s.transfers:
        lines.append(_row(f"{t.payer} -> {t.payee}", f"{night.amount_text(t.amount)} {unit}"))
        payee = s.standing(t.payee)
        if payee.iban and s.in_money:
            lines.append(f"  IBAN {grouped(payee.iban)}")
            if payee.account_name and payee.account_name != payee.name:
                lines.append(f"  to {_cut(payee.account_name, WIDTH - 5)}")
    if any(p.sips or p.caused for p in s.standings):
        lines += ["-" * WIDTH, f"{s.sip_unit.upper():<28}{'drunk':>10}{'caused':>10}"]
        for p in s.standings:
            lines.append(f"{_name(p.name, 28)}{p.sips:>10}{p.caused:>10}")
        for game in s.games:
            lines.append(f"game {game.number}, {game.title or game.game}:"[:WIDTH])
            for name in dict.fromkeys([*game.drunk, *game.caused]):
                lines.append(_row(f"  {name}", f"{game.drunk.get(name, 0)} drunk, "
                                               f"{game.caused.get(name, 0)} caused"))
    lines.append("=" * WIDTH)
    return "\n".join(lines) + "\n"
