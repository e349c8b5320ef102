"""The numbers a real table needs, in one place, and the sentence that says so.

Every number that enters (a command's amounts, a game's options, the CLI's arguments) is a
whole number within its range here, checked where it enters (`engine/edge.py`, the CLI),
never when a recorded log is replayed: a log written before these ranges may hold more and
still reads. A typo of a few zeros is refused with the range; what passes fits everything
after it (the settlement in cents, the pages, SQLite's integers).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from engine.rejection import Refusal
from engine.text import quoted

MOST_CHIPS = 1_000_000  # chips per buy-in, a stake, an ante
MOST_BET = 1_000_000_000  # a bet or a raise: at most the pot, which many buy-ins fill
MOST_ROUNDS = 1_000  # rounds per dealer
MOST_SIPS = 100  # sips of an option (a penalty, the exact card)
MOST_ACTIONS = 1_000_000_000  # an action number, a night's number
MOST_PLAYERS = 100  # seats at one night
MOST_CARDS_SHOWN = 52
MOST_CHIP_VALUE = Decimal(1_000)  # money per chip; four decimals at most
MOST_EXPENSE_CENTS = 100_000_00  # more than any table's pizza
MOST_PORT = 65_535


@dataclass(frozen=True, slots=True)
class Range:
    """A whole number from `minimum` to `maximum`; `noun` and `verb` start its sentence ("The
    buy-in is", "--at takes"), `unit` follows the range (" chips")."""

    field: str
    noun: str
    minimum: int
    maximum: int
    unit: str = ""
    verb: str = "is"
    more: tuple[tuple[str, object], ...] = ()  # more words for a translation (an option's name)

    def check(self, value: object) -> int:
        """`value` when it is a whole number in range; a Refusal that says the range."""
        if isinstance(value, int) and not isinstance(value, bool) and (
                self.minimum <= value <= self.maximum):
            return value
        raise self.refusal(value)

    def refusal(self, value: object) -> Refusal:
        shown = quoted(value)
        return Refusal(f"{self.noun} {self.verb} a whole number from {self.minimum:,} to "
                       f"{self.maximum:,}{self.unit}, not {shown}.", "number.range",
                       field=self.field, minimum=self.minimum, maximum=self.maximum,
                       value=shown, **dict(self.more))

    def named(self, noun: str, verb: str = "takes") -> Range:
        """The same range said of something else (a CLI option: "--at takes")."""
        return Range(self.field, noun, self.minimum, self.maximum, self.unit, verb, self.more)


START_CHIPS = Range("start_chips", "The start chips", 0, MOST_CHIPS, " chips", "are")
BUY_IN = Range("buy_in", "The buy-in", 1, MOST_CHIPS, " chips")
REBUY = Range("rebuy", "A rebuy", 1, MOST_CHIPS, " chips")
BET = Range("bet", "A bet", 0, MOST_BET, " chips")
ACTION = Range("action", "The action to correct", 1, MOST_ACTIONS)
NIGHT = Range("night", "A night's number", 1, MOST_ACTIONS)
PORT = Range("port", "--port", 0, MOST_PORT, " (0: any free port)", "takes")
