"""The Textual app: opens the night and shows the table screen (screens/ does the rest)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from companion.errors import error_sentence, record_error
from companion.table import TableController
from companion.words.i18n import Words, language_from_locale
from screens.guard import InternalError

STYLESHEET = Path(__file__).resolve().parent.parent / "screens" / "app.tcss"


class CompanionApp(App[None]):
    """The dealer's screen for one database; the latest open night, or a new one."""

    CSS_PATH = str(STYLESHEET)
    TITLE = "table companion"
    # Classes for app.tcss, so an 80×24 terminal still shows a whole turn.
    # Not annotated ClassVar: mypy reads Textual's own annotation as an instance variable.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012

    # The table screen has F5 among its keys; this one reaches the history from the dialogs
    # that open over the table (a new night, a new game) too.
    BINDINGS = [Binding("f5", "history", "History", show=False, id="app.history",  # noqa: RUF012
                        priority=True)]

    def __init__(self, controller: TableController, language: str | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.words = Words(language or language_from_locale())

    def on_mount(self) -> None:
        # Imported here so `companion --help` and the headless commands never load screens.
        from screens.table import TableScreen

        self.push_screen(TableScreen(self.controller, self.words))

    def action_history(self) -> None:
        from screens.history import HistoryScreen
        from screens.table import TableScreen

        if isinstance(self.screen, HistoryScreen):
            return
        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        self.push_screen(HistoryScreen(self.controller, table.words if table else self.words))

    def on_unmount(self) -> None:
        self.controller.close()

    def on_internal_error(self, message: InternalError) -> None:
        """An error a handler did not expect: its details to a file, one sentence on screen,
        and the night goes on."""
        where = record_error(self.controller.db_path, message.error)
        self.notify(error_sentence(message.error, where), severity="error", timeout=20,
                    markup=False)

    def _handle_exception(self, error: Exception) -> None:
        # The last net, for an error outside our guarded handlers (Textual has no public
        # hook: textual#2818). It ends the app as Textual would, but with a sentence and the
        # details in a file instead of a traceback on the dealer's screen.
        where = record_error(self.controller.db_path, error)
        self.exit(return_code=1, message=error_sentence(error, where))


def run(db: Path, night: int | None = None) -> int:
    """Open the TUI on `db`; StoreError propagates as a sentence to the CLI."""
    CompanionApp(TableController.open(db, night)).run()
    return 0
