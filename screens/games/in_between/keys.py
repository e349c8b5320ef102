"""In-Between's keys: `l` declares an ace low, `s` splits a pair; the rest are the keys every
game shares (a card's rank, a bet's digits, `p` to pass)."""

from __future__ import annotations

from screens.games import Keys


class InBetweenKeys(Keys):
    CHOICES = {"low_ace": "l", "split": "s"}
