"""`companion import` holds the edge: a file is checked exactly as `verify` checks a stored
night (the chain, the actions in order, each action whole, every field's type and range),
then decoded strictly (no field the program does not know) and replayed by the rules; it is
read as it goes, never held whole, and no bigger than a stated limit. Whatever it refuses
leaves nothing in the database.

The exports here are forged as an attacker would: changed, then every hash computed again
(the chain is no secret), so only these checks stand between them and the database.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from events.transfer import MAX_IMPORT_BYTES
from tests.cli import companion, play
from tests.damage import exported_rows, forged
from tests.test_log_integrity import WHOLE_TURN

Rows = list[dict[str, Any]]


@pytest.fixture
def export(tmp_path: Path) -> Rows:
    """The rows of a whole turn's export (7 actions)."""
    db = tmp_path / "played.db"
    play(db, *WHOLE_TURN)
    done = companion(db, "export")
    assert done.returncode == 0, done.stderr
    return exported_rows(done.stdout)


def _renumbered(rows: Rows, numbers: Callable[[int], Any]) -> Rows:
    return [{**row, "action": numbers(row["action"])} for row in rows]


def _changed(index: int, **fields: Any) -> Callable[[Rows], Rows]:
    def change(rows: Rows) -> Rows:
        at = index % len(rows)
        return [*rows[:at], {**rows[at], **fields}, *rows[at + 1:]]
    return change


def _with_payload(index: int, **fields: Any) -> Callable[[Rows], Rows]:
    def change(rows: Rows) -> Rows:
        at = index % len(rows)
        return _changed(at, payload={**rows[at]["payload"], **fields})(rows)
    return change


FORGERIES: dict[str, tuple[Callable[[Rows], Rows], str]] = {
    "action numbers beyond SQLite's range": (
        lambda rows: _renumbered(rows, lambda n: n + 2**63 - 1), "action"),
    "an action number too big for JSON's whole numbers here": (
        _changed(-1, action=2**64 - 1), "action"),
    "a gap in the action numbers": (
        lambda rows: _renumbered(rows, lambda n: n if n < 4 else n + 1), "does not follow"),
    "actions numbered from zero": (
        lambda rows: _renumbered(rows, lambda n: n - 1), "action"),
    "actions numbered below zero": (
        lambda rows: _renumbered(rows, lambda n: n - 5), "action"),
    "an action of 1.7": (_changed(2, action=1.7), "whole number"),
    "an action as text": (_changed(2, action="2"), "whole number"),
    "a version of true": (_changed(1, version=True), "whole number"),
    "a type that is a number": (_changed(1, type=7), "text"),
    "a created_at that is no date": (_changed(0, created_at="yesterday"), "date"),
    "a created_at of 500,000 characters": (
        lambda rows: [{**row, "created_at": "2026-01-01T20:00:00+00:00" + " " * 500_000}
                      if row["action"] == 1 else row for row in rows], "date"),
    "a payload that is text": (_changed(1, payload="NightStarted"), "object"),
    "an event with a field the program does not know": (
        _with_payload(-1, note="paid in cash"), "note"),
    "a record with a field the program does not know": (
        _with_payload(0, note="paid in cash"), "note"),
    "an action whose rows are fewer than it counts": (
        lambda rows: rows[:-1], "rows"),
    "an unknown row type": (_changed(-1, type="ChipsPrinted"), "ChipsPrinted"),
}


@pytest.mark.parametrize("case", list(FORGERIES))
def test_a_forged_export_is_refused_and_leaves_nothing(tmp_path: Path, export: Rows,
                                                       case: str) -> None:
    forge, word = FORGERIES[case]
    db = tmp_path / "table.db"
    done = companion(db, "import", "-", stdin=forged(forge(export)))
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Import refused: "), done.stderr
    assert word.lower() in lines[0].lower(), lines[0]
    assert len(lines[0]) < 400, "the refusal quotes a short start of a long value"
    assert "Traceback" not in done.stderr and "Something went wrong" not in done.stderr
    nights = companion(db, "nights")
    assert nights.returncode == 0, nights.stderr
    assert nights.stdout.startswith("No nights yet")
    assert companion(db, "verify").returncode == 0


def test_an_honest_export_still_imports(tmp_path: Path, export: Rows) -> None:
    db = tmp_path / "table.db"
    done = companion(db, "import", "-", stdin=forged(export))
    assert done.returncode == 0, done.stderr
    assert companion(db, "verify").returncode == 0
    assert companion(db, "nights").returncode == 0


def test_a_file_over_the_limit_is_refused_saying_the_limit(tmp_path: Path,
                                                           export: Rows) -> None:
    """A whole, valid export made bigger than the limit by lines of spaces (which an
    import skips): the size alone refuses it, as it is read."""
    lines = forged(export).splitlines()
    blank = " " * ((1 << 20) - 2)  # a line of spaces, within the bound of one line
    padding = [blank] * (MAX_IMPORT_BYTES // len(blank) + 1)
    file = tmp_path / "big.jsonl"
    file.write_text("\n".join([*lines[:-1], *padding, lines[-1]]) + "\n")
    db = tmp_path / "table.db"
    done = companion(db, "import", str(file))
    assert done.returncode == 2, done.stderr
    assert f"{MAX_IMPORT_BYTES // 2**20} MB" in done.stderr
    assert companion(db, "nights").stdout.startswith("No nights yet")


def _peak_memory_mb(*argv: str) -> tuple[float, int, str]:
    """`python -m companion ARGV` run alone under a small parent: its peak RSS (MB), exit
    status and stderr."""
    probe = ("import json, resource, subprocess, sys; "
             "done = subprocess.run([sys.executable, '-m', 'companion', *sys.argv[1:]], "
             "capture_output=True, text=True); "
             "print(json.dumps([resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
             "done.returncode, done.stderr]))")
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    peak_kb, code, stderr = json.loads(done.stdout)
    return peak_kb / 1024, code, stderr


def test_an_import_reads_its_file_as_it_goes(tmp_path: Path, export: Rows) -> None:
    """A file whose third line breaks the chain, followed by 80 MB of rows: refused at line
    3 without the rest ever being held in memory."""
    lines = forged(export).splitlines()
    row = json.loads(lines[3])
    bulky = json.dumps({**row, "payload": {"note": "x" * 1000}})
    rest = "\n".join([bulky] * (80 * 2**20 // len(bulky)))
    file = tmp_path / "big.jsonl"
    file.write_text("\n".join([lines[0], lines[1], bulky, rest]) + "\n")
    db = tmp_path / "table.db"
    peak, code, stderr = _peak_memory_mb("--db", str(db), "import", str(file))
    assert code == 2, stderr
    assert "line 3" in stderr
    assert 0 < peak < 90, f"the import held {peak:.0f} MB"
