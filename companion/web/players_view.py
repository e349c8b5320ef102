"""The players' view beside the dealer's screen: `companion serve` started as a process of its
own on the same database, so serving thirty phones never slows a key at the table, and
stopped when the companion closes."""

from __future__ import annotations

import contextlib
import selectors
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

START_TIMEOUT_S = 15.0


class ServeProblem(Exception):
    """The players' view could not be started, as one sentence."""


class PlayersView:
    """At most one server for the database, started on the first ask."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.process: subprocess.Popen[bytes] | None = None
        self.address: str | None = None
        self.said: IO[bytes] | None = None

    def start(self) -> str:
        """The players' address (the token in it); the server is started if it is not
        running. ServeProblem when it cannot be."""
        if self.process is not None and self.process.poll() is None and self.address:
            return self.address
        self.stop()
        # Its sentence, should it not start, comes on stderr: a file, as a pipe nobody reads
        # any more could fill and stop the server later.
        self.said = tempfile.TemporaryFile()  # noqa: SIM115 - as long as the server lives
        # Its stdin is a pipe this process holds: however the companion ends (closed,
        # killed, crashed), the pipe closes and the server stops with it.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "--db", str(self.db), "serve", "--with-parent"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.said,
            start_new_session=True)  # a ctrl+c at the table is the dealer's, not its
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as waiting:
            waiting.register(self.process.stdout, selectors.EVENT_READ)
            ready = waiting.select(START_TIMEOUT_S)
        line = self.process.stdout.readline().decode("utf-8", "replace").strip() if ready else ""
        if not line.startswith("http"):
            said = ""
            if ready:  # its output ended: it is on its way out, with its reason on stderr
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=5)
            if self.process.poll() is not None and self.said is not None:
                self.said.seek(0)
                said = self.said.read().decode("utf-8", "replace").strip()
            self.stop()
            raise ServeProblem(said or "The players' view did not start in time.")
        self.address = line
        return line

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.stdin is not None:
            self.process.stdin.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        if self.said is not None:
            self.said.close()
        self.process, self.address, self.said = None, None, None
