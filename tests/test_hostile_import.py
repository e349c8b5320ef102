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
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.cli import companion
from tests.damage import chained
from tests.hostile import At, Call, a_place, answered, played_place
from tests.hostile_values import (
    JSON,
    JSON_VALUES,
    LONG,
    LONG_WORDS,
    Path_,
    changed,
    nested,
)
from tests.hypo import examples

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


# --- the fixed table: each field of each kind of line ------------------------------------------

# (line, field path) in night 1's export: a record, each kind of event, the end record
FIELDS: list[tuple[int, Path_]] = [
    (0, ("action",)), (0, ("type",)), (0, ("version",)), (0, ("payload",)),
    (0, ("created_at",)), (0, ("prev_hash",)), (0, ("hash",)), (0, ("payload", "rows")),
    (0, ("payload", "command")), (0, ("payload", "command", "players")),
    (0, ("payload", "command", "players", 0)), (0, ("payload", "command", "chips")),
    (0, ("payload", "command", "chip_value")), (0, ("payload", "command", "cmd")),
    (1, ("payload", "players")), (1, ("payload", "rules")), (1, ("payload", "chip_value")),
    (3, ("payload", "iban")), (5, ("payload", "shares")), (5, ("payload", "cents")),
    (7, ("payload", "options", "stake")), (7, ("payload", "game")),
    (9, ("payload", "amount")), (12, ("payload", "card")), (12, ("payload", "slot")),
    (18, ("payload", "amount")), (26, ("payload", "player")), (27, ("payload", "action")),
    (29, ("payload", "command")), (29, ("payload", "action")), (31, ("type",)),
    (-1, ("end",)), (-1, ("end", "rows")), (-1, ("end", "actions")),
    (-1, ("end", "fingerprint"))]
VALUES: tuple[Any, ...] = (-1, 0, 2**63, 10**400, 1.7, True, None, "", LONG, LONG_WORDS,
                           "\x1b[2J", "\ud800", [], {}, nested(40))


def _cases() -> list[tuple[int, Path_, str, Any, bool]]:
    # each field one value, the values taken in turn: each is given to some field
    cases = [(line, path, "set", VALUES[number % len(VALUES)], True)
             for number, (line, path) in enumerate(FIELDS)]
    cases += [(line, path, "drop", None, True) for line, path in FIELDS[::4]]
    cases += [(line, ("payload",), "add", "smuggled", True) for line in (0, 1, 5, 27)]
    cases += [(line, path, "set", 7, False) for line, path in FIELDS[:6]]
    return cases


CASES = _cases()


@pytest.mark.parametrize(("line", "path", "change", "value", "forge"), CASES,
                         ids=[f"{index}-{case[0]}-{'.'.join(map(str, case[1]))}-{case[2]}"
                              for index, case in enumerate(CASES)])
def test_a_changed_field_of_an_export_is_refused_in_a_sentence_and_leaves_nothing(
        template: Path, exported: list[Line], line: int, path: Path_, change: str,
        value: Any, forge: bool) -> None:
    imported(template, forged_change(exported, line, path, change, value, forge))


@pytest.mark.parametrize("how", ["whole", "into its own database", "twice", "reversed",
                                 "without its end", "a row twice", "with a BOM and CRLF"])
def test_an_export_shuffled_or_repeated_is_taken_whole_or_refused(
        template: Path, exported: list[Line], how: str) -> None:
    text = export_text(exported)
    if how == "twice":
        text += text
    elif how == "reversed":
        text = export_text(exported[::-1])
    elif how == "without its end":
        text = export_text(exported[:-1])
    elif how == "a row twice":
        text = export_text([*exported[:5], exported[4], *exported[5:]])
    elif how == "with a BOM and CRLF":
        text = b"\xef\xbb\xbf" + text.replace(b"\n", b"\r\n")
    imported(template, text, "table.db" if how == "into its own database" else "new.db")


# --- the search ---------------------------------------------------------------------------------

def walked(value: Any, steps: tuple[int, ...]) -> Path_:
    """A field's path in `value`, each step choosing among the keys (or items) where it is,
    as far as the steps go or the value nests."""
    path: Path_ = ()
    for step in steps:
        keys: list[str | int] = list(value) if isinstance(value, dict) else \
            list(range(len(value))) if isinstance(value, list) else []
        if not keys:
            break
        key = keys[step % len(keys)]
        path, value = (*path, key), value[key]
    return path


# (line, the steps to a field, set / drop / add, the value, whether the chain is forged again)
Change = tuple[int, tuple[int, ...], str, Any, bool]
CHANGES = st.tuples(st.integers(0, 40), st.lists(st.integers(0, 9), max_size=5).map(tuple),
                    st.sampled_from(["set", "set", "drop", "add"]),
                    st.one_of(st.sampled_from(JSON_VALUES), JSON), st.booleans())


@pytest.mark.properties
@settings(max_examples=examples(20, long=2000), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(change=CHANGES, into=st.sampled_from(["new.db", "new.db", "table.db"]))
# What the search found (told as a story below): a CardDealt's slot, 100,000 characters long
@example(change=(12, (3, 2), "set", LONG_WORDS, True), into="new.db")
def test_any_field_of_an_export_changed_is_taken_whole_or_refused_in_a_sentence(
        template: Path, exported: list[Line], change: Change, into: str) -> None:
    index, steps, how, value, forge = change
    line = exported[index % len(exported)]
    imported(template, forged_change(exported, index, walked(line, steps), how, value, forge),
             into)


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
