"""Keys taken in the order they were typed.

The screens' own keys (undo, deal, end the game...) are priority bindings, so a field that
has a use for the same key never swallows them. Textual runs a priority binding the moment
its key reaches the app, while the keys typed just before it may still be on their way:
queued in the focused widget, or bubbling up from it to the app, where an arrow's binding
runs. A dealer's quick ↓ ctrl+d would deal the game before the arrow; `kd` ctrl+z would
undo the action before the card. `after_typed_keys` lets the action follow those keys,
queue by queue, twice over: once behind the keys, once behind what they set off (the
entry a card's last key makes, handled by the screen).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.dom import DOMNode
from textual.message_pump import MessagePump

ROUNDS = 2


def after_typed_keys(start: DOMNode, callback: Callable[[], Awaitable[object] | object]) -> None:
    """Run `callback` in the app once everything queued along the way from `start` (the
    focused widget) up to the app has been handled."""
    path: list[MessagePump] = [*start.ancestors_with_self] * ROUNDS

    def hop(step: int) -> None:
        if step < len(path):
            path[step].call_later(hop, step + 1)
        else:
            path[-1].call_later(callback)

    hop(0)
