"""Every handler of our screens and widgets runs guarded: an unexpected error inside one is
reported to the app as a message (which logs it and says one sentence) instead of ending
the app with a traceback. Textual ends the app on any error that escapes a handler and
offers no public hook to keep going, so the guard sits around our own handlers."""

from __future__ import annotations

import functools
import inspect
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from textual.message import Message
from textual.message_pump import MessagePump

HANDLER_PREFIXES = ("on_", "action_", "key_", "watch_", "_on_")
F = TypeVar("F", bound=Callable[..., Any])
GUARDED: weakref.WeakSet[Callable[..., Any]] = weakref.WeakSet()  # the wrappers made here


@dataclass
class InternalError(Message):
    """An error no handler expected; the app records it and tells the dealer."""

    error: Exception


def _wrap(function: F, pump_of: Callable[[tuple[Any, ...]], MessagePump]) -> F:
    """`function` with an unexpected error reported through the pump `pump_of(args)`."""
    if function in GUARDED:
        return function
    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            try:
                return await function(*args, **kwargs)
            except Exception as error:
                pump_of(args).app.post_message(InternalError(error))
                return None
        wrapper: Any = run_async
    else:
        @functools.wraps(function)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except Exception as error:
                pump_of(args).app.post_message(InternalError(error))
                return None
        wrapper = run
    GUARDED.add(wrapper)
    return wrapper  # type: ignore[no-any-return]


def guarded(method: F) -> F:
    """A method of a screen or widget (a callback a dialog calls back) run guarded."""
    return _wrap(method, lambda args: args[0])


class Guarded:
    """Mixin for our screens and widgets: their handlers and actions run guarded, and
    `guard` does the same for a callback that is not a method."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):
            if inspect.isfunction(value) and name.startswith(HANDLER_PREFIXES):
                setattr(cls, name, guarded(value))

    def guard(self, callback: F) -> F:
        """`callback` run guarded, its errors reported through this screen or widget."""
        pump: MessagePump = self  # type: ignore[assignment]
        return _wrap(callback, lambda args: pump)
