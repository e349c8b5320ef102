"""The review fixes of In-Between, In-Amongst and Casino Red Dog, checked as a dealer meets them.

The rules are played through the real CLI on a SQLite file (`companion exec`, read back with
`companion state --json` and `companion log`); the screen is driven by keys through Textual's
Pilot at 120 × 40 and read as the terminal shows it, and what the keys recorded is read from
disk. Every chip count and every card tally below is worked out by hand from RULES.md §1–§3
and the rules cards; the comments show the sums.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from companion.app import CompanionApp
from companion.controller import TableController
from events.session import NightSession
from tests.cli import chips, companion, execute, refused, row_count, state

Command = dict[str, Any]
SIZE = (120, 40)

# Twenty players, clockwise; with Ann dealing, Bo sits first in every round.
TWENTY = ("Ann", "Bo", "Cy", "Dan", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu",
          "Max", "Ned", "Olu", "Pia", "Quin", "Rae", "Sam", "Tom")


# --- helpers: the CLI ---------------------------------------------------------------------

def night(chips: int, *players: str) -> Command:
    return {"cmd": "start_night", "players": list(players or ("Ann", "Bo", "Cy")),
            "chips": chips}


def game(preset: str = "in-between", dealer: str = "Ann", **options: Any) -> Command:
    return {"cmd": "start_game", "game": preset, "dealer": dealer, "options": options}


def card(text: str, player: str | None = None) -> Command:
    command: Command = {"cmd": "card", "card": text}
    if player:
        command["player"] = player
    return command


def cards(*texts: str) -> list[Command]:
    return [card(text) for text in texts]


def bet(amount: int, player: str | None = None) -> Command:
    command: Command = {"cmd": "bet", "amount": amount}
    if player:
        command["player"] = player
    return command


def raise_(player: str, amount: int) -> Command:
    return {"cmd": "raise", "player": player, "amount": amount}


def play(db: Path, *commands: Command) -> None:
    """Commands that must all be accepted."""
    done = execute(db, *commands)
    assert done.returncode == 0, done.stderr




def refused_alone(db: Path, command: Command) -> str:
    """One command that must be refused with not a single row written; its sentence."""
    rows = row_count(db)
    reason = refused(db, command)
    assert row_count(db) == rows
    return reason




def log_line(db: Path, action: int) -> str:
    """What `companion log` says about one action, without its number."""
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        number, _, text = line.strip().partition("  ")
        if number == str(action):
            return text
    raise AssertionError(f"no action {action} in the log:\n{done.stdout}")


# --- 2. In-Amongst: the deck runs out at a big table --------------------------------------

def test_in_amongst_at_nineteen_players_reshuffles_at_a_third_card_keeping_the_middle_cards(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    players = TWENTY[:19]  # Sam deals: Ann first, ..., Rae, Sam last
    # Everyone antes 1: pot 19, stacks 19. Ann..Pia (16 turns) get low, high, a bet of 1 and
    # a card between: 2-J 8, 2-Q 8, ... sixteen wins of 1 (pot 3).
    lows = ["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 4
    highs = ["J", "Q", "K", "A"] * 4
    thirds = ["6"] * 2 + ["7"] * 3 + ["8"] * 4 + ["9"] * 4 + ["10"] * 3
    turns = [command for low, high, third in zip(lows, highs, thirds, strict=True)
             for command in (card(low), card(high), bet(1), card(third))]
    play(db, night(20, *players), game("in-amongst", dealer="Sam"), *turns,
         card("6", "Quin"), card("7", "Quin"),  # neighbours: Quin pays 1, pot 4
         card("6", "Rae"), card("10", "Rae"), bet(1, "Rae"),  # cards 51 and 52 (69, 70)
         card("8", "Rae"),  # the 53rd card (72)
         card("2", "Sam"), card("A", "Sam"), bet(1, "Sam"), card("K", "Sam"))
    before = state(db, "--at", "71")
    assert before["deck_remaining"] == 0 and len(before["seen"]) == 52
    assert (before["pot"], before["expect"]["slot"]) == (4, "third")

    # Rae's third card is the 53rd: the used cards are shuffled, the 6 and 10 in the middle
    # stay out; the 8 falls between, Rae wins 1.
    view = state(db, "--at", "72")
    assert view["seen"] == ["6", "10", "8"] and view["deck_remaining"] == 49
    assert (view["round"], view["turn"], view["pot"]) == (1, "Sam", 3)
    assert view["expect"]["slot"] == "middle_first"
    assert log_line(db, 72) == ("every card is out: the used cards are shuffled (6, 10 stay in "
                                "the middle); third card for Rae: 8; Rae wins 1")

    # Play went on: Sam, the dealer, last: 2-A, the K won 1; the deal passed to Ann.
    view = state(db)
    assert chips(view) == {**{name: 20 for name in players}, "Quin": 18}
    assert view["pot"] == 2 and sum(chips(view).values()) + view["pot"] == 19 * 20
    assert (view["round"], view["dealer"], view["turn"]) == (2, "Ann", "Bo")
    assert (view["seen"], view["deck_remaining"]) == ([], 52)


# --- 7. Casino Red Dog: undo, redo and correct --------------------------------------------

def casino_hand(db: Path, *commands: Command) -> None:
    """Ann is the bank of Casino Red Dog with an ante of 2 for Bo and Cy, 20 chips each."""
    play(db, night(20), game("casino-red-dog", ante=2), *commands)


def test_casino_undo_of_a_hands_first_card_gives_the_antes_back_and_redo_restores_the_hand(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    casino_hand(db, card("4"), {"cmd": "undo"}, {"cmd": "redo"})  # actions 3, 4, 5
    placed = state(db, "--at", "3")
    assert chips(placed) == {"Ann": 20, "Bo": 18, "Cy": 18}
    assert placed["bets"] == {"Bo": 2, "Cy": 2} and placed["seen"] == ["4"]

    undone = state(db, "--at", "4")
    assert chips(undone) == {"Ann": 20, "Bo": 20, "Cy": 20} and undone["bets"] == {}
    assert (undone["seen"], undone["hand"], undone["expect"]["slot"]) == ([], [], "bank_first")

    redone = state(db)
    assert redone["last_action"] == 5  # the undo and the redo are actions of their own
    assert {key: value for key, value in redone.items() if key != "last_action"} == {
        key: value for key, value in placed.items() if key != "last_action"}


def test_casino_correcting_a_raise_to_another_amount_resettles_the_hand(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    # 4 and 9: spread 4 pays 1 to 1. Bo raises 2 (bet 4), the 6 falls between
    casino_hand(db, *cards("4", "9"), raise_("Bo", 2), card("6"))
    won = state(db)
    assert chips(won) == {"Ann": 14, "Bo": 24, "Cy": 22}
    assert won["last_hand"] == {"outcome": "win", "results": {"Bo": 4, "Cy": 2}}

    assert refused_alone(db, {"cmd": "correct", "action": 5, "command": raise_("Bo", 3)}) == (
        "The correction of action 5 is refused: Bo can raise at most 2 (the ante).")
    play(db, {"cmd": "correct", "action": 5, "command": raise_("Bo", 1)})
    view = state(db)  # Bo's bet was 3: he wins 3, the bank pays 5 in all
    assert chips(view) == {"Ann": 15, "Bo": 23, "Cy": 22}
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 3, "Cy": 2}}
    assert view["bank_result"] == -5 and view["bets"] == {}
    assert log_line(db, 5) == "Bo raises 1 [corrected at action 7]"


def test_casino_correcting_the_first_card_into_neighbours_is_refused_naming_the_raise(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    casino_hand(db, *cards("4", "9"), raise_("Bo", 2), card("6"))
    reason = refused_alone(db, {"cmd": "correct", "action": 3, "command": card("8")})
    # 8 and 9 are neighbours: a push at the second card, so Bo's raise had no spread to go on
    assert reason == ("Correcting action 3 would make action 5 (Bo raise 2) impossible: A raise "
                      "comes after the spread is announced and before the third card.")
    assert chips(state(db)) == {"Ann": 14, "Bo": 24, "Cy": 22}


# --- 8. the screen ------------------------------------------------------------------------

def _on_disk(db: Path) -> dict[str, Any]:
    session = NightSession.open(db, write=False)
    try:
        return session.view()
    finally:
        session.close()


def _app(db: Path) -> CompanionApp:
    return CompanionApp(TableController.open(db), "en")


def _shown(pilot: Pilot[Any], selector: str) -> list[str]:
    """The lines of a widget as the terminal shows them."""
    widget = pilot.app.screen.query_one(selector, Widget)
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return [strip.text.rstrip() for strip in strips]


def _text(pilot: Pilot[Any], selector: str) -> str:
    return "\n".join(_shown(pilot, selector))


def test_ctrl_e_on_a_raise_in_the_log_retypes_its_amount_and_the_hand_is_settled_again(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    casino_hand(db, *cards("4", "9"), raise_("Bo", 2), card("6"))  # Bo +4, Cy +2

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
    assert chips(view) == {"Ann": 15, "Bo": 23, "Cy": 22}
    assert view["last_hand"] == {"outcome": "win", "results": {"Bo": 3, "Cy": 2}}
    assert view["last_action"] == 7  # one correction


def test_escape_after_a_raisers_number_drops_the_raise_so_the_next_rank_is_the_third_card(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    casino_hand(db, *cards("4", "9"))  # spread 4: 1 to 1

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
    assert chips(view) == {"Ann": 16, "Bo": 22, "Cy": 22}
