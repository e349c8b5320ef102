"""The settlement screen: results with a stack sparkline each, the payments with their
GiroCodes drawn in the terminal, the sips, and the whole settlement as more QR codes.

`h` cycles who collects (the fewest transfers, then each player as host), `i` takes a
player's bank details, `p` prints the page (a PDF through `lp`), `w` writes the printable
HTML page. Everything speaks the screen's language, money too.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from companion.commands import Draft
from companion.documents import qr
from companion.documents.printing import PrintProblem
from companion.documents.settle_words import SettlementWords, grouped
from companion.settle import NightSettlement, NotSettleable
from companion.table import TableController
from companion.words.i18n import Words
from companion.words.units import unit_name
from screens.bindings import SETTLE_KEYS, LanguageKeys, bindings
from screens.dialogs import AskScreen
from screens.guard import Guarded
from screens.widgets import KeyFooter

# Where a carried night's balances went (TableController.carried), in the title's words.
CARRIED = {"carried": "settle.carried", "paid": "settle.paid"}
SPARKS = "▁▂▃▄▅▆▇█"
SPARK_WIDTH = 24


def sparkline(values: list[int | None], width: int = SPARK_WIDTH, low: int | None = None,
              high: int | None = None) -> str:
    """The stack's course in `width` cells, from `low` to `high` (its own lowest and highest
    without); blank before the player joined."""
    known = [v for v in values if v is not None]
    if not known:
        return ""
    if len(values) <= width:
        picked = values
    else:  # every step-th value, and the last one: where the course ends
        step = -(-len(values) // width)
        picked = values[::step][:width - 1] + [values[-1]]
    low = min(known) if low is None else low
    high = max(known) if high is None else high
    span = (high - low) or 1
    return "".join(" " if v is None else SPARKS[round((v - low) * 7 / span)] for v in picked)


def qr_text(data: str) -> Table:
    """A QR code in half blocks, dark on light, quiet zone included, kept at its width."""
    rows = qr.half_blocks(data)
    code = Table.grid()
    code.add_column(width=len(rows[0]), no_wrap=True)
    code.add_row(Text("\n".join(rows), style="black on white", no_wrap=True))
    return code


def results_table(said: SettlementWords) -> Table:
    night, s, words = said.night, said.settlement, said.words
    table = Table(title=words("settle.results"), title_justify="left", title_style="bold",
                  box=None, padding=(0, 1))
    table.add_column("")
    for heading in ("settle.in", "settle.chips", "settle.result"):
        table.add_column(words(heading), justify="right")
    if s.in_money:
        table.add_column(said.money_heading(), justify="right")
    table.add_column(words("settle.course"))
    for p in s.standings:
        style = "red" if p.result < 0 else "green" if p.result > 0 else ""
        cells: list[str | Text] = [Text(p.name), str(p.bought_in), str(p.chips),
                                   Text(f"{p.result:+d}", style=style)]
        if s.in_money:
            cells.append(Text(said.number(p.cents or 0, sign=True), style=style))
        cells.append(Text(sparkline(night.stacks.get(p.name, [])), style="cyan"))
        table.add_row(*cells)
    return table


def payments(said: SettlementWords) -> RenderableType:
    night, s, words = said.night, said.settlement, said.words
    how = words("settle.host", host=s.host) if s.host else words("settle.fewest")
    head = Text(words("settle.payments", count=len(s.transfers), how=how), style="bold")
    spent = expenses(said)
    if night.carried:  # paid with the open balances, not from this night's screen
        head = Text(words("paper.payments_none"), style="bold")
        return Group(*spent, head, Text(words("settle.carried_payments")))
    if not s.transfers:
        return Group(*spent, head, Text(words("settle.nobody_owes")))
    # The code first and never squeezed: a cut QR code cannot be read; the words wrap.
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for number, t in enumerate(s.transfers, 1):
        payee = s.standing(t.payee)
        text = Text(f"{number}  {t.payer} → {t.payee}\n", style="bold")
        text.append(f"{said.amount(t)}\n", style="bold yellow")
        if payee.iban:
            text.append(f"{payee.account_name or payee.name}\nIBAN {grouped(payee.iban)}\n")
        epc = night.epc(t)
        if epc is None and s.in_money:
            text.append(words("settle.no_iban" if not payee.iban else "settle.no_epc"),
                        style="dim")
        if epc and number <= 9:
            text.append(words("settle.zoom", number=number), style="dim")
        table.add_row(qr_text(epc) if epc else "", text)
    return Group(*spent, head, table)


def expenses(said: SettlementWords) -> list[RenderableType]:
    """The shared costs above the payments that include them: who paid for what, and the
    parts."""
    lines = said.expense_lines()
    if not lines:
        return []
    listed = Text(said.words("settle.expenses") + "\n", style="bold")
    for what, amount, shares in lines:
        listed.append(f"{what}: ")
        listed.append(amount, style="bold yellow")
        listed.append(f"\n  {shares}\n", style="dim")
    return [listed]


def sips(said: SettlementWords) -> RenderableType:
    s, words = said.settlement, said.words
    if not any(p.sips or p.caused for p in s.standings):
        return Text("")
    table = Table(title=unit_name(words, s.sip_unit).capitalize(), title_justify="left",
                  title_style="bold",
                  box=None, padding=(0, 1))
    table.add_column("")
    table.add_column(words("settle.drunk"), justify="right")
    table.add_column(words("settle.caused"), justify="right")
    for p in s.standings:
        table.add_row(Text(p.name), str(p.sips), str(p.caused))
    lines: list[RenderableType] = [table]
    for game in s.games:
        lines.append(Text(said.game_sips(game, "settle.game_sips"), style="dim"))
    return Group(*lines)


class SettlementScreen(Guarded, LanguageKeys, Screen[None]):
    """The end of the night on screen; also a look ahead while the night is open."""

    BINDINGS = bindings(SETTLE_KEYS)

    def __init__(self, controller: TableController, words: Words) -> None:
        super().__init__()
        self.controller = controller
        self.words = words
        self.host: str | None = None
        self.night: NightSettlement | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="settle-title")
        with VerticalScroll(id="settle-body"):
            yield Static(id="settle-results")
            yield Static(id="settle-payments")
            yield Static(id="settle-sips")
            yield Static(id="settle-whole")
        yield Static(id="settle-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_settlement()

    def refresh_settlement(self) -> None:
        try:
            self.night = self.controller.settlement(self.host)
        except NotSettleable as problem:
            self.night = None
            refused = Text(str(problem), style="bold red")
            if self.controller.writing_stopped:  # the turn cannot be finished on this night
                refused.append("\n" + self.words("settle.stopped"), style="bold")
            self.query_one("#settle-title", Static).update(refused)
            return
        said = SettlementWords(self.night, self.words)
        title = Text(self.words("settle.title", name=said.title()), style="bold")
        if said.settlement.provisional:
            title.append("  " + self.words("settle.provisional"), style="bold yellow")
        carried = self.controller.carried()
        if carried is not None:
            title.append("\n" + self.words(CARRIED[carried]), style="bold cyan")
        if said.fingerprint():
            title.append("\n" + said.fingerprint(), style="dim")
        self.query_one("#settle-title", Static).update(title)
        self.query_one("#settle-results", Static).update(results_table(said))
        self.query_one("#settle-payments", Static).update(payments(said))
        self.query_one("#settle-sips", Static).update(sips(said))
        self.query_one("#settle-whole", Static).update(whole(said))

    def say(self, text: str, problem: bool = False) -> None:
        self.query_one("#settle-message", Static).update(
            Text(text, style="bold red" if problem else ""))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_open_balances(self) -> None:
        """Everything still open across the carried nights: the history's tab for it."""
        from screens.history import HistoryScreen  # the history opens settlements itself

        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 else None
        if isinstance(below, HistoryScreen):
            self.dismiss(None)
            below.show_tab("open")
        else:
            self.app.push_screen(HistoryScreen(self.controller, self.words, tab="open"))

    def on_key(self, event: events.Key) -> None:
        """A digit shows that payment's code alone, as big as it gets (0: the whole
        settlement's), for a phone held up to the screen."""
        if self.night is None or not event.character or not event.character.isdigit():
            return
        said = SettlementWords(self.night, self.words)
        number = int(event.character)
        transfers = said.due
        if number == 0:
            codes = said.whole().codes
            if not codes:
                event.stop()
                self.say(self.words("paper.whole_left_out"))
                return
            shown = [(code, self.words("settle.whole")) for code in codes]
        elif number <= len(transfers) and (epc := self.night.epc(transfers[number - 1])):
            t = transfers[number - 1]
            shown = [(epc, f"{t.payer} → {t.payee}  {said.amount(t)}")]
        else:
            return
        event.stop()
        self.app.push_screen(CodeScreen(shown, self.words))

    def action_host(self) -> None:
        """The fewest transfers, then each player at the table in seat order as the one who
        collects."""
        seats = self.controller.view().players
        names = [name for name, seat in seats.items() if seat.present] if self.night else []
        order: list[str | None] = [None, *names]
        at = order.index(self.host) if self.host in order else 0
        self.host = order[(at + 1) % len(order)] if names else None
        self.refresh_settlement()

    def action_payment(self, problem: str | None = None, typed: Draft | None = None,
                       problem_key: str | None = None) -> None:
        def asked(command: Draft | None) -> None:
            if command is None:
                return
            answer = self.controller.enter(command)
            if not answer.ok:
                self.action_payment(self.words.refusal(str(answer.reason), answer.key,
                                                       answer.params), command, answer.key)
                return
            self.say(self.words("recorded", action=answer.action))
            self.refresh_settlement()

        self.app.push_screen(AskScreen("set_payment", self.words, problem, typed, problem_key),
                             self.guard(asked))

    def action_print(self) -> None:
        if self.night is None:
            self.say(self.words("settle.not_now"), problem=True)
            return
        self.say(self.words("settle.printing"))
        night, language = self.night, self.words.language
        self.run_worker(lambda: self._print(night, language), thread=True, group="print",
                        exclusive=True)

    def _print(self, night: NightSettlement, language: str) -> None:
        """In a thread: drawing the PDF and a slow or hanging printer must not hold up the
        screen."""
        try:
            self.controller.print_settlement(night, language)
        except PrintProblem as problem:
            self.app.call_from_thread(self.say, self.words(problem.key,
                                                           detail=problem.detail), True)
            return
        self.app.call_from_thread(self.say, self.words("settle.printed"))

    def action_save(self) -> None:
        if self.night is None:
            self.say(self.words("settle.not_now"), problem=True)
            return
        saved = self.controller.save_settlement_page(self.night, self.words.language)
        if saved.problem is not None:
            self.say(self.words("settle.not_saved", path=saved.path, reason=saved.problem),
                     problem=True)
            return
        self.say(self.words("settle.saved", path=saved.path))


class CodeScreen(Guarded, ModalScreen[None]):
    """One QR code alone in the middle of the screen, with what it pays; ←/→ go through the
    parts of the whole settlement."""

    BINDINGS = [Binding("escape,enter,space", "close", "Back", id="code.close"),
                Binding("right,0", "turn(1)", "Next", id="code.next", show=False),
                Binding("left", "turn(-1)", "Previous", id="code.previous", show=False)]

    def __init__(self, codes: list[tuple[str, str]], words: Words) -> None:
        super().__init__()
        self.codes, self.words, self.at = codes, words, 0

    def compose(self) -> ComposeResult:
        with Vertical(id="code-box"):
            yield Static(id="code-caption")
            yield Static(id="code")
            yield Static(id="code-fit")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        data, caption = self.codes[self.at]
        if len(self.codes) > 1:
            caption += "  " + self.words("settle.whole_part", number=self.at + 1,
                                         count=len(self.codes))
        rows = qr.half_blocks(data)
        self.query_one("#code-caption", Static).update(Text(caption, style="bold"))
        self.query_one("#code", Static).update(qr_text(data))
        box = self.query_one("#code-box", Vertical)
        box.styles.width = max(len(rows[0]), len(caption))
        self.query_one("#code", Static).styles.height = len(rows)
        width, height = self.app.size
        too_small = len(rows[0]) > width or len(rows) + 2 > height
        self.query_one("#code-fit", Static).update(Text(
            self.words("settle.too_small", columns=len(rows[0]), rows=len(rows) + 2)
            if too_small else "", style="bold red"))

    def action_turn(self, step: int) -> None:
        self.at = (self.at + step) % len(self.codes)
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)


def whole(said: SettlementWords) -> RenderableType:
    """The whole settlement: each of its codes beside the lines it carries, or the text
    alone with the sentence that says why there is no code."""
    it = said.whole()
    head = Text(said.words("settle.whole"), style="bold")
    note = [Text(it.note, style="dim")] if it.note else []
    if not it.codes:
        return Group(head, *note, Text(it.text))
    return Group(head, *note, *(beside(qr_text(code), Text(code)) for code in it.codes))


def beside(left: RenderableType, right: RenderableType) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    table.add_row(left, right)
    return table
