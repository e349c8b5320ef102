"""The shared code knows no game (issue 24, point 2): every module outside a game's two
packages (`engine/games/<game>/`, `screens/games/<game>/`) is scanned for every installed
game's command tags, expectation kinds, event names, phase names and the values of its string
enums (its slots, choices and rows), the game from outside the companion included, and none
is found. What the shared code declares itself (the table's commands and expectations, the
kernel's common moves, its events and its phases `draw`, `between` and `over`) is the
table's, not a game's, and is asked of it, not listed."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from enum import StrEnum
from pathlib import Path

# The modules that declare the table's own commands, expectations, moves and events.
from engine import commands, contract, draw, event, expect, kernel, moves, table  # noqa: F401
from engine.registry import Playable, games

ROOT = Path(__file__).parent.parent
# The program. bench/ and seeds/ are not: a benchmark or a demo night plays a particular
# game on purpose, as a dealer would type it.
SHARED = ("engine", "events", "companion", "screens")


def _all(kind: type) -> set[type]:
    """`kind` and every class below it."""
    found: set[type] = set()
    todo: list[type] = [kind]
    while todo:
        sub: type
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found


def _tag(kind: type) -> str:
    tag = kind.__struct_config__.tag  # type: ignore[attr-defined]
    return str(tag)


def _homes(game: Playable) -> list[Path]:
    homes = [ROOT / Path(*game.package.split("."))]
    if game.screen:
        homes.append(ROOT / Path(*game.screen.split(".")))
    return homes


def _shared_declares(homes: list[Path]) -> set[str]:
    """The names the shared code declares itself: its commands' tags and expectations'
    kinds, its events and the kernel's phases."""
    def shared(kind: type) -> bool:
        module = Path(*kind.__module__.split("."))
        return module.parts[0] in SHARED and not any(
            home.relative_to(ROOT) == module or home.relative_to(ROOT) in module.parents
            for home in homes)

    tags = {_tag(kind) for kind in _all(commands.Command) | _all(expect.Expect)
            if shared(kind) and kind.__struct_config__.tag is not None}  # type: ignore[attr-defined]
    events = {kind.__name__ for kind in _all(event.Event) if shared(kind)}
    return tags | events | {draw.DRAW, kernel.BETWEEN, kernel.OVER}


def _enum_values(game: Playable) -> set[str]:
    """The values of every string enum a game's packages declare (its slots, its choices, the
    rows of its view): a value the shared code compares with is a game known by name."""
    values: set[str] = set()
    for package in (game.package, game.screen):
        if not package:
            continue
        root = importlib.import_module(package)
        modules = [root, *(importlib.import_module(info.name) for info in
                           pkgutil.walk_packages(root.__path__, f"{package}."))]
        for module in modules:
            for value in vars(module).values():
                if (isinstance(value, type) and issubclass(value, StrEnum)
                        and value.__module__.startswith(package)):
                    values |= {str(member) for member in value}
    return values


def _sources(homes: list[Path]) -> dict[str, ast.Module]:
    return {str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))
            for folder in SHARED for path in sorted((ROOT / folder).rglob("*.py"))
            if not any(home == path.parent or home in path.parents for home in homes)}


def _found(tree: ast.Module, quoted: set[str], phases: set[str], named: set[str]) -> set[str]:
    """The names of `quoted` said as a whole string, of `phases` as a whole string a value is
    compared with or matched against (a phase's words are a table's words too: "turn",
    "first"), and of `named` said as an identifier or as a word inside a string, docstrings
    aside."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                                | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    found: set[str] = set()
    for node in ast.walk(tree):
        sides = ([node.left, *node.comparators] if isinstance(node, ast.Compare)
                 else [node.value] if isinstance(node, ast.MatchValue) else [])
        for side in sides:  # a string, or a tuple, list or set of them (`in ("bet", ...)`)
            values = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
            found |= {value.value for value in values if isinstance(value, ast.Constant)
                      and isinstance(value.value, str)} & phases
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            found |= {node.value} & quoted
            found |= set(re.findall(r"\w+", node.value)) & named
        elif isinstance(node, ast.Name):
            found |= {node.id} & named
        elif isinstance(node, ast.Attribute):
            found |= {node.attr} & named
        elif isinstance(node, ast.alias):
            found |= {node.name.rsplit(".", 1)[-1], node.asname or ""} & named
        elif isinstance(node, ast.ClassDef | ast.FunctionDef):
            found |= {node.name} & named
    return found


def test_the_shared_code_names_no_games_tags_kinds_events_or_phases(
        outside_game: Playable) -> None:
    installed = games()
    assert outside_game.id in installed and len(installed) >= 7
    homes = [home for game in installed.values() for home in _homes(game)]
    own = _shared_declares(homes)
    sources = _sources(homes)
    named: dict[str, list[str]] = {}
    for game in installed.values():
        quoted = {_tag(kind) for kind in (*game.commands, *game.expectations)} - own
        phases = (set(game.phases()) | _enum_values(game)) - own
        events = {kind.__name__ for kind in game.events} - own
        for path, tree in sources.items():
            found = _found(tree, quoted, phases, events)
            if found:
                named.setdefault(path, []).extend(f"{game.id}: {name}" for name in sorted(found))
    assert named == {}
