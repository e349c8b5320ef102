"""Busfahrer beyond the dealer's screen: the players' page follows the hands, the pyramid and
the ride live (the real server on 127.0.0.1); the standings count each player's rides of
the bus beside their sips."""

from __future__ import annotations

import json
from pathlib import Path

from tests.busfahrer.test_snapshots import PYRAMID, QUESTIONS
from tests.cli import companion, execute, play, state
from tests.test_serve import Stream, get, served

START = ({"cmd": "start_night", "players": ["Ann", "Ben", "Cleo"], "chips": 0},
         {"cmd": "start_game", "game": "busfahrer", "dealer": "Cleo"})


def test_the_page_shows_the_hands_the_pyramid_and_follows_the_game(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *START, *QUESTIONS, *PYRAMID)
    with served(db) as address:
        status, _, page = get(address)
        assert status == 200
        for card in ("5♠", "2♦", "3♥", "B♦" if 'lang="de"' in page else "J♦"):
            assert card in page  # the hands face up beside the seats
        assert "row 1: 1 each" in page and "▒▒▒" in page and "K♦" in page  # the pyramid
        assert "Ben gives 1" in page  # what comes next
        stream = Stream(address)
        stream.next()
        play(db, {"cmd": "give", "to": "Ann", "sips": 1})
        _, now = stream.next()
        assert "pyramid row 1 (1 a card): the next card" in now["html"]
        stream.close()


def test_the_standings_count_the_rides_and_the_settlement_the_sips(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    # The rest of the pyramid holds no value in anyone's hand: Cleo keeps four and drives.
    cards = [{"cmd": "card", "card": card} for card in ("A", "A", "A", "A", "K", "K", "7", "7")]
    play(db, *START, *QUESTIONS, *PYRAMID, {"cmd": "give", "to": "Ann", "sips": 1}, *cards)
    view = state(db)
    driver = view["driver"]
    assert view["phase"] == "bus" and driver == "Cleo"
    done = execute(db, {"cmd": "card", "card": "7h"}, {"cmd": "call", "choice": "higher"},
                   {"cmd": "card", "card": "Kh"}, {"cmd": "call", "choice": "lower"},
                   {"cmd": "card", "card": "2h"}, {"cmd": "call", "choice": "higher"},
                   {"cmd": "card", "card": "9h"}, {"cmd": "call", "choice": "higher"},
                   {"cmd": "card", "card": "Ah"}, {"cmd": "end_game"}, {"cmd": "end_night"})
    assert done.returncode == 0, done.stderr
    rows = {row["name"]: row for row in json.loads(
        companion(db, "standings", "--format", "json").stdout)["players"]}
    assert rows[driver]["counts"] == {"rides": 1}
    assert all(row["counts"] == {} for name, row in rows.items() if name != driver)
    assert "rides" in companion(db, "standings").stdout.splitlines()[0]
    settled = json.loads(companion(db, "settle", "--format", "json").stdout)["players"]
    assert {name: row["sips"] for name, row in settled.items()} == {
        name: row["sips"] for name, row in rows.items()}
