"""Red Dog on the real table screen, driven by keys through Textual's Pilot.

A night is set up with `companion exec`; then the dealer types each turn: the bet (digits
and Enter), the burned and the turned card (rank key, then suit key) and the cards the
player shows (rank and suit for each, then Enter). The seats (`#seats`), the pot (`#pot`),
the cards (`#cards`), the prompt (`#entry`), the seen grid (`#seen`) and the clue panel
(`#odds`) are read as the terminal shows them; what the keys recorded is read from disk.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from textual.command import CommandList
from textual.content import Content
from textual.pilot import Pilot

from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import chips as _chips
from tests.pilot import on_disk as _on_disk
from tests.pilot import seat as _seat
from tests.pilot import shown as _shown
from tests.pilot import text as _text

SIZE = (120, 40)
SUITS = "♣♦♥♠"


def _night(db: Path, *commands: dict[str, Any], chips: int = 50,
           **options: Any) -> None:
    """Ann, Bo and Cy at Red Dog dealt by Ann with `options`, then `commands`. Without a
    bank option everyone antes 2: the pot holds 6, every stack `chips` - 2."""
    done = execute(db, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": chips},
                   {"cmd": "start_game", "game": "red-dog", "dealer": "Ann",
                    "options": options}, *commands)
    assert done.returncode == 0, done.stderr


def _stack(pilot: Pilot[Any], name: str) -> int:
    """The stack shown at `name`'s seat."""
    found = re.search(rf"\b{name}\s+(-?\d+)\b", _seat(pilot, name))
    assert found, _seat(pilot, name)
    return int(found.group(1))


def _ranks(line: str) -> list[str]:
    """The ranks on the top row of big cards: `│3    │     │J    │` gives 3 and J."""
    return re.findall(r"│(\w+) *│", line)


def _marked(pilot: Pilot[Any]) -> dict[str, list[str]]:
    """The seen grid as shown: for each suit row, the ranks marked ■ (in grid order)."""
    lines = _shown(pilot, "#seen")
    header = next(line.split() for line in lines if line.split()[:2] == ["2", "3"])
    marked: dict[str, list[str]] = {}
    for line in lines:
        cells = line.split()
        if cells and cells[0] in SUITS:
            assert len(cells) == 14, line
            marked[cells[0]] = [rank for rank, cell in zip(header, cells[1:], strict=True)
                                if cell == "■"]
    assert list(marked) == list(SUITS)
    return marked


async def _keys(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


# --- a whole turn -------------------------------------------------------------------------

def test_a_winning_turn_by_keys_bet_burn_turn_and_one_higher_card_of_the_suit(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)  # pot 6, everyone 48

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Bo: bet 2–6" in _text(pilot, "#entry")
            assert _text(pilot, "#pot") == "Pot: 6"
            assert _shown(pilot, "#odds")[:2] == ["The turned card", "—"]
            await _keys(pilot, "9", "enter")  # more than the pot: refused, nothing recorded
            assert "Bo's bet is 2 to 6 now." in _text(pilot, "#entry")
            assert _on_disk(db)["last_action"] == 2
            await _keys(pilot, "4", "enter")
            assert _stack(pilot, "Bo") == 44 and _text(pilot, "#pot") == "Pot: 6"
            assert "the burned card (rank and suit)" in _text(pilot, "#entry")
            await _keys(pilot, "7", "enter")  # Enter after the rank sends the rank alone
            assert "Say the suit of the 7 too: in Red Dog the suit decides." in _text(
                pilot, "#entry")
            assert _on_disk(db)["last_action"] == 3
            await _keys(pilot, "3")
            assert "▸ 3▌" in _text(pilot, "#entry")  # a rank alone waits for its suit
            await _keys(pilot, "d")  # a suit after a rank: diamonds
            assert "the card turned for Bo" in _text(pilot, "#entry")
            labels, top, ranks, suits, *_ = _shown(pilot, "#cards")
            assert labels == "burned" and _ranks(ranks) == ["3"] and "♦" in suits
            await _keys(pilot, "j", "s")
            labels, top, ranks, suits, *_ = _shown(pilot, "#cards")
            assert labels.split() == ["burned", "turned"]
            assert _ranks(ranks) == ["3", "J"] and suits.split("│")[1].strip() == "♦"
            assert suits.split("│")[3].strip() == "♠"
            assert labels.index("turned") == top.rindex("┌")  # the label over its card
            entry = _text(pilot, "#entry")
            assert ("Bo shows a higher ♠ than the J♠, or the whole hand of 5: each card as "
                    "rank then suit, then Enter") in entry
            await _keys(pilot, "k", "s")
            assert "▸ K♠ ▌" in _text(pilot, "#entry")  # a space after the suit
            assert _on_disk(db)["last_action"] == 5  # nothing is sent before Enter
            await _keys(pilot, "enter")
            assert _stack(pilot, "Bo") == 52  # the bet back and as much again
            assert _text(pilot, "#pot") == "Pot: 2"
            cards = _shown(pilot, "#cards")
            assert "last: Bo showed K♠ and won 4" in cards
            assert not any("burned" in line or "turned" in line for line in cards)
            assert "Cy: bet 2–2" in _text(pilot, "#entry")
            assert "▶" in _seat(pilot, "Cy") and "▶" not in _seat(pilot, "Bo")

    asyncio.run(play())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": 48, "Bo": 52, "Cy": 48} and view["pot"] == 2
    assert view["last_shown"] == {"player": "Bo", "cards": ["Ks"], "won": True,
                                  "winner": "Ks", "bet": 4}
    assert view["seen"] == ["3d", "Js", "Ks"] and view["turn"] == "Cy"
    assert view["last_action"] == 6  # bet, burned, turned, shown


def test_a_whole_hand_typed_as_five_cards_without_spaces_loses_or_wins_by_its_cards(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _keys(pilot, "3", "enter", "9", "h", "1", "0", "c")  # a ten as 1 0
            assert _ranks(_shown(pilot, "#cards")[2]) == ["9", "10"]
            await _keys(pilot, "2", "c", "k", "h")
            assert "▸ 2♣ K♥ ▌" in _text(pilot, "#entry")
            await _keys(pilot, "backspace")  # the suit goes with its space
            assert "▸ 2♣ k▌" in _text(pilot, "#entry")
            await _keys(pilot, "backspace", "backspace")
            assert "▸ 2▌" in _text(pilot, "#entry")
            await _keys(pilot, "escape")  # the whole entry
            assert "▸ ▌" in _text(pilot, "#entry")
            await _keys(pilot, *"2c3c4c5c6c")
            assert "▸ 2♣ 3♣ 4♣ 5♣ 6♣ ▌" in _text(pilot, "#entry")
            await _keys(pilot, "enter")
            assert "Bo showed 2♣ 3♣ 4♣ 5♣ 6♣ and lost" in _text(pilot, "#cards")
            assert _stack(pilot, "Bo") == 45 and _text(pilot, "#pot") == "Pot: 9"
            assert "Cy: bet 2–9" in _text(pilot, "#entry")
            assert _on_disk(db)["last_shown"] == {
                "player": "Bo", "cards": ["2c", "3c", "4c", "5c", "6c"], "won": False,
                "winner": None, "bet": 3}
            # Cy lays down the whole hand although the A♠ in it beats the J♠: it wins
            await _keys(pilot, "3", "enter", "7", "d", "j", "s", *"2d3das4d5d", "enter")
            assert "Cy showed 2♦ 3♦ A♠ 4♦ 5♦: A♠ won 3" in _text(pilot, "#cards")
            assert _stack(pilot, "Cy") == 51 and _text(pilot, "#pot") == "Pot: 6"
            assert _marked(pilot)["♦"] == ["2", "3", "4", "5", "7"]

    asyncio.run(play())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": 48, "Bo": 45, "Cy": 51} and view["pot"] == 6
    assert view["last_shown"] == {"player": "Cy", "cards": ["2d", "3d", "As", "4d", "5d"],
                                  "won": True, "winner": "As", "bet": 3}


def test_the_last_turn_of_a_round_still_shows_who_showed_what_and_won(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2c"},
           {"cmd": "card", "card": "Kc"}, {"cmd": "show", "cards": ["3d", "4d", "5d", "6d", "7d"]},
           {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2h"},
           {"cmd": "card", "card": "Kh"},
           {"cmd": "show", "cards": ["3s", "4s", "5s", "6s", "7s"]},
           {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "8d"},
           {"cmd": "card", "card": "9s"})  # Ann, the dealer, plays last

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _keys(pilot, "a", "s", "enter")
            assert "Round 2" in _text(pilot, "#title")  # the next round is dealt at once
            assert "Ann showed A♠ and won" in _text(pilot, "#cards")

    asyncio.run(play())


# --- refusals -----------------------------------------------------------------------------

def test_a_show_that_does_not_fit_is_refused_at_the_prompt_and_records_nothing(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "bet", "amount": 4}, {"cmd": "card", "card": "3d"},
           {"cmd": "card", "card": "Js"})

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _keys(pilot, "q", "h", "enter")  # another suit does not beat
            prompt, problem = (line.strip() for line in _shown(pilot, "#entry")[:2])
            assert prompt.startswith("Bo shows a higher ♠ than the J♠")
            assert "▸ Q♥ ▌" in prompt  # the refused hand stays typed, to be mended
            assert problem == ("Q♥ does not beat the J♠: a winning card is a higher ♠; "
                               "without one the whole hand of 5 is shown.")
            await _keys(pilot, "escape", "1", "0", "s", "enter")  # the same suit, but lower
            assert "10♠ does not beat the J♠" in _text(pilot, "#entry")
            await _keys(pilot, "escape", *"2c3c", "enter")
            assert "A losing hand is shown whole: 5 cards, not 2." in _text(pilot, "#entry")
            await _keys(pilot, "escape", *"2cas", "enter")  # more than the winning card
            assert "A♠ beats the J♠: show only that card." in _text(pilot, "#entry")
            await _keys(pilot, "escape", "3", "d", "enter")  # the burned card is in no hand
            assert "3♦ is already out since the last shuffle (entered at action 4)" in _text(
                pilot, "#entry")
            assert _stack(pilot, "Bo") == 44 and _text(pilot, "#pot") == "Pot: 6"
            assert _marked(pilot) == {"♣": [], "♦": ["3"], "♥": [], "♠": ["J"]}
            assert _on_disk(db)["last_action"] == 5
            await _keys(pilot, "escape", "a", "s", "enter")
            assert "Bo showed A♠ and won" in _text(pilot, "#cards")
            assert "does not beat" not in _text(pilot, "#entry")

    asyncio.run(play())
    view = _on_disk(db)
    assert view["last_action"] == 6 and _chips(view)["Bo"] == 52


# --- the grid and the clue ----------------------------------------------------------------

def test_the_clue_counts_unseen_higher_cards_of_the_turned_suit_and_the_grid_marks_each_row(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # Bo's turn: burned Q♥, turned 2♣, Bo shows K♥ 9♥ 3♠ 4♠ 5♠ and loses 2 (pot 8)
    _night(db, {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "Qh"},
           {"cmd": "card", "card": "2c"},
           {"cmd": "show", "cards": ["Kh", "9h", "3s", "4s", "5s"]})

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert _marked(pilot) == {"♣": ["2"], "♦": [], "♥": ["9", "Q", "K"],
                                      "♠": ["3", "4", "5"]}
            assert _shown(pilot, "#odds")[:2] == ["The turned card", "—"]
            assert "Out since the shuffle (35 left)" in _text(pilot, "#seen")
            await _keys(pilot, "2", "enter", "2", "h")  # Cy bets 2; a low heart is burned
            assert _marked(pilot)["♥"] == ["2", "9", "Q", "K"]
            assert _shown(pilot, "#odds")[1] == "—"  # nothing turned yet for Cy
            await _keys(pilot, "7", "h")
            # above the 7♥: 8 9 10 J Q K A, of which 9, Q and K are out
            assert _shown(pilot, "#odds")[:2] == ["The turned card",
                                                  "Still unseen: 4 ♥ above the 7♥"]
            assert _marked(pilot)["♥"] == ["2", "7", "9", "Q", "K"]
            assert "Out since the shuffle (33 left)" in _text(pilot, "#seen")
            await _keys(pilot, "a", "h", "enter")
            assert _marked(pilot) == {"♣": ["2"], "♦": [], "♥": ["2", "7", "9", "Q", "K", "A"],
                                      "♠": ["3", "4", "5"]}
            assert _shown(pilot, "#odds")[1] == "—"  # the turn is over

    asyncio.run(play())
    view = _on_disk(db)
    assert view["last_shown"] == {"player": "Cy", "cards": ["Ah"], "won": True,
                                  "winner": "Ah", "bet": 2}
    assert _chips(view)["Cy"] == 50 and view["pot"] == 6


# --- Slippery Sam -------------------------------------------------------------------------

def test_slippery_sam_turns_middle_cards_until_a_six_or_lower_and_lists_the_passed_over(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, chips=100, slippery_sam=True)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Ann stakes the pot: 10–50" in _text(pilot, "#entry")
            await _keys(pilot, "2", "0", "enter")
            assert _stack(pilot, "Ann") == 80 and _text(pilot, "#pot") == "Pot: 20"
            assert "a card in the middle, until one of 6 or lower" in _text(pilot, "#entry")
            await _keys(pilot, "k", "c", "9", "h", "1", "0", "s")
            cards = _shown(pilot, "#cards")
            assert "passed over: K♣ 9♥ 10♠" in cards
            assert not any("burned" in line or "turned" in line for line in cards)
            assert "a card in the middle" in _text(pilot, "#entry")
            await _keys(pilot, "5", "d")  # the card everyone bets against
            labels, _, ranks, *rest = _shown(pilot, "#cards")
            assert labels == "turned" and _ranks(ranks) == ["5"]
            assert "passed over: K♣ 9♥ 10♠" in rest
            assert "Bo: bet 2–20" in _text(pilot, "#entry")
            # above the 5♦ none is out yet: 6 to A
            assert _shown(pilot, "#odds")[1] == "Still unseen: 9 ♦ above the 5♦"
            assert _marked(pilot) == {"♣": ["K"], "♦": ["5"], "♥": ["9"], "♠": ["10"]}
            await _keys(pilot, "4", "enter")  # no card is burned in Slippery Sam
            assert "Bo shows a higher ♦ than the 5♦, or the whole hand of 3" in _text(
                pilot, "#entry")
            await _keys(pilot, "d", "d")  # a queen where a rank comes, diamonds after it
            assert "▸ Q♦ ▌" in _text(pilot, "#entry")
            await _keys(pilot, "enter")
            assert _stack(pilot, "Bo") == 104 and _text(pilot, "#pot") == "Pot: 16"
            # Cy bets against the same card, the passed over still listed
            labels, _, ranks, *rest = _shown(pilot, "#cards")
            assert labels == "turned" and _ranks(ranks) == ["5"]
            assert "passed over: K♣ 9♥ 10♠" in rest and "last: Bo showed Q♦ and won 4" in rest
            assert "Cy: bet 2–16" in _text(pilot, "#entry")
            assert _shown(pilot, "#odds")[1] == "Still unseen: 8 ♦ above the 5♦"
            await _keys(pilot, "3", "enter", *"2c3c4c", "enter")
            # the round is over: the same dealer deals again and turns a new middle card
            assert "a card in the middle" in _text(pilot, "#entry")
            assert "passed over" not in _text(pilot, "#cards")
            assert _text(pilot, "#pot") == "Pot: 19"

    asyncio.run(play())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": 80, "Bo": 104, "Cy": 97} and view["pot"] == 19
    assert view["dealer"] == "Ann" and view["round"] == 2 and view["passed_over"] == []


# --- shoot --------------------------------------------------------------------------------

def _three_shoot_rounds(db: Path) -> None:
    """Ann stakes 20 and deals three rounds of shoot; Bo and Cy lose 2 each every round:
    the pot holds 32, Ann 80, Bo and Cy 94."""
    turn: list[dict[str, Any]] = [
        {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2c"},
        {"cmd": "card", "card": "Kc"}, {"cmd": "show", "cards": ["3d", "4d", "5d"]},
        {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2h"},
        {"cmd": "card", "card": "Kh"}, {"cmd": "show", "cards": ["3s", "4s", "5s"]}]
    _night(db, {"cmd": "bet", "amount": 20}, *turn, *turn, *turn, chips=100, shoot=True)
    expect = _on_disk(db)["expect"]
    assert (expect["kind"], expect["player"]) == ("declare", "Ann")


def test_shoot_after_three_rounds_k_keeps_the_pot_and_passes_the_deal_a_deals_a_fourth(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _three_shoot_rounds(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert ("Ann: k = keep the pot of 32 and pass the deal, a = deal a fourth round"
                    in _text(pilot, "#entry"))
            assert "Round 3" in _text(pilot, "#title") and "dealer: Ann" in _text(
                pilot, "#title")
            assert _text(pilot, "#pot") == "Pot: 32"
            await _keys(pilot, "x", "2", "enter")  # other keys do nothing here
            assert _on_disk(db)["last_action"] == 27
            await _keys(pilot, "k")
            assert "dealer: Bo" in _text(pilot, "#title") and "Round 4" in _text(
                pilot, "#title")
            assert "D Bo" in _seat(pilot, "Bo") and "D" not in _seat(pilot, "Ann")
            assert _stack(pilot, "Ann") == 112 and _text(pilot, "#pot") == "Pot: 0"
            assert "Bo stakes the pot: 10–50" in _text(pilot, "#entry")
            kept = _on_disk(db)
            assert kept["dealer"] == "Bo" and _chips(kept) == {"Ann": 112, "Bo": 94, "Cy": 94}
            assert kept["order"] == ["Cy", "Ann"] and kept["last_action"] == 28
            await _keys(pilot, "ctrl+z")  # undone: the choice is open again
            assert "k = keep the pot" in _text(pilot, "#entry")
            await _keys(pilot, "a")
            assert "Round 4" in _text(pilot, "#title") and "dealer: Ann" in _text(
                pilot, "#title")
            assert "D Ann" in _seat(pilot, "Ann") and _stack(pilot, "Ann") == 80
            assert "Bo: bet 2–32" in _text(pilot, "#entry")

    asyncio.run(play())
    view = _on_disk(db)
    assert view["dealer"] == "Ann" and view["rounds_dealt"] == 4 and view["pot"] == 32


# --- a key of Red Dog's own ----------------------------------------------------------------

async def _offered(pilot: Pilot[Any], query: str) -> list[str]:
    """What the command palette offers for `query`, then the palette closed again."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*query)
    await pilot.pause(0.3)
    results = pilot.app.screen.query_one(CommandList)
    offered = [str(results.get_option_at_index(index).prompt)
               for index in range(results.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return offered


def test_ctrl_o_splits_the_pot_and_the_palette_offers_it_only_while_red_dog_is_on(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    lost: list[dict[str, Any]] = [{"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "2c"},
            {"cmd": "card", "card": "Kc"}, {"cmd": "show", "cards": ["3d", "4d", "5d", "6d", "7d"]}]
    _night(db, *lost)  # Bo lost 2: the pot holds 8, Cy bets next
    other = tmp_path / "other.db"
    done = execute(other, {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 50},
                   {"cmd": "start_game", "game": "in-between", "dealer": "Ann"})
    assert done.returncode == 0, done.stderr

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert any("Split the pot" in hit for hit in await _offered(pilot, "split"))
            await _keys(pilot, "ctrl+o")
            # 8 = 3 × 2 + 2: Bo and Cy, left of Ann, get 3, Ann 2; then everyone antes 2
            assert _text(pilot, "#pot") == "Pot: 6"
            assert _chips(_on_disk(db)) == {"Ann": 48, "Bo": 47, "Cy": 49}
            await _keys(pilot, "ctrl+x", "y")  # no game on the table: no pot to split
            assert not any("Split" in hit for hit in await _offered(pilot, "split"))
            await _keys(pilot, "ctrl+o")
            assert _on_disk(db)["last_action"] == 8  # the split and the end of the game
        async with _app(other).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert not any("Split" in hit for hit in await _offered(pilot, "split"))
            await _keys(pilot, "ctrl+o")
            assert _on_disk(other)["last_action"] == 2

    asyncio.run(play())


# --- German -------------------------------------------------------------------------------

def test_the_red_dog_table_is_german_after_f2(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, {"cmd": "bet", "amount": 4}, {"cmd": "card", "card": "3d"},
           {"cmd": "card", "card": "Js"})

    async def look() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _keys(pilot, "f2")
            assert ("Bo zeigt eine höhere ♠ als J♠ oder die ganze Hand aus 5: jede Karte als "
                    "Wert, dann Farbe, dann Enter") in _text(pilot, "#entry")
            assert _shown(pilot, "#cards")[0].split() == ["verbrannt", "aufgedeckt"]
            assert _shown(pilot, "#odds")[:2] == ["Die aufgedeckte Karte",
                                                  "Noch ungesehen: 3 ♠ über J♠"]
            await _keys(pilot, "q", "h", "enter")
            assert "Q♥ schlägt J♠ nicht" in _text(pilot, "#entry")
            await _keys(pilot, "escape", "k", "s", "enter")
            assert "Bo zeigte K♠ und gewann" in _text(pilot, "#cards")
            assert "Cy: setze 2–2" in _text(pilot, "#entry")
            await _keys(pilot, "f2")
            assert "Bo showed K♠ and won" in _text(pilot, "#cards")

    asyncio.run(look())
    assert _on_disk(db)["last_shown"] == {"player": "Bo", "cards": ["Ks"], "won": True,
                                          "winner": "Ks", "bet": 4}


def test_dealer_bank_the_dealer_stakes_by_keys_and_an_emptied_bank_passes_the_deal(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, dealer_bank=True, stake_min=5, stake_max=10, ante=2)  # no antes

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Ann stakes the pot: 5–10" in _text(pilot, "#entry")
            await _keys(pilot, "1", "2", "enter")  # over the maximum: refused
            assert "Ann's stake is 5 to 10 now." in _text(pilot, "#entry")
            await _keys(pilot, "6", "enter")
            assert _text(pilot, "#pot") == "Pot: 6" and _stack(pilot, "Ann") == 44
            assert "Bo: bet 2–6" in _text(pilot, "#entry")
            await _keys(pilot, "6", "enter", "3", "d", "j", "s", "k", "s", "enter")
            # Bo took the whole bank: the next player deals at once and stakes
            assert _stack(pilot, "Bo") == 56
            assert "Bo stakes the pot: 5–10" in _text(pilot, "#entry")
            assert "D" in _seat(pilot, "Bo")

    asyncio.run(play())
    view = _on_disk(db)
    assert _chips(view) == {"Ann": 44, "Bo": 56, "Cy": 50} and view["pot"] == 0
    assert view["dealer"] == "Bo" and view["hand_size"] == 5


def test_a_refused_hand_stays_typed_with_the_faulty_card_marked(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _keys(pilot, "3", "enter", "9", "h", "8", "h")  # 9♥ burned, 8♥ turned
            await _keys(pilot, *"2c3c9h", "enter")  # the 9♥ is out already: burned
            entry = _text(pilot, "#entry")
            assert "▸ 2♣ 3♣ 9♥ ▌" in entry  # kept as typed
            assert "9♥ is already out since the last shuffle" in entry
            content = pilot.app.screen.query_one("#entry").render()
            assert isinstance(content, Content)
            plain = str(content)
            marked = {plain[span.start:span.end] for span in content.spans
                      if getattr(span.style, "background", None) is not None}
            assert marked == {"9♥"}  # the faulty card is marked, on red
            await _keys(pilot, "backspace", "backspace", *"4c5c6c", "enter")
            assert "Bo showed 2♣ 3♣ 4♣ 5♣ 6♣ and lost" in _text(pilot, "#cards")

    asyncio.run(play())


def test_with_an_ace_turned_the_prompt_asks_for_the_whole_hand(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db)

    async def play() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await _keys(pilot, "3", "enter", "9", "h", "a", "h")
            assert ("Bo shows the whole hand of 5 (nothing beats the A♥)"
                    in _text(pilot, "#entry"))

    asyncio.run(play())
