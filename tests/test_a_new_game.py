"""A game from outside the companion (the toy distribution in `tests/plugins/`, installed for
these tests by the `outside_game` fixture) plays in every layer once it is installed: the
rules through the night, the log on disk and its words, the CLI, the game set-up and the
table screen. Adding a game is its two packages and one entry-point line in its own
distribution; nothing outside its folder names it, these tests included (they take its id
from the fixture)."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from engine import registry
from engine.registry import Playable
from events.session import NightSession
from tests import outside
from tests.decoded import executed
from tests.pilot import app as _app
from tests.pilot import chips, seat, text
from tests.table import Table

ROOT = Path(__file__).parent.parent
TEXTS = {".py", ".md", ".toml", ".tcss", ".jsonl", ".txt", ".cfg", ".ini", ".json"}


def _night() -> Table:
    return Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=10)


def test_the_toy_plays_through_the_night_by_the_registry(outside_game: Playable) -> None:
    table = _night().do(cmd="start_game", game=outside_game.id, dealer="Ann", options={"ante": 2})
    assert table.view["pot"] == 6 and table.view["turn"] == "Bo"
    assert table.view["expect"]["kind"] == "card" and table.view["game_title"] == outside_game.title
    table.cards("9", "k", "4")  # Bo, Cy, then the dealer Ann: Cy's king takes the 6
    assert chips(table.view) == {"Ann": 8 + 0 - 2, "Bo": 8 - 2, "Cy": 8 + 6 - 2}
    assert table.view["dealer"] == "Bo" and table.view["turn"] == "Cy"  # the deal passed left
    assert sum(chips(table.view).values()) + table.view["pot"] == 30


def test_a_tie_for_the_highest_card_leaves_the_pot_to_the_next_round(
        outside_game: Playable) -> None:
    table = _night().do(cmd="start_game", game=outside_game.id, dealer="Ann").cards("q", "q", "3")
    assert table.view["pot"] == 6 and chips(table.view) == {"Ann": 8, "Bo": 8, "Cy": 8}
    table.cards("2", "5", "a")  # Bo deals now: Cy, Ann, then Bo's ace takes both antes
    assert chips(table.view) == {"Ann": 8 - 1, "Bo": 8 + 6 - 1, "Cy": 8 - 1}
    assert table.view["pot"] == 3  # the third round's antes


def test_the_kernel_refuses_for_the_toy_what_it_refuses_for_every_game(
        outside_game: Playable) -> None:
    table = _night().do(cmd="start_game", game=outside_game.id, dealer="Ann")
    assert "bet is not a move in High Card" in table.refused(cmd="bet", amount=1)
    assert table.refused(cmd="card", card="7", player="Cy") == "It is Bo's turn, not Cy's."
    table.cards("7", "7", "7", "7")  # four sevens out since the deal: no fifth
    assert "already out" in table.refused(cmd="card", card="7")


def test_the_game_ends_with_the_pot_shared_and_settles_like_any_other(
        outside_game: Playable) -> None:
    table = _night().do(cmd="start_game", game=outside_game.id, dealer="Ann").cards("q", "q", "3")
    table.do(cmd="end_game")
    assert table.view["game"] is None and sum(chips(table.view).values()) == 30
    assert chips(table.view) == {"Ann": 10, "Bo": 10, "Cy": 10}


def test_uninstalled_the_toy_is_an_unknown_game_again() -> None:
    (toy,) = (game for folder in outside.distributions() for game in outside.games_of(folder))
    assert toy not in registry.ids()
    assert f"Unknown game '{toy}'" in _night().refused(cmd="start_game", game=toy)


def test_the_log_on_disk_keeps_the_toy_and_tells_it_in_its_own_words(
        outside_game: Playable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "night.db"
    lines = [{"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 5},
             {"cmd": "start_game", "game": outside_game.id, "dealer": "Ann"},
             {"cmd": "card", "card": "j"}, {"cmd": "card", "card": "4"}]
    stdin = io.TextIOWrapper(io.BytesIO("".join(json.dumps(c) + "\n" for c in lines).encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["--db", str(db), "exec", "-"]) == 0
    assert main(["--db", str(db), "log"]) == 0
    told = capsys.readouterr().out
    assert "round 1: Ann deals High Card" in told and "Bo turns J" in told
    assert "Bo has the high card and takes 2" in told
    session = NightSession.open(db, write=False)  # replayed from the file
    try:
        assert {n: p["chips"] for n, p in session.view()["players"].items()} == {
            "Ann": 4 - 1, "Bo": 6 - 1}
    finally:
        session.close()
    assert main(["--db", str(db), "verify"]) == 0


def test_the_toy_is_offered_at_the_set_up_and_drawn_by_its_own_panel(
        outside_game: Playable, tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    session = NightSession.open(db, write=True)
    executed(session, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 10})
    session.close()

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()  # the game set-up opens by itself on a night without a game
            games = [str(option.prompt) for option in
                     app.screen.query_one("#preset").options]  # type: ignore[attr-defined]
            place = next(index for index, game in enumerate(games)
                         if game.endswith(outside_game.title))
            await pilot.press(*["down"] * place, "ctrl+d")  # its options as they come
            await pilot.pause()
            assert "Bo: turn your card" in text(pilot, "#entry")
            await pilot.press("9", "k")
            await pilot.pause()
            assert "turned 9" in seat(pilot, "Bo") and "turned K" in seat(pilot, "Cy")
            assert "Ann: turn your card" in text(pilot, "#entry")
            await pilot.press("2")
            await pilot.pause()
            assert "Cy has the high card and takes 3" in text(pilot, "#log")

    asyncio.run(play())


def test_nothing_outside_its_folder_names_the_toy(outside_game: Playable) -> None:
    """Its id, distribution and packages appear in no file of the project outside the toy's
    own folder, nor its title as a name in quotes: not in the program, its documents, its
    tests, nor these tests. (Its title alone is words Red Dog's other name holds too:
    High Card Pool.)"""
    (folder,) = outside.distributions()
    meta = outside.project(folder)
    names = {outside_game.id, meta["project"]["name"], *meta["tool"]["setuptools"]["packages"]}
    said = re.compile("|".join([*(rf"\b{re.escape(name)}\b" for name in names),
                                rf"[\"'`]{re.escape(outside_game.title)}[\"'`]"]),
                      re.IGNORECASE)
    skipped = {".git", ".venv", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis",
               "__pycache__", "__snapshots__"}
    named = sorted(str(path.relative_to(ROOT)) for path in ROOT.rglob("*")
                   if path.is_file() and path.suffix in TEXTS
                   and not skipped & set(path.relative_to(ROOT).parts)
                   and folder not in path.parents
                   and said.search(path.read_text(encoding="utf-8")))
    assert named == []


def test_the_history_counts_what_the_toy_counts_per_player_without_naming_it(
        outside_game: Playable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "night.db"
    lines = [{"cmd": "start_night", "players": ["Ann", "Bo"], "chips": 5},
             {"cmd": "start_game", "game": outside_game.id, "dealer": "Ann"},
             {"cmd": "card", "card": "j"}, {"cmd": "card", "card": "4"},  # Bo's J, Ann's 4
             {"cmd": "card", "card": "2"}, {"cmd": "card", "card": "9"},  # Ann's 2, Bo's 9
             {"cmd": "card", "card": "3"}, {"cmd": "card", "card": "k"},  # Bo's 3, Ann's K
             {"cmd": "end_game"}, {"cmd": "end_night"}]
    stdin = io.TextIOWrapper(io.BytesIO("".join(json.dumps(c) + "\n" for c in lines).encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["--db", str(db), "exec", "-"]) == 0
    capsys.readouterr()
    assert main(["--db", str(db), "standings", "--format", "json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)["players"]}
    (count,) = (count.name for count in outside_game.counts)
    assert rows["Bo"]["counts"] == {count: 2} and rows["Ann"]["counts"] == {count: 1}
    assert main(["--db", str(db), "standings"]) == 0
    header, *table = capsys.readouterr().out.splitlines()
    assert header.endswith("high cards") and table[0].endswith(" 2")  # Bo leads
    assert main(["--db", str(db), "standings", "--format", "csv"]) == 0
    csv_lines = capsys.readouterr().out.splitlines()
    assert csv_lines[0].endswith(f",{count}") and csv_lines[1].endswith(",2")
