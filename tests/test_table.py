"""The controller the screens talk to: answers, the log lines it keeps, the odds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.table import Answer, TableController
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
        assert table.enter(command).ok
        kept = table.log()
        fresh = TableController(table.session).log()
        assert kept == fresh
    assert [line.undone for line in kept].count(True) == 2
    table.close()


def test_a_refusal_comes_back_as_a_sentence(tmp_path: Path) -> None:
    table = _controller(tmp_path)
    answer = table.enter({"cmd": "bet", "amount": 3})
    assert not answer.ok and answer.action is None and "No bet is expected" in str(answer.reason)
    table.close()


def test_a_forms_entry_is_decoded_once_and_a_wrong_one_comes_back_with_the_rules_sentence(
        tmp_path: Path) -> None:
    """What the dealer typed into a form reaches the table as the contract's JSON and is
    decoded there, once: a wrong entry records nothing and says why, keyed for the screen's
    language; a right one is the typed command."""
    table = _controller(tmp_path)
    last = table.view().last_action
    answer = table.enter({"cmd": "join", "player": "Eve", "chips": "ten"})
    assert answer == Answer(reason="The buy-in must be a whole number, not 'ten'.",
                            key="join.chips", params={"chips": "'ten'", "value": "'ten'"})
    assert table.view().last_action == last
    assert table.enter({"cmd": "join", "player": "Eve", "chips": 10}).action == last + 1
    assert "Eve" in table.view().players
    table.close()


def test_the_odds_of_the_spread_are_in_the_view(tmp_path: Path) -> None:
    table = _controller(tmp_path)
    for card in ("4", "8", "J"):
        table.enter({"cmd": "card", "card": card})
    odds = table.json_view()["odds"]
    assert (odds["win"], odds["post"], odds["lose"]) == (47, 12, 41)
    table.close()


def test_every_refusal_the_engine_names_has_german_words() -> None:
    import ast

    from companion.words.i18n import refusal_words

    root = Path(__file__).parent.parent
    keys = {"read_only"}
    for folder in ("engine", "events"):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                # Refusal("the sentence", "card.out", ...): the key is its second argument
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("Refusal", "Rejection") and len(node.args) > 1
                        and isinstance(node.args[1], ast.Constant)
                        and isinstance(node.args[1].value, str)):
                    keys.add(node.args[1].value)
    assert len(keys) >= 14
    assert sorted(key for key in keys if refusal_words("de", key) is None) == []


def test_every_event_has_words_in_the_log() -> None:
    from companion.logtext import PHRASES
    from engine import registry
    from engine.event import REGISTRY

    said = {phrase.event.__name__ for game in registry.games().values()
            for phrase in game.phrases}
    assert sorted(name for name, cls in REGISTRY.items() if cls.__module__.startswith("engine.")
                  and name not in PHRASES and name not in said) == []


def test_every_game_option_is_explained_in_german() -> None:
    from engine import registry
    from engine.options import option_info

    missing = [f"{game.id}: {name}" for game in registry.games().values()
               for name in option_info(game.options)
               if game.words.get("de", {}).get(f"option.{name}")
               in (None, game.words["en"].get(f"option.{name}"))]
    assert missing == []
