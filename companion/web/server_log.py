"""What the players' server writes down, in `<database>.serve.log` beside the database.

Anyone on the local network can send it requests, so what a stranger causes is one line
each (a refused request, a connection turned away, a complaint of aiohttp's or asyncio's):
no traceback, no header, never the token (the first segment of a path, where the token goes,
and any query are shown as "…"; a line that still holds the token has it blotted out), and
at most PER_MINUTE lines a minute. Only an error in the server's own code is written with
its details. The file is opened once, when the server starts, and kept: a server out of
file handles can still say so; it is rotated at MAX_BYTES with one older file kept.
A file of its own, so strangers can never rotate the dealer's own error details away.
"""

from __future__ import annotations

import asyncio
import logging
import logging.handlers
import re
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs

from companion.paths import APP_NAME

PER_MINUTE = 60
MAX_BYTES = 256 * 1024
OLDER_FILES = 1
SHOWN_CHARS = 160  # of a line about a request: a path cannot make a line long
LIBRARIES = ("aiohttp", "asyncio")


def serve_log_path(db: Path) -> Path:
    """Where the players' server writes: beside the database."""
    return db.with_name(f"{db.stem}.serve.log")


def shown_path(raw: str) -> str:
    """A request's path as the log shows it: the first segment and any query as "…",
    anything unprintable escaped."""
    path, query, _ = raw.partition("?")
    segments = path.split("/")
    if len(segments) > 1 and segments[1]:
        segments[1] = "…"
    return printable("/".join(segments) + ("?…" if query else ""))


def printable(text: str) -> str:
    """`text` with control and invisible characters escaped, on one line."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


class _KeepGoing(logging.handlers.RotatingFileHandler):
    def handleError(self, record: logging.LogRecord) -> None:
        # A full disk, or no file handle left to rotate with: the line is lost, the server
        # goes on, and nothing is printed over the dealer's screen.
        return


class ServerLog:
    """The players' server's log: `refused` lines, rate-limited; `error` with details."""

    def __init__(self, path: Path, *, per_minute: int = PER_MINUTE,
                 max_bytes: int = MAX_BYTES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._window = clock()
        self._lines = 0
        self._held = 0
        self._secrets: list[re.Pattern[str]] = []
        self._logger = logging.Logger("companion.web.serve")
        self.path = self._open(path, max_bytes)

    def _open(self, path: Path, max_bytes: int) -> Path | None:
        """The file written: beside the database, else the user's log folder, else none (a
        read-only folder must not stop the players' view)."""
        for candidate in (path, platformdirs.user_log_path(APP_NAME) / "serve.log"):
            try:
                candidate.parent.mkdir(parents=True, exist_ok=True)
                handler = _KeepGoing(candidate, maxBytes=max_bytes, backupCount=OLDER_FILES,
                                     encoding="utf-8")
            except OSError:
                continue
            handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
            self._logger.addHandler(handler)
            return candidate
        return None

    def keep_secret(self, secret: str) -> None:
        """Never write `secret` (in any case), whatever a line would hold."""
        self._secrets.append(re.compile(re.escape(secret), re.IGNORECASE))

    def refused(self, line: str) -> None:
        """One line about what a stranger sent, unless PER_MINUTE were written within the
        minute; then one line that more are not written, and later how many were not."""
        now = self._clock()
        if now - self._window >= 60:
            self._tell_held()
            self._window, self._lines = now, 0
        if self._lines < self.per_minute:
            self._lines += 1
            self._write(line[:SHOWN_CHARS])
            return
        if not self._held:
            self._write(f"… more refused requests not logged this minute (at most "
                        f"{self.per_minute} lines a minute)")
        self._held += 1

    def error(self, what: str, error: BaseException) -> None:
        """An error in the server's own code, with its traceback."""
        details = "".join(traceback.format_exception(error)).rstrip()
        self._write(f"error: {what}\n{details}")

    def _tell_held(self) -> None:
        if self._held:
            self._write(f"… {self._held} more refused requests were not logged in that minute")
            self._held = 0

    def _write(self, text: str) -> None:
        for secret in self._secrets:
            text = secret.sub("…", text)
        self._logger.warning(text)

    # --- what the libraries have to say ---------------------------------------------------

    def take_over(self, loop: asyncio.AbstractEventLoop) -> None:
        """aiohttp's and asyncio's own messages (a request it could not read, a connection
        it could not accept) become refused lines here, and nothing they say is printed."""
        handler = _OneLine(self)
        for name in LIBRARIES:
            logger = logging.getLogger(name)
            logger.handlers = [handler]
            logger.propagate = False
            logger.setLevel(logging.WARNING)
        loop.set_exception_handler(self._loop_problem)

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        # The loop's own handler logs with a traceback, and a handler that raised here once
        # took the server down (out of file handles, it could not open the log).
        error = context.get("exception")
        said = f" ({type(error).__name__}: {error})" if error is not None else ""
        self.refused(printable(f"the server: {context.get('message', 'a problem')}{said}"))

    def close(self) -> None:
        self._tell_held()
        for handler in list(self._logger.handlers):
            self._logger.removeHandler(handler)
            handler.close()
        for name in LIBRARIES:
            logger = logging.getLogger(name)
            logger.handlers = [h for h in logger.handlers if not isinstance(h, _OneLine)]


class _OneLine(logging.Handler):
    """A library's record as one line of the server's log, its exception named, not traced."""

    def __init__(self, log: ServerLog) -> None:
        super().__init__()
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = f"{record.name}: {record.getMessage()}"
        except Exception:  # a message that cannot be formatted is still one line
            text = f"{record.name}: {record.msg!r}"
        if record.exc_info and record.exc_info[0] is not None:
            text += f" ({record.exc_info[0].__name__})"
        self.log.refused(printable(text))
