"""`companion group`: what the group keeps beside its nights (saved tables of players, merged
renames, named seasons), listed, and changed with its flags."""

from __future__ import annotations

import argparse
import json
from datetime import date
from pathlib import Path

from companion.cli.common import Refused
from companion.history.groups import GroupProblem
from companion.nights import Nights
from engine.text import quoted


def group_command(db: Path, args: argparse.Namespace) -> int:
    changing = bool(args.save or args.forget or args.merge or args.unmerge or args.season
                    or args.forget_season)
    nights = Nights.open(db, create=changing)
    try:
        if changing:
            _change(nights, args)
        groups, renames, seasons = nights.groups(), nights.renames(), nights.seasons()
    finally:
        nights.close()
    if args.format == "json":
        print(json.dumps({"groups": {name: list(players) for name, players in groups.items()},
                          "merged": renames,
                          "seasons": {name: {"from": first, "to": last}
                                      for name, (first, last) in seasons.items()}},
                         ensure_ascii=False, indent=2))
        return 0
    lines = _section("Saved groups:", [f"{name}: {', '.join(players)}"
                                       for name, players in groups.items()])
    lines += _section("Merged names:", [f"{old} counts as {new}" for old, new in renames.items()])
    lines += _section("Named seasons:", [f"{name}: {first} to {last}"
                                         for name, (first, last) in seasons.items()])
    print("\n".join(lines))
    return 0


def _section(title: str, entries: list[str]) -> list[str]:
    return [title, *(f"  {entry}" for entry in entries or ["none"])]


def _change(nights: Nights, args: argparse.Namespace) -> None:
    try:
        if args.save:
            name, *players = args.save
            nights.save_group(name, players)
        if args.forget:
            nights.forget_group(args.forget)
        if args.merge:
            old, sign, new = args.merge.partition("=")
            if not sign:
                raise GroupProblem(f"--merge takes OLD=NEW, like --merge Bob=Robert; not "
                                   f"{quoted(args.merge)}.")
            nights.merge_names(old, new)
        if args.unmerge:
            nights.unmerge_name(args.unmerge)
        if args.season:
            name, first, last = args.season
            nights.name_season(name, _day(first), _day(last))
        if args.forget_season:
            nights.forget_season(args.forget_season)
    except GroupProblem as problem:
        raise Refused(str(problem)) from None


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Refused(f"{quoted(text)} is no day; write it as YYYY-MM-DD, like 2026-12-31.") \
            from None
