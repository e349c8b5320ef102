"""A table's columns fitted to the terminal's width: text cut with "…" first, then the
columns that matter least left out, so nothing runs past the right edge unseen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

CELL_PADDING = 2  # a DataTable's cell: one blank either side


@dataclass(frozen=True, slots=True)
class Column:
    key: str  # the word of its heading, and its key in the table
    gives_way: int = 0  # 0: always shown; else the lower, the sooner it is left out
    shortest: int | None = None  # a text that may be cut with "…" down to this many cells


def fit(columns: Sequence[Column], headings: Sequence[str],
        rows: Sequence[Sequence[str | Text]], room: int) -> dict[str, int]:
    """The columns shown in `room` cells, in their order, each with its width. Text is cut
    to its `shortest` before any column is left out, the columns that give way first are
    left out first, and only when none is left to give way is text cut further (never
    below its heading). `rows`: the cells, a row at a time, one per column."""
    shown: dict[str, int] = {}
    least: dict[str, int] = {}
    floor: dict[str, int] = {}
    for n, (column, heading) in enumerate(zip(columns, headings, strict=True)):
        shown[column.key] = max([cell_len(heading), *(_width(row[n]) for row in rows)])
        floor[column.key] = (shown[column.key] if column.shortest is None
                             else min(shown[column.key], cell_len(heading)))
        least[column.key] = (shown[column.key] if column.shortest is None
                             else min(shown[column.key], max(column.shortest, floor[column.key])))
    for column in sorted((c for c in columns if c.gives_way), key=lambda c: c.gives_way):
        if _least_total(shown, least) <= room:
            break
        del shown[column.key]
    excess = sum(width + CELL_PADDING for width in shown.values()) - room
    for limit in (least, floor):
        while excess > 0:  # the widest text gives a cell, until it fits or none can give more
            cuttable = [key for key, width in shown.items() if width > limit[key]]
            if not cuttable:
                break
            widest = max(cuttable, key=lambda key: shown[key])
            shown[widest] -= 1
            excess -= 1
    return shown


def _least_total(shown: dict[str, int], least: dict[str, int]) -> int:
    return sum(least[key] + CELL_PADDING for key in shown)


def cut(cell: str | Text, width: int) -> str | Text:
    """The cell as it fits `width` cells: whole, or cut with "…" at the end."""
    if _width(cell) <= width:
        return cell
    text = cell.copy() if isinstance(cell, Text) else Text(cell)
    text.truncate(width, overflow="ellipsis")
    return text


def _width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(cell)
