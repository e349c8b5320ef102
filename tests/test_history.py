"""Undo, redo and correct as appended records, on a real database file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.rejection import Rejection
from events.session import Done, NightSession, load_history
from events.store import Store
from tests.decoded import executed


def _session(tmp_path: Path) -> NightSession:
    session = NightSession.open(tmp_path / "night.db", write=True)
    for command in (
        {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100},
        {"cmd": "start_game", "game": "in-between", "dealer": "Ann", "options": {"stake": 10}},
        {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},
        {"cmd": "card", "card": "Kd"},
    ):
        assert isinstance(executed(session, command), Done)
    return session


def _ok(session: NightSession, **command: Any) -> Done:
    done = executed(session, command)
    assert isinstance(done, Done), done
    return done


def _refused(session: NightSession, **command: Any) -> str:
    rows = session.store.conn.execute("SELECT COUNT(*) FROM events").fetchone()
    outcome = executed(session, command)
    assert isinstance(outcome, Rejection)
    assert session.store.conn.execute("SELECT COUNT(*) FROM events").fetchone() == rows
    return outcome.reason


def test_undo_reverts_the_latest_effective_action_each_time(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _ok(session, cmd="bet", amount=3)
    _ok(session, cmd="undo")
    _ok(session, cmd="undo")  # Bo's second card
    assert session.view()["expect"]["slot"] == "second"
    assert session.view()["last_action"] == 8
    _ok(session, cmd="redo")
    _ok(session, cmd="redo")
    assert session.view()["expect"]["slot"] == "third"
    assert "Nothing to redo" in _refused(session, cmd="redo")


def test_a_new_action_after_undo_clears_redo(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _ok(session, cmd="bet", amount=3)
    _ok(session, cmd="undo")
    _ok(session, cmd="bet", amount=4)
    assert "Nothing to redo" in _refused(session, cmd="redo")
    assert session.view()["players"]["Bo"]["chips"] == 96


def test_the_start_of_the_night_cannot_be_undone_but_can_be_corrected(tmp_path: Path) -> None:
    session = NightSession.open(tmp_path / "night.db", write=True)
    _ok(session, cmd="start_night", players=["Ann", "Bo"], chips=100)
    assert "Nothing to undo" in _refused(session, cmd="undo")
    _ok(session, cmd="correct", action=1,
        command={"cmd": "start_night", "players": ["Ann", "Bob"], "chips": 50})
    assert session.view()["players"] == {
        "Ann": {"chips": 50, "sips": 0, "bought_in": 50, "present": True},
        "Bob": {"chips": 50, "sips": 0, "bought_in": 50, "present": True}}


def test_only_effective_table_actions_can_be_corrected(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _ok(session, cmd="bet", amount=3)
    _ok(session, cmd="undo")
    assert "undone" in _refused(session, cmd="correct", action=6,
                                command={"cmd": "bet", "amount": 2})
    assert "an undo" in _refused(session, cmd="correct", action=7,
                                 command={"cmd": "pass"})
    assert "cannot be one" in _refused(session, cmd="correct", action=5,
                                       command={"cmd": "undo"})
    reason = _refused(session, cmd="correct", action=5, command={"cmd": "card", "card": "9c"})
    assert reason.startswith("The correction of action 5 is refused: 9♣ is already out")


def test_a_correction_re_decides_later_actions(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _ok(session, cmd="bet", amount=3)
    _ok(session, cmd="card", card="8s")  # Bo wins 3
    assert session.view()["players"]["Bo"]["chips"] == 103
    _ok(session, cmd="correct", action=5, command={"cmd": "card", "card": "6d"})
    # 5..6 are neighbours: the 8 is outside and Bo loses
    view = session.view()
    assert view["players"]["Bo"]["chips"] == 97 and view["pot"] == 13
    session.close()
    reopened = NightSession.open(tmp_path / "night.db", write=False)
    assert reopened.view() == view
    store = Store.open(tmp_path / "night.db", create=False)
    load_history(store, 1, check=True)


def test_a_second_window_is_read_only_and_says_so(tmp_path: Path) -> None:
    session = _session(tmp_path)
    second = NightSession.open(tmp_path / "night.db", write=True)
    assert second.read_only
    outcome = executed(second, {"cmd": "pass"})
    assert isinstance(outcome, Rejection) and "read-only" in outcome.reason
    session.close()
    third = NightSession.open(tmp_path / "night.db", write=True)
    assert not third.read_only
    assert isinstance(executed(third, {"cmd": "pass"}), Done)


def test_replay_at_any_action(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _ok(session, cmd="bet", amount=3)
    _ok(session, cmd="card", card="8s")
    _ok(session, cmd="undo")
    views = {}
    for action in range(1, 9):
        views[action] = NightSession.open(tmp_path / "night.db", write=False,
                                          at=action).view()
    assert views[2]["pot"] == 10 and views[6]["players"]["Bo"]["chips"] == 97
    assert views[7]["players"]["Bo"]["chips"] == 103
    assert views[8]["players"]["Bo"]["chips"] == 97 and views[8]["expect"]["slot"] == "third"
