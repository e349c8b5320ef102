"""The languages the table speaks, alone in a module: `companion --help` names them without
loading a catalogue."""

from __future__ import annotations

LANGUAGES = ("en", "de")
