"""Busfahrer played through the night's log in memory: a night with a game of it, and the
calls, cards and gives of its turns as a dealer would enter them.

Cleo deals to Anna, Ben and Cleo (no chips: a game of sips) unless a test says otherwise, so
the questions go Anna, Ben, Cleo, round by round, and Cleo answers last. Every command goes
through `events.history.History` as through the CLI's session (decoded from its JSON form,
decided, recorded), so undo, redo and correct play as at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.cards import parse_card
from engine.games.busfahrer.odds import RED, between, compared
from engine.kernel import SipsOwed
from engine.rejection import Rejection
from events.history import History
from tests.decoded import planned
from tests.table import Table

PLAYERS = ("Anna", "Ben", "Cleo")
GAME = "busfahrer"


class LoggedTable(Table):
    """A Table whose commands go through the night's log in memory: undo, redo and correct
    are commands like any other."""

    def __init__(self) -> None:
        super().__init__()
        self.history = History()

    def try_(self, **command: Any) -> Any:
        plan = planned(self.history, command)
        if isinstance(plan, Rejection):
            return plan
        self.history.commit(plan)
        self.state = self.history.state
        self.action = self.history.last_action
        self.last_events = tuple(e for entry in plan.add[:1] for e in entry.events)
        return plan


def busfahrer(players: tuple[str, ...] = PLAYERS, dealer: str | None = "Cleo",
              **options: Any) -> LoggedTable:
    """A night at `players` with a game of Busfahrer; `dealer=None` draws for the deal."""
    table = LoggedTable()
    table.do(cmd="start_night", players=list(players), chips=0)
    command: dict[str, Any] = {"cmd": "start_game", "game": GAME, "options": options}
    if dealer is not None:
        command["dealer"] = dealer
    table.do(**command)
    return table


def turn(table: Table, choice: str, card: str, *gives: tuple[str, int]) -> Table:
    """The player whose turn it is calls `choice`, `card` is turned, and the sips a right
    call gives go out as `gives` (receiver, sips)."""
    table.do(cmd="call", choice=choice).do(cmd="card", card=card)
    return give(table, *gives)


def give(table: Table, *gives: tuple[str, int]) -> Table:
    for to, sips in gives:
        table.do(cmd="give", to=to, sips=sips)
    return table


def sips(table: Table) -> dict[str, int]:
    return {p.name: p.sips for p in table.state.players}


def owed(table: Table) -> list[tuple[str, int, str, str | None]]:
    """Who drinks what from the last accepted command: player, sips, why, given by."""
    return [(e.player, e.sips, e.why, e.by) for e in table.last_events
            if isinstance(e, SipsOwed)]


def of_type(table: Table, kind: type) -> list[Any]:
    return [e for e in table.last_events if isinstance(e, kind)]


def expected(table: Table) -> dict[str, Any]:
    """What the table waits for, as `state --json` prints it."""
    result: dict[str, Any] = table.view["expect"]
    return result


def wrong_call(table: Table, card: str) -> str:
    """A call at the question of this round that `card` makes wrong."""
    view = table.view
    question, player = view["question"], view["turn"]
    hand = [parse_card(text) for text in view["hands"][player]]
    game = table.game
    value = game.value(parse_card(card))
    if question == 1:
        return "black" if parse_card(card).suit in RED else "red"
    if question == 2:
        return "lower" if compared(value, game.value(hand[0])) == "higher" else "higher"
    if question == 3:
        low, high = sorted(game.value(c) for c in hand[:2])
        return "outside" if between(value, low, high) == "inside" else "inside"
    return next(suit for suit in "cdhs" if suit != parse_card(card).suit)


def deal(table: Table, hands: Mapping[str, Iterable[str]]) -> Table:
    """Every question answered wrong, round by round, with the cards of `hands` (each player's
    four in the order they come): each player drinks 1 + 2 + 3 + 4."""
    cards = {name: list(held) for name, held in hands.items()}
    while table.view["phase"] == "questions" and table.view["turn"] is not None:
        card = cards[table.view["turn"]].pop(0)
        turn(table, wrong_call(table, card), card)
    return table


def pyramid(table: Table, *cards: str) -> Table:
    """Pyramid cards turned, and whatever they make anyone give handed to the first other
    player who can take it."""
    for card in cards:
        table.do(cmd="card", card=card)
        give_all(table)
    return table


def give_all(table: Table) -> Table:
    """Every sip still owed, to the first player each giver may give to."""
    while expected(table)["kind"] == "give":
        wanted = expected(table)
        table.do(cmd="give", to=wanted["to"][0], sips=wanted["sips"])
    return table


def answer(table: Table, *cards: str) -> Table:
    """Each card turned after the first call the question offers (for tests where the call
    does not matter: right_gives off)."""
    for card in cards:
        turn(table, expected(table)["choices"][0], card)
    return table


# Four cards each, dealt with every call wrong (each player drinks 10): Anna two sevens, a
# king and a 2; Ben a seven, two nines and a queen; Cleo 3 to 6 of clubs.
HANDS = {"Anna": ("7c", "7d", "Kc", "2s"), "Ben": ("7h", "9c", "9d", "Qs"),
         "Cleo": ("3c", "4c", "5c", "6c")}
# A pyramid for HANDS, from the bottom row up: row 1 7 8 9 10, row 2 K 2 J, row 3 3 4,
# row 4 6. Ben keeps his queen and Cleo her 5: one card each, Ben the higher sum.
PYRAMID = ("7s", "8c", "9h", "10c", "Kd", "2h", "Js", "3d", "4d", "6h")


def at_the_pyramid(players: tuple[str, ...] = PLAYERS, dealer: str = "Cleo",
                   hands: Mapping[str, Iterable[str]] = HANDS, **options: Any) -> LoggedTable:
    """A game past its four questions, every call wrong, the pyramid's first card next."""
    table = busfahrer(players, dealer, **options)
    deal(table, hands)
    return table
