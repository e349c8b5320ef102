"""What the group keeps beside its nights (events/group.py): its saved tables of players, the
renames it merged and the seasons it named, each checked first: a refusal is one sentence
(GroupProblem) and keeps nothing."""

from __future__ import annotations

from datetime import date

from companion.history.standings import season
from engine.limits import MOST_PLAYERS
from engine.rejection import Refusal
from engine.text import (
    GROUP_NAME,
    NAME_REFERENCE,
    PLAYER_NAME,
    SEASON_NAME,
    TextKind,
    checked,
    name_key,
    quoted,
)
from events.group import GroupBook
from events.store import Store


class GroupProblem(Exception):
    """What is wrong with a group or a merge, as one sentence."""


def save_group(store: Store, name: str, players: list[str]) -> str:
    """Keep `players` as the group `name` (replacing one of that name); its name as kept."""
    if not name.strip():
        raise GroupProblem(f"A group needs a name of 1 to {GROUP_NAME.length} characters.")
    name = _good(name, GROUP_NAME)
    if len(players) > MOST_PLAYERS:  # a group is what a night seats
        raise GroupProblem(f"A group is at most {MOST_PLAYERS} players, as many as a night "
                           f"seats; {len(players):,} are named.")
    players = [_good(p, PLAYER_NAME) for p in players if p.strip()]
    if len(players) < 2:
        raise GroupProblem("A group is two players or more: seat them first, then save them.")
    seen: dict[str, str] = {}
    for player in players:
        twin = seen.get(name_key(player))
        seen.setdefault(name_key(player), player)
        if twin is not None:
            raise GroupProblem(f"{quoted(player)} is in the group twice (as {quoted(twin)}): "
                               "each player once.")
    GroupBook(store).save_group(name, players)
    return name


def forget_group(store: Store, name: str) -> None:
    book = GroupBook(store)
    if not (_storable(name) and book.forget_group(name.strip())):
        known = ", ".join(book.groups()) or "none yet"
        raise GroupProblem(f"There is no group called {quoted(name.strip())} (the groups: "
                           f"{known}).")


def merge_names(store: Store, old: str, new: str) -> None:
    """From now on the standings count `old` as `new` (both as typed, regardless of case)."""
    if not old.strip() or not new.strip():
        raise GroupProblem("A merge needs the old name and the new one, like Bob=Robert.")
    old, new = _good(old, NAME_REFERENCE), _good(new, NAME_REFERENCE)
    if name_key(old) == name_key(new):
        raise GroupProblem(f"{quoted(old)} and {quoted(new)} are one name already: names are "
                           "the same regardless of case.")
    GroupBook(store).merge(old, new)


def unmerge_name(store: Store, old: str) -> None:
    book = GroupBook(store)
    if not (_storable(old) and book.unmerge(old.strip())):
        merged = ", ".join(f"{o} as {n}" for o, n in book.renames().items()) or "none"
        raise GroupProblem(f"{quoted(old.strip())} is not merged into another name (merged: "
                           f"{merged}).")


def name_season(store: Store, name: str, first: date, last: date) -> str:
    """Keep the season `name`, from `first` to `last` (both days counted); its name as kept."""
    if not name.strip():
        raise GroupProblem(f"A season needs a name of 1 to {SEASON_NAME.length} characters.")
    name = _good(name, SEASON_NAME)
    if last < first:
        raise GroupProblem(f"The season would end ({last}) before it begins ({first}).")
    try:
        season(name)
    except ValueError:
        pass
    else:
        raise GroupProblem(f"{quoted(name)} already names a year, a quarter or a month: call the "
                           "season something else, like Winter league.")
    GroupBook(store).name_season(name, first.isoformat(), last.isoformat())
    return name


def forget_season(store: Store, name: str) -> None:
    book = GroupBook(store)
    if not (_storable(name) and book.forget_season(name.strip())):
        known = ", ".join(book.seasons()) or "none yet"
        raise GroupProblem(f"There is no season called {quoted(name.strip())} (the seasons: "
                           f"{known}).")


def _storable(name: str) -> bool:
    """Whether `name` is text the database can hold: an argument's bytes that are no UTF-8
    (Python keeps them as lone surrogates) never named anything kept."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _good(text: str, kind: TextKind) -> str:
    """`text` as engine/text.py keeps a name of its kind; its sentence as a GroupProblem."""
    try:
        return checked(text, kind)
    except Refusal as refusal:
        raise GroupProblem(refusal.reason) from None
