"""Every file the companion writes (each --out, the screen's saves) is written whole or not
at all: into a new file beside it in the same folder, flushed to the disk, then renamed over
it. A full disk, a crash or a kill midway leaves neither an empty or half-written file nor a
harmed one where the new one was to go: the rename is the one step that cannot half happen.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path


def write_whole(path: Path, document: str | bytes) -> None:
    """`document` (text as UTF-8) as the whole content of the file `path`; OSError when it
    cannot be, with nothing written and the file that was there as it was."""
    data = document.encode("utf-8") if isinstance(document, str) else document
    # Through a link to the file it names, so the link stays a link.
    target = Path(os.path.realpath(path))
    try:
        kept = target.stat()
    except FileNotFoundError:
        kept = None
    if kept is not None and not stat.S_ISREG(kept.st_mode):
        _write_special(target, data)  # a terminal, a pipe, /dev/null: no file to keep
        return
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.part")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            if kept is not None:
                os.fchmod(fd, stat.S_IMODE(kept.st_mode))
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _sync_folder(target.parent)


def _write_special(target: Path, data: bytes) -> None:
    """`data` into a device or a pipe. A pipe is opened without waiting: one that nothing
    reads fails at once (ENXIO) instead of holding the companion until something does."""
    fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
    try:
        os.set_blocking(fd, True)  # from here on as any write: the reader takes its time
        with os.fdopen(fd, "wb", closefd=False) as special:
            special.write(data)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """The rename on the disk too (a folder that cannot be opened to sync: as it is)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def why_not_written(error: OSError) -> str:
    """Why a file could not be written, in words, with what to do where there is something."""
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full (free some space, or write it to another disk)"
    if error.errno == errno.EROFS:
        return "the disk cannot be written (write it to another disk)"
    if error.errno in (errno.EACCES, errno.EPERM):
        return "there is no permission to write there"
    if error.errno == errno.ENOENT:
        return "its folder does not exist"
    if error.errno == errno.EISDIR:
        return "it is a folder"
    if error.errno == errno.ENXIO:
        return "nothing reads from that pipe (start the program that reads it first)"
    return str(error.strerror or error)
