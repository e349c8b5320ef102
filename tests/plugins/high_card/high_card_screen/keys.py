"""High Card's keys: while the dealer names the lucky rank, a rank key (2-9, 0 or t for ten,
j/b, q/d, k, a) names it at once. Cards are typed as in every game (the shared keys)."""

from __future__ import annotations

from high_card.commands import Nominate, NominateExpected

from companion.views import Expect
from companion.words.i18n import Words
from screens.games import Keys
from screens.keys import NOT_MINE, RANK_KEYS, Entered, KeyEntry


class HighCardKeys(Keys):

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        if not isinstance(expect, NominateExpected):
            return NOT_MINE
        if key.lower() in RANK_KEYS:
            return entry.send(Nominate(rank=key.lower()))
        return None

    def allowed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | None:
        return words("high_card.keys.nominate") if isinstance(expect, NominateExpected) else None
