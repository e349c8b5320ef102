"""Snapshots of the dealer's screens at a fixed size (pytest-textual-snapshot).

Update them after a deliberate change of the screens with `pytest --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.app import CompanionApp
from companion.table import TableController
from engine import registry
from tests.cli import execute

SIZE = (120, 40)


def _night(db: Path, *extra: dict[str, Any]) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Anna", "Ben", "Cleo", "Dan"],
                        "chips": 100, "name": "Friday"},
                   *extra)
    assert done.returncode == 0, done.stderr


GAME = ({"cmd": "start_game", "game": "in-between", "dealer": "Anna",
         "options": {"stake": 20, "rounds": 2}},
        {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "9h"},
        {"cmd": "card", "card": "Ks"}, {"cmd": "card", "card": "Jh"},
        {"cmd": "bet", "amount": 5}, {"cmd": "card", "card": "9d"},
        {"cmd": "card", "card": "10s"})


def _app(db: Path) -> CompanionApp:
    return CompanionApp(TableController.open(db), "en")


def test_table_screen(snap_compare: Any, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, *GAME)
    assert snap_compare(_app(db), terminal_size=SIZE)


def test_replay_screen(snap_compare: Any, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, *GAME)
    assert snap_compare(_app(db), terminal_size=SIZE, press=["ctrl+r", "left", "left"])


def test_help_screen(snap_compare: Any, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, *GAME)
    assert snap_compare(_app(db), terminal_size=SIZE, press=["f1"])


def test_night_setup_screen(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path / "night.db"), terminal_size=SIZE,
                        press=[*"Anna", "enter", *"Ben", "enter"])


# The games on the set-up's list when its snapshot was drawn: a game installed since (from
# this distribution or another) takes its place on the list by its title and would move it.
DRAWN_GAMES = ("in-between", "casino-red-dog", "in-amongst", "red-dog", "schlag-den-dealer")


def test_game_setup_screen(snap_compare: Any, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_found", {
        name: point for name, point in registry._entry_points().items()
        if name in DRAWN_GAMES})
    db = tmp_path / "night.db"
    _night(db)
    assert snap_compare(_app(db), terminal_size=SIZE)


def _cards(*ranks: str) -> list[dict[str, Any]]:
    return [{"cmd": "card", "card": rank} for rank in ranks]


def test_split_hands_side_by_side(snap_compare: Any, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "start_game", "game": "in-between", "dealer": "Anna",
                "options": {"ante": 2, "pairs": "split", "three_posts": True}},
           *_cards("7", "4", "Q", "2", "7"), {"cmd": "declare", "choice": "split"},
           *_cards("K"), {"cmd": "bet", "amount": 2}, *_cards("9"))
    assert snap_compare(_app(db), terminal_size=SIZE)


def test_casino_red_dog_with_the_spread_called(snap_compare: Any, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "start_game", "game": "casino-red-dog", "dealer": "Anna",
                "options": {"ante": 2}},
           *_cards("5", "9"), {"cmd": "raise", "player": "Ben", "amount": 2})
    assert snap_compare(_app(db), terminal_size=SIZE, press=["r", "2"])


def test_red_dog_with_the_turned_card_and_a_hand_being_shown(snap_compare: Any,
                                                             tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "start_game", "game": "red-dog", "dealer": "Anna"},
           {"cmd": "bet", "amount": 4}, *_cards("3d", "Js"), {"cmd": "show", "cards": ["Ks"]},
           {"cmd": "bet", "amount": 2}, *_cards("9h", "7h"))
    assert snap_compare(_app(db), terminal_size=SIZE, press=["k", "h"])


def test_schlag_den_dealer_with_a_hint_and_two_misses(snap_compare: Any,
                                                      tmp_path: Path) -> None:
    """The values laid out by value, the miss meter at 2, the sip bars, the hidden card's
    hint after a wrong first guess and the last turn with who owed what."""
    db = tmp_path / "night.db"
    _night(db, {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Anna"},
           {"cmd": "card", "card": "Ac"}, {"cmd": "guess", "value": "A"},
           {"cmd": "guess", "value": 7}, {"cmd": "guess", "value": 9},
           {"cmd": "card", "card": "5h"},
           {"cmd": "guess", "value": 2}, {"cmd": "guess", "value": 3},
           {"cmd": "card", "card": "Kd"},
           {"cmd": "card", "card": "8d"}, {"cmd": "guess", "value": 10})
    assert snap_compare(_app(db), terminal_size=SIZE)
