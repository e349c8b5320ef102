"""`companion standings`: each player over the nights, from the nights' records; names are
one regardless of case, a rename is merged with --merge, a period with --from and --to."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from companion.history.records import NightRecord, PlayerNight
from companion.history.standings import in_period, season, standings
from tests.cli import companion, play, state

Command = dict[str, Any]


def _night(dealer: str, first: str, third: str, **money: str) -> list[Command]:
    """The dealer stakes 10 for one round; `first` wins 3 from the pot, `third` passes, the
    dealer takes 7 back and `first` stakes 10 and takes it back at the end: dealer −3,
    first +3, third 0."""
    return [{"cmd": "start_night", "players": [dealer, first, third], "chips": 100, **money},
            {"cmd": "start_game", "game": "in-between", "dealer": dealer,
             "options": {"stake": 10, "rounds": 1}},
            {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},
            {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 3},
            {"cmd": "card", "card": "8s"}, {"cmd": "card", "card": "10d"}, {"cmd": "pass"},
            {"cmd": "end_game"}, {"cmd": "end_night"}]


def _three_nights(db: Path) -> None:
    play(db, *_night("Ann", "Bo", "Cy"))
    play(db, *_night("ann", "Bo", "Cy", chip_value="0.10", currency="EUR"))  # one name
    play(db, *_night("Annie", "Bo", "Dee"))  # Ann under another name


def _standings(db: Path, *extra: str) -> list[dict[str, Any]]:
    done = companion(db, "standings", "--format", "json", *extra)
    assert done.returncode == 0, done.stderr
    players: list[dict[str, Any]] = json.loads(done.stdout)["players"]
    return players


def test_three_nights_add_up_per_player_with_a_rename_merged(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    rows = _standings(db, "--merge", "Annie=Ann")
    assert [r["name"] for r in rows] == ["Bo", "Cy", "Dee", "Ann"]
    bo, cy, dee, ann = rows
    assert (bo["nights"], bo["chips"], bo["money"]) == (3, 9, "0.30")
    assert (bo["dealt"], bo["dealer_result"], bo["biggest_win"], bo["best_night"]) == (3, 0, 3, 3)
    assert (ann["nights"], ann["chips"], ann["money"]) == (3, -9, "-0.30")
    assert (ann["dealt"], ann["dealer_result"], ann["best_night"]) == (3, -9, -3)
    assert (cy["nights"], cy["chips"], cy["money"]) == (2, 0, "0.00")
    assert (dee["nights"], dee["chips"], dee["money"]) == (1, 0, None)  # no night in money


def test_a_merge_of_a_name_nobody_played_under_is_refused_not_ignored(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    done = companion(db, "standings", "--merge", "Anie=Ann")  # a typo merged nothing, silently
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "Nobody called 'Anie' played in the 3 nights counted: --merge takes a name as the "
        "nights have it, then the name to count it under, like --merge Annie=Ann.")
    assert [r["name"] for r in _standings(db, "--merge", "ANNIE=Ann")][-1] == "Ann"
    kept = companion(db, "group", "--merge", "Anie=Ann")  # nor kept for every later standing
    assert kept.returncode == 2 and kept.stderr.strip() == (
        "Nobody called 'Anie' played in any night: a merge counts a name the nights have as "
        "another, like Bob as Robert.")
    assert _group(db)["merged"] == {}


def test_without_the_merge_a_renamed_player_stands_apart_but_case_never_splits(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    by_name = {r["name"]: r for r in _standings(db)}
    assert set(by_name) == {"Ann", "Annie", "Bo", "Cy", "Dee"}  # "Ann" and "ann" are one
    assert (by_name["Ann"]["nights"], by_name["Annie"]["nights"]) == (2, 1)


def _group(db: Path, *args: str) -> dict[str, Any]:
    done = companion(db, "group", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    kept: dict[str, Any] = json.loads(done.stdout)
    return kept


def test_a_merge_and_a_season_the_group_keeps_count_in_every_later_standing(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    assert _group(db, "--merge", "Annie=Ann")["merged"] == {"Annie": "Ann"}
    assert [r["name"] for r in _standings(db)] == ["Bo", "Cy", "Dee", "Ann"]  # kept
    assert _standings(db)[3]["nights"] == 3
    today = date.today()
    kept = _group(db, "--season", "Winter league", (today - timedelta(1)).isoformat(),
                  (today + timedelta(1)).isoformat())
    assert list(kept["seasons"]) == ["Winter league"]
    assert len(_standings(db, "--season", "winter LEAGUE")) == 4  # regardless of case
    kept = _group(db, "--save", "Friday", "Ann", "Bo", "Cy")
    assert kept["groups"] == {"Friday": ["Ann", "Bo", "Cy"]}
    for refused, sentence in (
            (("--merge", "Bo=bo"), "one name already"),
            (("--merge", "Bo"), "--merge takes OLD=NEW"),
            (("--save", "Pair", "Ann"), "two players or more"),
            (("--save", "Twice", "Ann", "ann"), "in the group twice"),
            (("--save", "Hall", *(f"P{seat}" for seat in range(101))),
             "A group is at most 100 players, as many as a night seats; 101 are named."),
            (("--season", "2026-Q1", "2026-01-01", "2026-03-31"), "already names a year"),
            (("--season", "Back", "2026-03-01", "2026-01-01"), "before it begins"),
            (("--season", "Odd", "2026-13-01", "2026-12-31"), "is no day"),
            (("--forget", "Saturday"), "no group called 'Saturday' (the groups: Friday)"),
            (("--unmerge", "Bo"), "not merged into another name (merged: Annie as Ann)")):
        done = companion(db, "group", *refused)
        assert done.returncode == 2 and sentence in done.stderr, (refused, done.stderr)
        assert "Traceback" not in done.stderr
    assert _group(db) == kept  # nothing refused was kept
    assert _group(db, "--unmerge", "annie")["merged"] == {}
    assert "Annie" in {r["name"] for r in _standings(db)}
    assert _group(db, "--forget", "friday")["groups"] == {}


def test_text_and_csv_list_the_same_standings(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    text = companion(db, "standings", "--merge", "Annie=Ann")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].split()[:4] == ["player", "nights", "money", "chips"]
    assert lines[1].split()[:4] == ["Bo", "3", "+0.30", "+9"]
    assert lines[3].split()[:4] == ["Dee", "1", "–", "0"]
    table = list(csv.DictReader(io.StringIO(
        companion(db, "standings", "--merge", "Annie=Ann", "--format", "csv").stdout)))
    assert [(r["name"], r["chips"]) for r in table] == [
        ("Bo", "9"), ("Cy", "0"), ("Dee", "0"), ("Ann", "-9")]


def test_a_period_counts_the_nights_that_started_in_it(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    today = date.today()
    assert len(_standings(db, "--from", today.isoformat(), "--to", today.isoformat())) == 5
    tomorrow = (today + timedelta(days=1)).isoformat()
    assert _standings(db, "--from", tomorrow) == []
    empty = companion(db, "standings", "--from", tomorrow)
    assert empty.stdout.strip() == "No nights in this period."


def _record(night: int, started: str, *results: tuple[str, int]) -> NightRecord:
    return NightRecord(
        night=night, fingerprint="", name=None, started_at=started, ended_at=started,
        actions=1, ended=True, carried=False, paid=False, final=True, settled_at=1,
        chip_value=None,
        currency=None, games=(),
        biggest_pot=0, players=tuple(PlayerNight(
            name=name, result=result, cents=None, bought_in=100, sips=0, caused=0, dealt=0,
            dealer_result=0, dealer_sips=0, posts=0, biggest_win=0) for name, result in results))


def test_from_and_to_include_both_days() -> None:
    nights = [_record(1, "2026-01-31T12:00:00+00:00", ("Ann", 5), ("Bo", -5)),
              _record(2, "2026-02-14T12:00:00+00:00", ("Ann", -2), ("Bo", 2)),
              _record(3, "2026-03-01T12:00:00+00:00", ("Ann", 1), ("Bo", -1))]
    february = in_period(nights, date(2026, 2, 1), date(2026, 2, 28))
    assert [r.night for r in february] == [2]
    assert [r.night for r in in_period(nights, date(2026, 1, 31), date(2026, 3, 1))] == [1, 2, 3]
    rows = standings(in_period(nights, date(2026, 2, 14), None))
    assert [(r.name, r.chips, r.results) for r in rows] == [("Bo", 1, [(2, 2), (3, -1)]),
                                                            ("Ann", -1, [(2, -2), (3, 1)])]


def test_a_bad_day_or_merge_is_refused_in_a_sentence(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    for arguments, words in ((("--from", "2026-13-01"), "is no day"),
                             (("--merge", "Annie"), "--merge takes OLD=NEW"),
                             (("--from", "2026-02-02", "--to", "2026-02-01"), "comes before")):
        done = companion(db, "standings", *arguments)
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


def test_a_season_is_a_year_a_quarter_or_a_month() -> None:
    assert season("2026") == (date(2026, 1, 1), date(2026, 12, 31))
    assert season("2026-q1") == (date(2026, 1, 1), date(2026, 3, 31))
    assert season("2024-Q4") == (date(2024, 10, 1), date(2024, 12, 31))
    assert season("2024-02") == (date(2024, 2, 1), date(2024, 2, 29))
    for wrong in ("spring", "2026-Q5", "2026-13", ""):
        try:
            season(wrong)
        except ValueError as problem:
            assert "is no season" in str(problem)
        else:
            raise AssertionError(wrong)


def test_the_season_of_this_year_counts_tonights_nights(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    this_year = str(date.today().year)
    assert len(_standings(db, "--season", this_year)) == 5
    assert _standings(db, "--season", str(date.today().year - 1)) == []
    both = companion(db, "standings", "--season", this_year, "--from", "2026-01-01")
    assert both.returncode == 2 and "--season is a period of its own" in both.stderr
    wrong = companion(db, "standings", "--season", "spring")
    assert wrong.returncode == 2 and "'spring' is no season" in wrong.stderr


def test_the_printable_page_has_the_table_and_each_players_running_result(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    _three_nights(db)
    page_file = tmp_path / "standings.html"
    done = companion(db, "standings", "--merge", "Annie=Ann", "--format", "html", "--out",
                     str(page_file))
    assert done.returncode == 0, done.stderr
    page = page_file.read_text(encoding="utf-8")
    assert "<h1>Standings</h1>" in page and "<td>Bo</td><td>3</td><td>+€0.30</td>" in page
    lines = {name: points.split() for points, name in
             re.findall(r'points="([^"]*)"><title>([^<]*)</title>', page)}
    assert set(lines) == {"Bo", "Cy", "Dee", "Ann"}
    # a point after every night from the player's first: Dee came to the third night only;
    # Cy missed it, and her line goes on flat
    assert [len(lines[name]) for name in ("Ann", "Bo", "Cy", "Dee")] == [3, 3, 3, 1]
    assert lines["Cy"][1].split(",")[1] == lines["Cy"][2].split(",")[1]
    german = companion(db, "standings", "--format", "html", "--language", "de").stdout
    assert "<h1>Rangliste</h1>" in german and "Abend für Abend" in german


def test_running_results_stay_flat_on_a_missed_night() -> None:
    from companion.documents.standings_html import running_results

    nights = [_record(1, "2026-01-31T12:00:00+00:00", ("Ann", 5), ("Bo", -5)),
              _record(2, "2026-02-14T12:00:00+00:00", ("Bo", 2), ("Cy", -2)),
              _record(3, "2026-03-01T12:00:00+00:00", ("Ann", 1), ("Bo", -1))]
    rows = standings(nights)
    assert running_results(rows, nights) == {"Ann": [5, 5, 6], "Bo": [-5, -3, -4],
                                             "Cy": [None, -2, -2]}


# Ann deals In-Between (stake 10, one round) to Bo, Cy and Dee: Bo loses 5, the others pass,
# Ann takes the 15 back: her dealing made +5. Bo stakes 10 and takes it back at the end.
# Then Red Dog (defaults, ante 2), Ann deals: everyone antes 2 (pot 8); Bo loses 2, Cy wins
# 3, Dee loses 2 and Ann's own bet of 2 wins: her ante back, her dealing made 0. The round
# is over: Ann, Bo, Cy and Dee ante 2 for round 2, which Bo deals.
DEALERS_OWN_WIN: list[Command] = [
    {"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dee"], "chips": 50},
    {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
     "options": {"stake": 10, "rounds": 1}},
    *({"cmd": "card", "card": card} for card in ("5", "9", "3", "K")),
    {"cmd": "bet", "amount": 5}, {"cmd": "card", "card": "2"},  # Bo: 5-K, a 2: loses 5
    {"cmd": "card", "card": "10"}, {"cmd": "pass"}, {"cmd": "card", "card": "4"},
    {"cmd": "pass"},  # Ann takes 15; Bo stakes 10
    {"cmd": "end_game"},  # Bo takes his 10 back
    {"cmd": "start_game", "game": "red-dog", "dealer": "Ann", "options": {}},
    {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2c"}, {"cmd": "card", "card": "Jd"},
    {"cmd": "show", "cards": ["3s", "4s", "5s", "6s", "7s"]},  # Bo loses 2: pot 10
    {"cmd": "bet", "amount": 3}, {"cmd": "card", "card": "2d"}, {"cmd": "card", "card": "8h"},
    {"cmd": "show", "cards": ["Kh"]},  # Cy wins 3: pot 7
    {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2h"}, {"cmd": "card", "card": "Ac"},
    {"cmd": "show", "cards": ["3d", "4d", "5d", "6d", "7d"]},  # Dee loses 2: pot 9
    {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2s"}, {"cmd": "card", "card": "9c"},
    {"cmd": "show", "cards": ["10c"]},  # Ann wins 2: pot 7; everyone antes 2: pot 15
]


def test_the_ante_after_a_dealers_own_winning_bet_counts_for_the_next_dealer(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *DEALERS_OWN_WIN)
    assert state(db)["dealer"] == "Bo" and state(db)["pot"] == 15
    play(db, {"cmd": "end_game"})  # 15 shared from Bo's left: Cy, Dee, Ann 4, Bo 3
    done = companion(db, "nights", "--format", "json")
    assert done.returncode == 0, done.stderr
    (night,) = json.loads(done.stdout)["nights"]
    dealing = {p["name"]: (p["dealt"], p["dealer_result"]) for p in night["players"]}
    # Ann: In-Between +5, Red Dog 0. Bo: In-Between 0, Red Dog his ante of 2 and his share
    # of 3 at the end of the game.
    assert dealing == {"Ann": (2, 5), "Bo": (2, 1), "Cy": (0, 0), "Dee": (0, 0)}
    by_name = {row["name"]: row for row in _standings(db)}
    assert (by_name["Ann"]["dealer_result"], by_name["Bo"]["dealer_result"]) == (5, 1)
    text = companion(db, "standings").stdout.splitlines()
    assert text[0].split()[7:9] == ["as", "dealer"]
    ann = next(line.split() for line in text if line.startswith("Ann"))
    assert ann[7] == "+5"


# Ann deals In-Between (stake 20, a chip 10 cents): Bo wins 3 (pot 17); then Cy's turn is
# under way: her second card, and a bet of 4 waiting for its third card.
MID_TURN: list[Command] = [
    {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100, "chip_value": "0.10",
     "currency": "EUR"},
    {"cmd": "start_game", "game": "in-between", "dealer": "Ann", "options": {"stake": 20}},
    {"cmd": "card", "card": "5"}, {"cmd": "card", "card": "9"},  # first cards: Bo, Cy
    {"cmd": "card", "card": "K"}, {"cmd": "bet", "amount": 3},
    {"cmd": "card", "card": "8"},  # action 7: Bo wins 3, the last action between turns
    {"cmd": "card", "card": "2"}, {"cmd": "bet", "amount": 4}]  # Cy: 2-9, bets 4
OPEN_RULE = ("Open nights count as if they ended at their last action between turns, the pots "
             "shared as at a game's end: night 1 at action 7.")


def test_an_open_night_mid_turn_counts_as_at_its_last_action_between_turns_in_both_columns(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *MID_TURN)
    # As if the night ended at action 7: Ann takes the pot of 17 back, Bo is up 3, and Cy's
    # turn has not begun: money and chips say the same, Cy's waiting bet is no loss
    expected = {"Ann": ("-0.30", -3), "Bo": ("0.30", 3), "Cy": ("0.00", 0)}
    done = companion(db, "standings", "--format", "json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert {row["name"]: (row["money"], row["chips"]) for row in document["players"]} == expected
    assert document["note"] == OPEN_RULE
    assert document["open_nights"] == [{"night": 1, "at_action": 7}]
    text = companion(db, "standings").stdout.splitlines()
    assert text[1].split()[:4] == ["Bo", "1", "+0.30", "+3"]
    assert text[-1] == OPEN_RULE
    rows = list(csv.reader(io.StringIO(companion(db, "standings", "--format", "csv").stdout)))
    assert [(row[0], row[2], row[3]) for row in rows[1:4]] == [
        ("Bo", "0.30", "3"), ("Cy", "0.00", "0"), ("Ann", "-0.30", "-3")]
    assert rows[-1] == [OPEN_RULE]
    # The figures stand still while the turn goes on, and move once it is played out
    play(db, {"cmd": "card", "card": "5"})  # a 5 falls between: Cy wins 4, pot 13
    document = json.loads(companion(db, "standings", "--format", "json").stdout)
    assert {row["name"]: row["chips"] for row in document["players"]} == {
        "Ann": -7, "Bo": 3, "Cy": 4}
    assert document["note"] == OPEN_RULE.replace("action 7", "action 10")
    play(db, {"cmd": "end_night"})
    document = json.loads(companion(db, "standings", "--format", "json").stdout)
    assert document["note"] is None and document["open_nights"] == []
    assert companion(db, "standings").stdout.splitlines()[-1].startswith("Ann ")
