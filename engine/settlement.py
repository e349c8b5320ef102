"""The settlement's maths: results, money in cents that sums to zero, and who pays whom.

Fewest transfers: n players with non-zero balances need n - k payments, where k is the
largest number of disjoint groups whose balances each sum to zero; a group of g settles
in g - 1 payments. The exact search walks subsets (2^n) and stays well under a second up
to EXACT_LIMIT players; beyond, the greedy method (largest debtor pays largest creditor),
which can need more payments: +4 +3 +3 -4 -6 is 3 exactly, 4 greedy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from engine import registry
from engine.event import Event
from engine.kernel import SipsOwed
from engine.night import GameStarted
from engine.rejection import Refusal
from engine.table import NightState, SharedCost
from engine.text import quoted

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
        raise Refusal(f"{quoted(chip_value)} is no chip value: a number like 0.10.") from None
    if not value.is_finite() or value <= 0:
        raise Refusal(f"{quoted(chip_value)} is no chip value: a number above 0, like 0.10.")
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
        raise Refusal(f"{quoted(host)} is not at this night's table, so cannot collect: name a "
                      f"player ({', '.join(balances)}).")
    return ([Transfer(name, host, -amount) for name, amount in balances.items()
             if amount < 0 and name != host]
            + [Transfer(host, name, amount) for name, amount in balances.items()
               if amount > 0 and name != host])


class Unbalanced(ValueError):
    """Balances that do not sum to zero: the rules never make them, so only a log changed
    behind their back (its hash chain computed again over the change, or not) holds them."""

    def __init__(self, excess: int) -> None:
        super().__init__(f"balances must sum to zero, not {excess}")
        self.excess = excess


def _check_zero_sum(balances: Mapping[str, int]) -> None:
    if sum(balances.values()) != 0:
        raise Unbalanced(sum(balances.values()))


@dataclass(frozen=True, slots=True)
class GameSips:
    """The sips of one game of the night: who drank how many, and who caused how many."""

    number: int  # the game's place in the night, from 1
    game: str
    drunk: dict[str, int]
    caused: dict[str, int]
    unit: str = "sips"  # what the game called them ("points" where renamed)


def _sip_unit(started: GameStarted) -> str:
    """What the game started called its sips ("sips" where the game is no longer installed
    or its options are no longer what it takes: the figures stand all the same)."""
    try:
        return registry.game(started.game).sip_unit(started.options)
    except (Refusal, TypeError, ValueError):
        return "sips"


def sips_by_game(events: Iterable[Event]) -> list[GameSips]:
    """Every game that counted sips, from the night's effective events in order."""
    games: list[GameSips] = []
    number, game, unit = 0, "", "sips"
    for event in events:
        if isinstance(event, GameStarted):
            number, game = number + 1, event.game
            unit = _sip_unit(event)
        elif isinstance(event, SipsOwed):
            if not games or games[-1].number != number:
                games.append(GameSips(number, game, {}, {}, unit))
            tally = games[-1]
            tally.drunk[event.player] = tally.drunk.get(event.player, 0) + event.sips
            if event.by is not None:
                tally.caused[event.by] = tally.caused.get(event.by, 0) + event.sips
    return games


# --- the whole settlement -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Standing:
    """One player at the end of the night."""

    name: str
    chips: int
    bought_in: int
    result: int  # chips won (+) or lost (-)
    cents: int | None  # the result in money, where chips have a value
    sips: int  # drunk tonight
    caused: int  # sips others drank because of this player
    iban: str | None
    account_name: str | None
    expenses: int = 0  # cents: what this player paid for the table less their share


@dataclass(frozen=True, slots=True)
class Settlement:
    """Results, payments and sips of one night; amounts in cents where chips have a value,
    in chips otherwise."""

    name: str | None
    standings: tuple[Standing, ...]
    transfers: tuple[Transfer, ...]
    chip_value: str | None
    currency: str | None
    host: str | None  # "host collects" when set, the fewest transfers otherwise
    games: tuple[GameSips, ...]
    provisional: bool  # the night is still open: as if it ended now
    expenses: tuple[SharedCost, ...] = ()  # folded into the payments, with the results

    @property
    def in_money(self) -> bool:
        return self.chip_value is not None

    @property
    def sip_unit(self) -> str:
        """What the night's tallies count: the games' own word when they all agree."""
        units = {game.unit for game in self.games}
        return units.pop() if len(units) == 1 else "sips"

    def standing(self, name: str) -> Standing:
        return next(s for s in self.standings if s.name == name)


def settle(state: NightState, events: Iterable[Event], host: str | None = None,
           provisional: bool = False) -> Settlement:
    """The settlement of a night whose pots are shared (an ended night, or one closed in
    memory for a look ahead); `events` are its effective events in order, for the sips."""
    balances = results(state)
    cents = to_cents(balances, state.chip_value) if state.chip_value else None
    shared = expense_balances(state.expenses)
    owed = ({name: amount + shared.get(name, 0) for name, amount in cents.items()}
            if cents is not None else balances)  # expenses come only with money
    transfers = host_collects(owed, host) if host else fewest_transfers(owed)
    seats = [p.name for p in state.players]
    games = tuple(_in_seat_order(game, seats) for game in sips_by_game(events))
    caused: dict[str, int] = {}
    for game in games:
        for name, sips in game.caused.items():
            caused[name] = caused.get(name, 0) + sips
    standings = tuple(
        Standing(p.name, p.chips, p.bought_in, balances[p.name],
                 None if cents is None else cents[p.name], p.sips, caused.get(p.name, 0),
                 p.iban, p.account_name, shared.get(p.name, 0))
        for p in state.players)
    return Settlement(state.name, standings, tuple(transfers), state.chip_value,
                      state.currency, host, games, provisional, state.expenses)


def expense_balances(expenses: Iterable[SharedCost]) -> dict[str, int]:
    """Each player's net of the shared costs in cents: paid for the table, less their part
    (the nets sum to zero)."""
    net: dict[str, int] = {}
    for cost in expenses:
        net[cost.payer] = net.get(cost.payer, 0) + cost.cents
        for name, part in cost.shares:
            net[name] = net.get(name, 0) - part
    return net


def _in_seat_order(game: GameSips, seats: list[str]) -> GameSips:
    """A game's tallies listed in seat order, as the table sits, not as the sips fell."""
    def ordered(tally: dict[str, int]) -> dict[str, int]:
        return {name: tally[name] for name in seats if name in tally}
    return replace(game, drunk=ordered(game.drunk), caused=ordered(game.caused))


def money(cents: int, sign: bool = False) -> str:
    """`12.30` for 1230 cents (`+12.30` with sign)."""
    text = f"{abs(cents) // 100}.{abs(cents) % 100:02d}"
    return ("-" if cents < 0 else "+" if sign and cents > 0 else "") + text
