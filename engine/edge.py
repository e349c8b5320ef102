"""What may enter the log: every command checked where it comes in, before the rules see it.

A command decoded by `engine.contract` has the right types; here its values get the bounds a
real table needs: each amount its range (engine/limits.py), each new name and text the
rules of engine/text.py (normalised, printable, short enough). The night's log calls
`admit` for each new command and for each action of a night being imported, never while a
recorded night is replayed or a correction re-decides the actions after it: a log written
before these checks may hold what they refuse now, and it still reads and plays on.

A correction keeps what the action it replaces already had: a value it leaves as it was
(an old night's long name, when only its chip value is mended) is not checked again.
"""

from __future__ import annotations

from typing import Protocol

from msgspec.structs import replace

from engine import limits, night, registry
from engine.commands import (
    Bet,
    Command,
    Correct,
    Expense,
    Join,
    Rebuy,
    SetPayment,
    StartGame,
    StartNight,
)
from engine.rejection import Refusal
from engine.table import NightState
from engine.text import (
    ACCOUNT_HOLDER,
    CURRENCY,
    EXPENSE_WHAT,
    NIGHT_NAME,
    PLAYER_NAME,
    TextKind,
    checked,
    name_key,
)


class Past(Protocol):
    """What a correction is checked against: the table as it stood and the command taken."""

    def state_before(self, action: int) -> NightState: ...

    def command_at(self, action: int) -> Command | None: ...


def admit(command: Command, state: NightState, past: Past | None = None) -> Command:
    """`command` as it may enter (its names and texts normalised) when every value is within
    what a table needs; a Refusal with one sentence saying what is allowed otherwise.
    `state`: the table now; `past`: where a correction finds the action it replaces."""
    if isinstance(command, Correct):
        action = limits.ACTION.check(command.action)
        if past is None:
            return command
        replaced = past.command_at(action)
        before = replaced if type(replaced) is type(command.command) else None
        inner = _admitted(command.command, past.state_before(action), before)
        return replace(command, command=inner) if inner is not command.command else command
    return _admitted(command, state, None)


def _admitted(command: Command, state: NightState, before: Command | None) -> Command:
    changes: dict[str, object] = {}

    def kept(field: str) -> bool:
        return before is not None and getattr(before, field) == getattr(command, field)

    def text(field: str, kind: TextKind) -> None:
        value = getattr(command, field)
        if value is not None and not kept(field):
            clean = checked(value, kind)
            if clean != value:
                changes[field] = clean

    def amount(field: str, bound: limits.Range) -> None:
        if not kept(field):
            bound.check(getattr(command, field))

    match command:
        case StartNight():
            _players(command, before, changes)
            amount("chips", limits.START_CHIPS)
            if command.chip_value is not None and not kept("chip_value"):
                night.money_per_chip(command.chip_value, limits.MOST_CHIP_VALUE)
            text("currency", CURRENCY)
            text("name", NIGHT_NAME)
        case Join():
            if not state.has_player(command.player):  # a new seat; one coming back is seated
                text("player", PLAYER_NAME)
            amount("chips", limits.BUY_IN)
        case Rebuy():
            amount("chips", limits.REBUY)
        case SetPayment():
            text("name", ACCOUNT_HOLDER)
        case Expense():
            text("what", EXPENSE_WHAT)
            if command.shared_by is not None:
                _at_most_players(len(command.shared_by), "shared_by")
        case Bet():
            amount("amount", limits.BET)
        case StartGame():
            if not kept("options"):  # each within the most its game allows
                registry.game(command.game).decode_options(command.options, entering=True)
        case _ if before is None or before != command:
            command.admit()  # a game's own command checks its own values
    return replace(command, **changes) if changes else command


def _players(command: StartNight, before: Command | None, changes: dict[str, object]) -> None:
    """The players of a new night, each a good name; those a corrected start keeps, as they
    were."""
    _at_most_players(len(command.players), "players")
    known = ({name_key(name) for name in before.players}
             if isinstance(before, StartNight) else set())
    names = tuple(name if name_key(name) in known else checked(name, PLAYER_NAME)
                  for name in command.players)
    if names != command.players:
        changes["players"] = names


def _at_most_players(count: int, field: str) -> None:
    if count > limits.MOST_PLAYERS:
        raise Refusal(f"A night seats at most {limits.MOST_PLAYERS} players; {field} names "
                      f"{count:,}.", "players.too_many", most=limits.MOST_PLAYERS, given=count)
