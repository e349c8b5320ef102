"""Balances carried over: a night may end without being paid at the table; its results (and
expenses) then wait, with those of other carried nights, for one settlement of everything
still open (`settle --open`), which marks each of those nights paid.

Carrying needs money (a chip value): chips of different nights are worth different
amounts, cents are not.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.commands import Paid
from engine.event import Event, event
from engine.rejection import Refusal
from engine.table import NightState, Tx, evolves


@event
class NightCarried(Event, frozen=True):
    """The night ended unpaid: its balances wait for the open settlement."""


@event
class BalancesPaid(Event, frozen=True):
    """The carried balances of this night were paid in an open settlement."""


@evolves(NightCarried)
def _night_carried(state: NightState, e: NightCarried) -> NightState:
    return replace(state, carried=True)


@evolves(BalancesPaid)
def _balances_paid(state: NightState, e: BalancesPaid) -> NightState:
    return replace(state, paid=True)


def check_carry(state: NightState) -> None:
    """Refuse carrying a night that counts no money."""
    if state.chip_value is None:
        raise Refusal("Only a night counted in money can be carried over: this one has no "
                      "chip value (correct the start of the night to give it one).",
                      "carry.no_money")


def paid(tx: Tx, command: Paid) -> None:
    state = tx.state
    if not state.ended or not state.carried:
        raise Refusal("Only a night that ended with its balances carried over can be marked "
                      "paid; this one is settled at the table.", "paid.not_carried")
    if state.paid:
        raise Refusal("This night's carried balances are already marked paid.",
                      "paid.already")
    tx.emit(BalancesPaid())
