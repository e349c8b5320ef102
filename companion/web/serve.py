"""`companion serve`: the players' view (companion/web/server.py) wired to the command line,
as companion/app.py wires the dealer's screen."""

from __future__ import annotations

from pathlib import Path

from companion.web.lan import default_host


def serve(db: Path, night: int | None, host: str | None, port: int | None,
          with_parent: bool = False) -> int:
    """Serve the night being played until interrupted (`with_parent`: or until standard
    input closes); PortTaken when it cannot listen."""
    from companion.web.server import serve as serve_players

    return serve_players(db, night, host or default_host(), port, with_parent)
