"""What can go wrong with the database file, each as one sentence for the dealer: the
errors of the store, and SQLite's and the OS's errors turned into them."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from events.codec import MAX_INTEGER


class StoreError(Exception):
    """A problem with the database file, as one sentence for the dealer."""


class ReadOnlyStorage(StoreError):
    """The database is on storage that cannot be written: it can be read, not written."""


class DiskFull(StoreError):
    """The disk holding the database is full: it may still be read, nothing is written."""


FULL_BELOW = 1 << 20  # bytes free on a disk that SQLite finds it cannot write to: full


def _disk_full(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.absolute().parent).free < FULL_BELOW
    except OSError:
        return False


def _full(path: Path) -> DiskFull:
    return DiskFull(f"The disk holding {path} is full: nothing was recorded; free some space "
                    "(or copy the database to another disk) and try again.")


def _io_trouble(path: Path) -> StoreError:
    """SQLite's "disk I/O error" in words: most often a full disk (the -wal or -shm file
    beside the database cannot grow), else a failing or vanished one."""
    if _disk_full(path):
        return _full(path)
    return StoreError(f"The disk holding {path} failed to read or write it: nothing was "
                      "recorded; check the disk, or copy the database to a sound one and use "
                      "the copy.")


READ_ONLY_STORAGE = ("{path} is on storage that cannot be written (a read-only folder, disc or "
                     "share): it can be read (state, log, settle, export), but nothing can be "
                     "recorded there; copy it somewhere writable to go on.")


def writable(path: Path) -> bool:
    """Whether the database file and its folder (where SQLite keeps its -wal and -shm files)
    can be written."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


@contextmanager
def sentences(path: Path) -> Iterator[None]:
    """Turn SQLite's and the OS's errors into one clear sentence each."""
    try:
        yield
    except sqlite3.Error as error:
        text = str(error).lower()
        if "not a database" in text or "malformed" in text or "file is encrypted" in text:
            raise StoreError(f"{path} is not a table companion database: the file is not a "
                             "readable SQLite log; give --db the companion's database, or a "
                             "copy of it if this one was damaged.") from None
        if "locked" in text or "busy" in text:
            raise StoreError(f"The database {path} is locked by another program; nothing was "
                             "recorded; try again in a moment.") from None
        if "full" in text:
            raise DiskFull(f"The disk holding {path} is full: nothing was recorded; free some "
                           "space and enter the action again.") from None
        if "disk i/o error" in text:
            raise _io_trouble(path) from None
        if "readonly" in text or "read-only" in text:
            raise StoreError(f"{path} cannot be written (read-only file or folder): nothing "
                             "was recorded.") from None
        if "append-only" in text:
            raise StoreError("The event log is append-only: rows cannot be changed or "
                             "deleted.") from None
        if "unable to open" in text:
            raise StoreError(f"Cannot open the database {path}: check the path and its "
                             "folder's permissions.") from None
        raise StoreError(f"The database {path} reported an error: {error}.") from None
    except OverflowError:
        raise StoreError(f"A number asked of the database {path} is bigger than any it holds "
                         f"(at most {MAX_INTEGER:,}).") from None
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise _full(path) from None
        raise StoreError(f"Cannot use the database {path}: {error.strerror or error}.") from None
