"""Keystrokes to commands: what the dealer types is read by what the engine expects.

A card takes its rank key (`2`-`9`, `0`/`t` or `1 0` for ten, `j`/`b`, `q`/`d`, `k`, `a`)
and then its suit key (`c d h s`), and is sent at the suit; Enter after the rank sends the
rank alone. Where the game ignores suits the rank alone is the whole card and is sent at
once. A bet is digits and Enter; `p` passes where the expectation allows it; a choice the
expectation offers instead (a low ace, keep the pot) is the letter the game's key map gives
it; a choice of the next dealer is the number of a player the prompt lists. What only one
game has (a raise, a guess, a shown hand) its key map reads first (`screens/games/`).

The commands come out typed (`companion/commands.py`), as the engine reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias

from companion.commands import Bet, Command, Declare, NextDealer, Pass, PlayCard
from companion.views import (
    BetExpected,
    CardExpected,
    DeclareExpected,
    Expect,
    NextDealerExpected,
)

if TYPE_CHECKING:
    from screens.games.keymap import Keys

RANK_KEYS = set("23456789tjbqdka0")
SUIT_KEYS = set("cdhs")


class _NotMine(Enum):
    NOT_MINE = "not mine"


NOT_MINE = _NotMine.NOT_MINE
Entered: TypeAlias = Command | _NotMine | None


@dataclass
class KeyEntry:
    """What has been typed so far for the expected input."""

    buffer: str = ""
    unused: str | None = None  # the last key, when it did nothing
    faulty: str | None = None  # a part of what is typed that the rules refused, marked

    def clear(self) -> None:
        self.buffer = ""
        self.unused = None
        self.faulty = None

    def feed(self, key: str, expect: Expect, keys: Keys | None = None) -> Command | None:
        """Take one key (`keys`: the game's key map, read first); the command once the entry
        is whole, else None. `unused` is the key when it did nothing, so the screen can say
        what fits instead."""
        before = self.buffer
        command = self._take(key, expect, keys)
        quiet = key in ("escape", "backspace") or (key == "enter" and not before)
        self.unused = None if command is not None or self.buffer != before or quiet else key
        return command

    def waiting_for_suit(self, expect: Expect, keys: Keys | None = None) -> bool:
        """Whether a rank is typed and its suit comes next (Enter may take the rank alone)."""
        own = keys.suit_next(self, expect) if keys is not None else None
        if own is not None:
            return own
        return (isinstance(expect, CardExpected) and expect.suits
                and self.buffer not in ("", "1"))

    def _take(self, key: str, expect: Expect, keys: Keys | None) -> Command | None:
        if key == "escape":  # drops whatever is half-typed
            self.buffer = ""
            return None
        if keys is not None:
            own = keys.feed(self, key, expect)
            if own is not NOT_MINE:
                return own
        if key == "backspace":
            # A suit and the space after it go together.
            self.buffer = (self.buffer.rstrip(" ")[:-1] if self.buffer.endswith(" ")
                           else self.buffer[:-1])
            return None
        offered = (expect.declare if isinstance(expect, CardExpected | BetExpected)
                   else expect.choices if isinstance(expect, DeclareExpected) else ())
        choice = keys.choice(key, offered) if keys is not None and not self.buffer else None
        if choice is not None:
            return self.send(Declare(choice=choice))
        if (isinstance(expect, CardExpected | BetExpected) and not self.buffer
                and key in ("p", "P") and expect.passing):
            return self.send(Pass())
        if isinstance(expect, CardExpected):
            return self.card(key, suits=expect.suits)
        if isinstance(expect, BetExpected):
            return self._bet(key)
        if (isinstance(expect, NextDealerExpected) and key.isdigit() and not self.buffer
                and 1 <= int(key) <= len(expect.choices)):
            return self.send(NextDealer(player=expect.choices[int(key) - 1]))
        return None

    def card(self, key: str, suits: bool, prefix: str = "") -> Command | None:
        """A card as rank key then suit key; `prefix` is typed before it and not part of it."""
        key = key.lower()
        typed = self.buffer[len(prefix):]
        if key == "enter":
            if typed and typed != "1":
                return self.send(PlayCard(card=typed))
            return None
        if not typed:
            if key in RANK_KEYS or key == "1":
                self.buffer = prefix + key
                if not suits and key != "1":
                    return self.send(PlayCard(card=key))
            return None
        if typed == "1":
            self.buffer = prefix + ("10" if key == "0" else "")  # only a ten starts with 1
            if self.buffer != prefix and not suits:
                return self.send(PlayCard(card="10"))
            return None
        if key in SUIT_KEYS:
            return self.send(PlayCard(card=typed + key))
        return None

    def _bet(self, key: str) -> Command | None:
        if key.isdigit() and len(key) == 1 and len(self.buffer) < 6:
            self.buffer += key
            return None
        if key == "enter" and self.buffer:
            return self.send(Bet(amount=int(self.buffer)))
        return None

    def send(self, command: Command) -> Command:
        """The entry is whole: `command` goes out and the buffer is empty again."""
        self.buffer = ""
        return command
