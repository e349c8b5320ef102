"""`companion serve`: the players' view (companion/web/server.py) wired to the command line,
as companion/app.py wires the dealer's screen: the composition root of the players' page, the
one place of the application that hands it the screens' panels (each game's, as the dealer
sees it)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from companion.web.lan import default_host, listening_address


def serve(db: Path, night: int | None, host: str | None, port: int | None,
          with_parent: bool = False) -> int:
    """Serve the night being played until interrupted (`with_parent`: or until standard
    input closes); PortTaken when it cannot listen, or `host` is no IP address."""
    address = listening_address(host or default_host())
    from companion.web.server import serve as serve_players
    from screens.games import panel_for

    return serve_players(db, night, address, port, panel_for, with_parent)


def stdin_can_close() -> bool:
    """Whether standard input is something whose closing can be waited for (a pipe, a
    socket, a terminal): a file or /dev/null is at its end already and cannot be watched."""
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
        return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or sys.stdin.isatty()
    except (AttributeError, OSError, ValueError):  # no standard input at all
        return False
