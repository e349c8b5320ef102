"""In-Between on the real table screen, driven by keys through Textual's Pilot: a whole
dealer's game, the first cards in front of the seats, and the views of the variants.

A night is set up with `companion exec`, then the dealer types at the table: the cards
widget (`#cards`) and the prompt (`#entry`) are read as the terminal shows them, and what
the keys recorded is read back from the store.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.measure import Measurement
from textual.widgets import Static

from screens.parts import Fitted
from tests.cli import chips, execute, play
from tests.in_between.commands import card, game, night
from tests.pilot import app as _app
from tests.pilot import on_disk as _on_disk
from tests.pilot import seat, to_game
from tests.pilot import shown as _shown
from tests.pilot import text as _text

SIZE = (120, 40)
BACK = "▚"


def _night(db: Path, chips: int, **options: Any) -> None:
    """Ann, Bo and Cy at an In-Between game dealt by Ann with `options`."""
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": chips},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
                    "options": options})
    assert done.returncode == 0, done.stderr


def _ranks(line: str) -> list[str]:
    """The ranks on the top row of big cards: `│7    │  │2    │` gives 7 and 2."""
    return re.findall(r"│(\w+) *│", line)


# --- a dealer's game ---------------------------------------------------------------------

def test_a_whole_dealers_game_by_keys_only(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for name in ("Ann", "Bo", "Cy"):
                await pilot.press(*name, "enter")
            await pilot.press("enter")  # an empty name: the table is complete
            await pilot.pause()
            await pilot.press(*to_game("In-Between"), "enter")  # on to its first option
            await pilot.press("backspace", "backspace", "1", "0", "tab", "backspace", "1",
                              "ctrl+enter")  # stake 10, one round, Ann deals
            await pilot.pause()
            await pilot.press("5", "9")  # first cards: Bo, Cy (suits do not matter here)
            await pilot.press("k", "3", "enter", "8")  # Bo: a king, bets 3, an 8 wins
            await pilot.press("1", "0", "p")  # Cy: a ten next to the 9, passes
            await pilot.pause()

    asyncio.run(play())
    view = _on_disk(db)
    assert view["dealer"] == "Bo" and view["pot"] == 10
    chips = {name: seat["chips"] for name, seat in view["players"].items()}
    assert chips == {"Ann": 97, "Bo": 93, "Cy": 100}
    assert view["last_action"] == 9


def test_a_first_card_leaves_the_seat_once_its_turn_is_played(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, 100, stake=10, rounds=2)
    play(db, card("5h"), card("9c"))  # Bo's first card 5, Cy's 9

    async def play_keys() -> None:
        app = _app(db)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert seat(pilot, "Bo").split()[-4:] == ["100", "5♥", "in", "100"]
            await pilot.press("k", "3", "enter", "8")  # Bo's turn: king, bets 3, an 8
            await pilot.pause()
            assert seat(pilot, "Bo").split() == ["Bo", "103", "in", "100"]
            assert seat(pilot, "Cy").split()[-4:] == ["100", "9♣", "in", "100"]

    asyncio.run(play_keys())


# --- pairs=split --------------------------------------------------------------------------

def test_split_pair_by_the_s_key_shows_both_hands_side_by_side_each_bet_on_its_own(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, 20, ante=2, pairs="split")  # pot 6, everyone 18

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("7", "4", "q", "7")  # first cards Bo, Cy, Ann; Bo pairs his 7
            await pilot.pause()
            entry = _text(pilot, "#entry")
            assert "Bo: bet 0–6, p = pass" in entry and "s = split the pair" in entry
            assert "hand" not in _text(pilot, "#cards")
            await pilot.press("s")
            await pilot.pause()
            assert "Bo's second card — hand 1" in _text(pilot, "#entry")
            await pilot.press("2")
            await pilot.pause()
            assert "Bo: bet 0–8, p = pass — hand 1" in _text(pilot, "#entry")
            labels, top, ranks, *_ = _shown(pilot, "#cards")
            assert labels.startswith("hand 1 ◀") and "hand 2" in labels
            assert _ranks(ranks) == ["7", "2", "7"]  # hand 1: 7 and 2; hand 2: the other 7
            assert labels.index("hand 2") == top.rindex("┌")  # hand 2's label over its card
            await pilot.press("3", "enter", "4")  # 2-7: the 4 wins 3
            await pilot.pause()
            assert "Bo's second card — hand 2" in _text(pilot, "#entry")
            labels, _, ranks, *_ = _shown(pilot, "#cards")
            assert "hand 2 ◀" in labels and "◀" not in labels.split("hand 2")[0]
            assert _ranks(ranks) == ["7", "2", "4", "7"]
            assert _on_disk(db)["split"] == {"hand": 2, "other": ["7", "2", "4"]}
            await pilot.press("q", "2", "enter", "q")  # hand 2: 7-Q, a post costs twice 2
            await pilot.pause()
            assert "hand" not in _text(pilot, "#cards")

    asyncio.run(play())
    view = _on_disk(db)
    chips = {name: seat["chips"] for name, seat in view["players"].items()}
    assert chips == {"Ann": 18, "Bo": 15, "Cy": 18} and view["pot"] == 9
    assert view["turn"] == "Cy" and view["split"] is None and view["last_action"] == 13


# --- hidden -------------------------------------------------------------------------------

def test_hidden_cards_are_drawn_as_backs_until_shown_and_p_passes_without_showing(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, 100, stake=10, rounds=2, hidden=True)  # Ann stakes 10

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Bo shows the first card, p = pass without showing" in _text(pilot, "#entry")
            cards = _text(pilot, "#cards")
            assert cards.count("┌─────┐") == 2 and BACK in cards  # Bo's two cards, face down
            seats = _shown(pilot, "#seats")
            assert BACK in next(line for line in seats if "Bo" in line)
            assert BACK in next(line for line in seats if "Cy" in line)
            assert BACK not in next(line for line in seats if "Ann" in line)  # the dealer
            await pilot.press("p")  # Bo passes without showing
            await pilot.pause()
            assert "Cy shows the first card" in _text(pilot, "#entry")
            after_pass = _on_disk(db)
            assert (after_pass["seen"], after_pass["face_down"]) == ([], {"Cy": 2})
            assert BACK not in next(line for line in _shown(pilot, "#seats") if "Bo" in line)
            await pilot.press("4")  # Cy shows a 4; the other card is still down
            await pilot.pause()
            assert "Cy shows the second card" in _text(pilot, "#entry")
            top, ranks, middle, *_ = _shown(pilot, "#cards")
            assert _ranks(ranks) == ["4"] and top.count("┌") == 2 and BACK in middle
            await pilot.press("j")
            await pilot.pause()
            assert "Cy: bet 0–10, p = pass" in _text(pilot, "#entry")
            cards = _text(pilot, "#cards")
            assert BACK not in cards and _ranks(cards.splitlines()[1]) == ["4", "J"]
            await pilot.press("5", "enter", "9")  # 4-J: the 9 wins 5
            await pilot.pause()

    asyncio.run(play())
    view = _on_disk(db)
    chips = {name: seat["chips"] for name, seat in view["players"].items()}
    assert chips == {"Ann": 90, "Bo": 100, "Cy": 105} and view["pot"] == 5
    assert view["round"] == 2 and view["face_down"] == {"Bo": 2, "Cy": 2}
    assert view["last_action"] == 7  # pass, two shown cards, bet, third card


# --- low_ace ------------------------------------------------------------------------------

def test_l_declares_the_first_ace_low_and_the_table_says_so_on_the_first_gap_only(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 10; Bo's first card an ace, Cy's a 5; three posts show which gap is bet
    play(db, night(20), game(stake=10, low_ace=True, three_posts=True), card("A", "Bo"),
         card("5", "Cy"))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Bo's second card  (l = the ace counts low)" in _text(pilot, "#entry")
            await pilot.press("l")
            await pilot.pause()
            declared = _on_disk(db)
            assert declared["low_ace"] is True and declared["last_action"] == 5
            assert "Bo's ace counts low" in _text(pilot, "#log")
            await pilot.press("9")
            await pilot.pause()
            shown = _shown(pilot, "#cards")
            assert "gap 1: A – 9" in shown  # the low ace is the low card of the gap
            assert "the ace counts low, below the 2" in shown
            assert "Bo: bet 0–10" in _text(pilot, "#entry")
            # A low ace and a 9: 2 to 8 win, 27 of the 49 unseen cards (one 5 is out); the
            # 3 aces and 3 nines left are posts: 55%, 12%, 33% (high, 9-A wins 16 of 49)
            assert _shown(pilot, "#odds")[:2] == ["Odds for the third card",
                                                  "win 55%   post 12%   lose 33%"]
            await pilot.press("2", "enter", "a")  # a third ace is still a post: Bo pays 4
            await pilot.pause()
            # The second gap is 9-A, and that ace is high: 10 to K win, 16 of 48 unseen;
            # posts 3 nines and 2 aces: 33.3, 10.4 and 56.25 %; rounded down they make
            # 99, and the point left goes to the largest remainder: 33%, 11%, 56%
            shown = _shown(pilot, "#cards")
            assert "gap 2: 9 – A, a post costs triple" in shown
            assert not any("counts low" in line for line in shown)
            assert _shown(pilot, "#odds")[:2] == ["Odds for the fourth card",
                                                  "win 33%   post 11%   lose 56%"]
            await pilot.press("1", "enter", "k")  # the K wins 1 on the second gap
            await pilot.pause()

    asyncio.run(play_keys())
    view = _on_disk(db)
    # Bo: 20 - 2 - 2 (the post) - 1 + 2 (the second bet back and its win); pot 10 + 4 - 1
    assert chips(view) == {"Ann": 10, "Bo": 17, "Cy": 20} and view["pot"] == 13
    assert view["turn"] == "Cy"


def test_after_l_the_table_names_the_low_ace_before_the_second_card_comes(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    play(db, night(20), game(stake=10, low_ace=True), card("A", "Bo"), card("5", "Cy"))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert _on_disk(db)["low_ace"] is True
            table = [*_shown(pilot, "#cards"), *_shown(pilot, "#seats"),
                     *_shown(pilot, "#entry")]
            assert any("low" in line for line in table), table

    asyncio.run(play_keys())


# --- three_posts --------------------------------------------------------------------------

def test_three_posts_after_the_first_bets_card_the_table_shows_gap_two_and_asks_the_second_bet(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, 100, stake=20, three_posts=True)  # Ann stakes 20

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("4", "5", "j")  # first cards Bo, Cy; Bo's second: a jack
            await pilot.pause()
            assert "gap 1: 4 – J" in _text(pilot, "#cards")
            await pilot.press("5", "enter", "9")  # the 9 wins 5: pot 15
            await pilot.pause()
            entry = _text(pilot, "#entry")
            assert "Bo: second bet 1–15 on the gap of cards 2 and 3" in entry
            cards = _shown(pilot, "#cards")
            assert _ranks(cards[1]) == ["4", "J", "9"]
            assert cards[-1] == "gap 2: 9 – J, a post costs triple"
            await pilot.press("p")  # no pass on the second gap: the key does nothing
            await pilot.pause()
            assert _on_disk(db)["last_action"] == 7
            await pilot.press("3", "enter", "j")  # a post on 9-J: three times 3
            await pilot.pause()
            assert "gap" not in _text(pilot, "#cards")
            assert "Cy's second card" in _text(pilot, "#entry")

    asyncio.run(play())
    view = _on_disk(db)
    chips = {name: seat["chips"] for name, seat in view["players"].items()}
    assert chips == {"Ann": 80, "Bo": 105 - 9, "Cy": 100} and view["pot"] == 15 + 9
    assert view["turn"] == "Cy" and view["last_action"] == 9


def test_the_odds_panel_names_the_fourth_card_on_the_second_gap_of_three_posts(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Ann stakes 20; first cards Bo 4, Cy 9; Bo's second a K
    play(db, night(100), game(stake=20, three_posts=True), card("4", "Bo"), card("9", "Cy"),
         card("K", "Bo"))

    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            # 4-K with 4, 9, K out: 31 of 49 between (5 to Q, three 9s), 6 posts
            assert _shown(pilot, "#odds")[:2] == ["Odds for the third card",
                                                  "win 63%   post 12%   lose 25%"]
            await pilot.press("5", "enter", "9")  # the 9 wins 5: pot 15, gap 2 is 9-K
            await pilot.pause()
            assert "Bo: second bet 1–15" in _text(pilot, "#entry")
            # 9-K with 4, 9, K, 9 out: 12 of 48 between (10, J, Q), posts 2 nines + 3 kings
            assert _shown(pilot, "#odds")[:2] == ["Odds for the fourth card",
                                                  "win 25%   post 10%   lose 65%"]
            await pilot.press("1", "enter", "j")  # the J wins 1: Cy's turn
            await pilot.pause()
            assert "Cy's second card" in _text(pilot, "#entry")
            assert _shown(pilot, "#odds")[0] == "Odds for the third card"

    asyncio.run(play_keys())
    view = _on_disk(db)
    assert chips(view) == {"Ann": 80, "Bo": 106, "Cy": 100} and view["pot"] == 14


# --- split and three posts together -------------------------------------------------------

def _split_with_three_posts(db: Path) -> None:
    # ante 1: pot 3. Bo pairs his 7 and splits; hand 1: 7-2, bets 1, the 5 wins: gap 2-5
    _night(db, 20, ante=1, pairs="split", three_posts=True)
    done = execute(db, *({"cmd": "card", "card": text} for text in ("7", "5", "3", "7")),
                   {"cmd": "declare", "choice": "split"}, {"cmd": "card", "card": "2"},
                   {"cmd": "bet", "amount": 1}, {"cmd": "card", "card": "5"})
    assert done.returncode == 0, done.stderr


def test_split_hand_with_three_posts_shows_gap_two_under_the_hands(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _split_with_three_posts(db)

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "second bet 1–3 on the gap of cards 2 and 3 — hand 1" in _text(
                pilot, "#entry")
            assert "hand 1 ◀" in _text(pilot, "#cards")
            assert "gap 2: 2 – 5, a post costs triple" in _text(pilot, "#cards")

    asyncio.run(look())


def test_split_hands_with_three_posts_fit_the_cards_widget_side_by_side(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _split_with_three_posts(db)
    done = execute(db, {"cmd": "bet", "amount": 1}, {"cmd": "card", "card": "3"},
                   {"cmd": "card", "card": "K"}, {"cmd": "bet", "amount": 1},
                   {"cmd": "card", "card": "9"})  # hand 2: 7-K, the 9 wins; now gap K-9
    assert done.returncode == 0, done.stderr

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "second bet" in _text(pilot, "#entry") and "hand 2" in _text(pilot, "#entry")
            widget = pilot.app.screen.query_one("#cards", Static)
            fitted = widget.content
            assert isinstance(fitted, Fitted)
            drawing = fitted.draw(widget.size.width)  # as the terminal draws it
            assert isinstance(drawing, Group)
            console = Console(width=1000)
            needed = Measurement.get(console, console.options, drawing).maximum
            assert needed <= widget.size.width

    asyncio.run(look())


def test_the_odds_line_of_3_to_queen_says_63_12_25(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # 62.5 %, 12.5 % and 25 % exactly: each figure its own value rounded, 100 in all
    play(db, night(100, "Ann", "Bo", "Cy", "Dee"), game(stake=20),
         card("3", "Bo"), card("5", "Cy"), card("7", "Dee"), card("Q", "Bo"))

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert _shown(pilot, "#odds")[:2] == ["Odds for the third card",
                                                  "win 63%   post 12%   lose 25%"]

    asyncio.run(look())
