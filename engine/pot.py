"""Antes into a shared pot, and an even split of it, for the games that have one.

The game states using these carry `pot` and `phase`.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.event import Event, event
from engine.table import NightState, Tx, evolves, move_chips, seats_from_left_of


@event
class AntesPaid(Event, frozen=True):
    """Each of `players` puts `amount` into the pot (all they have, if less)."""

    players: tuple[str, ...]
    amount: int


@event
class PotShared(Event, frozen=True):
    """The pot split evenly; odd chips go one each starting left of the dealer."""

    shares: dict[str, int]


@evolves(AntesPaid)
def _antes_paid(state: NightState, e: AntesPaid) -> NightState:
    paid = 0
    for name in e.players:
        amount = min(e.amount, state.player(name).chips)
        state = move_chips(state, name, -amount)
        paid += amount
    return replace(state, game=replace(state.game, pot=state.game.pot + paid))


@evolves(PotShared)
def _pot_shared(state: NightState, e: PotShared) -> NightState:
    for name, amount in e.shares.items():
        state = move_chips(state, name, amount)
    return replace(state, game=replace(state.game, pot=state.game.pot - sum(e.shares.values()),
                                       phase="between"))


def with_chips(state: NightState) -> list[str]:
    """Players at the table who have chips, in seat order."""
    return [p.name for p in state.present if p.chips > 0]


def ante(tx: Tx, amount: int) -> None:
    """Everyone at the table with chips antes `amount`."""
    tx.emit(AntesPaid(tuple(with_chips(tx.state)), amount))


def share(tx: Tx, dealer: str | None) -> None:
    """Split the pot evenly among the players at the table (among every seat if nobody is
    left), odd chips one each starting left of the dealer."""
    pot: int = tx.state.game.pot
    if pot <= 0:
        return
    seats = list(seats_from_left_of(tx.state, dealer or tx.state.players[0].name))
    sharers = [p.name for p in seats if p.present] or [p.name for p in seats]
    base, odd = divmod(pot, len(sharers))
    shares = {name: base + (1 if index < odd else 0) for index, name in enumerate(sharers)}
    tx.emit(PotShared({name: amount for name, amount in shares.items() if amount}))
