"""A game's key map: what its keys make beside the keys every game shares.

`Keys` is read by `screens/keys.py` `KeyEntry` before the shared keys: a game's own entry (a
raise, a guess, a shown hand; arrows too where it names them) and how it shows while typed,
the letter of each choice its expectations offer, what stays typed after a refusal, and its
own key actions (`GameKey`), which the table binds while the game is on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text

from companion.commands import Command
from companion.views import Expect
from companion.words.i18n import Words
from screens.keys import NOT_MINE, Entered, KeyEntry


@dataclass(frozen=True, slots=True)
class GameKey:
    """A key of the game's own beside the table's keys (a split of the pot): bound, in the
    command palette and in the help while the game is on the table, and in the footer too
    with `show`."""

    id: str  # unique among every game's keys, so a keymap can remap it
    key: str
    word: str  # the words key of its label
    command: Command  # what it sends
    show: bool = False


class Keys:
    """The keys of a game with no key map of its own, and the defaults every key map starts
    from: nothing but the keys every game shares."""

    # The letter of each choice (by its name) an expectation of this game may offer in
    # place of the entry: a low ace, a split, keep the pot.
    CHOICES: ClassVar[Mapping[str, str]] = {}
    # The game's own key actions.
    ACTIONS: ClassVar[tuple[GameKey, ...]] = ()
    # Keys beyond the printable ones that the prompt line gives this map (an arrow for
    # higher or lower): `feed` reads them while the prompt line has the focus, so the log's
    # arrows, once it has the focus, stay the log's.
    NAMED: ClassVar[frozenset[str]] = frozenset()

    def choice(self, key: str, offered: tuple[str, ...]) -> str | None:
        """The choice among `offered` whose letter `key` is (either case), if any."""
        return next((choice for choice in offered
                     if self.CHOICES.get(choice) == key.lower()), None)

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        """A key this game means something by (before the keys every game shares): the
        command once the entry is whole, None while it is not, NOT_MINE if the key is
        not the game's own."""
        return NOT_MINE

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        """Whether a suit is typed next in this game's own entry (None: the shared rule)."""
        return None

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        """How this game shows what is typed so far (None: as typed)."""
        return None

    def suit_hint(self, entry: KeyEntry, expect: Expect, words: Words) -> str:
        """The hint while a suit is typed next, in `words`."""
        return words("keys.now_suit")

    def allowed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | None:
        """The words saying which keys fit now in this game's own entry (None: the shared
        ones for the kind)."""
        return None

    def refused(self, entry: KeyEntry, command: Command, params: Mapping[str, object]) -> None:
        """What stays typed after the rules refused `command` (`params`: the refusal's
        details): nothing, unless the game keeps a long entry to be mended."""
        entry.clear()
