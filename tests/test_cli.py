"""The headless contract through the real CLI, on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli import companion, english, execute, play, row_count, state

NIGHT = {"cmd": "start_night", "players": ["Dealer", "Anna", "Ben"], "chips": 100}


def _anna_to_bet(db: Path) -> None:
    done = execute(db, NIGHT,
                   {"cmd": "start_game", "game": "in-between", "dealer": "Dealer",
                    "options": {"stake": 12, "rounds": 1}},
                   {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "8s"},
                   {"cmd": "card", "card": "Jh"})
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("third, anna, pot", [("9d", 105, 7), ("K", 95, 17), ("4", 90, 22),
                                              ("J", 90, 22)])
def test_worked_example_through_the_cli(tmp_path: Path, third: str, anna: int,
                                        pot: int) -> None:
    db = tmp_path / "night.db"
    _anna_to_bet(db)
    assert state(db)["pot"] == 12
    done = execute(db, {"cmd": "bet", "amount": 5, "player": "Anna"},
                   {"cmd": "card", "card": third})
    assert done.returncode == 0, done.stderr
    view = state(db)
    assert (view["players"]["Anna"]["chips"], view["pot"], view["turn"]) == (anna, pot, "Ben")


def test_a_whole_dealers_game_then_the_next_dealer_stakes(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    script = tmp_path / "game.jsonl"
    commands = [
        {"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dan"], "chips": 50},
        {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
         "options": {"stake": 10, "rounds": 2}},
        # round 1: first cards Bo, Cy, Dan
        {"cmd": "card", "card": "3h"}, {"cmd": "card", "card": "Qc"}, {"cmd": "card", "card": "7d"},
        {"cmd": "card", "card": "Kh"}, {"cmd": "bet", "amount": 4}, {"cmd": "card", "card": "9s"},
        {"cmd": "card", "card": "Jc"}, {"cmd": "pass"},
        {"cmd": "card", "card": "2c"}, {"cmd": "bet", "amount": 3}, {"cmd": "card", "card": "7h"},
        # round 2: a fresh shuffle, so 3h may come again
        {"cmd": "card", "card": "3h"}, {"cmd": "card", "card": "5c"}, {"cmd": "card", "card": "As"},
        {"cmd": "card", "card": "8d"}, {"cmd": "bet", "amount": 6}, {"cmd": "card", "card": "Ad"},
        {"cmd": "card", "card": "Th"}, {"cmd": "bet", "amount": 5}, {"cmd": "card", "card": "7c"},
        {"cmd": "card", "card": "2d"}, {"cmd": "bet", "amount": 13}, {"cmd": "card", "card": "Kd"},
    ]
    script.write_text("\n".join(json.dumps(c) for c in commands) + "\n")
    done = companion(db, "exec", str(script))
    assert done.returncode == 0, done.stderr
    # Bo +4; Dan posts (7, 2 then 7): -6; Bo -6; Cy +5; Dan takes the whole pot of 13,
    # which ends Ann's dealer's game at once; Bo deals next and stakes 10.
    view = state(db)
    players = {name: seat["chips"] for name, seat in view["players"].items()}
    assert players == {"Ann": 40, "Bo": 48 - 10, "Cy": 55, "Dan": 57}
    assert view["dealer"] == "Bo" and view["pot"] == 10 and view["turn"] == "Cy"
    assert view["last_dealer_result"] == {"dealer": "Ann", "result": -10}
    assert sum(players.values()) + view["pot"] == 200
    log = companion(db, "log").stdout
    assert "the pot is empty: Ann loses the stake of 10" in log
    assert "Dan hits the post and pays 6" in log
    assert len(done.stdout.splitlines()) == len(commands)


def _started(db: Path) -> None:
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": {"stake": 10}},
                   {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},
                   {"cmd": "card", "card": "Kd"})
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("line, words", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"amount": 3}', "cmd"),
    ('{"cmd": "shuffle_up"}', "Unknown command"),
    ('{"cmd": "bet", "amount": 3, "player": "Cy"}', "It is Bo's turn, not Cy's."),
    ('{"cmd": "bet", "amount": 11}', "at most 10"),
    ('{"cmd": "bet", "amount": -2}', "whole number"),
    ('{"cmd": "bet", "amount": 2.5}', "whole number"),
    ('{"cmd": "bet", "amount": "3"}', "whole number"),
    ('{"cmd": "card", "card": "9c"}', "No card is expected"),
    ('{"cmd": "guess", "value": 7}', "not a move in In-Between"),
    ('{"cmd": "show", "cards": ["Ks"]}', "not a move in In-Between"),
    ('{"cmd": "correct", "action": 99, "command": {"cmd": "pass"}}', "no action 99"),
    ('{"cmd": "redo"}', "Nothing to redo"),
])
def test_every_rejection_exits_2_with_a_sentence_and_records_nothing(
        tmp_path: Path, line: str, words: str) -> None:
    db = tmp_path / "night.db"
    _started(db)
    before_rows, before_state = row_count(db), state(db)
    done = companion(db, "exec", "-", stdin=line + "\n")
    assert done.returncode == 2
    assert done.stderr.startswith("line 1: ") and words in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert row_count(db) == before_rows and state(db) == before_state


def test_an_impossible_card_is_refused_naming_the_earlier_entry(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    execute(db, {"cmd": "bet", "amount": 2})
    done = execute(db, {"cmd": "card", "card": "K♦"})
    assert done.returncode == 2 and "K♦ is already out" in done.stderr
    assert "action 5" in done.stderr


def test_exec_stops_at_the_first_rejection_and_keeps_earlier_lines(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    done = companion(db, "exec", "-", stdin='{"cmd":"bet","amount":2}\n\n# a comment\n'
                                            '{"cmd":"bet","amount":2}\n{"cmd":"pass"}\n')
    assert done.returncode == 2 and done.stderr.startswith("line 4: ")
    assert state(db)["expect"]["slot"] == "third"


def test_undo_redo_and_correct_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    assert execute(db, {"cmd": "bet", "amount": 3}, {"cmd": "card", "card": "8s"}).returncode == 0
    won = state(db)
    assert won["players"]["Bo"]["chips"] == 103
    assert execute(db, {"cmd": "undo"}).returncode == 0
    assert state(db)["players"]["Bo"]["chips"] == 97 and state(db)["pot"] == 10
    assert execute(db, {"cmd": "redo"}).returncode == 0
    again = state(db)
    assert {k: v for k, v in again.items() if k != "last_action"} == {
        k: v for k, v in won.items() if k != "last_action"}
    # the third card was really the 2 of spades: Bo lost
    assert execute(db, {"cmd": "correct", "action": 7,
                        "command": {"cmd": "card", "card": "2s"}}).returncode == 0
    corrected = state(db)
    assert corrected["players"]["Bo"]["chips"] == 97 and corrected["pot"] == 13
    assert "2s" in corrected["seen"] and "8s" not in corrected["seen"]
    log = companion(db, "log").stdout.splitlines()
    assert any("undo action 7" in line for line in log)
    assert any("corrected at action 10" in line for line in log)


def test_a_correction_that_breaks_a_later_action_is_refused_naming_it(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    assert execute(db, {"cmd": "bet", "amount": 10}, {"cmd": "card", "card": "8s"},
                   ).returncode == 0  # Bo wins the whole pot: the deal passes to Bo
    rows = row_count(db)
    # Had Bo's second card been a 6, a bet of 10 would still fit, but 5h..6 are neighbours:
    # fine. Had the pot been 5, the bet of 10 would not: correct the stake instead.
    done = execute(db, {"cmd": "correct", "action": 2,
                        "command": {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                                    "options": {"stake": 5}}})
    assert done.returncode == 2
    assert "would make action 6 (bet 10) impossible" in done.stderr
    assert row_count(db) == rows


def test_state_at_an_action_replays_the_night_to_then(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    execute(db, {"cmd": "bet", "amount": 3}, {"cmd": "card", "card": "8s"})
    assert state(db, "--at", "2")["pot"] == 10
    then = state(db, "--at", "6")
    assert then["players"]["Bo"]["chips"] == 97 and then["last_action"] == 6
    assert state(db)["last_action"] == 7
    done = companion(db, "state", "--json", "--at", "99")
    assert done.returncode == 2 and "no action 99" in done.stderr


def test_export_then_import_gives_the_same_night(tmp_path: Path) -> None:
    db, other = tmp_path / "night.db", tmp_path / "other.db"
    _started(db)
    execute(db, {"cmd": "bet", "amount": 3}, {"cmd": "undo"}, {"cmd": "bet", "amount": 4})
    exported = tmp_path / "night.jsonl"
    assert companion(db, "export", "--out", str(exported)).returncode == 0
    execute(other, {"cmd": "start_night", "players": ["X", "Y"], "chips": 1})
    done = companion(other, "import", str(exported))
    assert done.returncode == 0 and "night 2" in done.stdout
    original, imported = state(db), state(other, "--night", "2")
    assert {**original, "night": None} == {**imported, "night": None}
    assert companion(other, "verify").returncode == 0


def test_import_refuses_a_broken_chain(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    lines = companion(db, "export").stdout.splitlines()
    row = json.loads(lines[3])
    row["payload"]["card"] = "6h"
    lines[3] = json.dumps(row)
    target = tmp_path / "other.db"
    done = companion(target, "import", "-", stdin="\n".join(lines) + "\n")
    assert done.returncode == 2 and "line 4" in done.stderr and "hash" in done.stderr
    assert not target.exists() or companion(target, "verify").stdout.strip().endswith(
        "holds no nights yet.")


def test_verify_walks_every_night(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    execute(db, NIGHT)
    done = companion(db, "verify")
    assert done.returncode == 0
    rows = len(companion(db, "export", "--night", "1").stdout.splitlines()) - 1  # the end
    assert [line.split(", fingerprint ")[0] for line in done.stdout.splitlines()] == [
        f"night 1: {rows} rows, hash chain intact", "night 2: 2 rows, hash chain intact"]


def test_commands_go_to_the_latest_open_night(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _started(db)
    assert execute(db, {"cmd": "pass"}, {"cmd": "end_night"}).returncode == 0
    done = execute(db, {"cmd": "pass"})
    assert done.returncode == 2 and "No night is open" in done.stderr
    assert state(db)["night"] == 1 and state(db)["ended"] is True
    execute(db, NIGHT)
    assert state(db)["night"] == 2


def test_demo_plays_the_seeded_night(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    done = companion(db, "demo", "--headless")
    assert done.returncode == 0, done.stderr
    assert "Dan: bet 0–26" in done.stdout and "Demo night" in done.stdout
    assert state(db)["expect"]["player"] == "Dan"


def test_no_database_yet_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    done = companion(tmp_path / "none.db", "state", "--json")
    assert done.returncode == 2 and "no database" in done.stderr.lower()
    assert "Traceback" not in done.stderr


def test_help_says_that_companion_alone_opens_the_dealers_screen(tmp_path: Path) -> None:
    done = companion(tmp_path / "n.db", "--help")
    assert done.returncode == 0
    assert "`companion` alone opens the dealer's screen" in " ".join(done.stdout.split())


def test_undo_right_after_the_end_of_the_night_works_from_a_new_process(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    night: list[dict[str, Any]] = [
        {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 100},
             {"cmd": "end_night"}]
    assert execute(db, *night).returncode == 0
    done = execute(db, {"cmd": "undo"})  # a new exec: no night is open any more
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "undo", "action", "2"]
    assert not state(db)["ended"]
    assert execute(db, {"cmd": "redo"}).returncode == 0  # and back, again from a new process
    assert state(db)["ended"]
    done = execute(db, {"cmd": "correct", "action": 1, "command": {
        "cmd": "start_night", "players": ["Ann", "Bob"], "chips": 100}})
    assert done.returncode == 0, done.stderr
    assert set(state(db)["players"]) == {"Ann", "Bob"}


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_names_the_installed_release(tmp_path: Path, flag: str) -> None:
    from importlib.metadata import version

    db = tmp_path / "n.db"
    done = companion(db, flag)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"companion {version('table-companion')}\n"
    assert not db.exists()  # asking for the version opens no database


def test_version_outside_an_installation_reads_the_projects_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib
    from importlib import metadata

    from companion.cli import release

    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert release.version() == project["project"]["version"]
    monkeypatch.setattr(release, "PROJECT_FILE", Path("/nonexistent/pyproject.toml"))
    assert release.version() == "unknown (not installed)"


def test_the_log_of_a_whole_night_reads_in_german_with_its_undo_and_correction(
        tmp_path: Path) -> None:
    import seeds

    db = tmp_path / "night.db"
    companion(db, "exec", "-", stdin=seeds.read(seeds.DEMO_NIGHT))
    play(db, {"cmd": "join", "player": "Eve", "chips": 50}, {"cmd": "undo"},
         {"cmd": "correct", "action": 7, "command": {"cmd": "bet", "amount": 4}},
         {"cmd": "pass"}, {"cmd": "end_game"}, {"cmd": "end_night"})
    told_english = companion(db, "log").stdout.splitlines()
    german = companion(db, "log", "--language", "de").stdout.splitlines()
    assert companion(db, "log", env=english(LC_ALL="de_DE.UTF-8")).stdout.splitlines() == german
    assert len(german) == len(told_english) > 30
    # every line says it in German: none reads as the English one
    assert [line for line, said in zip(german, told_english, strict=True) if line == said] == []
    assert german[0].startswith("    1  der Abend beginnt: ")
    assert any("Aktion" in line and "rückgängig" in line for line in german)
    assert any(line.endswith("Aktion 7 korrigiert zu setzt 4") for line in german)
    assert german[-1].endswith("der Abend endet")
