"""Where the default database lives: the user's data folder, or $TABLE_COMPANION_DB."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "table-companion"


def default_db() -> Path:
    override = os.environ.get("TABLE_COMPANION_DB")
    if override:
        return Path(override)
    return platformdirs.user_data_path(APP_NAME) / "companion.db"
