"""What a good name or text is, wherever one enters, and how any text is shown safely.

A name (a player's) or a text (the night's name, what an expense was for, an account
holder, the currency) comes in from the dealer's keys, a script's JSON lines or an import.
Before it is recorded it is normalised (NFC, every kind of space a plain one, runs of them
one, none around it) and checked: printable, on one line, no character that is invisible
or turns the direction of text, and no longer than where it is shown can show. Names are
compared as `name_key` has them (without invisible characters, regardless of case), so a
log written before these checks, which may hold "A\u200bnn" beside "Ann", still reads one
player where the table sees one.

What reaches a terminal goes through `shown` (control characters and their like escaped),
and what a refusal quotes goes through `quoted` (a short start of it, with its length).
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from engine.rejection import Refusal

# The limits, one place. A seat of the table screen at 80x24 shows 15 to 16 characters of a
# name beside a stack and the card in front of it; the receipt's line is 48 columns; an
# EPC payment (GiroCode) carries 70 characters of the account holder.
NAME_LENGTH = 16
NIGHT_NAME_LENGTH = 60
WHAT_LENGTH = 60  # what an expense was for
HOLDER_LENGTH = 70
CURRENCY_LENGTH = 8
GROUP_NAME_LENGTH = 40  # a saved group of players, a named season
QUOTE_LENGTH = 40  # of a value a refusal quotes


@dataclass(frozen=True, slots=True)
class TextKind:
    """One kind of name or text: what the dealer calls it, how long it may be, and the key
    its refusals carry (`text.too_long` with `field`, for a screen in another language)."""

    field: str
    noun: str  # starts a sentence: "A player's name"
    length: int
    why: str  # why it is no longer, in a few words


PLAYER_NAME = TextKind("name", "A player's name", NAME_LENGTH, "what a seat shows")
NIGHT_NAME = TextKind("night_name", "The night's name", NIGHT_NAME_LENGTH, "a line of the page")
EXPENSE_WHAT = TextKind("what", "What an expense was for", WHAT_LENGTH, "a few words")
ACCOUNT_HOLDER = TextKind("holder", "The account holder", HOLDER_LENGTH,
                          "what a bank transfer carries")
CURRENCY = TextKind("currency", "The currency", CURRENCY_LENGTH, "a code like EUR or a sign")
# A name a command looks up rather than gives (a rename merged): as long as an account
# holder's, so a name of an older night, from before names were kept to a seat, is found.
NAME_REFERENCE = TextKind("name", "A player's name", HOLDER_LENGTH, "the longest looked up")
GROUP_NAME = TextKind("group", "A group's name", GROUP_NAME_LENGTH, "a line of the list")
SEASON_NAME = TextKind("season", "A season's name", GROUP_NAME_LENGTH, "a line of the list")

# Characters that turn the direction of the text after them: a name holding one shows the
# rest of a line backwards (U+202E) or out of its place.
DIRECTION = frozenset({0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)})
# Unicode's default ignorable code points: drawn as nothing, so "A\u200bnn" looks like "Ann".
# And the blank braille cell, a symbol by its category but drawn as nothing too ("Ann\u2800"
# beside "Ann"), the invisible letter of choice where a name must not be empty.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
             (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
             (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# Variation selectors only choose how a letter or emoji is drawn (❤️): dropped, not refused.
VARIATION = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def invisible(char: str) -> bool:
    """Whether `char` is drawn as nothing (a zero-width space, a joiner, a soft hyphen)."""
    return _within(ord(char), IGNORABLE)


def normalised(text: str) -> str:
    """`text` in NFC, every kind of space a plain space, runs of spaces one, none around it,
    variation selectors left out."""
    composed = unicodedata.normalize("NFC", text.strip())
    spaced = "".join(" " if unicodedata.category(c) == "Zs" else c for c in composed
                     if not _within(ord(c), VARIATION))
    return " ".join(part for part in spaced.split(" ") if part)


@lru_cache(maxsize=4096)  # a night asks after the same few names all night long
def name_key(name: str) -> str:
    """What two names are compared by: NFC, without invisible characters, regardless of case
    ("Ann", "ann" and "A\u200bnn" are one name)."""
    composed = unicodedata.normalize("NFC", name)
    return "".join(c for c in composed if not invisible(c)).casefold()


def _kind_of(char: str) -> str | None:
    """Why `char` cannot be in a name or text: `control`, `direction`, `invisible` or
    `unprintable`; None when it can."""
    code = ord(char)
    category = unicodedata.category(char)
    if category == "Cc":
        return "control"
    if code in DIRECTION:
        return "direction"
    if invisible(char):
        return "invisible"
    if category in _UNSHOWN:
        return "unprintable"
    return None


# What a refusal says of each kind of character, and its key.
_WHY = {"control": ("control characters (a line break, a tab, an escape)", "text.control"),
        "direction": ("characters that turn the direction of the text", "text.direction"),
        "invisible": ("invisible characters (it would look like another)", "text.invisible"),
        "unprintable": ("characters that cannot be shown", "text.unprintable")}


def code_point(char: str) -> str:
    """`U+200B ZERO WIDTH SPACE`, or `U+001B` where Unicode gives no name."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def checked(text: str, kind: TextKind) -> str:
    """`text` normalised, once it is a good `kind` of name or text; a Refusal saying what is
    wrong and what is allowed otherwise."""
    if not isinstance(text, str):
        raise Refusal(f"{kind.noun} is text, not {quoted(text)}.", "text.not_text",
                      field=kind.field, text=quoted(text))
    clean = normalised(text)
    bad = next(((char, why) for char in clean if (why := _kind_of(char)) is not None), None)
    if bad is not None:
        char, why = bad
        said, key = _WHY[why]
        raise Refusal(f"{kind.noun} cannot hold {said}: {quoted(text)} holds "
                      f"{code_point(char)}.", key, field=kind.field, text=quoted(text),
                      char=code_point(char))
    if not clean:
        raise Refusal(f"{kind.noun} needs at least one letter, not {quoted(text)}.",
                      "text.empty", field=kind.field, text=quoted(text))
    if len(clean) > kind.length:
        raise Refusal(f"{kind.noun} is at most {kind.length} characters ({kind.why}), not "
                      f"{quoted(clean, counted=True)}.", "text.too_long", field=kind.field,
                      limit=kind.length, text=quoted(clean, counted=True))
    return clean


# --- shown and quoted -----------------------------------------------------------------------

def _escape(char: str) -> str:
    # As JSON writes it (a letter beyond U+FFFF as its two surrogates), so the escape keeps
    # a JSON document valid and its value the same.
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def shown(text: str) -> str:
    """`text` safe to put on a terminal: every control character (a line break too),
    character that turns the direction of text, invisible or unprintable character written
    as its escape (`\\u001b`, `\\u202e`), the rest as it is."""
    if text.isprintable():  # the common case, at C speed
        return text
    return "".join(c if _kind_of(c) is None else _escape(c) for c in text)


def shown_lines(text: str) -> str:
    """A document (lines) safe to put on a terminal: each line as `shown` has it, the line
    breaks kept."""
    return "\n".join(shown(line) for line in text.split("\n"))


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = QUOTE_LENGTH + 2
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxlevel = 2


def quoted(value: object, limit: int = QUOTE_LENGTH, counted: bool = False) -> str:
    """The value as a refusal quotes it: text in quotes, its first `limit` characters and
    `…` with its length when it is longer ("'AAAA…' (100,000 characters)"); a number with
    its first digits and its count of digits when it has more; anything else in short.
    `counted`: text says its length even when it is short."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value) + (f" ({len(value):,} characters)" if counted else "")
        start = repr(value[:limit])
        return f"{start[:-1]}…{start[-1]} ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        digits = _digits(abs(value))
        sign = "-" if value < 0 else ""
        if len(digits) <= limit:
            return sign + digits
        return f"{sign}{digits[:limit]}… ({len(digits):,} digits)"
    text = _REPR.repr(value)
    return text if len(text) <= 2 * limit else text[:2 * limit] + "…"


def said(name: str) -> str:
    """A name as a sentence says it: as it is when it is short and printable (as every name
    at the table is), quoted as `quoted` has it otherwise."""
    return name if len(name) <= QUOTE_LENGTH and name.isprintable() else quoted(name)


def quoted_list(values: Sequence[object], shown: int = 3) -> str:
    """The first few of `values`, each quoted short, and how many more there are."""
    listed = ", ".join(quoted(value) for value in values[:shown])
    more = len(values) - shown
    return listed + (f" and {more:,} more" if more > 0 else "")


def _digits(number: int) -> str:
    """The decimal digits of a whole number of any size (Python's own conversion stops at
    4,300 digits; decimal's does not)."""
    try:
        return str(number)
    except ValueError:
        return f"{Decimal(number):f}"
