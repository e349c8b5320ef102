"""The forms a paper is made in, alone in a module: `companion --help` names them without
importing the papers."""

from __future__ import annotations

FORMS = ("text", "json", "html", "pdf")
