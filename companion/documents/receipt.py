"""The settlement as plain text no wider than 48 columns: an 80 mm receipt printer's line."""

from __future__ import annotations

import textwrap
import unicodedata

from companion.documents.settle_words import SettlementWords
from companion.settle import NightSettlement
from companion.words.i18n import Words
from companion.words.units import unit_name
from engine.payments import grouped
from engine.registry import title_of
from engine.text import shown, shown_lines

WIDTH = 48
NAME_BESIDE = 8  # columns a name needs to stand beside its numbers


def _width(text: str) -> int:
    """Columns on the printer: East Asian wide letters and emoji take two."""
    return sum(_columns(c) for c in text)


def _columns(char: str) -> int:
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def left_right(left: str, right: str) -> str:
    """`left` and `right` on one line, `left` shortened when both do not fit (and `right`
    too when it alone is wider than the line)."""
    right = _cut(right, WIDTH - 2)
    room = WIDTH - _width(right) - 1
    return _name(left, room) + " " + right


def _cut(text: str, width: int) -> str:
    """`text` (control characters escaped) in at most `width` columns, cut with … when
    longer; nothing when not even … fits."""
    text = shown(text)
    if _width(text) <= width:
        return text
    kept, used = [], 0
    for char in text:  # one pass, however long the text
        used += _columns(char)
        if used > width - 1:
            break
        kept.append(char)
    return "".join(kept) + "…" if width >= 1 else ""


def _name(name: str, width: int) -> str:
    """`name` cut to `width` columns and padded to exactly `width`."""
    name = _cut(name, width)
    return name + " " * (width - _width(name))


def receipt(night: NightSettlement, language: str = "en") -> str:
    """Results, payments and sips, in the order they are read out at the table."""
    said = SettlementWords(night, Words(language))
    words, s = said.words, night.settlement
    lines = ["=" * WIDTH, words("title").upper(),
             *textwrap.wrap(said.title(), WIDTH, break_long_words=True),
             *textwrap.wrap(said.date(), WIDTH), "=" * WIDTH]
    if s.provisional:
        lines += [*textwrap.wrap(words("receipt.provisional"), WIDTH), "-" * WIDTH]
    if said.carried():
        lines += [*textwrap.wrap(said.carried(), WIDTH), "-" * WIDTH]
    results = [(p.name, str(p.chips), str(p.bought_in), f"{p.result:+d}" if p.result else "0",
                said.number(p.cents or 0, sign=True) if s.in_money else "")
               for p in s.standings]
    heading = (words("settle.results").upper(), words("settle.chips"), words("settle.in"),
               words("settle.result"), said.money_heading() if s.in_money else "")
    # The numbers keep their width (7 digits of chips, money up to the largest amount); the
    # names take what is left.
    widths = [max(8, *(_width(row[column]) + 1 for row in [heading, *results]))
              for column in range(1, 4)]
    widths.append(max(10, *(_width(row[4]) + 1 for row in [heading, *results]))
                  if s.in_money else 0)
    name_width = WIDTH - sum(widths)
    for row in [heading, *results]:
        numbers = "".join(" " * (width - _width(cell)) + cell
                          for cell, width in zip(row[1:], widths, strict=True))
        if name_width >= NAME_BESIDE:
            lines.append(_name(row[0], name_width) + numbers)
        else:  # numbers too wide for a name beside them: the name on a line of its own
            lines.append(_cut(row[0], WIDTH))
            lines += ([numbers.rjust(WIDTH)] if _width(numbers) <= WIDTH
                      else textwrap.wrap(numbers.strip(), WIDTH, break_long_words=True))
    lines.append("-" * WIDTH)
    if s.expenses:
        lines.append(words("settle.expenses").upper())
        for what, amount, shares in said.expense_lines():
            lines.append(left_right(_cut(what, WIDTH - _width(amount) - 1), amount))
            lines += textwrap.wrap(shares, WIDTH, initial_indent="  ", subsequent_indent="  ")
        lines.append("-" * WIDTH)
    lines.append(words("receipt.carried_payments") if night.carried
                 else words("receipt.nobody_owes") if not s.transfers
                 else words("receipt.payments_host", count=len(s.transfers), host=s.host)
                 if s.host else words("receipt.payments", count=len(s.transfers)))
    for t in said.due:
        if _width(f"{t.payer} -> {t.payee} {said.amount(t)}") <= WIDTH:
            lines.append(left_right(f"{t.payer} -> {t.payee}", said.amount(t)))
        else:  # long names: the payee on a line of its own rather than cut off
            lines += [_cut(t.payer, WIDTH), left_right(f"  -> {t.payee}", said.amount(t))]
        payee = s.standing(t.payee)
        if payee.iban and s.in_money:
            lines.append(f"  IBAN {grouped(payee.iban)}")
            if payee.account_name and payee.account_name != payee.name:
                lines.append("  " + _cut(words("receipt.account", name=payee.account_name),
                                         WIDTH - 2))
    if any(p.sips or p.caused for p in s.standings):
        unit = unit_name(words, s.sip_unit)
        drunk, caused = words("settle.drunk"), words("settle.caused")
        # Each count under its heading, a blank before it however long the word is.
        drunk_width = max(10, _width(drunk) + 1)
        caused_width = max(10, _width(caused) + 1)
        name_width = WIDTH - drunk_width - caused_width
        lines += ["-" * WIDTH, _name(unit.upper(), name_width)
                  + drunk.rjust(drunk_width) + caused.rjust(caused_width)]
        for p in s.standings:
            lines.append(_name(p.name, name_width) + str(p.sips).rjust(drunk_width)
                         + str(p.caused).rjust(caused_width))
        for game in s.games:
            lines.append(_cut(words("receipt.game", number=game.number,
                                    game=title_of(game.game)), WIDTH))
            for name in dict.fromkeys([*game.drunk, *game.caused]):
                lines.append(left_right(f"  {name}", words(
                    "receipt.game_sips", drunk=game.drunk.get(name, 0),
                    caused=game.caused.get(name, 0))))
    if said.fingerprint():
        lines += ["-" * WIDTH, *textwrap.wrap(said.fingerprint(), WIDTH, break_long_words=True)]
    lines.append("=" * WIDTH)
    return shown_lines("\n".join(lines)) + "\n"
