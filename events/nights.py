"""The nights of the log as the rules name them. The store knows rows, nights, hashes and
versions; what a row of a given type means (a night started, a player joined, a night ended)
is said here, by the events themselves, never by a name written into a query."""

from __future__ import annotations

import json
from pathlib import Path

from engine.night import NightEnded, NightStarted, PlayerJoined
from events.store import Store

_ENDED, _STARTED, _JOINED = NightEnded.__name__, NightStarted.__name__, PlayerJoined.__name__
# The nights that ended, found without reading every row's type (the open night is looked
# for at every start).
TYPE_INDEXES = {"events_night_ends": _ENDED}


def open_log(path: Path | str, *, create: bool) -> Store:
    """The log at `path` (see Store.open), keeping the indexes the nights are read by."""
    return Store.open(path, create=create, type_indexes=TYPE_INDEXES)


def nights_without_end(store: Store) -> list[int]:
    """The nights with no end recorded at all, newest first: certainly open."""
    return store.nights_without(_ENDED)


def names_seen(store: Store) -> list[str]:
    """Every player name the nights were started with or joined by, the latest first (each
    spelling once): what a new night's set-up offers as the dealer types."""
    names: dict[str, None] = {}
    for kind, payload in store.payloads((_STARTED, _JOINED)):
        try:
            found = json.loads(payload)
            listed = found["players"] if kind == _STARTED else [found["player"]]
        except (ValueError, KeyError, TypeError):
            continue  # a row that does not read is verify's to name, not ours
        names.update((name, None) for name in listed if isinstance(name, str))
    return list(names)
