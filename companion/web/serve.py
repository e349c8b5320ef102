"""`companion serve`: the players' view (companion/web/server.py) wired to the command line,
as companion/app.py wires the dealer's screen: the composition root of the players' page, the
one place of the application that hands it the screens' panels (each game's, as the dealer
sees it)."""

from __future__ import annotations

from pathlib import Path

from companion.web.lan import default_host


def serve(db: Path, night: int | None, host: str | None, port: int | None,
          with_parent: bool = False) -> int:
    """Serve the night being played until interrupted (`with_parent`: or until standard
    input closes); PortTaken when it cannot listen."""
    from companion.web.server import serve as serve_players
    from screens.games import panel_for

    return serve_players(db, night, host or default_host(), port, panel_for, with_parent)
