"""The table's history: every night in the database, the players' standings across them,
and the balances still open (the nights carried over), each in a tab.

Nights: the night under the cursor shows each player's stack over it; Enter replays it (read
from the log, never written), `s` shows its settlement. Standings: `r` merges a rename (kept
for every later look), `t` picks the period (all time, this year, a named season). Open
balances: `p` prints their page, `w` saves it, `m` marks them paid."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from itertools import accumulate

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane

from companion.documents.printing import PrintProblem
from companion.history.nights import games_text, length_text, status, vouched, when
from companion.history.open_settlement import (
    BROKEN,
    MARK_PAID,
    PAID,
    MixedCurrencies,
    OpenSettlement,
    broken_said,
    carried_from,
    nights_said,
)
from companion.history.records import NightRecord
from companion.history.standings import (
    Standing,
    broken_nights,
    cells,
    common_currency,
    count_cells,
    count_heading,
    counted,
    in_period,
    open_rule,
    season,
)
from companion.table import TableController
from companion.words.i18n import Words
from companion.words.money_text import money_text
from screens.bindings import HISTORY_KEYS, LanguageKeys, bindings
from screens.dialogs import ConfirmScreen, Field, FieldsScreen
from screens.fit import Column, cut, fit
from screens.guard import Guarded
from screens.replay import ReplayScreen
from screens.settlement import SettlementScreen, beside, qr_text, sparkline

# What gives way on a narrow terminal: long names are cut with "…" first, then the columns
# that matter least are left out (the hint names them). The players of the night under the
# cursor are listed whole below the table.
# Where a night stands (companion/history/nights.py `status`), in the list's words.
STATUS = {"open": "history.open", "ended": "history.ended", "carried": "history.carried",
          "paid": "history.paid", "broken": "history.broken"}
NIGHT_COLUMNS = (Column("history.night"), Column("history.started"),
                 Column("history.name", shortest=16), Column("history.players", shortest=20),
                 Column("history.games", shortest=10), Column("history.length", gives_way=1),
                 Column("history.pot", gives_way=2), Column("history.state"),
                 Column("history.fingerprint", gives_way=3))
COURSE_WIDTH = 12  # cells of the sparkline of a player's running result, night by night
STACKS_WIDTH = 48  # cells of a player's stack over one night, under the list of nights
# The keys that work on one tab only, shown in the footer while it is open.
TAB_OF_ACTION = {"settle": "nights", "merge": "standings", "period": "standings",
                 "order": "standings",
                 "print": "open", "save": "open", "mark_paid": "open"}
HINTS = {"nights": "history.hint", "standings": "history.hint.standings",
         "open": "history.hint.open"}
# What each standings column orders the table by, most first (the running result orders
# nothing; the names go in the alphabet's order).
ORDER_BY: dict[str, Callable[[Standing], int] | None] = {
    "history.player": None, "history.count": lambda row: row.nights,
    "history.money": lambda row: row.cents, "history.chips": lambda row: row.chips,
    "history.course": None, "history.sips": lambda row: row.sips,
    "history.caused": lambda row: row.caused, "history.dealt": lambda row: row.dealt,
    "history.as_dealer": lambda row: row.dealer_result, "history.posts": lambda row: row.posts,
    "history.best_bet": lambda row: row.biggest_win,
    "history.best_night": lambda row: row.best_night}
BY_NAME = "history.player"
COUNTED = "counted:"  # the key of a column of what a game counts, before the count's name
STANDING_COLUMNS = (Column("history.player", shortest=8), Column("history.count", gives_way=9),
                    Column("history.money"), Column("history.chips"),
                    Column("history.course", gives_way=7), Column("history.sips", gives_way=8),
                    Column("history.caused", gives_way=2), Column("history.dealt", gives_way=5),
                    Column("history.as_dealer", gives_way=6),
                    Column("history.posts", gives_way=1),
                    Column("history.best_bet", gives_way=3),
                    Column("history.best_night", gives_way=4))


class HistoryScreen(Guarded, LanguageKeys, Screen[None]):
    """Nights newest first; standings best first."""

    BINDINGS = bindings(HISTORY_KEYS)

    def __init__(self, controller: TableController, words: Words, tab: str = "nights") -> None:
        """`tab`: the one to open on (nights, standings, open)."""
        super().__init__()
        self.controller = controller
        self.words = words
        self.tab = tab
        self.records: list[NightRecord] = controller.nights()[::-1]  # newest first
        # The open settlement as its tab shows it, or why there is none (set when drawn).
        self.open: OpenSettlement | str = ""
        # The standings' period: None for all time, else its name and first and last day.
        self.period: tuple[str, date, date] | None = None
        self.order: str | None = None  # the column the standings are ordered by; None: best
        # first (money, then chips)
        self.hidden: dict[str, list[str]] = {}  # each table's columns left out at this width
        self.drawn_for = 0  # the width the tables were fitted to

    def compose(self) -> ComposeResult:
        words = self.words
        yield Static(words("history.title"), id="history-title")
        with TabbedContent(initial=self.tab):
            with TabPane(words("history.nights"), id="nights"):
                yield DataTable(id="nights-table", cursor_type="row", zebra_stripes=True)
                yield Static(id="night-stacks")
            with TabPane(words("history.standings"), id="standings"):
                yield Static(id="standings-period")
                yield DataTable(id="standings-table", cursor_type="row", zebra_stripes=True)
                yield Static(id="standings-note")
            with TabPane(words("history.open_balances"), id="open"), VerticalScroll(
                    id="open-table"):
                yield Static(id="open-balances")
        yield Static(id="history-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.draw_nights()
        self.draw_standings()
        self.draw_open()
        self.draw_stacks(0)
        self.show_hint()
        self.query_one(f"#{self.tab}-table").focus()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self.drawn_for:
            self.draw_nights()
            self.draw_standings()
            self.show_hint()

    def draw_nights(self) -> None:
        """The nights, newest first, in as many columns as the width holds."""
        words = self.words
        rows: list[list[str | Text]] = [
            # Text, not markup: a name is drawn as it is, brackets and all.
            [_number(record.night), when(record), Text(record.name or ""),
             Text(", ".join(p.name for p in record.players)), games_text(record),
             length_text(record), _number(record.biggest_pot),
             words(STATUS[status(record)]), vouched(record)]
            for record in self.records]
        table = self.query_one("#nights-table", DataTable)
        at = table.cursor_row
        self.fill(table, NIGHT_COLUMNS, [words(c.key) for c in NIGHT_COLUMNS], rows,
                  [str(record.night) for record in self.records])
        table.move_cursor(row=at)

    def fill(self, table: DataTable[str | Text], columns: tuple[Column, ...],
             headings: list[str], rows: list[list[str | Text]], keys: list[str]) -> None:
        """The table drawn anew with the columns that fit the screen's width, text cut with
        "…" where it must be; the columns left out are kept for the hint to name."""
        self.drawn_for = self.app.size.width
        # The table's vertical scrollbar, once the rows outgrow it, takes two cells.
        shown = fit(columns, headings, rows, self.drawn_for - 2)
        self.hidden[str(table.id)] = [words for c, words in zip(columns, headings, strict=True)
                                      if c.key not in shown]
        table.clear(columns=True)
        for column, heading in zip(columns, headings, strict=True):
            if column.key in shown:
                table.add_column(heading, width=shown[column.key], key=column.key)
        for row, key in zip(rows, keys, strict=True):
            table.add_row(*(cut(cell, shown[column.key])
                            for column, cell in zip(columns, row, strict=True)
                            if column.key in shown), key=key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if allowed and action == "keyed" and len(parameters) > 1:
            tab = TAB_OF_ACTION.get(str(parameters[1]))
            tabs = self.query(TabbedContent)
            active = tabs.first().active if tabs else self.tab
            return tab is None or tab == active
        return allowed

    def show_hint(self) -> None:
        tab = self.query_one(TabbedContent).active or "nights"
        hint = self.words(HINTS[tab]) if self.records else self.words("history.empty")
        hidden = self.hidden.get(f"{tab}-table")
        if hidden and self.records:  # the sign that the table has more than it shows
            hint += "\n" + self.words("history.hidden", columns=", ".join(hidden))
        self.query_one("#history-hint", Static).update(hint)

    def on_tabbed_content_tab_activated(self, _: TabbedContent.TabActivated) -> None:
        self.show_hint()
        self.refresh_bindings()  # the footer shows the keys of the tab in view

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "nights-table":
            self.draw_stacks(event.cursor_row)

    def draw_stacks(self, row: int) -> None:
        """Each player's stack over the night in `row`, from the night's kept record."""
        shown = self.query_one("#night-stacks", Static)
        if not 0 <= row < len(self.records):
            shown.update("")
            return
        record = self.records[row]
        width = max(len(p.name) for p in record.players) if record.players else 0
        # One scale for every player, so the lines compare.
        values = [v for p in record.players for v in p.stacks if v is not None]
        heading = self.words("history.stacks", night=record.night)
        # The night's name whole, as the list may show it cut.
        lines = [Text(heading + (f" · {record.name}" if record.name else ""), style="bold")]
        for p in record.players:
            known = [v for v in p.stacks if v is not None]
            line = Text(f"  {p.name:<{width}}  ")
            line.append(sparkline(list(p.stacks), STACKS_WIDTH, min(values), max(values)),
                        style="cyan")
            if known:
                line.append(f"  {known[0]} → {known[-1]}  ({min(known)}–{max(known)})")
            lines.append(line)
        shown.update(Group(*lines))

    def draw_standings(self) -> None:
        """The standings over the chosen period, the kept renames merged."""
        words = self.words
        records = self.records[::-1]
        if self.period is not None:
            records = in_period(records, self.period[1], self.period[2])
        period = (words("history.period.all") if self.period is None else words(
            "history.period", name=self.period[0], first=self.period[1].isoformat(),
            last=self.period[2].isoformat()))
        merged = self.controller.renames()  # read once: the label and the rows
        if merged:
            period += " · " + words("history.merged", names=", ".join(
                f"{old} → {new}" for old, new in merged.items()))
        broken = tuple(broken_nights(records))
        if broken:
            period += " · " + nights_said(words, BROKEN, broken)
        self.query_one("#standings-period", Static).update(
            Text(period + "  " + words("history.period.keys"), style="dim"))
        currency = common_currency(records)
        rows = self.controller.standings(records, merged)
        names = counted(rows)
        by = ORDER_BY.get(self.order or "")
        if self.order == BY_NAME:
            rows.sort(key=lambda row: row.name.casefold())
        elif by is not None:  # most first; stable, so best first among equals
            rows.sort(key=lambda row: -by(row))
        # How an open night counts, under the table (nothing when every night has ended).
        self.query_one("#standings-note", Static).update(
            Text(open_rule(records, words) or "", style="dim"))
        drawn: list[list[str | Text]] = []
        for row in rows:
            shown = cells(row, lambda cents: money_text(cents, currency, words.language,
                                                        sign=True))
            course = sparkline(list(accumulate(chips for _, chips in row.results)),
                               COURSE_WIDTH)
            numbers: list[str | Text] = [Text(cell, justify="right")
                                         for cell in [*shown[1:], *count_cells(row, names)]]
            drawn.append([Text(shown[0]), *numbers[:3], course, *numbers[3:]])
        table = self.query_one("#standings-table", DataTable)
        at = table.cursor_row
        # What the games counted (the rides of a bus), after the others, giving way first.
        columns = (*STANDING_COLUMNS, *(Column(COUNTED + name) for name in names))
        self.fill(table, columns,
                  [words(c.key) + (" ▼" if c.key == self.order else "")
                   for c in STANDING_COLUMNS]
                  + [count_heading(name, words.language) for name in names],
                  drawn, [row.name for row in rows])
        table.move_cursor(row=at)

    def draw_open(self) -> None:
        """The open balances with their payments and GiroCodes, or why there are none."""
        shown = self.query_one("#open-balances", Static)
        try:
            settled = self.open = self.controller.open_balances(self.records[::-1])
        except MixedCurrencies as problem:
            self.open = str(problem)
            shown.update(Text(self.open))
            return
        words = self.words
        if not settled.nights:
            shown.update("\n".join([words("open.none"), broken_said(settled, words) or ""]))
            return
        parts: list[RenderableType] = [
            Text(carried_from(settled, words), style="bold")]
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
        if not self.records:
            return
        record = self.records[table.cursor_row]
        other = self.controller.for_night(record.night)

        def closed(_: object) -> None:
            if other is not self.controller:
                other.close()

        self.app.push_screen(SettlementScreen(other, self.words), closed)

    def action_switch(self) -> None:
        """Tab: the nights, the standings, the open balances, and round again."""
        active = self.query_one(TabbedContent).active
        self.show_tab({"nights": "standings", "standings": "open"}.get(active, "nights"))

    def show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        self.query_one(f"#{tab}-table").focus()

    def action_mark_paid(self) -> None:
        """After a yes: every carried night's balances recorded as paid."""
        if isinstance(self.open, str):  # in different currencies: the tab says why
            return
        nights = self.open.nights
        if not nights:
            self.notify(self.words("open.none"))
            return

        def answered(sure: bool | None) -> None:
            if not sure:
                return
            problem = self.controller.mark_paid(nights)
            if problem is not None:
                self.notify(problem, severity="error", markup=False)
            else:
                self.notify(nights_said(self.words, PAID, nights))
            self.dismiss(None)  # the history is read afresh next time

        self.app.push_screen(ConfirmScreen(
            nights_said(self.words, MARK_PAID, nights), self.words),
            answered)

    def action_period(self) -> None:
        """All time, then this year, then each season the group named, and round again."""
        named = self.controller.seasons()
        periods: list[tuple[str, date, date] | None] = [None]
        for name in [str(datetime.now().year), *named]:
            first, last = season(name, named)
            periods.append((name, first, last))
        at = periods.index(self.period) if self.period in periods else 0
        self.period = periods[(at + 1) % len(periods)]
        self.draw_standings()

    def action_order(self) -> None:
        """The standings ordered by the next column in turn, and best first after the last."""
        keys: list[str | None] = [None, *(k for k, by in ORDER_BY.items()
                                          if by is not None or k == BY_NAME)]
        at = keys.index(self.order) if self.order in keys else 0
        self.order = keys[(at + 1) % len(keys)]
        self.draw_standings()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """A click on a standings column's head orders the table by it; again, best first."""
        key = str(event.column_key.value)
        if event.data_table.id == "standings-table" and (ORDER_BY.get(key) or key == BY_NAME):
            self.order = None if self.order == key else key
            self.draw_standings()

    def action_merge(self, problem: str | None = None, typed: tuple[str, str] = ("", "")
                     ) -> None:
        """A rename merged (the old name counted as the new one from now on), or, with the
        new name left empty, a merge taken back."""
        words = self.words
        names = tuple(dict.fromkeys([*self.controller.renames(),
                                     *(p.name for r in self.records for p in r.players)]))
        table = self.query_one("#standings-table", DataTable)
        old = typed[0] or (str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key
                                .value) if table.row_count else "")

        def answered(fields: dict[str, str] | None) -> None:
            if fields is None:
                return
            if fields["new"]:
                refusal = self.controller.merge_names(fields["old"], fields["new"])
            else:
                refusal = self.controller.unmerge_name(fields["old"])
            if refusal is not None:
                self.action_merge(refusal, (fields["old"], fields["new"]))
                return
            self.draw_standings()
            self.draw_open()  # the open balances count the merged names as one too

        self.app.push_screen(FieldsScreen(
            words("history.merge.title"),
            [Field("old", words("history.merge.old"), old, names),
             Field("new", words("history.merge.new"), typed[1], names)],
            problem, words("history.merge.hint"), words=words), answered)

    def action_print(self) -> None:
        """The open balances' page (PDF) to the printer, in a thread: a slow printer must
        not hold up the screen."""
        settled = self._open_to_paper()
        if settled is None:
            return
        language = self.words.language
        self.notify(self.words("open.printing"))

        def send() -> None:
            try:
                self.controller.print_open(settled, language)
            except PrintProblem as problem:
                self.app.call_from_thread(self.notify, self.words(
                    problem.key, detail=problem.detail), severity="error")
                return
            self.app.call_from_thread(self.notify, self.words("open.printed"))

        self.run_worker(send, thread=True, group="print", exclusive=True)

    def action_save(self) -> None:
        """The open balances' page as PDF beside the database."""
        settled = self._open_to_paper()
        if settled is None:
            return
        saved = self.controller.save_open_page(settled, self.words.language)
        if saved.problem is not None:
            self.notify(self.words("settle.not_saved", path=saved.path, reason=saved.problem),
                        markup=False,
                        severity="error")
        else:
            self.notify(self.words("settle.saved", path=saved.path), markup=False)

    def _open_to_paper(self) -> OpenSettlement | None:
        """The open settlement as the tab shows it, to print or save; None (and why) when
        its nights count in different currencies."""
        if isinstance(self.open, str):
            self.notify(self.open, severity="error", markup=False)
            return None
        return self.open

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
