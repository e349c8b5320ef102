"""Property tests: random valid In-Between nights, driven by the engine's own `expect`.

A strategy builds a night one command at a time with `st.data()`: each next command is
drawn from what fits the current state (the card slot the engine expects, a bet within its
limits, joins, rebuys, leaves, game changes between turns, and undo / redo / correct where
the log is involved). The properties are the ones DESIGN.md and RULES.md promise:

1. chips are conserved after every event (pure engine, and through History);
2. undo then redo gives back the same state;
3. replaying the SQLite log gives the same state (and the stored events re-decide);
4. export then import gives the same night under a new id;
5. a rejected command changes nothing.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from msgspec.structs import replace

from engine import night, seats
from engine.cards import RANK_NAMES, RANKS, SUIT_SYMBOLS, SUITS, parse_card
from engine.commands import as_json
from engine.contract import contract, parse
from engine.registry import game_of
from engine.rejection import Refusal, Rejection
from engine.table import NightState, evolve
from events.history import History, Plan
from events.session import NightSession, load_history
from events.store import Store
from events.transfer import export_night, import_night
from tests.decoded import executed, planned
from tests.hypo import examples
from tests.table import on_the_table

pytestmark = pytest.mark.properties  # the long search: -m properties

NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hanna", "Ida", "Jon", "Kai",
         "Lea")
MAX_SEATS = 9
KNOWN_COMMANDS = set(contract().by_name)

# SQLite runs with synchronous=FULL; a tmpfs keeps the fsyncs cheap where there is one.
FAST_TMP = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None

# No "explain" phase: on these long examples it costs more than the shrinking itself.
BASE = settings(deadline=None,
                phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- reading the state ----------------------------------------------------------------------

def playing(state: NightState) -> tuple[str, ...]:
    """Who plays the game on the table (engine.seats)."""
    if state.game is None:
        return ()
    return seats.playing(state, game_of(state.game).needs_chips)


def room_for_one_more(state: NightState) -> bool:
    """Whether a join (or a rebuy of someone sitting out) fits: the game on the table, if
    it still plays, is below its most."""
    if state.game is None or state.too_few is not None:
        return True
    most = state.game.options.seats(game_of(state.game).seats).most
    return most is None or len(playing(state)) < most


def mid_turn(state: NightState) -> bool:
    game = on_the_table(state)
    return game is not None and game_of(game).mid_turn(state) is not None


def conserved(state: NightState) -> bool:
    return state.chips_total == state.bought_in


def chips_message(state: NightState) -> str:
    return (f"chips_total {state.chips_total} != bought_in {state.bought_in}; "
            f"view {night.view(state, 0)}")


def card_choices(state: NightState) -> tuple[list[str], list[str]]:
    """Cards that can still come from the deck: (suited cards, ranks typed alone)."""
    deck = on_the_table(state).deck if state.game is not None else None
    out = deck.cards if deck is not None else ()
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


def respell(data: st.DataObject, card: str) -> str:
    """Sometimes type the card another way RULES.md allows (T, 0, B, D, case, symbols)."""
    if data.draw(st.integers(0, 9), label="respell?") != 0:
        return card
    rank, suit = (card[:2], card[2:]) if card.startswith("10") else (card[:1], card[1:])
    rank = data.draw(st.sampled_from({"10": ["10", "T", "t", "0"], "J": ["J", "j", "B", "b"],
                                      "Q": ["Q", "q", "D", "d"], "K": ["K", "k"],
                                      "A": ["A", "a"]}.get(rank, [rank])), label="rank spelling")
    if suit:
        suit = data.draw(st.sampled_from([suit, suit.upper(), SUIT_SYMBOLS[suit]]),
                         label="suit spelling")
    return rank + suit


def any_card(data: st.DataObject) -> str:
    rank = RANK_NAMES[data.draw(st.sampled_from(RANKS), label="any rank")]
    suit = data.draw(st.sampled_from(("",) + tuple(SUITS)), label="any suit")
    return rank + suit


# --- the strategy: one valid command from the state -------------------------------------------

def start_night_command(data: st.DataObject) -> dict[str, Any]:
    players = data.draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True),
                        label="players")
    chips = data.draw(st.integers(20, 100), label="chips")
    return {"cmd": "start_night", "players": players, "chips": chips}


GAMES = ("in-between", "in-amongst", "casino-red-dog", "red-dog", "schlag-den-dealer")


def game_options(data: st.DataObject, game: str = "in-between") -> dict[str, Any]:
    options: dict[str, Any] = {}
    if game == "schlag-den-dealer":
        for name in ("ace_high", "one_try", "stupid_guess", "value_and_suit", "dealer_chooses"):
            if data.draw(st.booleans(), label=f"set {name}"):
                options[name] = True
        return options
    if game == "red-dog":
        if data.draw(st.booleans(), label="set ante"):
            options["ante"] = data.draw(st.integers(1, 4), label="ante")
        bank = data.draw(st.sampled_from(("", "dealer_bank", "shoot", "slippery_sam")),
                         label="bank")
        if bank in ("", "dealer_bank") and data.draw(st.booleans(), label="set hand_size"):
            options["hand_size"] = data.draw(st.sampled_from((0, 3, 4, 5)), label="hand_size")
        if bank:
            options[bank] = True
            low = data.draw(st.integers(1, 20), label="stake_min")
            options.update(stake_min=low,
                           stake_max=data.draw(st.integers(low, 40), label="stake_max"))
        return options
    if game == "casino-red-dog":
        if data.draw(st.booleans(), label="set ante"):
            options["ante"] = data.draw(st.integers(1, 5), label="ante")
        if data.draw(st.booleans(), label="set deal_on"):
            options["deal_on"] = data.draw(st.booleans(), label="deal_on")
        return options
    if game == "in-amongst":
        if data.draw(st.booleans(), label="set ante"):
            options["ante"] = data.draw(st.integers(1, 3), label="ante")
        if data.draw(st.booleans(), label="set pair_pays"):
            options["pair_pays"] = data.draw(st.integers(1, 3), label="pair_pays")
        return options
    if data.draw(st.booleans(), label="set stake"):
        options["stake"] = data.draw(st.integers(1, 30), label="stake")
    if data.draw(st.booleans(), label="set rounds"):
        options["rounds"] = data.draw(st.integers(1, 3), label="rounds")
    if data.draw(st.booleans(), label="set cover_post"):
        options["cover_post"] = data.draw(st.booleans(), label="cover_post")
    if data.draw(st.booleans(), label="set hidden"):
        options["hidden"] = data.draw(st.booleans(), label="hidden")
    if data.draw(st.booleans(), label="set three_posts"):
        options["three_posts"] = data.draw(st.booleans(), label="three_posts")
    if data.draw(st.booleans(), label="set two_passes"):
        options["two_passes"] = data.draw(st.booleans(), label="two_passes")
    if data.draw(st.booleans(), label="set low_ace"):
        options["low_ace"] = data.draw(st.booleans(), label="low_ace")
    if data.draw(st.integers(0, 2), label="set ante") == 0:
        options["ante"] = data.draw(st.integers(1, 3), label="ante")
        if data.draw(st.booleans(), label="set min_bet"):
            options["min_bet"] = True
        if data.draw(st.integers(0, 2), label="set pairs") > 0:
            options["pairs"] = data.draw(st.sampled_from(("none", "split", "refund")),
                                         label="pairs")
    return options


def _pairing_cards(state: NightState, info: dict[str, Any], suited: list[str]) -> list[str]:
    """In-Between's second card: the unseen cards of the first card's rank."""
    game = on_the_table(state)
    if game is None or game.GAME != "in-between" or info.get("slot") not in (
            "second", "shown_second"):
        return []
    first = game.hand[0] if game.hand else dict(game.first_cards).get(info.get("player"))
    if first is None:
        return []
    return [card for card in suited if parse_card(card).rank == first.rank]


def shown_hand(data: st.DataObject, state: NightState,
               info: dict[str, Any]) -> dict[str, Any] | None:
    """Red Dog: one unseen higher card of the turned suit, or a whole hand without one."""
    turned = parse_card(info["turned"])
    suited, _ = card_choices(state)
    cards = [parse_card(card) for card in suited]
    winners = [str(c) for c in cards if c.suit == turned.suit and c.rank > turned.rank]
    losers = [str(c) for c in cards if not (c.suit == turned.suit and c.rank > turned.rank)]
    size = info["hand_size"]
    if winners and bool(data.draw(st.booleans(), label="wins?")):
        winner = data.draw(st.sampled_from(winners), label="winner")
        if len(losers) < size - 1 or data.draw(st.booleans(), label="only the winner?"):
            return {"cmd": "show", "cards": [winner]}
        # The whole hand laid down although it holds the winner: the cards speak.
        rest = data.draw(st.lists(st.sampled_from(losers), min_size=size - 1,
                                  max_size=size - 1, unique=True), label="rest of the hand")
        place = data.draw(st.integers(0, size - 1), label="winner's place")
        return {"cmd": "show", "cards": rest[:place] + [winner] + rest[place:]}
    if len(losers) < size:
        return None
    hand = data.draw(st.lists(st.sampled_from(losers), min_size=size, max_size=size,
                              unique=True), label="losing hand")
    return {"cmd": "show", "cards": hand}


def expected_command(data: st.DataObject, state: NightState,
                     info: dict[str, Any]) -> dict[str, Any] | None:
    """The input the engine expects (a card for the slot, a bet or pass), or None."""
    if info.get("raise") and data.draw(st.integers(0, 2), label="raise?") > 0:
        raiser = data.draw(st.sampled_from(sorted(info["raise"])), label="raiser")
        return {"cmd": "raise", "player": raiser,
                "amount": data.draw(st.integers(1, info["raise"][raiser]), label="raise")}
    if info.get("next_dealer") and data.draw(st.integers(0, 4), label="next bank?") == 0:
        return {"cmd": "next_dealer"}
    if info["kind"] == "card":
        suited, ranks = card_choices(state)
        if not suited or info.get("player") is None:
            # No card can be entered (a card for nobody is check_expect's business).
            return None
        pair = _pairing_cards(state, info, suited)
        if pair and data.draw(st.integers(0, 1), label="pair?") == 0:
            # Pairs are rare in random cards; the split and refund rules need them.
            card = data.draw(st.sampled_from(pair), label="pairing card")
        elif ranks and not info.get("suits") and data.draw(st.integers(0, 4),
                                                            label="rank only?") == 0:
            card = data.draw(st.sampled_from(ranks), label="rank card")
        else:
            card = data.draw(st.sampled_from(suited), label="card")
        game = on_the_table(state)
        if info.get("slot") == "reveal" and len(game.guesses) > 1:
            # The first guess was wrong (a second was made): the card is not of its value.
            fits = [c for c in (suited if info.get("suits") else suited + ranks)
                    if game.value(parse_card(c)) != game.guesses[0]]
            if not fits:
                return None
            card = data.draw(st.sampled_from(fits), label="revealed card")
        command: dict[str, Any] = {"cmd": "card", "card": respell(data, card)}
        if "low_ace" in info.get("declare", ()) and data.draw(st.booleans(), label="low?"):
            command = {"cmd": "declare", "choice": "low_ace"}
        if data.draw(st.integers(0, 3), label="name?") == 0:
            command["player"] = info["player"]
        return command
    if info["kind"] == "show":
        return shown_hand(data, state, info)
    if info["kind"] == "guess":
        if not info["card_in"] and data.draw(st.integers(0, 2), label="card first?") == 0:
            suited, ranks = card_choices(state)
            pool = suited if info["suits"] else suited + ranks
            return {"cmd": "card", "card": data.draw(st.sampled_from(pool), label="card")}
        guesses = on_the_table(state).guesses
        first = guesses[0] if guesses else None  # a repeat is refused
        value: Any = data.draw(st.integers(info["low"], info["high"]).filter(
            lambda v: v != first), label="guess")
        if data.draw(st.integers(0, 3), label="as text?") == 0:
            value = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(value, str(value))
        return {"cmd": "guess", "value": value}
    if info["kind"] == "next_dealer":
        return {"cmd": "next_dealer", "player": data.draw(st.sampled_from(info["choices"]),
                                                          label="next dealer")}
    if info["kind"] == "declare":
        return {"cmd": "declare", "choice": data.draw(st.sampled_from(info["choices"]),
                                                      label="choice")}
    if info["kind"] == "bet":
        low, high = info["min"], info["max"]
        choice = data.draw(st.integers(0, 5), label="bet kind")
        if "split" in info.get("declare", ()) and data.draw(st.booleans(), label="split?"):
            return {"cmd": "declare", "choice": "split"}
        if choice == 0 and info.get("pass"):
            command = {"cmd": "pass"}
        elif choice == 1:
            command = {"cmd": "bet", "amount": high}
        else:
            amount = data.draw(st.integers(low, high), label="bet")
            # "a whole number": 5.0 is one too (JSON has no separate integers).
            command = {"cmd": "bet", "amount": float(amount) if choice == 5 else amount}
        if data.draw(st.integers(0, 3), label="name?") == 0:
            command["player"] = info["player"]
        return command
    return None


def table_commands(data: st.DataObject, state: NightState, style: Style
                   ) -> list[Callable[[], dict[str, Any]]]:
    """Night commands that fit between turns, as thunks so only the chosen one draws."""
    options: list[Callable[[], dict[str, Any]]] = []
    if mid_turn(state):
        return options
    present = [p.name for p in state.present]
    everyone = [p.name for p in state.players]
    absent = [p.name for p in state.players if not p.present]
    new_names = [n for n in NAMES if n not in everyone]

    room = room_for_one_more(state)
    if new_names and len(everyone) < MAX_SEATS and room:
        def join() -> dict[str, Any]:
            command = {"cmd": "join", "player": data.draw(st.sampled_from(new_names), label="new"),
                       "chips": data.draw(st.integers(1, 100), label="buy-in")}
            if data.draw(st.booleans(), label="after?"):
                command["after"] = data.draw(st.sampled_from(everyone), label="after")
            return command
        options.append(join)
    if absent and room:
        options.append(lambda: {"cmd": "join", "player": data.draw(st.sampled_from(absent),
                                                                   label="back"),
                                "chips": data.draw(st.integers(1, 100), label="buy-in")})
    # A game at its largest table takes no one more: a rebuy brings back no one sitting out.
    rebuyers = present if room else list(playing(state))
    if rebuyers:
        options.append(lambda: {"cmd": "rebuy",
                                "player": data.draw(st.sampled_from(rebuyers), label="rebuy"),
                                "chips": data.draw(st.integers(1, 100), label="rebuy chips")})
    if everyone:
        options.append(lambda: {"cmd": "set_payment",
                                "player": data.draw(st.sampled_from(everyone), label="payee"),
                                "iban": "GB82 WEST 1234 5698 7654 32"})
    if present:
        options += [lambda: {"cmd": "leave",
                             "player": data.draw(st.sampled_from(present), label="leave")}
                    ] * style.leave
        waited_for = night.expect(state).get("player")
        if style.leave > 1 and waited_for in present:
            # The player whose card comes next gets up: the awkward moment for the rules.
            options += [lambda: {"cmd": "leave", "player": waited_for}] * style.leave
    if state.game is not None:
        options.append(lambda: {"cmd": "end_game"})
        game = on_the_table(state)
        if game.GAME == "red-dog" and game.phase == "bet" and game.pot > 0 \
                and not game.banked:
            options.append(lambda: {"cmd": "split_pot"})
    else:
        with_chips = [p.name for p in state.present if p.chips > 0]
        if len(with_chips) >= 2:
            def start_game() -> dict[str, Any]:
                dealer = "draw" if data.draw(st.integers(0, 2), label="draw?") == 0 else \
                    data.draw(st.sampled_from(with_chips), label="dealer")
                # Red Dog is for 3 to 8 players.
                present = len(state.present)
                games = [g for g in GAMES if (g != "red-dog" or 3 <= len(with_chips) <= 8)
                         and (g != "schlag-den-dealer" or 3 <= present <= 8)]
                game = data.draw(st.sampled_from(games), label="game")
                command: dict[str, Any] = {"cmd": "start_game", "game": game,
                                           "dealer": dealer}
                if data.draw(st.integers(0, 3), label="options?") > 0:
                    command["options"] = game_options(data, game)
                return command
            options.append(start_game)
    return options


def correction(data: st.DataObject, history: History) -> dict[str, Any] | None:
    """Correct a random earlier effective action: mostly a card with another card.

    Bets, buy-ins and the game's set-up are corrected now and then too.
    """
    by_kind: dict[str, list[Any]] = {}
    for entry in history.entries:
        by_kind.setdefault(entry.command.verb, []).append(entry)
    kind = "card"
    if data.draw(st.integers(0, 3), label="not a card?") == 0 or "card" not in by_kind:
        others = [k for k in ("bet", "pass", "start_night", "join", "rebuy", "start_game")
                  if k in by_kind]
        if not others:
            return None
        kind = data.draw(st.sampled_from(others), label="correct kind")
    target = data.draw(st.sampled_from(by_kind[kind]), label="correct target")
    replacement = as_json(target.command)
    if kind == "card":
        replacement["card"] = any_card(data)
    elif kind in ("bet", "pass"):
        replacement = {"cmd": "bet", "amount": data.draw(st.integers(0, 40), label="amount")}
    elif kind in ("start_night", "join", "rebuy"):
        replacement["chips"] = data.draw(st.integers(1, 100), label="chips")
    else:
        replacement["options"] = game_options(data)
        if data.draw(st.booleans(), label="other dealer?"):
            replacement["dealer"] = data.draw(st.sampled_from(
                ["draw"] + [p.name for p in history.state.players]), label="dealer")
    return {"cmd": "correct", "action": target.action, "command": replacement}


@dataclass(frozen=True)
class Style:
    """How a night is played: its length, how often the table changes, the log is used."""

    steps: int = 100  # commands to generate
    table: int = 8  # 1 in `table` inputs is a night command instead (when one fits)
    log: int = 10  # 1 in `log` commands is an undo, redo or correction
    leave: int = 1  # weight of leave among the night commands
    end_at: int | None = None  # from this step on, end the night as soon as it may end


def draw_style(data: st.DataObject, max_steps: int = 150) -> Style:
    # Rare events are decided once per night: hypothesis favours edge values like 0 so
    # much that a per-step "1 in 1000" would happen far more often than that.
    steps = data.draw(st.integers(1, max_steps), label="steps")
    return Style(steps=steps,
                 table=data.draw(st.sampled_from([8, 2, 4, 16]), label="table odds"),
                 log=data.draw(st.sampled_from([10, 3, 30]), label="log odds"),
                 leave=data.draw(st.sampled_from([1, 4]), label="leave weight"),
                 end_at=(data.draw(st.integers(1, steps), label="end at")
                         if data.draw(st.integers(0, 2), label="ends?") == 0 else None))


def next_command(data: st.DataObject, state: NightState, history: History | None = None,
                 style: Style = Style(), step: int = 0) -> dict[str, Any] | None:
    """One valid command for `state` (log commands too when a history is given)."""
    if not state.started:
        return start_night_command(data)
    if history is not None:
        log: list[Callable[[], dict[str, Any] | None]] = []
        if len(history.entries) > 1:
            log.append(lambda: {"cmd": "undo"})
        if history.redo:
            log.append(lambda: {"cmd": "redo"})
        log.append(lambda: correction(data, history))
        if data.draw(st.integers(0, 1 if state.ended else style.log - 1), label="log?") == 0:
            command: dict[str, Any] | None = data.draw(st.sampled_from(log),
                                                       label="log command")()
            if command is not None:
                return command
    if state.ended:
        return None
    if style.end_at is not None and step >= style.end_at and not mid_turn(state):
        return {"cmd": "end_night"}
    info = night.expect(state)
    table = table_commands(data, state, style)
    expected = expected_command(data, state, info)
    if expected is not None and (not table or data.draw(st.integers(0, style.table - 1),
                                                        label="table?") > 0):
        return expected
    if not table:
        return None
    chosen: dict[str, Any] = data.draw(st.sampled_from(table), label="table command")()
    return chosen


# --- drivers: the same night through the engine, History, or a session ----------------------

def check_events(before: NightState, events: tuple[Any, ...], action: int | None = None
                 ) -> NightState:
    """Fold events one at a time; chips must be conserved after every one, and a player who
    had left before the action never receives a chip (RULES.md, Decisions)."""
    state = before if action is None else _stamp(before, action)
    gone = {p.name: p.chips for p in before.players if not p.present}
    for e in events:
        if currently_in_test_context():  # `--hypothesis-show-statistics` shows what was played
            event(type(e).__name__)
        state = evolve(state, e)
        assert conserved(state), f"after {type(e).__name__} {e}: {chips_message(state)}"
        for player in state.players:
            assert player.present or player.chips <= gone.get(player.name, player.chips), (
                f"{player.name} had left, yet {type(e).__name__} {e} paid them")
    return state


def _stamp(state: NightState, action: int) -> NightState:
    return replace(state, action=action)


def check_new_entries(old: list[Any], history: History) -> None:
    """Every entry the last commit created (one, or a corrected tail) conserves chips."""
    start = 0
    while start < min(len(old), len(history.entries)) and \
            history.entries[start] is old[start]:
        start += 1
    for index in range(start, len(history.entries)):
        entry = history.entries[index]
        before = history.entries[index - 1].state if index else history.base
        after = check_events(before, entry.events, entry.action)
        assert after == entry.state


def check_expect(state: NightState, command: Any) -> None:
    """`expect` always names a next input, and a card or bet is always somebody's."""
    info = night.expect(state)
    assert info["kind"] != "none", f"nothing is expected after {command}: {state}"
    if info["kind"] in ("card", "bet"):
        assert info.get("player") is not None, \
            f"after {command} the engine expects a {info['kind']} from nobody: {info}"


def replayed_commands(history: History) -> NightState:
    """Decide the effective commands afresh, from the start of the night."""
    state = history.base
    for entry in history.entries:
        stamped = _stamp(state, entry.action)
        result = night.decide(stamped, entry.command)
        assert not isinstance(result, Rejection), f"action {entry.action}: {result}"
        assert result == entry.events, f"action {entry.action} decides differently now"
        state = night.fold(stamped, result)
    return state


def plan_and_commit(history: History, command: dict[str, Any]) -> Plan | Rejection:
    state, entries, records, redo = history.state, list(history.entries), \
        list(history.records), list(history.redo)
    plan = planned(history, command)
    if isinstance(plan, Rejection):
        assert history.state is state and history.entries == entries
        assert history.records == records and history.redo == redo
        return plan
    history.commit(plan)
    return plan


# --- 1. chips are conserved after every event ----------------------------------------------

@settings(BASE, max_examples=examples(50, long=4000))
@given(st.data())
def test_chips_conserved_in_the_engine(data: st.DataObject) -> None:
    state = night.initial_state()
    style = draw_style(data)
    for action in range(1, style.steps + 1):
        command = next_command(data, state, style=style, step=action)
        if command is None:
            break
        state = engine_step(state, action, command)


@settings(BASE, max_examples=examples(40, long=2000))
@given(st.data())
def test_chips_conserved_when_pairs_are_split_or_refunded(data: st.DataObject) -> None:
    """The same property on In-Between tables that split or refund pairs, which random
    nights reach too rarely: half of the second cards pair the first."""
    state = engine_step(night.initial_state(), 1, start_night_command(data))
    options = {**game_options(data), "ante": data.draw(st.integers(1, 3), label="ante"),
               "pairs": data.draw(st.sampled_from(("split", "refund")), label="pairs")}
    dealer = data.draw(st.sampled_from([p.name for p in state.players]), label="dealer")
    state = engine_step(state, 2, {"cmd": "start_game", "game": "in-between",
                                   "dealer": dealer, "options": options})
    style = dataclasses.replace(draw_style(data), table=20, end_at=None)
    for action in range(3, style.steps + 3):
        command = next_command(data, state, style=style, step=action)
        if command is None:
            break
        state = engine_step(state, action, command)


def engine_step(state: NightState, action: int, command: dict[str, Any]) -> NightState:
    """One valid command through the pure engine, with the checks of property 1."""
    stamped = _stamp(state, action)
    result = night.decide(stamped, parse(command))
    assert not isinstance(result, Rejection), f"valid {command} refused: {result}"
    after = check_events(stamped, result)
    check_expect(after, command)
    check_table(state, after, command)
    return after


def check_table(before: NightState, after: NightState, command: dict[str, Any]) -> None:
    """What else must hold after any action: a sane pot and deck, frozen stacks of leavers,
    and the turn with someone at the table."""
    game = on_the_table(after)
    if game is not None:
        pot, bet = getattr(game, "pot", 0), getattr(game, "bet", 0)
        assert pot >= 0 and bet >= 0, f"after {command}: pot {pot}, bet {bet}"
        out = game.deck.cards
        suited = [c for c in out if c.suit is not None]
        assert len(suited) == len(set(suited)), f"a card twice since the shuffle: {out}"
        assert all(sum(c.rank == r for c in out) <= 4 for r in RANKS), f"a fifth card: {out}"
        turn = night.expect(after).get("player")
        assert turn is None or isinstance(turn, str), turn
        assert turn is None or after.player(turn).present, f"{turn} has left but is asked"
    gone = {p.name: p for p in before.players if not p.present}
    for player in after.players:
        if player.name in gone and not player.present and command.get("cmd") != "join":
            assert player.chips == gone[player.name].chips, (
                f"{player.name} left, yet {command} moved chips")


def test_shrunk_everyone_drawing_for_the_deal_leaves() -> None:
    """An example test_chips_conserved_in_the_engine shrank to, kept as a regression test.

    Both players drawing for the first deal leave before drawing. Before commit 6fd8955
    the game then waited for a draw card from nobody (expect: player None), and entering
    one crashed with an AssertionError in in_between.decide instead of a Rejection.
    """
    commands: list[dict[str, Any]] = [
        {"cmd": "start_night", "players": ["Anna", "Ben"], "chips": 20},
        {"cmd": "start_game", "game": "in-between", "dealer": "draw"},
        {"cmd": "leave", "player": "Anna"},
        {"cmd": "leave", "player": "Ben"}]
    state = night.initial_state()
    for action, command in enumerate(commands, 1):
        state = engine_step(state, action, command)
    outcome = night.decide(_stamp(state, 5), parse({"cmd": "card", "card": "2"}))
    assert isinstance(outcome, (tuple, Rejection))


def test_shrunk_a_shoot_dealer_who_leaves_a_game_that_waits_takes_the_pot_at_once() -> None:
    """The example test_chips_conserved_in_the_engine found, kept as a regression test.

    Bo and Cy leave Ann's shoot: only two are left, so the game waits (at once since the
    table's size is kept; it used to wait after Dee's turn). Ann, the dealer, leaves too: the
    pot stayed on the table and end_game paid it to her after she had gone. Now she takes it
    as she leaves (10 + 40 = 50), and the end pays nobody.
    """
    commands: list[dict[str, Any]] = [
        {"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dee"], "chips": 50},
        {"cmd": "start_game", "game": "red-dog", "dealer": "Ann", "options": {"shoot": True}},
        {"cmd": "bet", "amount": 40},
        {"cmd": "leave", "player": "Bo"}, {"cmd": "leave", "player": "Cy"},
        {"cmd": "leave", "player": "Ann"}]
    state = night.initial_state()
    for action, command in enumerate(commands, 1):
        state = engine_step(state, action, command)
    assert state.player("Ann").chips == 50 and on_the_table(state).pot == 0
    state = engine_step(state, len(commands) + 1, {"cmd": "end_game"})
    assert state.player("Ann").chips == 50 and state.game is None


@settings(BASE, max_examples=examples(40, long=3000))
@given(st.data())
def test_chips_conserved_through_history(data: st.DataObject) -> None:
    history = History()
    style = draw_style(data)
    for step in range(style.steps):
        command = next_command(data, history.state, history, style, step)
        if command is None:
            break
        old = list(history.entries)
        plan = plan_and_commit(history, command)
        if isinstance(plan, Rejection):
            # Only a correction may be refused (a later action no longer fits).
            assert command["cmd"] == "correct", f"valid {command} refused: {plan}"
            continue
        check_new_entries(old, history)
        assert conserved(history.state), chips_message(history.state)
    # The effective state is what the rules make of the effective commands.
    assert replayed_commands(history) == history.state


# --- 2. undo then redo gives the same state --------------------------------------------------

@settings(BASE, max_examples=examples(40, long=3000))
@given(st.data())
def test_undo_then_redo_gives_the_same_state(data: st.DataObject) -> None:
    history = History()
    style = draw_style(data)
    for step in range(style.steps):
        if len(history.entries) > 1 and data.draw(st.integers(0, 5), label="undo+redo?") == 0:
            before, view_before = history.state, night.view(history.state, 0)
            previous = history.entries[-2].state
            undo = plan_and_commit(history, {"cmd": "undo"})
            assert not isinstance(undo, Rejection), undo
            assert history.state is previous  # undo is the state before the last action
            redo = plan_and_commit(history, {"cmd": "redo"})
            assert not isinstance(redo, Rejection), redo
            assert night.view(history.state, 0) == view_before
            assert history.state == before
            continue
        command = next_command(data, history.state, history, style, step)
        if command is None:
            break
        plan = plan_and_commit(history, command)
        if isinstance(plan, Rejection):
            assert command["cmd"] == "correct", f"valid {command} refused: {plan}"


# --- 3. replaying the log gives the same state -------------------------------------------------

def row_count(store: Store) -> int:
    (count,) = store.conn.execute("SELECT COUNT(*) FROM events").fetchone()
    return int(count)


def play_session(data: st.DataObject, path: Path, max_steps: int
                 ) -> tuple[NightSession, dict[int, dict[str, Any]]]:
    """A random night through a real SQLite file; the live view after each action.

    Now and then the window is closed and the night reopened for writing, as after a
    crash: the reopened history (entries, redo stack, records) must be the live one.
    """
    session = NightSession.open(path, write=True)
    style = draw_style(data, max_steps)
    views: dict[int, dict[str, Any]] = {}
    for step in range(style.steps):
        if session.night is not None and data.draw(st.integers(0, 19), label="reopen?") == 0:
            history, night_id = session.history, session.night
            session.close()
            session = NightSession.open(path, night_id, write=True)
            assert not session.read_only, session.read_only_reason
            assert session.history.entries == history.entries
            assert session.history.redo == history.redo
            assert session.history.records == history.records
        if session.night is not None and data.draw(st.integers(0, 9), label="invalid?") == 0:
            # A refused command records nothing, on disk either.
            rows, view = row_count(session.store), session.view()
            bad = invalid_command(data, session.history.state, session.history, session=True)
            assert isinstance(executed(session, bad), Rejection), f"accepted {bad!r}"
            assert row_count(session.store) == rows and session.view() == view
            continue
        command = next_command(data, session.history.state,
                               session.history if session.night is not None else None,
                               style, step)
        if command is None:
            break
        rows = row_count(session.store)
        done = executed(session, command)
        if isinstance(done, Rejection):
            assert command["cmd"] == "correct", f"valid {command} refused: {done}"
            assert row_count(session.store) == rows
            continue
        views[done.action] = session.view()
    return session, views


@settings(BASE, max_examples=examples(30, long=3000))  # slow: replays from disk
@given(st.data())
def test_replaying_the_log_gives_the_same_state(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as folder:
        path = Path(folder) / "night.db"
        session, views = play_session(data, path, 100)
        live, live_state, night_id = session.view(), session.state, session.night
        session.close()
        if night_id is None:
            return
        reader = NightSession.open(path, night_id, write=False)
        try:
            assert reader.view() == live
            assert reader.state == live_state
            checked = load_history(reader.store, night_id, check=True)
            assert checked.state == live_state
            assert reader.store.verify(night_id)[1] is None
            # Any moment of the night replays to what the screen showed then.
            for action in data.draw(st.lists(st.sampled_from(sorted(views)), max_size=3),
                                    label="moments"):
                past = load_history(reader.store, night_id, upto=action)
                assert night.view(past.state, past.last_action, night_id) == views[action]
        finally:
            reader.close()


# --- 4. export then import gives the same state --------------------------------------------

@settings(BASE, max_examples=examples(30, long=3000))  # slow: replays from disk
@given(st.data())
def test_export_then_import_gives_the_same_state(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as folder:
        path = Path(folder) / "night.db"
        session, _ = play_session(data, path, 100)
        live, night_id = session.view(), session.night
        session.close()
        if night_id is None:
            return
        source = Store.open(path, create=False)
        try:
            lines = export_night(source, night_id).lines
        finally:
            source.close()
        other = Path(folder) / "other.db"
        # A night already in the second database, so the imported one gets another id.
        first = NightSession.open(other, write=True)
        assert not isinstance(executed(first, {"cmd": "start_night", "players": ["Xia", "Yves"],
                                             "chips": 10}), Rejection)
        first.close()
        target = Store.open(other, create=False)
        try:
            imported = import_night(target, enumerate(lines, 1))
            assert target.verify(imported) == (len(lines) - 1, None)  # less the end record
        finally:
            target.close()
        assert imported != night_id
        reader = NightSession.open(other, imported, write=False)
        try:
            view = reader.view()
        finally:
            reader.close()
        assert view["night"] == imported
        assert {**view, "night": None} == {**live, "night": None}


# --- 5. rejected commands change nothing ----------------------------------------------------

def invalid_command(data: st.DataObject, state: NightState, history: History,
                    session: bool = False) -> dict[str, Any] | Any:
    """A command that cannot fit `state`, whatever the rules decide.

    In a session start_night is no mistake: it opens the next night.
    """
    info: dict[str, Any] = night.expect(state)
    present = [p.name for p in state.present]
    everyone = [p.name for p in state.players]
    current = info.get("player")
    kinds: list[Callable[[], Any]] = []

    kinds.append(lambda: {"cmd": "bet", "amount": data.draw(st.integers(-50, -1), label="neg")})
    if info["kind"] == "bet":
        kinds.append(lambda: {"cmd": "bet",
                              "amount": info["max"] + data.draw(st.integers(1, 50), label="over")})
    else:
        kinds.append(lambda: {"cmd": "bet", "amount": data.draw(st.integers(0, 5), label="bet")})
        if not info.get("pass"):  # hidden: passing without showing is a valid answer to a card
            kinds.append(lambda: {"cmd": "pass"})
    if info["kind"] != "card" and info.get("card_in") is not False:  # Schlag: a card may come
        kinds.append(lambda: {"cmd": "card", "card": any_card(data)})
    if state.game is not None:
        out = on_the_table(state).deck.cards
        taken = [str(c) for c in out if c.suit is not None]
        taken += [RANK_NAMES[r] for r in RANKS if sum(c.rank == r for c in out) >= 4]
        if taken:
            kinds.append(lambda: {"cmd": "card",
                                  "card": respell(data, data.draw(st.sampled_from(taken),
                                                                  label="out card"))})
    if info["kind"] in ("card", "bet") and current is not None:
        others = [n for n in NAMES if n != current] + ["", "nobody"]

        def wrong_player() -> dict[str, Any]:
            command = expected_command(data, state, info) or {"cmd": "pass"}
            if command["cmd"] in ("raise", "next_dealer"):  # their player is not the turn's
                command = {"cmd": "pass"}
            return {**command, "player": data.draw(st.sampled_from(others), label="wrong")}
        kinds.append(wrong_player)
    if info.get("raise"):
        raiser = data.draw(st.sampled_from(sorted(info["raise"])), label="raiser")
        kinds.append(lambda: {"cmd": "raise", "player": raiser,
                              "amount": info["raise"][raiser] + 1})
        kinds.append(lambda: {"cmd": "raise", "player": raiser, "amount": 0})
    elif present:
        kinds.append(lambda: {"cmd": "raise", "player": present[0], "amount": 1})
    if not info.get("next_dealer"):
        kinds.append(lambda: {"cmd": "next_dealer"})
    kinds.append(lambda: {"cmd": data.draw(st.text(max_size=8).filter(
        lambda t: t not in KNOWN_COMMANDS), label="unknown cmd")})
    kinds.append(lambda: data.draw(st.sampled_from([
        {}, {"cmd": None}, {"cmd": 5}, {"command": "pass"}, [], "pass", None, 7,
        {"cmd": "bet", "amount": "5"}, {"cmd": "bet", "amount": 2.5},
        {"cmd": "bet", "amount": True}, {"cmd": "bet"}, {"cmd": "bet", "amount": None},
        {"cmd": "bet", "amount": [3]}, {"cmd": "pass", "amount": 0},
        {"cmd": "card"}, {"cmd": "card", "card": ""}, {"cmd": "card", "card": "  "},
        {"cmd": "card", "card": 9}, {"cmd": "card", "card": "1c"},
        {"cmd": "card", "card": "Zz"}, {"cmd": "card", "card": "10x"},
        {"cmd": "card", "card": "11"}, {"cmd": "card", "card": "AA"},
        {"cmd": "card", "card": "9c", "slot": "first"},
        *([] if session else [{"cmd": "start_night", "players": ["A", "B"], "chips": 50}]),
        {"cmd": "join", "chips": 10}, {"cmd": "join", "player": "Zoe", "chips": 0},
        {"cmd": "join", "player": "Zoe", "chips": -5},
        {"cmd": "join", "player": "Zoe", "chips": 10, "after": "Nobody"},
        {"cmd": "join", "player": "  ", "chips": 10},
        {"cmd": "rebuy", "player": "Nobody", "chips": 10},
        {"cmd": "leave", "player": "Nobody"}, {"cmd": "leave"},
        {"cmd": "end_game", "now": True}, {"cmd": "end_night", "now": True},
        {"cmd": "start_game", "game": "poker"},
        {"cmd": "set_payment", "player": "Anna", "iban": "DE88370400440532013000"},
        {"cmd": "set_payment", "player": "Nobody", "iban": "DE89370400440532013000"},
        {"cmd": "set_payment", "player": "Anna", "iban": "DE8937040044053201300"},
        {"cmd": "undo", "action": 1}, {"cmd": "redo", "action": 1},
        {"cmd": "correct"}, {"cmd": "correct", "action": 0, "command": {"cmd": "pass"}},
        {"cmd": "correct", "action": True, "command": {"cmd": "pass"}},
        {"cmd": "correct", "action": "1", "command": {"cmd": "pass"}},
        {"cmd": "correct", "action": 1, "command": "pass"},
        {"cmd": "correct", "action": 1, "command": {"cmd": "undo"}},
        {"cmd": "correct", "action": 10_000, "command": {"cmd": "pass"}},
        {"cmd": "correct", "action": 1, "command": {"cmd": "card", "card": "Zz"}},
        {"cmd": "correct", "action": 1, "command": {"cmd": "pass"}, "why": "typo"},
    ]), label="malformed"))
    if present:
        name = data.draw(st.sampled_from(present), label="someone")
        kinds.append(lambda: {"cmd": "join", "player": name, "chips": 10})
        kinds.append(lambda: {"cmd": "rebuy", "player": name, "chips": 0})
        kinds.append(lambda: {"cmd": "rebuy", "player": name, "chips": 10, "extra": 1})
    absent = [n for n in everyone if n not in present]
    if absent:
        kinds.append(lambda: {"cmd": "leave",
                              "player": data.draw(st.sampled_from(absent), label="gone")})
        kinds.append(lambda: {"cmd": "rebuy", "chips": 10,
                              "player": data.draw(st.sampled_from(absent), label="gone")})
    if mid_turn(state):
        kinds.append(lambda: {"cmd": "end_game"})
        kinds.append(lambda: {"cmd": "end_night"})
        if present:
            kinds.append(lambda: {"cmd": "leave",
                                  "player": data.draw(st.sampled_from(present), label="leave")})
    if state.game is not None:
        kinds.append(lambda: {"cmd": "start_game", "game": "in-between"})
    else:
        kinds.append(lambda: {"cmd": "end_game"})
        kinds.append(lambda: {"cmd": "start_game", "game": "in-between",
                              "options": data.draw(st.sampled_from(
                                  [{"stake": 0}, {"rounds": 0}, {"rounds": "3"},
                                   {"cover_post": 1}, {"ante": -1}, {"min_bet": True},
                                   {"pairs": "split"}, {"ante": 1, "pairs": "both"},
                                   {"colour": 1}, {"stake": True}, [1]]),
                                  label="bad options")})
        kinds.append(lambda: {"cmd": "start_game", "game": "in-between", "dealer": "Nobody"})
    if not history.redo:
        kinds.append(lambda: {"cmd": "redo"})
    if len(history.entries) <= 1:
        kinds.append(lambda: {"cmd": "undo"})
    return data.draw(st.sampled_from(kinds), label="invalid kind")()


@settings(BASE, max_examples=examples(40, long=3000))
@given(st.data())
def test_rejected_commands_change_nothing(data: st.DataObject) -> None:
    history = History()
    style = draw_style(data, 120)
    for step in range(style.steps):
        if history.entries and data.draw(st.integers(0, 2), label="invalid?") == 0:
            state = history.state
            snapshot = (state, list(history.entries), list(history.records), list(history.redo))
            view = night.view(state, history.last_action)
            command = invalid_command(data, state, history)
            try:  # refused where it is decoded, or by the rules
                engine_says = night.decide(state, parse(command))
            except Refusal as refusal:
                engine_says = refusal.rejection()
            assert isinstance(engine_says, Rejection), f"engine accepted {command!r}"
            assert isinstance(engine_says.reason, str) and engine_says.reason
            assert history.state == state and night.view(state, history.last_action) == view
            plan = planned(history, command)
            assert isinstance(plan, Rejection), f"history accepted {command!r}"
            assert (history.state, history.entries, history.records, history.redo) == snapshot
            assert history.state is state
            continue
        command = next_command(data, history.state, history, style, step)
        if command is None:
            break
        plan = plan_and_commit(history, command)
        if isinstance(plan, Rejection):
            assert command["cmd"] == "correct", f"valid {command} refused: {plan}"
