"""The list of nights, as `companion nights` prints it: one line per night, or JSON."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

import msgspec

from companion.history.columns import aligned
from companion.history.records import NightRecord
from engine.registry import title_of


def when(record: NightRecord) -> str:
    """The night's start in local time, to the minute."""
    return datetime.fromisoformat(record.started_at).astimezone().strftime("%Y-%m-%d %H:%M")


def minutes(record: NightRecord) -> int:
    """From its first action to its last."""
    span = datetime.fromisoformat(record.ended_at) - datetime.fromisoformat(record.started_at)
    return int(span.total_seconds() // 60)


def length_text(record: NightRecord) -> str:
    hours, rest = divmod(minutes(record), 60)
    return f"{hours} h {rest:02d}" if hours else f"{rest} min"


def games_text(record: NightRecord) -> str:
    """The games played, each once with how often: "In-Between ×2, Red Dog"."""
    counted = Counter(record.games)
    return ", ".join(title_of(game) + (f" ×{count}" if count > 1 else "")
                     for game, count in counted.items()) or "no game"


def status(record: NightRecord) -> str:
    """Where the night stands: broken (its log does not verify, whatever it says); open;
    ended (paid at the table); carried (its balances wait for the open settlement); paid
    (carried, then paid in an open settlement)."""
    if record.broken is not None:
        return "broken"
    if not record.ended:
        return "open"
    return "paid" if record.paid else "carried" if record.carried else "ended"


def vouched(record: NightRecord) -> str:
    """The fingerprint a night's receipt can be held to, or a dash where its log does not
    verify: what a broken log ends with may be a receipt's fingerprint, and vouches for nothing."""
    return "—" if record.broken is not None else record.fingerprint


def nights_text(records: list[NightRecord]) -> list[str]:
    """A line per night, newest last, with a header."""
    if not records:
        return ["No nights yet: start one with `companion` (the dealer's screen) or exec."]
    rows = [("night", "started", "name", "players", "games", "length", "biggest pot", "",
             "fingerprint")]
    for record in records:
        rows.append((str(record.night), when(record), record.name or "",
                     ", ".join(p.name for p in record.players), games_text(record),
                     length_text(record), str(record.biggest_pot), status(record),
                     vouched(record)))
    return aligned(rows, right={0, 6})


def broken_warnings(records: list[NightRecord], what: str) -> list[str]:
    """A warning for each night of `records` whose log does not verify, saying it is `what`
    (listed, counted) as far as its log reads."""
    return [f"Warning: the log of night {r.night} does not verify: {r.broken}. It is {what} "
            "as far as its log reads; `companion verify` names the break." for r in records
            if r.broken is not None]


def nights_json(records: list[NightRecord]) -> dict[str, Any]:
    """Every night's record with its status and length, as `nights --format json` prints."""
    return {"nights": [{**msgspec.to_builtins(record), "status": status(record),
                        "minutes": minutes(record)} for record in records]}
