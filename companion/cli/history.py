"""`companion nights` and `companion standings`: the table's history on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.cli.common import Refused, put
from companion.history.nights import broken_warnings, nights_json, nights_text
from companion.history.records import NightRecord
from companion.history.standings import (
    broken_nights,
    broken_note,
    in_period,
    open_nights,
    open_rule,
    season,
    standings_csv,
    standings_text,
)
from companion.nights import Nights
from companion.words.i18n import Words, language_from_locale
from engine.text import name_key, quoted


def nights(db: Path, form: str) -> int:
    book = Nights.open(db)
    try:
        records = book.records()
    finally:
        book.close()
    if form == "json":
        print(json.dumps(nights_json(records), ensure_ascii=False, indent=2))
    else:
        print("\n".join(nights_text(records)))
    warn(broken_warnings(records, "listed"))
    return 0


def warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(warning, file=sys.stderr)


def _merged_names_played(aliases: dict[str, str], records: list[NightRecord]) -> None:
    """Refused where a --merge names, as the old name, nobody who played in the nights
    counted (a typo would merge nothing, silently)."""
    names = {name_key(player.name) for record in records for player in record.players}
    unknown = [old for old in aliases if name_key(old) not in names]
    if unknown:
        raise Refused(f"Nobody called {quoted(unknown[0])} played in the {len(records):,} "
                      "nights counted: --merge takes a name as the nights have it, then the "
                      "name to count it under, like --merge Annie=Ann.")


def standings_command(db: Path, args: argparse.Namespace) -> int:
    """`companion standings`: the period (--season, or --from and --to) and the merges
    checked, then every record, the kept renames and seasons read in one opening."""
    aliases = {}
    for merge in args.merge:
        old, sign, new = merge.partition("=")
        if not sign or not old.strip() or not new.strip():
            raise Refused(f"--merge takes OLD=NEW, like --merge Annie=Ann; not {quoted(merge)}.")
        aliases[old.strip()] = new.strip()
    start, end = args.start, args.end
    if args.season is not None and (start is not None or end is not None):
        raise Refused("--season is a period of its own: give it, or --from and --to.")
    if start is not None and end is not None and end < start:
        raise Refused(f"--to {end} comes before --from {start}: no night fits.")
    book = Nights.open(db)
    try:
        if args.season is not None:
            try:
                start, end = season(args.season, book.seasons())
            except ValueError as problem:
                raise Refused(f"{problem}.") from None
        records = in_period(book.records(), start, end)
        _merged_names_played(aliases, records)
        aliases = {**book.renames(), **aliases}  # the merges kept, then these
        rows = book.standings(records, aliases)
    finally:
        book.close()
    broken = broken_nights(records)
    form = args.format
    # The CLI's tables speak English; the page speaks the language asked for.
    note = open_rule(records, Words("en"))
    if form == "json":
        document = json.dumps({"from": start and start.isoformat(),
                               "to": end and end.isoformat(),
                               "players": [row.as_json() for row in rows],
                               "open_nights": open_nights(records), "note": note,
                               "broken_nights": broken},
                              ensure_ascii=False, indent=2) + "\n"
    elif form == "csv":
        document = standings_csv(rows, note)
    elif form == "html":
        from companion.documents.standings_html import standings_page

        period = " – ".join(day.isoformat() if day else "…" for day in (start, end)) \
            if start or end else ""
        document = standings_page(rows, records,
                                  Words(args.language or language_from_locale()), period)
    else:
        notes = [line for line in (note, broken_note(broken)) if line]
        document = "\n".join([*standings_text(rows), *notes]) + "\n"
    put(args.out, document)
    warn(broken_warnings(records, "counted"))
    return 0
