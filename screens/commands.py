"""The command palette of the table: every table action, and the keys of the game on the
table, in the screen's language."""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from screens.table import TableScreen


class TableCommands(Provider):
    """Offers undo, redo, correct, replay, rules, games, joins and the rest by name, and
    what the game on the table has keys of its own for."""

    def _entries(self) -> list[tuple[str, str, str]]:
        screen: TableScreen = self.screen  # type: ignore[assignment]
        words = screen.words
        return [(words(key.word), key.action, key.key) for key in screen.keys]

    async def discover(self) -> Hits:
        for word, action, key in self._entries():
            yield DiscoveryHit(word, partial(self.screen.run_action, action), help=key)

    async def search(self, query: str) -> AsyncIterator[Hit]:
        matcher = self.matcher(query)
        for word, action, key in self._entries():
            score = matcher.match(word)
            if score > 0:
                yield Hit(score, matcher.highlight(word), partial(self.screen.run_action, action),
                          help=key)
