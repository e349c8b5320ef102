"""A game's options as a typed value: the base every game's options Struct extends, and the
one decoding of the dealer's options at `start_game`.

A game declares its options as fields with defaults (`stake: Annotated[int, Meta(ge=1)] =
20`); the set-up screen lists them from the same declaration (`option_info`), `start_game`
decodes them once (`decode_options`) with one sentence per bad value, and `check` refuses
combinations that make no sense together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import msgspec

from engine.json_doc import JsonDoc
from engine.limits import MOST_CHIPS, Range
from engine.rejection import Refusal
from engine.text import quoted, quoted_list

if TYPE_CHECKING:
    from engine.seats import Seats


class GameOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every game's options: typed fields with defaults; limits as msgspec `Meta`.

    A game adds `check` for combinations that make no sense together."""

    def check(self) -> None:
        """Raise Refusal with one sentence for options that do not go together."""

    def seats(self, seats: Seats) -> Seats:
        """How many players the game takes with these options: its rules' `seats`, unless
        some option leaves one deck fewer hands to deal."""
        return seats

    def as_json(self) -> JsonDoc:
        """The options as the contract's JSON object, in the order they are declared."""
        doc: JsonDoc = msgspec.to_builtins(self)
        return doc


Opts = TypeVar("Opts", bound=GameOptions)


def decode_options(game: str, kind: type[Opts], given: Mapping[str, object] | None, *,
                   entering: bool = False) -> Opts:
    """`given` as the game's options Struct (see Game.decode_options). Each value's type,
    choices and least value are checked always; its most only where a command `entering`
    the log is admitted (engine/edge.py): a log written before these limits may hold more,
    and its actions are decided again when a correction comes before them."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise Refusal(f"options for {game} must be an object like {{\"stake\": 20}}.")
    known = kind.__struct_fields__
    unknown = sorted((name for name in given if name not in known), key=str)
    if unknown:
        raise Refusal(f"{game} has no option {quoted_list(unknown)}; its options are "
                      f"{', '.join(known)}.", "options.unknown",
                      game=game, names=quoted_list(unknown), known=", ".join(known))
    for name, value in given.items():
        _check_one(game, kind, str(name), value, entering)
    options = kind(**{str(name): value for name, value in given.items()})
    options.check()
    return options


def _check_one(game: str, kind: type[GameOptions], name: str, value: object,
               entering: bool) -> None:
    """One option's value against its declared type and limits, said in one sentence."""
    info = option_info(kind)[name]
    if info.choices:
        if value not in info.choices:
            allowed = ", ".join(repr(choice) for choice in info.choices)
            raise Refusal(f"{game} option {name} is one of {allowed}, not {quoted(value)}.",
                          "option.choice", game=game, name=name, allowed=allowed)
        return
    if info.kind is bool:
        if not isinstance(value, bool):
            raise Refusal(f"{game} option {name} is true or false, not {quoted(value)}.",
                          "option.switch", game=game, name=name)
        return
    low = info.minimum or 0
    high = info.most if entering else info.maximum
    if (isinstance(value, bool) or not isinstance(value, int)
            or value < low or (high is not None and value > high)):
        if high is None:
            raise Refusal(f"{game} option {name} is a whole number of at least {low}, not "
                          f"{quoted(value)}.", "option.number", game=game, name=name,
                          minimum=low, value=quoted(value))
        raise Range("option", f"{game} option {name}", low, high,
                    more=(("option", name), ("game", game))).refusal(value)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as the set-up screen and the checks read it."""

    name: str
    kind: type  # bool, int or str
    default: object
    minimum: int | None = None
    maximum: int | None = None  # what the rules allow, checked always
    most: int = MOST_CHIPS  # what a table asks for, checked where a command enters
    choices: tuple[object, ...] = ()


_INFO: dict[type[GameOptions], dict[str, OptionInfo]] = {}


def option_info(kind: type[GameOptions]) -> dict[str, OptionInfo]:
    """Each option of `kind` with its type, default, limits and choices, in declared order."""
    known = _INFO.get(kind)
    if known is None:
        known = _INFO[kind] = {f.name: _info(f) for f in msgspec.structs.fields(kind)}
    return known


def _info(field_: msgspec.structs.FieldInfo) -> OptionInfo:
    info = msgspec.inspect.type_info(field_.type)
    default = field_.default
    most: int | None = None
    if isinstance(info, msgspec.inspect.Metadata):  # Meta(..., extra={"most": 1000})
        most = (info.extra or {}).get("most")
        info = info.type
    if isinstance(info, msgspec.inspect.LiteralType):
        return OptionInfo(field_.name, str, default, choices=tuple(info.values))
    if isinstance(info, msgspec.inspect.BoolType):
        return OptionInfo(field_.name, bool, default)
    if isinstance(info, msgspec.inspect.IntType):
        return OptionInfo(field_.name, int, default, info.ge, info.le,
                          most or (info.le if info.le is not None else MOST_CHIPS))
    return OptionInfo(field_.name, str, default)
