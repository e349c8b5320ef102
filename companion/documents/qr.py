"""QR codes (the `qrcode` library) as SVG for the printed page and as half blocks for the
terminal, always with error correction M and the standard quiet zone of four modules."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

QUIET_ZONE = 4


def _code(data: str) -> Any:
    # Imported here: the table screen starts without paying for qrcode and Pillow.
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET_ZONE)
    code.add_data(data.encode("utf-8"))  # bytes: UTF-8 in byte mode, as EPC version 002 says
    code.make(fit=True)
    return code


def modules(data: str) -> list[list[bool]]:
    """The dark (True) and light modules, quiet zone included, row by row."""
    return [list(row) for row in _matrix(data)]


@lru_cache(maxsize=256)
def _matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    # Kept: the page is drawn more than once while it is fitted to A4, and the screen
    # redraws on every change of host.
    return tuple(tuple(row) for row in _code(data).get_matrix())


def svg(data: str, size_mm: int = 36) -> str:
    """An inline SVG element of the code, `size_mm` wide on paper."""
    import qrcode.image.svg

    image = _code(data).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    text: str = image.to_string(encoding="unicode")
    text = text[text.index("<svg"):]  # inline in HTML: no XML declaration
    width = len(modules(data))
    return text.replace(f'width="{width}mm" height="{width}mm"',
                        f'width="{size_mm}mm" height="{size_mm}mm"', 1)


def half_blocks(data: str) -> list[str]:
    """The code in terminal cells, two modules per cell (▀ ▄ █ and space), to be drawn dark
    on light: the foreground is a dark module, the background a light one."""
    grid = modules(data)
    if len(grid) % 2:
        grid.append([False] * len(grid[0]))
    cells = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
    return ["".join(cells[top, bottom] for top, bottom in zip(upper, lower, strict=True))
            for upper, lower in zip(grid[::2], grid[1::2], strict=True)]
