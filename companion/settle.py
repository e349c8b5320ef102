"""The night's settlement from its history: results, payments with their EPC payloads, sips,
and every player's stack through the night, as the JSON of DESIGN.md.

An open night is settled as if it ended now (its pots shared as the rules say), marked
provisional; mid-turn it cannot be, and says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import night as night_rules
from engine.commands import EndNight
from engine.event import Event
from engine.payments import EPC_AMOUNT_MAX, epc_payload, girocode_pays, grouped
from engine.registry import title_of
from engine.rejection import Rejection
from engine.settlement import Settlement, Transfer, Unbalanced, money, settle
from engine.table import NightState
from engine.text import quoted
from events.history import Entry, History

CHART_POINTS = 80  # enough for a sparkline or a small chart, however long the night


class NotSettleable(Exception):
    """The night cannot be settled now; the message says why and what to do."""


class ChipsDoNotAddUp(NotSettleable):
    """The night's chips do not add up: the rules never make such a night, so its log was
    changed behind their back, even where its hash chain holds (computed again over the
    change). It cannot be settled."""


def _settled(night: int | None, state: NightState, events: list[Event], host: str | None,
             provisional: bool) -> Settlement:
    try:
        return settle(state, events, host, provisional)
    except Unbalanced:
        raise ChipsDoNotAddUp(
            f"{f'Night {night}' if night else 'The night'} cannot be settled: its chips do not "
            "add up, which the rules never make: its log was changed.") from None


@dataclass(frozen=True, slots=True)
class NightSettlement:
    """A settlement with what the outputs need around it."""

    night: int | None
    settlement: Settlement
    stacks: dict[str, list[int | None]]  # each player's stack at evenly spaced moments
    fingerprint: str | None = None  # what the night's log ends with (events.codec)
    started_at: str | None = None  # when its first action was recorded (ISO, with its zone)
    # "carried": the night ended with its balances carried over to the open balances, where
    # its payments are made; "paid": and they have been since; None: paid at the table.
    carried: str | None = None
    # A night whose log does not verify: the last action its settlement counts (and it has
    # no fingerprint: what its log ends with is not what it counts). None when it verifies.
    counted_to: int | None = None

    def amount_text(self, amount: int) -> str:
        """A transfer's amount: money with two decimals, or chips."""
        return money(amount) if self.settlement.in_money else str(amount)

    def title(self) -> str:
        return self.settlement.name or (f"Night {self.night}" if self.night else "The night")

    def remittance(self, payer: str) -> str:
        """What the payee's bank shows: the night and who paid (short: it is in the code)."""
        return f"{self.title()}: {payer}"

    def epc(self, transfer: Transfer) -> str | None:
        """The GiroCode payload of a transfer, when the payee gave an IBAN and the money is
        euros."""
        payee = self.settlement.standing(transfer.payee)
        if (payee.iban is None or not girocode_pays(payee.iban) or not self.settlement.in_money
                or self.settlement.currency != "EUR" or transfer.amount > EPC_AMOUNT_MAX):
            return None
        return epc_payload(payee.account_name or payee.name, payee.iban, transfer.amount,
                           self.remittance(transfer.payer))


def settlement_of(history: History, night: int | None = None,
                  host: str | None = None, fingerprint: str | None = None,
                  started_at: str | None = None) -> NightSettlement:
    """The settlement of `history`'s night; refused (NotSettleable) mid-turn or for an
    unknown host. `started_at`: when the night began, for its paper."""
    state = history.state
    if not state.started:
        raise NotSettleable("No night has started yet: there is nothing to settle.")
    events = [event for entry in history.entries for event in entry.events]
    provisional = not state.ended
    if provisional:
        outcome = night_rules.decide_and_fold(state, EndNight())
        if isinstance(outcome, Rejection):
            raise NotSettleable(f"The night cannot be settled right now: {outcome.reason}")
        closing, state = outcome
        events += closing
    if host is not None and not state.has_player(host):
        raise NotSettleable(f"{quoted(host)} is not at this night's table, so cannot collect; "
                            f"the players: {', '.join(p.name for p in state.players)}.")
    if host is not None:  # "ann" or "A\u200bnn" is Ann, and collects as the seat is named
        host = state.player(host).name
    return NightSettlement(night, _settled(night, state, events, host, provisional),
                           stacks_through(history.entries, state), fingerprint, started_at,
                           None if not state.carried else "paid" if state.paid else "carried")


def settled_between_turns(history: History, night: int | None = None
                          ) -> tuple[NightSettlement, int]:
    """The settlement of the night as if it ended at its last action between turns, and that
    action: the latest one unless a turn is under way, whose bets are not yet won or lost
    (the open night of the standings counts so, the same in chips and money, and stands
    still until the turn is played out). Refused (NotSettleable) before the night starts."""
    if not history.state.started:
        raise NotSettleable("No night has started yet: there is nothing to settle.")
    entries = history.entries
    events = [event for entry in entries for event in entry.events]
    for index in range(len(entries) - 1, -1, -1):
        state = entries[index].state
        if state.ended:
            return settlement_of(history, night), entries[index].action
        outcome = night_rules.decide_and_fold(state, EndNight())
        if isinstance(outcome, Rejection):
            events = events[:len(events) - len(entries[index].events)]
            continue
        closing, settled = outcome
        stacks = stacks_through(entries[:index + 1], settled)
        return (NightSettlement(night, _settled(night, settled, events + list(closing), None,
                                                True),
                                stacks),
                entries[index].action)
    raise NotSettleable("No night has started yet: there is nothing to settle.")


def stacks_through(entries: Sequence[Entry], final: Any) -> dict[str, list[int | None]]:
    """Each player's stack after evenly spaced actions of the night (`entries`), ending
    with the settled stacks; None before a player joined."""
    step = max(1, len(entries) // CHART_POINTS)
    states = [entry.state for entry in entries[::step]] + [final]
    stacks: dict[str, list[int | None]] = {p.name: [] for p in final.players}
    for state in states:
        chips = {p.name: p.chips for p in state.players}
        for name, line in stacks.items():
            line.append(chips.get(name))
    return stacks


def as_json(night: NightSettlement) -> dict[str, Any]:
    """The settlement as `companion settle --format json` prints it (DESIGN.md)."""
    s = night.settlement
    return {
        "night": night.night,
        "name": s.name,
        "provisional": s.provisional,
        "currency": s.currency,
        "chip_value": s.chip_value,
        "mode": "host_collects" if s.host else "fewest_transfers",
        "host": s.host,
        "players": {
            p.name: {"result": p.result,
                     "money": None if p.cents is None else money(p.cents),
                     "sips": p.sips, "sips_caused": p.caused,
                     "chips": p.chips, "bought_in": p.bought_in,
                     "iban": grouped(p.iban) if p.iban else None,
                     "account_name": p.account_name,
                     "expenses": money(p.expenses) if s.expenses else None}
            for p in s.standings},
        "expenses": [{"payer": cost.payer, "amount": money(cost.cents), "what": cost.what,
                      "shared_by": {name: money(part) for name, part in cost.shares}}
                     for cost in s.expenses],
        "transfers": [{"from": t.payer, "to": t.payee, "amount": night.amount_text(t.amount),
                       "epc": night.epc(t)} for t in s.transfers],
        "sip_unit": s.sip_unit,
        "sips_by_game": [{"game": g.number, "preset": g.game, "title": title_of(g.game),
                          "unit": g.unit, "drunk": g.drunk, "caused": g.caused}
                         for g in s.games],
        "stacks": night.stacks,
        "fingerprint": night.fingerprint,
        "broken": night.counted_to is not None,
        "carried": night.carried,
    }

