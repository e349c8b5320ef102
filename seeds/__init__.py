"""The project's own seed data: rules cards and demo nights (command scripts)."""

from __future__ import annotations

from importlib import resources

# The demo night `companion demo` opens: an In-Between night of four players.
DEMO_NIGHT = "demo-in-between.jsonl"


def read(name: str) -> str:
    """The text of a seed file shipped with the package."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
