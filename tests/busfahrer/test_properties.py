"""Property tests for Busfahrer (RULES.md §6): random nights, every step checked.

A night of 2 to 10 players (as many as the options' deck serves) plays Busfahrer with random
options and a named or drawn first dealer. Each next command is drawn from what the engine
expects: the draw, a call among the choices offered, the card (now and then one that makes
the call right), the gives (a receiver among those offered, any part of what is owed), the
pyramid's cards (now and then a value someone holds), the dealer's word on the driver, the
ride; between turns players join, leave and come back; now and then an action is undone
and redone. Played through `events.history.History` in memory and through a `NightSession`
on a real SQLite file.

After every accepted command:

1. each player's `sips` is the sum of the `SipsOwed` of the effective actions; none is 0 or
   negative; sips given go from a player of the game to another still in it;
2. every card in a hand or the pyramid is out since the shuffle, none twice; a hand holds
   at most four; `to_give` is never negative and names players still in the game;
3. the phase only moves forward (draw, questions, pyramid, bus, over), undo aside;
4. the odds, where shown, are whole percentages adding up to 100;
5. chips never move in a game of sips;
6. folding the recorded events from `night.initial_state` rebuilds the state; undo then redo
   restores the state and the view; the SQLite log replays to the live night.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import event as statistic
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from msgspec.structs import replace

from companion.logtext import log_lines
from engine import night
from engine.cards import RANK_NAMES, SUITS, Card
from engine.event import Event
from engine.games.busfahrer import rules
from engine.games.busfahrer.odds import RED, between, compared
from engine.games.busfahrer.options import BusfahrerOptions
from engine.games.busfahrer.state import GAME_ID, Busfahrer
from engine.kernel import SipsOwed
from engine.rejection import Rejection
from engine.table import NightState
from events.history import REDONE, UNDONE, History
from events.session import NightSession, load_history
from tests.decoded import executed, planned
from tests.hypo import examples

pytestmark = pytest.mark.properties  # the long search: -m properties

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jon", "Kai",
         "Lea")
PHASES = ("draw", "questions", "pyramid", "bus", "over")

# SQLite runs with synchronous=FULL; a tmpfs keeps the fsyncs cheap where there is one.
FAST_TMP = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None

# No "explain" phase: on these long examples it costs more than the shrinking itself.
BASE = settings(deadline=None,
                phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def note(what: str) -> None:
    """Count `what` for `--hypothesis-show-statistics`."""
    if currently_in_test_context():
        statistic(what)


def game_of(state: NightState) -> Busfahrer | None:
    game = state.game
    return game if isinstance(game, Busfahrer) else None


def stamped(state: NightState, action: int) -> NightState:
    return replace(state, action=action)


# --- the strategy: one valid command from the state ----------------------------------------

@dataclass(frozen=True)
class Style:
    """How a night is played: its length and how often the table or the log is used."""

    steps: int
    table: int  # 1 in `table` inputs between turns is a join, leave or rebuy
    log: int  # 1 in `log` steps is an undo (then perhaps a redo)
    aim: int  # 1 in `aim` cards is made to fit: the call right, a value someone holds
    bare: int  # 1 in `bare` cards where no suit is needed is typed by its rank alone


def draw_style(data: st.DataObject, max_steps: int) -> Style:
    # Decided once per night: hypothesis favours edge values, so per-step odds drawn from
    # small integers would make the rare steps common.
    return Style(steps=data.draw(st.integers(30, max_steps), label="steps"),
                 table=data.draw(st.sampled_from([40, 8, 150]), label="table odds"),
                 log=data.draw(st.sampled_from([15, 4, 60]), label="log odds"),
                 aim=data.draw(st.sampled_from([2, 1, 4]), label="aim odds"),
                 bare=data.draw(st.sampled_from([4, 2, 50]), label="bare odds"))


def busfahrer_options(data: st.DataObject) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name in ("right_gives", "ace_low", "deck32"):
        if data.draw(st.booleans(), label=f"set {name}"):
            options[name] = data.draw(st.booleans(), label=name)
    if data.draw(st.booleans(), label="set pyramid_rows"):
        options["pyramid_rows"] = data.draw(st.sampled_from((4, 5)), label="pyramid_rows")
    if data.draw(st.booleans(), label="set row_sips"):
        options["row_sips"] = data.draw(st.sampled_from(("single", "double")), label="rows")
    if data.draw(st.booleans(), label="set bus_length"):
        options["bus_length"] = data.draw(st.integers(3, 8), label="bus_length")
    if data.draw(st.booleans(), label="set bus_ride"):
        options["bus_ride"] = data.draw(st.sampled_from(("calls", "face_cards")), label="ride")
    if data.draw(st.booleans(), label="set unit"):
        options["unit"] = data.draw(st.sampled_from(("sips", "points")), label="unit")
    return options


def start_game_command(data: st.DataObject, state: NightState) -> dict[str, Any]:
    options = busfahrer_options(data)
    command: dict[str, Any] = {"cmd": "start_game", "game": GAME_ID, "options": options}
    how = data.draw(st.sampled_from(("named", "draw", "omitted")), label="first dealer")
    if how == "named":
        command["dealer"] = data.draw(st.sampled_from([p.name for p in state.present]),
                                      label="dealer")
    elif how == "draw":
        command["dealer"] = "draw"
    return command


def most_players(options: dict[str, Any]) -> int:
    return BusfahrerOptions(**options).most_players


def available(game: Busfahrer) -> list[Card]:
    """The cards that can come now, with their suits: the deck not out since the shuffle
    (shuffled again but for the last card once a ride has used it up)."""
    out = game.deck.cards
    if game.phase == "bus" and len(out) >= game.options.deck_size:
        out = out[-1:]
    left = []
    for rank in range(game.options.lowest_rank, 15):
        same = [c for c in out if c.rank == rank]
        if len(same) >= 4:
            continue
        taken = {c.suit for c in same}
        bare = sum(1 for c in same if c.suit is None)
        free = [Card(rank, suit) for suit in SUITS if suit not in taken]
        left += free[bare:]  # a card typed by its rank alone took one of these
    return left


def fits(game: Busfahrer, card: Card) -> bool:
    """Whether `card` makes the call said right, or lays a card someone holds (aiming)."""
    value = game.value(card)
    if game.phase == "questions" and game.call and game.asking:
        hand = game.hand(game.asking)
        return {1: lambda: (card.suit in RED) == (game.call == "red"),
                2: lambda: compared(value, game.value(hand[0])) == game.call,
                3: lambda: between(value, *sorted(game.value(c) for c in hand[:2])) == game.call,
                4: lambda: card.suit == game.call}[game.question]()
    if game.phase == "pyramid":
        return any(held.rank == card.rank for name in game.playing
                   for held in game.hand(name))
    if game.phase == "bus" and game.row and game.call:
        return compared(value, game.value(game.row[-1])) == game.call
    if game.phase == "bus" and game.options.bus_ride == "face_cards":
        return card.rank < 11
    return False


def card_command(data: st.DataObject, game: Busfahrer, info: dict[str, Any],
                 style: Style) -> dict[str, Any] | None:
    pool = available(game)
    if not pool:
        return None
    aimed = [card for card in pool if fits(game, card)]
    if aimed and data.draw(st.integers(0, style.aim - 1), label="aim?") == 0:
        pool = aimed
    card = data.draw(st.sampled_from(pool), label="card")
    text = str(card)
    if not info["suits"] and data.draw(st.integers(0, style.bare - 1), label="bare?") == 0:
        text = RANK_NAMES[card.rank]
    command: dict[str, Any] = {"cmd": "card", "card": text}
    if info.get("player") and data.draw(st.integers(0, 3), label="name the player?") == 0:
        command["player"] = info["player"]
    return command


def give_command(data: st.DataObject, info: dict[str, Any]) -> dict[str, Any]:
    to = data.draw(st.sampled_from(info["to"]), label="give to")
    owed = int(info["sips"])
    last = all(name == to for name in info["to"])
    sips = owed if last else data.draw(st.integers(1, owed), label="sips given")
    command: dict[str, Any] = {"cmd": "give", "to": to, "sips": sips}
    if data.draw(st.integers(0, 3), label="name the giver?") == 0:
        command["player"] = info["player"]
    return command


def join_command(data: st.DataObject, state: NightState) -> dict[str, Any] | None:
    everyone = [p.name for p in state.players]
    choices = [n for n in NAMES if n not in everyone] + [p.name for p in state.players
                                                         if not p.present]
    game = game_of(state)
    if not choices or (game is not None and len(state.present) >= game.options.most_players):
        return None  # a game at its most takes a join once it has ended
    return {"cmd": "join", "player": data.draw(st.sampled_from(choices), label="joins"),
            "chips": data.draw(st.integers(1, 20), label="buy-in")}


def table_command(data: st.DataObject, state: NightState) -> dict[str, Any] | None:
    """A join, return, rebuy or leave between turns, or the end of the game."""
    game = game_of(state)
    if game is not None and data.draw(st.integers(0, 19), label="end the game?") == 0:
        return {"cmd": "end_game"}
    present = [p.name for p in state.present]
    what = data.draw(st.sampled_from(("join", "rebuy", "leave", "leave")), label="table")
    if what == "join":
        return join_command(data, state)
    if what == "rebuy":
        return {"cmd": "rebuy", "player": data.draw(st.sampled_from(present), label="rebuys"),
                "chips": data.draw(st.integers(1, 20), label="rebuy chips")}
    if len(present) <= 2 or (len(present) == 3 and data.draw(
            st.integers(0, 3), label="leave to two?") > 0):
        return None
    leavers = list(present)
    if game is not None:
        # The awkward moments: the dealer, the driver, the giver, the next to call.
        leavers += [name for name in (game.dealer, game.driver, game.current)
                    if name in present] * 3
    return {"cmd": "leave", "player": data.draw(st.sampled_from(leavers), label="leaves")}


def game_command(data: st.DataObject, state: NightState, style: Style
                 ) -> dict[str, Any] | None:
    """The input the game expects now."""
    game = game_of(state)
    assert game is not None
    info: dict[str, Any] = night.expect(state)
    kind = info["kind"]
    if kind == "end_game":
        return {"cmd": "end_game"}
    if kind == "driver":
        return {"cmd": "driver",
                "player": data.draw(st.sampled_from(info["choices"]), label="driver")}
    if kind == "give":
        return give_command(data, info)
    if kind == "call":
        command: dict[str, Any] = {"cmd": "call", "choice": data.draw(
            st.sampled_from(info["choices"]), label="call")}
        if data.draw(st.integers(0, 3), label="name the caller?") == 0:
            command["player"] = info["player"]
        return command
    assert kind == "card", info
    return card_command(data, game, info, style)


def next_command(data: st.DataObject, state: NightState, style: Style
                 ) -> dict[str, Any] | None:
    if state.ended:
        return None
    if state.game is None:
        if state.games_played and data.draw(st.integers(0, 5), label="end night?") == 0:
            return {"cmd": "end_night"}
        if len(state.present) < 2:
            return join_command(data, state)
        start = start_game_command(data, state)
        if len(state.present) > most_players(start["options"]):  # the deck serves fewer
            start["options"].pop("deck32", None)
            start["options"].pop("pyramid_rows", None)
        if len(state.present) > most_players(start["options"]):
            return {"cmd": "leave", "player": state.present[-1].name}
        return start
    if rules.mid_turn(state) is None and data.draw(st.integers(0, style.table - 1),
                                                   label="table?") == 0:
        between = table_command(data, state)
        if between is not None:
            return between
    return game_command(data, state, style)


# --- the drivers: History in memory, or a session on SQLite --------------------------------

class MemoryDriver:
    def __init__(self) -> None:
        self.history = History()

    def execute(self, command: dict[str, Any]) -> Rejection | None:
        plan = planned(self.history, command)
        if isinstance(plan, Rejection):
            return plan
        self.history.commit(plan)
        return None


class SessionDriver:
    def __init__(self, session: NightSession) -> None:
        self.session = session

    @property
    def history(self) -> History:
        return self.session.history

    def execute(self, command: dict[str, Any]) -> Rejection | None:
        done = executed(self.session, command)
        return done if isinstance(done, Rejection) else None


Driver = MemoryDriver | SessionDriver


# --- the properties, checked after every accepted command -----------------------------------

class Checks:
    """What must hold after each accepted command of a night, with what it remembers."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.states: dict[int, NightState] = {}  # the state after each action when done

    # 1. the sip ledger -----------------------------------------------------------------------
    def sips_are_the_ledger(self) -> None:
        totals: Counter[str] = Counter()
        for entry in self.history.entries:
            for e in entry.events:
                if isinstance(e, SipsOwed):
                    assert e.sips > 0, f"action {entry.action}: {e}"
                    totals[e.player] += e.sips
        state = self.history.state
        view: dict[str, Any] = night.view(state, self.history.last_action)
        for player in state.players:
            assert player.sips == totals[player.name], (player, totals)
            assert view["players"][player.name]["sips"] == player.sips

    def gives_go_between_players(self, before: NightState, events: tuple[Event, ...]) -> None:
        game = game_of(before)
        for e in events:
            if isinstance(e, SipsOwed):
                note(f"sips: {e.why}")
                if e.why == "given":
                    assert game is not None and e.by is not None and e.by != e.player, e
                    assert e.by in game.playing and e.player in game.playing, (e, game)
                else:
                    assert e.by is None, e

    # 2. the cards and the gives --------------------------------------------------------------
    def cards_are_where_they_can_be(self) -> None:
        game = game_of(self.history.state)
        if game is None:
            return
        out = game.deck.cards
        assert len(out) <= game.options.deck_size
        suited = [card for card in out if card.suit is not None]
        assert len(suited) == len(set(suited)), out
        assert all(card.rank >= game.options.lowest_rank for card in out), out
        if game.phase in ("questions", "pyramid"):
            held = [card for _, cards in game.hands for card in cards]
            for card in (*held, *game.pyramid):
                assert card in out, (card, out)
            assert len(held) == len(set(held)), held
            assert all(card.suit is not None for card in held), held
        assert all(len(cards) <= 4 for _, cards in game.hands), game.hands
        assert all(sips > 0 and name in game.playing for name, sips in game.to_give), game
        if game.phase == "questions":
            asked = {name: len(game.hand(name)) for name in game.playing}
            assert max(asked.values(), default=0) - min(asked.values(), default=0) <= 1

    # 3. the phases go forward ----------------------------------------------------------------
    def phase_moves_forward(self, before: NightState, command: dict[str, Any]) -> None:
        old, new = game_of(before), game_of(self.history.state)
        if old is None or new is None or command["cmd"] in ("undo", "redo", "correct"):
            return
        assert PHASES.index(new.phase) >= PHASES.index(old.phase), (old.phase, new.phase)
        if new.phase != old.phase:
            note(f"phase {old.phase} -> {new.phase}")

    # 4. the odds -----------------------------------------------------------------------------
    def odds_add_up(self) -> None:
        state = self.history.state
        if game_of(state) is None:
            return
        odds = night.view(state, self.history.last_action)["odds"]
        if odds is not None:
            assert isinstance(odds, dict), odds
            chances = [chance for chance in odds.values() if isinstance(chance, int)]
            assert len(chances) == len(odds) and sum(chances) == 100 and min(chances) >= 0, odds

    # 5. no chips move ------------------------------------------------------------------------
    def chips_stand_still(self) -> None:
        state = self.history.state
        assert state.chips_total == state.bought_in
        for player in state.players:
            assert player.chips == player.bought_in, player

    # 6. replay, undo and redo ----------------------------------------------------------------
    def last_entry_replays(self) -> None:
        entries = self.history.entries
        last = entries[-1]
        previous = entries[-2].state if len(entries) > 1 else night.initial_state()
        assert night.fold(stamped(previous, last.action), last.events) == last.state

    def whole_night_replays(self) -> None:
        state = night.initial_state()
        for entry in self.history.entries:
            state = night.fold(stamped(state, entry.action), entry.events)
        assert state == self.history.state

    # -----------------------------------------------------------------------------------------
    def after(self, before: NightState, command: dict[str, Any]) -> None:
        """Everything after an accepted `command` taken at `before`."""
        history = self.history
        record = history.records[-1]
        if record.kind == UNDONE:
            assert record.target is not None and history.entry(record.target) is None
        elif record.kind == REDONE:
            assert record.target is not None
            assert history.state == self.states[record.target], "redo gave another state"
        else:
            entry = history.entries[-1]
            self.states[entry.action] = entry.state
            self.last_entry_replays()
            self.gives_go_between_players(before, entry.events)
            self.phase_moves_forward(before, command)
            for e in entry.events:
                note(f"event: {type(e).__name__}")
        game = game_of(history.state)
        note(f"phase: {game.phase}" if game is not None else "no game")
        self.sips_are_the_ledger()
        self.cards_are_where_they_can_be()
        self.odds_add_up()
        self.chips_stand_still()


# --- playing a night -------------------------------------------------------------------------

def run(driver: Driver, command: dict[str, Any], checks: Checks) -> None:
    before = driver.history.state
    refused = driver.execute(command)
    assert refused is None, f"valid {command} refused: {refused}"
    checks.after(before, command)


def undo(driver: Driver, checks: Checks, data: st.DataObject) -> None:
    """Undo the latest action (then, now and then, redo it at once)."""
    history = driver.history
    before, view = history.state, night.view(history.state, 0)
    previous = history.entries[-2].state
    run(driver, {"cmd": "undo"}, checks)
    note("undo")
    assert driver.history.state == previous
    if data.draw(st.booleans(), label="redo at once?"):
        run(driver, {"cmd": "redo"}, checks)
        note("undo then redo")
        assert driver.history.state == before
        assert night.view(driver.history.state, 0) == view


def play(data: st.DataObject, driver: Driver, max_steps: int) -> Checks:
    checks = Checks(driver.history)
    style = draw_style(data, max_steps)
    most = data.draw(st.sampled_from((4, 6, 10)), label="most players")
    players = data.draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=most,
                                 unique=True), label="players")
    run(driver, {"cmd": "start_night", "players": players, "chips": 0}, checks)
    checks.history = driver.history  # a session starting the night has a new History
    for _ in range(style.steps):
        history = driver.history
        if len(history.entries) > 1 and data.draw(st.integers(0, style.log - 1),
                                                  label="undo?") == 0:
            undo(driver, checks, data)
            continue
        if history.redo and data.draw(st.integers(0, 2), label="redo?") == 0:
            run(driver, {"cmd": "redo"}, checks)
            continue
        command = next_command(data, history.state, style)
        if command is None:
            break
        run(driver, command, checks)
    checks.whole_night_replays()
    return checks


# --- the tests -------------------------------------------------------------------------------

@settings(BASE, max_examples=examples(25, long=2000))
@given(st.data())
def test_random_busfahrer_nights_keep_their_promises(data: st.DataObject) -> None:
    """Properties 1-6 after every command of a night played through History."""
    driver = MemoryDriver()
    play(data, driver, 300)
    # The log says every line (undone ones too) once the night is over.
    assert len(list(log_lines(driver.history))) == len(driver.history.records)


@settings(BASE, max_examples=examples(8, long=300))
@given(st.data())
def test_random_busfahrer_nights_replay_from_sqlite(data: st.DataObject) -> None:
    """The same through a session on a real SQLite file; the stored log replays to it."""
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as folder:
        path = Path(folder) / "night.db"
        session = NightSession.open(path, write=True)
        driver = SessionDriver(session)
        try:
            play(data, driver, 150)
            live_state, live_view = session.state, session.view()
            night_id = session.night
            live_events = [entry.events for entry in session.history.entries]
        finally:
            session.close()
        assert night_id is not None
        reader = NightSession.open(path, night_id, write=False)
        try:
            assert reader.state == live_state
            assert reader.view() == live_view
            checked = load_history(reader.store, night_id, check=True)
            assert checked.state == live_state
            assert [entry.events for entry in checked.entries] == live_events
        finally:
            reader.close()
