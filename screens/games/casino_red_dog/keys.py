"""Casino Red Dog's keys: `r`, the raiser's number and an amount raises (Enter right after
the number raises the most allowed); `n` passes the bank where it may pass."""

from __future__ import annotations

from rich.text import Text

from companion.commands import NextDealer
from companion.views import Expect
from companion.words.i18n import Words
from engine.games.casino_red_dog.commands import Raise
from engine.games.casino_red_dog.view import BankGone, FirstCardExpected
from screens.games import Keys
from screens.games.casino_red_dog.panel import raisers
from screens.keys import NOT_MINE, Entered, KeyEntry


def _next_bank(expect: Expect) -> str | None:
    """Who takes the bank if it passes now (None: it cannot pass now)."""
    if isinstance(expect, FirstCardExpected | BankGone):
        return expect.next_dealer
    return None


class CasinoKeys(Keys):

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        numbers, raises = raisers(expect)
        if entry.buffer.startswith("r"):
            return self._raise(entry, key, numbers, raises)
        if key == "r" and not entry.buffer and raises:
            entry.buffer = "r"
            return None
        if key == "n" and not entry.buffer and _next_bank(expect):
            return entry.send(NextDealer())
        return NOT_MINE

    def _raise(self, entry: KeyEntry, key: str, numbers: list[str],
               raises: dict[str, int]) -> Entered:
        """`r`, the raiser's number (as shown at the seats: the place in the hand, which a
        raise does not change), digits, Enter; Enter right after the number raises the most
        allowed. A number whose player cannot raise is sent all the same, so the rules say
        why not."""
        if key == "backspace":  # a raiser's number and its colon go together
            entry.buffer = "r" if entry.buffer.endswith(":") else entry.buffer[:-1]
            return None
        if entry.buffer == "r":
            if key.isdigit() and 1 <= int(key) <= len(numbers):
                entry.buffer += key + ":"
            return None
        player = numbers[int(entry.buffer[1]) - 1]
        typed = entry.buffer[3:]
        if key.isdigit() and len(key) == 1 and len(typed) < 4:
            entry.buffer += key
        elif key == "enter":
            amount = int(typed) if typed else raises.get(player, 1)
            return entry.send(Raise(player=player, amount=amount))
        return None

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        return False if entry.buffer.startswith("r") else None

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        numbers, raises = raisers(expect)
        if not entry.buffer.startswith("r") or len(entry.buffer) < 3 or not numbers:
            return entry.buffer if entry.buffer.startswith("r") else None
        index = int(entry.buffer[1]) - 1
        if index >= len(numbers):
            return None
        player = numbers[index]
        return words("raise.typing", player=player, amount=entry.buffer[3:] or "…",
                     limit=raises.get(player, "—"))

    def allowed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | None:
        return words("keys.allowed.raise") if entry.buffer.startswith("r") else None
