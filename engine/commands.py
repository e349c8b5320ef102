"""The dealer's commands as typed values: a tagged union of frozen Structs, one per `cmd`.

A command is decoded once where it enters (the CLI, the TUI's keys, a replayed log) by
`parse`, which answers a JSON value that is no command with one sentence; from there on the
rules see typed fields, never a dict. `as_json` gives the command back in the contract's
JSON form (DESIGN.md), which is also how the log stores it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Union

import msgspec

from engine.rejection import Refusal


class Command(msgspec.Struct, frozen=True, tag_field="cmd", omit_defaults=True,
              forbid_unknown_fields=True):
    """Base of every command; `cmd` is its tag."""

    # A turn action may name its player as a check against mis-entries (DESIGN.md).
    TURN_ACTION: ClassVar[bool] = False

    @property
    def verb(self) -> str:
        """The command's `cmd`, as the contract names it."""
        tag: str = self.__struct_config__.tag  # type: ignore[assignment]
        return tag


# --- the night -------------------------------------------------------------------------------

class StartNight(Command, frozen=True, tag="start_night"):
    players: tuple[str, ...]
    chips: int
    chip_value: str | int | float | None = None
    currency: str | None = None
    name: str | None = None


class Join(Command, frozen=True, tag="join"):
    player: str
    chips: int
    after: str | None = None


class Rebuy(Command, frozen=True, tag="rebuy"):
    player: str
    chips: int


class Leave(Command, frozen=True, tag="leave"):
    player: str


class SetPayment(Command, frozen=True, tag="set_payment"):
    player: str
    iban: str
    name: str | None = None


class Expense(Command, frozen=True, tag="expense"):
    """Money one player paid for the table (pizza, drinks), shared by `shared_by` (everyone
    at the table when it is entered, unless named)."""

    payer: str
    amount: str  # money, like "18.50"
    what: str
    shared_by: tuple[str, ...] | None = None


class StartGame(Command, frozen=True, tag="start_game"):
    game: str
    dealer: str | None = None
    options: dict[str, Any] | None = None


class EndGame(Command, frozen=True, tag="end_game"):
    pass


class EndNight(Command, frozen=True, tag="end_night"):
    carry: bool = False  # the balances are not paid tonight but carried to a later settlement


class Paid(Command, frozen=True, tag="paid"):
    """The carried balances of this night have been paid (`settle --open --paid`)."""


# --- the games -------------------------------------------------------------------------------

class PlayCard(Command, frozen=True, tag="card"):
    """The next physical card, in the slot the game expects."""

    TURN_ACTION = True
    card: str
    player: str | None = None


class Bet(Command, frozen=True, tag="bet"):
    TURN_ACTION = True
    amount: int
    player: str | None = None


class Pass(Command, frozen=True, tag="pass"):
    TURN_ACTION = True
    player: str | None = None


class Raise(Command, frozen=True, tag="raise"):
    player: str
    amount: int


class Show(Command, frozen=True, tag="show"):
    TURN_ACTION = True
    cards: tuple[str, ...]
    player: str | None = None


class Guess(Command, frozen=True, tag="guess"):
    TURN_ACTION = True
    value: int | str
    suit: str | None = None
    player: str | None = None


class Declare(Command, frozen=True, tag="declare"):
    TURN_ACTION = True
    choice: str
    player: str | None = None


class NextDealer(Command, frozen=True, tag="next_dealer"):
    player: str | None = None


class SplitPot(Command, frozen=True, tag="split_pot"):
    pass


# --- the log ---------------------------------------------------------------------------------

class Undo(Command, frozen=True, tag="undo"):
    pass


class Redo(Command, frozen=True, tag="redo"):
    pass


class Correct(Command, frozen=True, tag="correct"):
    action: int
    command: AnyCommand


AnyCommand = Union[  # noqa: UP007 (msgspec needs a Union object for the tagged union)
    StartNight, Join, Rebuy, Leave, SetPayment, Expense, StartGame, EndGame, EndNight, Paid,
    PlayCard, Bet, Pass, Raise, Show, Guess, Declare, NextDealer, SplitPot,
    Undo, Redo, Correct]

NIGHT_COMMANDS: tuple[type[Command], ...] = (StartNight, Join, Rebuy, Leave, SetPayment,
                                             Expense, StartGame, EndGame, EndNight, Paid)
GAME_COMMANDS: tuple[type[Command], ...] = (PlayCard, Bet, Pass, Raise, Show, Guess, Declare,
                                            NextDealer, SplitPot)
LOG_COMMANDS: tuple[type[Command], ...] = (Undo, Redo, Correct)
BY_NAME: dict[str, type[Command]] = {
    cls.__struct_config__.tag: cls  # type: ignore[misc]
    for cls in (*NIGHT_COMMANDS, *GAME_COMMANDS, *LOG_COMMANDS)}
_FIELDS: dict[str, tuple[str, ...]] = {name: cls.__struct_fields__
                                       for name, cls in BY_NAME.items()}


def as_json(command: Command) -> dict[str, Any]:
    """The command as the contract's JSON object: `cmd` first, fields left at their default
    left out."""
    doc: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(command))
    return doc


def parse(doc: Any) -> AnyCommand:
    """The typed command a JSON value names; raises Refusal with one sentence saying what is
    wrong and what is allowed when it names none."""
    if isinstance(doc, dict):
        try:
            # A night types the same few entries (this card, that bet) over and over; an
            # entry of plain values is read once. Commands are frozen, so one value serves.
            # (each value with its type: 1, 1.0 and True are equal keys, not equal entries)
            return _parse_plain(tuple((name, type(value), value)
                                      for name, value in doc.items()))
        except TypeError:  # a list or an object inside: not hashable, read it afresh
            pass
    return _parse(doc)


@lru_cache(maxsize=4096)
def _parse_plain(items: tuple[tuple[str, type, Any], ...]) -> AnyCommand:
    return _parse({name: value for name, _, value in items})


def _parse(doc: Any) -> AnyCommand:
    if not isinstance(doc, dict):
        raise Refusal("A command is a JSON object with a \"cmd\" field, like {\"cmd\": \"pass\"}.")
    name = doc.get("cmd")
    if not isinstance(name, str):
        raise Refusal("A command needs a \"cmd\" field naming what to do, like \"bet\".")
    if name not in BY_NAME:
        raise Refusal(f"Unknown command {name!r}; the commands are {', '.join(BY_NAME)}.")
    fields = _FIELDS[name]
    unknown = sorted(key for key in doc if key not in fields and key != "cmd")
    if unknown:
        raise Refusal(f"{name} does not take {', '.join(repr(f) for f in unknown)}; "
                      f"it takes {', '.join(sorted(fields)) or 'no fields'}.")
    if name == "correct" and "command" in doc:
        inner = doc["command"]
        if not isinstance(inner, dict) or not isinstance(inner.get("cmd"), str):
            raise Refusal("correct needs \"command\": the replacement, like "
                          "{\"cmd\": \"card\", \"card\": \"5c\"}.")
        if inner["cmd"] in ("undo", "redo", "correct"):
            raise Refusal(f"A correction replaces a table action; {inner['cmd']} cannot be one.")
        doc = {**doc, "command": as_json(parse(inner))}
    try:
        command: Command = msgspec.convert(_integral(doc), BY_NAME[name], strict=True)
    except msgspec.ValidationError as error:
        field = _field_of(str(error))
        # Keyed by the field, so a screen can say it in its language (guess.value).
        raise Refusal(_sentence(name, str(error), doc), f"{name}.{field}",
                      **{field: doc.get(field), "value": doc.get(field)}) from None
    return _trimmed(command)  # type: ignore[return-value]


def _integral(doc: dict[str, Any]) -> dict[str, Any]:
    # A whole number written as 3.0 is still 3 chips.
    if not any(isinstance(value, float) for value in doc.values()):
        return doc
    return {key: int(value) if isinstance(value, float) and value.is_integer()
            and key in ("amount", "chips", "action") else value
            for key, value in doc.items()}


# What a number is at the table, for the sentence when it is none.
_NOUNS = {("start_night", "chips"): "the start chips", ("join", "chips"): "the buy-in",
          ("rebuy", "chips"): "the rebuy", ("bet", "amount"): "the bet",
          ("raise", "amount"): "the raise", ("correct", "action"): "the action to correct"}
_KINDS = {"int": "a whole number", "str": "text", "array": "a list", "object": "an object",
          "bool": "true or false"}


def _field_of(error: str) -> str:
    """The top-level field a msgspec validation message is about."""
    if error.startswith("Object missing required field"):
        return error.split("`")[1]
    path = error.rsplit("- at `$", 1)[-1].rstrip("`")
    return path.lstrip(".").split(".")[0].split("[")[0] or "cmd"


def _sentence(name: str, error: str, doc: dict[str, Any]) -> str:
    """msgspec's validation message as the dealer's sentence."""
    field = _field_of(error)
    if error.startswith("Object missing required field"):
        return f"{name} needs {field!r}."
    wanted = next((words for kind, words in _KINDS.items()
                   if f"Expected `{kind}" in error or f"Expected `{kind} |" in error), None)
    value = doc.get(field)
    noun = _NOUNS.get((name, field))
    if noun is not None and wanted is not None:
        return f"{noun[0].upper()}{noun[1:]} must be {wanted}, not {value!r}."
    if wanted is None:
        return f"{name}: {field!r} does not fit ({error.split(' - at')[0]})."
    if name == "correct" and field == "command":
        return f"The replacement of correct: {error.split(' - at')[0].lower()}."
    return f"{name}: {field!r} must be {wanted}, not {value!r}."


def _trimmed(command: Command) -> Command:
    """Text fields stripped of the blanks around them; empty text refused."""
    changes: dict[str, Any] = {}
    for field in command.__struct_fields__:
        value = getattr(command, field)
        if isinstance(value, str):
            if not value.strip():
                raise Refusal(f"{command.verb}: {field!r} must be non-empty text, not {value!r}.",
                              f"{command.verb}.{field}", **{field: value, "value": value})
            if value != value.strip():
                changes[field] = value.strip()
        elif isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            for item in value:
                if not item.strip():
                    raise Refusal(f"{command.verb}: each of {field!r} is non-empty text, not "
                                  f"{item!r}.")
            stripped = tuple(item.strip() for item in value)
            if stripped != value:
                changes[field] = stripped
    return msgspec.structs.replace(command, **changes) if changes else command
