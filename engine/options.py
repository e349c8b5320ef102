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
from typing import Any, TypeVar

import msgspec

from engine.limits import MOST_CHIPS, Range
from engine.rejection import Refusal
from engine.text import quoted, quoted_list


class GameOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every game's options: typed fields with defaults; limits as msgspec `Meta`.

    A game adds `check` for combinations that make no sense together."""

    def check(self) -> None:
        """Raise Refusal with one sentence for options that do not go together."""

    def as_json(self) -> dict[str, Any]:
        """The options as the contract's JSON object, in the order they are declared."""
        doc: dict[str, Any] = msgspec.to_builtins(self)
        return doc


Opts = TypeVar("Opts", bound=GameOptions)


def decode_options(game: str, kind: type[Opts], given: Mapping[str, object] | None) -> Opts:
    """`given` as the game's options Struct (see Game.decode_options)."""
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
        _check_one(game, kind, str(name), value)
    options = msgspec.convert(dict(given), kind, strict=True)
    options.check()
    return options


def _check_one(game: str, kind: type[GameOptions], name: str, value: object) -> None:
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
    low, high = info.minimum or 0, info.maximum if info.maximum is not None else MOST_CHIPS
    if (isinstance(value, bool) or not isinstance(value, int)
            or not low <= value <= high):
        raise Range("option", f"{game} option {name}", low, high,
                    more=(("option", name), ("game", game))).refusal(value)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as the set-up screen and the checks read it."""

    name: str
    kind: type  # bool, int or str
    default: object
    minimum: int | None = None
    maximum: int | None = None
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
    if isinstance(info, msgspec.inspect.LiteralType):
        return OptionInfo(field_.name, str, default, choices=tuple(info.values))
    if isinstance(info, msgspec.inspect.BoolType):
        return OptionInfo(field_.name, bool, default)
    if isinstance(info, msgspec.inspect.IntType):
        return OptionInfo(field_.name, int, default, info.ge, info.le)
    return OptionInfo(field_.name, str, default)
