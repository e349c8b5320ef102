"""Busfahrer lives in its two rooms (issue 25): nothing of the program outside
`engine/games/busfahrer/` and `screens/games/busfahrer/` names it; the tests, the docs, the
README and the one entry-point line in pyproject.toml may."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
ITS_ROOMS = (ROOT / "engine" / "games" / "busfahrer", ROOT / "screens" / "games" / "busfahrer")
PROGRAM = ("engine", "events", "companion", "screens", "bench", "seeds")
SKIPPED = {"__pycache__", ".cache"}


def _program_files() -> list[Path]:
    return [path for folder in PROGRAM for path in sorted((ROOT / folder).rglob("*"))
            if path.is_file() and not SKIPPED & set(path.parts)
            and not any(room in path.parents for room in ITS_ROOMS)]


def test_nothing_outside_its_two_rooms_names_busfahrer() -> None:
    files = _program_files()
    assert len(files) > 100  # the program, not an empty folder
    naming = [str(path.relative_to(ROOT)) for path in files
              if b"busfahrer" in path.read_bytes().lower()]
    assert naming == []


def test_pyproject_names_it_once_as_its_entry_point() -> None:
    lines = [line for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
             if "busfahrer" in line.lower()]
    assert lines == ['busfahrer = "engine.games.busfahrer:GAME"'], lines
