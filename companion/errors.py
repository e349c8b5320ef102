"""Unexpected errors inside the app: the details go to a file beside the database, the
dealer gets one sentence, and the night goes on (the log on disk is never at stake: every
action is committed before the screen shows it)."""

from __future__ import annotations

import traceback
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from companion.paths import APP_NAME


def error_log_path(db: Path) -> Path:
    """Where the details of an unexpected error go: beside the database."""
    return db.with_name(f"{db.stem}.errors.log")


def record_error(db: Path, error: BaseException) -> Path | None:
    """Append the error with its traceback to the error log; the file written, or None when
    no file could be written (a full disk or a read-only folder must not add a second
    failure)."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    details = "".join(traceback.format_exception(error))
    for path in (error_log_path(db), platformdirs.user_log_path(APP_NAME) / "errors.log"):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(f"--- {stamp} ---\n{details}\n")
        except OSError:
            continue
        return path
    return None


def error_sentence(error: BaseException, where: Path | None) -> str:
    """What the dealer reads: what failed, that the log is safe, where the details are."""
    details = f"the details are in {where}" if where else "the details could not be written"
    return (f"Something went wrong inside the companion ({type(error).__name__}); the log on "
            f"disk is safe and nothing recorded was lost; {details}.")
