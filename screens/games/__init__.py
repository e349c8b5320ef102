"""Each game's screen package, and what the screens know of one: a `GameScreen`.

A game's screen package (`screens/games/<game>/`, or one of another distribution) exports
`SCREEN`, a `GameScreen`: its panel (how its table is drawn, `panel.py`), its key map (what
its keys make, its own key actions, `keymap.py`), its entry editor (how the correct dialog
retypes its entries, `editor.py`) and its styles (a .tcss of its own, `styles.py`). The
game's `Game.screen` names the package, and the table imports it the first time that game is
on the table (`screen_for`), so no screen guesses a game from a view's fields and no shared
screen names one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path

from companion.games import screen_of
from companion.views import NightView
from screens.games.editor import Editor
from screens.games.keymap import GameKey, Keys
from screens.games.panel import Panel, cards_row

__all__ = ["Editor", "GameKey", "GameScreen", "Keys", "Panel", "cards_row", "panel_for",
           "screen_for"]


@dataclass(frozen=True, slots=True)
class GameScreen:
    """Everything the screens take from a game's screen package."""

    panel: Panel = field(default_factory=Panel)
    keys: Keys = field(default_factory=Keys)
    editor: Editor = field(default_factory=Editor)
    styles: Path | None = None  # its .tcss, applied to its table while it is on it


SCREENS: dict[str, GameScreen] = {}
TABLE = GameScreen()  # between games, and for a game with no screen package of its own


def screen_for(view: NightView) -> GameScreen:
    """The screen package's value of the game on the table, imported on first use."""
    if view.game is None:
        return TABLE
    found = SCREENS.get(view.game)
    if found is None:
        module = screen_of(view.game)
        exported = vars(importlib.import_module(module)).get("SCREEN") if module else None
        found = SCREENS[view.game] = exported if isinstance(exported, GameScreen) else TABLE
    return found


def panel_for(view: NightView) -> Panel:
    """The panel of the game on the table."""
    return screen_for(view).panel
