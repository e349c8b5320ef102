"""Shared costs (DESIGN.md: `{"cmd":"expense","payer":"Ann","amount":"18.50","what":"pizza"}`,
optional "shared_by"): shared by everyone at the table unless named, split exactly to the
cent, folded into the night's payments, listed on the receipt, the page and in the JSON;
undone and corrected like any action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine.expenses import split
from tests.cli import companion, play, refused_alone

Command = dict[str, Any]

MONEY_NIGHT: Command = {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100,
                        "chip_value": "0.10", "currency": "EUR"}
PIZZA: Command = {"cmd": "expense", "payer": "Ann", "amount": "18.50", "what": "pizza"}
DRINKS: Command = {"cmd": "expense", "payer": "Cy", "amount": "6", "what": "drinks",
                   "shared_by": ["bo", "Cy"]}


def _settled(db: Path) -> dict[str, Any]:
    done = companion(db, "settle", "--format", "json")
    assert done.returncode == 0, done.stderr
    settled: dict[str, Any] = json.loads(done.stdout)
    return settled


def _payments(settled: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(t["from"], t["to"], t["amount"]) for t in settled["transfers"]]


def test_pizza_for_three_and_drinks_for_two_are_split_to_the_cent(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, PIZZA, DRINKS, {"cmd": "end_night"})
    settled = _settled(db)
    assert settled["expenses"] == [
        {"payer": "Ann", "amount": "18.50", "what": "pizza",
         "shared_by": {"Ann": "6.17", "Bo": "6.17", "Cy": "6.16"}},  # the odd cent goes first
        {"payer": "Cy", "amount": "6.00", "what": "drinks",
         "shared_by": {"Bo": "3.00", "Cy": "3.00"}}]  # "bo" is Bo
    # Ann: +18.50 - 6.17; Bo: -6.17 - 3.00; Cy: +6.00 - 6.16 - 3.00
    assert {name: p["expenses"] for name, p in settled["players"].items()} == {
        "Ann": "12.33", "Bo": "-9.17", "Cy": "-3.16"}
    assert _payments(settled) == [("Bo", "Ann", "9.17"), ("Cy", "Ann", "3.16")]


def test_an_expense_adds_to_what_the_games_won_and_lost(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT,
         {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
          "options": {"stake": 10, "rounds": 1}},
         {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"},
         {"cmd": "card", "card": "Kd"}, {"cmd": "bet", "amount": 3},
         {"cmd": "card", "card": "8s"}, {"cmd": "card", "card": "10d"}, {"cmd": "pass"},
         {"cmd": "end_game"},  # chips: Ann -3, Bo +3, Cy 0 = money -0.30, +0.30, 0.00
         {"cmd": "expense", "payer": "Bo", "amount": "9.00", "what": "crisps"},  # 3.00 each
         {"cmd": "end_night"})
    settled = _settled(db)
    assert {name: (p["money"], p["expenses"]) for name, p in settled["players"].items()} == {
        "Ann": ("-0.30", "-3.00"), "Bo": ("0.30", "6.00"), "Cy": ("0.00", "-3.00")}
    assert _payments(settled) == [("Ann", "Bo", "3.30"), ("Cy", "Bo", "3.00")]


def test_the_receipt_and_the_page_list_each_expense_with_its_parts(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, PIZZA, {"cmd": "end_night"})
    receipt = companion(db, "settle").stdout.splitlines()
    at = receipt.index("EXPENSES")
    assert receipt[at + 1].startswith("Ann paid for pizza") and receipt[at + 1].endswith("€18.50")
    assert receipt[at + 2] == "  shared by Ann €6.17, Bo €6.17, Cy €6.16"
    assert all(len(line) <= 48 for line in receipt)
    page = companion(db, "settle", "--format", "html").stdout
    assert "<h2>Expenses</h2>" in page and "shared by Ann €6.17, Bo €6.17, Cy €6.16" in page
    german = companion(db, "settle", "--language", "de").stdout
    assert "AUSGABEN" in german and "geteilt von Ann 6,17 €, Bo 6,17 €, Cy 6,16 €" in german


def test_the_bill_may_come_after_the_night_has_ended(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, {"cmd": "end_night"}, PIZZA)
    assert _payments(_settled(db)) == [("Bo", "Ann", "6.17"), ("Cy", "Ann", "6.16")]


def test_an_expense_is_undone_and_corrected_like_any_action(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT, PIZZA, {"cmd": "undo"})
    assert _settled(db)["expenses"] == [] and _payments(_settled(db)) == []
    play(db, {"cmd": "redo"})
    assert len(_settled(db)["expenses"]) == 1
    play(db, {"cmd": "correct", "action": 2,
              "command": {**PIZZA, "amount": "30", "shared_by": ["Bo", "Cy"]}})
    settled = _settled(db)
    assert settled["expenses"][0]["shared_by"] == {"Bo": "15.00", "Cy": "15.00"}
    assert _payments(settled) == [("Bo", "Ann", "15.00"), ("Cy", "Ann", "15.00")]
    log = companion(db, "log").stdout.splitlines()
    assert log[1].endswith("2  Ann paid 30.00 for pizza, shared by Bo 15.00, Cy 15.00 "
                           "[corrected at action 5]")
    assert log[4].endswith("5  correct action 2 to Ann paid 30 for pizza")


def test_what_is_no_expense_is_refused_in_a_sentence_and_records_nothing(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, MONEY_NIGHT)
    for amount in ("18.505", "-3", "0", "abc", "1000000.01"):
        reason = refused_alone(db, {**PIZZA, "amount": amount})
        assert amount in reason
    assert "at most two decimals" in refused_alone(db, {**PIZZA, "amount": "18.505"})
    assert "text" in refused_alone(db, {**PIZZA, "amount": 18.5})  # money is written as text
    assert "Dee" in refused_alone(db, {**PIZZA, "payer": "Dee"})
    assert "Eve" in refused_alone(db, {**PIZZA, "shared_by": ["Bo", "Eve"]})
    assert "shared_by" in refused_alone(db, {**PIZZA, "shared_by": []})
    assert "'what' must be non-empty text" in refused_alone(db, {**PIZZA, "what": "  "})
    assert "What an expense was for is at most 60 characters" in refused_alone(
        db, {**PIZZA, "what": "x" * 61})
    chips_only = tmp_path / "chips.db"
    play(chips_only, {**MONEY_NIGHT, "chip_value": None, "currency": None})
    assert "chip value" in refused_alone(chips_only, PIZZA)


@given(st.integers(min_value=1, max_value=10_000_000), st.integers(min_value=1, max_value=30))
def test_the_parts_add_up_exactly_and_differ_by_a_cent_at_most(cents: int, people: int) -> None:
    sharers = [f"P{n}" for n in range(people)]
    parts = split(cents, sharers)
    amounts = [part for _, part in parts]
    assert [name for name, _ in parts] == sharers and sum(amounts) == cents
    assert max(amounts) - min(amounts) <= 1 and amounts == sorted(amounts, reverse=True)
