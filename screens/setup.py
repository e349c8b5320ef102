"""The pieces the night's and the games' set-up screens are built of: names typed and
renamed, an on-off switch, the dialog they share."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from companion.commands import Draft
from screens.guard import Guarded


def split_names(text: str) -> list[str]:
    """Names typed or pasted as a list: one a line, or separated by commas."""
    return [name.strip() for line in text.splitlines() for name in line.split(",")
            if name.strip()]


class NameInput(Input):
    """The new-player field: a pasted list of names becomes several players."""

    @dataclass
    class Pasted(Message):
        names: list[str]

    def on_paste(self, event: events.Paste) -> None:
        # Runs before the Input's own paste handler, which prevent_default keeps from
        # typing the list into the field; a single name is pasted as usual.
        names = split_names(event.text)
        if len(names) > 1:
            event.stop()
            event.prevent_default()
            self.post_message(self.Pasted(names))


class RenameInput(Input):
    """A seated player's name opened for editing in their seat: Enter keeps what is typed,
    Escape leaves the name as it was (and the dialog open)."""

    BINDINGS = [Binding("escape", "leave", "Leave the name", show=False, id="setup.rename.leave")]

    @dataclass
    class Left(Message):
        """The dealer left the name as it was."""

    def action_leave(self) -> None:
        self.post_message(self.Left())


class OnOff(Guarded, Static, can_focus=True):
    """An on/off option that reads as text, [x] or [ ], so its state shows without colour.

    Only Space (or a click) switches it: Enter moves on, as in every other field, so a
    dealer passing through never switches an option he did not look at."""

    BINDINGS = [Binding("space", "switch", "Switch", show=False, id="option.switch")]

    value: reactive[bool] = reactive(False)
    """Whether the option is on."""

    def __init__(self, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(OnOff.value, value)

    def render(self) -> Text:
        return Text("[x]" if self.value else "[ ]")  # text, not markup

    def action_switch(self) -> None:
        self.value = not self.value

    def on_click(self) -> None:
        self.action_switch()


class Dialog(Guarded, ModalScreen[Draft | None]):
    """A set-up dialog: a body that scrolls above a foot that stays (the buttons)."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Textual scrolls a focused field into view only when the dialog's edge hides it, not
        # when the foot covers it; scrolled from the dialog, the foot is left clear.
        self.query_one(".dialog").scroll_to_widget(event.widget, animate=False)
