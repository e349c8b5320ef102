"""Red Dog's log before and after the turn kernel: old rows still read, replay, show and
import; new rows use the kernel's events.

Before the kernel, Red Dog wrote its stake as `PotStaked(dealer, amount)`, a bet as
`RedDogBet`, a turn sat out as `TurnSatOut`, a halt as `RedDogHalted` and a shown hand with
its outcome as one `HandShown(player, cards, won, winner)`. Today those are the kernel's
`Staked`, `BetPlaced`, `TurnSkipped` and `GameHalted`, and a shown hand is `CardsShown`
(the cards and the card that won) followed by the kernel's `BetWon` or `BetLost`. An old
`HandShown` still moves the chips as it did, exactly as those two events do.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

from engine.commands import as_json
from engine.contract import parse
from engine.event import Event, from_json, from_payload
from engine.games.red_dog.state import CardsShown, HandShown, Phase
from engine.kernel import BetLost, BetPlaced, BetWon, GameHalted, Staked, TurnSkipped
from engine.night import NightStarted
from engine.table import evolve, written_today
from events.store import Store
from tests.cli import companion, play, state
from tests.red_dog.game import red_dog, turn
from tests.table import Table, on_the_table

# A night of two games: Bo takes the whole pot with a lone card and Cy's leaving leaves
# Dee and Ann, the dealer, without chips to play (they sit out, the game halts); then Bo
# banks a `dealer_bank` game, Dee wins with a whole hand holding a winner and Ann loses.
NIGHT: tuple[dict[str, Any], ...] = (
    {"cmd": "start_night", "players": ["Ann", "Bo", "Cy", "Dee"], "chips": 4},
    {"cmd": "rebuy", "player": "Bo", "chips": 20}, {"cmd": "rebuy", "player": "Cy", "chips": 20},
    {"cmd": "start_game", "game": "red-dog", "dealer": "Ann"},
    {"cmd": "bet", "amount": 8}, {"cmd": "card", "card": "2c"}, {"cmd": "card", "card": "3c"},
    {"cmd": "show", "cards": ["4c"]},
    {"cmd": "leave", "player": "Cy"},
    {"cmd": "end_game"},
    {"cmd": "rebuy", "player": "Ann", "chips": 30}, {"cmd": "rebuy", "player": "Dee", "chips": 30},
    {"cmd": "start_game", "game": "red-dog", "dealer": "Bo", "options": {"dealer_bank": True}},
    {"cmd": "bet", "amount": 20},
    {"cmd": "bet", "amount": 5}, {"cmd": "card", "card": "2d"}, {"cmd": "card", "card": "Qh"},
    {"cmd": "show", "cards": ["3d", "Ah", "4d", "5d", "6d"]},
    {"cmd": "bet", "amount": 3}, {"cmd": "card", "card": "2h"}, {"cmd": "card", "card": "9s"},
    {"cmd": "show", "cards": ["3s", "4s", "5s", "6s", "7s"]},
)


def as_written_before(events: Iterable[Event]) -> list[tuple[str, int, dict[str, Any]]]:
    """One action's events as Red Dog wrote them before the turn kernel."""
    rows: list[tuple[str, int, dict[str, Any]]] = []
    shown: CardsShown | None = None
    for e in events:
        name, payload = type(e).__name__, e.to_payload()
        if isinstance(e, CardsShown):
            shown = e
            continue
        if isinstance(e, BetWon | BetLost) and shown is not None:
            won = isinstance(e, BetWon)
            # A lone winning card named itself: the winner was written for a whole hand only.
            winner = shown.winner if won and len(shown.cards) > 1 else None
            name, payload = "HandShown", {"player": shown.player, "cards": list(shown.cards),
                                          "won": won, "winner": winner}
            shown = None
        elif isinstance(e, Staked):
            name, payload = "PotStaked", {"dealer": e.player, "amount": e.amount}
        elif isinstance(e, NightStarted):  # played by the first rules, which had no name
            del payload["rules"]
        elif isinstance(e, BetPlaced | TurnSkipped | GameHalted):
            name = {BetPlaced: "RedDogBet", TurnSkipped: "TurnSatOut",
                    GameHalted: "RedDogHalted"}[type(e)]
        rows.append((name, 1, payload))
    return rows


def write_the_old_way(db: Path) -> set[str]:
    """NIGHT stored as the version before the turn kernel stored it; the event types."""
    table, store, night, types = Table(), Store.open(db, create=True), None, set()
    table.state = replace(table.state, rules=1)  # the night is played by the first rules
    try:
        for action, command in enumerate(NIGHT, start=1):
            table.do(**command)
            rows = as_written_before(table.last_events)
            types |= {name for name, _, _ in rows}
            taken = ("ActionTaken", 1, {"command": as_json(parse(command))})
            night = store.append(night, action, [taken, *rows])
    finally:
        store.close()
    return types


# --- the old names ---------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "payload", "today"), [
    ("PotStaked", {"dealer": "Ann", "amount": 20}, Staked("Ann", 20)),
    ("RedDogBet", {"player": "Bo", "amount": 5}, BetPlaced("Bo", 5)),
    ("TurnSatOut", {"player": "Cy"}, TurnSkipped("Cy")),
    ("RedDogHalted", {"reason": "Too few players."}, GameHalted("Too few players.")),
])
def test_an_old_event_name_reads_as_the_kernels_event(name: str, payload: dict[str, Any],
                                                      today: Event) -> None:
    assert from_payload(name, 1, payload) == today


def test_a_hand_shown_in_a_log_written_before_the_winner_was_named_still_reads() -> None:
    # HandShown rows of older logs have no "winner": a lone winning card names itself
    old = from_json("HandShown", 1, '{"cards":["Kh"],"player":"Bo","won":true}')
    assert isinstance(old, HandShown)
    assert old == HandShown("Bo", ("Kh",), won=True) and old.winning_card == "Kh"
    lost = from_payload("HandShown", 1, {"cards": ["2d", "3d", "4d"], "player": "Bo",
                                         "won": False})
    assert isinstance(lost, HandShown) and lost.winning_card is None
    table = red_dog().do(cmd="bet", amount=5).cards("2c", "Qh")
    table.state = evolve(table.state, old)
    assert table.view["last_shown"] == {"player": "Bo", "cards": ["Kh"], "won": True,
                                        "winner": "Kh", "bet": 5}


# --- a hand shown, then and now --------------------------------------------------------------

@pytest.mark.parametrize(("shown", "winner", "settled"), [
    (("Kh",), "Kh", BetWon("Bo", 5)),
    (("2d", "Ah", "3d", "4d", "5d"), "Ah", BetWon("Bo", 5)),
    (("2d", "3d", "4d", "5d", "6d"), None, BetLost("Bo", 5)),
])
def test_a_hand_shown_today_is_the_cards_then_the_bet_won_or_lost(
        shown: tuple[str, ...], winner: str | None, settled: Event) -> None:
    table = red_dog().do(cmd="bet", amount=5).cards("2c", "Qh")
    table.do(cmd="show", cards=list(shown))
    assert table.last_events[:2] == (CardsShown("Bo", shown, winner), settled)


@pytest.mark.parametrize(("shown", "won"), [
    (("Kh",), True), (("2d", "Ah", "3d", "4d", "5d"), True),
    (("2d", "3d", "4d", "5d", "6d"), False)])
def test_an_old_hand_shown_moves_the_chips_as_the_cards_and_the_settled_bet_do(
        shown: tuple[str, ...], won: bool) -> None:
    table = red_dog().do(cmd="bet", amount=5).cards("2c", "Qh")
    before = replace(table.state, action=6)
    today = table.try_(cmd="show", cards=list(shown))[:2]
    old = HandShown("Bo", shown, won, "Ah" if len(shown) > 1 and won else None)
    assert written_today(before, [old]) == tuple(today)
    then = evolve(before, old)
    now = evolve(evolve(before, today[0]), today[1])
    assert then == now
    assert then.player("Bo").chips == (53 if won else 43)
    assert on_the_table(then).pot == (3 if won else 13)
    assert on_the_table(then).phase == Phase.BET and on_the_table(then).current == "Cy"


# --- a whole night written the old way -------------------------------------------------------

def test_a_night_written_before_the_turn_kernel_verifies_shows_and_reads_as_today(
        tmp_path: Path) -> None:
    old, new = tmp_path / "old.db", tmp_path / "new.db"
    assert write_the_old_way(old) >= {"PotStaked", "RedDogBet", "TurnSatOut", "RedDogHalted",
                                      "HandShown"}
    play(new, *NIGHT)
    assert companion(old, "verify").returncode == 0
    assert state(old) == state(new)
    # Dee won 5 with a whole hand; Ann lost 3: Bo kept the pot of 18 and Dee stakes next
    assert state(old)["expect"]["prompt"] == "Dee: stake 10–38"
    log = companion(old, "log").stdout
    for words in ("Bo shows 4♣ and wins", "Dee has no chips and sits the turn out",
                  "Bo stakes 20", "Dee bets 5", "Dee shows 3♦ A♥ 4♦ 5♦ 6♦: A♥ wins",
                  "Ann shows 3♠ 4♠ 5♠ 6♠ 7♠ and loses"):
        assert words in log, words
    today = companion(new, "log").stdout
    assert "Bo shows 4♣; Bo wins 8" in today and "Ann shows 3♠ 4♠ 5♠ 6♠ 7♠; Ann loses 3" in today


def test_a_night_written_before_the_turn_kernel_is_exported_and_imported_whole(
        tmp_path: Path) -> None:
    old, other = tmp_path / "old.db", tmp_path / "other.db"
    write_the_old_way(old)
    exported = companion(old, "export")
    assert exported.returncode == 0, exported.stderr
    # the import decides every action again: the old rows must be what the rules give
    imported = companion(other, "import", "-", stdin=exported.stdout)
    assert imported.returncode == 0, imported.stderr
    assert state(other) == state(old)


# --- the phases ------------------------------------------------------------------------------

def test_the_phases_keep_their_names_and_the_game_holds_a_phase() -> None:
    assert [phase.value for phase in Phase] == [
        "draw", "stake", "middle", "bet", "burn", "turn", "show", "round_end", "between",
        "over"]
    def phase(table: Table) -> Phase:
        found: Phase = table.game.phase
        return found

    table = turn(red_dog(), "Bo", 2, "2c", "3c", "4c")
    assert phase(table) is Phase.BET
    table.do(cmd="bet", amount=2)
    assert phase(table) is Phase.BURN
