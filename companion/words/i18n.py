"""The words of the dealer's screen in English and German.

The language comes from the locale ($LC_ALL, $LC_MESSAGES, $LANG) unless chosen; German
card letters (B, D) are accepted whatever the language.
"""

from __future__ import annotations

import re
from typing import Any

from companion.words.de import GERMAN
from companion.words.de_rules import GERMAN_RULES
from companion.words.en import ENGLISH
from companion.words.languages import LANGUAGES as LANGUAGES  # its home; named here too
from companion.words.languages import language_from_locale as language_from_locale
from engine import registry
from engine.rejection import Refusal
from engine.say import Catalogues as Catalogues  # what the screens hand a game's words as

# How engine.text.quoted ends a value it cut: "… (100,000 characters)".
_LENGTH = re.compile(r"\(([\d,]+) (characters|digits)\)$")

# The table's catalogue: the screens' and papers' words. A game's own words stay in its
# catalogue (its `Game.words`) and are looked up beside these while it is on the table.
TABLE: Catalogues = {"en": ENGLISH, "de": {**GERMAN, **GERMAN_RULES}}


def game_words(game: str | None) -> Catalogues:
    """The catalogue of the game `game` (its id), as its plug-in gives it; none between games
    or for a game not installed here."""
    if game is None:
        return {}
    try:
        return registry.game(game).words
    except Refusal:
        return {}


def refusal_words(language: str, key: str) -> str | None:
    """The screen's words of refusal `key` in `language`: the program's own, else those a game
    gives its own refusals. None: the rules' English sentence stands."""
    found = TABLE[language].get(f"refusal.{key}")
    if found is None:
        for game in registry.games().values():
            found = game.words.get(language, {}).get(f"refusal.{key}")
            if found is not None:
                break
    return found


class Words:
    """The texts of one language: `words("pot")` or with fields `words("round", round=1)`;
    the table's, and those of the game on the table (`playing`), no other game's."""

    def __init__(self, language: str, game: Catalogues | None = None) -> None:
        self.language = language if language in TABLE else "en"
        self.game: Catalogues = game or {}
        # This language first, then English: the table's words, then the game's.
        self._own = (TABLE[self.language], self.game.get(self.language, {}))
        self._tables = (*self._own, TABLE["en"], self.game.get("en", {}))

    def playing(self, game: str | None) -> Words:
        """These words with those of `game` (by its id: the game on the table, or None
        between games) in place of any other game's."""
        return Words(self.language, game_words(game))

    def __call__(self, key: str, **fields: Any) -> str:
        for table in self._tables:
            text = table.get(key)
            if text:
                return text.format(**fields) if fields else text
        raise KeyError(key)

    def or_else(self, key: str, default: str) -> str:
        """The text for `key` in this language, or `default` (the engine's own English)."""
        for table in self._own:
            text = table.get(key)
            if text:
                return text
        return default

    def has(self, key: str) -> bool:
        """Whether there are words for `key` (in this language or in English)."""
        return any(key in table for table in self._tables)

    def refusal(self, reason: str, key: str | None, params: dict[str, Any] | None) -> str:
        """A refusal in the screen's words: this language's sentence for its key where there
        is one (the screen's own: it names the keys where the rules name the commands, and
        the field a dialog shows), the rules' own sentence else."""
        if key is None:
            return reason
        template = refusal_words(self.language, key)
        if template is None:
            return reason
        fields = {name: self._number(value) for name, value in (params or {}).items()}
        try:
            if "field" in fields:  # what the sentence is about, in this language's words
                noun = TABLE[self.language].get(f"refusal.field.{fields['field']}")
                if noun is None:
                    return reason
                fields.setdefault("what", noun.format(**fields))
            return template.format(**fields)
        except (KeyError, IndexError):
            return reason

    def _number(self, value: Any) -> Any:
        """A whole number of five digits or more grouped as the language groups it
        (German: 1.000.000); a value quoted short says its length in the language too."""
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10_000:
            grouped = f"{value:,}"
            return grouped.replace(",", ".") if self.language == "de" else grouped
        if isinstance(value, str) and self.language == "de":
            return _LENGTH.sub(lambda m: f"({m[1].replace(',', '.')} "
                                         f"{'Zeichen' if m[2] == 'characters' else 'Ziffern'})",
                               value)
        return value

    def other(self) -> Words:
        return Words("de" if self.language == "en" else "en", self.game)
