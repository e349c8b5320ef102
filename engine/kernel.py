"""The turn kernel every game family shares: the moves of money and turns that mean the same
at every table, written once, and the preamble of every family's `decide`.

Events here move the chips the same way in every game (a stake into the pot, a bet out of
the stack, a bet won or lost, a turn skipped, a game halted, sips owed); then the game on
the table does its own bookkeeping for the event in `GameState.after` (its phase, whose
turn it is). Antes and shared pots are in `engine.pot`.

A family's `decide` is a table of its moves (`Moves`): for each command type, the kind of
entry it answers (what `expect` already knows) and its effect. `decide` checks what every
game checks (a game that can only be ended, a command that is no move of this game, an entry
that is not the one expected, a named player whose turn it is not) and runs the effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from msgspec.structs import replace

from engine.cards import Card
from engine.commands import Command
from engine.draw import DRAW, DrawnGame
from engine.event import Event, event
from engine.expect import CardExpected, EndGameExpected, Expect, Slot
from engine.options import GameOptions
from engine.rejection import Refusal
from engine.seats import Seats, keeps_seats, too_few_reason
from engine.table import NightState, Tx, evolves, move_chips, update_player
from engine.text import said
from engine.views import TurnView


class TurnGame(Protocol):
    """What the kernel's events need of a game's state."""

    @property
    def pot(self) -> int: ...

    @property
    def bet(self) -> int: ...

    def after(self, event: Event) -> Self:
        """The game's own bookkeeping once a kernel event has moved the chips."""
        ...


Opts = TypeVar("Opts", bound=GameOptions)
OVER = "over"  # the phase of every game that waits to be ended
BETWEEN = "between"  # the phase of a pot game whose pot is shared at its end


class PotGame(DrawnGame, Generic[Opts], frozen=True, kw_only=True):
    """The table of a game of turns around one pot (In-Between, In-Amongst, Red Dog): the
    fields the kernel's events, the draw for the deal and the turn view read. Each family
    adds its `phase` (its own enum), the cards of its turn (`hand`) and its own fields, and
    says whose turn it is."""

    options: Opts
    dealer: str | None = None
    pot: int = 0
    round: int = 0
    order: tuple[str, ...] = ()  # who plays this round, in turn
    turn: int = 0  # the place in `order` whose turn it is
    bet: int = 0  # the open bet, out of its player's stack until the turn settles it
    halted: str | None = None  # why the game waits to be ended

    @property
    def chips_in_play(self) -> int:
        return self.pot + self.bet

    @property
    def current(self) -> str | None:
        """The player whose entry is expected now (each family says)."""
        return None


def turn_view_of(game: PotGame[Opts], hand: tuple[Card, ...], uses_suits: bool,
                 deck_remaining: int | None = None) -> TurnView:
    """The part of a game's view every game of turns around one pot shares, whose turn holds
    `hand`; `deck_remaining` where the game counts the deck otherwise than its dealt cards
    do. A game's own view takes it whole (`msgspec.structs.asdict`) beside its own fields."""
    return TurnView(
        suits=uses_suits, dealer=game.dealer, turn=game.current, pot=game.pot,
        seen=tuple(str(card) for card in game.deck.cards),
        deck_remaining=game.deck.remaining if deck_remaining is None else deck_remaining,
        round=game.round, bet=game.bet, hand=tuple(str(card) for card in hand))


def pot_game(state: NightState) -> PotGame[GameOptions]:
    """The game on the table, which is a game of turns around one pot."""
    game = state.game
    assert isinstance(game, PotGame), game
    return game


def halted(state: NightState) -> str | None:
    """Why a pot game on the table can only be ended (its phase is `over`), or None."""
    game = pot_game(state)
    return (game.halted or "") if game.phase == OVER else None


def expected_before_turns(game: PotGame[Opts], suits: bool) -> Expect | None:
    """What a pot game expects before its own turns: only the end once it has halted, a card
    for the draw for the deal while the players draw; None once the turns go on."""
    if game.phase == OVER:
        return EndGameExpected(prompt=f"{game.halted}")
    if game.phase == DRAW:
        player = game.current
        return CardExpected(slot=Slot.DRAW, player=player, suits=suits,
                            prompt=f"{player}: draw a card for the deal")
    return None


# --- events ----------------------------------------------------------------------------------

@event
class Staked(Event, frozen=True):
    """The dealer (or bank) puts a stake from their stack into the pot."""

    player: str
    amount: int


@event
class BetPlaced(Event, frozen=True):
    """A bet leaves the player's stack and lies on the table until the turn settles it."""

    player: str
    amount: int


@event
class BetWon(Event, frozen=True):
    """The bet comes back, and `amount` more from the pot."""

    player: str
    amount: int
    ends_turn: bool = True  # three_posts: the first gap's outcome leaves the second to bet


@event
class BetLost(Event, frozen=True):
    """`amount` goes into the pot: the bet on the table, and what is more (a post costs
    twice the bet, or three times) from the stack."""

    player: str
    amount: int
    ends_turn: bool = True
    post: bool = False  # In-Between: the card matched a rank


@event
class TurnSkipped(Event, frozen=True):
    """A player sits a turn out (no chips when it comes)."""

    player: str


@event
class GameHalted(Event, frozen=True):
    """The game cannot go on and waits to be ended; `reason` says why."""

    reason: str


@event
class TooFewPlayers(GameHalted, frozen=True):
    """The game fell below its smallest table (players left, or sit out with no chips): it
    halts as for any reason (`reason`), and the night keeps that `players` were left, so it
    says why until the dealer ends the game (RULES.md, Decisions; engine.seats)."""

    players: int


@event
class SipsOwed(Event, frozen=True):
    """`player` drinks `sips`; `why` is the rule (first_hit, second_hit, miss, stupid_guess,
    exact_card); `by` is who caused it (None for a rule of the game alone)."""

    player: str
    sips: int
    why: str
    by: str | None = None


def _after(state: NightState, e: Event) -> NightState:
    assert state.game is not None
    return replace(state, game=state.game.after(e))


@evolves(Staked)
def _staked(state: NightState, e: Staked) -> NightState:
    state = move_chips(state, e.player, -e.amount)
    game = pot_game(state)
    return _after(replace(state, game=replace(game, pot=game.pot + e.amount)), e)


@evolves(BetPlaced)
def _bet_placed(state: NightState, e: BetPlaced) -> NightState:
    state = move_chips(state, e.player, -e.amount)
    return _after(replace(state, game=replace(pot_game(state), bet=e.amount)), e)


@evolves(BetWon)
def _bet_won(state: NightState, e: BetWon) -> NightState:
    game = pot_game(state)
    state = move_chips(state, e.player, game.bet + e.amount)
    return _after(replace(state, game=replace(game, pot=game.pot - e.amount, bet=0)), e)


@evolves(BetLost)
def _bet_lost(state: NightState, e: BetLost) -> NightState:
    game = pot_game(state)
    # The bet already left the stack; what a post costs beyond it comes from it now.
    state = move_chips(state, e.player, game.bet - e.amount)
    return _after(replace(state, game=replace(game, pot=game.pot + e.amount, bet=0)), e)


@evolves(TurnSkipped)
def _turn_skipped(state: NightState, e: TurnSkipped) -> NightState:
    return _after(state, e)


@evolves(GameHalted)
def _game_halted(state: NightState, e: GameHalted) -> NightState:
    return _after(state, e)


@evolves(TooFewPlayers)
def _too_few_players(state: NightState, e: TooFewPlayers) -> NightState:
    return _after(replace(state, too_few=e.players), e)


@evolves(SipsOwed)
def _sips_owed(state: NightState, e: SipsOwed) -> NightState:
    state = update_player(state, e.player, sips=state.player(e.player).sips + e.sips)
    return _after(state, e)


# --- decide ----------------------------------------------------------------------------------

C = TypeVar("C", bound=Command)


@dataclass(frozen=True, slots=True)
class Move(Generic[C]):
    """One move of a game: the expectation it answers (None: any time, like a split of the
    pot between turns) and what it does."""

    answers: type[Expect] | None
    effect: Callable[[Tx, C], None]


Moves = Mapping[type[Command], Move[Any]]


@dataclass(frozen=True, slots=True)
class Rulebook:
    """What `decide` needs to know of a game: its name, its moves, what it expects now, and
    why it can only be ended (None while it goes on)."""

    title: str
    moves: Moves
    expect: Callable[[NightState], Expect]
    halted: Callable[[NightState], str | None]


def decide(tx: Tx, command: Command, book: Rulebook) -> None:
    """Apply one game command by the family's table of moves, or raise Refusal saying why
    not and what fits now."""
    halted = book.halted(tx.state)
    if halted is not None:
        raise game_over(halted)
    expected = book.expect(tx.state)
    move = book.moves.get(type(command))
    if move is None:
        raise Refusal(f"{command.verb} is not a move in {book.title}; now: {expected.prompt}.",
                      "move.other_game", name=command.verb, game=book.title)
    if move.answers is not None and not isinstance(expected, move.answers):
        raise not_expected(move.answers.NOUN, expected.prompt, move.answers.REFUSAL_KEY)
    if command.TURN_ACTION:
        check_player(command.named_player, expected.whose)
    move.effect(tx, command)


def check_player(named: str | None, expected: str | None) -> None:
    """A turn action may name its player as a check; it must be the one whose turn it is."""
    if named is not None and named != expected:
        raise Refusal(f"It is {expected}'s turn, not {said(named)}'s.", "turn.other",
                      expected=expected, named=said(named))


def not_expected(noun: str, prompt: str, key: str) -> Refusal:
    """The refusal of an entry the game does not wait for, saying what it waits for."""
    return Refusal(f"No {noun} is expected now: {prompt}.", key)


def game_over(reason: str | None) -> Refusal:
    """The refusal of any move once a game can only be ended."""
    return Refusal(f"{reason} Only end_game or end_night fit now.", "game.over", why=reason)


def wait_for_the_end(tx: Tx, title: str, seats: Seats, players: int) -> None:
    """The game has fewer left to play than it takes: it waits to be ended."""
    assert tx.state.game is not None
    reason = too_few_reason(title, seats, players, tx.state.game.pot)
    tx.emit(TooFewPlayers(reason, players))


def too_few(tx: Tx, title: str, seats: Seats, players: int, before: str) -> None:
    """A game's own flow finds too few to play on: it waits to be ended; `before` is how a
    night under the first rules halted it (an older log decides again as it was written)."""
    if keeps_seats(tx.state):
        wait_for_the_end(tx, title, seats, players)
    else:
        tx.emit(GameHalted(before))


def sit_out_broke(tx: Tx, current: Callable[[NightState], str | None],
                  waiting: Callable[[NightState], bool]) -> None:
    """Players whose stack ran dry before their turn sit it out, one TurnSkipped each, while
    `waiting` says a turn is about to start."""
    while waiting(tx.state):
        player = current(tx.state)
        if player is None or tx.state.player(player).chips > 0:
            return
        tx.emit(TurnSkipped(player))
