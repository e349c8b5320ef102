"""What the screens are handed, safe to draw on a terminal.

The screen writes text to the terminal as it is, so a name with an escape sequence in it
(one a log from before names were checked may hold) would recolour or move what follows.
The controller hands the screens its views, log lines, settlements and records through
`displayed`: every text in them with its control characters and their like escaped
(engine/text.py `shown`). Names of today's nights never hold one, and come back as the very
same objects, at the cost of a look.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

import msgspec

from engine.table import NightState
from engine.text import shown

T = TypeVar("T")


def displayed(value: T) -> T:
    """`value` with every text in it (at any depth: fields, dict keys, lists) as `shown` has
    it; `value` itself when nothing in it needs an escape."""
    result: T = _displayed(value)
    return result


def table_displayed(view: T, state: NightState) -> T:
    """The view of a table as `displayed` has it: looked through only when one of the
    table's own texts (a name, the night's, the currency, an expense's) needs an escape,
    which a night of today never does; every other text of a view comes from the program."""
    texts = [state.name or "", state.currency or "", *(p.name for p in state.players),
             *(cost.what for cost in state.expenses)]
    return view if all(text.isprintable() for text in texts) else displayed(view)


def _displayed(value: Any) -> Any:
    if isinstance(value, str):
        escaped = shown(value)
        return value if escaped == value else escaped
    if isinstance(value, dict):
        items = [(_displayed(key), _displayed(item)) for key, item in value.items()]
        if all(new[0] is key and new[1] is item
               for new, (key, item) in zip(items, value.items(), strict=True)):
            return value
        return dict(items)
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        shown_items = [_displayed(item) for item in value]
        if all(new is old for new, old in zip(shown_items, value, strict=True)):
            return value
        return type(value)(shown_items)
    if isinstance(value, msgspec.Struct):
        return _replaced(value, value.__struct_fields__, msgspec.structs.replace)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _replaced(value, tuple(f.name for f in dataclasses.fields(value)),
                         dataclasses.replace)
    return value


def _replaced(value: Any, fields: tuple[str, ...], replace: Any) -> Any:
    changes = {}
    for name in fields:
        old = getattr(value, name)
        new = _displayed(old)
        if new is not old:
            changes[name] = new
    return replace(value, **changes) if changes else value
