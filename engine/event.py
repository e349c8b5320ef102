"""Domain events: frozen dataclasses with a registered name and a schema version.

Events are the facts the log stores. Each class registers under its name so the log can
turn a row back into the same event; `VERSION` is the schema version written with it,
and `upcast` is where an older payload would be brought up to date.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

E = TypeVar("E", bound="Event")


class Event:
    """Base of every domain event."""

    VERSION: ClassVar[int] = 1
    _tuple_fields: ClassVar[tuple[str, ...]] = ()
    _field_names: ClassVar[tuple[str, ...]] = ()

    def to_payload(self) -> dict[str, Any]:
        """The event's fields as JSON-ready values."""
        payload: dict[str, Any] = {}
        for name in self._field_names:
            value = getattr(self, name)
            payload[name] = list(value) if isinstance(value, tuple) else value
        return payload


REGISTRY: dict[str, type[Event]] = {}
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def event(cls: type[E]) -> type[E]:
    """Register a frozen dataclass as an event type under its class name."""
    if cls.__name__ in REGISTRY:
        raise ValueError(f"event type {cls.__name__} registered twice")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    cls._field_names = tuple(f.name for f in fields)
    cls._tuple_fields = tuple(f.name for f in fields if str(f.type).startswith("tuple"))
    REGISTRY[cls.__name__] = cls
    return cls


class UnknownEvent(ValueError):
    """A row names an event type or version this program does not know."""


def from_payload(type_name: str, version: int, payload: dict[str, Any]) -> Event:
    """Rebuild the event a log row describes."""
    cls = REGISTRY.get(type_name)
    if cls is None:
        raise UnknownEvent(f"unknown event type {type_name!r}")
    while version < cls.VERSION:
        upcast = UPCASTERS.get((type_name, version))
        if upcast is None:
            raise UnknownEvent(f"no upcaster for {type_name} version {version}")
        payload, version = upcast(payload), version + 1
    if version > cls.VERSION:
        raise UnknownEvent(f"{type_name} version {version} is newer than this program")
    for name in cls._tuple_fields:
        value = payload.get(name)
        if isinstance(value, list):
            payload[name] = tuple(tuple(v) if isinstance(v, list) else v for v in value)
    try:
        return cls(**payload)
    except TypeError as error:
        raise UnknownEvent(f"{type_name} payload does not fit: {error}") from None
