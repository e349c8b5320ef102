"""The words of the dealer's screen in English and German.

The language comes from the locale ($LC_ALL, $LC_MESSAGES, $LANG) unless chosen; German
card letters (B, D) are accepted whatever the language.
"""

from __future__ import annotations

import os
from typing import Any

from companion.words_de import GERMAN
from companion.words_de_rules import GERMAN_RULES
from companion.words_en import ENGLISH
from engine.games import refusal_de

LANGUAGES = ("en", "de")

TEXTS: dict[str, dict[str, str]] = {"en": ENGLISH, "de": {**GERMAN, **GERMAN_RULES}}


def refusal_words(language: str, key: str) -> str | None:
    """The words of refusal `key` in `language`: the program's own, else those the game
    family gives its own refusals (in German)."""
    return TEXTS[language].get(f"refusal.{key}") or (
        refusal_de(key) if language == "de" else None)


def add_words(language: str, texts: dict[str, str]) -> None:
    """Words a game's panel brings for the screen (its prompts and labels), in `language`."""
    TEXTS.setdefault(language, {}).update(texts)


def language_from_locale(environ: dict[str, str] | None = None) -> str:
    """`de` when the locale is German, else `en`."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


class Words:
    """The texts of one language; `words("pot")` or with fields `words("round", round=1)`."""

    def __init__(self, language: str) -> None:
        self.language = language if language in TEXTS else "en"

    def __call__(self, key: str, **fields: Any) -> str:
        text = TEXTS[self.language].get(key) or TEXTS["en"][key]
        return text.format(**fields) if fields else text

    def or_else(self, key: str, default: str) -> str:
        """The text for `key` in this language, or `default` (the engine's own English)."""
        return TEXTS[self.language].get(key) or default

    def refusal(self, reason: str, key: str | None, params: dict[str, Any] | None) -> str:
        """A refusal in this language when it has words for it; the engine's sentence else."""
        if key is None or self.language == "en":
            return reason
        template = refusal_words(self.language, key)
        if template is None:
            return reason
        try:
            return template.format(**(params or {}))
        except (KeyError, IndexError):
            return reason

    def other(self) -> Words:
        return Words("de" if self.language == "en" else "en")
