"""Reading `companion`'s command line: the parser, its argument types and the refusal that
becomes one sentence. Nothing here imports the engine, the log or the papers at the top:
`companion --help` (and a mistyped argument) should start about as fast as Python itself,
so what a type or a sentence needs is imported when it is called."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from datetime import date
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from companion.documents.forms import FORMS
from companion.web.port import DEFAULT_PORT
from companion.words.languages import LANGUAGES

if TYPE_CHECKING:
    from engine.limits import Range


class Refused(Exception):
    """A sentence for stderr and exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, but a wrong argument is one sentence on stderr (exit status 2), never the
    usage over it, and what it quotes of the argument is a short start of it."""

    def error(self, message: str) -> NoReturn:
        from engine.text import shown  # a wrong argument only: --help stays light

        what, _, given = message.partition(": ")
        if what == "unrecognized arguments" and len(given) > _too_long():
            # the words argparse joins unquoted, spaces and all: cut as a whole
            message = f"{what}: {_cut(given)}"
        message = _patterns()[0].sub(_short, message)
        # "argument --at: --at takes ...": the argument is named once.
        named, _, rest = message.partition(": ")
        if named.startswith("argument ") and rest.startswith(named.removeprefix("argument ")
                                                             .split("/")[0]):
            message = rest
        self.exit(2, shown(f"{self.prog}: {message.rstrip('.')}.") + "\n")


def _quote_length() -> int:
    from engine.text import QUOTE_LENGTH

    return QUOTE_LENGTH


def _too_long() -> int:
    # Longer than any sentence needs: a value given on the command line that a refusal names
    # whole (a path, as given or as Path spells it), or a word of a refusal, is quoted by its
    # start as every refusal quotes what it refuses.
    return 5 * _quote_length()


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A value argparse puts in its own messages, quoted ('xml') or not (unrecognized
    arguments: --x=...), long enough to cut (ours are cut already: …); and an endless word
    of a refusal. Compiled at the first refusal, not at every start."""
    long = _quote_length() + 1
    quoted = re.compile(rf"'([^'\n…]{{{long},}})'|([^\s'…]{{{long},}})")
    endless = re.compile(rf"(\S{{{_too_long() + 1},}}?)([.,:;)]*)(?=\s|$)")
    return quoted, endless


def _short(match: re.Match[str]) -> str:
    inner = match.group(1) or match.group(2)
    return f"'{inner[:_quote_length()]}…' ({len(inner):,} characters)"


def refusal_text(text: str, given: Sequence[str] = ()) -> str:
    """A refusal as it reaches stderr: safe for the terminal, each long value of `given` (the
    command line's) that it names, and each endless word, cut to its start with its length
    (a path of 100,000 characters, with spaces or without)."""
    from engine.text import shown

    for value in sorted({*given, *(str(Path(value)) for value in given)}, key=len,
                        reverse=True):
        if len(value) > _too_long():
            text = text.replace(value, _cut(value))
    return shown(_patterns()[1].sub(lambda word: _cut(word[1]) + word[2], text))


def _cut(value: str) -> str:
    return f"{value[:_quote_length()]}… ({len(value):,} characters)"


def number(bound: Range) -> Callable[[str], int]:
    """An argparse type: a whole number within `bound`, or its sentence."""

    def read(text: str) -> int:
        from engine.rejection import Refusal

        digits = text.strip().removeprefix("-").removeprefix("+")
        # int() reads up to 4,300 digits; a longer one is out of range all the same.
        if not (digits.isdecimal() and digits.isascii()) or len(digits) > 4000:
            raise argparse.ArgumentTypeError(str(bound.refusal(text)))
        try:
            return bound.check(int(text))
        except Refusal as refusal:
            raise argparse.ArgumentTypeError(refusal.reason) from None

    return read


def whole(limit: str, named: str | None = None) -> Callable[[str], int]:
    """`number` of the range engine.limits calls `limit` (said of `named`, an option), looked
    up when a value comes: building the parser imports no engine."""

    def read(text: str) -> int:
        from engine import limits

        bound: Range = getattr(limits, limit)
        return number(bound if named is None else bound.named(named))(text)

    return read


def day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        from engine.text import quoted

        raise argparse.ArgumentTypeError(
            f"{quoted(text)} is no day; write it as YYYY-MM-DD, like 2026-12-31") from None


def _common(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("--db", type=Path, default=default,
                        help="the database file (default: the user data folder)")
    parser.add_argument("--night", type=whole("NIGHT", "--night"), default=default,
                        help="the night's id (default: the latest open night)")


class _PrintVersion(argparse.Action):
    """argparse's own version action, but the version is looked up only when asked for:
    importlib.metadata would add tens of milliseconds to every other command's start."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from companion.cli import release

        print(f"{parser.prog} {release.version()}")
        parser.exit()


@cache  # one per process; parsing leaves it as it was (the tests' forks share it)
def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="companion",
        description="A dealer's assistant for card games at a real table. `companion` alone "
                    "opens the dealer's screen on the latest open night (or starts a new one); "
                    "the commands below work without a screen.",
        epilog="Every command takes --db (default: your user data folder, or "
               "$TABLE_COMPANION_DB) and --night (default: the latest open night). Exit status: "
               "0 done, 2 refused with one sentence on stderr, 1 when verify finds a break.")
    _common(parser, None)
    parser.add_argument("-V", "--version", action=_PrintVersion, nargs=0,
                        default=argparse.SUPPRESS,
                        help="print the companion's version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    common = Parser(add_help=False)
    _common(common, argparse.SUPPRESS)

    run = sub.add_parser("exec", parents=[common], help="apply commands, one JSON per line")
    run.add_argument("file", nargs="?", default="-", help="a file of commands, or - for stdin")
    run.add_argument("--accept-broken-chain", action="store_true",
                     help="write onto a night whose hash chain does not verify (after "
                          "`companion verify` has shown where it breaks)")
    state = sub.add_parser("state", parents=[common], help="the table as it stands")
    state.add_argument("--json", action="store_true", help="print the projection as JSON")
    state.add_argument("--at", type=whole("ACTION", "--at"),
                       help="as of this action number")
    log = sub.add_parser("log", parents=[common], help="the night's actions, numbered")
    log.add_argument("--language", choices=LANGUAGES,
                     help="the words of the log's lines (default: from the locale)")
    verify = sub.add_parser("verify", parents=[common],
                            help="walk the hash chain of every night")
    verify.add_argument("--fingerprint", metavar="F",
                        help="the fingerprint on a receipt or an export: check that the night "
                             "still holds everything it covers (exit 1 when not)")
    export = sub.add_parser("export", parents=[common], help="the night as JSON lines")
    export.add_argument("--out", type=Path, help="write to this file instead of stdout")
    imp = sub.add_parser("import", parents=[common], help="add an exported night")
    imp.add_argument("file", help="the exported JSON lines, or - for stdin")
    settle = sub.add_parser("settle", parents=[common],
                            help="the settlement: results, payments, sips")
    settle.add_argument("--format", choices=FORMS,
                        help="text (48 columns, for a receipt printer; the default), json, "
                             "html or pdf (the A4 page; the default with --print)")
    settle.add_argument("--out", type=Path, help="write to this file instead of stdout")
    settle.add_argument("--print", action="store_true", dest="to_printer",
                        help="send the page as PDF to the printer (lp); with --format text "
                             "the receipt")
    settle.add_argument("--printer", metavar="NAME",
                        help="with --print: this printer instead of the default (lp -d)")
    settle.add_argument("--lp-option", metavar="K=V", action="append", default=[],
                        dest="lp_options",
                        help="with --print: an option for lp -o, like media=A4 or "
                             "sides=two-sided-long-edge (again for more)")
    settle.add_argument("--language", choices=LANGUAGES,
                        help="the words and money of the receipt and the page (default: "
                             "from the locale)")
    settle.add_argument("--host", help="this player collects from the losers and pays the "
                                       "winners (default: the fewest transfers)")
    settle.add_argument("--open", action="store_true", dest="open_balances",
                        help="everything still open: the balances of every night carried "
                             "over (end_night with carry), added up and paid at once, "
                             "in every format, to a file or the printer")
    settle.add_argument("--paid", action="store_true",
                        help="with --open: record those payments as made (each carried "
                             "night is marked paid, an action its log can undo)")
    nights = sub.add_parser("nights", parents=[common],
                            help="every night in the database: when, who, which games, "
                                 "the biggest pot, whether it is over")
    nights.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (a line per night, the default) or json (every night's "
                             "record, with each player's results)")
    ranks = sub.add_parser("standings", parents=[common],
                           help="each player over the nights: results, sips, deals, posts")
    ranks.add_argument("--from", dest="start", type=day, metavar="DATE",
                       help="count the nights from this day on (YYYY-MM-DD)")
    ranks.add_argument("--to", dest="end", type=day, metavar="DATE",
                       help="count the nights up to this day (YYYY-MM-DD)")
    ranks.add_argument("--season", metavar="NAME",
                       help="the nights of a year (2026), a quarter (2026-Q2) or a month "
                            "(2026-03); instead of --from and --to")
    ranks.add_argument("--merge", action="append", default=[], metavar="OLD=NEW",
                       help="count the nights played as OLD under NEW (a rename; again for "
                            "more)")
    ranks.add_argument("--format", choices=("text", "json", "csv", "html"), default="text",
                       help="text (the default), json, csv, or html (a printable page with "
                            "each player's running result as a chart)")
    ranks.add_argument("--out", type=Path, help="write to this file instead of stdout")
    ranks.add_argument("--language", choices=LANGUAGES,
                       help="the words of the page (default: from the locale)")
    _group_parser(sub, common)
    serve = sub.add_parser("serve", parents=[common],
                           help="the night being played, live and read-only in the players' "
                                "browsers on the local network (prints its address first)")
    serve.add_argument("--host", metavar="ADDR",
                       help="the address to listen on (default: this laptop's on the network "
                            "of its default route, or $COMPANION_SERVE_HOST)")
    serve.add_argument("--port", type=whole("PORT"), metavar="N",
                       help=f"the port (default: {DEFAULT_PORT}, or a free one if taken)")
    # The dealer's screen starts it so: it stops when the screen's end of stdin closes.
    serve.add_argument("--with-parent", action="store_true", help=argparse.SUPPRESS)
    demo = sub.add_parser("demo", parents=[common],
                          help="open the table on a fresh copy of the demo night")
    demo.add_argument("--headless", action="store_true",
                      help="play the demo night into --db and print the table instead "
                           "(also what happens without a terminal)")
    return parser


def _group_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    group = sub.add_parser(
        "group", parents=[common],
        help="the group's saved players, merged renames and named seasons (listed; changed "
             "with the flags)")
    # One change a call: a refused one then keeps nothing at all.
    change = group.add_mutually_exclusive_group()
    change.add_argument("--save", nargs="+", metavar=("NAME", "PLAYER"),
                       help="keep these players, in their seats, as the group NAME (a new "
                            "night's set-up seats them with ctrl+r)")
    change.add_argument("--forget", metavar="NAME", help="drop the saved group NAME")
    change.add_argument("--merge", metavar="OLD=NEW",
                        help="count the nights played as OLD under NEW from now on, in the "
                             "standings and on screen")
    change.add_argument("--unmerge", metavar="OLD", help="count OLD as a name of its own again")
    change.add_argument("--season", nargs=3, metavar=("NAME", "FROM", "TO"),
                       help="name a season from FROM to TO (YYYY-MM-DD, both days counted), "
                            "for standings --season NAME")
    change.add_argument("--forget-season", metavar="NAME", help="drop the season NAME")
    group.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (the default) or json")
