"""Games from outside the companion, installed for the tests that play them.

Each folder of `tests/plugins/` is a distribution of its own, as a game from anyone else
would be: its packages and a pyproject.toml whose `[project.entry-points]` line puts it in
the group `table_companion.games`. `install` lays it out as an installer would, once per
version of its source: its packages and a `.dist-info` with its `entry_points.txt` in a
folder of the tests' cache named by the hash of its files. Put on `sys.path` and in
PYTHONPATH (for the CLI's processes), that folder is where `importlib.metadata` finds the game
and Python its packages; the developer's environment is never touched. Written here rather
than run through pip: pip would build a wheel (seconds, and setuptools in the environment
or from the network) for what is a copy and three small files.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

PLUGINS = Path(__file__).parent / "plugins"
SKIPPED = ("__pycache__", ".pyc")


def distributions() -> tuple[Path, ...]:
    """The folder of each outside distribution the tests have."""
    return tuple(sorted(path.parent for path in PLUGINS.glob("*/pyproject.toml")))


def project(folder: Path) -> dict[str, Any]:
    """The distribution's pyproject.toml."""
    with (folder / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def _files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file()
                  and not any(part.endswith(SKIPPED) or part.startswith(".")
                              for part in path.relative_to(folder).parts))


def fingerprint(folder: Path) -> str:
    """A hash of every file of the distribution's source (an edit installs it afresh)."""
    digest = hashlib.sha256()
    for path in _files(folder):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def install(folder: Path, cache: Path) -> Path:
    """The distribution in `folder` installed under `cache` (once per version of its source):
    the folder to put on the path."""
    target = cache / f"{folder.name}-{fingerprint(folder)}"
    if target.is_dir():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=cache))
    meta = project(folder)
    name, version = meta["project"]["name"], meta["project"]["version"]
    packages: list[str] = meta["tool"]["setuptools"]["packages"]
    for package in packages:
        shutil.copytree(folder / package, building / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    info = building / f"{re.sub(r'[-_.]+', '_', name)}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{point} = {value}\n" for point, value in points.items())
        + "\n" for group, points in meta["project"].get("entry-points", {}).items()),
        encoding="utf-8")
    (info / "top_level.txt").write_text("".join(f"{p}\n" for p in packages), encoding="utf-8")
    (info / "INSTALLER").write_text("tests/outside.py\n", encoding="utf-8")
    try:
        os.rename(building, target)  # whole or not at all; another worker may have won
    except OSError:
        shutil.rmtree(building, ignore_errors=True)
    return target


def games_of(folder: Path) -> tuple[str, ...]:
    """The ids of the games the distribution lists in `table_companion.games`."""
    return tuple(project(folder)["project"].get("entry-points", {})
                 .get("table_companion.games", {}))
