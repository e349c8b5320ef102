"""The controller the screens talk to: answers, the log lines it keeps, the odds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.controller import TableController
from tests.cli import execute


def _controller(tmp_path: Path) -> TableController:
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": {"stake": 10, "rounds": 3}})
    assert done.returncode == 0
    return TableController.open(db)


def test_the_kept_log_lines_match_lines_built_afresh(tmp_path: Path) -> None:
    table = _controller(tmp_path)
    script: list[dict[str, Any]] = [{"cmd": "card", "card": "5"}, {"cmd": "card", "card": "9"},
              {"cmd": "card", "card": "K"}, {"cmd": "bet", "amount": 3},
              {"cmd": "card", "card": "8"}, {"cmd": "undo"}, {"cmd": "undo"}, {"cmd": "redo"},
              {"cmd": "correct", "action": 5, "command": {"cmd": "card", "card": "6"}},
              {"cmd": "card", "card": "2"}, {"cmd": "undo"}, {"cmd": "card", "card": "Q"}]
    for command in script:
        assert table.send(command).ok
        kept = table.log()
        fresh = TableController(table.session).log()
        assert kept == fresh
    assert [line.undone for line in kept].count(True) == 2
    table.close()


def test_a_refusal_comes_back_as_a_sentence(tmp_path: Path) -> None:
    table = _controller(tmp_path)
    answer = table.send({"cmd": "bet", "amount": 3})
    assert not answer.ok and answer.action is None and "No bet is expected" in str(answer.reason)
    table.close()


def test_the_odds_of_the_spread_are_in_the_view(tmp_path: Path) -> None:
    table = _controller(tmp_path)
    for card in ("4", "8", "J"):
        table.send({"cmd": "card", "card": card})
    odds = table.json_view()["odds"]
    assert (odds["win"], odds["post"], odds["lose"]) == (47, 12, 41)
    table.close()


def test_every_refusal_the_engine_names_has_german_words() -> None:
    import re

    from companion.i18n import refusal_words

    root = Path(__file__).parent.parent
    source = "".join(path.read_text(encoding="utf-8")
                     for folder in ("engine", "events") for path in (root / folder).rglob("*.py"))
    # A refusal's key is the dotted name after its sentence: Refusal("...", "card.out", ...)
    keys = set(re.findall(r',\s*"([a-z_]+\.[a-z_]+)"', source))
    keys |= {"read_only"}
    assert len(keys) >= 14
    assert sorted(key for key in keys if refusal_words("de", key) is None) == []


def test_every_event_has_words_in_the_log() -> None:
    import engine.games  # noqa: F401  (registers every game's events)
    from companion.logtext import PHRASES
    from engine.event import REGISTRY
    from engine.games import phrase_for

    # (a test's toy game brings its own words, and leaves the registry after its test)
    assert sorted(name for name, cls in REGISTRY.items() if cls.__module__.startswith("engine.")
                  and name not in PHRASES and phrase_for(name) is None) == []


def test_every_game_option_is_explained_in_german() -> None:
    from companion.i18n import TEXTS
    from engine.games import GAMES

    missing = [f"option.{preset}.{option.name}" for preset, rules in GAMES.items()
               for option in rules.options
               if option.explain("de") == option.explanation
               and f"option.{preset}.{option.name}" not in TEXTS["de"]]
    assert missing == []
