"""`companion`: the dealer's CLI. Every subcommand takes --db and --night.

One night (exec, state, log, export, demo) lives in night.py, the database's log (verify,
import) in database.py, the settlement in settle.py, the history in history.py and group.py,
what they share in common.py; each asks the application (companion/table.py, nights.py,
papers.py) as the dealer's screen does, never the store. Exit status: 0 done, 2 a refused
command or bad input (one sentence on stderr), 1 when `verify` finds a broken log. Never a
traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from companion.cli import database as cli_database
from companion.cli import group as cli_group
from companion.cli import history as cli_history
from companion.cli import night as cli_night
from companion.cli import settle as cli_settle
from companion.cli.common import (
    Parser,
    Refused,
    not_the_log,
    number,
    refusal_text,
    shown_output,
)
from companion.nights import ImportRefused
from companion.papers import FORMS
from companion.paths import default_db
from companion.table import StoreError
from companion.web.lan import DEFAULT_PORT, PortTaken
from companion.words.i18n import LANGUAGES
from engine import limits
from engine.text import shown

REFUSED = 2


def _common(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("--db", type=Path, default=default,
                        help="the database file (default: the user data folder)")
    parser.add_argument("--night", type=number(limits.NIGHT.named("--night")), default=default,
                        help="the night's id (default: the latest open night)")


class _PrintVersion(argparse.Action):
    """argparse's own version action, but the version is looked up only when asked for:
    importlib.metadata would add tens of milliseconds to every other command's start."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from companion.cli import release

        print(f"{parser.prog} {release.version()}")
        parser.exit()


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
    state.add_argument("--at", type=number(limits.ACTION.named("--at")),
                       help="as of this action number")
    sub.add_parser("log", parents=[common], help="the night's actions, numbered")
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
    ranks.add_argument("--from", dest="start", type=cli_history.day, metavar="DATE",
                       help="count the nights from this day on (YYYY-MM-DD)")
    ranks.add_argument("--to", dest="end", type=cli_history.day, metavar="DATE",
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
    cli_group.add_parser(sub, common)
    serve = sub.add_parser("serve", parents=[common],
                           help="the night being played, live and read-only in the players' "
                                "browsers on the local network (prints its address first)")
    serve.add_argument("--host", metavar="ADDR",
                       help="the address to listen on (default: this laptop's on the network "
                            "of its default route, or $COMPANION_SERVE_HOST)")
    serve.add_argument("--port", type=number(limits.PORT), metavar="N",
                       help=f"the port (default: {DEFAULT_PORT}, or a free one if taken)")
    # The dealer's screen starts it so: it stops when the screen's end of stdin closes.
    serve.add_argument("--with-parent", action="store_true", help=argparse.SUPPRESS)
    demo = sub.add_parser("demo", parents=[common],
                          help="open the table on a fresh copy of the demo night")
    demo.add_argument("--headless", action="store_true",
                      help="play the demo night into --db and print the table instead "
                           "(also what happens without a terminal)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    db: Path = args.db or default_db()
    screen = args.command is None or args.command == "demo"  # the TUI may draw the terminal
    try:
        with nullcontext() if screen else shown_output():
            return _dispatch(parser, args, db)
    except (Refused, StoreError, ImportRefused) as problem:
        print(refusal_text(str(problem), sys.argv[1:] if argv is None else argv),
              file=sys.stderr)
        return REFUSED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # the promise: no tracebacks for users, ever
        said = str(error) if len(str(error)) <= 200 else str(error)[:200] + "…"
        print(shown(f"Something went wrong inside the companion ({type(error).__name__}: "
                    f"{said}); the log on disk is unchanged by it."), file=sys.stderr)
        return 1


def _dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace, db: Path) -> int:
    if getattr(args, "out", None) is not None:
        not_the_log(args.out, db)
    if args.command is None:
        return _overview(db, args.night)
    if args.command == "exec":
        return cli_night.exec_lines(db, args.night, args.file, args.accept_broken_chain)
    if args.command == "state":
        return cli_night.state(db, args.night, args.json, args.at)
    if args.command == "log":
        return cli_night.log(db, args.night)
    if args.command == "verify":
        if args.fingerprint is not None:
            return cli_database.verify_fingerprint(db, args.night, args.fingerprint)
        return cli_database.verify(db, args.night)
    if args.command == "export":
        return cli_night.export(db, args.night, args.out)
    if args.command == "import":
        return cli_database.import_file(db, args.file)
    if args.command == "settle":
        paper = cli_settle.Paper(args.format, args.out, args.to_printer, args.printer,
                                 args.lp_options, args.language)
        if args.open_balances or args.paid:
            return cli_settle.settle_open(db, args, paper)
        return cli_settle.settle(db, args.night, paper, args.host)
    if args.command == "nights":
        return cli_history.nights(db, args.format)
    if args.command == "standings":
        return cli_history.standings_command(db, args)
    if args.command == "serve":
        from companion.web.serve import serve, stdin_can_close

        if args.with_parent and not stdin_can_close():
            raise Refused("--with-parent serves until standard input closes, so it must be a "
                          "pipe (as the dealer's screen gives it), not a file or a device.")
        try:
            return serve(db, args.night, args.host, args.port, args.with_parent)
        except PortTaken as problem:
            raise Refused(str(problem)) from None
    if args.command == "group":
        return cli_group.group_command(db, args)
    if args.command == "demo":
        headless = args.headless or not (sys.stdin.isatty() and sys.stdout.isatty())
        return cli_night.demo(db) if headless else cli_night.demo_tui(args.db)
    parser.error(f"unknown command {args.command}")
    return REFUSED


def _overview(db: Path, night: int | None) -> int:
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        try:
            missing = not db.exists()
        except OSError as error:  # a name too long for the file system, a loop of links
            raise Refused(f"Cannot use the database {db}: {error.strerror or error}.") from None
        if missing:
            print(f"No nights yet in {db}. Try `companion demo`, or `companion exec` with a "
                  "start_night command; `companion --help` lists everything.")
            return 0
        return cli_night.state(db, night, False, None)
    from companion import app

    return app.run(db, night)
