"""The nights of one database as the table's history reads them: each night's record, the
standings across them, what the group keeps beside them (saved groups, merged renames, named
seasons), the balances still open from nights carried over, a night's chain checked, a night
imported. `companion nights`, `standings`, `group`, `settle --open`, `verify` and `import` ask
here, and so does the dealer's screen (its history, F5, and a new night's set-up) through
the table it has open.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from companion.history import groups
from companion.history.records import NightRecord, night_records
from engine.night import NightStarted
from engine.text import name_key, quoted
from events.codec import fingerprint
from events.group import GroupBook
from events.history import History
from events.nights import names_seen, open_log
from events.session import NightSession, load_history
from events.store import Store
from events.transfer import ImportRefused as ImportRefused
from events.transfer import import_night
from events.walk import ChainWalk

if TYPE_CHECKING:
    from companion.history.open_settlement import OpenSettlement
    from companion.history.standings import Standing

__all__ = ["ImportRefused", "Nights"]


class Nights:
    """Every night of one database file. `own` is a window's session: its night is read
    from memory and written through it (it holds that night's lock)."""

    def __init__(self, store: Store, own: NightSession | None = None) -> None:
        self.store = store
        self.own = own

    @classmethod
    def open(cls, db: Path, *, create: bool = False) -> Nights:
        """The nights of `db`; with `create`, a missing file is made (for what the group
        keeps, or a night imported). StoreError, as a sentence, when it cannot be used."""
        return cls(open_log(db, create=create))

    def close(self) -> None:
        """Let go of the file (a window's own store stays with its window)."""
        if self.own is None:
            self.store.close()

    # --- the history -------------------------------------------------------------------

    def records(self) -> list[NightRecord]:
        """Every night's record, oldest first (kept ones read, the others folded now)."""
        return list(night_records(self.store))

    def standings(self, records: Iterable[NightRecord],
                  renames: Mapping[str, str] | None = None) -> list[Standing]:
        """Each player's standing over `records`, best first, `renames` (by default the
        kept ones) merged."""
        from companion.history.standings import standings

        return standings(records, self.renames() if renames is None else renames)

    def open_balances(self, records: list[NightRecord]) -> OpenSettlement:
        """Everything still open over `records`: the carried nights' balances and their
        payments, the kept renames merged; MixedCurrencies when those nights count in
        different currencies."""
        from companion.history.open_settlement import open_settlement

        return open_settlement(records, self.renames())

    def mark_paid(self, nights: tuple[int, ...]) -> str | None:
        """Record the open balances of `nights` as paid (a `paid` action in each night's
        log); why not, as a sentence, at the first night that refuses."""
        from companion.history.open_settlement import mark_paid

        return mark_paid(self.store.path, nights, self.own)

    # --- a new night's set-up ------------------------------------------------------------

    def regulars(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Last night's players in their seats, and every name of the earlier nights (the
        latest spelling first). Read from the log as it is, so even a database of many
        nights never listed before answers at once."""
        last = self._last_night()
        if last is None:
            return (), ()
        known: dict[str, str] = {}
        for name in names_seen(self.store):
            known.setdefault(name_key(name), name)
        return tuple(p.name for p in last.state.players), tuple(known.values())

    def last_settings(self) -> dict[str, str | int]:
        """Last night's start chips, chip value and currency: what a new night of the same
        group most likely plays with."""
        last = self._last_night()
        if last is None:
            return {}
        start = next((e for entry in last.entries for e in entry.events
                      if isinstance(e, NightStarted)), None)
        settings: dict[str, str | int] = {} if start is None else {"chips": start.chips}
        state = last.state
        if state.chip_value is not None:
            settings["chip_value"] = state.chip_value
        if state.currency is not None:
            settings["currency"] = state.currency
        return settings

    def _last_night(self) -> History | None:
        nights = self.store.nights()
        if not nights:
            return None
        if self.own is not None and self.own.night == nights[-1]:
            return self.own.history
        return load_history(self.store, nights[-1])

    # --- what the group keeps beside its nights ----------------------------------------------

    def groups(self) -> dict[str, tuple[str, ...]]:
        """The saved groups of players by name, in saved order."""
        return GroupBook(self.store).groups()

    def renames(self) -> dict[str, str]:
        """Each merged old name and the name it is counted under."""
        return GroupBook(self.store).renames()

    def seasons(self) -> dict[str, tuple[str, str]]:
        """Each named season's first and last day (ISO dates)."""
        return GroupBook(self.store).seasons()

    def save_group(self, name: str, players: list[str]) -> str:
        """Keep `players` as the group `name`; its name as kept. GroupProblem says why not."""
        return groups.save_group(self.store, name, players)

    def forget_group(self, name: str) -> None:
        groups.forget_group(self.store, name)

    def merge_names(self, old: str, new: str) -> None:
        """Count `old` as `new` in the standings from now on; GroupProblem says why not (a
        name nobody ever played under among them: a typo would be kept and merge nothing)."""
        # Every name the logs were started with or joined by: read as they are, not folded.
        played = {name_key(name) for name in names_seen(self.store)}
        if old.strip() and new.strip() and name_key(old.strip()) not in played:
            raise groups.GroupProblem(
                f"Nobody called {quoted(old.strip())} played in any night: a merge counts a "
                "name the nights have as another, like Bob as Robert.")
        groups.merge_names(self.store, old, new)

    def unmerge_name(self, old: str) -> None:
        groups.unmerge_name(self.store, old)

    def name_season(self, name: str, first: date, last: date) -> str:
        return groups.name_season(self.store, name, first, last)

    def forget_season(self, name: str) -> None:
        groups.forget_season(self.store, name)

    # --- the log itself ----------------------------------------------------------------

    def ids(self) -> list[int]:
        """Every night's id, oldest first."""
        return self.store.nights()

    def check(self, night: int) -> tuple[int, str | None]:
        """Walk the night's hash chain and replay it as an open does: (rows checked, the
        first break described, or None when it is whole). A break is a row that breaks the
        chain, or an action that cannot be replayed where the chain holds (computed again
        over a change): every open says "`companion verify` names the break" of both."""
        walk = ChainWalk(night)
        load_history(self.store, night, walk=walk)
        if walk.problem is None and walk.stopped is not None:
            return walk.rows, f"action {walk.cut}: {walk.stopped}"
        return walk.rows, walk.problem

    def fingerprint(self, night: int) -> str:
        """What the night ends with now: its action count and chain head."""
        return fingerprint(*self.store.tail(night))

    def last_action(self, night: int) -> int:
        return self.store.tail(night)[0]

    def head_at(self, night: int, action: int) -> str | None:
        """The chain head after `action` of the night, or None when it has no such action."""
        return self.store.head_at(night, action)

    def import_night(self, lines: Iterable[tuple[int, bytes | str]]) -> int:
        """Check an exported night (its chain, end record and rules) and add it under a new
        id; that id. ImportRefused says why not."""
        return import_night(self.store, lines)
