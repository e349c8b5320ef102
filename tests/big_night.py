"""A big night for the settlement on paper (issue 12): 30 players with long names,
"Spielerin 01 Müller-Lüdenscheidt" to "Spielerin 30 Müller-Lüdenscheidt", through three
In-Between games (stake 30, one round each, dealt by Spielerin 01, 11 and 21), ending with
20 payments, five of them to players who gave an IBAN.

The dealer here is a simple one: each card is the next rank in a fixed walk that is not yet
out four times (the deck is shuffled anew when it runs out), and each bet follows a fixed
pattern of 0 (a pass), 1, 2, 3 and 5 within the limits. The engine decides everything else,
so the commands are worked out by playing them through it once.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.rejection import Rejection
from tests.table import Table

PLAYERS = [f"Spielerin {number:02d} Müller-Lüdenscheidt" for number in range(1, 31)]
NAME = "Spieleabend bei Familie Müller, Freitag 14. Juni"
RANKS = "23456789TJQKA"
BETS = (0, 1, 2, 3, 5)
# The winners' bank accounts: German, Austrian, Dutch, Belgian and French IBANs.
IBANS = {PLAYERS[0]: "DE89 3704 0044 0532 0130 00",
         PLAYERS[10]: "AT61 1904 3002 3457 3201",
         PLAYERS[20]: "NL91 ABNA 0417 1643 00",
         PLAYERS[24]: "BE68 5390 0754 7034",
         PLAYERS[1]: "FR14 2004 1010 0505 0001 3M02 606"}

Command = dict[str, Any]


@cache
def commands() -> tuple[Command, ...]:
    """Every command of the night, from start_night to end_night."""
    table = Table()
    played: list[Command] = []

    def do(command: Command) -> bool:
        outcome = table.try_(**command)
        if isinstance(outcome, Rejection):
            table.action -= 1
            return False
        played.append(command)
        return True

    do({"cmd": "start_night", "players": PLAYERS, "chips": 100, "chip_value": "0.10",
        "currency": "EUR", "name": NAME})
    for player, iban in IBANS.items():
        do({"cmd": "set_payment", "player": player, "iban": iban})
    step = 0
    for dealer in (PLAYERS[0], PLAYERS[10], PLAYERS[20]):
        do({"cmd": "start_game", "game": "in-between", "dealer": dealer,
            "options": {"stake": 30, "rounds": 1}})
        while table.view.get("dealer") == dealer:  # one round, then the deal passes on
            expect = table.view["expect"]
            step += 1
            if expect["kind"] == "card":
                walk = RANKS[step * 5 % 13:] + RANKS[:step * 5 % 13]
                assert any(do({"cmd": "card", "card": rank}) for rank in walk), expect
            else:
                amount = min(expect["max"], max(expect["min"], BETS[step % len(BETS)]))
                assert do({"cmd": "bet", "amount": amount} if amount else {"cmd": "pass"})
        assert do({"cmd": "end_game"})
    assert do({"cmd": "end_night"})
    return tuple(played)
