"""The project's own seed data: rules cards and demo nights (command scripts)."""

from __future__ import annotations

from importlib import resources


def read(name: str) -> str:
    """The text of a seed file shipped with the package."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
