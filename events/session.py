"""One window's hold on a night: its history in memory and, if it holds the lock, the pen.

`execute` plans a command against the history, stores it in one transaction, and only then
takes it into memory, so what the screen shows is always what the disk has.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import night as night_rules
from engine.commands import LOG_COMMANDS, Command, StartNight
from engine.event import Event
from engine.rejection import Rejection
from events.codec import fingerprint
from events.history import History, LogError, Record
from events.lock import NightLock
from events.nights import nights_without_end, open_log
from events.store import ReadOnlyStorage, Store, StoreError
from events.walk import ChainWalk, short


@dataclass(frozen=True, slots=True)
class Done:
    """An accepted, stored action."""

    night: int
    action: int
    record: Record
    events: tuple[Event, ...]


def load_history(store: Store, night: int, upto: int | None = None,
                 check: bool = False, into: History | None = None,
                 walk: ChainWalk | None = None,
                 each: Callable[[History], None] | None = None) -> History:
    """The night's history replayed from the store (up to action `upto`); with `into`, the
    actions after those it holds are added to it; `each` is called after every action.

    With `walk`, the rows read are checked against the hash chain in the same read, and
    the replay stops before the first action the walk finds not whole (its `cut`). An
    action that cannot be replayed stops it too: with `check` (every action decided again)
    that is a StoreError; else the history holds the actions before it, and `walk` says
    where and why (`stopped`)."""
    history = into if into is not None else History()
    # Replay allocates a long-lived object per event; the cyclic collector would walk them
    # all again and again (a third of the time) without finding anything to free.
    collecting = gc.isenabled()
    gc.disable()
    actions = store.actions(night, upto, after=history.last_action, walk=walk)
    replay = history.replay_action
    try:
        for action, group in actions:
            if walk is not None and walk.cut is not None and action >= walk.cut:
                break
            try:
                replay(action, group, check)
            # Rows moved or changed can make the rules fail in any way (a game asserting what
            # it holds): the replay stops there, and what stands before it is read.
            except Exception as error:
                if check:
                    raise StoreError(f"Night {night} of {store.path} cannot be replayed: "
                                     f"{_why(error)}.") from None
                if walk is not None:
                    walk.stop(action, f"action {action} cannot be replayed: {_why(error)}")
                break
            if each is not None:
                each(history)
    finally:
        actions.close()  # now, while the store is open: never a generator left to the collector
        if collecting:
            # What the replay built lives as long as the history: handed straight to the
            # oldest generation (freeze, then unfreeze, moves every tracked object there
            # without looking at one), not walked by the young generations' collections
            # as soon as the collector runs again (a tenth of an open of a long night).
            gc.freeze()
            gc.unfreeze()
            gc.enable()
    return history


def _why(error: Exception) -> str:
    """An error of replay in words: a missing key is something (a player, a field) that the
    rows name and the night, where they stand, does not hold."""
    if isinstance(error, KeyError):
        named = short(error.args[0] if error.args else "?")
        return f"its rows name {named}, which the night does not hold there"
    if isinstance(error, LogError | TypeError | ValueError):
        return str(error)
    return "its rows do not make a table the rules can follow"


def latest_night(store: Store, *, open_only: bool) -> int | None:
    """The latest night not over (or, unless `open_only`, the latest of all)."""
    nights = store.nights()
    unended = set(nights_without_end(store))
    for candidate in reversed(nights):
        # A night with a NightEnded row may have had its end undone: only its replay tells.
        if candidate in unended or not load_history(store, candidate).state.ended:
            return candidate
    if open_only or not nights:
        return None
    return nights[-1]


class NightSession:
    """A night opened for reading, or for writing when no other window writes it."""

    def __init__(self, store: Store, night: int | None, history: History) -> None:
        self.store = store
        self.night = night
        self.history = history
        self.lock: NightLock | None = None
        self.lock_pending = False  # a writer that takes the night's lock at its first write
        self.read_only_reason: str | None = None
        self.locked_out = False  # read-only because another window writes this night
        self.broken: str | None = None  # the first row of the night that breaks its chain
        # The first action that could not be shown (not whole, or not replayable): the night
        # is shown up to the action before it, and nothing can be written onto it.
        self.cut: int | None = None
        self.stopped: str | None = None  # why the replay stopped there, if it was the replay
        # The log's generation (Store.log_generation) when the night was walked: what a
        # record of it kept now is vouched for under.
        self.checked = -1
        self.break_accepted = False
        self._seen_version = store.data_version()

    @classmethod
    def open(cls, path: Path | str, night: int | None = None, *, write: bool,
             at: int | None = None, lock_at_first_write: bool = False) -> NightSession:
        """Open `night` (default: the latest open one; for writing, None if all are over).
        On storage that cannot be written, a writer gets the night read-only, saying why.
        A writer takes the night's lock at once (a screen shows whether it may write), or
        with `lock_at_first_write` when it first writes onto it (a script that only starts
        a new night never holds the night before from another window)."""
        unwritable: str | None = None
        try:
            store = open_log(path, create=write)
        except ReadOnlyStorage as problem:
            store, unwritable, write = open_log(path, create=False), str(problem), False
        try:
            if night is None:
                night = latest_night(store, open_only=write)
            elif night not in store.nights():
                raise StoreError(f"There is no night {night} in {store.path}; nights: "
                                 f"{', '.join(map(str, store.nights())) or 'none yet'}.")
            checked = store.log_generation()  # before the walk: what it vouches for
            walk = ChainWalk(night or 0)
            history = (load_history(store, night, at, walk=walk) if night is not None
                       else History())
        except StoreError:
            store.close()
            raise
        session = cls(store, night, history)
        session._walked(walk, checked)
        if write and at is None and night is not None:
            if lock_at_first_write:
                session.lock_pending = True
            else:
                session._take_lock(night)
        elif not write or at is not None:
            session.read_only_reason = unwritable or "opened for reading only"
        return session

    def _open_latest_ended(self) -> None:
        """With no night open, undo, redo and correct act on the latest night, ended or not
        (an end_night undone from a new process reopens it)."""
        nights = self.store.nights()
        if nights:
            self._load(nights[-1])
            self._take_lock(nights[-1])

    def _load(self, night: int) -> None:
        checked = self.store.log_generation()
        walk = ChainWalk(night)
        self.night, self.history = night, load_history(self.store, night, walk=walk)
        self._walked(walk, checked)

    def _walked(self, walk: ChainWalk, checked: int) -> None:
        self.broken, self.cut, self.stopped = walk.problem, walk.cut, walk.stopped
        self.checked = checked

    @property
    def broken_sentence(self) -> str | None:
        """What the dealer reads about a broken chain (or a night that cannot be read to its
        end), or None when the night verifies."""
        if self.broken is None and self.cut is None:
            return None
        if self.broken is not None:
            said = f"The log of night {self.night} does not verify: {self.broken}."
        else:
            said = f"Night {self.night} cannot be read to its end: {self.stopped}."
        if self.cut is None:
            return f"{said} What is shown is what is stored, but it is not what was recorded."
        shown = self.history.last_action
        if not shown:
            return f"{said} Nothing before the break can be shown."
        return (f"{said} What is shown is the night up to action {shown}, the last whole "
                "action before the break.")

    @property
    def break_acceptable(self) -> bool:
        """Whether accepting the break lets the dealer write on: only where the whole night
        as stored is shown (new actions could not follow actions that cannot be read)."""
        return self.cut is None

    def accept_break(self) -> None:
        """The dealer has seen the break and writes on all the same."""
        self.break_accepted = True

    @property
    def writing_stopped(self) -> bool:
        """Whether the night's break keeps every action off it: a night read only up to its
        break, or a broken one whose break is not accepted (a new night may still start)."""
        return self.cut is not None or (self.broken is not None and not self.break_accepted)

    @property
    def fingerprint(self) -> str | None:
        """What the night ends with now: its action count and chain head (see codec)."""
        if self.night is None:
            return None
        return fingerprint(*self.store.tail(self.night))

    @property
    def started_at(self) -> str | None:
        """When the night's first action was recorded (ISO, with its zone); None before."""
        if self.night is None:
            return None
        ends = self.store.night_ends(self.night).get(self.night)
        return ends[2] if ends is not None else None

    def _take_lock(self, night: int) -> None:
        lock = NightLock(self.store.path, night)
        if lock.acquire():
            self.lock = lock
            self.read_only_reason, self.locked_out = None, False
        else:
            self.read_only_reason = (f"Night {night} is open for writing in another window; "
                                     "this one is read-only.")
            self.locked_out = True

    def _take_pending_lock(self, night: int) -> None:
        """The lock put off until the first write; what another window wrote onto the night
        before it let go is taken in first."""
        self.lock_pending = False
        self._take_lock(night)
        if self.lock is not None and self.cut is None:  # past a cut nothing more is read
            load_history(self.store, night, into=self.history)

    def follow(self) -> bool:
        """For a reading window: take in what the writer has committed since the last look
        (new actions of this night, or the next night once this one is over). True when the
        table changed. Costs one cheap query when nothing did."""
        version = self.store.data_version()
        if version == self._seen_version:
            return False
        self._seen_version = version
        changed = False
        if self.night is not None and self.cut is None:
            before = self.history.last_action
            load_history(self.store, self.night, into=self.history)
            changed = self.history.last_action != before
        nights = self.store.nights()
        if nights and (self.night is None or (nights[-1] > self.night and self.state.ended)):
            self._load(nights[-1])
            changed = True
        return changed

    @property
    def read_only(self) -> bool:
        return self.read_only_reason is not None

    @property
    def state(self) -> Any:
        return self.history.state

    def view(self) -> dict[str, Any]:
        """The projection `state --json` prints."""
        return night_rules.view(self.history.state, self.history.last_action, self.night)

    def execute(self, command: Command) -> Done | Rejection:
        """Decide, store durably, then take into memory; a rejection records nothing."""
        starting = isinstance(command, StartNight)
        # A new night is one no other window writes: another window writing the night this
        # one opened keeps it off that night only.
        if self.read_only and not (starting and self.locked_out):
            return Rejection(str(self.read_only_reason), "read_only", {"night": self.night})
        if self.lock_pending and not starting and self.night is not None:
            self._take_pending_lock(self.night)
            if self.read_only:
                return Rejection(str(self.read_only_reason), "read_only", {"night": self.night})
        if self.night is None and isinstance(command, LOG_COMMANDS):
            self._open_latest_ended()
            if self.read_only:
                return Rejection(str(self.read_only_reason), "read_only", {"night": self.night})
        if self.cut is not None and not starting:
            return Rejection(f"{self.broken_sentence} Nothing can be written onto it: export "
                             "the whole actions before the break (companion export --out FILE) "
                             "and import them (companion import FILE) to go on from there as a "
                             "night of its own.", "log.stopped", {"night": self.night})
        if self.broken and not self.break_accepted and not starting:
            return Rejection(f"{self.broken_sentence} Nothing more is written onto it until "
                             "what remains is exported (companion export, then import) or "
                             "the break is accepted (--accept-broken-chain, or the key on "
                             "the screen).", "log.broken", {"night": self.night})
        history = History() if starting and self.history.records else self.history
        plan = history.plan(command)
        if isinstance(plan, Rejection):
            return plan
        if starting:
            night = self._append_new_night(plan.action, plan.rows, history)
        else:
            night = self.store.append(self.night, plan.action, plan.rows)
        history.commit(plan)
        entry = history.entry(plan.action)
        return Done(night, plan.action, plan.record, entry.events if entry else ())

    def _append_new_night(self, action: int, rows: list[tuple[str, int, str]],
                          history: History) -> int:
        """Store a start_night as the next night, whose lock this session takes before the
        night is committed: no other window can open it for writing first, however two
        start at once. The new night's id."""
        claimed: list[NightLock] = []

        def claim(night: int) -> None:
            lock = NightLock(self.store.path, night)
            if not lock.acquire():
                raise StoreError(f"Night {night} cannot be locked for this window (no lock "
                                 f"file can be made beside {self.store.path}); nothing was "
                                 "recorded.")
            claimed.append(lock)

        try:
            night = self.store.append(None, action, rows, claim=claim)
        except BaseException:
            for lock in claimed:
                lock.release()
            raise
        if self.lock is not None:
            self.lock.release()
        self.lock, self.lock_pending = claimed[0], False
        self.read_only_reason, self.locked_out = None, False
        self.night, self.history = night, history
        self.broken, self.break_accepted, self.cut, self.stopped = None, False, None, None
        return night

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.store.close()
