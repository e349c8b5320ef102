"""A process that has imported the companion once and forks a fresh child for each CLI call
of the tests (tests/cli.py): each call still runs in a process of its own, with its own
standard input, output, error, environment and exit status, but without paying Python's
start-up and the companion's imports (a tenth of a second) a thousand times a run.

It never opens a database itself, so no child inherits a connection (SQLite forbids using
one across a fork). One request a line on stdin (JSON: argv, env, cwd and the three files);
it answers with the child's pid, then with its exit status once it is done.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import io
import json
import os
import sys
import traceback
from importlib.metadata import entry_points
from typing import Any

import companion.cli  # what every call would import: imported once, here
from companion.cli.args import build_parser
from engine import registry

# The commands' modules, which companion.cli imports only when a command needs one (so that
# `companion --help` stays light): imported here once, for every call.
for _command in ("common", "database", "group", "history", "night", "settle"):
    importlib.import_module(f"companion.cli.{_command}")
# And what a paper imports when it is made (the PDF library and the QR codes: a third of a
# second a call), which the settle and export tests make by the hundred.
for _paper in ("fpdf", "fpdf.fonts", "qrcode", "qrcode.image.svg", "companion.documents.qr",
               "companion.documents.pdf_sheet", "companion.documents.settle_pdf",
               "companion.documents.open_pdf", "companion.documents.settle_html"):
    importlib.import_module(_paper)


def _warm() -> None:
    """The games' modules too, which a call imports at its first command (a tenth of a second
    each time): only imported, so each call still finds and loads its games itself."""
    for point in entry_points(group=registry.GROUP):
        with contextlib.suppress(Exception):  # a game that does not load: the call says so
            importlib.import_module(point.module)


def serve() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request)
        print(json.dumps({"pid": pid}), flush=True)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"code": os.waitstatus_to_exitcode(status)}), flush=True)


def _child(request: dict[str, Any]) -> None:
    """Run `companion ARGV` as the process it now is; never returns."""
    code = 1
    try:
        for fd, path, flags in ((0, request["stdin"], os.O_RDONLY),
                                (1, request["stdout"], os.O_WRONLY),
                                (2, request["stderr"], os.O_WRONLY)):
            opened = os.open(path, flags)
            os.dup2(opened, fd)
            os.close(opened)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        _path_of(request["env"])
        # The streams a Python started on these pipes would have.
        sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "rb", closefd=False)),
                                     encoding="utf-8")
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "wb", closefd=False)),
                                      encoding="utf-8")
        sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "wb", closefd=False)),
                                      encoding="utf-8", errors="backslashreplace",
                                      line_buffering=True)
        sys.argv = ["companion", *request["argv"]]
        code = companion.cli.main(request["argv"])
    except SystemExit as done:  # argparse's own exit
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BaseException:  # as Python itself would say it: the tests look for tracebacks
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # a closed pipe: nothing more to say
                stream.flush()
        os._exit(code)


def _path_of(env: dict[str, str]) -> None:
    """The folders of the request's PYTHONPATH first on the path, as a fresh Python would
    put them (a game a test installed for itself), and the games looked for afresh."""
    folders = [folder for folder in env.get("PYTHONPATH", "").split(os.pathsep)
               if folder and folder not in sys.path]
    if folders:
        sys.path[1:1] = folders
        importlib.invalidate_caches()
        registry.forget()


if __name__ == "__main__":
    _warm()
    build_parser()  # built once (a few ms of argparse and gettext), each call's fork has it
    # What is imported stays for every child: the collector of each need not walk it again.
    gc.collect()
    gc.freeze()
    serve()
