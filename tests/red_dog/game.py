"""A Red Dog game played through the pure engine, for the table stories of this package.

Ann deals to Ann, Bo, Cy and Dee (50 chips each, ante 2) unless a story says otherwise, so a
round is played by Bo, Cy, Dee and Ann, in that order. The hands are dealt face down and
never entered: only the burned card, the turned card and the cards shown are.
"""

from __future__ import annotations

from typing import Any

from tests.table import Table

PLAYERS = ("Ann", "Bo", "Cy", "Dee")
EIGHT = ("Dan", "Ben", "Cleo", "Eve", "Finn", "Gus", "Hal", "Ivy")
# Three losing turns of a round of three-card hands (shoot): burned, turned, the hand.
LOSING_ROUND = (("2c", "3c", ("4s", "5s", "6s")), ("2d", "3d", ("7s", "8s", "9s")),
                ("2h", "3h", ("10s", "Js", "Qs")))


def red_dog(players: tuple[str, ...] = PLAYERS, chips: int = 50, dealer: str | None = None,
            **options: Any) -> Table:
    """A night at `players` with a Red Dog game dealt by `dealer` (the first seat)."""
    table = Table().do(cmd="start_night", players=list(players), chips=chips)
    return table.do(cmd="start_game", game="red-dog", dealer=dealer or players[0],
                    options=options)


def turn(table: Table, player: str, amount: int, burned: str, turned: str,
         *shown: str) -> Table:
    """One player's whole turn, each command checked to be that player's."""
    table.do(cmd="bet", amount=amount, player=player)
    table.do(cmd="card", card=burned, player=player)
    table.do(cmd="card", card=turned, player=player)
    return table.do(cmd="show", cards=list(shown), player=player)


def sam_turn(table: Table, player: str, amount: int, *shown: str) -> Table:
    """Slippery Sam: a bet against the card in the middle, then the cards shown."""
    table.do(cmd="bet", amount=amount, player=player)
    return table.do(cmd="show", cards=list(shown), player=player)


def lose_shoot_round(table: Table, amount: int = 2) -> Table:
    for player, (burned, turned, hand) in zip(table.view["order"], LOSING_ROUND, strict=True):
        turn(table, player, amount, burned, turned, *hand)
    return table


def chips(table: Table) -> dict[str, int]:
    return {p.name: p.chips for p in table.state.players}


def shown(view: dict[str, Any]) -> dict[str, Any]:
    """Who showed last, which cards, and whether they won."""
    last = view["last_shown"]
    return {key: last[key] for key in ("player", "cards", "won")}


def assert_conserved(table: Table) -> None:
    """The stacks plus the pot plus an open bet are every buy-in, chip for chip."""
    view = table.view
    stacks = sum(seat["chips"] for seat in view["players"].values())
    in_play = view["pot"] + (view.get("bet") or 0)
    assert stacks + in_play == sum(seat["bought_in"] for seat in view["players"].values())


def expect(table: Table) -> tuple[Any, ...]:
    """What comes next: kind, slot (or None), player, and the limits of a bet."""
    e = table.view["expect"]
    return e["kind"], e.get("slot"), e.get("player"), e.get("min"), e.get("max")


def first_round(table: Table) -> Table:
    """Ann's round at the default table: Bo loses 2, Cy wins 3, Dee loses 2, Ann wins 4.

    Pot 8 → 10 → 7 → 9 → 5; then Bo deals and everyone antes 2: pot 13, Bo 44, Cy 49,
    Dee 44, Ann 50.
    """
    turn(table, "Bo", 2, "2c", "Jd", "3s", "4s", "5s", "6s", "7s")
    turn(table, "Cy", 3, "2d", "8h", "Kh")
    turn(table, "Dee", 2, "2h", "Ac", "3d", "4d", "5d", "6d", "7d")  # nothing beats an ace
    return turn(table, "Ann", 4, "2s", "9c", "10c")
