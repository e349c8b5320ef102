"""The table's history: every night in the database, the players' standings across them,
and the balances still open (the nights carried over), each in a tab. Enter on a night
replays it (read from the log, never written), `s` shows its settlement; `m` marks the open
balances paid."""

from __future__ import annotations

from itertools import accumulate

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane

from companion.controller import TableController
from companion.i18n import Words
from companion.money_text import money_text
from companion.nights import games_text, length_text, status, when
from companion.open_settlement import MixedCurrencies
from companion.records import NightRecord
from companion.standings import Standing, cells, common_currency
from screens.bindings import HISTORY_KEYS, LanguageKeys, bindings
from screens.dialogs import ConfirmScreen
from screens.guard import Guarded
from screens.replay import ReplayScreen
from screens.settlement import SettlementScreen, beside, qr_text, sparkline

NIGHT_COLUMNS = ("history.night", "history.started", "history.name", "history.players",
                 "history.games", "history.length", "history.pot", "history.state",
                 "history.fingerprint")
COURSE_WIDTH = 12  # cells of the sparkline of a player's running result, night by night
STANDING_COLUMNS = ("history.player", "history.count", "history.money", "history.chips",
                    "history.course",
                    "history.sips", "history.caused", "history.dealt", "history.as_dealer",
                    "history.posts", "history.best_bet", "history.best_night")


class HistoryScreen(Guarded, LanguageKeys, Screen[None]):
    """Nights newest first; standings best first."""

    BINDINGS = bindings(HISTORY_KEYS)

    def __init__(self, controller: TableController, words: Words) -> None:
        super().__init__()
        self.controller = controller
        self.words = words
        oldest_first = controller.nights()
        self.records: list[NightRecord] = oldest_first[::-1]
        self.rows: list[Standing] = controller.standings(oldest_first)

    def compose(self) -> ComposeResult:
        words = self.words
        yield Static(words("history.title"), id="history-title")
        with TabbedContent(initial="nights"):
            with TabPane(words("history.nights"), id="nights"):
                yield DataTable(id="nights-table", cursor_type="row", zebra_stripes=True)
            with TabPane(words("history.standings"), id="standings"):
                yield DataTable(id="standings-table", cursor_type="row", zebra_stripes=True)
            with TabPane(words("history.open_balances"), id="open"), VerticalScroll(
                    id="open-table"):
                yield Static(id="open-balances")
        yield Static(words("history.hint") if self.records else words("history.empty"),
                     id="history-hint")
        yield Footer()

    def on_mount(self) -> None:
        words = self.words
        nights = self.query_one("#nights-table", DataTable)
        nights.add_columns(*(words(key) for key in NIGHT_COLUMNS))
        for record in self.records:
            nights.add_row(_number(record.night), when(record), record.name or "",
                           ", ".join(p.name for p in record.players), games_text(record),
                           length_text(record), _number(record.biggest_pot),
                           words(f"history.{status(record)}"), record.fingerprint,
                           key=str(record.night))
        table = self.query_one("#standings-table", DataTable)
        table.add_columns(*(words(key) for key in STANDING_COLUMNS))
        currency = common_currency(self.records)
        for row in self.rows:
            shown = cells(row, lambda cents: money_text(cents, currency, words.language,
                                                        sign=True))
            course = sparkline(list(accumulate(chips for _, chips in row.results)),
                               COURSE_WIDTH)
            numbers = [Text(cell, justify="right") for cell in shown[1:]]
            table.add_row(shown[0], *numbers[:3], course, *numbers[3:], key=row.name)
        self.draw_open()
        nights.focus()

    def draw_open(self) -> None:
        """The open balances with their payments and GiroCodes, or why there are none."""
        shown = self.query_one("#open-balances", Static)
        try:
            settled = self.controller.open_balances(self.records[::-1])
        except MixedCurrencies as problem:
            shown.update(str(problem))
            return
        words = self.words
        if not settled.nights:
            shown.update(words("open.none"))
            return
        parts: list[RenderableType] = [
            Text(words("open.nights", nights=", ".join(map(str, settled.nights))), style="bold")]
        for name, cents in settled.balances.items():
            parts.append(Text(f"  {name}: "
                              + money_text(cents, settled.currency, words.language, sign=True)))
        parts.append(Text(words("open.payments", count=len(settled.transfers))
                          if settled.transfers else words("settle.nobody_owes"), style="bold"))
        for t in settled.transfers:
            line = Text(f"{t.payer} → {t.payee}  ", style="bold")
            line.append(money_text(t.amount, settled.currency, words.language),
                        style="bold yellow")
            epc = settled.epc(t)
            parts.append(beside(qr_text(epc), line) if epc else line)
        parts.append(Text(words("open.mark"), style="dim"))
        shown.update(Group(*parts))

    def action_settle(self) -> None:
        """The settlement of the night under the cursor (its bank details may be added)."""
        table = self.query_one("#nights-table", DataTable)
        if self.query_one(TabbedContent).active != "nights" or not self.records:
            return
        record = self.records[table.cursor_row]
        other = self.controller.for_night(record.night)

        def closed(_: object) -> None:
            if other is not self.controller:
                other.close()

        self.app.push_screen(SettlementScreen(other, self.words), closed)

    def action_switch(self) -> None:
        """Tab: the nights, the standings, the open balances, and round again."""
        tabs = self.query_one(TabbedContent)
        tabs.active = {"nights": "standings", "standings": "open"}.get(tabs.active, "nights")
        self.query_one(f"#{tabs.active}-table").focus()

    def action_mark_paid(self) -> None:
        """After a yes: every carried night's balances recorded as paid."""
        try:
            nights = self.controller.open_balances(self.records[::-1]).nights
        except MixedCurrencies:
            return
        if not nights:
            self.notify(self.words("open.none"))
            return

        def answered(sure: bool | None) -> None:
            if not sure:
                return
            problem = self.controller.mark_paid(nights)
            if problem is not None:
                self.notify(problem, severity="error")
            else:
                self.notify(self.words("open.paid", nights=", ".join(map(str, nights))))
            self.dismiss(None)  # the history is read afresh next time

        self.app.push_screen(ConfirmScreen(
            self.words("confirm.mark_paid", nights=", ".join(map(str, nights))), self.words),
            answered)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id != "nights-table" or event.row_key.value is None:
            return
        frames = self.controller.replay(int(event.row_key.value))
        if frames:
            self.app.push_screen(ReplayScreen(frames, self.words))

    def action_close(self) -> None:
        self.dismiss(None)


def _number(value: int) -> Text:
    """A number lined up on the right of its column."""
    return Text(str(value), justify="right")
