"""Casino Red Dog's events and phases as the log and the state hold them.

The game's events are its own (no pot: the antes and raises lie in front of the players,
the bank pays from its stack), so the log keeps their names; since the move into its
package a card's slot is a `HandSlot`, a hand's outcome an `Outcome` and the
game's phase a `Phase`, with the values the log and `state --json` always had.
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from engine.event import ALIASES, from_json
from engine.games.casino_red_dog.state import (
    BankTaken,
    HandCard,
    HandSettled,
    HandStarted,
    Outcome,
    Phase,
    Raised,
)
from engine.games.casino_red_dog.state import HandSlot as Slot
from events.codec import canonical_json
from events.session import load_history
from events.store import Store
from tests.casino_red_dog.test_rules import casino

FIXTURE = Path(__file__).parent.parent / "fixtures" / "log-2026-11.db.gz"
OLD_ROWS = [  # as the version of 2026-11-30 wrote them
    ("BankTaken", '{"dealer":"Ann"}'),
    ("HandStarted", '{"ante":2,"number":1,"players":["Bo","Cy"]}'),
    ("HandCard", '{"card":"4","slot":"first"}'),
    ("HandCard", '{"card":"9","slot":"second"}'),
    ("Raised", '{"amount":2,"player":"Bo"}'),
    ("HandCard", '{"card":"6","slot":"third"}'),
    ("HandSettled", '{"outcome":"win","results":[["Bo",4],["Cy",2]]}'),
]


def test_the_rows_of_the_earlier_version_read_as_the_same_events_and_write_the_same_bytes(
) -> None:
    events = [from_json(kind, 1, payload) for kind, payload in OLD_ROWS]
    assert events == [BankTaken("Ann"), HandStarted(1, ("Bo", "Cy"), 2),
                      HandCard("4", Slot.FIRST), HandCard("9", Slot.SECOND),
                      Raised("Bo", 2), HandCard("6", Slot.THIRD),
                      HandSettled(Outcome.WIN, (("Bo", 4), ("Cy", 2)))]
    assert [(type(e).__name__, canonical_json(e)) for e in events] == OLD_ROWS
    # Their own names, no kernel event's: no chip of theirs goes through a pot
    assert not {kind for kind, _ in OLD_ROWS} & set(ALIASES)


def test_a_hand_goes_through_the_phases_and_the_state_names_them_as_before() -> None:
    table = casino(dealer="draw", ante=2)
    phases = [table.game.phase]
    for card in ("K", "3", "5", "4", "9"):  # Ann draws the bank; then 4 and 9: spread 4
        table.cards(card)
        phases.append(table.game.phase)
    table.do(cmd="raise", player="Bo", amount=1)
    for card in ("7", "8", "8"):  # the 7 wins; hand 2 starts with a pair of 8s
        table.cards(card)
        phases.append(table.game.phase)
    assert phases == [Phase.DRAW, Phase.DRAW, Phase.DRAW, Phase.FIRST, Phase.SECOND,
                      Phase.RAISE, Phase.FIRST, Phase.SECOND, Phase.PAIR]
    assert [str(phase) for phase in phases] == ["draw", "draw", "draw", "first", "second",
                                                "raise", "first", "second", "pair"]
    assert table.game.last_outcome == Outcome.WIN
    assert str(table.game.last_outcome) == "win"


def test_every_casino_night_of_the_old_log_decides_again_to_the_events_it_stored(
        tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with gzip.open(FIXTURE) as packed, db.open("wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    store = Store.open(db, create=False)
    try:
        played = [night for night in store.nights()
                  if "casino-red-dog" in load_history(store, night).state.games_played]
        assert played  # the log has nights of Casino Red Dog to check
        for night in played:
            history = load_history(store, night, check=True)  # raises on any difference
            kinds = {type(e).__name__ for entry in history.entries for e in entry.events}
            assert kinds >= {"BankTaken", "HandStarted", "HandCard", "HandSettled"}
    finally:
        store.close()
