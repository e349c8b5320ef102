"""Red Dog's words come with its package: German for every refusal it names and every
option it has, and a log line for each of its events."""

from __future__ import annotations

import re
from pathlib import Path

import engine.games.red_dog as package
from companion.words.i18n import refusal_words
from engine import registry
from engine.event import REGISTRY
from engine.games.red_dog import GAME
from engine.options import option_info


def test_every_refusal_red_dog_names_has_german_words() -> None:
    # The rules name the refusals; the catalogue (words.py) only gives their words.
    source = "".join(path.read_text(encoding="utf-8")
                     for path in Path(package.__file__).parent.glob("*.py")
                     if path.name != "words.py")
    # A refusal's key is the dotted name after its sentence: Refusal("...", "show.size", ...)
    keys = set(re.findall(r',\s*"([a-z_]+\.[a-z_]+)"', source))
    assert {"show.size", "bet.range", "red_dog.no_pass", "expect.no_show"} <= keys
    assert sorted(key for key in keys if refusal_words("de", key) is None) == []


def test_every_option_is_explained_in_german_by_the_package() -> None:
    assert registry.game("red-dog") is GAME
    assert [name for name in option_info(GAME.options)
            if GAME.words["de"].get(f"option.{name}") in (None, GAME.words["en"][f"option.{name}"])
            ] == []


def test_every_event_of_the_package_has_a_line_in_the_log() -> None:
    names = {name for name, cls in REGISTRY.items() if cls.__module__.startswith(
        package.__name__)}
    assert names == {"RoundDealt", "TableCard", "CardsShown", "HandShown", "StackReshuffled",
                     "PotKept"}
    assert sorted(names - {phrase.event.__name__ for phrase in GAME.phrases}) == []
