"""The night as a decider: players in seat order, buy-ins, and a sequence of games.

`decide(state, command)` answers with the events of an accepted command or a Rejection;
`evolve` folds one event; `expect` says what input comes next. Game commands go to the
current game's rules module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Any, TypeVar

from msgspec.structs import replace

from engine import carried, expenses, registry, seats
from engine.commands import (
    LOG_COMMANDS,
    NIGHT_COMMANDS,
    Command,
    EndGame,
    EndNight,
    Expense,
    Join,
    Leave,
    Paid,
    Rebuy,
    SetPayment,
    StartGame,
    StartNight,
)
from engine.event import Event, event
from engine.expect import (
    Expect,
    NightOverExpected,
    StartGameExpected,
    StartNightExpected,
    TooFewExpected,
)
from engine.json_doc import JsonDoc
from engine.kernel import game_over, wait_for_the_end
from engine.payments import normalize_iban
from engine.registry import game_of
from engine.rejection import Refusal, Rejection
from engine.table import RULES_NOW, NightState, Player, Tx, evolve, evolves, update_player
from engine.text import name_key, quoted
from engine.views import NightView, Seat

C = TypeVar("C", bound=Command)


def initial_state() -> NightState:
    """A night before `start_night`."""
    return NightState()


# --- events -------------------------------------------------------------------------------

@event
class NightStarted(Event, frozen=True):
    players: tuple[str, ...]
    chips: int
    name: str | None = None
    chip_value: str | None = None
    currency: str | None = None
    rules: int = 1  # the rules the night is played by (engine.table.RULES_NOW); older logs 1


@event
class PlayerJoined(Event, frozen=True):
    player: str
    chips: int
    after: str | None = None


@event
class PlayerRebought(Event, frozen=True):
    player: str
    chips: int


@event
class PlayerLeft(Event, frozen=True):
    player: str


@event
class GameStarted(Event, frozen=True):
    game: str
    options: Mapping[str, object]  # a JSON object: msgspec reads no recursive alias
    dealer: str | None


@event
class GameEnded(Event, frozen=True):
    game: str


@event
class NightEnded(Event, frozen=True):
    pass


@evolves(NightStarted)
def _night_started(state: NightState, e: NightStarted) -> NightState:
    return replace(state, started=True, name=e.name, chip_value=e.chip_value,
                   currency=e.currency, rules=e.rules,
                   players=tuple(Player(name, e.chips, e.chips) for name in e.players))


@evolves(PlayerJoined)
def _player_joined(state: NightState, e: PlayerJoined) -> NightState:
    if state.has_player(e.player):  # someone who left comes back
        seat = state.player(e.player)
        return update_player(state, e.player, present=True, chips=seat.chips + e.chips,
                             bought_in=seat.bought_in + e.chips)
    players = list(state.players)
    index = len(players)
    if e.after is not None:
        index = [p.name for p in players].index(e.after) + 1
    players.insert(index, Player(e.player, e.chips, e.chips))
    return replace(state, players=tuple(players))


@event
class PaymentSet(Event, frozen=True):
    """Where `player` is paid: a checked IBAN and the account holder's name."""

    player: str
    iban: str
    name: str


@evolves(PaymentSet)
def _payment_set(state: NightState, e: PaymentSet) -> NightState:
    return update_player(state, e.player, iban=e.iban, account_name=e.name)


@evolves(PlayerRebought)
def _player_rebought(state: NightState, e: PlayerRebought) -> NightState:
    seat = state.player(e.player)
    return update_player(state, e.player, chips=seat.chips + e.chips,
                         bought_in=seat.bought_in + e.chips)


@evolves(PlayerLeft)
def _player_left(state: NightState, e: PlayerLeft) -> NightState:
    state = update_player(state, e.player, present=False)
    if state.game is not None:
        state = replace(state, game=state.game.without_player(e.player))
    return state


@evolves(GameStarted)
def _game_started(state: NightState, e: GameStarted) -> NightState:
    return replace(state, game=registry.game(e.game).initial_state(e.options), too_few=None)


@evolves(GameEnded)
def _game_ended(state: NightState, e: GameEnded) -> NightState:
    return replace(state, game=None, games_played=state.games_played + (e.game,), too_few=None)


@evolves(NightEnded)
def _night_ended(state: NightState, e: NightEnded) -> NightState:
    return replace(state, ended=True)


# --- decide -------------------------------------------------------------------------------

def decide(state: NightState, command: Command) -> tuple[Event, ...] | Rejection:
    """The events an accepted command produces, or a Rejection saying why it was refused."""
    outcome = decide_and_fold(state, command)
    return outcome if isinstance(outcome, Rejection) else outcome[0]


def decide_and_fold(state: NightState, command: Command
                    ) -> tuple[tuple[Event, ...], NightState] | Rejection:
    """Like `decide`, with the state after the events too (already folded while deciding)."""
    try:
        tx = Tx(state)
        _decide(tx, command)
        return tuple(tx.events), tx.state
    except Refusal as refusal:
        return refusal.rejection()


def fold(state: NightState, events: tuple[Event, ...] | list[Event]) -> NightState:
    for e in events:
        state = evolve(state, e)
    return state


def _decide(tx: Tx, command: Command) -> None:
    state = tx.state
    if isinstance(command, LOG_COMMANDS):
        raise Refusal(f"{command.verb} is handled by the night's log, not by the rules.")
    if isinstance(command, StartNight):
        if state.started:
            raise Refusal("This night has already started; start_night opens a new night.",
                          "night.started")
        _start_night(tx, command)
        return
    command = with_seated_names(state, command)
    late = AFTER_THE_END.get(type(command))
    if not state.started:
        if late:
            raise Refusal(f"No night is open: {late[1]}.")
        raise Refusal("No night is open: start one with start_night.", "night.none")
    if late is not None:
        late[0](tx, command)
        return
    if state.ended:
        raise Refusal("This night is over: start a new one with start_night.", "night.over")
    if not isinstance(command, NIGHT_COMMANDS):
        if state.game is None:
            raise Refusal(f"No game is running: start one with start_game before "
                          f"{command.verb}.", "game.none_for", verb=command.verb)
        if state.too_few is not None:
            raise game_over(_too_few(state).prompt)
        game_of(state.game).decide(tx, command)
        _wait_if_too_few(tx)
        return
    NIGHT_MOVES[type(command)](tx, command)


# The fields of a command that name a player at the table.
NAME_FIELDS = ("player", "dealer", "after", "payer")


def same_name(one: str, other: str) -> bool:
    """Whether two names are one at the table: "Ann" and "ann" are (RULES.md, Decisions),
    and so are "Ann" and "A\u200bnn" (an invisible character a log may hold from before)."""
    return name_key(one) == name_key(other)


def with_seated_names(state: NightState, command: C) -> C:
    """The command with each player it names spelt as at the table ("ann" is Ann), so the
    rules and the events see one spelling of a name."""
    named = [(field, value) for field in _name_fields(type(command))
             if isinstance(value := getattr(command, field), str)]
    if not named:  # most entries (a card, a bet) name nobody
        return command
    seated = {name_key(p.name): p.name for p in state.players}
    changes = {field: seated[name_key(value)] for field, value in named
               if name_key(value) in seated and value != seated[name_key(value)]}
    return replace(command, **changes) if changes else command


@cache
def _name_fields(command_type: type[Command]) -> tuple[str, ...]:
    """The fields of a command type that may name a player."""
    return tuple(field for field in NAME_FIELDS if field in command_type.__struct_fields__)


def renamed(command: C, renames: dict[str, str]) -> C:
    """The command with the players it names renamed (`renames`: old name to new)."""
    changes = {field: renames[value] for field in NAME_FIELDS
               if isinstance(value := getattr(command, field, None), str) and value in renames}
    return replace(command, **changes) if changes else command


def renames_between(before: Command, after: Command) -> dict[str, str]:
    """The players a corrected start of the night renames: the names no longer at the table
    and the new ones, paired in seat order, when there are as many of each (a seat whose
    name was mistyped). A reordering renames nobody; nor does an added or removed player."""
    if not (isinstance(before, StartNight) and isinstance(after, StartNight)):
        return {}
    old_names = {name_key(name) for name in before.players}
    new_names = {name_key(name) for name in after.players}
    gone = [name for name in before.players if name_key(name) not in new_names]
    came = [name for name in after.players if name_key(name) not in old_names]
    return dict(zip(gone, came, strict=True)) if len(gone) == len(came) else {}


def _name_list(command: StartNight) -> tuple[str, ...]:
    names = list(command.players)
    if not names:
        raise Refusal("start_night needs \"players\": a list of names in seat order (clockwise).",
                      "names.none")
    seen: dict[str, str] = {}  # by name_key: one look each, however many players
    for name in names:
        twin = seen.get(name_key(name))
        seen.setdefault(name_key(name), name)
        if twin is not None:
            what = (f"{name} is named twice" if twin == name
                    else f"{twin} and {name} are one name (case does not count)")
            raise Refusal(f"Each name may sit at the table once: {what}.", "names.twice",
                          name=name, twin=twin)
    if len(names) < 2:
        raise Refusal("A night needs at least two players; name them all in seat order.",
                      "names.too_few")
    return tuple(names)


def _start_night(tx: Tx, command: StartNight) -> None:
    players = _name_list(command)
    chips = whole_number(command.chips, minimum=0, what="the start chips", verb="start_night",
                         key="start_night.chips")
    chip_value = (None if command.chip_value is None
                  else money_per_chip(command.chip_value, RULES_CHIP_VALUE))
    tx.emit(NightStarted(players, chips, command.name, chip_value,
                         currency_code(command.currency), tx.state.rules or RULES_NOW))


def as_first_decided(state: NightState, stored: tuple[Event, ...]) -> NightState:
    """The state to decide an action again on (a correction, an import's check), given the
    events it was first decided to: a night's start keeps the rules it began with."""
    first = stored[0] if stored else None
    if isinstance(first, NightStarted) and not state.started:
        return replace(state, rules=first.rules)
    return state


# Beyond a million per chip it is surely a typo; where a command enters, a thousand is the
# most (engine/limits.py), and a log written before may hold up to this.
RULES_CHIP_VALUE = Decimal(1_000_000)


def money_per_chip(given: str | int | float, most: Decimal) -> str:
    """The chip value as the night keeps it ("0.10", "0.125") when it is money per chip
    above 0 and at most `most`; a Refusal saying so otherwise. A fraction of a cent is fine:
    the settlement rounds to whole cents that still add up to zero."""
    try:
        value = Decimal(str(given)) if not isinstance(given, bool) else Decimal(-1)
    except (InvalidOperation, ValueError):
        value = Decimal(-1)
    if (not value.is_finite() or not 0 < value <= most
            or value != value.quantize(Decimal("0.0001"))):
        raise Refusal(f"chip_value is money per chip, above 0 and at most {most:,}, with at "
                      f"most four decimals, like \"0.10\" or \"0.125\"; not {quoted(given)}.",
                      "start_night.chip_value", value=quoted(given), most=int(most))
    cents = value.quantize(Decimal("0.01"))
    return str(cents if value == cents else value.normalize())


def currency_code(text: str | None) -> str | None:
    """The currency as its code: `€` and `eur` are `EUR`."""
    if text is None:
        return None
    return {"€": "EUR", "$": "USD", "£": "GBP"}.get(text, text.upper())


def whole_number(value: int, *, minimum: int = 0, maximum: int | None = None, what: str,
                 verb: str, key: str = "number.whole") -> int:
    """`value` if it lies in [minimum, maximum]; the refusal names the allowed range."""
    limits = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
    if value < minimum or (maximum is not None and value > maximum):
        raise Refusal(f"{what[0].upper()}{what[1:]} must be a whole number {limits}, not "
                      f"{value}.", key, minimum=minimum, maximum=maximum)
    return value


def _join(tx: Tx, command: Join) -> None:
    name = command.player
    chips = whole_number(command.chips, minimum=1, what="the buy-in", verb="join",
                         key="join.chips")
    if tx.state.has_player(name):
        if tx.state.player(name).present:
            raise Refusal(f"{name} is already at the table; use rebuy for more chips.",
                          "join.seated", name=name)
        if command.after is not None:
            raise Refusal(f"{name} comes back to their old seat; leave out \"after\".")
    elif command.after is not None:
        tx.state.player(command.after)
    _refuse_one_too_many(tx.state, name, "join")
    tx.emit(PlayerJoined(name, chips, command.after))


def _rebuy(tx: Tx, command: Rebuy) -> None:
    name = command.player
    if not tx.state.player(name).present:
        raise Refusal(f"{name} has left the night; join brings them back.", "rebuy.gone",
                      name=name)
    chips = whole_number(command.chips, minimum=1, what="the rebuy", verb="rebuy",
                         key="rebuy.chips")
    if name not in _playing(tx.state):  # back from sitting out broke: one more plays
        _refuse_one_too_many(tx.state, name, "rebuy")
    tx.emit(PlayerRebought(name, chips))


# --- how many play ------------------------------------------------------------------------

def _seats(state: NightState) -> tuple[str, seats.Seats]:
    """The title of the game on the table and how many players it takes."""
    assert state.game is not None
    game = game_of(state.game)
    return game.title, state.game.options.seats(game.seats)


def _playing(state: NightState) -> tuple[str, ...]:
    """Who plays the game on the table now."""
    if state.game is None:
        return ()
    return seats.playing(state, game_of(state.game).needs_chips)


def _refuse_one_too_many(state: NightState, name: str, verb: str) -> None:
    """Refuse a player more in a game at its most already (a game that waits for its end
    takes anyone: it is played no more)."""
    if state.game is None or state.too_few is not None or not seats.keeps_seats(state):
        return
    title, taken = _seats(state)
    seats.check_room(title, taken, len(_playing(state)), name, verb)


def _wait_if_too_few(tx: Tx) -> None:
    """Between turns, a game with fewer left to play than it takes (players left, or sit
    out with no chips) waits for its end (RULES.md, Decisions); one that waits already, for
    whatever reason, waits on as it is."""
    state = tx.state
    if state.game is None or state.too_few is not None or not seats.keeps_seats(state):
        return
    title, taken = _seats(state)
    count = len(_playing(state))
    if count >= taken.least:  # (counted first: the check after every action stays cheap)
        return
    game = game_of(state.game)
    if game.mid_turn(state) is None and game.expect(state).kind != "end_game":
        wait_for_the_end(tx, title, taken, count)


def _too_few(state: NightState) -> TooFewExpected:
    """What a game that waits for too few players expects: its end, and why."""
    assert state.game is not None
    title, taken = _seats(state)
    players = state.too_few or 0
    return TooFewExpected(players=players, minimum=taken.least, maximum=taken.most,
                          prompt=seats.too_few_reason(title, taken, players,
                                                      state.game.pot))


def _set_payment(tx: Tx, command: SetPayment) -> None:
    player = command.player
    tx.state.player(player)
    iban = normalize_iban(command.iban)
    holder = command.name or player
    if not holder.isprintable():
        raise Refusal(f"The account holder is one line of text, not {quoted(holder)}.",
                      "payment.name", name=quoted(holder))
    tx.emit(PaymentSet(player, iban, holder))


def _refuse_mid_turn(state: NightState, what: str) -> None:
    if state.game is not None:
        busy = game_of(state.game).mid_turn(state)
        if busy is not None:
            raise Refusal(f"{busy}'s turn is under way: finish it before {what}.",
                          "turn.under_way", player=busy)


def _leave(tx: Tx, command: Leave) -> None:
    name = command.player
    if not tx.state.player(name).present:
        raise Refusal(f"{name} has already left.")
    _refuse_mid_turn(tx.state, f"{name} leaves")
    tx.emit(PlayerLeft(name))
    if tx.state.game is not None:
        game_of(tx.state.game).player_left(tx, name)
        _wait_if_too_few(tx)


def _start_game(tx: Tx, command: StartGame) -> None:
    state = tx.state
    if state.game is not None:
        running = game_of(state.game)
        raise Refusal(f"A game of {running.title} is running: end it with end_game first.",
                      "game.running", game=running.title)
    rules = registry.game(command.game)
    options = rules.decode_options(command.options)
    dealer = command.dealer or "draw"
    seats.check_start(rules.title, options.seats(rules.seats),
                      len(seats.playing(state, rules.needs_chips)), rules.needs_chips)
    if dealer != "draw":
        seat = state.player(dealer)
        if not seat.present:
            raise Refusal(f"{dealer} has left the night and cannot deal.")
        if rules.needs_chips and seat.chips <= 0:
            raise Refusal(f"{dealer} has no chips to stake; choose another dealer or \"draw\".")
    tx.emit(GameStarted(rules.id, options.as_json(), None if dealer == "draw" else dealer))
    rules.start(tx, None if dealer == "draw" else dealer)


def _end_game(tx: Tx, command: EndGame) -> None:
    if tx.state.game is None:
        raise Refusal("No game is running; start_game starts one.", "game.none")
    _finish_game(tx, "the game ends")


def _finish_game(tx: Tx, what: str) -> None:
    _refuse_mid_turn(tx.state, what)
    assert tx.state.game is not None
    game = game_of(tx.state.game)
    game.finish(tx)
    tx.emit(GameEnded(game.id))


def _end_night(tx: Tx, command: EndNight) -> None:
    if command.carry:
        carried.check_carry(tx.state)
    if tx.state.game is not None:
        _finish_game(tx, "the night ends")
    tx.emit(NightEnded())
    if command.carry:
        tx.emit(carried.NightCarried())


# Moves that still fit once the night has ended (bank details, the bill, the payment of
# carried balances), with where they go when no night is open at all.
AFTER_THE_END: dict[type[Command], tuple[Callable[[Tx, Any], None], str]] = {
    SetPayment: (_set_payment, "bank details for a night that has ended go to that night, "
                               "named with --night N"),
    Expense: (expenses.decide, "an expense of a night that has ended goes to that night, "
                               "named with --night N"),
    Paid: (carried.paid, "paid marks a night that ended carried over, named with --night N "
                         "(companion settle --open --paid marks them all)"),
}

NIGHT_MOVES: dict[type[Command], Callable[[Tx, Any], None]] = {
    Join: _join, Rebuy: _rebuy, Leave: _leave, StartGame: _start_game, EndGame: _end_game,
    EndNight: _end_night}


# --- expect and view ----------------------------------------------------------------------

def expected(state: NightState) -> Expect:
    """What the dealer enters next: a card slot, a bet with its limits, or a night command."""
    if not state.started:
        return StartNightExpected(prompt="start the night: players and chips")
    if state.ended:
        return NightOverExpected(prompt="the night is over")
    if state.game is None:
        return StartGameExpected(prompt="start a game, or end the night")
    if state.too_few is not None:
        return _too_few(state)
    return game_of(state.game).expect(state)


def expect(state: NightState) -> JsonDoc:
    """What the dealer enters next, as `state --json` prints it."""
    return expected(state).as_json()


def table(state: NightState, last_action: int, night: int | str | None = None) -> NightView:
    """The whole table as typed values: what the screens draw."""
    family = game_of(state.game) if state.game is not None else None
    table = family.view(state) if family else None
    if table is not None and state.too_few is not None:
        table = replace(table, turn=None)  # a game that waits for its end: nobody's turn
    return NightView(
        night=night, name=state.name, game=family.id if family else None,
        game_title=family.title if family else None, expect=expected(state),
        players={p.name: Seat(p.chips, p.sips, p.bought_in, p.present) for p in state.players},
        last_action=last_action, chip_value=state.chip_value, currency=state.currency,
        games_played=state.games_played, ended=state.ended,
        table=table,
        options=state.game.options.as_json() if state.game is not None else None)


def view(state: NightState, last_action: int, night: int | str | None = None) -> JsonDoc:
    """The projection `companion state --json` prints."""
    return table(state, last_action, night).as_json()
