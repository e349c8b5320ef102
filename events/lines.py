"""Reading JSON lines at the edge (`exec`, `import`): every line bounded in size and depth,
so no input, however hostile, reaches the rules as anything but a decoded value or a
sentence saying why it is none."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

import msgspec

MAX_LINE_BYTES = 1 << 20  # a command is a short line; an exported row holds one payload
MAX_DEPTH = 32  # a correction's command with its options nests 4 deep


class LineProblem(Exception):
    """A line that is no usable JSON value, as one sentence (without the line number)."""


def read_lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """(number, line) of a byte stream, each line read with a bound: a line longer than
    MAX_LINE_BYTES is reported at its number instead of filling the memory."""
    number = 0
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            raise LineTooLong(number)
        yield number, line


class LineTooLong(Exception):
    def __init__(self, number: int) -> None:
        super().__init__(f"line {number} is longer than {MAX_LINE_BYTES:,} bytes; a line holds "
                         "one command (or one exported row).")


def _depth(text: bytes) -> int:
    """How deeply arrays and objects nest in a JSON text (brackets inside strings ignored)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def decode_line(line: bytes | str) -> Any:
    """The JSON value of one line; raises LineProblem with a sentence when it is none."""
    data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    # As deep as it has brackets at most: most lines are told without walking their bytes.
    brackets = data.count(b"[") + data.count(b"{")
    if brackets > MAX_DEPTH and _depth(data) > MAX_DEPTH:
        raise LineProblem(f"the line nests more than {MAX_DEPTH} levels of brackets; a "
                          'command looks like {"cmd": "pass"}.')
    try:
        return msgspec.json.decode(data)
    except msgspec.ValidationError:  # a number beyond what a JSON value here can hold
        raise LineProblem("a number in the line is out of range; amounts are whole numbers of "
                          "chips.") from None
    except msgspec.DecodeError as error:
        why = str(error).removeprefix("JSON is malformed: ").rstrip(".")
        raise LineProblem(f"not valid JSON ({why}); a command looks like "
                          '{"cmd": "pass"}.') from None
    except RecursionError:  # the depth check makes this unreachable; a sentence all the same
        raise LineProblem("the line nests too deeply to read.") from None
