"""Schlag den Dealer's variants at the real table screen, played by keys (Textual's Pilot).

The night and the game are started with `companion exec`; from then on the dealer only
types at the table. What the keys did is read where the dealer reads it — the prompt
(`#entry`), the seats (`#seats`), the title (`#title`) and the log (`#log`) — and back from
the file. The panels of the cards, the cards out and the chances are not read here.

Ben deals to Anna, Cleo and Dora (seat order), so Anna guesses first, then Cleo, then Dora.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.cli import execute, row_count
from tests.pilot import app as _app
from tests.pilot import on_disk as _on_disk
from tests.pilot import seat as _seat
from tests.pilot import shown as _shown
from tests.pilot import text as _text

SIZE = (120, 40)
PLAYERS = ("Ben", "Anna", "Cleo", "Dora")
# Words that must not stand in the German prompt.
ENGLISH = re.compile(r"\b(guess(es)?|second|card|higher|lower|the|sips|points|hidden|"
                     r"relieved|next|dealer's|value's|key|already|check)\b", re.IGNORECASE)

Play = Callable[[Pilot[Any]], Awaitable[None]]


# --- helpers ------------------------------------------------------------------------------

def _game(db: Path, **options: Any) -> None:
    """Ben, Anna, Cleo and Dora at Schlag den Dealer; Ben holds the deck."""
    done = execute(db, {"cmd": "start_night", "players": list(PLAYERS), "chips": 0},
                   {"cmd": "start_game", "game": "schlag-den-dealer", "dealer": "Ben",
                    "options": options})
    assert done.returncode == 0, done.stderr


def _run(db: Path, play: Play, language: str = "en") -> None:
    async def session() -> None:
        async with _app(db, language).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await play(pilot)

    asyncio.run(session())


async def _keys(pilot: Pilot[Any], *keys: str) -> None:
    """Each key as the dealer types it, the screen redrawn after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def _entry(pilot: Pilot[Any]) -> str:
    return _text(pilot, "#entry")


def _problem(pilot: Pilot[Any]) -> str:
    """The refusal under the prompt, '' when there is none."""
    lines = [line.strip() for line in _shown(pilot, "#entry") if line.strip()]
    return " ".join(lines[1:])


def _tally(pilot: Pilot[Any], name: str) -> str:
    """The seat line of `name`, its blanks collapsed: 'D Anna 10 sips …'."""
    return " ".join(_seat(pilot, name).split())


def _owes(pilot: Pilot[Any], name: str, sips: int, unit: str = "sips") -> bool:
    word = unit.removesuffix("s") if sips == 1 else unit  # 1 sip, 2 sips
    return re.search(rf"(^| ){name} {sips} {word}\b", _tally(pilot, name)) is not None


def _deals(pilot: Pilot[Any], name: str) -> bool:
    """The seat of `name` carries the dealer's D."""
    words = _tally(pilot, name).split()
    return "D" in words[:words.index(name)]


def _log(pilot: Pilot[Any]) -> str:
    """Every line of the log panel, also those scrolled out of its eight rows."""
    log = pilot.app.screen.query_one("#log", OptionList)
    return "\n".join(str(log.get_option_at_index(index).prompt)
                     for index in range(log.option_count))


def _sips(db: Path) -> dict[str, int]:
    return {name: place["sips"] for name, place in _on_disk(db)["players"].items()}


async def _double_miss(pilot: Pilot[Any], card: str) -> None:
    """The guesser says 2, then 3; the dealer's card comes after both guesses."""
    await _keys(pilot, "2", "3", card)


# --- the card after both guesses ----------------------------------------------------------

def test_card_entered_after_two_wrong_guesses_puts_the_difference_on_the_guesser(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        assert "Anna guesses" in _entry(pilot)
        await _keys(pilot, "3")
        assert "Anna: second guess" in _entry(pilot)
        assert _on_disk(db)["guesses"] == [3]
        await _keys(pilot, "5")
        assert "Ben: enter the card" in _entry(pilot)  # two wrong guesses: now the dealer's card
        assert all(_owes(pilot, name, 0) for name in PLAYERS)
        await _keys(pilot, "k")
        assert _owes(pilot, "Anna", 8)  # |5 - 13|, the second guess counts
        assert _owes(pilot, "Ben", 0)
        assert "Cleo guesses" in _entry(pilot)
        log = _log(pilot)
        assert "Anna guesses 3" in log and "Anna guesses 5" in log
        assert "the card was K" in log

    _run(db, play)
    view = _on_disk(db)
    assert _sips(db) == {"Ben": 0, "Anna": 8, "Cleo": 0, "Dora": 0}
    assert view["values_out"]["K"] == 1 and view["turn"] == "Cleo"
    assert view["misses"] == 1 and view["guesses"] == [] and not view["card_in"]


def test_a_ten_as_the_card_by_one_and_zero_after_the_guesses(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "a", "2", "1")
        assert "Ben: enter the card" in _entry(pilot)  # `1` alone waits for its `0`
        assert _on_disk(db)["values_out"]["10"] == 0
        await _keys(pilot, "0")
        assert _owes(pilot, "Anna", 8)  # |2 - 10|
        assert "the card was 10" in _log(pilot)

    _run(db, play)
    assert _sips(db)["Anna"] == 8 and _on_disk(db)["values_out"]["10"] == 1


def test_second_guess_without_the_card_asks_the_dealer_to_say_higher_or_lower(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "7")
        entry = _entry(pilot)
        assert "Anna: second guess" in entry
        assert "?" not in entry and "higher or lower" in entry

    _run(db, play)


# --- one_try ------------------------------------------------------------------------------

def test_one_try_a_wrong_guess_asks_for_the_card_and_owes_the_difference_at_once(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, one_try=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "7")
        entry = _entry(pilot)
        assert "Ben: enter the card" in entry and "second guess" not in entry
        assert _owes(pilot, "Anna", 0)
        await _keys(pilot, "q")
        assert _owes(pilot, "Anna", 5)  # |7 - 12|
        assert "Cleo guesses" in _entry(pilot)
        # the card first: the one wrong guess settles the turn at once
        await _keys(pilot, "=", "9")
        assert "the card is in, hidden" in _entry(pilot)
        await _keys(pilot, "5")
        assert _owes(pilot, "Cleo", 4)  # |5 - 9|
        assert "Dora guesses" in _entry(pilot)
        assert "the card was 9" in _log(pilot)

    _run(db, play)
    view = _on_disk(db)
    assert _sips(db) == {"Ben": 0, "Anna": 5, "Cleo": 4, "Dora": 0}
    assert view["misses"] == 2 and view["turn"] == "Dora"
    assert view["values_out"]["Q"] == 1 and view["values_out"]["9"] == 1


# --- ace_high -----------------------------------------------------------------------------

def test_ace_high_the_a_key_guesses_14_and_the_difference_counts_the_ace_as_14(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, ace_high=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "5", "a")
        assert _on_disk(db)["guesses"] == [5, 14]
        assert "Anna guesses A" in _log(pilot)
        await _keys(pilot, "k")
        assert _owes(pilot, "Anna", 1)  # |14 - 13|; with the ace at 1 it would be 12
        # the hidden ace is higher than a king
        await _keys(pilot, "=", "a", "k")
        assert "Cleo: second guess, higher" in _entry(pilot)
        await _keys(pilot, "a")
        assert _owes(pilot, "Ben", 2)  # Cleo's second guess was right
        assert "Dora guesses" in _entry(pilot)

    _run(db, play)
    view = _on_disk(db)
    assert _sips(db) == {"Ben": 2, "Anna": 1, "Cleo": 0, "Dora": 0}
    assert view["values_out"]["A"] == 1 and "1" not in view["values_out"]


# --- value_and_suit -----------------------------------------------------------------------

def test_value_and_suit_the_first_guess_takes_a_suit_and_the_exact_card_costs_the_dealer_8(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, value_and_suit=True)

    async def play(pilot: Pilot[Any]) -> None:
        rows = row_count(db)
        await _keys(pilot, "q")
        assert "Anna guesses" in _entry(pilot)  # the value waits for its suit
        assert row_count(db) == rows and _on_disk(db)["guesses"] == []
        await _keys(pilot, "h")
        assert "Anna: second guess" in _entry(pilot)
        assert "Anna guesses Q of ♥" in _log(pilot)
        await _keys(pilot, "=", "q", "h")  # the dealer's card: the queen of hearts
        assert _owes(pilot, "Ben", 8)
        assert "Cleo guesses" in _entry(pilot)
        # the right value in the wrong suit is a plain first hit
        await _keys(pilot, "=", "5", "d", "5", "c")
        assert _owes(pilot, "Ben", 12)
        assert "Dora guesses" in _entry(pilot)

    _run(db, play)
    view = _on_disk(db)
    assert _sips(db) == {"Ben": 12, "Anna": 0, "Cleo": 0, "Dora": 0}
    assert set(view["seen"]) == {"Qh", "5d"}


def test_value_and_suit_the_card_is_refused_without_its_suit(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, value_and_suit=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "7", "c", "9")  # the second guess is a value alone
        assert "Ben: enter the card" in _entry(pilot)
        rows = row_count(db)
        await _keys(pilot, "k", "enter")  # the king without its suit
        problem = _problem(pilot)
        assert "suit" in problem and "Traceback" not in _entry(pilot)
        assert "Ben: enter the card" in _entry(pilot)
        assert row_count(db) == rows and _owes(pilot, "Anna", 0)
        await _keys(pilot, "k", "s")
        assert _owes(pilot, "Anna", 4)  # |9 - 13|
        assert _problem(pilot) == ""
        assert "Cleo guesses" in _entry(pilot)

    _run(db, play)
    assert _sips(db)["Anna"] == 4 and _on_disk(db)["seen"] == ["Ks"]


def test_value_and_suit_the_prompt_asks_for_the_suit_after_the_value(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, value_and_suit=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "q")
        entry = _entry(pilot)
        assert "now the suit: c, d, h or s, or Enter for the value alone" in " ".join(
            entry.split())

    _run(db, play)


# --- the relief ---------------------------------------------------------------------------

def test_dealer_chooses_after_three_double_misses_the_digit_names_the_next_dealer(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, dealer_chooses=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _double_miss(pilot, "k")  # Anna 10
        await _double_miss(pilot, "q")  # Cleo 9
        assert "dealer: Ben" in _text(pilot, "#title")
        await _double_miss(pilot, "j")  # Dora 8: the third miss in a row
        entry = _entry(pilot)
        assert "Ben is relieved" in entry
        assert "1 = Anna" in entry and "2 = Cleo" in entry and "3 = Dora" in entry
        assert "Ben" not in entry.split("next dealer", 1)[1]  # not himself
        rows = row_count(db)
        await _keys(pilot, "9")  # no such choice: nothing happens
        assert row_count(db) == rows and "Ben is relieved" in _entry(pilot)
        await _keys(pilot, "2")
        assert "dealer: Cleo" in _text(pilot, "#title")
        assert _deals(pilot, "Cleo") and not _deals(pilot, "Ben")
        assert "Dora guesses" in _entry(pilot)  # the new dealer's left neighbour
        assert "Cleo holds the deck; Dora guesses" in _log(pilot)

    _run(db, play)
    view = _on_disk(db)
    assert view["dealer"] == "Cleo" and view["turn"] == "Dora" and view["misses"] == 0
    assert _sips(db) == {"Ben": 0, "Anna": 10, "Cleo": 9, "Dora": 8}


def test_three_double_misses_pass_the_deck_left_and_a_hit_resets_the_count(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        await _double_miss(pilot, "k")  # Anna
        await _double_miss(pilot, "q")  # Cleo
        await _keys(pilot, "=", "j", "j")  # Dora right at once: Ben drinks 4, count reset
        assert _owes(pilot, "Ben", 4)
        await _double_miss(pilot, "k")  # Anna
        await _double_miss(pilot, "q")  # Cleo: two in a row, Ben still deals
        assert "dealer: Ben" in _text(pilot, "#title") and _deals(pilot, "Ben")
        assert _on_disk(db)["misses"] == 2
        await _double_miss(pilot, "j")  # Dora: the third in a row
        assert "dealer: Anna" in _text(pilot, "#title")
        assert _deals(pilot, "Anna") and not _deals(pilot, "Ben")
        assert "Cleo guesses" in _entry(pilot)  # Anna's left neighbour
        assert "Anna holds the deck; Cleo guesses" in _log(pilot)

    _run(db, play)
    view = _on_disk(db)
    assert view["dealer"] == "Anna" and view["turn"] == "Cleo" and view["misses"] == 0
    assert _sips(db) == {"Ben": 4, "Anna": 20, "Cleo": 18, "Dora": 8}


# --- stupid_guess -------------------------------------------------------------------------

def test_stupid_guess_a_value_all_four_out_adds_the_penalty_to_the_guesser(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, stupid_guess=True)

    async def play(pilot: Pilot[Any]) -> None:
        for _ in range(4):  # four sevens, each guessed right at once
            await _keys(pilot, "=", "7", "7")
        assert _owes(pilot, "Ben", 16)
        assert "Cleo guesses" in _entry(pilot)  # Anna, Cleo, Dora, Anna have guessed
        await _keys(pilot, "5")  # a value still in the deck costs nothing
        assert _owes(pilot, "Cleo", 0)
        await _keys(pilot, "=", "6", "6")
        assert _owes(pilot, "Ben", 18)
        await _keys(pilot, "7")  # all four sevens are out
        assert _owes(pilot, "Dora", 5)
        assert "Dora: second guess" in _entry(pilot)
        assert "Dora guesses 7" in _log(pilot)
        await _keys(pilot, "8", "9")
        assert _owes(pilot, "Dora", 6)  # the penalty, then |8 - 9|

    _run(db, play)
    view = _on_disk(db)
    assert _sips(db) == {"Ben": 18, "Anna": 0, "Cleo": 0, "Dora": 6}
    assert view["values_out"]["7"] == 4


# --- unit ---------------------------------------------------------------------------------

def test_unit_points_the_seats_count_points_never_sips(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, unit="points")

    async def play(pilot: Pilot[Any]) -> None:
        await _double_miss(pilot, "k")
        assert _owes(pilot, "Anna", 10, "points") and _owes(pilot, "Ben", 0, "points")
        for selector in ("#seats", "#title", "#entry"):
            assert "sip" not in _text(pilot, selector).lower(), selector

    _run(db, play)
    view = _on_disk(db)
    assert view["unit"] == "points" and _sips(db)["Anna"] == 10


# --- German -------------------------------------------------------------------------------

def test_german_the_schlag_prompts_and_refusals_are_german(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, dealer_chooses=True)
    seen: list[str] = []

    def german(pilot: Pilot[Any]) -> str:
        entry = _entry(pilot)
        seen.append(entry)
        assert not ENGLISH.search(entry), entry
        return entry

    async def play(pilot: Pilot[Any]) -> None:
        assert "Anna rät" in german(pilot)
        await _keys(pilot, "7")
        assert "Anna: zweiter Tipp" in german(pilot)
        await _keys(pilot, "=")
        german(pilot)
        await _keys(pilot, "5")
        assert "Anna: zweiter Tipp, tiefer" in german(pilot)
        await _keys(pilot, "9")  # Anna 4
        await _keys(pilot, "4", "6")
        assert "Ben: die Karte eingeben" in german(pilot)
        await _keys(pilot, "4")  # contradicts Cleo's first guess: refused
        assert "Die Karte kann kein 4 sein" in german(pilot)
        await _keys(pilot, "k")  # Cleo 7
        await _keys(pilot, "2", "3", "q")  # Dora 9: the third miss in a row
        entry = german(pilot)
        assert "Ben ist erlöst" in entry and "1 = Anna" in entry
        await _keys(pilot, "1")
        assert "Cleo rät" in german(pilot)
        assert "Geber: Anna" in _text(pilot, "#title")
        assert "Schlucke" in _text(pilot, "#seats") and "sips" not in _text(pilot, "#seats")

    _run(db, play, "de")
    assert len(seen) == 8
    view = _on_disk(db)
    assert view["dealer"] == "Anna" and _sips(db) == {"Ben": 0, "Anna": 4, "Cleo": 7, "Dora": 9}


def test_german_the_missing_suit_refusal_names_schlag_den_dealer_not_red_dog(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, value_and_suit=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "7", "c", "9", "k", "enter")
        problem = _problem(pilot)
        assert "Farbe" in problem  # it is refused, in German
        assert "Red Dog" not in problem

    _run(db, play, "de")


# --- wrong keys and refused cards ---------------------------------------------------------

def test_a_wrong_key_while_a_guess_is_expected_records_nothing(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        before = _entry(pilot)
        rows = row_count(db)
        await _keys(pilot, "x")
        assert row_count(db) == rows and _on_disk(db)["guesses"] == []
        assert "Traceback" not in _entry(pilot) and "Anna guesses" in _entry(pilot)
        assert _entry(pilot).splitlines()[0] == before.splitlines()[0]
        await _keys(pilot, "7")  # the next right key still guesses
        assert _on_disk(db)["guesses"] == [7]

    _run(db, play)


def test_a_wrong_key_while_a_guess_is_expected_says_why_in_one_sentence(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "x")
        problem = _problem(pilot)
        assert problem, "no problem shown for the key x"
        assert problem.endswith(".") and ". " not in problem and "Traceback" not in problem
        assert problem.startswith("'x' does nothing here: a guess is a value's key")

    _run(db, play)


def test_a_card_already_laid_out_is_refused_with_its_reason_and_records_nothing(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db, value_and_suit=True)

    async def play(pilot: Pilot[Any]) -> None:
        await _keys(pilot, "7", "h", "9", "q", "h")  # Q♥ laid out; Anna 3
        assert _owes(pilot, "Anna", 3) and "Cleo guesses" in _entry(pilot)
        rows = row_count(db)
        await _keys(pilot, "=", "q", "h")  # Q♥ again, as Cleo's hidden card
        problem = _problem(pilot)  # the hidden card is not named, even refused
        assert "Q" not in problem and "already laid out" in problem
        assert "Traceback" not in _entry(pilot) and "\n" not in problem
        assert "Cleo guesses" in _entry(pilot)
        assert row_count(db) == rows and not _on_disk(db)["card_in"]
        # a card that contradicts the guesses is refused the same way
        await _keys(pilot, "4", "c", "6", "4", "c")
        assert "cannot be a 4" in _problem(pilot)
        assert "Ben: enter the card" in _entry(pilot) and _owes(pilot, "Cleo", 0)
        await _keys(pilot, "2", "s")
        assert _problem(pilot) == "" and _owes(pilot, "Cleo", 4)  # |6 - 2|

    _run(db, play)
    assert _sips(db) == {"Ben": 0, "Anna": 3, "Cleo": 4, "Dora": 0}
    assert _on_disk(db)["seen"] == ["Qh", "2s"]


# --- undo ---------------------------------------------------------------------------------

def test_undo_of_a_laid_card_gives_the_sips_back_and_asks_for_the_card_again(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        await _double_miss(pilot, "k")
        assert _owes(pilot, "Anna", 10) and "Cleo guesses" in _entry(pilot)
        await _keys(pilot, "ctrl+z")
        assert _owes(pilot, "Anna", 0)
        assert "Ben: enter the card" in _entry(pilot)
        assert "[undone] card K" in _log(pilot) and _log(pilot).count("undone]") == 1
        assert _on_disk(db)["guesses"] == [2, 3]
        await _keys(pilot, "q")
        assert _owes(pilot, "Anna", 9)  # |3 - 12|

    _run(db, play)
    view = _on_disk(db)
    assert _sips(db)["Anna"] == 9 and view["values_out"]["K"] == 0
    assert view["values_out"]["Q"] == 1


def test_undo_of_the_relieving_card_gives_the_deck_back_to_the_dealer(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _game(db)

    async def play(pilot: Pilot[Any]) -> None:
        for card in ("k", "q", "j"):
            await _double_miss(pilot, card)
        assert "dealer: Anna" in _text(pilot, "#title")
        await _keys(pilot, "ctrl+z")
        assert "dealer: Ben" in _text(pilot, "#title") and _deals(pilot, "Ben")
        assert _owes(pilot, "Dora", 0) and "Ben: enter the card" in _entry(pilot)

    _run(db, play)
    view = _on_disk(db)
    assert view["dealer"] == "Ben" and view["misses"] == 2 and view["turn"] == "Dora"
