"""Hostile values for the command line and for JSON, as fixed lists (the table of cases that
always runs) and as hypothesis strategies (the search): numbers out of every range or no
numbers at all, empty and 100,000-character texts, control, bidi and invisible characters,
bytes that are no UTF-8, paths that are folders, missing, unwritable or devices, JSON of the
wrong shape or nested deep."""

from __future__ import annotations

import ipaddress
import json
from typing import Any

from hypothesis import strategies as st

from tests.hostile import Arg, At

LONG = "x" * 100_000
LONG_WORDS = "x " * 50_000  # as long, but no one word of it is: a cut by words misses it
# A text as an argument can hold it: no NUL (no program's argv can), but bytes that are no
# UTF-8 come in as Python has them (surrogate escapes).
TEXTS = ("", " ", LONG, "\x1b[31mred\x1b[0m", "bell\x07", "two\nlines", "\u202eevil",
         "A\u200bnn", "\ufeffAnn", "\udcff\udcfe", "-", "--x", "ä" * 40, "Ann", "ann", "annie",
         "../../etc/passwd", "%s%n{0}", "'\"", "\t", "\r", "🂡" * 20, LONG_WORDS)
NUMBERS = ("0", "-1", "1.5", "3.0", "1e3", "9" * 30, "9" * 5000, str(2**63), "-0", "+5",
           " 7 ", "٣", "inf", "nan", "0x10", "", "1_000", "1000000001", "2")
DATES = ("2026-02-30", "0001-01-01", "9999-12-31", "10000-01-01", "2026-1-1", "20260101",
         "2026-W01-1", "-2026-01-01", "2026-12-02T10:00", "", LONG, "2026-01-01\n",
         "2026-06-01")
SEASONS = ("2026", "2026-Q0", "2026-Q5", "2026-13", "0-Q1", "9999-Q4", "9999-12", "0000",
           "Winter", "winter", LONG, "2026-Q1\x1b", "", "-1-1", "2026-" + "9" * 5000)
FINGERPRINTS = ("1-0123456789abcdef", "0-0000000000000000", "-1-0123456789abcdef",
                "9" * 30 + "-0123456789abcdef", "1-", "1-ghijklmnopqrstuv", "", " ", LONG,
                "1 - 0123 4567 89ab cdef", "٣-0123456789abcdef")
# Never an address this machine listens on (serve takes IP addresses alone, and the default
# is TEST-NET-1 here): a refusal, never a server.
HOSTS = ("", LONG, "a..b", "<broadcast>", "192.0.2.1", "::ffff:192.0.2.1", "999.1.1.1", "-1",
         "0", "[::1]", "\x1b[31m", "localhost", "1.2.3", " 192.0.2.7 ")
# Where a file is read from
INPUTS: tuple[Arg, ...] = (At("input"), "-", At("folder"), At("missing.db"),
                           At("note.txt/x"), "/dev/zero", At("noise.db"), At("table.db"),
                           LONG_WORDS)
# Where a file is written
OUTPUTS: tuple[Arg, ...] = (At("out.file"), At("folder"), At("no/such/folder/out"),
                            At("note.txt/out"), At("note.txt"), "/dev/full", "/dev/null",
                            "/proc/version", At("table.db"), At("table.db-wal"), "",
                            At("pipe"), LONG, LONG_WORDS)
# What --db names
DATABASES: tuple[Arg, ...] = (At("table.db"), At("missing.db"), At("no/such/folder/x.db"),
                              At("folder"), At("empty.db"), At("noise.db"), At("note.txt"),
                              At("foreign.db"), At("note.txt/x.db"), LONG, "x/" * 3000,
                              At("pipe"), "/dev/null", LONG_WORDS)


def _argument_text() -> st.SearchStrategy[str]:
    return st.text(st.characters(blacklist_characters="\x00", blacklist_categories=["Cs"]),
                   max_size=30)


def _number_text() -> st.SearchStrategy[str]:
    return st.one_of(st.integers().map(str), st.floats().map(str),
                     st.integers(-2, 5).map(str), st.from_regex(r"\A[ +\-0-9٠-٩.e_x]{0,12}\Z"))


def _an_address(text: str) -> bool:
    """Whether `serve --host` would listen on `text` (any IP address but TEST-NET-1's)."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return False
    return address not in ipaddress.ip_network("192.0.2.0/24")


def values(fixed: tuple[str, ...], drawn: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(fixed), drawn)


TEXT = values(TEXTS, _argument_text())
NUMBER = values(NUMBERS, _number_text())
DATE = values(DATES, st.dates().map(str) | _argument_text())
SEASON = values(SEASONS, _argument_text())
FINGERPRINT = values(FINGERPRINTS, st.builds(lambda n, h: f"{n}-{h}", st.integers(-5, 10**12),
                                             st.text("0123456789abcdefg", max_size=18)))
HOST = values(HOSTS, _argument_text().filter(lambda text: not _an_address(text)))
INPUT = st.sampled_from(INPUTS)
OUTPUT = st.sampled_from(OUTPUTS)
DATABASE = st.one_of(st.just(At("table.db")), st.sampled_from(DATABASES))

# --- JSON ----------------------------------------------------------------------------------------

JSON_VALUES: tuple[Any, ...] = (
    0, -1, 1, 2**31, 2**53 + 1, 2**63, 2**64, 10**400, -10**400, 0.5, 3.0, -0.0, 1e308,
    True, False, None, "", LONG, LONG_WORDS, "\x00", "\x1b[2J", "\u202e", "A\u200bnn",
    "\ud800", "٣", "1e400", "NaN", "-5", "2026-13-45T25:61:00", [], {}, [None], {"": None},
    ["Ann"] * 1000, {"x" * 100: 1}, {"cmd": "pass"}, [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]])


def nested(depth: int) -> Any:
    value: Any = 1
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
    | st.sampled_from(JSON_VALUES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20) | st.integers(30, 400).map(nested)  # deeper: the fixed cases' bytes


def json_line(value: Any) -> bytes:
    """A value as one line of JSON (NaN and infinities as Python writes them)."""
    return json.dumps(value).encode("utf-8", "surrogatepass") + b"\n"


Path_ = tuple[str | int, ...]


def paths(value: Any, prefix: Path_ = ()) -> list[Path_]:
    """Every place in a JSON value a field can be changed: each key and index, nested."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


def changed(value: Any, path: Path_, change: str, new: Any) -> Any:
    """`value` with the field at `path` set to `new` (change "set"), removed ("drop"), or with
    an unknown field `new` beside it ("add", where it is an object)."""
    if not path:
        if change == "add" and isinstance(value, dict):
            return {**value, "unknown": new}
        return new if change != "drop" else None
    head, rest = path[0], path[1:]
    if isinstance(value, dict) and isinstance(head, str):
        if change == "drop" and not rest:
            return {key: inner for key, inner in value.items() if key != head}
        return {**value, head: changed(value[head], rest, change, new)}
    if isinstance(value, list) and isinstance(head, int):
        if change == "drop" and not rest:
            return value[:head] + value[head + 1:]
        return [*value[:head], changed(value[head], rest, change, new), *value[head + 1:]]
    return value


# Each command of the contract (DESIGN.md), as the night under way could be given it.
COMMANDS: tuple[dict[str, Any], ...] = (
    {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 100, "chip_value": "0.10",
     "currency": "EUR", "name": "Friday"},
    {"cmd": "join", "player": "Eve", "chips": 50, "after": "Dee"},
    {"cmd": "rebuy", "player": "Bo", "chips": 20}, {"cmd": "leave", "player": "Cy"},
    {"cmd": "set_payment", "player": "Bo", "iban": "DE89370400440532013000", "name": "Bo C."},
    {"cmd": "expense", "payer": "Ann", "amount": "18.50", "what": "pizza",
     "shared_by": ["Ann", "Bo"]},
    {"cmd": "start_game", "game": "red-dog", "dealer": "Ann", "options": {"ante": 2}},
    {"cmd": "card", "card": "9c", "player": "Bo"}, {"cmd": "bet", "amount": 5}, {"cmd": "pass"},
    {"cmd": "raise", "player": "Bo", "amount": 1}, {"cmd": "show", "cards": ["Ks", "2h"]},
    {"cmd": "guess", "value": 7, "suit": "h"}, {"cmd": "declare", "choice": "low_ace"},
    {"cmd": "call", "choice": "red"}, {"cmd": "give", "to": "Bo", "sips": 2},
    {"cmd": "driver", "player": "Bo"}, {"cmd": "next_dealer", "player": "Bo"},
    {"cmd": "split_pot"}, {"cmd": "end_game"}, {"cmd": "end_night", "carry": True},
    {"cmd": "undo"}, {"cmd": "redo"},
    {"cmd": "correct", "action": 3, "command": {"cmd": "card", "card": "6h"}})


@st.composite
def changed_commands(draw: st.DrawFn) -> bytes:
    """A command of the contract with one of its fields (or itself) set to a hostile value,
    dropped, or with an unknown field beside it, as a line of JSON."""
    command = draw(st.sampled_from(COMMANDS))
    path = draw(st.sampled_from(paths(command)))
    change = draw(st.sampled_from(["set", "set", "drop", "add"]))
    return json_line(changed(command, path, change, draw(st.sampled_from(JSON_VALUES) | JSON)))
