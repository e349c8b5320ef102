"""The commands of an In-Between night as the CLI reads them, for the stories told through
`companion exec`, and what `companion log` says about one action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli import companion

Command = dict[str, Any]

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PASS: Command = {"cmd": "pass"}
# Twenty players, clockwise; with Ann dealing, Bo sits first in every round.
TWENTY = ("Ann", "Bo", "Cy", "Dan", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu",
          "Max", "Ned", "Olu", "Pia", "Quin", "Rae", "Sam", "Tom")


def night(chips: int, *players: str) -> Command:
    return {"cmd": "start_night", "players": list(players or ("Ann", "Bo", "Cy")),
            "chips": chips}


def game(**options: Any) -> Command:
    """In-Between dealt by Ann with `options`."""
    return {"cmd": "start_game", "game": "in-between", "dealer": "Ann", "options": options}


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


def declare(choice: str, player: str) -> Command:
    return {"cmd": "declare", "choice": choice, "player": player}


def log_line(db: Path, action: int) -> str:
    """What `companion log` says about one action, without its number."""
    done = companion(db, "log")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        number, _, text = line.strip().partition("  ")
        if number == str(action):
            return text
    raise AssertionError(f"no action {action} in the log:\n{done.stdout}")
