"""Shared costs of the night: one player pays (the pizza, the drinks), the table shares it,
and the settlement folds it into the payments, exact to the cent.

An expense is money, so the night needs a chip value (its money). Everyone at the table
when it is entered shares it unless the command names who does; the cents that do not
divide go one each to the first sharers in seat order, so the parts add up exactly. It may
be entered after the night has ended too, as the bill often comes last.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from msgspec.structs import replace

from engine.commands import Expense
from engine.event import Event, event
from engine.limits import MOST_EXPENSE_CENTS
from engine.rejection import Refusal
from engine.table import NightState, SharedCost, Tx, evolves
from engine.text import QUOTE_LENGTH, WHAT_LENGTH, quoted


@event
class ExpenseShared(Event, frozen=True):
    """`payer` paid `cents` for `what`; `shares` is each sharer's part, in seat order."""

    payer: str
    cents: int
    what: str
    shares: tuple[tuple[str, int], ...]


@evolves(ExpenseShared)
def _expense_shared(state: NightState, e: ExpenseShared) -> NightState:
    return replace(state, expenses=state.expenses + (
        SharedCost(e.payer, e.cents, e.what, e.shares),))


def cents_of(amount: str) -> int:
    """Whole cents of a money amount like "18.50"; Refusal when it is none."""
    try:
        value = Decimal(amount.strip().replace(",", "."))
    except InvalidOperation:
        value = Decimal("NaN")
    # Compared before it is rounded: a figure of 400 digits has no cents to round to.
    if value.is_finite() and value > Decimal(MOST_EXPENSE_CENTS) / 100:
        said = amount.strip() if len(amount.strip()) <= QUOTE_LENGTH else quoted(amount.strip())
        raise Refusal(f"An expense of {said} is more than a table spends "
                      f"({MOST_EXPENSE_CENTS // 100:,} at most); check the amount.",
                      "expense.too_much", amount=said)
    if not value.is_finite() or value <= 0 or value != value.quantize(Decimal("0.01")):
        raise Refusal(f"An expense is an amount of money above 0 with at most two decimals, "
                      f"like \"18.50\"; not {quoted(amount)}.", "expense.amount",
                      amount=quoted(amount))
    return int(value * 100)


def split(cents: int, sharers: list[str]) -> tuple[tuple[str, int], ...]:
    """Equal parts that add up to `cents`; the cents left over go one each to the first
    sharers (in the order given: seat order)."""
    part, left = divmod(cents, len(sharers))
    return tuple((name, part + (1 if index < left else 0)) for index, name in enumerate(sharers))


def decide(tx: Tx, command: Expense) -> None:
    state = tx.state
    if state.paid:
        raise Refusal("This night's balances have been paid: an expense would not be.",
                      "expense.paid")
    if state.chip_value is None:
        raise Refusal("An expense is money, and this night counts chips only: give it a chip "
                      "value and currency first (correct the start of the night).",
                      "expense.no_money")
    payer = state.player(command.payer).name
    what = command.what.strip()
    if not what or not what.isprintable() or len(what) > WHAT_LENGTH:
        raise Refusal(f"Say what the expense was for in a few words (up to {WHAT_LENGTH} "
                      f"characters), like \"pizza\"; not {quoted(command.what)}.",
                      "expense.what")
    cents = cents_of(command.amount)
    if command.shared_by is None:
        sharers = [p.name for p in state.players if p.present]
    else:
        named = {state.player(name).name for name in command.shared_by}
        if not named:
            raise Refusal("An expense is shared by somebody: name the players who share it, "
                          "or leave shared_by out for everyone at the table.",
                          "expense.nobody")
        sharers = [p.name for p in state.players if p.name in named]  # in seat order
    tx.emit(ExpenseShared(payer, cents, what, split(cents, sharers)))
