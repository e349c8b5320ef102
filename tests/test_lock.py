"""One writer per night, and no lock files left behind."""

from __future__ import annotations

from pathlib import Path

from events.lock import NightLock
from events.session import NightSession
from tests.cli import play


def test_a_second_writer_is_kept_out_until_the_first_lets_go(tmp_path: Path) -> None:
    first, second = NightLock(tmp_path / "n.db", 1), NightLock(tmp_path / "n.db", 1)
    assert first.acquire() and not second.acquire()
    first.release()
    assert second.acquire()
    second.release()


def test_lock_files_do_not_pile_up_beside_the_database(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    for _ in range(3):  # three nights, each opened and closed for writing
        play(db, {"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10},
             {"cmd": "end_night"})
        session = NightSession.open(db, write=True)
        session.execute({"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 10})
        assert len(list(tmp_path.glob("*.lock"))) == 1  # the open night's, while it is open
        session.close()
    assert list(tmp_path.glob("*.lock")) == []


def test_a_lock_file_left_by_a_killed_writer_is_taken_over(tmp_path: Path) -> None:
    lock = NightLock(tmp_path / "n.db", 1)
    lock.path.write_text("")  # what a SIGKILLed writer leaves: a file, no lock on it
    assert lock.acquire()
    lock.release()
    assert not lock.path.exists()
