"""The table's standings across nights: each player's record over the nights they played,
for all time or a period, from the nights' records alone.

A player is their name regardless of case ("Ann" and "ann" are one); a player who played
under another name is merged by `aliases` (old name → the name to count it under).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from companion.history.columns import aligned
from companion.history.records import NightRecord
from companion.words.i18n import Words
from engine import registry
from engine.settlement import money
from engine.text import name_key, quoted


@dataclass(slots=True)
class Standing:
    """One player over the nights counted."""

    name: str  # as first written (or as a merge names it)
    nights: int = 0
    cents: int = 0  # money won (+) or lost (−), over the nights that had a chip value
    in_money: bool = False  # whether any of them had one
    chips: int = 0  # chips won or lost, over every night
    sips: int = 0
    caused: int = 0
    dealt: int = 0
    dealer_result: int = 0  # chips, while dealing
    posts: int = 0
    biggest_win: int = 0  # the most chips one bet won
    best_night: int = 0  # the best night's result in chips
    results: list[tuple[int, int]] = field(default_factory=list)  # (night, chips) in order
    counts: dict[str, int] = field(default_factory=dict)  # what the games counted, by name

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "nights": self.nights,
                "money": money(self.cents) if self.in_money else None,
                "chips": self.chips, "sips": self.sips, "caused": self.caused,
                "dealt": self.dealt, "dealer_result": self.dealer_result, "posts": self.posts,
                "biggest_win": self.biggest_win, "best_night": self.best_night,
                "counts": dict(self.counts)}


def night_date(record: NightRecord) -> date:
    """The local date the night started on."""
    return datetime.fromisoformat(record.started_at).astimezone().date()


def season(name: str, named: Mapping[str, tuple[str, str]] | None = None) -> tuple[date, date]:
    """The first and last day of a season: one the group named (`named`: name → first and
    last day, names regardless of case), or one named by the calendar: a year ("2026"), a
    quarter ("2026-Q2") or a month ("2026-03"); ValueError for any other name."""
    kept = {key.casefold(): days for key, days in (named or {}).items()}
    if name.strip().casefold() in kept:
        first, last = kept[name.strip().casefold()]
        return date.fromisoformat(first), date.fromisoformat(last)
    text = name.strip().upper()
    try:
        if len(text) == 4:
            year = int(text)
            return date(year, 1, 1), date(year, 12, 31)
        year_text, _, part = text.partition("-")
        year = int(year_text)
        if part.startswith("Q") and part[1:] in ("1", "2", "3", "4"):
            first_month = 3 * int(part[1:]) - 2
            return date(year, first_month, 1), _month_end(year, first_month + 2)
        month = int(part)
        return date(year, month, 1), _month_end(year, month)
    except (ValueError, OverflowError):  # a year or month of many digits overflows
        own = f", or one the group named ({', '.join(named)})" if named else ""
        raise ValueError(f"{quoted(name)} is no season: a year (2026), a quarter (2026-Q2) or a "
                         f"month (2026-03){own}") from None


def _month_end(year: int, month: int) -> date:
    return (date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)) - timedelta(1)


def in_period(records: Iterable[NightRecord], start: date | None,
              end: date | None) -> list[NightRecord]:
    """The nights that started from `start` to `end`, both days included."""
    return [r for r in records
            if (start is None or night_date(r) >= start) and (end is None or night_date(r) <= end)]


def standings(records: Iterable[NightRecord],
              aliases: Mapping[str, str] | None = None) -> list[Standing]:
    """Each player's standing over `records`, best first: by money where the nights had a
    chip value, then by chips."""
    merged = {name_key(old): new for old, new in (aliases or {}).items()}
    table: dict[str, Standing] = {}
    for record in records:
        for p in record.players:
            name = merged.get(name_key(p.name), p.name)
            row = table.setdefault(name_key(name), Standing(name))
            row.nights += 1
            if p.cents is not None:
                row.cents += p.cents
                row.in_money = True
            row.chips += p.result
            row.sips += p.sips
            row.caused += p.caused
            row.dealt += p.dealt
            row.dealer_result += p.dealer_result
            row.posts += p.posts
            row.biggest_win = max(row.biggest_win, p.biggest_win)
            row.best_night = p.result if row.nights == 1 else max(row.best_night, p.result)
            row.results.append((record.night, p.result))
            for name, count in p.counts.items():
                row.counts[name] = row.counts.get(name, 0) + count
    return sorted(table.values(), key=lambda s: (-s.cents, -s.chips, s.name.casefold()))


HEADER = ("player", "nights", "money", "chips", "sips", "caused", "dealt", "as dealer",
          "posts", "best bet", "best night")


def cells(row: Standing, money_of: Callable[[int], str]) -> list[str]:
    """A standing's cells in HEADER's order, its money written by `money_of` (signed)."""
    return [row.name, str(row.nights), money_of(row.cents) if row.in_money else "–",
            _signed(row.chips), str(row.sips), str(row.caused), str(row.dealt),
            _signed(row.dealer_result), str(row.posts), str(row.biggest_win),
            _signed(row.best_night)]


def counted(rows: Iterable[Standing]) -> list[str]:
    """The names of what the games counted for any of `rows` (the rides of a bus), in the
    order of the games and their counts: the standings' columns after HEADER's."""
    present = {name for row in rows for name, count in row.counts.items() if count}
    names = [count.name for game in registry.games().values() for count in game.counts]
    return [name for name in names if name in present] + sorted(present - set(names))


def count_cells(row: Standing, names: list[str]) -> list[str]:
    """A standing's cells of `names` (`counted`)."""
    return [str(row.counts.get(name, 0)) for name in names]


def count_heading(name: str, language: str) -> str:
    """The heading of a count in `language`: its game's word for it (its name where no
    game installed counts it)."""
    for game in registry.games().values():
        for count in game.counts:
            if count.name == name:
                said = game.words.get(language, {}).get(count.word)
                return said or game.words.get("en", {}).get(count.word) or name
    return name


def _signed(number: int) -> str:
    """A result with its sign; even is 0, as the money's €0.00 has none."""
    return f"{number:+d}" if number else "0"


def common_currency(records: Iterable[NightRecord]) -> str | None:
    """The currency of the nights counted in money, when they all have the same one."""
    currencies = {r.currency for r in records if r.chip_value is not None}
    return currencies.pop() if len(currencies) == 1 else None


def open_nights(records: Iterable[NightRecord]) -> list[dict[str, int]]:
    """The open nights counted, each with the action its figures stand at."""
    return [{"night": r.night, "at_action": r.settled_at} for r in records if not r.ended]


def open_rule(records: Iterable[NightRecord], words: Words) -> str | None:
    """The line under the standings when they count an open night: how it counts (as if it
    ended at its last action between turns), and at which action each stands; None when
    every night counted has ended."""
    counted = open_nights(records)
    if not counted:
        return None
    return words("history.open_rule", nights=", ".join(
        words("history.open_night", night=night["night"], action=night["at_action"])
        for night in counted))


def standings_text(rows: list[Standing]) -> list[str]:
    """The standings as a table of aligned columns, best first."""
    if not rows:
        return ["No nights in this period."]
    names = counted(rows)
    header = (*HEADER, *(count_heading(name, "en") for name in names))
    table = [header, *([*cells(row, lambda cents: money(cents, sign=True)),
                        *count_cells(row, names)] for row in rows)]
    return aligned(table, right=range(1, len(header)))


def broken_nights(records: Iterable[NightRecord]) -> list[int]:
    """The nights among `records` whose log does not verify: counted as far as it reads."""
    return [r.night for r in records if r.broken is not None]


def broken_note(nights: list[int]) -> str | None:
    """The line under the standings that says which nights counted do not verify."""
    if not nights:
        return None
    if len(nights) == 1:
        return (f"Night {nights[0]} is counted as far as its log reads: the log does not "
                "verify (`companion verify` names the break).")
    return (f"Nights {', '.join(map(str, nights))} are counted as far as their logs read: "
            "they do not verify (`companion verify` names the breaks).")


def standings_csv(rows: list[Standing], note: str | None = None) -> str:
    """The standings as CSV, with `note` (how an open night counts) as a last row alone."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = counted(rows)  # a column of each, after the others
    writer.writerow([*(key for key in rows[0].as_json() if key != "counts"), *names] if rows
                    else list(HEADER))
    for row in rows:
        doc = row.as_json()
        del doc["counts"]
        writer.writerow([*doc.values(), *count_cells(row, names)])
    if note:
        writer.writerow([note])
    return out.getvalue()
