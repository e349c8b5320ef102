"""`companion group`: what the group keeps beside its nights (saved tables of players, merged
renames, named seasons), listed, and changed with its flags."""

from __future__ import annotations

import argparse
import json
from datetime import date
from pathlib import Path
from typing import Any

from companion.cli.common import Refused
from companion.history.groups import GroupProblem
from companion.nights import Nights
from engine.text import quoted


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    group = sub.add_parser(
        "group", parents=[common],
        help="the group's saved players, merged renames and named seasons (listed; changed "
             "with the flags)")
    # One change a call: a refused one then keeps nothing at all.
    change = group.add_mutually_exclusive_group()
    change.add_argument("--save", nargs="+", metavar=("NAME", "PLAYER"),
                       help="keep these players, in their seats, as the group NAME (a new "
                            "night's set-up seats them with ctrl+r)")
    change.add_argument("--forget", metavar="NAME", help="drop the saved group NAME")
    change.add_argument("--merge", metavar="OLD=NEW",
                        help="count the nights played as OLD under NEW from now on, in the "
                             "standings and on screen")
    change.add_argument("--unmerge", metavar="OLD", help="count OLD as a name of its own again")
    change.add_argument("--season", nargs=3, metavar=("NAME", "FROM", "TO"),
                       help="name a season from FROM to TO (YYYY-MM-DD, both days counted), "
                            "for standings --season NAME")
    change.add_argument("--forget-season", metavar="NAME", help="drop the season NAME")
    group.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (the default) or json")


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
