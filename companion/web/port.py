"""The port the players' page listens on unless told, alone in a module: `companion --help`
names it without importing the network's modules."""

from __future__ import annotations

DEFAULT_PORT = 8765
