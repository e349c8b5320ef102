"""The night's state: the players in seat order, their stacks, and the game in play.

`Tx` is how deciders build their answer: each event is folded into the state as soon as
it is emitted, so a rule can look at the table as it will be after the events so far.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Self

import msgspec
from msgspec.structs import replace

from engine.event import Event, Legacy
from engine.options import GameOptions
from engine.rejection import Refusal
from engine.text import name_key, quoted


class Player(msgspec.Struct, frozen=True):
    """One seat: the stack in front of the player and what they bought in for."""

    name: str
    chips: int
    bought_in: int
    present: bool = True
    sips: int = 0
    iban: str | None = None  # where this player's winnings go (set_payment)
    account_name: str | None = None  # the account holder, when not the player's name


class SharedCost(msgspec.Struct, frozen=True):
    """An expense of the night: who paid how many cents for what, and each sharer's part
    (the parts add up to the amount exactly)."""

    payer: str
    cents: int
    what: str
    shares: tuple[tuple[str, int], ...]  # (player, cents) in seat order


# The version of the rules a night starts under today. 1: as first written; 2: a game that
# falls below its smallest table waits for its end, and one at its most takes nobody more
# (RULES.md, Decisions; engine.seats).
RULES_NOW = 2


class GameState(msgspec.Struct, frozen=True, kw_only=True):
    """Base of every game's state, as the night holds it. `GAME` is the id of the game it
    belongs to (its `engine.game.Game`); each game's state adds its options, its phase (an
    Enum) and its own fields, and may answer the properties below from fields of its own."""

    GAME: ClassVar[str] = ""

    @property
    def options(self) -> GameOptions:
        """The options the game was started with."""
        raise NotImplementedError

    @property
    def pot(self) -> int:
        """Chips in the pot (0 in a game without one); bets not yet settled are not in it."""
        return 0

    @property
    def dealer(self) -> str | None:
        """Who deals now (holds the deck, the bank), once that is known."""
        return None

    @property
    def chips_in_play(self) -> int:
        """Chips in pots and in bets not yet settled."""
        return 0

    def after(self, event: Event) -> Self:
        """The game's own bookkeeping once a shared event (the kernel's) has moved chips or
        sips: its phase, whose turn it is."""
        return self

    def without_player(self, name: str) -> Self:
        """The game once `name` has left the night between turns."""
        return self


class NightState(msgspec.Struct, frozen=True):
    """Everything at the table; `action` is the action whose events are being applied."""

    started: bool = False
    name: str | None = None
    players: tuple[Player, ...] = ()
    chip_value: str | None = None
    currency: str | None = None
    game: GameState | None = None
    games_played: tuple[str, ...] = ()
    expenses: tuple[SharedCost, ...] = ()
    ended: bool = False
    carried: bool = False  # ended with its balances carried to a later settlement
    paid: bool = False  # those carried balances have since been paid
    # The game on the table fell below its smallest table with this many left to play: it
    # waits for its end (engine.seats).
    too_few: int | None = None
    # The rules the night is played by (RULES_NOW when it started; 0 before it starts): a
    # night keeps the rules it began with, so an older log decides again as it was written.
    rules: int = 0
    action: int = 0

    def player(self, name: str) -> Player:
        """The seat of `name`; raises Refusal when nobody of that name sits at the table."""
        wanted = name_key(name)
        for player in self.players:
            if name_key(player.name) == wanted:
                return player
        names = ", ".join(p.name for p in self.players) or "nobody yet"
        raise Refusal(f"There is no player called {quoted(name)} at this table (players: "
                      f"{names}).", "player.unknown", player=quoted(name), players=names)

    def has_player(self, name: str) -> bool:
        """Whether `name` has a seat (names are one regardless of case)."""
        wanted = name_key(name)
        return any(name_key(p.name) == wanted for p in self.players)

    @property
    def present(self) -> tuple[Player, ...]:
        """Players still at the table, in seat order."""
        return tuple(p for p in self.players if p.present)

    @property
    def chips_total(self) -> int:
        """Every chip on the table: stacks (debts included), pots and open bets."""
        in_play = self.game.chips_in_play if self.game is not None else 0
        return sum(p.chips for p in self.players) + in_play

    @property
    def bought_in(self) -> int:
        return sum(p.bought_in for p in self.players)


def update_player(state: NightState, name: str, **changes: object) -> NightState:
    """The state with one player's seat changed."""
    return replace(
        state,
        players=tuple(replace(p, **changes) if p.name == name else p for p in state.players),
    )


def with_game(state: NightState, **changes: object) -> NightState:
    """The state with fields of the game on the table changed."""
    assert state.game is not None
    return replace(state, game=replace(state.game, **changes))


def move_chips(state: NightState, name: str, delta: int) -> NightState:
    """The state with `delta` chips added to (or taken from) `name`'s stack."""
    return replace(
        state,
        players=tuple(
            # the constructor, not replace(): this runs for most events of a night
            Player(p.name, p.chips + delta, p.bought_in, p.present, p.sips, p.iban,
                   p.account_name) if p.name == name else p
            for p in state.players
        ),
    )


def seats_from_left_of(state: NightState, name: str) -> Iterator[Player]:
    """Every seat once, starting with the one left of `name` and ending with `name`'s own."""
    names = [p.name for p in state.players]
    start = names.index(name) + 1
    for offset in range(len(names)):
        yield state.players[(start + offset) % len(names)]


Evolver = Callable[[NightState, Any], NightState]
EVOLVERS: dict[type[Event], Evolver] = {}


def evolves(event_type: type[Event]) -> Callable[[Evolver], Evolver]:
    """Register the function that folds one event type into the night's state."""

    def register(function: Evolver) -> Evolver:
        EVOLVERS[event_type] = function
        return function

    return register


def evolve(state: NightState, event: Event) -> NightState:
    """The state after `event`: pure and total, so replay is a plain fold."""
    return EVOLVERS[type(event)](state, event)


def written_today(state: NightState, events: Iterable[Event]) -> tuple[Event, ...]:
    """`events` as today's rules write them: each legacy event as the events it became,
    read on the table as it stood before it."""
    today: list[Event] = []
    for e in events:
        today.extend(e.today(state) if isinstance(e, Legacy) else (e,))
        state = evolve(state, e)
    return tuple(today)


class Tx:
    """Events of one decision, each folded into `state` as soon as it is emitted."""

    __slots__ = ("events", "state")

    def __init__(self, state: NightState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)

