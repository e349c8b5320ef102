"""Schlag den Dealer's keys: a guess is its value's key, sent at once (with value_and_suit the
first guess takes its suit too); `=` and the card first enter the dealer's card, typed blind
and kept hidden until it is laid out."""

from __future__ import annotations

from rich.text import Text

from companion.commands import PlayCard
from companion.views import Expect
from companion.words.i18n import Words
from engine.games.schlag_den_dealer.commands import Guess, GuessExpected
from engine.games.schlag_den_dealer.view import SchlagGuess
from screens.games import Keys
from screens.keys import NOT_MINE, Entered, KeyEntry


def _guessing_a_value(entry: KeyEntry, expect: Expect) -> bool:
    """Whether a guessed value is typed (Enter may send it without a suit), not a card."""
    return isinstance(expect, GuessExpected) and not entry.buffer.startswith("=")


def _card_in(guess: GuessExpected) -> bool:
    """Whether the dealer's card is in already (a guess retyped in a correction comes with
    the card in)."""
    return guess.card_in if isinstance(guess, SchlagGuess) else True


class SchlagKeys(Keys):

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        if not isinstance(expect, GuessExpected) or key == "backspace":
            return NOT_MINE
        if entry.buffer.startswith("="):
            return entry.card(key, suits=expect.suits, prefix="=")
        if key == "=" and not entry.buffer and not _card_in(expect):
            entry.buffer = "="
            return None
        command = entry.card(key, suits=expect.suits and expect.attempt == 1)
        if not isinstance(command, PlayCard):
            return None
        value = command.card
        return Guess(value="10" + value[1:] if value[:1] in ("0", "t") else value)

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        if not isinstance(expect, GuessExpected):
            return None
        typed = entry.buffer.removeprefix("=")
        suits = expect.suits and (entry.buffer.startswith("=") or expect.attempt == 1)
        return suits and typed not in ("", "1")

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        if entry.buffer.startswith("="):  # the dealer's card, typed blind
            return "= " + "▪" * (len(entry.buffer) - 1)
        return None

    def suit_hint(self, entry: KeyEntry, expect: Expect, words: Words) -> str:
        return words("keys.now_suit.guess" if _guessing_a_value(entry, expect)
                     else "keys.now_suit")

    def allowed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | None:
        if not isinstance(expect, GuessExpected):
            return None
        if self.suit_next(entry, expect):
            return words("keys.allowed.suit.guess" if _guessing_a_value(entry, expect)
                         else "keys.allowed.suit")
        return words("keys.allowed.guess")
