"""Rows of text cells lined up in columns, for the terminal."""

from __future__ import annotations

from collections.abc import Container, Sequence

from engine.text import shown


def aligned(rows: Sequence[Sequence[str]], right: Container[int]) -> list[str]:
    """Each row as one line, its cells padded to their column's width; the columns in
    `right` (numbers) line up on the right, the others on the left. A cell is shown with
    its control characters escaped (a name from an old log may hold a line break)."""
    rows = [[shown(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(width) if i in right else cell.ljust(width)
                      for i, (cell, width) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in rows]
