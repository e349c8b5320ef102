"""Money as people at the table read it, in English or German: `€1,234.50` and
`1.234,50 €`, as the Unicode locale data (CLDR) writes them for en and de. The JSON and the
GiroCodes keep the machine form (`1234.50`, `EUR1234.5`); this is only for eyes.

Two languages and a handful of symbols do not need Babel's megabytes of locale data.
"""

from __future__ import annotations

SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
SEPARATORS = {"en": (",", "."), "de": (".", ",")}  # (thousands, decimals)


def number_text(cents: int, language: str, sign: bool = False) -> str:
    """`1,234.50` (en) or `1.234,50` (de) for 123450 cents; `+` before a gain with `sign`."""
    thousands, decimals = SEPARATORS.get(language, SEPARATORS["en"])
    whole = f"{abs(cents) // 100:,}".replace(",", thousands)
    return _signed(cents, sign) + f"{whole}{decimals}{abs(cents) % 100:02d}"


def money_text(cents: int, currency: str | None, language: str, sign: bool = False) -> str:
    """An amount with its currency: `€1.25`, `-€1.25`, `CHF 1.25` in English; `1,25 €`,
    `-1,25 €`, `1,25 CHF` in German; the number alone without a currency."""
    return _with_currency(_signed(cents, sign), number_text(abs(cents), language), currency,
                          language)


def value_text(value: str, currency: str | None, language: str) -> str:
    """A decimal as typed, like a chip value of "0.125", with its currency: `€0.125`,
    `0,125 €`."""
    number = value.replace(".", ",") if language == "de" else value
    return _with_currency("", number, currency, language)


def currency_heading(currency: str | None) -> str:
    """The head of a column of amounts: the currency's symbol, or its code."""
    return SYMBOLS.get((currency or "").upper(), currency or "")


def _with_currency(sign: str, number: str, currency: str | None, language: str) -> str:
    if not currency:
        return sign + number
    symbol = currency_heading(currency)
    if language == "de":
        return f"{sign}{number} {symbol}"
    gap = "" if symbol in SYMBOLS.values() else " "  # €1.25, but CHF 1.25
    return f"{sign}{symbol}{gap}{number}"


def _signed(cents: int, sign: bool) -> str:
    return "-" if cents < 0 else "+" if sign and cents > 0 else ""
