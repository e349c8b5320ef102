"""The start of a night, and mending it: at least two players, names one regardless of case,
and a correction of start_night that re-decides the whole night."""

from __future__ import annotations

from pathlib import Path

from tests.cli import companion, play, refused, refused_alone, state

START = {"cmd": "start_night", "players": ["Ann", "Boo", "Cy"], "chips": 100}
GAME = {"cmd": "start_game", "game": "in-between", "dealer": "Boo",
        "options": {"stake": 10, "rounds": 1}}


def test_a_night_needs_two_players(tmp_path: Path) -> None:
    reason = refused(tmp_path / "n.db", {"cmd": "start_night", "players": ["Ann"], "chips": 100})
    assert reason == "A night needs at least two players; name them all in seat order."


def test_ann_and_ann_in_small_letters_are_one_name(tmp_path: Path) -> None:
    reason = refused(tmp_path / "n.db", {"cmd": "start_night", "players": ["Ann", "Bo", "ann"],
                                         "chips": 100})
    assert reason == ("Each name may sit at the table once: Ann and ann are one name (case "
                      "does not count).")


def test_a_name_typed_in_other_letters_means_the_player_at_the_table(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START, {"cmd": "leave", "player": "cy"})
    assert not state(db)["players"]["Cy"]["present"]
    assert refused_alone(db, {"cmd": "join", "player": "ANN", "chips": 50}) == (
        "Ann is already at the table; use rebuy for more chips.")
    play(db, {"cmd": "join", "player": "CY", "chips": 50})  # Cy comes back, spelt as before
    assert set(state(db)["players"]) == {"Ann", "Boo", "Cy"}
    assert state(db)["players"]["Cy"]["bought_in"] == 150


def test_a_forgotten_chip_value_and_night_name_are_mended_afterwards(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START, GAME, {"cmd": "card", "card": "5"})
    out = play(db, {"cmd": "correct", "action": 1, "command": {
        **START, "chip_value": "0,10".replace(",", "."), "currency": "eur", "name": "Friday"}})
    assert out.strip() == ("4  "
        'correct action 1 to start the night: Ann, Boo, Cy with 100 chips, chip value 0.10, '
        'currency eur, name Friday')
    view = state(db)
    assert (view["chip_value"], view["currency"], view["name"]) == ("0.10", "EUR", "Friday")
    assert view["pot"] == 10 and view["last_action"] == 4  # the game went on untouched
    log = companion(db, "log").stdout
    assert ('the night starts: Ann, Boo and Cy with 100 chips each; a chip is worth 0.10 EUR, '
            'called "Friday" [corrected at action 4]') in log


def test_a_mistyped_name_is_mended_wherever_the_night_named_it(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START, GAME, {"cmd": "leave", "player": "Boo"})
    play(db, {"cmd": "correct", "action": 1,
              "command": {**START, "players": ["Ann", "Bo", "Cy"]}})
    view = state(db)
    assert set(view["players"]) == {"Ann", "Bo", "Cy"}
    assert not view["players"]["Bo"]["present"]
    log = companion(db, "log").stdout
    assert "Bo deals; Bo stakes 10" in log and "Bo leaves" in log and "Boo" not in log.replace(
        '"Boo"', "")


def test_wrong_start_chips_are_mended_and_every_stack_follows(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START, GAME)
    play(db, {"cmd": "correct", "action": 1, "command": {**START, "chips": 50}})
    stacks = {name: seat["chips"] for name, seat in state(db)["players"].items()}
    assert stacks == {"Ann": 50, "Boo": 40, "Cy": 50}


def test_a_mended_start_that_breaks_a_later_action_is_refused_naming_it(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START, GAME)
    reason = refused_alone(db, {"cmd": "correct", "action": 1, "command": {
        **START, "players": ["Ann", "Cy"]}})
    assert reason.startswith("Correcting action 1 would make action 2 (start in-between, "
                             "dealer Boo) impossible: There is no player called 'Boo'")


def test_a_mended_start_still_needs_two_players(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START)
    reason = refused_alone(db, {"cmd": "correct", "action": 1, "command": {
        **START, "players": ["Ann"]}})
    assert reason == ("The correction of action 1 is refused: A night needs at least two "
                      "players; name them all in seat order.")


def test_a_renamed_player_moved_to_another_seat_is_still_one_rename(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    play(db, START, GAME)
    play(db, {"cmd": "correct", "action": 1,
              "command": {**START, "players": ["Bo", "Ann", "Cy"]}})
    view = state(db)
    assert list(view["players"]) == ["Bo", "Ann", "Cy"] and view["dealer"] == "Bo"
