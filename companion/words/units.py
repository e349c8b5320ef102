"""The words of a tally's unit: sips, or points where a game counts points (Schlag den
Dealer's `unit`), each by its own key in the table's catalogue."""

from __future__ import annotations

from companion.words.i18n import Words

# The unit as the settlement and the games name it, to its words (many, and one).
PLURAL = {"sips": "unit.sips", "points": "unit.points"}
SINGULAR = {"sips": "unit.sips.one", "points": "unit.points.one"}


def unit_name(words: Words, unit: str) -> str:
    """`sips`, `points` in the words' language; a unit the table has no words for stays as
    its game named it."""
    key = PLURAL.get(unit)
    return words(key) if key else unit


def unit_count(words: Words, unit: str, count: int) -> str:
    """`1 sip`, `4 sips`: a tally with its unit in the right number."""
    key = SINGULAR.get(unit) if count == 1 else PLURAL.get(unit)
    return f"{count} {words(key) if key else unit}"
