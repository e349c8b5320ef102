"""The table: one night of the log, open for writing or reading, as the command line and the
dealer's screen both use it. What is entered becomes a typed command here (`enter` decodes
the contract's JSON once; a key is typed already), is recorded (`send`), and the night is read
back (`view`, `log`, `replay`, `settlement`, `export`).

`Table` is the night as the command line uses it; `TableController` is the same table as a
window is handed it: every text in what it gives safe to draw on a terminal
(companion/displayed.py), and the database's other nights and the papers through the same
services the command line calls (companion/nights.py, companion/papers.py).

No Textual here: everything a screen shows can be tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from companion.commands import Draft
from companion.displayed import displayed, table_displayed
from companion.history.records import NightRecord, keep_if_over
from companion.logtext import action_line
from companion.papers import (
    Saved,
    open_paper,
    open_title,
    print_paper,
    save_beside,
    settlement_paper,
    settlement_title,
)
from companion.settle import NightSettlement, settlement_of
from companion.words.i18n import Words
from engine import registry
from engine.commands import Command, SetPayment, as_json
from engine.contract import parse
from engine.event import is_secret
from engine.night import NightStarted
from engine.night import table as night_table
from engine.rejection import Refusal, Rejection
from engine.table import NightState, seats_from_left_of
from engine.text import shown
from engine.views import NightView
from events.history import CORRECTED, TAKEN, History, Record
from events.session import NightSession, load_history
from events.store import StoreError as StoreError
from events.walk import ChainWalk

if TYPE_CHECKING:
    from companion.history.open_settlement import OpenSettlement
    from companion.history.standings import Standing
    from companion.nights import Nights
    from companion.web.players_view import PlayersView
    from events.transfer import Export

__all__ = ["Answer", "LogLine", "Saved", "StoreError", "Table", "TableController",
           "number_or_text"]


# The entries a dealer types at the prompt, and so can retype in a correction (a raise as
# its amount, for the same player; a shown hand card by card).
def number_or_text(text: str) -> int | str:
    """A typed whole number as an int; anything else as typed, for the rules to refuse."""
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else text


@dataclass(frozen=True, slots=True)
class Answer:
    """What became of a command: the action number it was recorded as, or why it was not."""

    action: int | None = None
    reason: str | None = None
    key: str | None = None
    params: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.reason is None


@dataclass(frozen=True, slots=True)
class LogLine:
    """One action in the log panel."""

    action: int
    text: str
    undone: bool
    correctable: bool
    command: Command | None
    secret: bool = False  # a card the players must not see yet: never typed out on screen
    # Bank details given (or their action undone, redone, corrected): the players' view
    # keeps them for the payments at the end.
    bank_details: bool = False

    @property
    def entered(self) -> dict[str, Any]:
        """The command as it was entered, in its JSON form ({} for a log record)."""
        return as_json(self.command) if self.command is not None else {}


@dataclass(slots=True)
class _KeptLines:
    """The log's lines of one night in one language, kept between calls."""

    night: int | None
    lines: list[LogLine] = field(default_factory=list)
    stale_from: int = 0  # the first line an action since may have changed
    corrections: dict[int, int] = field(default_factory=dict)  # action -> corrected at


class Table:
    """One night of the log: the session, its projection, and the commands it may send."""

    def __init__(self, session: NightSession) -> None:
        self.session = session
        self._view: NightView | None = None
        self._logs: dict[str, _KeptLines] = {}  # the log's lines kept, by language
        self._lines_language = "en"

    @classmethod
    def open(cls, db: Path, night: int | None = None, *,
             lock_at_first_write: bool = False) -> Self:
        """Open the latest open night (or `night`) for writing, read-only if another window has
        it; `lock_at_first_write`: its lock taken only when a command first writes onto it (a
        script that starts a new night never keeps another window off the night before).
        Raises StoreError with a sentence when the file cannot be used."""
        return cls(NightSession.open(db, night, write=True,
                                     lock_at_first_write=lock_at_first_write))

    @classmethod
    def open_reading(cls, db: Path, night: int | None = None,
                     at: int | None = None) -> Self:
        """The latest night (or `night`) for reading only, following the writer: what a
        second window or the players' view shows; with `at`, as of that action. StoreError
        when the file cannot be read."""
        return cls(NightSession.open(db, night, write=False, at=at))

    @property
    def db_path(self) -> Path:
        return self.session.store.path

    @property
    def night(self) -> int | None:
        """The night's id; None before the database has one."""
        return self.session.night

    @property
    def broken_sentence(self) -> str | None:
        """Why the night's log does not verify, or None when it does."""
        return self.session.broken_sentence

    @property
    def chain_broken(self) -> bool:
        """Whether a row of the night breaks its hash chain (not only a night cut short)."""
        return self.session.broken is not None

    @property
    def break_acceptable(self) -> bool:
        """Whether accepting the break lets the dealer write on (not where the night could
        only be read up to the break: then its export is the way on)."""
        return self.session.break_acceptable

    def accept_break(self) -> None:
        """The dealer writes on a night whose log does not verify, having been told."""
        self.session.accept_break()

    @property
    def writing_stopped(self) -> bool:
        """Whether the night's break keeps every action off it (see the banner)."""
        return self.session.writing_stopped

    @property
    def read_only_reason(self) -> str | None:
        return self.session.read_only_reason

    @property
    def history(self) -> History:
        return self.session.history

    @property
    def has_night(self) -> bool:
        return bool(self.session.history.records)

    # --- entering -----------------------------------------------------------------------

    def enter(self, entry: Draft) -> Answer:
        """Record what the dealer typed (a form's entry, a script's line) in the contract's
        JSON form: decoded here, once, then sent; an entry that is no command comes back
        with the contract's sentence and nothing is recorded."""
        try:
            command = parse(entry)
        except Refusal as refusal:
            return self._refused(refusal.reason, refusal.key, refusal.params)
        return self.send(command)

    def send(self, command: Command) -> Answer:
        """Record one command; a refusal (or a disk problem) comes back with its sentence."""
        try:
            outcome = self.session.execute(command)
        except StoreError as error:
            return self._refused(str(error))
        if isinstance(outcome, Rejection):
            return self._refused(outcome.reason, outcome.key, outcome.params)
        self._view = None
        keep_if_over(self.session)  # the night's end, or a payment after it, in the history
        return Answer(action=outcome.action)

    def _refused(self, reason: str, key: str | None = None,
                 params: dict[str, Any] | None = None) -> Answer:
        return Answer(reason=reason, key=key, params=params)

    def follow(self) -> bool:
        """A reading window takes in what the writer has recorded since; True when the table
        changed (and must be drawn again)."""
        try:
            changed = self.session.follow()
        except StoreError:
            return False  # the writer is mid-commit or the file is busy: look again soon
        if changed:
            self._view = None
        return changed

    # --- reading ------------------------------------------------------------------------

    def view(self) -> NightView:
        """The table now, as typed values: what the screens draw."""
        if self._view is None:
            state = self.session.history.state
            self._view = self._handed(night_table(state, self.session.history.last_action,
                                                  self.session.night), state)
        return self._view

    def _handed(self, view: NightView, state: NightState) -> NightView:
        """A view as this table hands it (as it is)."""
        return view

    def next_dealer(self) -> str | None:
        """Who deals the next game by the rotation: the player left of the last game's
        dealer (seat 1 before the night's first game), passing over players who left or
        have no chips; None when nobody can deal."""
        state = self.history.state
        last = self._last_dealer()
        seats = (list(seats_from_left_of(state, last)) if last is not None
                 and state.has_player(last) else list(state.players))
        return next((p.name for p in seats if p.present and p.chips > 0), None)

    def _last_dealer(self) -> str | None:
        """The dealer of the night's latest game as it stood last (the deal may have passed
        within the game)."""
        for entry in reversed(self.history.entries):
            if entry.state.game is not None:
                dealer = night_table(entry.state, entry.action).dealer
                if dealer is not None:
                    return dealer
        return None

    def start_chips(self) -> int | None:
        """The chips each player started the night with: what a joining player is offered."""
        for entry in self.history.entries[:1]:
            for event in entry.events:
                if isinstance(event, NightStarted):
                    return event.chips
        return None

    def json_view(self) -> dict[str, Any]:
        """The table now as `state --json` prints it."""
        return self.view().as_json()

    def line(self, action: int) -> str:
        """The log's line of `action` as it was recorded: what `exec` prints for it."""
        return action_line(self.history, self.history.records[action - 1])

    def log(self, language: str = "en") -> list[LogLine]:
        """Every action with its number, in `language`; undone ones marked, table actions
        correctable.

        Lines are kept between calls; an action only rewrites the lines it can change (an
        undo or redo its target's, a correction everything from its target on), so a key
        costs the same on a long night as on a short one.
        """
        history = self.history
        records = history.records
        kept = self._logs.get(language)
        if kept is None or kept.night != self.session.night:  # a new night: its own lines
            kept = self._logs[language] = _KeptLines(self.session.night)
        self._lines_language = language
        lines = kept.lines
        for record in records[len(lines):]:
            if record.target is not None:
                # Action ids number the records: action N is records[N - 1].
                kept.stale_from = min(kept.stale_from, record.target - 1)
            if record.kind == CORRECTED and record.target is not None:
                kept.corrections[record.target] = record.action
        start = min(kept.stale_from, len(lines))
        del lines[start:]
        for record in records[start:]:
            entry = history.entry(record.action) if record.kind == TAKEN else None
            lines.append(LogLine(
                record.action, self._said(action_line(history, record, kept.corrections,
                                                      language)),
                undone=record.kind == TAKEN and entry is None,
                correctable=entry is not None,
                command=entry.command if entry is not None else None,
                secret=entry is not None and is_secret(entry.events),
                bank_details=_names_bank_details(records, record)))
        kept.stale_from = len(lines)
        return list(lines)

    def _said(self, text: str) -> str:
        """A log line as this table hands it (as it is)."""
        return text

    def log_line(self, action: int) -> LogLine | None:
        """The log's line of `action` in the night on screen, if it has one (in the language
        the log was read in last)."""
        lines = self.log(self._lines_language)
        return lines[action - 1] if 0 < action <= len(lines) else None

    def replay(self, night: int | None = None) -> list[tuple[int, NightView]]:
        """The table after every action of the night on screen (or of an earlier `night`,
        read from the log, never written), in order, for scrubbing."""
        night = self.session.night if night is None else night
        if night is None:
            return []
        frames: list[tuple[int, NightView]] = []
        # Walked, so a broken night replays as far as it reads, as it opens.
        load_history(self.session.store, night, walk=ChainWalk(night), each=lambda history:
                     frames.append((history.last_action, self._handed(
                         night_table(history.state, history.last_action, night),
                         history.state))))
        return frames

    def export(self) -> Export:
        """The night's rows as JSON lines ending with its fingerprint (up to a break in its
        chain, with the reason)."""
        from events.transfer import export_night

        return export_night(self.session.store, self.session.night or 0)

    def rules_card(self, language: str) -> str:
        """The rules card of the game on the table; without one, every game's card."""
        game = self.view().game
        if game is not None:
            return registry.game(game).rules_card(language)
        return "\n\n---\n\n".join(each.rules_card(language)
                                    for each in registry.games().values())

    # --- the settlement -----------------------------------------------------------------

    def settlement(self, host: str | None = None) -> NightSettlement:
        """The night's settlement now (provisional while the night is open); raises
        NotSettleable with the reason mid-turn."""
        if self.session.broken_sentence is not None:
            # What the log ends with is not what is counted: no fingerprint vouches for it.
            return replace(settlement_of(self.session.history, self.session.night, host,
                                         None, self.session.started_at),
                           counted_to=self.session.history.last_action)
        return settlement_of(self.session.history, self.session.night, host,
                             self.session.fingerprint, self.session.started_at)

    def carried(self) -> str | None:
        """"carried" when the night ended with its balances carried over, "paid" once they
        were paid since; None for a night settled at the table (or not ended)."""
        state = self.session.history.state
        return None if not state.carried else "paid" if state.paid else "carried"

    def close(self) -> None:
        self.session.close()


class TableController(Table):
    """The table as a window is handed it (the dealer's screen, the players' page): the same
    calls, every text in what they give safe to draw on a terminal; and what a window asks
    beside its night: the database's other nights, the papers, the players' view."""

    def __init__(self, session: NightSession) -> None:
        super().__init__(session)
        self._players_view: PlayersView | None = None
        self._nights: Nights | None = None

    def _refused(self, reason: str, key: str | None = None,
                 params: dict[str, Any] | None = None) -> Answer:
        return Answer(reason=shown(reason), key=key, params=displayed(params))

    def _handed(self, view: NightView, state: NightState) -> NightView:
        return table_displayed(view, state)

    def _said(self, text: str) -> str:
        return shown(text)

    def settlement(self, host: str | None = None) -> NightSettlement:
        return displayed(super().settlement(host))

    def print_settlement(self, night: NightSettlement, language: str) -> None:
        """The settlement's page as PDF to the default printer; PrintProblem says why not."""
        print_paper(settlement_paper(night, "pdf", language), settlement_title(night, language))

    def save_settlement_page(self, night: NightSettlement, language: str) -> Saved:
        """The settlement's HTML page written beside the night's database."""
        return save_beside(self.db_path, f"settlement-night-{night.night or 0}.html",
                           settlement_paper(night, "html", language))

    def print_open(self, settled: OpenSettlement, language: str) -> None:
        """The open balances' page as PDF to the default printer; PrintProblem says why not."""
        words = Words(language)
        print_paper(open_paper(settled, "pdf", words), open_title(words))

    def save_open_page(self, settled: OpenSettlement, language: str) -> Saved:
        """The open balances' HTML page written beside the database."""
        return save_beside(self.db_path, "open-balances.html",
                           open_paper(settled, "html", Words(language)))

    # --- the database's other nights (companion/nights.py) -----------------------------------

    @property
    def _book(self) -> Nights:
        """The nights of this window's database, its own night read from memory."""
        if self._nights is None:
            # The other nights are asked for by the history's screens, not by the table's
            # first frame: their modules (groups, imports, standings) load then.
            from companion.nights import Nights

            self._nights = Nights(self.session.store, self.session)
        return self._nights

    def nights(self) -> list[NightRecord]:
        """Every night in the database, oldest first, with what the history keeps of it."""
        return displayed(self._book.records())

    def regulars(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Last night's players in their seats, and every name of the earlier nights (the
        latest spelling first), for a new night's set-up."""
        return displayed(self._book.regulars())

    def last_settings(self) -> dict[str, str | int]:
        """Last night's start chips, chip value and currency, offered in a new night's
        set-up."""
        return self._book.last_settings()

    def open_balances(self, records: list[NightRecord]) -> OpenSettlement:
        """Everything still open over `records` (see Nights.open_balances)."""
        return self._book.open_balances(records)

    def for_night(self, night: int) -> TableController:
        """A controller on another night of the same database (this one for its own night),
        for its settlement; the caller closes one it did not have."""
        if night == self.session.night:
            return self
        return TableController.open(self.db_path, night)

    def mark_paid(self, nights: tuple[int, ...]) -> str | None:
        """Record the open balances of `nights` as paid; why not, if one refuses."""
        refusal = self._book.mark_paid(nights)
        self._view = None
        return refusal

    def standings(self, records: list[NightRecord],
                  renames: Mapping[str, str] | None = None) -> list[Standing]:
        """Each player's standing over `records`, best first, `renames` (by default the
        kept ones) merged."""
        return self._book.standings(records, self.renames() if renames is None else renames)

    # What the group keeps is read for a screen: where the file cannot be read now, nothing.

    def groups(self) -> dict[str, tuple[str, ...]]:
        """The saved groups of players by name."""
        try:
            return self._book.groups()
        except StoreError:
            return {}

    def renames(self) -> dict[str, str]:
        try:
            return self._book.renames()
        except StoreError:
            return {}

    def seasons(self) -> dict[str, tuple[str, str]]:
        try:
            return self._book.seasons()
        except StoreError:
            return {}

    def save_group(self, name: str, players: list[str]) -> str | None:
        """Keep `players` as the group `name`; why not, as a sentence."""
        return _refusal_of(lambda: self._book.save_group(name, players))

    def merge_names(self, old: str, new: str) -> str | None:
        """Count `old` as `new` in the standings from now on; why not, as a sentence."""
        return _refusal_of(lambda: self._book.merge_names(old, new))

    def unmerge_name(self, old: str) -> str | None:
        return _refusal_of(lambda: self._book.unmerge_name(old))

    # --- the players' view ----------------------------------------------------------------

    def players_view(self) -> str:
        """The address of the players' view of this database, started on the first ask;
        ServeProblem (one sentence) when it cannot be."""
        if self._players_view is None:
            from companion.web.players_view import PlayersView

            self._players_view = PlayersView(self.db_path)
        return self._players_view.start()

    def close(self) -> None:
        if self._players_view is not None:
            self._players_view.stop()
        super().close()


def _refusal_of(change: Callable[[], object]) -> str | None:
    """What the group keeps, changed; why not, as a sentence (GroupProblem, StoreError)."""
    from companion.history.groups import GroupProblem

    try:
        change()
    except (GroupProblem, StoreError) as problem:
        return str(problem)
    return None


def _names_bank_details(records: list[Record], record: Record) -> bool:
    """Whether the action gives bank details, or undoes, redoes or corrects one that did."""
    concerned = record.command if record.target is None or record.command is not None \
        else records[record.target - 1].command
    return isinstance(concerned, SetPayment)

