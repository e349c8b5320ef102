"""The command contract's one decoder: the table's commands joined with every game's.

A command is decoded here once, where it enters (a line of `companion exec`, a form of the
screen, an import, a replacement in a correction, a replayed log), into its typed Struct;
from there on nothing reads a command from a dict. The decoder knows the table's own
commands (engine.commands), the kernel's common moves (engine.moves) and the commands of
every installed game (engine.registry), joined once when it is first needed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import msgspec

from engine import moves, registry
from engine.commands import TABLE_COMMANDS, Command, Correct, as_json
from engine.json_doc import JsonDoc
from engine.rejection import Refusal
from engine.text import quoted, quoted_list

__all__ = ["Contract", "as_json", "contract", "parse"]


class Contract:
    """The commands a night understands, by their `cmd`."""

    def __init__(self, kinds: Iterable[type[Command]]) -> None:
        self.by_name: dict[str, type[Command]] = {}
        for kind in kinds:
            name = tag_of(kind)
            known = self.by_name.get(name)
            if known is not None and known is not kind:
                raise ValueError(f"two commands are called {name!r}: {known} and {kind}")
            self.by_name[name] = kind
        self._fields = {name: kind.__struct_fields__ for name, kind in self.by_name.items()}

    def parse(self, doc: object) -> Command:
        """The typed command a JSON value names; raises Refusal with one sentence saying what
        is wrong and what is allowed when it names none."""
        if isinstance(doc, dict):
            try:
                # A night types the same few entries (this card, that bet) over and over; an
                # entry of plain values is read once. Commands are frozen, so one value
                # serves. (each value with its type: 1, 1.0 and True are equal keys, not
                # equal entries)
                return self._parse_plain(tuple((name, type(value), value)
                                               for name, value in doc.items()))
            except TypeError:  # a list or an object inside: not hashable, read it afresh
                pass
        return self._parse(doc)

    @lru_cache(maxsize=4096)  # noqa: B019 (one contract lives as long as the program)
    def _parse_plain(self, items: tuple[tuple[str, type, object], ...]) -> Command:
        return self._parse({name: value for name, _, value in items})

    def _parse(self, doc: object) -> Command:
        if not isinstance(doc, dict):
            raise Refusal("A command is a JSON object with a \"cmd\" field, like "
                          "{\"cmd\": \"pass\"}.")
        name = doc.get("cmd")
        if not isinstance(name, str):
            raise Refusal("A command needs a \"cmd\" field naming what to do, like \"bet\".")
        if name not in self.by_name:
            raise Refusal(f"Unknown command {quoted(name)}; the commands are "
                          f"{', '.join(self.by_name)}.")
        fields = self._fields[name]
        unknown = sorted(key for key in doc if key not in fields and key != "cmd")
        if unknown:
            raise Refusal(f"{name} does not take {quoted_list(unknown)}; "
                          f"it takes {', '.join(sorted(fields)) or 'no fields'}.")
        kind = self.by_name[name]
        # A correction's replacement is any command of the contract, which msgspec's own
        # union cannot name: the contract decodes it, and the rest of `correct` beside it.
        replacement = self._replacement(doc["command"]) if kind is Correct and "command" in doc \
            else None
        try:
            if kind is Correct:
                head = msgspec.convert(_integral({k: v for k, v in doc.items()
                                                  if k not in ("cmd", "command")}),
                                       _CorrectHead, strict=True)
                if replacement is None:
                    raise msgspec.ValidationError("Object missing required field `command`")
                return Correct(action=head.action, command=replacement)
            command: Command = msgspec.convert(_integral(doc), kind, strict=True)
        except msgspec.ValidationError as error:
            field = _field_of(str(error))
            # Keyed by the field, so a screen can say it in its language (guess.value).
            shown = quoted(doc.get(field))
            raise Refusal(_sentence(name, str(error), doc), f"{name}.{field}",
                          **{field: shown, "value": shown}) from None
        return _trimmed(command)

    def _replacement(self, inner: object) -> Command:
        if not isinstance(inner, dict) or not isinstance(inner.get("cmd"), str):
            raise Refusal("correct needs \"command\": the replacement, like "
                          "{\"cmd\": \"card\", \"card\": \"5c\"}.")
        if inner["cmd"] in ("undo", "redo", "correct"):
            raise Refusal(f"A correction replaces a table action; {inner['cmd']} cannot be "
                          "one.")
        return self.parse(inner)


class _CorrectHead(msgspec.Struct, forbid_unknown_fields=True):
    action: int


def tag_of(kind: type[Command]) -> str:
    """A command type's `cmd`."""
    tag: str = kind.__struct_config__.tag  # type: ignore[assignment]
    return tag


def contract() -> Contract:
    """The table's commands, the kernel's common moves and every installed game's."""
    return _contract_of(tuple(registry.games()))


@lru_cache(maxsize=4)
def _contract_of(games: tuple[str, ...]) -> Contract:
    return Contract((*TABLE_COMMANDS, *moves.COMMANDS,
                     *(kind for game in games for kind in registry.game(game).commands)))


def parse(doc: object) -> Command:
    """`doc` decoded by the contract of this installation (see Contract.parse)."""
    return contract().parse(doc)


def _integral(doc: JsonDoc) -> JsonDoc:
    # A whole number written as 3.0 is still 3 chips; an action is counted, never 3.0.
    if not any(isinstance(value, float) for value in doc.values()):
        return doc
    return {key: int(value) if isinstance(value, float) and value.is_integer()
            and key in ("amount", "chips") else value
            for key, value in doc.items()}


# What a number is at the table, for the sentence when it is none.
_NOUNS = {("start_night", "chips"): "the start chips", ("join", "chips"): "the buy-in",
          ("rebuy", "chips"): "the rebuy", ("bet", "amount"): "the bet",
          ("correct", "action"): "the action to correct"}
_KINDS = {"int": "a whole number", "str": "text", "array": "a list", "object": "an object",
          "bool": "true or false"}


def _field_of(error: str) -> str:
    """The top-level field a msgspec validation message is about."""
    if error.startswith("Object missing required field"):
        return error.split("`")[1]
    path = error.rsplit("- at `$", 1)[-1].rstrip("`")
    return path.lstrip(".").split(".")[0].split("[")[0] or "cmd"


def _sentence(name: str, error: str, doc: JsonDoc) -> str:
    """msgspec's validation message as the dealer's sentence."""
    field = _field_of(error)
    if error.startswith("Object missing required field"):
        return f"{name} needs {field!r}."
    wanted = next((words for kind, words in _KINDS.items()
                   if f"Expected `{kind}" in error or f"Expected `{kind} |" in error), None)
    value = quoted(doc.get(field))
    noun = _NOUNS.get((name, field))
    if noun is not None and wanted is not None:
        return f"{noun[0].upper()}{noun[1:]} must be {wanted}, not {value}."
    if wanted is None:
        return f"{name}: {field!r} does not fit ({error.split(' - at')[0]})."
    return f"{name}: {field!r} must be {wanted}, not {value}."


def _trimmed(command: Command) -> Command:
    """Text fields stripped of the blanks around them; empty text refused."""
    changes: dict[str, object] = {}
    for field in command.__struct_fields__:
        value = getattr(command, field)
        if isinstance(value, str):
            if not value.strip():
                raise Refusal(f"{command.verb}: {field!r} must be non-empty text, not "
                              f"{quoted(value)}.", f"{command.verb}.{field}",
                              **{field: quoted(value), "value": quoted(value)})
            if value != value.strip():
                changes[field] = value.strip()
        elif isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            for item in value:
                if not item.strip():
                    raise Refusal(f"{command.verb}: each of {field!r} is non-empty text, not "
                                  f"{quoted(item)}.")
            stripped = tuple(item.strip() for item in value)
            if stripped != value:
                changes[field] = stripped
    return msgspec.structs.replace(command, **changes) if changes else command
