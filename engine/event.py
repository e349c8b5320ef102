"""Domain events: frozen msgspec Structs with a registered name and a schema version.

Events are the facts the log stores. Each class registers under its name so the log can
turn a row back into the same event; `VERSION` is the schema version written with it,
and `UPCASTERS` is where an older payload would be brought up to date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import msgspec

from engine.json_doc import JsonDoc
from engine.text import QUOTE_LENGTH, quoted

if TYPE_CHECKING:  # the night's state is made of events: named here for the checker only
    from engine.table import NightState

E = TypeVar("E", bound="Event")


class Event(msgspec.Struct, frozen=True):
    """Base of every domain event."""

    VERSION: ClassVar[int] = 1
    # A secret event keeps its action's command from being shown (a card the players must
    # not see yet); a revealing one in the same action makes it public again.
    SECRET: ClassVar[bool] = False
    REVEALS: ClassVar[bool] = False

    def to_payload(self) -> JsonDoc:
        """The event's fields as JSON-ready values."""
        return msgspec.structs.asdict(self)


class Legacy(Event, frozen=True):
    """An event older logs hold for a fact today's rules write as several events (what an
    alias cannot say: one row became two). It still reads and replays as it did; `today`
    gives the events the rules write for it now, so a log checked by deciding it again
    (import, the deep replay) finds them equal."""

    def today(self, state: NightState) -> tuple[Event, ...]:
        """The events written for this fact today, on the table as it stood before it (the
        night's state)."""
        raise NotImplementedError


def is_secret(events: Iterable[Event]) -> bool:
    """Whether an action's events keep its command from the screen and the log."""
    # One pass, no generators: replay asks this of every action of a night.
    secret = reveals = False
    for e in events:
        secret = secret or e.SECRET
        reveals = reveals or e.REVEALS
    return secret and not reveals


REGISTRY: dict[str, type[Event]] = {}
UPCASTERS: dict[tuple[str, int], Callable[[JsonDoc], JsonDoc]] = {}
_DECODERS: dict[str, msgspec.json.Decoder[Any]] = {}


def event(cls: type[E]) -> type[E]:
    """Register an Event class under its class name."""
    if cls.__name__ in REGISTRY:
        raise ValueError(f"event type {cls.__name__} registered twice")
    REGISTRY[cls.__name__] = cls
    return cls


class UnknownEvent(ValueError):
    """A row names an event type or version this program does not know, or does not fit."""


def alias(old_name: str, cls: type[Event], rename: dict[str, str] | None = None,
          add: JsonDoc | None = None) -> None:
    """Read rows of `old_name` (written before the event got its shared name) as `cls`: its
    fields renamed (`rename`, old to new) and `add`ed. New rows are written as `cls`."""
    if old_name in REGISTRY or old_name in ALIASES:
        raise ValueError(f"event type {old_name} registered twice")
    ALIASES[old_name] = (cls, dict(rename or {}), dict(add or {}))


ALIASES: dict[str, tuple[type[Event], dict[str, str], JsonDoc]] = {}


# A value msgspec quotes in its message ('…'), long enough to cut to its start.
_QUOTED_VALUE = re.compile(rf"'([^']{{{QUOTE_LENGTH + 1},}})'")


def _said(error: Exception) -> str:
    """msgspec's reason, quoting a short start of the value it names (a forged row may hold
    100,000 characters where a card belongs)."""
    text = _QUOTED_VALUE.sub(lambda found: quoted(found.group(1)), str(error))
    return text if len(text) <= 4 * QUOTE_LENGTH else text[:4 * QUOTE_LENGTH] + "…"


def _class(type_name: str) -> type[Event]:
    cls = REGISTRY.get(type_name)
    if cls is None:
        raise UnknownEvent(f"unknown event type {quoted(type_name)}")
    return cls


def _from_alias(type_name: str, payload: JsonDoc) -> Event:
    cls, rename, add = ALIASES[type_name]
    fields = {rename.get(key, key): value for key, value in payload.items()}
    try:
        return msgspec.convert({**fields, **add}, cls)
    except msgspec.ValidationError as error:
        raise UnknownEvent(f"{type_name} payload does not fit: {_said(error)}") from None


def from_payload(type_name: str, version: int, payload: JsonDoc) -> Event:
    """Rebuild the event a log row describes, upcasting an older version first."""
    if type_name in ALIASES:
        return _from_alias(type_name, payload)
    cls = _class(type_name)
    while version < cls.VERSION:
        upcast = UPCASTERS.get((type_name, version))
        if upcast is None:
            raise UnknownEvent(f"no upcaster for {type_name} version {version}")
        payload, version = upcast(payload), version + 1
    if version > cls.VERSION:
        raise UnknownEvent(f"{type_name} version {version} is newer than this program")
    try:
        return msgspec.convert(payload, cls)
    except msgspec.ValidationError as error:
        raise UnknownEvent(f"{type_name} payload does not fit: {_said(error)}") from None


def from_json(type_name: str, version: int, text: str) -> Event:
    """Rebuild an event from its stored JSON payload (the fast path of replay)."""
    if type_name in ALIASES:
        return _from_alias(type_name, msgspec.json.decode(text))
    cls = _class(type_name)
    if version != cls.VERSION:
        return from_payload(type_name, version, msgspec.json.decode(text))
    decoder = _DECODERS.get(type_name)
    if decoder is None:
        decoder = _DECODERS[type_name] = msgspec.json.Decoder(cls)
    try:
        result: Event = decoder.decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise UnknownEvent(f"{type_name} payload does not fit: {_said(error)}") from None
    return result
