"""Every command of `companion` and every flag, given what an attacker would type (issue 22,
"Done when"): each call answers within BOUND_S seconds with exit status 0 or 2 (1 only where
`verify` finds a break), never a traceback, and a refusal is one sentence that leaves every
file as it was (tests/hostile.py holds the promises, tests/hostile_values.py the values).
A fixed table of cases always runs; hypothesis searches on from there (-m properties, the
explore profile: `pytest -m properties --hypothesis-profile=explore -n 0
tests/test_hostile_cli.py`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.text import QUOTE_LENGTH
from tests.damage import forge
from tests.hostile import (
    Arg,
    At,
    Call,
    a_place,
    answer,
    answered,
    played_place,
)
from tests.hostile_values import (
    LONG,
    LONG_WORDS,
    json_line,
)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_place(tmp_path_factory.mktemp("hostile"))


NIGHT = json_line({"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 5})


# --- what was found, as stories (each failed before its fix) --------------------------------

@pytest.mark.parametrize("path", [LONG, LONG_WORDS], ids=["one word", "words"])
def test_a_path_of_a_hundred_thousand_characters_is_quoted_by_its_start(
        template: Path, path: str) -> None:
    for call in (Call(("exec", path)), Call(("state",), db=path), Call((), db=path),
                 Call(("export", "--out", path))):
        done = answer(template, call)  # was: the whole path, or exit 1 (File name too long)
        assert done.returncode == 2
        assert f"{path[:QUOTE_LENGTH]}… (100,000 characters)" in done.stderr


def test_a_document_is_never_written_over_the_database(template: Path) -> None:
    with a_place(template) as folder:
        for out in ("table.db", "table.db-wal"):  # was: the export replaced the log
            done = answered(folder, Call(("export", "--out", At(out))))
            assert done.returncode == 2
            assert "is the database the nights are kept in" in done.stderr
        assert answered(folder, Call(("verify",))).returncode == 0


def test_a_document_for_a_pipe_that_nothing_reads_is_refused_not_waited_for(
        template: Path) -> None:
    done = answer(template, Call(("settle", "--out", At("pipe"))))  # was: waited until killed
    assert done.returncode == 2
    assert "nothing reads from that pipe (start the program that reads it first)" in \
        done.stderr


@pytest.mark.parametrize("db", [At("pipe"), "/dev/null"])
def test_a_device_or_a_pipe_is_no_database_and_nothing_is_written_beside_it(
        template: Path, db: Arg) -> None:
    for args, stdin in ((("state",), b""), (("exec", "-"), NIGHT)):
        done = answer(template, Call(args, stdin, db))  # was: "the disk failed", a journal
        assert done.returncode == 2  # in /dev
        assert "is a device or a pipe, not a database file" in done.stderr
    assert not Path("/dev/null-journal").exists()


@pytest.mark.parametrize("host", ["<broadcast>", "localhost", "0", LONG])
def test_serve_listens_only_where_an_address_says_and_never_looks_a_name_up(
        template: Path, host: str) -> None:
    # was: <broadcast> listened until killed, a name was asked of the name server, "0" meant
    # every address, and a long name came back whole
    done = answer(template, Call(("serve", "--host", host)))
    assert done.returncode == 2
    assert done.stderr.startswith("--host takes an address of this machine, like "
                                  "192.168.1.20 or 127.0.0.1 (names are not looked up), not ")


def test_serve_for_a_parent_refuses_a_standard_input_it_cannot_wait_on(template: Path) -> None:
    done = answer(template, Call(("serve", "--host", "127.0.0.1", "--port", "0",
                                  "--with-parent")))
    if done.returncode == 0:  # COMPANION_TESTS_SPAWN: a pipe, closed at once, ends it
        return
    assert done.stderr.startswith("--with-parent serves until standard input closes")


def test_the_host_who_collects_is_the_seat_whatever_the_case_or_invisible_letters(
        template: Path) -> None:
    for typed in ("ann", "A\u200bnn"):  # was: exit 1, a Refusal escaping the CLI
        done = answer(template, Call(("settle", "--host", typed, "--format", "json")))
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["host"] == "Ann"


def test_bytes_that_are_no_utf8_name_no_group_season_or_merge(template: Path) -> None:
    for flag, noun in (("--forget", "group"), ("--forget-season", "season")):
        done = answer(template, Call(("group", flag, "\udcff")))  # was: UnicodeEncodeError
        assert done.stderr.startswith(f"There is no {noun} called '\\udcff'")
    done = answer(template, Call(("group", "--unmerge", "\udcff")))
    assert done.stderr.startswith("'\\udcff' is not merged into another name")


def test_a_printer_that_babbles_is_quoted_by_its_start(template: Path) -> None:
    done = answer(template, Call(("settle", "--format", "text", "--print"), printer="babbles"))
    assert done.returncode == 2
    assert done.stderr.startswith("The printer refused the receipt: ") and len(done.stderr) < 300


def test_a_night_of_a_game_no_longer_installed_is_told_in_a_sentence(template: Path) -> None:
    with a_place(template) as folder:  # a night played with a plug-in since removed
        forge(folder / "table.db", 2, "UPDATE events SET payload = json_set(payload, "
              "'$.game', 'bus-driver') WHERE type = 'GameStarted' AND night = 2")
        for args in (("state",), ("log",), ("export",), ("nights",), ("standings",),
                     ("settle", "--open"), ("exec", "-")):
            done = answered(folder, Call(args, b'{"cmd": "card", "card": "4c"}\n'))
            assert "Something went wrong" not in done.stderr  # was: exit 1, for every one
            assert "no longer applies: Unknown game 'bus-driver'; playable: " in done.stderr
            assert ".." not in done.stderr
