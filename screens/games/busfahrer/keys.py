"""Busfahrer's keys: a call is one key (r/b; h/l or ↑/↓; i/o; the suit c/d/h/s; German
letters too: s schwarz, t tiefer, a außen); a give is the receiver's number as the seats
show it and how many (Enter right after the number gives all that is owed, and with one
possible receiver Enter alone); the driver the dealer names is their number. Cards are
typed as in every game (the shared keys)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from companion.views import Expect
from companion.words.i18n import Words
from engine.games.busfahrer.commands import (
    Call,
    CallExpected,
    Driver,
    DriverExpected,
    Give,
    GiveExpected,
)
from screens.games import Keys
from screens.keys import NOT_MINE, Entered, KeyEntry

HIGHER_OR_LOWER = {"h": "higher", "up": "higher", "l": "lower", "t": "lower",
                   "down": "lower"}
# The key of each call, by question (0: a place of the bus).
CALL_KEYS: Mapping[int, Mapping[str, str]] = {
    1: {"r": "red", "b": "black", "s": "black"},
    2: HIGHER_OR_LOWER,
    3: {"i": "inside", "o": "outside", "a": "outside"},
    4: {"c": "c", "d": "d", "h": "h", "s": "s"},
    0: HIGHER_OR_LOWER,
}
CALL_HINTS = {1: "bus.keys.call.1", 2: "bus.keys.call.2", 3: "bus.keys.call.3",
              4: "bus.keys.call.4", 0: "bus.keys.call.2"}
GIVING = "+"  # the buffer of a give starts with it, then the receiver's number and ":"


def seat_number(index: int) -> str:
    """The key of the player at `index` (from 0) among those numbered: 1-9, then 0."""
    return str((index + 1) % 10)


def numbered(key: str, players: tuple[str, ...]) -> str | None:
    """The player whose number `key` is, if any."""
    if len(key) != 1 or not key.isdigit():
        return None
    index = (int(key) - 1) % 10
    return players[index] if index < len(players) else None


MOST_RETYPED = 999


class GiveRetyped(GiveExpected, frozen=True):
    """A give retyped in the correct dialog: `sips` is the original's count (Enter right
    after the receiver keeps it), not what was owed then."""


class BusfahrerKeys(Keys):

    NAMED = frozenset({"up", "down"})

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        if isinstance(expect, CallExpected):
            choice = CALL_KEYS.get(expect.question, {}).get(key.lower())
            if choice is not None and not entry.buffer:
                return entry.send(Call(choice=choice))
            return NOT_MINE if key in ("backspace", "enter") else None
        if isinstance(expect, GiveExpected):
            return self._give(entry, key, expect)
        if isinstance(expect, DriverExpected):
            player = numbered(key, expect.choices)
            return entry.send(Driver(player=player)) if player is not None else None
        return NOT_MINE

    def _give(self, entry: KeyEntry, key: str, expect: GiveExpected) -> Entered:
        """The receiver's number, then how many: sent at the digit after which no more
        could follow (a count of one digit when fewer than ten are owed), or at Enter;
        Enter right after the number gives all."""
        players = expect.players or expect.to
        if key == "backspace":
            entry.buffer = "" if entry.buffer.endswith(":") else entry.buffer[:-1]
            return None
        if not entry.buffer:
            if key == "enter" and len(expect.to) == 1:
                return entry.send(Give(to=expect.to[0], sips=expect.sips))
            receiver = numbered(key, players)
            if receiver is not None:
                entry.buffer = f"{GIVING}{players.index(receiver)}:"
            return None
        receiver = players[int(entry.buffer[1:entry.buffer.index(":")])]
        typed = entry.buffer[entry.buffer.index(":") + 1:]
        if key == "enter":
            return entry.send(Give(to=receiver, sips=int(typed) if typed else expect.sips))
        if len(key) == 1 and key.isdigit() and len(typed) < 3:
            typed += key
            # What a retyped give's player owed then is not known here: its count ends at
            # Enter or at its third digit.
            most = MOST_RETYPED if isinstance(expect, GiveRetyped) else expect.sips
            if int(typed) == 0 or int(typed) * 10 > most:
                return entry.send(Give(to=receiver, sips=int(typed)))
            entry.buffer += key
        return None

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        if isinstance(expect, CallExpected | GiveExpected | DriverExpected):
            return False
        return None

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        if isinstance(expect, GiveExpected) and entry.buffer.startswith(GIVING):
            players = expect.players or expect.to
            receiver = players[int(entry.buffer[1:entry.buffer.index(":")])]
            return words("bus.typed.give", to=receiver,
                         sips=entry.buffer[entry.buffer.index(":") + 1:] or "…")
        return None

    def allowed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | None:
        if isinstance(expect, CallExpected):
            return words(CALL_HINTS.get(expect.question, "bus.keys.call.2"))
        if isinstance(expect, GiveExpected):
            return words("bus.keys.give")
        if isinstance(expect, DriverExpected):
            return words("bus.keys.driver")
        return None
