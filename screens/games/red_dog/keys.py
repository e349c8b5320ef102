"""Red Dog's keys: a shown hand is each card as rank then suit, then Enter (a refused hand
stays typed with the card the rules named marked); `k` / `a` keep the pot or deal again
after three rounds of shoot; ctrl+o splits a pot grown too big, by the table's agreement."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from companion.commands import Command
from companion.present import typed_label
from companion.views import Expect
from companion.words.i18n import Words
from engine.games.red_dog.commands import Show, ShowExpected, SplitPot
from screens.games import GameKey, Keys
from screens.keys import NOT_MINE, RANK_KEYS, SUIT_KEYS, Entered, KeyEntry


class RedDogKeys(Keys):
    CHOICES = {"keep_pot": "k", "deal_again": "a"}
    # In the command palette: the footer has no room left for it.
    ACTIONS = (GameKey("red_dog.split_pot", "ctrl+o", "key.split_pot", SplitPot()),)

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        if isinstance(expect, ShowExpected) and key != "backspace":
            return _show(entry, key)
        return NOT_MINE

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        if not isinstance(expect, ShowExpected):
            return None
        return entry.buffer.rsplit(" ", 1)[-1] not in ("", "1")

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        if not isinstance(expect, ShowExpected):
            return None
        shown = Text(typed_cards(entry.buffer), style="bold yellow")
        if entry.faulty:
            shown.highlight_words([entry.faulty], style="bold white on red")
        return shown

    def allowed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | None:
        if isinstance(expect, ShowExpected):
            return words("keys.allowed.suit" if self.suit_next(entry, expect)
                         else "keys.allowed.show")
        return None

    def refused(self, entry: KeyEntry, command: Command, params: Mapping[str, object]) -> None:
        # A refused hand stays typed, the card the rules named marked, so the dealer mends
        # one card instead of typing the hand again.
        if isinstance(command, Show):
            entry.buffer = "".join(f"{card} " for card in command.cards)
            card = params.get("card")
            entry.faulty = card if isinstance(card, str) else None
        else:
            super().refused(entry, command, params)


def typed_cards(buffer: str) -> str:
    """Cards typed for a shown hand as the dealer reads them (K♠, not ks); a card still
    waiting for its suit stays as typed."""
    return " ".join(typed_label(token) if token[-1:] in ("c", "d", "h", "s") and len(token) > 1
                    else token for token in buffer.split(" "))


def _show(entry: KeyEntry, key: str) -> Command | None:
    """Cards as rank then suit, one after another (a space goes in after each suit by
    itself); Enter shows them. `d` is a queen where a rank comes and diamonds where a suit
    does."""
    key = key.lower()
    if key == "enter":
        if entry.buffer.endswith(" ") and entry.buffer.strip():
            return entry.send(Show(cards=tuple(entry.buffer.split())))
        return None
    wants_rank = not entry.buffer or entry.buffer.endswith(" ")
    if wants_rank and (key in RANK_KEYS or key == "1"):
        entry.buffer += key
    elif entry.buffer.endswith("1") and not wants_rank:
        if key == "0":
            entry.buffer += "0"
    elif not wants_rank and key in SUIT_KEYS:
        entry.buffer += key + " "
    return None
