"""The commands of a Casino Red Dog night as `companion exec` reads them, for the CLI tests."""

from __future__ import annotations

from typing import Any

Command = dict[str, Any]


def night(chips: int = 20, *players: str) -> Command:
    return {"cmd": "start_night", "players": list(players or ("Ann", "Bo", "Cy")),
            "chips": chips}


def casino(dealer: str = "Ann", **options: Any) -> Command:
    """Casino Red Dog with `dealer` as the bank (or "draw") and `options`."""
    return {"cmd": "start_game", "game": "casino-red-dog", "dealer": dealer,
            "options": options}


def card(text: str) -> Command:
    return {"cmd": "card", "card": text}


def cards(*texts: str) -> list[Command]:
    return [card(text) for text in texts]


def raise_(player: str, amount: int) -> Command:
    return {"cmd": "raise", "player": player, "amount": amount}


def join(player: str, chips: int) -> Command:
    return {"cmd": "join", "player": player, "chips": chips}
