"""Every field of an exported line, changed as an attacker would, given to `companion import`
(issue 22, "Done when"): the action numbers, types, versions, every payload field and its
type, created_at, the hashes and the end record, set to a hostile value, dropped, or with an
unknown field beside it; with the chain forged again over the change (the chain is no
secret) or left as it was. The import answers within the bound with exit status 0 or 2, never
a traceback; a refusal leaves the database as it was, and a night it takes verifies and reads
(tests/hostile.py holds the promises). A fixed table of cases always runs; hypothesis
searches on (-m properties, the explore profile)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli import companion
from tests.damage import chained
from tests.hostile import At, Call, a_place, answered, played_place
from tests.hostile_values import (
    LONG_WORDS,
    Path_,
    changed,
)

Line = dict[str, Any]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_place(tmp_path_factory.mktemp("hostile-import"))


@pytest.fixture(scope="module")
def exported(template: Path) -> list[Line]:
    """The lines of night 1's export (a whole night: a payment, an expense, a game, a join
    undone and redone, a correction, carried over), its end record last."""
    done = companion(template / "table.db", "export", "--night", "1")
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def forged_again(lines: list[Line]) -> list[Line]:
    """The rows' chain computed again over whatever they now say, and an end record that fits,
    where the rows can be hashed at all (else as they are)."""
    end = [line for line in lines if isinstance(line, dict) and "end" in line]
    rows = [line for line in lines if line not in end]
    try:
        again = chained(rows)
    except Exception:  # a field no hash takes (a lone surrogate, a number past 64 bits)
        return lines
    return again if end else again[:-1]


def export_text(lines: list[Line]) -> bytes:
    return "".join(json.dumps(line) + "\n" for line in lines).encode("utf-8", "surrogatepass")


def forged_change(lines: list[Line], index: int, path: Path_, change: str, value: Any,
                  forge: bool) -> bytes:
    """The export with one field of line `index` changed, its chain forged again or not."""
    index %= len(lines)
    line = changed(lines[index], path, change, value)
    edited = [*lines[:index], line, *lines[index + 1:]]
    if forge and "end" not in lines[index]:
        edited = forged_again(edited)
    return export_text(edited)


def imported(template: Path, export: bytes, into: str = "new.db") -> None:
    """`import -` of `export` into a new database (or the played one), held to every
    promise; a night it takes must verify and read."""
    with a_place(template, export) as folder:
        done = answered(folder, Call(("import", "-"), export, At(into)))
        if done.returncode == 0:
            db = folder / into
            for args in (("verify",), ("nights",), ("settle", "--open")):
                after = answered(folder, Call(args, db=At(into)))
                assert after.returncode == 0 and "broken" not in after.stdout + after.stderr, (
                    f"{args} after an import that was taken: {after.stdout[-500:]}"
                    f"{after.stderr[-500:]}")
            assert db.exists()


# --- what was found, as stories (each failed before its fix) ----------------------------------

def test_a_long_text_where_a_cards_slot_belongs_is_quoted_by_its_start(
        template: Path, exported: list[Line]) -> None:
    assert exported[12]["type"] == "CardDealt"
    export = forged_change(exported, 12, ("payload", "slot"), "set", LONG_WORDS, True)
    with a_place(template, export) as folder:  # was: the 100,000 characters whole (no one
        done = answered(folder, Call(("import", "-"), export, At("new.db")))  # word too long)
    assert done.returncode == 2
    assert "Invalid enum value 'x x x x x x x x x x x x x x x x x x x x …' (100,000 characters)" \
        in done.stderr
