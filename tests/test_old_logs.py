"""A database written by the companion as it was on 2026-11-30 (before the turn kernel gave
the games' shared events one name each) still opens, verifies, replays, shows and settles.

`tests/fixtures/log-2026-11.db.gz`: 50 random nights of every game and many variants,
played by that version's own property-test generators (undos, corrections, joins, leaves
and all), gathered with its export and import. Events it wrote under their old names
(`MiddleBet`, `RedDogBet`, `PotStaked`, `PostHit`, `AmongstHalted`, `SchlagOver`, …) read
as the kernel's events they are now.
"""

from __future__ import annotations

import contextlib
import gzip
import shutil
from pathlib import Path

import pytest

from companion.settle import NotSettleable, settlement_of
from engine import night as night_rules
from events.session import NightSession, load_history
from events.store import Store
from tests.decoded import executed

FIXTURE = Path(__file__).parent / "fixtures" / "log-2026-11.db.gz"
RENAMED = {"MiddleBet", "MiddleWon", "MiddleLost", "AmongstHalted", "RedDogBet", "PotStaked",
           "RedDogHalted", "PostHit", "SchlagOver"}


@pytest.fixture(scope="module")
def old_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("old") / "old.db"
    with gzip.open(FIXTURE) as packed, path.open("wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    return path


def test_the_old_log_holds_the_old_names(old_db: Path) -> None:
    store = Store.open(old_db, create=False)
    try:
        types = {t for (t,) in store.conn.execute("SELECT DISTINCT type FROM events")}
    finally:
        store.close()
    assert types >= RENAMED


def test_every_old_night_verifies_replays_shows_and_settles(old_db: Path) -> None:
    store = Store.open(old_db, create=False)
    try:
        nights = store.nights()
        assert len(nights) == 50
        for night in nights:
            assert store.verify(night)[1] is None
            history = load_history(store, night)
            assert history.state.chips_total == history.state.bought_in  # every chip is there
            night_rules.view(history.state, history.last_action, night)
            with contextlib.suppress(NotSettleable):  # a night left mid-turn is not settled
                settlement_of(history, night)
    finally:
        store.close()


def test_an_old_night_opens_for_writing_and_goes_on(old_db: Path) -> None:
    session = NightSession.open(old_db, 1, write=True)
    try:
        assert session.broken is None
        before = session.history.last_action
        outcome = executed(session, {"cmd": "undo"})
        assert not hasattr(outcome, "reason") or "Nothing to undo" in str(outcome)
        assert session.history.last_action >= before
    finally:
        session.close()
