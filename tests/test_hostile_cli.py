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
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.text import QUOTE_LENGTH
from tests.damage import forge
from tests.hostile import (
    NOWHERE,
    PRINTERS,
    Arg,
    At,
    Call,
    a_place,
    answer,
    answered,
    played_place,
)
from tests.hostile_values import (
    DATABASE,
    DATABASES,
    DATE,
    DATES,
    FINGERPRINT,
    FINGERPRINTS,
    HOST,
    HOSTS,
    INPUT,
    INPUTS,
    JSON,
    LONG,
    LONG_WORDS,
    NUMBER,
    NUMBERS,
    OUTPUT,
    OUTPUTS,
    SEASON,
    SEASONS,
    TEXT,
    TEXTS,
    changed_commands,
    json_line,
)
from tests.hypo import examples


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return played_place(tmp_path_factory.mktemp("hostile"))


NIGHT = json_line({"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 5})


# --- what each command takes -----------------------------------------------------------------

Values = st.SearchStrategy[list[Arg]]


def one(values: st.SearchStrategy[str] | st.SearchStrategy[Arg]) -> Values:
    return values.map(lambda value: [value])


def words(values: st.SearchStrategy[list[str]]) -> Values:
    return values.map(lambda texts: list[Arg](texts))


SWITCH: Values = st.just([])
FORMATS = st.sampled_from(["text", "json", "html", "pdf", "csv", "xml", "", "JSON", LONG])
LANGUAGE = st.sampled_from(["en", "de", "fr", "", "EN", LONG])
NAMES = st.lists(TEXT, min_size=1, max_size=4)

COMMON: list[tuple[str, Values]] = [("--night", one(NUMBER))]
OPTIONS: dict[str, list[tuple[str, Values]]] = {
    "exec": [("", one(INPUT)), ("--accept-broken-chain", SWITCH)],
    "state": [("--json", SWITCH), ("--at", one(NUMBER))],
    "log": [("--language", one(LANGUAGE))],
    "verify": [("--fingerprint", one(FINGERPRINT))],
    "export": [("--out", one(OUTPUT))],
    "import": [("", one(INPUT))],
    "settle": [("--format", one(FORMATS)), ("--out", one(OUTPUT)), ("--print", SWITCH),
               ("--printer", one(TEXT)), ("--lp-option", one(TEXT)),
               ("--language", one(LANGUAGE)), ("--host", one(TEXT)), ("--open", SWITCH),
               ("--paid", SWITCH)],
    "nights": [("--format", one(FORMATS))],
    "standings": [("--from", one(DATE)), ("--to", one(DATE)), ("--season", one(SEASON)),
                  ("--merge", one(TEXT)), ("--format", one(FORMATS)),
                  ("--out", one(OUTPUT)), ("--language", one(LANGUAGE))],
    "group": [("--save", words(NAMES)), ("--forget", one(TEXT)), ("--merge", one(TEXT)),
              ("--unmerge", one(TEXT)), ("--season", words(st.tuples(TEXT, DATE, DATE).map(list))),
              ("--forget-season", one(TEXT)), ("--format", one(FORMATS))],
    "serve": [("--host", one(HOST)), ("--port", one(NUMBER)), ("--with-parent", SWITCH)],
    "demo": [("--headless", SWITCH)],
    "--version": [],
    "--help": [],
}
# Every call gives --db (the place's database, or a hostile one) and may give --night (COMMON).
GIVEN_TO_EVERY_CALL = {"-h", "--help", "--db", "--night"}
# exec and import read their input from stdin (-) or the place's `input`: these bytes
STDINS = st.one_of(
    st.lists(changed_commands(), min_size=1, max_size=3).map(b"".join),
    st.lists(JSON.map(json_line), max_size=3).map(b"".join),
    st.binary(max_size=200),
    st.sampled_from([b"\xff\xfe\n", b"\x00\n", b"[" * 100_000, b"x" * (2**20 + 5),
                     b'{"cmd": "pass"}\r\n', "\ufeff{}".encode(), b"\n" * 10_000]))


@st.composite
def calls(draw: st.DrawFn) -> Call:
    """A command with some of its flags, each with a hostile value, and maybe more."""
    command = draw(st.sampled_from(sorted(OPTIONS)))
    options = OPTIONS[command] + (COMMON if not command.startswith("--") else [])
    chosen = draw(st.lists(st.sampled_from(options), unique_by=lambda option: option[0],
                           max_size=4)) if options else []
    args: list[Arg] = [command]
    for flag, values in chosen:
        args += [*([flag] if flag else []), *draw(values)]
    if draw(st.integers(0, 9)) == 0:
        args.append(draw(TEXT))  # one more word than it takes
    stdin = draw(STDINS) if command in ("exec", "import") else b""
    printer = draw(st.sampled_from(sorted(PRINTERS))) if "--print" in args else "prints"
    return Call(tuple(args), stdin, draw(DATABASE), printer)


# --- the fixed table: every command, every flag, each kind of hostile value ------------------

def _pick(values: tuple[Arg, ...], *indices: int) -> list[Arg]:
    return [values[index] for index in indices]


def _cases() -> list[Call]:
    """One call per way in: each command on each kind of file that is no log, each flag with
    the kinds of value that take another path through the code (the search draws the rest;
    what it found is pinned on it, and told as a story below)."""
    cases = [Call(()), Call(("--version",)), Call(("--help",)), Call(("-V", "--night", LONG)),
             Call(("demo", "--headless"), db=LONG)]
    cases += [Call(("state",), db=db) for db in DATABASES[1:]]
    cases += [Call((command,), db=db) for command, db in (
        ("log", At("empty.db")), ("verify", At("noise.db")), ("export", At("foreign.db")),
        ("nights", At("noise.db")), ("standings", At("foreign.db")), ("group", At("empty.db")),
        ("verify", At("foreign.db")), ("nights", At("empty.db")))]
    cases += [Call(("exec", "-"), stdin, db) for stdin, db in [
        (b"\xff\xfe\n", At("table.db")), (b"\x00\n", At("table.db")),
        (b"[" * 100_000, At("table.db")), (b"x" * (2**20 + 5), At("table.db")),
        (b'{"cmd": ["pass"]}\n', At("table.db")), (b'{"cmd": "pass"}\n', At("noise.db")),
        (b'{"cmd": "pass"}\n', At("foreign.db")), (b'{"cmd": "pass"}\n', At("empty.db")),
        (b'{"cmd": "pass"}\n', At("folder")), (b'{"cmd": "pass"}\n', At("no/such/folder/x.db")),
        (NIGHT + b'{"cmd": "bet", "amount": 1e999}\n', At("table.db"))]]
    cases += [Call(("exec", source), b'{"cmd": "pass"}\n') for source in INPUTS[2:]]
    cases += [Call(("exec", "--accept-broken-chain", "-"), b'{"cmd":"undo"}\n', db)
              for db in (At("table.db"), At("foreign.db"))]
    cases += [Call(("state", "--at", number)) for number in _pick(NUMBERS, 1, 2, 6, 13, 15, 17)]
    cases += [Call(("state", "--json", "--night", number)) for number in _pick(NUMBERS, 5, 18)]
    cases += [Call(("log", "--night", "\u202e1"))]
    cases += [Call(("log", "--language", language)) for language in ("fr", "", LONG)]
    cases += [Call(("verify", "--fingerprint", text)) for text in _pick(FINGERPRINTS, 0, 2, 5,
                                                                        8)]
    cases += [Call(("export", "--out", out)) for out in OUTPUTS if out != At("table.db")]
    cases += [Call(("import", source), b'{"end": {}}\n') for source in INPUTS]
    cases += [Call(("import", "-"), stdin, db) for stdin, db in [
        (b"\xff\xfe\n", At("table.db")), (b"[" * 100_000, At("missing.db")),
        (b"", At("missing.db")), (b"{}\n", At("foreign.db"))]]
    cases += [Call(("settle", "--format", fmt, "--night", "1")) for fmt in ("text", "json",
                                                                            "html", "xml")]
    cases += [Call(("settle", "--format", "pdf", "--out", "/dev/full")),
              Call(("settle", "--out", At("note.txt/out")))]
    cases += [Call(("settle", "--format", "text", "--print"), printer=printer)
              for printer in ("prints", "refuses", "none")]
    cases += [Call(("settle", "--format", "text", "--print", flag, text))
              for flag, text in (("--printer", ""), ("--printer", LONG), ("--lp-option", LONG),
                                 ("--lp-option", "bell\x07"))]
    cases += [Call(("settle", "--host", text)) for text in _pick(TEXTS, 0, 2, 3, 8, 15)]
    cases += [Call(("settle", "--language", language)) for language in ("fr", LONG)]
    cases += [Call(("settle", "--open", *more)) for more in (
        (), ("--format", "json"), ("--format", "html"), ("--paid",), ("--host", "Ann"),
        ("--print", "--format", "html"))]
    cases += [Call(("settle", "--paid"))]
    cases += [Call(("nights", "--format", fmt)) for fmt in ("json", "xml")]
    cases += [Call(("standings", flag, day)) for flag, day in (
        ("--from", DATES[0]), ("--from", DATES[3]), ("--to", DATES[7]), ("--to", DATES[10]),
        ("--from", DATES[11]))]
    cases += [Call(("standings", "--from", "2026-12-31", "--to", "2026-01-01")),
              Call(("standings", "--season", "2026", "--from", "2026-01-01"))]
    cases += [Call(("standings", "--season", name)) for name in _pick(SEASONS, 2, 6, 9, 11, 14)]
    cases += [Call(("standings", "--merge", text)) for text in ("=", LONG + "=Ann", "A=B=C")]
    cases += [Call(("standings", "--format", "html", "--out", "/dev/full", "--language",
                    "de"))]
    cases += [Call(("group", "--save", *players)) for players in (
        ("",), (LONG, "Ann"), ("G", "\x1b[31m"), ("G", "Ann", "ann"), ("G", *["P"] * 200))]
    cases += [Call(("group", flag, text)) for flag, text in (
        ("--forget", ""), ("--forget", LONG), ("--unmerge", "Zed"), ("--forget-season", LONG),
        ("--merge", "Ann=Ann"), ("--merge", "A=B=C"), ("--merge", "\x1b[31m=Ann"),
        ("--merge", "A\u200bnn=Ann"))]
    cases += [Call(("group", "--season", *season)) for season in (
        ("S", "2026-13-01", "2026-01-01"), ("S", "2026-12-01", "2026-01-01"),
        ("S\x07", "2026-01-01", "2026-01-02"))]
    cases += [Call(("group", "--format", "json", "--save", "G", "Ann"))]
    cases += [Call(("serve", "--host", host)) for host in _pick(HOSTS, 0, 6, 9, 10)]
    cases += [Call(("serve", "--host", NOWHERE, "--port", number))
              for number in _pick(NUMBERS, 1, 2, 17)]
    cases += [Call(("serve",), db=At("folder"))]
    cases += [Call(("demo", "--headless"), db=At("noise.db"))]
    return cases


CASES = _cases()


@pytest.mark.parametrize("call", CASES, ids=[f"{index}-{call.args[:1]}"
                                              for index, call in enumerate(CASES)])
def test_a_hostile_call_answers_in_a_sentence_and_a_refusal_changes_nothing(
        template: Path, call: Call) -> None:
    answer(template, call)


@pytest.mark.properties
@settings(max_examples=examples(30, long=3000), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(call=calls())
# What was found, each failing before its fix (told as stories below):
@example(call=Call(("settle", "--host", "A\u200bnn", "--format", "json")))
@example(call=Call(("export", "--out", At("table.db-wal"))))
@example(call=Call(("serve", "--host", "<broadcast>")))
@example(call=Call(("serve", "--host", "127.0.0.1", "--port", "0", "--with-parent")))
@example(call=Call(("settle", "--format", "text", "--print"), printer="babbles"))
@example(call=Call(("group", "--forget-season", "\udcff")))
@example(call=Call((), db=LONG))
@example(call=Call(("export", "--out", LONG)))
@example(call=Call(("exec", LONG_WORDS)))
@example(call=Call(("settle", "--out", At("pipe"))))
@example(call=Call(("exec", "-"), NIGHT, "/dev/null"))
@example(call=Call(("demo", LONG_WORDS)))  # found by the long search
# and one that was no bug: the receipt --out wrote stays when the printer then refuses
@example(call=Call(("settle", "--format", "text", "--out", At("out.file"), "--print"),
                   printer="babbles"))
def test_any_call_of_any_command_answers_in_a_sentence_and_a_refusal_changes_nothing(
        template: Path, call: Call) -> None:
    answer(template, call)


def test_the_search_gives_every_command_and_flag_of_the_parser_hostile_values() -> None:
    """A command or flag added to the CLI is searched as soon as it is: the search's table
    names each one the parser knows (`log --language` and `serve --with-parent` were missing)."""
    import argparse

    from companion.cli.args import build_parser

    parser = build_parser()
    (commands,) = [action for action in parser._actions
                   if isinstance(action, argparse._SubParsersAction)]
    missing: dict[str, list[str]] = {}
    for command, sub in commands.choices.items():
        flags = {"" if not action.option_strings else option  # "": a positional argument
                 for action in sub._actions for option in action.option_strings or [""]
                 if option not in GIVEN_TO_EVERY_CALL and not option.startswith(("-h", "-V"))}
        searched = {flag for flag, _ in OPTIONS.get(command, [])}
        if flags - searched:
            missing[command] = sorted(flags - searched)
    assert missing == {}
    assert {"--version", "--help"} <= set(OPTIONS)


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


def test_a_word_too_many_is_quoted_by_its_start(template: Path) -> None:
    done = answer(template, Call(("demo", LONG_WORDS)))  # was: argparse named it whole
    assert done.returncode == 2
    assert done.stderr == ("companion: unrecognized arguments: "
                           f"{LONG_WORDS[:QUOTE_LENGTH]}… (100,000 characters).\n")
