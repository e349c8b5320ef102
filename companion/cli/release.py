"""Which release of the companion this is, for `companion --version`."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "table-companion"
# Run from a clone without installing it, the packages sit beside the project's file.
PROJECT_FILE = Path(__file__).resolve().parents[2] / "pyproject.toml"


def version() -> str:
    """The installed distribution's version; in a clone that is not installed, the one its
    pyproject.toml names; otherwise a word saying it is unknown."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:
        project = tomllib.loads(PROJECT_FILE.read_text(encoding="utf-8"))["project"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown (not installed)"
    if project.get("name") == DISTRIBUTION and isinstance(project.get("version"), str):
        return str(project["version"])
    return "unknown (not installed)"
