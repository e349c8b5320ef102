"""Antes into a shared pot, and an even split of it, for the games that have one.

The game states using these carry `pot` and `phase`. Only players at the table share a
pot: a player who has left never receives chips again (RULES.md, Decisions).
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.event import Event, event
from engine.kernel import BETWEEN, pot_game
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


@event
class PotSplit(Event, frozen=True):
    """The pot split evenly while the game goes on: by agreement (Red Dog's split_pot), or
    as a dealer of a game with antes leaves (RULES.md, Decisions)."""

    shares: tuple[tuple[str, int], ...]  # in order from the dealer's left


@evolves(AntesPaid)
def _antes_paid(state: NightState, e: AntesPaid) -> NightState:
    paid = 0
    for name in e.players:
        amount = min(e.amount, state.player(name).chips)
        state = move_chips(state, name, -amount)
        paid += amount
    game = pot_game(state)
    return replace(state, game=replace(game, pot=game.pot + paid))


@evolves(PotShared)
def _pot_shared(state: NightState, e: PotShared) -> NightState:
    for name, amount in e.shares.items():
        state = move_chips(state, name, amount)
    game = pot_game(state)
    return replace(state, game=replace(game, pot=game.pot - sum(e.shares.values()),
                                       phase=type(game.phase)(BETWEEN)))


@evolves(PotSplit)
def _pot_split(state: NightState, e: PotSplit) -> NightState:
    for name, amount in e.shares:
        state = move_chips(state, name, amount)
    game = pot_game(state)
    return replace(state, game=replace(game, pot=game.pot - sum(a for _, a in e.shares)))


def with_chips(state: NightState) -> list[str]:
    """Players at the table who have chips, in seat order."""
    return [p.name for p in state.present if p.chips > 0]


def ante(tx: Tx, amount: int) -> None:
    """Everyone at the table with chips antes `amount`."""
    tx.emit(AntesPaid(tuple(with_chips(tx.state)), amount))


def even_shares(state: NightState, dealer: str | None, leaving: str | None = None
                ) -> tuple[tuple[str, int], ...]:
    """The pot split evenly among the players at the table (and `leaving`, who gets up as it
    is shared), odd chips one each starting left of the dealer; nobody else gets a chip."""
    pot = pot_game(state).pot
    seats = seats_from_left_of(state, dealer or state.players[0].name)
    sharers = [p.name for p in seats if p.present or p.name == leaving]
    if pot <= 0 or not sharers:
        return ()
    base, odd = divmod(pot, len(sharers))
    shares = ((name, base + (1 if index < odd else 0)) for index, name in enumerate(sharers))
    return tuple((name, amount) for name, amount in shares if amount)


def share(tx: Tx, dealer: str | None) -> None:
    """The game is over: split the pot evenly among the players at the table, odd chips one
    each starting left of the dealer."""
    shares = even_shares(tx.state, dealer)
    if shares:
        tx.emit(PotShared(dict(shares)))


def split(tx: Tx, dealer: str | None, leaving: str | None = None) -> None:
    """Split the pot evenly as `share` does, while the game goes on; `leaving` (who has just
    got up) shares too."""
    shares = even_shares(tx.state, dealer, leaving)
    if shares:
        tx.emit(PotSplit(shares))


def on_leaving(tx: Tx, name: str, dealer: str | None) -> bool:
    """`name` has just left a game whose pot belongs to everyone (antes): a leaving dealer
    takes the pot at once as at the game's end, that is, it is shared evenly among those at
    the table, the dealer included; when nobody is left at the table the last to go takes
    it (RULES.md, Decisions). Whether the pot was shared."""
    if name != dealer and tx.state.present:
        return False
    split(tx, dealer, leaving=name)
    return True
