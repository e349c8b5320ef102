"""The languages the table speaks and the one the locale asks for, alone in a module:
`companion --help` names them, and `companion log` finds its language, without loading a
catalogue."""

from __future__ import annotations

import os

LANGUAGES = ("en", "de")


def language_from_locale(environ: dict[str, str] | None = None) -> str:
    """`de` when the locale is German, else `en`."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
