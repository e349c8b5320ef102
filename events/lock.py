"""One writer per night: an advisory lock file beside the database while a window writes.

flock is released by the kernel when the holder dies, so a crash or SIGKILL never leaves a
night locked. The holder removes the file when it lets go, so lock files do not pile up
beside the database; a file left by a killed writer is taken over by the next one.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path


class NightLock:
    """The right to append to one night of one database."""

    def __init__(self, db_path: Path, night: int) -> None:
        # Resolved, so a symlink or a relative path to the same file meets the same lock.
        db_path = db_path.resolve()
        self.path = db_path.with_name(f"{db_path.name}.night-{night}.lock")
        self._fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; False when another window writes this night."""
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return False
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return False
            # The holder before us may have removed the file between our open and our
            # flock: then we hold a lock on a file nobody else can find. Try again.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except OSError:
                same = False
            if same:
                self._fd = fd
                return True
            os.close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            # Removed while still held, so nobody can lock the file we are letting go of
            # and believe it is the night's lock.
            with contextlib.suppress(OSError):  # a read-only folder: the file stays
                self.path.unlink(missing_ok=True)
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
