"""Words looked up by name: how the log's lines, a command's description and a game's panel
ask for the words of one language.

A catalogue maps each language to its keys and their texts (`{"en": {...}, "de": {...}}`);
a key is a name written out where it is used, never built from a value (tests/test_words.py
scans for it), and every catalogue has each key in both languages with the same
{placeholders}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine.cards import parse_card
from engine.rejection import Refusal

# language -> key -> text: the words a game (or the table) brings.
Catalogues = Mapping[str, Mapping[str, str]]


class Say(Protocol):
    """The words of one language: `say("log.bet_won", player="Ann", amount=5)`."""

    @property
    def language(self) -> str: ...

    def __call__(self, key: str, /, **fields: object) -> str: ...

    def card(self, card: str, /) -> str:
        """A card as this language writes it (German: B, D for J, Q)."""
        ...


class Speech:
    """The words of one language from a few catalogues (the table's, a game's): the first
    that has the key, in this language, else in English."""

    def __init__(self, language: str, *catalogues: Catalogues) -> None:
        self.language = language
        self._tables = ([catalogue.get(language, {}) for catalogue in catalogues]
                        + [catalogue.get("en", {}) for catalogue in catalogues])

    def __call__(self, key: str, /, **fields: object) -> str:
        for table in self._tables:
            text = table.get(key)
            if text is not None:
                return text.format(**fields) if fields else text
        raise KeyError(key)

    def card(self, card: str, /) -> str:
        return card_words(card, self.language)


def card_words(card: str, language: str) -> str:
    """A typed card as `language` writes it (J♥, German B♥), or as typed when it is none."""
    try:
        label = parse_card(card).label
    except (Refusal, ValueError):
        return card
    if language == "de":  # Bube and Dame: B and D
        return label.replace("J", "B").replace("Q", "D")
    return label
