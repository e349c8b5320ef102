"""What the group keeps beside its nights (events/group.py): its saved tables of players, the
renames it merged and the seasons it named, each checked first: a refusal is one sentence
(GroupProblem) and keeps nothing."""

from __future__ import annotations

from datetime import date

from companion.standings import season
from events.group import GroupBook
from events.store import Store

NAME_MAX = 40  # a group's or a player's name, as the night's set-up allows


class GroupProblem(Exception):
    """What is wrong with a group or a merge, as one sentence."""


def save_group(store: Store, name: str, players: list[str]) -> str:
    """Keep `players` as the group `name` (replacing one of that name); its name as kept."""
    name = name.strip()
    players = [p.strip() for p in players if p.strip()]
    if not name or len(name) > NAME_MAX:
        raise GroupProblem(f"A group needs a name of 1 to {NAME_MAX} characters.")
    if len(players) < 2:
        raise GroupProblem("A group is two players or more: seat them first, then save them.")
    seen: dict[str, str] = {}
    for player in players:
        twin = seen.setdefault(player.casefold(), player)
        if twin is not player:
            raise GroupProblem(f"{player!r} is in the group twice (as {twin!r}): each player "
                               "once.")
    GroupBook(store).save_group(name, players)
    return name


def forget_group(store: Store, name: str) -> None:
    book = GroupBook(store)
    if not book.forget_group(name.strip()):
        known = ", ".join(book.groups()) or "none yet"
        raise GroupProblem(f"There is no group called {name.strip()!r} (the groups: {known}).")


def merge_names(store: Store, old: str, new: str) -> None:
    """From now on the standings count `old` as `new` (both as typed, regardless of case)."""
    old, new = old.strip(), new.strip()
    if not old or not new:
        raise GroupProblem("A merge needs the old name and the new one, like Bob=Robert.")
    if old.casefold() == new.casefold():
        raise GroupProblem(f"{old!r} and {new!r} are one name already: names are the same "
                           "regardless of case.")
    GroupBook(store).merge(old, new)


def unmerge_name(store: Store, old: str) -> None:
    book = GroupBook(store)
    if not book.unmerge(old.strip()):
        merged = ", ".join(f"{o} as {n}" for o, n in book.renames().items()) or "none"
        raise GroupProblem(f"{old.strip()!r} is not merged into another name (merged: "
                           f"{merged}).")


def name_season(store: Store, name: str, first: date, last: date) -> str:
    """Keep the season `name`, from `first` to `last` (both days counted); its name as kept."""
    name = name.strip()
    if not name or len(name) > NAME_MAX:
        raise GroupProblem(f"A season needs a name of 1 to {NAME_MAX} characters.")
    if last < first:
        raise GroupProblem(f"The season would end ({last}) before it begins ({first}).")
    try:
        season(name)
    except ValueError:
        pass
    else:
        raise GroupProblem(f"{name!r} already names a year, a quarter or a month: call the "
                           "season something else, like Winter league.")
    GroupBook(store).name_season(name, first.isoformat(), last.isoformat())
    return name


def forget_season(store: Store, name: str) -> None:
    book = GroupBook(store)
    if not book.forget_season(name.strip()):
        known = ", ".join(book.seasons()) or "none yet"
        raise GroupProblem(f"There is no season called {name.strip()!r} (the seasons: "
                           f"{known}).")
