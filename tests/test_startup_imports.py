"""What starting the companion imports (issue 24, start-up). `companion --help` reads its
parser and nothing of the engine, the log or the papers; the light commands read the log
without the screen's, the papers' or the players' page's packages; the dealer's screen, at
its first frame, has imported neither the screens over the table (settlement, history,
set-up, dialogs, replay, the players' view) nor what they bring (QR codes, the PDF, the
printer, the server, Markdown), nor another game's screen package.

Each check runs in a fresh interpreter (not the tests' zygote, which imports everything on
purpose) and reads its `sys.modules`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
# Third-party packages no light start needs: the screen (Textual, Rich), the players' page
# (aiohttp), the papers (qrcode, fpdf2, schwifty's IBAN registry, Pillow), Markdown for the
# help, and the test tools.
HEAVY = ("textual", "rich", "aiohttp", "qrcode", "fpdf", "schwifty", "PIL", "markdown_it",
         "playwright", "hypothesis")
# Opened from the table by a key, never for its first frame.
NOT_AT_FIRST_FRAME = ("qrcode", "fpdf", "aiohttp", "schwifty", "PIL", "markdown_it",
                      "playwright", "hypothesis", "screens.settlement", "screens.history",
                      "screens.night_setup", "screens.game_setup", "screens.dialogs",
                      "screens.replay", "screens.players",
                      "companion.web.players_view", "companion.web.serve",
                      "companion.documents.qr", "companion.documents.printing",
                      "companion.documents.settle_pdf")


def _modules(code: str, *args: str) -> set[str]:
    """The modules a fresh `python -c code args...` has imported; it prints them as JSON on
    its last line."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    found: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return set(found)


def _under(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A night in play (the demo: In-Between on the table)."""
    db = tmp_path_factory.mktemp("startup") / "demo.db"
    done = subprocess.run([sys.executable, "-m", "companion", "--db", str(db), "demo",
                           "--headless"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return db


def test_help_imports_the_parser_alone() -> None:
    modules = _modules("""
        import contextlib, io, json, sys
        from companion.cli import main
        with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
            main(["--help"])
        print(json.dumps(sorted(sys.modules)))
    """)
    assert _under(modules, HEAVY) == []
    # Not the engine, the log, msgspec or the application's services either: --help is to
    # start within twice a bare `python -c "import sqlite3"` (bench/startup.py).
    assert _under(modules, ("engine", "events", "msgspec", "sqlite3", "platformdirs",
                            "companion.table", "companion.nights", "companion.papers")) == []


@pytest.mark.parametrize("command", [["state"], ["state", "--json"], ["log"], ["verify"],
                                     ["nights"], ["export"]])
def test_a_light_command_imports_nothing_of_the_screen_or_the_papers(
        demo_db: Path, command: list[str]) -> None:
    modules = _modules("""
        import contextlib, io, json, sys
        from companion.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(sys.argv[1:])
        assert code == 0, code
        print(json.dumps(sorted(sys.modules)))
    """, "--db", str(demo_db), *command)
    # (companion.web.port, the default port --help names, is a constant alone.)
    assert _under(modules, (*HEAVY, "screens", "companion.app", "companion.web.serve",
                            "companion.web.server", "companion.web.players_view",
                            "companion.documents.qr", "companion.documents.settle_pdf")) == []


def test_the_first_frame_imports_only_what_it_shows(demo_db: Path) -> None:
    modules = _modules("""
        import asyncio, json, sys
        from pathlib import Path
        from companion.app import CompanionApp
        from companion.table import TableController

        app = CompanionApp(TableController.open(Path(sys.argv[1])), "en")

        async def first_frame() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                assert type(app.screen).__name__ == "TableScreen", app.screen

        asyncio.run(first_frame())
        print(json.dumps(sorted(sys.modules)))
    """, str(demo_db))
    assert "screens.table" in modules  # it did draw the table
    assert _under(modules, NOT_AT_FIRST_FRAME) == []
    # The game on the table brings its screen package; no other game's is loaded.
    games = {m.split(".")[2] for m in modules if m.startswith("screens.games.")
             and m.split(".")[2] not in ("editor", "keymap", "panel", "styles")}
    assert games == {"in_between"}
