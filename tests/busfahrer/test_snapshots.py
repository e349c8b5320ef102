"""Snapshots of Busfahrer's table (pytest-textual-snapshot): the pyramid half turned with a
give owed, at 80×24 in German and 120×40 in English.

Update them after a deliberate change of the screen with `pytest --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.app import CompanionApp
from companion.table import TableController
from tests.cli import execute


def _cmds(*pairs: tuple[str, str]) -> list[dict[str, Any]]:
    """A call and its card for each pair."""
    return [command for choice, card in pairs
            for command in ({"cmd": "call", "choice": choice}, {"cmd": "card", "card": card})]


def _give(to: str, sips: int) -> dict[str, Any]:
    return {"cmd": "give", "to": to, "sips": sips}


# Ann, Ben and Cleo, Cleo dealing: Ann calls first; every call wrong but Ann's first.
QUESTIONS = [*_cmds(("red", "Kh")), _give("Ben", 1),
             *_cmds(("red", "7c"), ("red", "9s"),
                    ("higher", "5s"), ("lower", "Jd"), ("lower", "Qc"),
                    ("inside", "2d"), ("outside", "8h"), ("outside", "10c"),
                    ("c", "3h"), ("d", "4s"), ("h", "6d"))]
# Ann lays her K and gives 1; Ben lays his 7 and has 1 to give.
PYRAMID = [{"cmd": "card", "card": "Kd"}, _give("Ben", 1), {"cmd": "card", "card": "7"}]


def _night(db: Path, *extra: dict[str, Any]) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Ben", "Cleo"], "chips": 0},
                   {"cmd": "start_game", "game": "busfahrer", "dealer": "Cleo"}, *extra)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("size", "language"), [((80, 24), "de"), ((120, 40), "en")])
def test_the_pyramid_half_turned_with_sips_to_give(snap_compare: Any, tmp_path: Path,
                                                   size: tuple[int, int],
                                                   language: str) -> None:
    db = tmp_path / "night.db"
    _night(db, *QUESTIONS, *PYRAMID)
    app = CompanionApp(TableController.open(db), language)
    assert snap_compare(app, terminal_size=size)
