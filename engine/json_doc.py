"""A JSON document as the contract hands it out and the log stores it: what `as_json` gives,
an event's payload, the night's view and expectation. Values are what JSON can hold, so a
reader narrows a value before it uses it, as it would read any document from outside."""

from __future__ import annotations

from typing import TypeAlias

Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None
JsonDoc: TypeAlias = dict[str, Json]
