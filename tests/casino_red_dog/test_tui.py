"""Casino Red Dog on the real table screen, driven by keys through Textual's Pilot.

A night is set up with `companion exec`; then the bank (Ann) types the hand: a rank key
is a whole card (suits do not matter here), `r`, the raiser's number next to the seat, an
amount (or nothing: the whole ante) and Enter raise, `n` passes the bank between hands.
The seats (`#seats`), the cards (`#cards`), the prompt (`#entry`) and the payouts panel
(`#odds`) are read as the terminal shows them; what the keys recorded is read from disk.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.casino_red_dog.commands import card, cards, raise_
from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import chips as _chips
from tests.pilot import on_disk as _on_disk
from tests.pilot import seat as _seat
from tests.pilot import shown as _shown
from tests.pilot import text as _text

SIZE = (120, 40)


def _night(db: Path, *commands: dict[str, Any], chips: int = 20,
           players: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> None:
    """`players` at Casino Red Dog with Ann as the bank and an ante of 2, then `commands`."""
    done = execute(db, {"cmd": "start_night", "players": list(players), "chips": chips},
                   {"cmd": "start_game", "game": "casino-red-dog", "dealer": "Ann",
                    "options": {"ante": 2}}, *commands)
    assert done.returncode == 0, done.stderr


# --- a hand with raises -------------------------------------------------------------------

def test_a_hand_by_keys_antes_raises_by_seat_number_pays_the_spread_and_n_passes_the_bank(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "the first card of hand 1: Bo, Cy ante 2" in _text(pilot, "#entry")
            await pilot.press("5")  # the first card: Bo and Cy put down their ante
            await pilot.pause()
            assert "18 bet 2" in _seat(pilot, "Bo") and "18 bet 2" in _seat(pilot, "Cy")
            assert "the second card of hand 1" in _text(pilot, "#entry")
            assert "▶" not in _text(pilot, "#odds")  # no spread called yet
            await pilot.press("9")  # 5 and 9: spread 3, pays 2 to 1
            await pilot.pause()
            assert "r1" in _seat(pilot, "Bo") and "r2" in _seat(pilot, "Cy")
            assert " r" not in _seat(pilot, "Ann")  # the bank does not raise
            assert "spread 3, pays 2 to 1: r + number raises" in _text(pilot, "#entry")
            odds = _shown(pilot, "#odds")
            assert odds[0] == "Payouts"
            assert [line for line in odds if "▶" in line] == ["▶ spread 3        2 : 1"]
            # 12 of the 50 unseen cards (6, 7, 8) fall between; a chip: 0.24 × 2 − 0.76
            assert "the third card pays: 24%" in odds
            assert "a raised chip is worth -0.28" in odds

            await pilot.press("r", "2")  # Cy's number, then 1 chip
            await pilot.pause()
            assert "▸ Cy raises …" in _text(pilot, "#entry")
            await pilot.press("1")
            await pilot.pause()
            assert "▸ Cy raises 1" in _text(pilot, "#entry")
            await pilot.press("enter")
            await pilot.pause()
            assert "17 bet 3 ↑" in _seat(pilot, "Cy") and "r2" not in _seat(pilot, "Cy")
            assert "r1" in _seat(pilot, "Bo")
            await pilot.press("r", "1")
            await pilot.pause()
            assert "▸ Bo raises …" in _text(pilot, "#entry")
            await pilot.press("enter")  # Enter alone: the whole ante
            await pilot.pause()
            assert "16 bet 4 ↑" in _seat(pilot, "Bo")
            raised = _on_disk(db)
            assert raised["bets"] == {"Bo": 4, "Cy": 3} and raised["raised"] == ["Cy", "Bo"]

            await pilot.press("7")  # between: Bo wins 2 × 4, Cy 2 × 3
            await pilot.pause()
            cards = _shown(pilot, "#cards")
            assert "│5    │  │9    │  │7    │" in cards
            assert "the third card fell between:  Bo +8  Cy +6" in cards
            assert ("the first card of hand 2: Bo, Cy ante 2  (n = the bank passes to Bo)"
                    in _text(pilot, "#entry"))
            assert "bank: Ann (-14)" in _text(pilot, "#title")
            assert "▶" not in _text(pilot, "#odds")
            await pilot.press("n")
            await pilot.pause()
            assert "bank: Bo (+0)" in _text(pilot, "#title")
            assert "D Bo" in _seat(pilot, "Bo") and "D" not in _seat(pilot, "Ann")
            assert ("the first card of hand 2: Cy, Ann ante 2  (n = the bank passes to Cy)"
                    in _text(pilot, "#entry"))

    asyncio.run(play())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": 6, "Bo": 28, "Cy": 26} and view["bets"] == {}
    assert view["dealer"] == "Bo" and view["bank_result"] == 0
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 8, "Cy": 6}}
    assert view["last_action"] == 8  # 3 cards, 2 raises and the bank passed


def test_a_raisers_number_stays_with_the_seat_for_the_whole_hand(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "card", "card": "4"}, {"cmd": "card", "card": "9"})

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "r1" in _seat(pilot, "Bo") and "r2" in _seat(pilot, "Cy")
            await pilot.press("r", "1", "enter")  # Bo, the whole ante
            await pilot.press("r", "2", "1", "enter")  # Cy, one chip
            await pilot.pause()

    asyncio.run(play())
    assert _on_disk(db)["bets"] == {"Bo": 4, "Cy": 3}


# --- a pair, a push and the bank in debt --------------------------------------------------

def test_a_pair_marks_eleven_to_one_takes_no_raise_and_the_same_rank_puts_the_bank_in_debt(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("7", "7")
            await pilot.pause()
            assert "a pair of 7s: the third card; another 7 pays 11 to 1" in _text(
                pilot, "#entry")
            assert "r1" not in _text(pilot, "#seats")
            odds = _shown(pilot, "#odds")
            assert [line for line in odds if "▶" in line] == ["▶ pair + same    11 : 1"]
            assert "the third card pays: 4%" in odds  # 2 sevens among 50 cards
            assert not any("raised chip" in line for line in odds)  # a miss only pushes
            await pilot.press("r")  # no raise on a pair: the key does nothing, and says so
            await pilot.pause()
            assert "▸ ▌" in _text(pilot, "#entry")
            assert "'r' does nothing here: a card is its rank key" in _text(pilot, "#entry")
            assert _on_disk(db)["last_action"] == 4
            await pilot.press("7")  # three of a kind: 11 × 2 to each
            await pilot.pause()
            assert "three of a kind, 11 to 1:  Bo +22  Cy +22" in _shown(pilot, "#cards")
            assert "D Ann -24" in _seat(pilot, "Ann")
            assert "bank: Ann (-44)" in _text(pilot, "#title")
            await pilot.press("9", "0")  # 9 and 10: neighbours push at once
            await pilot.pause()
            assert "push, bets back:  Bo +0  Cy +0" in _shown(pilot, "#cards")
            assert "the first card of hand 3" in _text(pilot, "#entry")

    asyncio.run(play())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": -24, "Bo": 42, "Cy": 42} and view["last_action"] == 7


def test_short_stacks_ante_all_they_have_and_n_passes_the_bank(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Bo and Cy lose their ante of 2 and keep 1 chip each: short of the ante, both
    _night(db, {"cmd": "card", "card": "4"}, {"cmd": "card", "card": "9"},
           {"cmd": "card", "card": "K"}, chips=3)
    expect = _on_disk(db)["expect"]
    assert (expect["short"], expect["next_dealer"]) == ({"Bo": 1, "Cy": 1}, "Bo")

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert ("the first card of hand 2: Bo (1), Cy (1) ante 2  (n = the bank passes "
                    "to Bo)") in _text(pilot, "#entry")
            await pilot.press("n")
            await pilot.pause()

    asyncio.run(play())
    assert _on_disk(db)["dealer"] == "Bo"


def test_escape_cancels_a_half_typed_raise(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "card", "card": "4"}, {"cmd": "card", "card": "9"})

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r", "escape", "6")
            await pilot.pause()

    asyncio.run(play())
    assert _on_disk(db)["last_hand"] == {"outcome": "win", "results": {"Bo": 2, "Cy": 2}}


def test_escape_after_a_raisers_number_drops_the_raise_so_the_next_rank_is_the_third_card(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, *cards("4", "9"))  # spread 4: 1 to 1

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r", "1")
            await pilot.pause()
            assert "▸ Bo raises …" in _text(pilot, "#entry")
            await pilot.press("escape")
            await pilot.pause()
            entry = _text(pilot, "#entry")
            assert "Bo raises" not in entry and entry.endswith("▸ ▌")
            await pilot.press("6")  # the third card, not a raise of 6
            await pilot.pause()

    asyncio.run(play_keys())
    view = _on_disk(db)
    assert view["raised"] == [] and view["last_action"] == 5
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 2, "Cy": 2}}
    assert _chips(view) == {"Ann": 16, "Bo": 22, "Cy": 22}


# --- correcting a raise -------------------------------------------------------------------

def test_ctrl_e_on_a_raise_in_the_log_retypes_its_amount_and_the_hand_is_settled_again(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, *cards("4", "9"), raise_("Bo", 2), card("6"))  # Bo +4, Cy +2

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+e", "up", "enter")  # the log: action 6, up to 5
            await pilot.pause()
            assert type(pilot.app.screen).__name__ == "CorrectScreen"
            assert "Bo raises 2" in _text(pilot, ".dialog-title")
            await pilot.press("3", "enter")  # more than the ante: refused, nothing changes
            await pilot.pause()
            assert "Bo can raise at most 2 (the ante)" in _text(pilot, "#entry")
            assert _on_disk(db)["last_action"] == 6
            await pilot.press("ctrl+e", "up", "enter", "1", "enter")
            await pilot.pause()
            message = _text(pilot, "#entry")
            assert "Ann 14 → 15" in message and "Bo 24 → 23" in message

    asyncio.run(play_keys())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": 15, "Bo": 23, "Cy": 22}
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 3, "Cy": 2}}
    assert view["last_action"] == 7  # one correction


# --- German -------------------------------------------------------------------------------

def test_the_casino_prompt_and_payouts_are_german_after_f2(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            assert ("Erste Karte von Hand 1: Bo, Cy setzen 2  (n = die Bank geht an Bo)"
                    in _text(pilot, "#entry"))
            assert "Bank: Ann (+0)" in _text(pilot, "#title")
            await pilot.press("4", "9")
            await pilot.pause()
            assert "Abstand 4, zahlt 1 zu 1: r + Nummer erhöht" in _text(pilot, "#entry")
            assert "Einsatz 2  r1" in _seat(pilot, "Bo")
            odds = _shown(pilot, "#odds")
            assert odds[0] == "Auszahlung" and "▶ Abstand 4+      1 : 1" in odds
            await pilot.press("f2")
            await pilot.pause()
            assert "spread 4, pays 1 to 1" in _text(pilot, "#entry")

    asyncio.run(look())


def test_a_raise_being_typed_is_shown_in_german(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "card", "card": "4"}, {"cmd": "card", "card": "9"})

    async def look() -> None:
        async with _app(db, "de").run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r", "1")
            await pilot.pause()
            entry = _text(pilot, "#entry")
            assert "Bo erhöht um" in entry and "raises" not in entry

    asyncio.run(look())


def test_the_title_names_the_hand_the_prompt_asks_for(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "the first card of hand 1" in _text(pilot, "#entry")
            assert "hand 1" in _text(pilot, "#title")  # before the first card, too
            await pilot.press("5", "9", "7")  # spread 3, the 7 between: the hand is over
            await pilot.pause()
            assert "the first card of hand 2" in _text(pilot, "#entry")
            title = _text(pilot, "#title")
            assert "hand 2" in title and "hand 1" not in title
            await pilot.press("2")
            await pilot.pause()
            assert "the second card of hand 2" in _text(pilot, "#entry")
            assert "hand 2" in _text(pilot, "#title")

    asyncio.run(play())
