"""A game's own styles: the .tcss its screen package brings, loaded into the app the first
time the game is on the table, nested under a class the table carries only while that game
is on it, so a game's styles never reach another game's table."""

from __future__ import annotations

import re
from pathlib import Path

from textual.app import App
from textual.css.errors import StylesheetError

BROKEN: set[Path] = set()  # styles that did not parse: told once, then the table goes without


def scope_of(game: str) -> str:
    """The class a table carries while `game` (its id) is on it."""
    return "-game-" + re.sub(r"[^A-Za-z0-9_-]", "-", game)


def wear(app: App[object], game: str, path: Path) -> str | None:
    """The class that puts the styles at `path` of `game` on a table, loaded into `app` the
    first time (None: they did not parse, as an error said the first time)."""
    if path in BROKEN:
        return None
    scope = scope_of(game)
    sheet = app.stylesheet
    if not sheet.has_source(str(path), scope):
        css = path.read_text(encoding="utf-8")
        sheet.add_source(f".{scope} {{\n{css}\n}}", read_from=(str(path), scope))
        try:
            sheet.reparse()
        except StylesheetError:
            # Left in, it would break every later parse of the app's styles.
            del sheet.source[(str(path), scope)]
            BROKEN.add(path)
            raise
        sheet.update(app)
    return scope
