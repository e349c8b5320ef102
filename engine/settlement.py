"""The settlement's maths: results, money in cents that sums to zero, and who pays whom.

Fewest transfers: n players with non-zero balances need n - k payments, where k is the
largest number of disjoint groups whose balances each sum to zero; a group of g settles
in g - 1 payments. The exact search walks subsets (2^n) and stays well under a second up
to EXACT_LIMIT players; beyond, the greedy method (largest debtor pays largest creditor),
which can need more payments: +4 +3 +3 -4 -6 is 3 exactly, 4 greedy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from engine.event import Event
from engine.night import GameStarted
from engine.rejection import Refusal
from engine.schlag_state import SipsOwed
from engine.table import NightState

EXACT_LIMIT = 18


@dataclass(frozen=True, slots=True)
class Transfer:
    """`payer` pays `payee` `amount` (cents, or chips where chips have no value)."""

    payer: str
    payee: str
    amount: int


def results(state: NightState) -> dict[str, int]:
    """Each player's stack minus what they bought in for, in seat order."""
    return {p.name: p.chips - p.bought_in for p in state.players}


def chip_cents(chip_value: str) -> Decimal:
    """What one chip is worth in cents, from the night's chip value like "0.10"."""
    try:
        value = Decimal(chip_value)
    except InvalidOperation:
        raise Refusal(f"{chip_value!r} is no chip value: a number like 0.10.") from None
    if not value.is_finite() or value <= 0:
        raise Refusal(f"{chip_value!r} is no chip value: a number above 0, like 0.10.")
    return value * 100


def to_cents(balances: Mapping[str, int], chip_value: str) -> dict[str, int]:
    """Chip results as whole cents that still sum to zero: each rounded down, then the
    cents left over go to the largest fractions (ties in seat order)."""
    per_chip = chip_cents(chip_value)
    exact = {name: amount * per_chip for name, amount in balances.items()}
    cents = {name: int(value.to_integral_value(rounding="ROUND_FLOOR"))
             for name, value in exact.items()}
    short = -sum(cents.values()) if sum(balances.values()) == 0 else 0
    order = sorted(balances, key=lambda name: -(exact[name] - cents[name]))
    for name in order[:short]:
        cents[name] += 1
    return cents


def fewest_transfers(balances: Mapping[str, int]) -> list[Transfer]:
    """The fewest payments that settle `balances` (which sum to zero): exact up to
    EXACT_LIMIT players with a non-zero balance, greedy beyond."""
    _check_zero_sum(balances)
    owing = [(name, amount) for name, amount in balances.items() if amount]
    if len(owing) > EXACT_LIMIT:
        return greedy_transfers(balances)
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(owing):
        transfers += greedy_transfers(dict(group))
    return transfers


def _zero_sum_groups(owing: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The most disjoint zero-sum groups: best[mask] is the most groups any order of
    taking the players of `mask` one by one passes through (a zero sum closes a group)."""
    n = len(owing)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    came_from = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + owing[low.bit_length() - 1][1]
        top, top_bit, bits = -1, 0, mask
        while bits:
            bit = bits & -bits
            if best[mask ^ bit] > top:
                top, top_bit = best[mask ^ bit], bit
            bits ^= bit
        best[mask] = top + (sums[mask] == 0)
        came_from[mask] = top_bit
    groups: list[list[tuple[str, int]]] = []
    mask, current = full, list[tuple[str, int]]()
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        bit = came_from[mask]
        current.append(owing[bit.bit_length() - 1])
        mask ^= bit
    if current:
        groups.append(current)
    return groups


def greedy_transfers(balances: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor until everyone is square (ties in seat order)."""
    _check_zero_sum(balances)
    seat = {name: index for index, name in enumerate(balances)}
    open_ = {name: amount for name, amount in balances.items() if amount}
    transfers = []
    while open_:
        payer = min(open_, key=lambda name: (open_[name], seat[name]))
        payee = max(open_, key=lambda name: (open_[name], -seat[name]))
        amount = min(-open_[payer], open_[payee])
        transfers.append(Transfer(payer, payee, amount))
        for name, change in ((payer, amount), (payee, -amount)):
            open_[name] += change
            if not open_[name]:
                del open_[name]
    return transfers


def host_collects(balances: Mapping[str, int], host: str) -> list[Transfer]:
    """Everyone who lost pays the host; the host pays everyone who won."""
    _check_zero_sum(balances)
    if host not in balances:
        raise Refusal(f"{host!r} is not at this night's table, so cannot collect: name a "
                      f"player ({', '.join(balances)}).")
    return ([Transfer(name, host, -amount) for name, amount in balances.items()
             if amount < 0 and name != host]
            + [Transfer(host, name, amount) for name, amount in balances.items()
               if amount > 0 and name != host])


def _check_zero_sum(balances: Mapping[str, int]) -> None:
    if sum(balances.values()) != 0:
        raise ValueError(f"balances must sum to zero, not {sum(balances.values())}")


@dataclass(frozen=True, slots=True)
class GameSips:
    """The sips of one game of the night: who drank how many, and who caused how many."""

    number: int  # the game's place in the night, from 1
    game: str
    drunk: dict[str, int]
    caused: dict[str, int]


def sips_by_game(events: Iterable[Event]) -> list[GameSips]:
    """Every game that counted sips, from the night's effective events in order."""
    games: list[GameSips] = []
    number, game = 0, ""
    for event in events:
        if isinstance(event, GameStarted):
            number, game = number + 1, event.game
        elif isinstance(event, SipsOwed):
            if not games or games[-1].number != number:
                games.append(GameSips(number, game, {}, {}))
            tally = games[-1]
            tally.drunk[event.player] = tally.drunk.get(event.player, 0) + event.sips
            if event.by is not None:
                tally.caused[event.by] = tally.caused.get(event.by, 0) + event.sips
    return games
