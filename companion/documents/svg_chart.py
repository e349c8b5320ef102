"""A small line chart in SVG for the printable pages: one line per player (each its own
colour; past ten players the colours come round again, dashed), with a legend. No script,
no fonts from elsewhere: it prints the same anywhere."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22")


def line_chart(series: Mapping[str, list[int | None]], label: str, width: int = 180,
               height: int = 32) -> tuple[str, str] | None:
    """(the SVG, its legend as HTML) of `series` (None: no point there, like before a player
    joined), sized in mm; None when there is nothing to draw."""
    values = [v for line in series.values() for v in line if v is not None]
    points = max((len(line) for line in series.values()), default=0)
    if not values or points < 2:
        return None
    low, span = min(values), max(values) - min(values) or 1

    def xy(index: int, value: int) -> str:
        # Whole numbers divided once, so a figure beyond what a float holds still has its
        # place; a margin of 1/22 above and below, so no line runs along the edge.
        place = (value - low) / span / 1.1 + 1 / 22
        return f"{index * width / (points - 1):.1f},{height - place * height:.1f}"

    lines, legend = [], []
    for number, (name, line) in enumerate(series.items()):
        colour = COLOURS[number % len(COLOURS)]
        dash = ' stroke-dasharray="2 1"' if number >= len(COLOURS) else ""
        path = " ".join(xy(i, v) for i, v in enumerate(line) if v is not None)
        lines.append(f'<polyline fill="none" stroke="{colour}" stroke-width="0.6"{dash} '
                     f'points="{path}"><title>{escape(name)}</title></polyline>')
        legend.append(f'<span style="color:{colour}">{"▬" if dash else "■"}</span> '
                      f'{escape(name)}')
    frame = (f'<rect x="0" y="0" width="{width}" height="{height}" fill="none" '
             'stroke="#999" stroke-width="0.2"/>')
    svg = (f'<svg width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}" '
           'preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{escape(label)}">{frame}{"".join(lines)}</svg>')
    return svg, " &nbsp; ".join(legend)
