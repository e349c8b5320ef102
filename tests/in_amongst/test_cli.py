"""In-Amongst through the real CLI on a SQLite file (`companion exec`, read back with
`companion state --json` and `companion log`); every chip count and card tally worked out by
hand from RULES.md §3."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli import chips, execute, log_line, state

Command = dict[str, Any]

# Nineteen players, clockwise; with Sam dealing, Ann sits first in every round.
NINETEEN = ("Ann", "Bo", "Cy", "Dan", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu",
            "Max", "Ned", "Olu", "Pia", "Quin", "Rae", "Sam")


def night(chips: int, *players: str) -> Command:
    return {"cmd": "start_night", "players": list(players), "chips": chips}


def game(dealer: str, **options: Any) -> Command:
    return {"cmd": "start_game", "game": "in-amongst", "dealer": dealer, "options": options}


def card(text: str, player: str | None = None) -> Command:
    command: Command = {"cmd": "card", "card": text}
    if player:
        command["player"] = player
    return command


def bet(amount: int, player: str | None = None) -> Command:
    command: Command = {"cmd": "bet", "amount": amount}
    if player:
        command["player"] = player
    return command


def play(db: Path, *commands: Command) -> None:
    """Commands that must all be accepted."""
    done = execute(db, *commands)
    assert done.returncode == 0, done.stderr


def test_in_amongst_at_nineteen_players_reshuffles_at_a_third_card_keeping_the_middle_cards(
        tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    players = NINETEEN  # Sam deals: Ann first, ..., Rae, Sam last
    # Everyone antes 1: pot 19, stacks 19. Ann..Pia (16 turns) get low, high, a bet of 1 and
    # a card between: 2-J 8, 2-Q 8, ... sixteen wins of 1 (pot 3).
    lows = ["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 4
    highs = ["J", "Q", "K", "A"] * 4
    thirds = ["6"] * 2 + ["7"] * 3 + ["8"] * 4 + ["9"] * 4 + ["10"] * 3
    turns = [command for low, high, third in zip(lows, highs, thirds, strict=True)
             for command in (card(low), card(high), bet(1), card(third))]
    play(db, night(20, *players), game(dealer="Sam"), *turns,
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
