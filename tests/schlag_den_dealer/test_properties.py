"""Property tests for Schlag den Dealer (RULES.md §5): random nights, every step checked.

A night of 3 to 8 players plays Schlag den Dealer with random options (unit, ace_high,
one_try, stupid_guess with its penalty, value_and_suit with exact_sips, dealer_chooses) and
a named or drawn first dealer. Each next command is drawn from what the engine expects:
the card of the turn before the guesses (hidden), between them or after them, the
guesses, the relieved dealer's choice; between turns players join, come back, rebuy and
leave; now and then an action is undone and redone. Played through `events.history.History`
in memory and through a `NightSession` on a real SQLite file.

After every accepted command:

1. each player's `sips` is the sum of the `SipsOwed` events of the effective actions, and
   no `SipsOwed` is 0 or negative (each reason owes what the rules say);
2. `misses` is 0..3 (3 only while a relieved dealer chooses or the game is over), and the
   dealer changes only on relief, a dealer leaving, `next_dealer` or the draw;
3. a card entered but not laid out is neither in `night.view` (nor does the view change
   where it shows the cards) nor in the log lines of `companion.logtext`;
4. chips never move in a game of sips: every stack equals its buy-ins;
5. folding the recorded events from `night.initial_state` rebuilds the state; undo then
   redo restores the state; the SQLite log replays to the live night.

6. "the deck is used up" is said only of a used-up deck.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import event as statistic
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from msgspec.structs import replace

from companion.logtext import action_line, log_lines
from engine import night, registry
from engine.cards import RANK_NAMES, RANKS, SUITS, Card, parse_card
from engine.event import Event
from engine.games.schlag_den_dealer import rules as schlag
from engine.games.schlag_den_dealer.state import (
    GAME_ID,
    CardLaid,
    CardLookedAt,
    Schlag,
    TurnPassed,
)
from engine.kernel import GameHalted, SipsOwed
from engine.night import GameEnded
from engine.rejection import Rejection
from engine.table import NightState, seats_from_left_of
from events.history import CORRECTED, REDONE, UNDONE, History
from events.session import NightSession, load_history
from tests.decoded import executed, planned
from tests.hypo import examples

pytestmark = pytest.mark.properties  # the long search: -m properties

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jon", "Kai",
         "Lea")
GUESS_TEXT = re.compile(r"\bguess \S+")
VALUE_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}

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


# --- reading the state ----------------------------------------------------------------------

def game_of(state: NightState) -> Schlag | None:
    game = state.game
    return game if isinstance(game, Schlag) else None


def stamped(state: NightState, action: int) -> NightState:
    return replace(state, action=action)


def left_of(state: NightState, name: str) -> str | None:
    """The next player at the table to the left of `name` (who may have just left)."""
    return next((p.name for p in seats_from_left_of(state, name)
                 if p.present and p.name != name), None)


def available_cards(game: Schlag) -> tuple[list[str], list[str]]:
    """Cards that can still come from the deck: (suited cards, ranks typed alone)."""
    out = game.deck.cards
    suited: list[str] = []
    ranks: list[str] = []
    for rank in RANKS:
        same = [c for c in out if c.rank == rank]
        if len(same) >= 4:
            continue
        used = {c.suit for c in same if c.suit is not None}
        ranks.append(RANK_NAMES[rank])
        suited += [RANK_NAMES[rank] + s for s in SUITS if s not in used]
    return suited, ranks


def card_pattern(card: Card) -> re.Pattern[str]:
    """The card as the screen or the log would name it: `Kd` or `K♦`, standing alone."""
    spellings = "|".join(re.escape(text) for text in (str(card), card.label))
    return re.compile(rf"(?<![0-9A-Za-z])(?:{spellings})(?![0-9A-Za-z])")


# --- the strategy: one valid command from the state ----------------------------------------

@dataclass(frozen=True)
class Style:
    """How a night is played: its length and how often the table or the log is used."""

    steps: int
    table: int  # 1 in `table` inputs between turns is a join, leave or rebuy
    log: int  # 1 in `log` steps is an undo (then perhaps a redo)
    card_first: int  # 1 in `card_first` turns the card is entered before the guesses
    aim: int  # 1 in `aim` guesses or cards is made to hit


def draw_style(data: st.DataObject, max_steps: int) -> Style:
    # Decided once per night: hypothesis favours edge values, so per-step odds drawn from
    # small integers would make the rare steps common.
    return Style(steps=data.draw(st.integers(1, max_steps), label="steps"),
                 table=data.draw(st.sampled_from([12, 4, 40]), label="table odds"),
                 log=data.draw(st.sampled_from([12, 4, 60]), label="log odds"),
                 card_first=data.draw(st.sampled_from([2, 1, 6]), label="card first odds"),
                 aim=data.draw(st.sampled_from([3, 2, 8]), label="aim odds"))


def schlag_options(data: st.DataObject) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if data.draw(st.booleans(), label="set unit"):
        options["unit"] = data.draw(st.sampled_from(("sips", "points")), label="unit")
    for name in ("ace_high", "one_try", "dealer_chooses"):
        if data.draw(st.booleans(), label=f"set {name}"):
            options[name] = True
    if data.draw(st.booleans(), label="set stupid_guess"):
        options["stupid_guess"] = True
        if data.draw(st.booleans(), label="set stupid_penalty"):
            options["stupid_penalty"] = data.draw(st.integers(1, 10), label="stupid_penalty")
    if data.draw(st.booleans(), label="set value_and_suit"):
        options["value_and_suit"] = True
        if data.draw(st.booleans(), label="set exact_sips"):
            options["exact_sips"] = data.draw(st.integers(1, 12), label="exact_sips")
    return options


def start_game_command(data: st.DataObject, state: NightState) -> dict[str, Any]:
    command: dict[str, Any] = {"cmd": "start_game", "game": GAME_ID,
                               "options": schlag_options(data)}
    how = data.draw(st.sampled_from(("named", "draw", "omitted")), label="first dealer")
    if how == "named":
        command["dealer"] = data.draw(st.sampled_from([p.name for p in state.present]),
                                      label="dealer")
    elif how == "draw":
        command["dealer"] = "draw"
    return command


def join_command(data: st.DataObject, state: NightState) -> dict[str, Any] | None:
    everyone = [p.name for p in state.players]
    choices = [n for n in NAMES if n not in everyone] + [p.name for p in state.players
                                                         if not p.present]
    if not choices or len(state.present) >= 8:
        return None
    command: dict[str, Any] = {"cmd": "join",
                               "player": data.draw(st.sampled_from(choices), label="joins"),
                               "chips": data.draw(st.integers(1, 50), label="buy-in")}
    if command["player"] not in everyone and data.draw(st.booleans(), label="after?"):
        command["after"] = data.draw(st.sampled_from(everyone), label="after")
    return command


def table_command(data: st.DataObject, state: NightState) -> dict[str, Any] | None:
    """A join, return, rebuy or leave between turns, or the end of the game (or None when
    none fits)."""
    game = game_of(state)
    if game is not None and data.draw(st.integers(0, 7), label="end the game?") == 0:
        return {"cmd": "end_game"}
    present = [p.name for p in state.present]
    kinds: list[Callable[[], dict[str, Any] | None]] = [lambda: join_command(data, state)]
    kinds.append(lambda: {"cmd": "rebuy",
                          "player": data.draw(st.sampled_from(present), label="rebuys"),
                          "chips": data.draw(st.integers(1, 20), label="rebuy chips")})
    leavers = list(present)
    if game is not None:
        # The awkward moments for the rules: the dealer or the next guesser gets up.
        leavers += [name for name in (game.dealer, game.current) if name in present] * 3
    if len(present) > 3 or (len(present) > 1 and data.draw(st.integers(0, 3),
                                                           label="leave below 3?") == 0):
        kinds += [lambda: {"cmd": "leave",
                           "player": data.draw(st.sampled_from(leavers), label="leaves")}] * 2
    chosen: Callable[[], dict[str, Any] | None] = data.draw(st.sampled_from(kinds),
                                                            label="table command")
    return chosen()


def as_value(data: st.DataObject, value: int) -> Any:
    """A guessed value as the dealer might send it: 12, "12" or "Q"."""
    how = data.draw(st.integers(0, 3), label="value as")
    if how == 0:
        return VALUE_TEXT.get(value, str(value))
    if how == 1:
        return str(value)
    return value


def card_command(data: st.DataObject, game: Schlag, style: Style, aim: int | None,
                 avoid: int | None) -> dict[str, Any] | None:
    """A card from the deck: of value `aim` now and then, never of value `avoid`."""
    suited, ranks = available_cards(game)
    pool = suited if game.options.value_and_suit or data.draw(
        st.integers(0, 4), label="rank only?") > 0 else suited + ranks
    pool = [c for c in pool if avoid is None or game.value(parse_card(c)) != avoid]
    if not pool:
        return None
    aimed = [c for c in pool if aim is not None and game.value(parse_card(c)) == aim]
    if aimed and data.draw(st.integers(0, style.aim - 1), label="card hits?") == 0:
        pool = aimed
    return {"cmd": "card", "card": data.draw(st.sampled_from(pool), label="card")}


def guess_command(data: st.DataObject, game: Schlag, info: dict[str, Any], style: Style
                  ) -> dict[str, Any]:
    low, high = int(info["low"]), int(info["high"])
    first = game.guesses[0] if game.guesses else None
    values = [v for v in range(low, high + 1) if v != first]
    stupid = [v for v in values if sum(game.value(c) == v for c in game.deck.cards) >= 4]
    card = game.card
    if card is not None and game.value(card) in values and data.draw(
            st.integers(0, style.aim - 1), label="guess hits?") == 0:
        value = game.value(card)
    elif stupid and data.draw(st.integers(0, 3), label="stupid?") == 0:
        value = data.draw(st.sampled_from(stupid), label="stupid value")
    else:
        value = data.draw(st.sampled_from(values), label="value")
    command: dict[str, Any] = {"cmd": "guess", "value": as_value(data, value)}
    if game.options.value_and_suit and not game.guesses:
        how = data.draw(st.integers(0, 3), label="suit how")
        if how > 0:
            suit = (card.suit if card is not None and card.suit and how == 3
                    else data.draw(st.sampled_from(SUITS), label="suit"))
            if how == 1 and not isinstance(command["value"], int):
                command["value"] = f"{command['value']}{suit}"
            else:
                command["suit"] = suit
    if data.draw(st.integers(0, 3), label="name the guesser?") == 0:
        command["player"] = info["player"]
    return command


def game_command(data: st.DataObject, state: NightState, style: Style
                 ) -> dict[str, Any] | None:
    """The input the game expects now."""
    game = game_of(state)
    assert game is not None
    info: dict[str, Any] = night.expect(state)
    kind = info["kind"]
    if kind == "end_game":
        if info.get("why") == "too_few_players" and data.draw(
                st.integers(0, 3), label="join, though it is too late?") == 0:
            return join_command(data, state)  # the game waits on for its end
        return {"cmd": "end_game"}
    if kind == "next_dealer":
        return {"cmd": "next_dealer",
                "player": data.draw(st.sampled_from(info["choices"]), label="next dealer")}
    if kind == "card" and info["slot"] == "draw":
        return card_command(data, game, style, None, None)
    if kind == "card":  # the reveal after the guesses
        avoid = game.guesses[0] if len(game.guesses) > 1 else None
        return card_command(data, game, style, game.guesses[-1], avoid)
    assert kind == "guess", info
    if game.card is None:
        two_tries = not game.options.one_try
        if not game.guesses and data.draw(st.integers(0, style.card_first - 1),
                                          label="card first?") == 0:
            return card_command(data, game, style, None, None)
        if game.guesses and two_tries and data.draw(st.integers(0, 2),
                                                    label="card between?") == 0:
            return card_command(data, game, style, game.guesses[0], None)
    return guess_command(data, game, info, style)


def next_command(data: st.DataObject, state: NightState, style: Style
                 ) -> dict[str, Any] | None:
    if state.ended:
        return None
    if state.game is None:
        if len(state.present) < 3:
            return join_command(data, state)
        if state.games_played and data.draw(st.integers(0, 5), label="end night?") == 0:
            return {"cmd": "end_night"}
        return start_game_command(data, state)
    if schlag.mid_turn(state) is None and data.draw(st.integers(0, style.table - 1),
                                                    label="table?") == 0:
        command = table_command(data, state)
        if command is not None:
            return command
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
        self.ledgers: list[tuple[int, Counter[str]]] = []  # per effective entry: sips so far
        self.states: dict[int, NightState] = {}  # the state after each action when done

    # 1. the sip ledger -----------------------------------------------------------------------
    def ledger(self) -> Counter[str]:
        entries = self.history.entries
        keep = 0
        while keep < min(len(self.ledgers), len(entries)) and \
                self.ledgers[keep][0] == entries[keep].action:
            keep += 1
        del self.ledgers[keep:]
        for entry in entries[keep:]:
            total = Counter(self.ledgers[-1][1]) if self.ledgers else Counter[str]()
            for e in entry.events:
                if isinstance(e, SipsOwed):
                    assert e.sips > 0, f"action {entry.action}: {e}"
                    total[e.player] += e.sips
            self.ledgers.append((entry.action, total))
        return self.ledgers[-1][1] if self.ledgers else Counter()

    def sips_are_the_ledger(self) -> None:
        state = self.history.state
        totals = self.ledger()
        view: dict[str, Any] = night.view(state, self.history.last_action)
        for player in state.players:
            assert player.sips == totals[player.name], (player, totals)
            assert view["players"][player.name]["sips"] == player.sips

    # 2. misses and the dealer ----------------------------------------------------------------
    def misses_in_range(self) -> None:
        state = self.history.state
        game = game_of(state)
        if game is None:
            return
        misses = night.view(state, self.history.last_action)["misses"]
        assert misses == game.misses and 0 <= misses <= 3, game
        if misses == 3:
            assert game.phase in ("choose", "over"), f"3 misses without relief: {game}"

    def dealer_changes_for_a_reason(self, before: NightState, command: dict[str, Any],
                                    events: tuple[Event, ...]) -> None:
        after = self.history.state
        old, new = game_of(before), game_of(after)
        if command["cmd"] == "start_game":
            assert old is None and new is not None
            named = command.get("dealer", "draw")
            if named == "draw":
                assert new.dealer is None and new.phase == "draw"
                note("first dealer: drawn")
            else:
                assert new.dealer == named
                note("first dealer: named")
            return
        if old is None or new is None:
            return
        laid = [e for e in events if isinstance(e, CardLaid)]
        assert len(laid) <= 1
        if laid:
            expected = old.misses + 1 if laid[0].double_miss else 0
            relieved = expected >= 3
            if relieved:
                note("relief")
            if new.phase == "over":
                note("deck used up")
                assert new.misses == expected
            elif relieved and old.options.dealer_chooses:
                assert (new.phase, new.dealer, new.misses) == ("choose", old.dealer, 3), new
            elif relieved:
                assert old.dealer is not None
                assert (new.dealer, new.misses) == (left_of(after, old.dealer), 0), new
            else:
                assert (new.dealer, new.misses) == (old.dealer, expected), new
        if old.dealer == new.dealer:
            if not laid:
                assert new.misses == old.misses, (old, new)
            return
        if old.phase == "draw":
            assert old.dealer is None and new.phase in ("guess", "over"), new
            note("dealer found by the draw")
        elif command["cmd"] == "leave" and command["player"] == old.dealer:
            assert old.dealer is not None
            assert new.dealer == left_of(after, old.dealer) and new.misses == 0, new
            note("dealer left")
        elif command["cmd"] == "next_dealer":
            assert old.phase == "choose" and new.dealer == command["player"], new
            assert new.misses == 0 and new.phase == "guess", new
            note("relieved dealer chose")
        else:
            assert laid and laid[0].double_miss and old.misses + 1 >= 3, \
                f"{command} changed the dealer {old.dealer} -> {new.dealer} without relief"

    def sips_owed_as_the_rules_say(self, before: NightState, events: tuple[Event, ...]
                                   ) -> None:
        game = game_of(before)
        for e in events:
            if not isinstance(e, SipsOwed):
                continue
            assert game is not None and game.dealer is not None and game.guesser is not None
            note(f"sips: {e.why}")
            expected = {"first_hit": 4, "second_hit": 2,
                        "exact_card": game.options.exact_sips,
                        "stupid_guess": game.options.stupid_penalty}.get(e.why)
            if e.why == "miss":
                assert (e.player, e.by) == (game.guesser, game.dealer) and 1 <= e.sips <= 13, e
            elif e.why == "stupid_guess":
                assert (e.player, e.sips) == (game.guesser, expected), e
            else:
                assert (e.player, e.by, e.sips) == (game.dealer, game.guesser, expected), e

    # 3. the hidden card ----------------------------------------------------------------------
    def hidden_card_stays_hidden(self) -> None:
        history = self.history
        state = history.state
        game = game_of(state)
        if game is None or game.card is None:
            return
        card = game.card
        note("a card not laid out yet" + (" (before the guesses)" if not game.guesses
                                            else ""))
        entered = history.entry(game.card_action)
        assert entered is not None and any(isinstance(e, CardLookedAt) for e in entered.events)
        before = history.state_before(game.card_action)
        old = game_of(before)
        assert old is not None and old.card is None
        base = night.view(before, 0)
        view = night.view(state, history.last_action)
        for key in ("seen", "values_out", "last", "deck_remaining"):
            assert view[key] == base[key], f"{key} changed with the hidden {card}"
        if not old.guesses and not game.guesses:
            assert view["chances"] == base["chances"], f"chances moved with the hidden {card}"
        if card.suit is None:
            return  # a rank alone ("K") is in every view as a column: only the above counts
        pattern = card_pattern(card)
        text = json.dumps(view, ensure_ascii=False)
        assert not pattern.search(text), f"the hidden {card} is in the view: {text}"
        corrections = {r.target: r.action for r in history.records
                       if r.kind == CORRECTED and r.target is not None}
        # The actions before the card's entry are all still effective (undo would take the
        # card back first), so their lines are what they were before the card came; so is a
        # later redo of one of them (a card drawn for the deal went back into the deck).
        for record in history.records:
            if record.action >= game.card_action and not (
                    record.kind == REDONE and (record.target or 0) < game.card_action):
                # A guess is the guesser's own words ("guess Kd"), not the card.
                line = GUESS_TEXT.sub("guess", action_line(history, record, corrections))
                assert not pattern.search(line), f"the hidden {card} is in the log: {line}"

    def laid_card_is_shown(self, events: tuple[Event, ...]) -> None:
        """The same check finds the card once it is laid out (it is not vacuous)."""
        laid = [e for e in events if isinstance(e, CardLaid)]
        if not laid:
            return
        card = parse_card(laid[0].card)
        history = self.history
        view: dict[str, Any] = night.view(history.state, history.last_action)
        assert view["last"]["card"] == str(card)
        assert str(card) in view["seen"]
        if card.suit is not None:
            line = action_line(history, history.records[-1])
            assert card_pattern(card).search(line), line

    # 4. no chips move ------------------------------------------------------------------------
    def chips_stand_still(self, before: NightState, command: dict[str, Any]) -> None:
        state = self.history.state
        assert registry.game(GAME_ID).needs_chips is False
        assert state.chips_total == state.bought_in
        for player in state.players:
            assert player.chips == player.bought_in, player
            moved = command["cmd"] in ("join", "rebuy", "undo", "redo")
            if not moved and before.has_player(player.name):
                assert player.chips == before.player(player.name).chips, player
        game = game_of(state)
        if game is not None:
            assert game.chips_in_play == 0
            assert night.view(state, self.history.last_action)["pot"] == 0

    # 5. replay, undo and redo ----------------------------------------------------------------
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
            assert entry.action == record.action
            self.states[entry.action] = entry.state
            self.last_entry_replays()
            self.dealer_changes_for_a_reason(before, command, entry.events)
            self.sips_owed_as_the_rules_say(before, entry.events)
            self.laid_card_is_shown(entry.events)
            if any(isinstance(e, CardLookedAt) for e in entry.events) and not any(
                    isinstance(e, CardLaid) for e in entry.events):
                note("card entered and kept hidden")
            for e in entry.events:
                if isinstance(e, (TurnPassed, GameHalted, GameEnded)):
                    note(f"event: {type(e).__name__}")
            if command["cmd"] == "start_game" and history.state.games_played:
                note("a second game in the night")
        game = game_of(history.state)
        note(f"phase: {game.phase}" if game is not None else "no game")
        if night.expect(history.state).get("why") == "too_few_players":
            note("the game fell below 3 players and waits for its end")
        self.sips_are_the_ledger()
        self.misses_in_range()
        self.hidden_card_stays_hidden()
        self.chips_stand_still(before, command)


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
    players = data.draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=8, unique=True),
                        label="players")
    run(driver, {"cmd": "start_night", "players": players,
                 "chips": data.draw(st.integers(0, 50), label="chips")}, checks)
    checks.history = driver.history  # a session starting the night has a new History
    run(driver, start_game_command(data, driver.history.state), checks)
    for _ in range(style.steps):
        history = driver.history
        if len(history.entries) > 1 and data.draw(st.integers(0, style.log - 1),
                                                  label="undo?") == 0:
            undo(driver, checks, data)
            continue
        if history.redo and data.draw(st.integers(0, 2), label="redo?") == 0:
            run(driver, {"cmd": "redo"}, checks)
            note("redo later")
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
def test_random_schlag_nights_keep_their_promises(data: st.DataObject) -> None:
    """Properties 1-5 after every command of a night played through History."""
    driver = MemoryDriver()
    play(data, driver, 220)
    # The log renders every line (undone ones too) once the night is over.
    assert len(list(log_lines(driver.history))) == len(driver.history.records)


@settings(BASE, max_examples=examples(10, long=500))
@given(st.data())
def test_random_schlag_nights_replay_from_sqlite(data: st.DataObject) -> None:
    """The same through a session on a real SQLite file; the stored log replays to it."""
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as folder:
        path = Path(folder) / "night.db"
        session = NightSession.open(path, write=True)
        driver = SessionDriver(session)
        try:
            play(data, driver, 120)
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
            state = night.initial_state()
            for entry in checked.entries:
                state = night.fold(stamped(state, entry.action), entry.events)
            assert state == live_state
        finally:
            reader.close()


# --- 6. the end of the game tells the truth ---------------------------------------------------

@settings(BASE, max_examples=examples(15, long=800),
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.data())
def test_a_game_is_over_for_a_used_deck_only_when_the_deck_is_used_up(
        data: st.DataObject) -> None:
    """After some turns players get up between turns (the game waits below 3) and come
    back; whatever `expect` says, "the deck is used up" is only said of a used-up deck."""
    driver = MemoryDriver()
    checks = Checks(driver.history)
    players = data.draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=5, unique=True),
                        label="players")
    run(driver, {"cmd": "start_night", "players": players, "chips": 0}, checks)
    run(driver, start_game_command(data, driver.history.state), checks)
    style = Style(steps=0, table=1_000, log=1_000, card_first=2, aim=3)
    for _ in range(data.draw(st.integers(0, 30), label="turn inputs")):
        command = game_command(data, driver.history.state, style)
        if command is None or command["cmd"] in ("end_game", "join"):
            break
        run(driver, command, checks)
    while data.draw(st.integers(0, 5), label="one more change?") > 0:
        state = driver.history.state
        if game_of(state) is None:
            break
        if schlag.mid_turn(state) is not None:  # the turn under way ends first
            command = game_command(data, state, style)
            if command is None:
                break
            run(driver, command, checks)
            continue
        present = [p.name for p in state.present]
        if len(present) > 1 and data.draw(st.integers(0, 4), label="leave or join") > 0:
            command = {"cmd": "leave",
                       "player": data.draw(st.sampled_from(present), label="leaves")}
        else:
            joined = join_command(data, state)
            if joined is None:
                break
            command = joined
        run(driver, command, checks)
        info = night.expect(driver.history.state)
        if info.get("why") == "deck_used":
            view = night.view(driver.history.state, driver.history.last_action)
            assert view["deck_remaining"] == 0, f"{info['prompt']} with {view['deck_remaining']} " \
                "cards in the deck"
