"""The games installed, as the screens and the players' page ask after them: where a game's
screen package is, its title, its options for the set-up, its rules card. The games
themselves are found by the engine's registry (entry points); nothing here names one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.options import option_info
from engine.rejection import Refusal


def screen_of(game_id: str) -> str | None:
    """The module of the screen package of `game_id` (None: it has none, or is not here)."""
    try:
        return registry.game(game_id).screen
    except Refusal:
        return None


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One game option as the set-up screen offers it."""

    name: str
    default: Any
    explanation: str
    choices: tuple[Any, ...] = ()
    translations: tuple[tuple[str, str], ...] = ()  # the explanation in other languages

    def explain(self, language: str) -> str | None:
        """The explanation in `language`, if the game gives one (English is `explanation`)."""
        return dict(self.translations).get(language)


@dataclass(frozen=True, slots=True)
class GameInfo:
    preset: str
    title: str
    options: tuple[OptionInfo, ...]


def game_presets() -> list[GameInfo]:
    """Every game installed, with its options."""
    def info(game: registry.Playable) -> GameInfo:
        return GameInfo(game.id, game.title, tuple(
            OptionInfo(o.name, o.default, game.words.get("en", {}).get(f"option.{o.name}", ""),
                       o.choices, tuple((language, words[f"option.{o.name}"])
                                        for language, words in game.words.items()
                                        if f"option.{o.name}" in words))
            for o in option_info(game.options).values()))

    return [info(game) for game in registry.games().values()]
