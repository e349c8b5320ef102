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

from companion.web.lan import for_code
from companion.words.i18n import Words
from screens.guard import Guarded
from screens.settlement import beside, qr_text


class PlayersViewScreen(Guarded, ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,f6", "close", "Back", id="players.close")]

    def __init__(self, address: str, words: Words) -> None:
        super().__init__()
        self.address = address
        self.words = words

    def compose(self) -> ComposeResult:
        words = self.words
        with Vertical(classes="dialog players-view"):
            # The address on a line of its own, never wrapped: copied from the terminal it
            # must be whole (the longest, IPv6 with a port, fits 80 columns). The code below
            # it, the words beside the code: the whole dialog fits an 80×24 terminal.
            yield Static(Text(self.address, style="bold", no_wrap=True, overflow="ignore"),
                         id="players-address")
            said = Group(Text(words("players.title"), style="bold"), Text(""),
                         Text(words("players.hint"), style="dim"))
            yield Static(beside(qr_text(for_code(self.address)), said), id="players-code")

    def action_close(self) -> None:
        self.dismiss(None)
