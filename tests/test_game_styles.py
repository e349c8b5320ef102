"""A game's own styles (its screen package's .tcss): loaded the first time the game is on the
table; styles that do not parse are told once, and the app's other styles still parse."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.css.errors import StylesheetError

from screens.games.styles import scope_of, wear


def test_a_games_class_is_its_id_made_fit_for_css() -> None:
    assert scope_of("schlag-den-dealer") == "-game-schlag-den-dealer"
    assert scope_of("five card/2") == "-game-five-card-2"


def test_styles_that_do_not_parse_are_told_once_and_the_table_goes_on_without_them(
        tmp_path: Path) -> None:
    broken = tmp_path / "styles.tcss"
    broken.write_text("#right { width: ; }\n", encoding="utf-8")
    app: App[object] = App()
    with pytest.raises(StylesheetError):
        wear(app, "broken-game", broken)
    assert wear(app, "broken-game", broken) is None  # told once; no class to wear
    app.stylesheet.reparse()  # the app's own styles are whole


def test_styles_are_loaded_once_under_the_games_class(tmp_path: Path) -> None:
    styles = tmp_path / "styles.tcss"
    styles.write_text("#right { width: 50; }\n", encoding="utf-8")
    app: App[object] = App()
    assert wear(app, "narrow-game", styles) == "-game-narrow-game"
    assert wear(app, "narrow-game", styles) == "-game-narrow-game"
    assert [key for key in app.stylesheet.source if key[0] == str(styles)] == [
        (str(styles), "-game-narrow-game")]
