"""Helpers for the Pilot tests: the app on a database, what a widget shows, what is stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from companion.app import CompanionApp
from companion.controller import TableController
from events.session import NightSession


def on_disk(db: Path) -> dict[str, Any]:
    """The night's projection read back from the file, as a second window would."""
    session = NightSession.open(db, write=False)
    try:
        return session.view()
    finally:
        session.close()


def app(db: Path, language: str = "en") -> CompanionApp:
    return CompanionApp(TableController.open(db), language)


def shown(pilot: Pilot[Any], selector: str) -> list[str]:
    """The lines of a widget as the terminal shows them."""
    widget = pilot.app.screen.query_one(selector, Widget)
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return [strip.text.rstrip() for strip in strips]


def text(pilot: Pilot[Any], selector: str) -> str:
    return "\n".join(shown(pilot, selector))


def seat(pilot: Pilot[Any], name: str) -> str:
    """The seat line of `name`: markers, name, stack and notes."""
    return next(line for line in shown(pilot, "#seats") if f" {name} " in f" {line} ")


def chips(view: dict[str, Any]) -> dict[str, int]:
    return {name: place["chips"] for name, place in view["players"].items()}
