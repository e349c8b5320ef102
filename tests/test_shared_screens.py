"""The shared screens (every module of screens/ outside a game's screen package) render what
a game's screen package gives them and guess nothing: no `cast(`, no `getattr(`, no compare
of an expectation's kind by its string, and no name of a game, of a game's own commands,
expectations or events. A game's screen package reads its own typed values instead."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine import registry

ROOT = Path(__file__).parent.parent
SCREENS = ROOT / "screens"
GUESSES = re.compile(r"\bcast\(|\bgetattr\(|\.kind\s*(==|!=|in\b|not\s+in\b)")


def _shared() -> dict[str, str]:
    """The source of every shared screen module, by its path."""
    modules = [*SCREENS.glob("*.py"), *(SCREENS / "games").glob("*.py")]
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
            for path in sorted(modules)}


def _names(source: str) -> set[str]:
    """Every name inside the module's strings but its docstrings (`"game_key('split_pot')"`
    holds `game_key` and `split_pot`): its words keys, actions, classes and the like."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return {name for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
            for name in re.findall(r"[\w-]+", node.value)}


def test_the_shared_screens_cast_nothing_and_compare_no_kind_by_its_string() -> None:
    found = {path: sorted({match.group(0) for match in GUESSES.finditer(source)})
             for path, source in _shared().items() if GUESSES.search(source)}
    assert found == {}


def test_the_shared_screens_name_no_game_nor_a_games_own_entries() -> None:
    named: dict[str, list[str]] = {}
    for game in registry.games().values():
        own = {game.id, game.title, *(event.__name__ for event in game.events),
               *(str(kind.__struct_config__.tag)
                 for kind in (*game.commands, *game.expectations))}
        for path, source in _shared().items():
            if own & _names(source):
                named.setdefault(path, []).extend(sorted(own & _names(source)))
    assert named == {}
