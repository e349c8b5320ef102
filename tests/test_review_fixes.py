"""The review fixes of In-Between and In-Amongst, checked as a dealer meets them.

The rules are played through the real CLI on a SQLite file (`companion exec`, read back with
`companion state --json` and `companion log`); the screen is driven by keys through Textual's
Pilot at 120 × 40 and read as the terminal shows it, and what the keys recorded is read from
disk. Every chip count and every card tally below is worked out by hand from RULES.md §1 and §3
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
from tests.cli import chips, execute, log_line, refused, row_count, state

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



    async def play_keys() -> None:
        async with _app(db).run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()

    asyncio.run(play_keys())
    view = _on_disk(db)
