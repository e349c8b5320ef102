"""A night's history in memory: the effective actions, undo, redo and correct.

Every accepted command is an action with an id. The log stores, per action, one record
saying what the dealer did (`ActionTaken`, `ActionUndone`, `ActionRedone`,
`ActionCorrected`) followed by the domain events it produced. Replaying folds the stored
events; a correction re-decides every later action against the corrected history, so the
effective state is always what the rules make of the effective commands.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from msgspec.structs import replace

from engine import night
from engine.cards import parse_card
from engine.event import Event, UnknownEvent, from_json, is_secret
from engine.night import LOG_COMMANDS
from engine.rejection import Refusal, Rejection
from engine.table import NightState, evolve
from events.codec import canonical_json

TAKEN, UNDONE, REDONE, CORRECTED = "ActionTaken", "ActionUndone", "ActionRedone", "ActionCorrected"
LOG_RECORDS = (TAKEN, UNDONE, REDONE, CORRECTED)
RECORD_VERSION = 1
UNSTORABLE = "The command holds text that is not valid Unicode; retype the names in it."


class LogError(Exception):
    """The stored log does not make sense (a program error or a tampered file)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One effective action: the command, the events it produced, the state after it."""

    action: int
    command: dict[str, Any]
    events: tuple[Event, ...]
    state: NightState


@dataclass(frozen=True, slots=True)
class Record:
    """What the dealer did at one action, as the log shows it."""

    action: int
    kind: str  # one of LOG_RECORDS
    command: dict[str, Any] | None = None
    target: int | None = None

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


def _decide(state: NightState, action: int, command: dict[str, Any]) -> Entry | Rejection:
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

    @property
    def state(self) -> NightState:
        return self.entries[-1].state if self.entries else self.base

    @property
    def last_action(self) -> int:
        return self.records[-1].action if self.records else 0

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

    def entry(self, action: int) -> Entry | None:
        """The effective entry of `action`, if it is effective."""
        index = self._index(action)
        return None if index is None else self.entries[index]

    # --- planning new actions -------------------------------------------------------------

    def plan(self, command: Any) -> Plan | Rejection:
        """What accepting `command` would record, or why it is refused. Changes nothing."""
        action = self.last_action + 1
        name = command.get("cmd") if isinstance(command, dict) else None
        if name == "undo":
            return self._plan_undo(action, command)
        if name == "redo":
            return self._plan_redo(action, command)
        if name == "correct":
            return self._plan_correct(action, command)
        outcome = _decide(self.state, action, command)
        if isinstance(outcome, Rejection):
            return outcome
        try:
            rows = [(TAKEN, RECORD_VERSION, canonical_json({"command": command}))]
            rows += [(type(e).__name__, e.VERSION, canonical_json(e)) for e in outcome.events]
        except UnicodeEncodeError:
            return Rejection(UNSTORABLE)
        return Plan(action, Record(action, TAKEN, command=command), rows,
                    len(self.entries), [outcome], [])

    def _plan_undo(self, action: int, command: dict[str, Any]) -> Plan | Rejection:
        if set(command) != {"cmd"}:
            return Rejection("undo takes no fields: it always reverts the latest action.")
        if len(self.entries) <= 1:
            return Rejection("Nothing to undo: the start of the night can only be corrected.",
                             "undo.nothing")
        last = self.entries[-1]
        return Plan(action, Record(action, UNDONE, target=last.action),
                    [(UNDONE, RECORD_VERSION, canonical_json({"action": last.action}))],
                    len(self.entries) - 1, [], self.redo + [last])

    def _plan_redo(self, action: int, command: dict[str, Any]) -> Plan | Rejection:
        if set(command) != {"cmd"}:
            return Rejection("redo takes no fields: it restores the latest undone action.")
        if not self.redo:
            return Rejection("Nothing to redo: there is no undone action since the last new one.",
                             "redo.nothing")
        entry = self.redo[-1]
        redone = Entry(entry.action, entry.command, entry.events,
                       _apply(self.state, entry.action, entry.events))
        return Plan(action, Record(action, REDONE, target=entry.action),
                    [(REDONE, RECORD_VERSION, canonical_json({"action": entry.action}))],
                    len(self.entries), [redone], self.redo[:-1])

    def _plan_correct(self, action: int, command: dict[str, Any]) -> Plan | Rejection:
        target = command.get("action")
        replacement = command.get("command")
        if set(command) - {"cmd", "action", "command"}:
            return Rejection("correct takes \"action\" (its number) and \"command\" (the "
                             "replacement).")
        if isinstance(target, bool) or not isinstance(target, int):
            return Rejection(f"correct needs \"action\": the number of the action to correct, "
                             f"not {target!r}.")
        if not isinstance(replacement, dict) or not isinstance(replacement.get("cmd"), str):
            return Rejection("correct needs \"command\": the replacement, like "
                             "{\"cmd\": \"card\", \"card\": \"5c\"}.")
        if replacement["cmd"] in LOG_COMMANDS:
            return Rejection(f"A correction replaces a table action; {replacement['cmd']} "
                             "cannot be one.")
        index = self._index(target)
        if index is None:
            return Rejection(self._why_not_correctable(target))
        rebased = self._rebase(index, replacement)
        if isinstance(rebased, Rejection):
            return rebased
        try:
            payload = canonical_json({"action": target, "command": replacement})
        except UnicodeEncodeError:
            return Rejection(UNSTORABLE)
        return Plan(action, Record(action, CORRECTED, command=replacement, target=target),
                    [(CORRECTED, RECORD_VERSION, payload)], index, rebased, [])

    def _index(self, action: int) -> int | None:
        """Where `action` stands among the effective entries (they are in action order)."""
        low, high = 0, len(self.entries)
        while low < high:
            middle = (low + high) // 2
            if self.entries[middle].action < action:
                low = middle + 1
            else:
                high = middle
        return low if low < len(self.entries) and self.entries[low].action == action else None

    def _rebase(self, index: int, replacement: dict[str, Any]) -> list[Entry] | Rejection:
        """Entries from `index` on, its command replaced and every later one re-decided."""
        target = self.entries[index].action
        state = self.entries[index - 1].state if index else self.base
        # A mistyped name mended at the start of the night is mended wherever it was named.
        renames = (night.renames_between(self.entries[index].command, replacement)
                   if replacement.get("cmd") == "start_night" else {})
        rebuilt: list[Entry] = []
        for position, entry in enumerate(self.entries[index:]):
            command = (replacement if position == 0
                       else dict(night.renamed(entry.command, renames)))
            outcome = _decide(state, entry.action, command)
            if isinstance(outcome, Rejection):
                if position == 0:
                    return Rejection(f"The correction of action {target} is refused: "
                                     f"{outcome.reason}")
                what = ("the dealer's card, hidden" if is_secret(entry.events)
                        else describe_command(entry.command))
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

        With `check`, every taken action is decided again and must give the stored events.
        """
        for action, rows in groups:
            kind, _, payload_text = rows[0]
            payload = json.loads(payload_text)
            if kind == TAKEN:
                events = tuple(_event(t, v, p) for t, v, p in rows[1:])
                command = payload["command"]
                if check:
                    self._check(action, command, events)
                self.entries.append(Entry(action, command, events,
                                          _apply(self.state, action, events)))
                self.redo = []
                self.records.append(Record(action, TAKEN, command=command))
                continue
            plan = self._replay_meta(action, kind, payload)
            if isinstance(plan, Rejection):
                raise LogError(f"action {action} ({kind}) no longer applies: {plan.reason}")
            self.commit(plan)

    def _replay_meta(self, action: int, kind: str, payload: dict[str, Any]) -> Plan | Rejection:
        if kind == UNDONE:
            plan = self._plan_undo(action, {"cmd": "undo"})
        elif kind == REDONE:
            plan = self._plan_redo(action, {"cmd": "redo"})
        elif kind == CORRECTED:
            plan = self._plan_correct(action, {"cmd": "correct", "action": payload["action"],
                                               "command": payload["command"]})
        else:
            raise LogError(f"action {action} starts with {kind}, which is not a log record")
        if not isinstance(plan, Rejection) and plan.record.target != payload.get(
                "action", plan.record.target):
            raise LogError(f"action {action} names action {payload.get('action')}, but "
                           f"{plan.record.target} is the one it applies to")
        return plan

    def _check(self, action: int, command: dict[str, Any], events: tuple[Event, ...]) -> None:
        outcome = _decide(self.state, action, command)
        if isinstance(outcome, Rejection):
            raise LogError(f"action {action} is refused by the rules: {outcome.reason}")
        if outcome.events != events:
            raise LogError(f"action {action}'s stored events differ from what the rules give")


def _event(type_: str, version: int, payload_text: str) -> Event:
    try:
        return from_json(type_, version, payload_text)
    except UnknownEvent as error:
        raise LogError(str(error)) from None


def describe_command(command: dict[str, Any]) -> str:
    """A short human description of a command, for messages and the log."""
    name = command.get("cmd")
    who = f"{command['player']} " if isinstance(command.get("player"), str) else ""
    if name == "card":
        return f"{who}card {_card_label(command.get('card'))}"
    if name == "bet":
        return f"{who}bet {command.get('amount')}"
    if name == "pass":
        return f"{who}pass"
    if name in ("end_game", "end_night", "undo", "redo"):
        return str(name).replace("_", " ")
    if name in ("join", "rebuy"):
        return f"{name} {command.get('player')} {command.get('chips')}"
    if name == "leave":
        return f"{command.get('player')} leaves"
    if name == "start_game":
        return f"start {command.get('game')}, dealer {command.get('dealer', 'draw')}"
    if name == "start_night":
        players = command.get("players")
        names = ", ".join(map(str, players)) if isinstance(players, list) else "?"
        extras = "".join(f", {field.replace('_', ' ')} {command[field]}"
                         for field in ("chip_value", "currency", "name") if field in command)
        return f"start the night: {names} with {command.get('chips')} chips{extras}"
    if name == "raise":
        return f"{who}raise {command.get('amount')}"
    if name == "declare":
        return f"{who}declare {command.get('choice')}"
    if name == "show":
        cards = command.get("cards")
        return f"{who}show " + (" ".join(map(str, cards)) if isinstance(cards, list) else "?")
    if name == "split_pot":
        return "split the pot"
    if name == "next_dealer":
        return f"next dealer {command['player']}" if who else "the bank passes left"
    if name == "guess":
        suit = command.get("suit")
        return f"{who}guess {command.get('value')}" + (f" {suit}" if suit else "")
    return json.dumps(command, ensure_ascii=False)


def _card_label(text: Any) -> str:
    """A typed card in card notation (J♥ for jh), or as typed when it is no card."""
    try:
        return parse_card(str(text)).label
    except (Refusal, ValueError):
        return str(text)


def group_rows(rows: Iterable[tuple[int, str, int, str]]
               ) -> Iterator[tuple[int, list[tuple[str, int, str]]]]:
    """Rows (action, type, version, payload) grouped by action, in order."""
    current: int | None = None
    group: list[tuple[str, int, str]] = []
    for action, type_, version, payload in rows:
        if action != current:
            if group:
                assert current is not None
                yield current, group
            current, group = action, []
        group.append((type_, version, payload))
    if group:
        assert current is not None
        yield current, group
