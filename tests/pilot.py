"""Helpers for the Pilot tests: the app on a database, what a widget shows, what is stored."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.errors import NoWidget
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from companion.app import CompanionApp
from companion.table import TableController
from engine import registry
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


def to_game(title: str) -> tuple[str, ...]:
    """The arrow keys from the top of the game set-up's list to the game called `title`: the
    list holds every game installed, by title, so a game installed moves the others."""
    titles = [game.title for game in registry.games().values()]
    return ("down",) * titles.index(title)


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


def on_screen(pilot: Pilot[Any]) -> list[str]:
    """The terminal's lines as the dealer sees them, a dialog over the table included."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


async def drawn(pilot: Pilot[Any], ready: Callable[[list[str]], bool],
                tries: int = 100) -> list[str]:
    """The terminal's lines once `ready` holds for them: a loaded machine may draw a part (the
    footer) a frame after the first pause. Bounded: after `tries` short pauses, as they are."""
    await until(pilot, lambda: ready(on_screen(pilot)), tries)
    return on_screen(pilot)


async def until(pilot: Pilot[Any], holds: Callable[[], bool], tries: int = 100) -> bool:
    """Whether `holds` came true within `tries` short pauses: what a key sets off after the
    screen first goes idle (a scroll to the focused field) lands a frame or two later."""
    for _ in range(tries):
        if holds():
            return True
        await pilot.pause(0.01)
    return holds()


async def comes_into_view(pilot: Pilot[Any], widget: Widget) -> bool:
    """Whether `widget` is wholly on screen within a few frames (a scroll waits for one)."""
    return await until(pilot, lambda: in_view(pilot, widget))


def in_view(pilot: Pilot[Any], widget: Widget) -> bool:
    """Whether the whole of `widget` is on screen: not scrolled away, cut or covered."""
    screen = pilot.app.screen
    region = widget.region
    if not region or not screen.region.contains_region(region):
        return False
    for x, y in ((region.x, region.y), (region.right - 1, region.y),
                 (region.x, region.bottom - 1), (region.right - 1, region.bottom - 1)):
        try:
            found, _ = screen.get_widget_at(x, y)
        except NoWidget:
            return False
        if found is not widget and widget not in found.ancestors:
            return False
    return True


def on_screen_at(pilot: Pilot[Any], selector: str) -> str:
    """What the terminal shows where a widget is, its border included."""
    region = pilot.app.screen.query_one(selector, Widget).region
    lines = on_screen(pilot)[region.y:region.bottom]
    return "\n".join(line[region.x:region.right] for line in lines)
