"""The game from outside the companion (tests/plugins/) with its own entry, one no game of
the companion has: the dealer names a lucky rank before each round (`nominate`). It plays
through the real CLI on a SQLite file (a whole game, the log in English and German, a
refusal, a correction, the settlement), at the table by its key (Pilot), in the correct
dialog by its editor, and on the players' page (the real server on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from engine.registry import Playable
from engine.say import Speech
from events.session import NightSession
from tests.cli import chips, companion, log_line, play, refused, refused_alone, state
from tests.pilot import app as _app
from tests.pilot import on_disk, text
from tests.test_serve import get, served


def _start(game: Playable) -> tuple[dict[str, Any], ...]:
    return ({"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 10,
             "chip_value": "0.50", "currency": "EUR"},
            {"cmd": "start_game", "game": game.id, "dealer": "Ann",
             "options": {"lucky": True}})


def test_the_dealer_names_a_lucky_rank_that_beats_every_card(
        outside_game: Playable, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *_start(outside_game))
    view = state(db)
    assert view["expect"]["kind"] == "nominate" and view["expect"]["player"] == "Ann"
    assert refused_alone(db, {"cmd": "card", "card": "9"}).startswith(
        "No card is expected now: Ann: name the lucky rank")
    assert "not a card" in refused_alone(db, {"cmd": "nominate", "rank": "x"})
    play(db, {"cmd": "nominate", "rank": "4"})  # action 3
    assert state(db)["expect"]["kind"] == "card" and state(db)["turn"] == "Bo"
    assert refused(db, {"cmd": "nominate", "rank": "k"}).startswith(
        "No lucky rank is expected now")
    play(db, {"cmd": "card", "card": "9"}, {"cmd": "card", "card": "k"},
         {"cmd": "card", "card": "4"})  # Bo 9, Cy K, Ann's 4 is lucky: it takes the 3
    assert chips(state(db)) == {"Ann": 9 + 3 - 1, "Bo": 9 - 1, "Cy": 9 - 1}
    assert state(db)["expect"]["kind"] == "nominate" and state(db)["dealer"] == "Bo"
    assert log_line(db, 3) == "Ann names 4 the lucky rank"
    assert "Ann has the lucky card and takes 3" in log_line(db, 6)


def test_its_log_speaks_english_and_german(outside_game: Playable, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *_start(outside_game), {"cmd": "nominate", "rank": "q"},
         *({"cmd": "card", "card": card} for card in ("j", "q", "2")))
    session = NightSession.open(db, write=False)  # the events as the file holds them
    try:
        events = [event for entry in session.history.entries for event in entry.events]
    finally:
        session.close()
    told = {language: [says(event, Speech(language, outside_game.words))
                       for event in events for says in outside_game.phrases
                       if says.event is type(event)] for language in ("en", "de")}
    assert told["en"][:6] == ["round 1: Ann deals High Card", "Ann names Q the lucky rank",
                              "Bo turns J", "Cy turns Q", "Ann turns 2",
                              "Cy has the lucky card and takes 3"]
    assert told["de"][:6] == ["Runde 1: Ann gibt Hohe Karte", "Ann nennt D als Glücksrang",
                              "Bo deckt B auf", "Cy deckt D auf", "Ann deckt 2 auf",
                              "Cy hat die Glückskarte und gewinnt 3"]
    assert set(outside_game.words["en"]) == set(outside_game.words["de"])


def test_a_corrected_lucky_rank_replays_the_round_and_the_settlement_follows(
        outside_game: Playable, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *_start(outside_game), {"cmd": "nominate", "rank": "4"},
         *({"cmd": "card", "card": card} for card in ("9", "k", "4")))
    assert chips(state(db))["Ann"] == 11
    # The dealer had said K, not 4: Cy's king is the lucky card, as it was the highest.
    play(db, {"cmd": "correct", "action": 3, "command": {"cmd": "nominate", "rank": "k"}})
    assert chips(state(db)) == {"Ann": 8, "Bo": 8, "Cy": 8 + 3}
    assert "Ann names K the lucky rank" in companion(db, "log").stdout
    play(db, {"cmd": "nominate", "rank": "a"}, {"cmd": "end_game"}, {"cmd": "end_night"})
    settled = json.loads(companion(db, "settle", "--format", "json").stdout)
    results = {name: row["result"] for name, row in settled["players"].items()}
    assert sum(results.values()) == 0 and results["Cy"] > 0
    assert settled["currency"] == "EUR" and settled["transfers"]
    assert all(t["to"] == "Cy" for t in settled["transfers"])


def test_at_the_table_a_rank_key_names_it_and_the_correct_dialog_retypes_it(
        outside_game: Playable, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *_start(outside_game))

    async def run() -> None:
        app = _app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "Ann: name the lucky rank" in text(pilot, "#entry")
            await pilot.press("4")
            await pilot.pause()
            assert "Bo: turn your card (lucky rank 4)" in text(pilot, "#entry")
            await pilot.press("ctrl+e", "enter")  # the log's latest: the nomination
            await pilot.pause()
            await pilot.press("k")
            await pilot.pause()
            assert "Bo: turn your card (lucky rank K)" in text(pilot, "#entry")
            assert "Ann names K the lucky rank" in text(pilot, "#log")

    asyncio.run(run())
    assert on_disk(db)["expect"]["kind"] == "card"


def test_the_players_page_shows_the_outside_game(outside_game: Playable,
                                                  tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, *_start(outside_game), {"cmd": "nominate", "rank": "4"},
         {"cmd": "card", "card": "9"})
    with served(db) as address:
        status, _, page = get(address)
    assert status == 200
    assert outside_game.title in page and "Cy: turn your card (lucky rank 4)" in page
