"""Replay: scrub through the night action by action, the whole table as it was. Read-only."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from companion.views import NightView
from companion.words.i18n import Words
from screens.bindings import REPLAY_KEYS, LanguageKeys, bindings
from screens.games import panel_for
from screens.guard import Guarded
from screens.widgets import TableView


class ReplayScreen(Guarded, LanguageKeys, Screen[None]):
    """Frames of (action, view); ←/→ step, Home/End jump, digits and Enter go to an action."""

    BINDINGS = bindings(REPLAY_KEYS)

    def __init__(self, frames: list[tuple[int, NightView]], words: Words) -> None:
        super().__init__()
        self.frames = frames
        self.words = words
        self.index = len(frames) - 1
        self.digits = ""

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        yield TableView(id="table")
        yield Static(id="jump")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    @property
    def action(self) -> int:
        return self.frames[self.index][0] if self.frames else 0

    def draw(self) -> None:
        if not self.frames:
            return
        action, view = self.frames[self.index]
        words = self.words.playing(view.game)  # a night may play several games
        self.query_one("#replay-title", Static).update(Text(
            words("replay.title", action=action, last=self.frames[-1][0])
            + "   ▸ " + panel_for(view).prompt(view, words)))
        self.query_one(TableView).show(view, words)
        self.query_one("#jump", Static).update(
            self.words("replay.jump", digits=self.digits) if self.digits else "")

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        self.draw()

    def action_first(self) -> None:
        self.index = 0
        self.draw()

    def action_last(self) -> None:
        self.index = len(self.frames) - 1
        self.draw()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            self.digits += event.character
        elif event.key == "backspace":
            self.digits = self.digits[:-1]
        elif event.key == "enter" and self.digits:
            wanted = int(self.digits)
            self.digits = ""
            for index, (action, _) in enumerate(self.frames):
                if action <= wanted:
                    self.index = index
        else:
            return
        event.stop()
        self.draw()
