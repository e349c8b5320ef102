"""The widgets of the table: the prompt line that takes keys, the table view, the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets._footer import FooterKey  # not exported by Textual, which we pin
from textual.widgets.option_list import Option

from companion.commands import Command
from companion.table import LogLine
from companion.views import (
    BetExpected,
    CardExpected,
    DeclareExpected,
    Expect,
    NextDealerExpected,
    NightView,
    NothingExpected,
)
from companion.words.i18n import Words
from screens.games import TABLE, Keys, screen_for
from screens.games.styles import wear
from screens.guard import Guarded
from screens.keys import KeyEntry


def allowed_keys(expect: Expect, entry: KeyEntry, keys: Keys, words: Words) -> str:
    """The words saying which keys fit now, for a key that did nothing."""
    own = keys.allowed(entry, expect, words)
    if own is not None:
        return own
    if entry.waiting_for_suit(expect, keys):
        return words("keys.allowed.suit")
    for kind, key in ALLOWED:
        if isinstance(expect, kind):
            return words(key)
    return words("keys.allowed.none")


# What fits for each entry every game shares; a game's key map says it for its own.
ALLOWED: tuple[tuple[type[Expect], str], ...] = (
    (CardExpected, "keys.allowed.card"), (BetExpected, "keys.allowed.bet"),
    (NextDealerExpected, "keys.allowed.next_dealer"), (DeclareExpected, "keys.allowed.declare"))


class EntryBar(Guarded, Static, can_focus=True):
    """The prompt line: shows what is expected and takes the dealer's keys for it, with one
    line under it for the latest note (a refusal, a key that did nothing, what was recorded):
    a new note replaces the last, so messages never pile up.

    Keys typed while a whole entry is on its way to the screen (typed fast, or pasted) wait
    for the screen to have recorded it and asked the next question (`taken`): read at once,
    they would be read for the question before, and a bet's digits after a card were taken
    for cards and lost."""

    @dataclass
    class Entered(Message):
        """A whole entry, as the typed command it makes; the screen calls `taken` after it."""

        command: Command

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entry = KeyEntry()
        self.expect: Expect = NothingExpected(prompt="")
        self.keys: Keys = TABLE.keys
        self.prompt = ""
        self.words = Words("en")
        self.problem: str | None = None
        self.note: str | None = None
        self.waiting: list[str] | None = None  # keys typed while an entry is being taken

    def show(self, prompt: str, expect: Expect, keys: Keys, words: Words,
             problem: str | None = None) -> None:
        """Ask for `expect` with `prompt`, read by `keys` (the game's key map)."""
        if expect != self.expect:
            self.entry.clear()  # half-typed keys belong to what was expected before
        self.prompt, self.expect, self.keys, self.words = prompt, expect, keys, words
        self.tell(problem, problem=True)

    def reprompt(self, prompt: str) -> None:
        """Another prompt for the same expected input (the note line stays)."""
        self.prompt = prompt
        self._draw()

    def tell(self, text: str | None, problem: bool = False) -> None:
        """Put `text` on the note line (red when it is a problem), replacing what was there."""
        self.problem, self.note = (text, None) if problem else (None, text)
        self._draw()

    def _typed(self) -> str | Text:
        own = self.keys.typed(self.entry, self.expect, self.words)
        return own if own is not None else self.entry.buffer

    def _draw(self) -> None:
        text = Text(self.prompt, style="bold")
        text.append("  ▸ ")
        typed = self._typed()
        if isinstance(typed, Text):
            text.append_text(typed)
        else:
            text.append(typed, style="bold yellow")
        text.append("▌", style="blink")
        if self.entry.waiting_for_suit(self.expect, self.keys):
            text.append("  " + self.keys.suit_hint(self.entry, self.expect, self.words),
                        style="dim")
        if self.problem:
            text.append("\n" + self.problem, style="bold red")
        elif self.note:
            text.append("\n" + self.note, style="dim")
        self.update(text)

    def on_key(self, event: events.Key) -> None:
        key = event.character if event.is_printable and event.character else event.key
        if key == "escape" and not self.entry.buffer:
            return  # nothing half-typed: escape is the screen's
        if (key not in ("enter", "backspace", "escape") and not event.is_printable
                and key not in self.keys.NAMED):
            return
        event.stop()
        if self.waiting is not None:
            self.waiting.append(key)
        else:
            self._read(key)

    def taken(self) -> None:
        """The screen has taken the entry (recorded or refused, and asked what comes next):
        the keys typed meanwhile are read now, for the question they answer."""
        keys, self.waiting = self.waiting or [], None
        for number, key in enumerate(keys):
            if self.waiting is not None:  # they made another whole entry: wait again
                self.waiting += keys[number:]
                return
            self._read(key)

    def _read(self, key: str) -> None:
        self.problem = self.note = self.entry.faulty = None
        command = self.entry.feed(key, self.expect, self.keys)
        if self.entry.unused is not None:
            allowed = allowed_keys(self.expect, self.entry, self.keys, self.words)
            self.problem = self.words("keys.unused", pressed=self.entry.unused,
                                      allowed=allowed)
        self._draw()
        if command is not None:
            self.waiting = []
            self.post_message(self.Entered(command))


class TableView(Guarded, Widget):
    """The whole table for one view, drawn by the panel of the game on it and in its styles;
    the table and replay screens both use it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.styled: str | None = None  # the class of the styles of the game on it

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal():
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="pot")
                yield Static(id="cards")
                yield Static(id="warning")
            with Vertical(id="right"):
                yield Static(id="seen")
                yield Static(id="odds")

    def show(self, view: NightView, words: Words) -> None:
        game = screen_for(view)
        self._wear(wear(self.app, view.game, game.styles)
                   if view.game is not None and game.styles is not None else None)
        panel = game.panel
        self.query_one("#title", Static).update(panel.title(view, words))
        self.query_one("#seats", Static).update(panel.seats(view, words))
        self.query_one("#pot", Static).update(panel.pot(view, words))
        self.query_one("#cards", Static).update(panel.cards(view, words))
        warning = panel.warning(view, words)
        self.query_one("#warning", Static).update(
            Text(warning, style="bold black on yellow") if warning else "")
        self.query_one("#seen", Static).update(panel.side(view, words))
        self.query_one("#odds", Static).update(panel.below(view, words))

    def _wear(self, styled: str | None) -> None:
        """The styles of the game on the table, and no other game's."""
        if styled != self.styled:
            if self.styled is not None:
                self.remove_class(self.styled)
            if styled is not None:
                self.add_class(styled)
            self.styled = styled


class LogPanel(Guarded, OptionList):
    """The night's actions with their numbers; undone ones struck through."""

    @staticmethod
    def _prompt(line: LogLine, words: Words) -> Text:
        # An undone line says "[undone]" itself; struck through, it is not said twice.
        return Text(line.text, style="dim strike" if line.undone else "")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: list[tuple[str, bool]] = []
        self._language = ""
        self._follow = False

    def show(self, lines: list[LogLine], words: Words) -> None:
        """Show `lines`, touching only the options that changed (a long night stays fast)."""
        highlighted = self.highlighted
        if words.language != self._language or len(lines) < len(self._shown):
            # Another language, or another night (the log never shrinks within one).
            self.clear_options()
            self._shown, self._language = [], words.language
        for index, line in enumerate(lines[:len(self._shown)]):
            if self._shown[index] != (line.text, line.undone):
                self.replace_option_prompt_at_index(index, self._prompt(line, words))
                self._shown[index] = (line.text, line.undone)
        fresh = lines[len(self._shown):]
        if fresh:
            self.add_options([Option(self._prompt(line, words), id=str(line.action))
                              for line in fresh])
            self._shown += [(line.text, line.undone) for line in fresh]
        if lines:
            self.highlighted = (highlighted if highlighted is not None and self.has_focus
                                and not self._follow else len(lines) - 1)
        self._follow = False

    def follow_latest(self) -> None:
        """Highlight the latest action at the next `show`, even while the log has focus."""
        self._follow = True

    def on_resize(self) -> None:
        # A log made shorter (a small terminal) still shows the action it highlights.
        self.call_after_refresh(self.scroll_to_highlight)


class KeyFooter(Footer):
    """The footer with as many keys as the terminal's width holds, in the order they are
    bound (the order of need): the rest give way whole, never cut to a stray letter, and
    the command palette on the right still offers every one."""

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._room = 0

    def compose(self) -> ComposeResult:
        keys = [key for key in super().compose() if isinstance(key, FooterKey)]
        self._room = room = self.size.width or self.app.size.width
        palette = [key for key in keys if key.has_class("-command-palette")]
        room -= sum(self._width(key) + 1 for key in palette)  # and its border on the left
        for key in keys:
            if key not in palette:
                room -= self._width(key)
                if room < 0:
                    break
                yield key
        yield from palette

    @staticmethod
    def _width(key: FooterKey) -> int:
        # A compact key is "^z Undo" and one cell between keys (after the palette: padding).
        return cell_len(key.key_display) + 1 + cell_len(key.description) + 1

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._room:
            self.call_after_refresh(self.recompose)
