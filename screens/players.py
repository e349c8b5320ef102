"""The players' view on the dealer's screen (F6): the address the players open, and its QR
code to scan from a phone; the server goes on when this closes, until the companion does."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.i18n import Words
from screens.guard import Guarded
from screens.settlement import qr_text


class PlayersViewScreen(Guarded, ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,f6", "close", "Back", id="players.close")]

    def __init__(self, address: str, words: Words) -> None:
        super().__init__()
        self.address = address
        self.words = words

    def compose(self) -> ComposeResult:
        words = self.words
        with Vertical(classes="dialog players-view"):
            yield Static(words("players.title"), classes="dialog-title")
            yield Static(Group(Text(self.address, style="bold"), qr_text(self.address)),
                         id="players-address")
            yield Static(words("players.hint"), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
