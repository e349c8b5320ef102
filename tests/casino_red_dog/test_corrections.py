"""Casino Red Dog's hands undone, redone and corrected, through the real CLI on a SQLite file.

Ann is the bank with an ante of 2 for Bo and Cy, 20 chips each. An undo gives the antes
back, a redo puts them down again, and a corrected raise settles its hand anew; a correction
that would leave a later raise without a spread is refused, naming that raise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.casino_red_dog.commands import card, cards, casino, night, raise_
from tests.cli import chips, log_line, play, refused_alone, state

Command = dict[str, Any]


def casino_hand(db: Path, *commands: Command) -> None:
    """Ann is the bank of Casino Red Dog with an ante of 2 for Bo and Cy, 20 chips each."""
    play(db, night(20), casino(ante=2), *commands)


def test_casino_undo_of_a_hands_first_card_gives_the_antes_back_and_redo_restores_the_hand(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    casino_hand(db, card("4"), {"cmd": "undo"}, {"cmd": "redo"})  # actions 3, 4, 5
    placed = state(db, "--at", "3")
    assert chips(placed) == {"Ann": 20, "Bo": 18, "Cy": 18}
    assert placed["bets"] == {"Bo": 2, "Cy": 2} and placed["seen"] == ["4"]

    undone = state(db, "--at", "4")
    assert chips(undone) == {"Ann": 20, "Bo": 20, "Cy": 20} and undone["bets"] == {}
    assert (undone["seen"], undone["hand"], undone["expect"]["slot"]) == ([], [], "bank_first")

    redone = state(db)
    assert redone["last_action"] == 5  # the undo and the redo are actions of their own
    assert {key: value for key, value in redone.items() if key != "last_action"} == {
        key: value for key, value in placed.items() if key != "last_action"}


def test_casino_correcting_a_raise_to_another_amount_resettles_the_hand(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # 4 and 9: spread 4 pays 1 to 1. Bo raises 2 (bet 4), the 6 falls between
    casino_hand(db, *cards("4", "9"), raise_("Bo", 2), card("6"))
    won = state(db)
    assert chips(won) == {"Ann": 14, "Bo": 24, "Cy": 22}
    assert won["last_hand"] == {"outcome": "win", "results": {"Bo": 4, "Cy": 2}}

    assert refused_alone(db, {"cmd": "correct", "action": 5, "command": raise_("Bo", 3)}) == (
        "The correction of action 5 is refused: Bo can raise at most 2 (the ante).")
    play(db, {"cmd": "correct", "action": 5, "command": raise_("Bo", 1)})
    view = state(db)  # Bo's bet was 3: he wins 3, the bank pays 5 in all
    assert chips(view) == {"Ann": 15, "Bo": 23, "Cy": 22}
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 3, "Cy": 2}}
    assert view["bank_result"] == -5 and view["bets"] == {}
    assert log_line(db, 5) == "Bo raises 1 [corrected at action 7]"


def test_casino_correcting_the_first_card_into_neighbours_is_refused_naming_the_raise(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    casino_hand(db, *cards("4", "9"), raise_("Bo", 2), card("6"))
    reason = refused_alone(db, {"cmd": "correct", "action": 3, "command": card("8")})
    # 8 and 9 are neighbours: a push at the second card, so Bo's raise had no spread to go on
    assert reason == ("Correcting action 3 would make action 5 (Bo raise 2) impossible: A raise "
                      "comes after the spread is announced and before the third card.")
    assert chips(state(db)) == {"Ann": 14, "Bo": 24, "Cy": 22}
