"""A night's history in memory: the effective actions, undo, redo and correct.

Every accepted command is an action with an id. The log stores, per action, one record
saying what the dealer did (`ActionTaken`, `ActionUndone`, `ActionRedone`,
`ActionCorrected`) followed by the domain events it produced. Replaying folds the stored
events; a correction re-decides every later action against the corrected history, so the
effective state is always what the rules make of the effective commands.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import starmap
from typing import Any

import msgspec
from msgspec.structs import replace

from engine import night
from engine.commands import Command, Correct, Redo, Undo
from engine.contract import parse
from engine.edge import admit
from engine.event import ALIASES, REGISTRY, Event, UnknownEvent, from_json, is_secret
from engine.rejection import Refusal, Rejection
from engine.table import NightState, evolve, written_today
from engine.words import described
from events.codec import canonical_json
from events.walk import COUNTED, LOG_RECORDS

TAKEN, UNDONE, REDONE, CORRECTED = LOG_RECORDS
# 2: a record says how many rows its action has (`rows`), so an action cut short is seen.
RECORD_VERSION = COUNTED
UNSTORABLE = "The command holds text that is not valid Unicode; retype the names in it."


class LogError(Exception):
    """The stored log does not make sense (a program error or a tampered file)."""


# Entry and Record are Structs, not dataclasses: an open makes one of each for every action
# of the night, and a frozen dataclass's __init__ sets each field through object.__setattr__
# (2.8 µs the pair against 0.2 µs).
class Entry(msgspec.Struct, frozen=True):
    """One effective action: the command, the events it produced, the state after it."""

    action: int
    command: Command
    events: tuple[Event, ...]
    state: NightState


class Record(msgspec.Struct, frozen=True):
    """What the dealer did at one action, as the log shows it."""

    action: int
    kind: str  # one of LOG_RECORDS
    command: Command | None = None
    target: int | None = None
    # What the command did at its time was secret (a card the players must not see yet):
    # the log never types it out, even once the action is undone and cannot be decided
    # again the way it was.
    secret: bool = False

    def kind_word(self) -> str:
        return {UNDONE: "an undo", REDONE: "a redo", CORRECTED: "a correction"}.get(
            self.kind, "an action")


@dataclass(frozen=True, slots=True)
class Plan:
    """An accepted action, not yet stored: the records to write and how the history changes.

    The change is a delta (keep the first `keep` entries, then add `add`) so that planning
    an action costs the same on the first and the 100,000th event of a night.
    """

    action: int
    record: Record
    rows: list[tuple[str, int, str]]  # type, version, payload as canonical JSON
    keep: int
    add: list[Entry]
    redo: list[Entry]


def _stamp(state: NightState, action: int) -> NightState:
    return replace(state, action=action)


def _apply(state: NightState, action: int, events: Iterable[Event]) -> NightState:
    state = _stamp(state, action)
    for e in events:
        state = evolve(state, e)
    return state


def _decide(state: NightState, action: int, command: Command) -> Entry | Rejection:
    result = night.decide_and_fold(_stamp(state, action), command)
    if isinstance(result, Rejection):
        return result
    events, after = result
    return Entry(action, command, events, after)


class History:
    """The effective actions of one night, with the redo stack and every record."""

    def __init__(self) -> None:
        self.base = night.initial_state()
        self.entries: list[Entry] = []
        self.redo: list[Entry] = []
        self.records: list[Record] = []
        self._hidden: tuple[int, int | None] | None = None  # hidden_since, by last action

    @property
    def state(self) -> NightState:
        return self.entries[-1].state if self.entries else self.base

    @property
    def last_action(self) -> int:
        return self.records[-1].action if self.records else 0

    def hidden_since(self) -> int | None:
        """The action that entered a card still hidden in the game on the table (a secret
        action no later one of that game revealed), if there is one."""
        known = self._hidden
        if known is not None and known[0] == self.last_action:
            return known[1]
        found = None
        if self.state.game is not None:
            for entry in reversed(self.entries):
                if any(e.REVEALS for e in entry.events):
                    break
                if is_secret(entry.events):
                    found = entry.action
                    break
                if any(isinstance(e, night.GameStarted) for e in entry.events):
                    break
        self._hidden = (self.last_action, found)
        return found

    def state_before(self, action: int) -> NightState:
        """The table as it stood when `action` was entered (after the effective actions
        before it), whether or not `action` is effective now."""
        low, high = 0, len(self.entries)
        while low < high:
            middle = (low + high) // 2
            if self.entries[middle].action < action:
                low = middle + 1
            else:
                high = middle
        return self.entries[low - 1].state if low else self.base

    def command_at(self, action: int) -> Command | None:
        """The command `action` took, if it is an effective table action."""
        entry = self.entry(action)
        return entry.command if entry is not None else None

    def entry(self, action: int) -> Entry | None:
        """The effective entry of `action`, if it is effective."""
        index = self._index(action)
        return None if index is None else self.entries[index]

    # --- planning new actions -------------------------------------------------------------

    def plan(self, command: Command) -> Plan | Rejection:
        """What accepting `command` would record, or why it is refused. Changes nothing."""
        try:
            # Where a command enters the log: its values within what a table needs.
            command = admit(command, self.state, self)
        except Refusal as refusal:
            return refusal.rejection()
        action = self.last_action + 1
        if isinstance(command, Undo):
            return self._plan_undo(action)
        if isinstance(command, Redo):
            return self._plan_redo(action)
        if isinstance(command, Correct):
            return self._plan_correct(action, command)
        outcome = _decide(self.state, action, command)
        if isinstance(outcome, Rejection):
            return outcome
        try:
            rows = [(TAKEN, RECORD_VERSION, canonical_json(
                {"command": command, "rows": 1 + len(outcome.events)}))]
            rows += [(type(e).__name__, e.VERSION, canonical_json(e)) for e in outcome.events]
        except UnicodeEncodeError:
            return Rejection(UNSTORABLE)
        return Plan(action, Record(action, TAKEN, command=command,
                                   secret=is_secret(outcome.events)), rows,
                    len(self.entries), [outcome], [])

    def _plan_undo(self, action: int) -> Plan | Rejection:
        if len(self.entries) <= 1:
            return Rejection("Nothing to undo: the start of the night can only be corrected.",
                             "undo.nothing")
        last = self.entries[-1]
        return Plan(action, Record(action, UNDONE, target=last.action),
                    [(UNDONE, RECORD_VERSION,
                      canonical_json({"action": last.action, "rows": 1}))],
                    len(self.entries) - 1, [], self.redo + [last])

    def _plan_redo(self, action: int) -> Plan | Rejection:
        if not self.redo:
            return Rejection("Nothing to redo: there is no undone action since the last new one.",
                             "redo.nothing")
        entry = self.redo[-1]
        redone = Entry(entry.action, entry.command, entry.events,
                       _apply(self.state, entry.action, entry.events))
        return Plan(action, Record(action, REDONE, target=entry.action),
                    [(REDONE, RECORD_VERSION,
                      canonical_json({"action": entry.action, "rows": 1}))],
                    len(self.entries), [redone], self.redo[:-1])

    def _plan_correct(self, action: int, command: Correct) -> Plan | Rejection:
        target, replacement = command.action, command.command
        index = self._index(target)
        if index is None:
            return Rejection(self._why_not_correctable(target))
        rebased = self._rebase(index, replacement)
        if isinstance(rebased, Rejection):
            return rebased
        try:
            payload = canonical_json({"action": target, "command": replacement, "rows": 1})
        except UnicodeEncodeError:
            return Rejection(UNSTORABLE)
        return Plan(action, Record(action, CORRECTED, command=replacement, target=target,
                                   secret=is_secret(rebased[0].events)),
                    [(CORRECTED, RECORD_VERSION, payload)], index, rebased, [])

    def _index(self, action: int) -> int | None:
        """Where `action` stands among the effective entries (they are in action order)."""
        if self.entries and self.entries[-1].action == action:
            return len(self.entries) - 1  # the action just taken, asked for after each one
        low, high = 0, len(self.entries)
        while low < high:
            middle = (low + high) // 2
            if self.entries[middle].action < action:
                low = middle + 1
            else:
                high = middle
        return low if low < len(self.entries) and self.entries[low].action == action else None

    def _rebase(self, index: int, replacement: Command) -> list[Entry] | Rejection:
        """Entries from `index` on, its command replaced and every later one re-decided."""
        target = self.entries[index].action
        state = self.entries[index - 1].state if index else self.base
        # A mistyped name mended at the start of the night is mended wherever it was named.
        renames = night.renames_between(self.entries[index].command, replacement)
        rebuilt: list[Entry] = []
        for position, entry in enumerate(self.entries[index:]):
            command = (replacement if position == 0
                       else night.renamed(entry.command, renames))
            outcome = _decide(night.as_first_decided(state, entry.events), entry.action,
                              command)
            if isinstance(outcome, Rejection):
                if position == 0:
                    return Rejection(f"The correction of action {target} is refused: "
                                     f"{outcome.reason}")
                what = ("the dealer's card, hidden" if is_secret(entry.events)
                        else described(entry.command))
                return Rejection(
                    f"Correcting action {target} would make action {entry.action} "
                    f"({what}) impossible: {outcome.reason}")
            rebuilt.append(outcome)
            state = outcome.state
        return rebuilt

    def _why_not_correctable(self, target: int) -> str:
        record = next((r for r in self.records if r.action == target), None)
        if record is None:
            return f"There is no action {target} in this night (the last is {self.last_action})."
        if record.kind != TAKEN:
            return (f"Action {target} is {record.kind_word()}; only table actions can be "
                    "corrected.")
        return f"Action {target} is undone; redo it before correcting it."

    # --- applying -------------------------------------------------------------------------

    def commit(self, plan: Plan) -> None:
        """Take a planned action into memory once the store has it."""
        del self.entries[plan.keep:]
        self.entries.extend(plan.add)
        self.redo = plan.redo
        self.records.append(plan.record)

    def replay(self, groups: Iterable[tuple[int, list[tuple[str, int, str]]]],
               check: bool = False) -> None:
        """Fold stored actions (their rows as type, version, payload JSON) into this history.

        With `check` (a night coming in from elsewhere), every action is admitted as a new
        one would be and every taken action is decided again and must give the stored
        events.
        """
        for action, rows in groups:
            self.replay_action(action, rows, check)

    def replay_action(self, action: int, rows: list[tuple[str, int, str]],
                      check: bool = False) -> None:
        """Fold one stored action (see `replay`)."""
        try:
            self._replay_action(action, rows, check)
        except Refusal as refusal:  # e.g. a game the log names that is not installed
            raise LogError(f"action {action} no longer applies: "
                           f"{refusal.reason.rstrip('.')}") from None

    def _replay_action(self, action: int, rows: list[tuple[str, int, str]],
                       check: bool) -> None:
        kind, _, payload_text = rows[0]
        if kind == TAKEN:
            events = tuple(starmap(_event, rows[1:]))
            command = _taken_command(action, payload_text)
            if check:
                self._admit(action, command)
                self._check(action, command, events)
            entries = self.entries
            before = entries[-1].state if entries else self.base  # self.state, inlined
            entries.append(Entry(action, command, events, _apply(before, action, events)))
            if self.redo:  # nothing changes the list in place: an empty one stays
                self.redo = []
            self.records.append(Record(action, TAKEN, command, None, is_secret(events)))
            return
        plan = self._replay_meta(action, kind, json.loads(payload_text), check)
        if isinstance(plan, Rejection):
            raise LogError(f"action {action} ({kind}) no longer applies: "
                           f"{plan.reason.rstrip('.')}")
        self.commit(plan)

    def _replay_meta(self, action: int, kind: str, payload: dict[str, Any],
                     check: bool = False) -> Plan | Rejection:
        if kind == UNDONE:
            plan = self._plan_undo(action)
        elif kind == REDONE:
            plan = self._plan_redo(action)
        elif kind == CORRECTED:
            correction = Correct(payload["action"],
                                 _parsed(action, payload["command"]))
            if check:
                self._admit(action, correction)
            plan = self._plan_correct(action, correction)
        else:
            raise LogError(f"action {action} starts with {kind}, which is not a log record")
        if not isinstance(plan, Rejection) and plan.record.target != payload.get(
                "action", plan.record.target):
            raise LogError(f"action {action} names action {payload.get('action')}, but "
                           f"{plan.record.target} is the one it applies to")
        return plan

    def _admit(self, action: int, command: Command) -> None:
        """An imported action holds nothing a new one could not (it is only checked: what
        is stored stays as it was written)."""
        try:
            admit(command, self.state, self)
        except Refusal as refusal:
            raise LogError(f"action {action} is refused where it enters: "
                           f"{refusal.reason.rstrip('.')}") from None

    def _check(self, action: int, command: Command, events: tuple[Event, ...]) -> None:
        outcome = _decide(night.as_first_decided(self.state, events), action, command)
        if isinstance(outcome, Rejection):
            raise LogError(f"action {action} is refused by the rules: {outcome.reason}")
        # An older log may hold a legacy event where today's rules write others.
        if outcome.events != events and outcome.events != written_today(
                _stamp(self.state, action), events):
            raise LogError(f"action {action}'s stored events differ from what the rules give")


@lru_cache(maxsize=8192)
def _event(type_: str, version: int, payload_text: str) -> Event:
    # Events are frozen values, and a night stores the same ones (the same card dealt, the
    # same bet won) many times over: each stored spelling is read once.
    try:
        return from_json(type_, version, payload_text)
    except UnknownEvent as error:
        raise LogError(str(error)) from None


def _taken_command(action: int, payload_text: str) -> Command:
    """The command of a taken action's record. A night repeats the same few commands (the
    same card, the same bet) thousands of times: each stored spelling is read once."""
    try:
        return _command_of_record(payload_text)
    except Refusal as refusal:
        raise LogError(f"action {action}'s command no longer reads: {refusal.reason}") from None
    except (KeyError, TypeError, ValueError):  # a record changed to one that is none
        raise LogError(f"action {action}'s record holds no command") from None


@lru_cache(maxsize=4096)
def _command_of_record(payload_text: str) -> Command:
    # Commands are frozen values, so one read serves every action that stored the same.
    return parse(json.loads(payload_text)["command"])


def _parsed(action: int, stored: Any) -> Command:
    """A stored command as the typed value it was; a log whose command no longer reads is
    a LogError."""
    try:
        return parse(stored)
    except Refusal as refusal:
        raise LogError(f"action {action}'s command no longer reads: {refusal.reason}") from None


_RECORD_FIELDS = {TAKEN: {"command"}, UNDONE: {"action"}, REDONE: {"action"},
                  CORRECTED: {"action", "command"}}


def unknown_fields(type_: str, version: int, payload: Mapping[str, Any]) -> list[str]:
    """The fields of a row's payload that a row of its type and version never has: what a
    strict reading at the edge (an import) refuses, where replay would pass them over. An
    unknown type has none here; replay refuses it by name."""
    if type_ in _RECORD_FIELDS:
        known = _RECORD_FIELDS[type_] | ({"rows"} if version >= COUNTED else set())
    elif type_ in ALIASES:
        cls, rename, add = ALIASES[type_]
        known = {old for old, new in rename.items()} | (
            set(cls.__struct_fields__) - set(rename.values()) - set(add))
    elif type_ in REGISTRY:
        known = set(REGISTRY[type_].__struct_fields__)
    else:
        return []
    return sorted(set(payload) - known)

