"""The layers point one way (DESIGN.md): screens → companion → events → engine. engine imports
none of the others; events no companion or screens; the screens talk to companion only
(no engine, no events), but for a game's screen package, which reads its own game's typed
values (its two packages are one plug-in). Two composition roots wire the screens in:
companion/app.py (the dealer's screen) and companion/web/serve.py (the players' page, which
draws the dealer's panels)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
FORBIDDEN = {
    "engine": {"events", "companion", "screens", "textual", "sqlite3", "sqlite_utils"},
    "events": {"companion", "screens", "textual"},
    "companion": {"screens", "textual"},
    "screens": {"engine", "events"},
}
# The composition roots, and only they: the Textual app is where the application meets its
# screens; the players' page, served to browsers, is handed the games' panels beside it.
ALLOWED = {Path("companion/app.py"): {"screens", "textual"},
           Path("companion/web/serve.py"): {"screens"}}


def _imports(path: Path) -> set[str]:
    """The top-level packages a module imports when it runs (imports for the type checker
    alone, under `if TYPE_CHECKING:`, are types, not a dependency). A game's screen package
    importing its own game's package does not count: they are one plug-in."""
    own = (f"engine.games.{path.relative_to(ROOT).parts[2]}"
           if path.relative_to(ROOT).parts[:2] == ("screens", "games")
           and len(path.relative_to(ROOT).parts) > 3 else None)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            node.body = []
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif (isinstance(node, ast.ImportFrom) and node.module and not node.level
              and (own is None or not (node.module == own or node.module.startswith(own + ".")))):
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    wrong = {}
    for path in sorted((ROOT / layer).rglob("*.py")):
        relative = path.relative_to(ROOT)
        bad = (_imports(path) & FORBIDDEN[layer]) - ALLOWED.get(relative, set())
        if bad:
            wrong[str(relative)] = sorted(bad)
    assert wrong == {}


def _modules(path: Path) -> set[str]:
    """The full module names a module imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_the_general_rules_know_no_game() -> None:
    """The kernel, the settlement and the night's other general modules are written for any
    game; only the night's dispatcher looks a game up in the registry."""
    dispatcher = Path("engine/night.py")
    wrong = {}
    for path in sorted((ROOT / "engine").glob("*.py")):
        relative = path.relative_to(ROOT)
        reaching = {name for name in _modules(path) if name.startswith("engine.games")}
        if reaching and relative != dispatcher:
            wrong[str(relative)] = sorted(reaching)
    assert wrong == {}


def test_a_game_is_named_only_in_its_own_package() -> None:
    """The registry is the only list of games: no module outside a game's package names
    its preset (the demo night in seeds/ is data, a night as a dealer would type it)."""
    from engine import registry

    sources = {path.relative_to(ROOT): path.read_text(encoding="utf-8")
               for folder in ("engine", "events", "companion", "screens", "bench")
               for path in (ROOT / folder).rglob("*.py")}
    named = {}
    for game in registry.games().values():
        homes = [Path(*game.package.split("."))]
        if game.screen:
            homes.append(Path(*game.screen.split(".")))
        quoted = (f'"{game.id}"', f"'{game.id}'")
        outside = sorted(str(path) for path, source in sources.items()
                         if any(name in source for name in quoted)
                         and not any(home in path.parents for home in homes))
        if outside:
            named[game.id] = outside
    assert named == {}


def test_the_store_knows_rows_nights_hashes_and_versions_and_no_domain() -> None:
    """No event of the night, a game or the history is named in the store (its callers pass
    the row types they mean), nor the records the history keeps beside the log."""
    from engine import night, registry  # noqa: F401 - the night's events registered
    from engine.event import ALIASES, REGISTRY
    from events.walk import LOG_RECORDS

    registry.games()  # and every game's
    source = (ROOT / "events" / "store.py").read_text(encoding="utf-8")
    names = {*REGISTRY, *ALIASES, *LOG_RECORDS, "night_records"}
    assert len(REGISTRY) > 20
    assert sorted(name for name in names if re.search(rf"\b{name}\b", source)) == []


def test_the_command_line_opens_neither_the_store_nor_a_session() -> None:
    """Every module of the CLI asks the application (the table, the nights, the papers), as
    the dealer's screen does: one way to the log, tested once."""
    modules = sorted((ROOT / "companion" / "cli").rglob("*.py"))
    assert len(modules) >= 8
    reaching = {str(path.relative_to(ROOT)): sorted(
        name for name in _modules(path)
        if name.split(".")[:2] in (["events", "store"], ["events", "session"]))
        for path in modules}
    assert {path: found for path, found in reaching.items() if found} == {}


def test_the_command_line_and_the_screens_share_the_tables_calls() -> None:
    """The CLI reaches the log only through companion.table, companion.nights and
    companion.papers (with events.lines and events.codec to read its input); the screens'
    table is the same TableController, whose history and papers are those services."""
    services = {"companion.table", "companion.nights", "companion.papers"}
    used: set[str] = set()
    for path in sorted((ROOT / "companion" / "cli").rglob("*.py")):
        found = _modules(path)
        assert {name for name in found if name.startswith("events.")} <= {
            "events.lines", "events.codec"}, path
        used |= found & services
    assert used == services
    table = _modules(ROOT / "companion" / "table.py")
    assert {"companion.nights", "companion.papers"} <= table
    screens = {name for path in (ROOT / "screens").rglob("*.py") for name in _modules(path)}
    assert "companion.table" in screens


def test_a_command_is_decoded_once_where_it_enters() -> None:
    """The contract decodes a command where it enters: what the dealer typed (a form, a
    script's line) at the table's door (companion/table.py, `enter`), and a command the log
    stored as the log is read (events/history.py). Nothing past them decodes one: not the
    session, not the history's plans, not the CLI, not the screens."""
    decoding = sorted(str(path.relative_to(ROOT))
                      for layer in ("events", "companion", "screens")
                      for path in (ROOT / layer).rglob("*.py")
                      if "engine.contract" in _modules(path))
    assert decoding == ["companion/table.py", "events/history.py"]


def test_the_rooms_of_the_application_point_one_way() -> None:
    """Inside companion/, the papers and the players' page are made from the history and the
    words, never the other way: history/ and words/ import nothing of documents/, web/ or
    cli/, and documents/ nothing of web/ or cli/."""
    below = {"history": {"documents", "web", "cli"}, "words": {"documents", "web", "cli"},
             "documents": {"web", "cli"}}
    wrong = {}
    for room, above in below.items():
        for path in sorted((ROOT / "companion" / room).rglob("*.py")):
            reaching = sorted(name for name in _modules(path)
                              if name.split(".")[:2] in [["companion", a] for a in above])
            if reaching:
                wrong[str(path.relative_to(ROOT))] = reaching
    assert wrong == {}
