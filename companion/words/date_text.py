"""A day as people at the table write it, in English or German: `1 December 2026`,
`1. Dezember 2026` (the long form of the Unicode locale data, CLDR, for en-GB and de).

Written out here rather than through the C library's locale: the machine may have no German
locale installed, and the paper must read the same on every machine."""

from __future__ import annotations

from datetime import date

MONTHS = {"en": ("January", "February", "March", "April", "May", "June", "July", "August",
                 "September", "October", "November", "December"),
          "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                 "September", "Oktober", "November", "Dezember")}


def day_text(day: date, language: str) -> str:
    """`1 December 2026` (en) or `1. Dezember 2026` (de)."""
    month = MONTHS.get(language, MONTHS["en"])[day.month - 1]
    if language == "de":
        return f"{day.day}. {month} {day.year}"
    return f"{day.day} {month} {day.year}"
