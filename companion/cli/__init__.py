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

from companion.cli.args import Refused, build_parser, refusal_text

# Each command's module is imported by the command that needs it (see _dispatch): `companion
# --help` and a light command (state, log, verify, nights) then import none of the others'
# modules, nor the papers, the players' page or the screens.

REFUSED = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from companion.cli.common import shown_output  # past --help: the command runs now
    from companion.paths import default_db

    db: Path = args.db or default_db()
    screen = args.command is None or args.command == "demo"  # the TUI may draw the terminal
    try:
        with nullcontext() if screen else shown_output():
            return _dispatch(parser, args, db)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # the promise: no tracebacks for users, ever
        if _refused(error):
            print(refusal_text(str(error), sys.argv[1:] if argv is None else argv),
                  file=sys.stderr)
            return REFUSED
        from engine.text import shown

        said = str(error) if len(str(error)) <= 200 else str(error)[:200] + "…"
        print(shown(f"Something went wrong inside the companion ({type(error).__name__}: "
                    f"{said}); the log on disk is unchanged by it."), file=sys.stderr)
        return 1


def _refused(error: Exception) -> bool:
    """Whether `error` is a refusal (one sentence, exit status 2). The log's refusals are
    looked up only once something went wrong: a command that raised one has imported them."""
    from companion.nights import ImportRefused
    from companion.table import StoreError

    return isinstance(error, Refused | StoreError | ImportRefused)


def _dispatch(parser: argparse.ArgumentParser, args: argparse.Namespace, db: Path) -> int:
    # Each command imports its own module only: see the note at the top.
    if getattr(args, "out", None) is not None:
        from companion.cli.common import not_the_log

        not_the_log(args.out, db)
    command = args.command
    if command is None:
        return _overview(db, args.night)
    if command in ("exec", "state", "log", "export", "demo"):
        from companion.cli import night as cli_night

        if command == "exec":
            return cli_night.exec_lines(db, args.night, args.file, args.accept_broken_chain)
        if command == "state":
            return cli_night.state(db, args.night, args.json, args.at)
        if command == "log":
            return cli_night.log(db, args.night, args.language)
        if command == "export":
            return cli_night.export(db, args.night, args.out)
        headless = args.headless or not (sys.stdin.isatty() and sys.stdout.isatty())
        return cli_night.demo(db) if headless else cli_night.demo_tui(args.db)
    if command in ("verify", "import"):
        from companion.cli import database as cli_database

        if command == "import":
            return cli_database.import_file(db, args.file)
        if args.fingerprint is not None:
            return cli_database.verify_fingerprint(db, args.night, args.fingerprint)
        return cli_database.verify(db, args.night)
    if command == "settle":
        from companion.cli import settle as cli_settle

        paper = cli_settle.Paper(args.format, args.out, args.to_printer, args.printer,
                                 args.lp_options, args.language)
        if args.open_balances or args.paid:
            return cli_settle.settle_open(db, args, paper)
        return cli_settle.settle(db, args.night, paper, args.host)
    if command in ("nights", "standings"):
        from companion.cli import history as cli_history

        if command == "nights":
            return cli_history.nights(db, args.format)
        return cli_history.standings_command(db, args)
    if command == "serve":
        from companion.web.lan import PortTaken
        from companion.web.serve import serve, stdin_can_close

        if args.with_parent and not stdin_can_close():
            raise Refused("--with-parent serves until standard input closes, so it must be a "
                          "pipe (as the dealer's screen gives it), not a file or a device.")
        try:
            return serve(db, args.night, args.host, args.port, args.with_parent)
        except PortTaken as problem:
            raise Refused(str(problem)) from None
    if command == "group":
        from companion.cli import group as cli_group

        return cli_group.group_command(db, args)
    parser.error(f"unknown command {command}")
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
        from companion.cli import night as cli_night

        return cli_night.state(db, night, False, None)
    from companion import app

    return app.run(db, night)
