"""Whatever bytes reach `companion exec` (or `import`), the answer is an action or one sentence
with exit status 2 — never exit 1, never a traceback: deep nesting, huge numbers, bad bytes,
endless lines, and anything hypothesis finds."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.cli import main
from events.lines import MAX_DEPTH, MAX_LINE_BYTES, LineProblem, decode_line
from tests.cli import companion
from tests.hypo import examples

START = {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 100}


def _exec_in_process(payload: bytes) -> tuple[int, str]:
    """`companion exec FILE` on a fresh night, run in this process: (exit status, stderr)."""
    with tempfile.TemporaryDirectory() as folder:
        db, commands = Path(folder) / "n.db", Path(folder) / "commands.jsonl"
        commands.write_bytes(json.dumps(START).encode() + b"\n" + payload)
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(["--db", str(db), "exec", str(commands)])
        return status, err.getvalue()


def _answered_with_a_sentence(status: int, stderr: str) -> None:
    assert status in (0, 2), stderr
    if status == 2:
        lines = stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in stderr, stderr


def test_two_thousand_open_brackets_are_refused_with_a_sentence(tmp_path: Path) -> None:
    done = companion(tmp_path / "n.db", "exec", "-", stdin="[" * 2000 + "\n")
    assert done.returncode == 2
    assert done.stderr.strip() == (f"line 1: the line nests more than {MAX_DEPTH} levels of "
                                   'brackets; a command looks like {"cmd": "pass"}.')


def test_a_number_of_five_thousand_digits_is_refused_with_a_sentence(tmp_path: Path) -> None:
    done = companion(tmp_path / "n.db", "exec", "-",
                     stdin='{"cmd":"bet","amount":' + "9" * 5000 + "}\n")
    assert done.returncode == 2
    assert done.stderr.strip() == ("line 1: a number in the line is out of range; amounts are "
                                   "whole numbers of chips.")


def test_an_endless_line_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    done = companion(tmp_path / "n.db", "exec", "-", stdin="x" * (MAX_LINE_BYTES + 10))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"line 1 is longer than {MAX_LINE_BYTES:,} bytes; a line "
                                   "holds one command (or one exported row).")


@pytest.mark.parametrize("line", [b"\xff\xfe{", b'{"cmd": "pass"', b"NaN", b'{"cmd": 1e999}',
                                  b'"\\ud800"', b"[]" * 10, b"\x00"])
def test_bytes_that_are_no_command_are_refused_with_a_sentence(line: bytes) -> None:
    _answered_with_a_sentence(*_exec_in_process(line + b"\n"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=30)
COMMAND_NAMES = st.sampled_from(["bet", "card", "pass", "join", "leave", "start_game",
                                 "correct", "undo", "show", "guess", "declare", "expense"])


@pytest.mark.properties
@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=200))
@example(b"[" * 100)
@example(b'{"cmd":"bet","amount":' + b"9" * 5000 + b"}")
def test_the_decoder_answers_any_bytes_with_a_value_or_a_sentence(data: bytes) -> None:
    try:
        decode_line(data)
    except LineProblem as problem:
        assert str(problem) and "\n" not in str(problem)


@pytest.mark.properties
@settings(max_examples=examples(120), deadline=None)
@given(st.one_of(
    st.binary(max_size=120),
    JSON.map(lambda value: json.dumps(value).encode()),
    st.builds(lambda name, fields: json.dumps({"cmd": name, **fields}).encode(),
              COMMAND_NAMES, st.dictionaries(st.sampled_from(
                  ["amount", "card", "player", "chips", "action", "command", "cards", "value",
                   "choice", "options", "game", "dealer"]), JSON, max_size=3)),
    st.integers(min_value=1, max_value=400).map(lambda depth: b"[" * depth + b"]" * depth)))
def test_exec_answers_any_line_with_an_action_or_one_sentence(line: bytes) -> None:
    _answered_with_a_sentence(*_exec_in_process(line.replace(b"\n", b" ") + b"\n"))
