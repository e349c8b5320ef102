"""Every value that enters has the range a real table needs (engine/limits.py, engine/edge.py):
checked where a command comes in, said in the refusal, and never when a recorded night is
replayed, so a log from before still reads, plays on and takes corrections (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import limits
from engine.contract import parse
from engine.edge import admit
from engine.night import initial_state
from engine.rejection import Refusal
from engine.table import NightState
from events.codec import fingerprint
from events.history import History
from events.session import NightSession, load_history
from events.store import Store
from tests.decoded import executed, planned
from tests.old_log import written_before_the_checks
from tests.table import Table

BIG = 10**400
NIGHT: dict[str, Any] = {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100}


def admitted(command: dict[str, Any], state: NightState | None = None) -> Any:
    return admit(parse(command), state or initial_state())


def refused(command: dict[str, Any], state: NightState | None = None) -> Refusal:
    with pytest.raises(Refusal) as refusal:
        admitted(command, state)
    return refusal.value


def seated() -> NightState:
    return Table().do(**NIGHT).state


# --- amounts --------------------------------------------------------------------------------

@pytest.mark.parametrize(("command", "sentence"), [
    ({**NIGHT, "chips": BIG}, "The start chips are a whole number from 0 to 1,000,000 chips"),
    ({"cmd": "join", "player": "Dee", "chips": BIG},
     "The buy-in is a whole number from 1 to 1,000,000 chips"),
    ({"cmd": "join", "player": "Dee", "chips": 0},
     "The buy-in is a whole number from 1 to 1,000,000 chips, not 0."),
    ({"cmd": "rebuy", "player": "Ann", "chips": 1_000_001},
     "A rebuy is a whole number from 1 to 1,000,000 chips, not 1000001."),
    ({"cmd": "bet", "amount": BIG}, "A bet is a whole number from 0 to 1,000,000,000 chips"),
    ({"cmd": "raise", "player": "Ann", "amount": BIG},
     "A raise is a whole number from 1 to 1,000,000,000 chips"),
    ({"cmd": "correct", "action": BIG, "command": {"cmd": "pass"}},
     "The action to correct is a whole number from 1 to 1,000,000,000"),
    ({"cmd": "start_game", "game": "in-between", "options": {"stake": BIG}},
     "in-between option stake is a whole number from 1 to 1,000,000"),
    ({"cmd": "start_game", "game": "in-between", "options": {"rounds": 1001}},
     "in-between option rounds is a whole number from 1 to 1,000, not 1001."),
    ({"cmd": "start_game", "game": "schlag-den-dealer", "options": {"exact_sips": 101}},
     "schlag-den-dealer option exact_sips is a whole number from 1 to 100, not 101."),
    ({"cmd": "start_game", "game": "red-dog", "options": {"ante": 2_000_000}},
     "red-dog option ante is a whole number from 1 to 1,000,000, not 2000000."),
    ({**NIGHT, "chip_value": "5000"}, "chip_value is money per chip, above 0 and at most 1,000"),
    ({**NIGHT, "chip_value": 1e300}, "chip_value is money per chip, above 0 and at most 1,000"),
])
def test_an_amount_beyond_what_a_table_needs_is_refused_saying_the_range(
        command: dict[str, Any], sentence: str) -> None:
    refusal = refused(command, seated())
    assert refusal.reason.startswith(sentence)
    assert len(refusal.reason) < 200
    if refusal.key == "number.range":
        assert {"minimum", "maximum", "value", "field"} <= set(refusal.params)


def test_a_number_of_four_hundred_digits_is_quoted_by_its_start_and_its_digits() -> None:
    reason = refused({"cmd": "join", "player": "Dee", "chips": BIG}, seated()).reason
    assert reason == ("The buy-in is a whole number from 1 to 1,000,000 chips, not "
                      f"{'1' + '0' * 39}… (401 digits).")


def test_amounts_within_the_ranges_pass_as_they_are() -> None:
    state = seated()
    for command in ({**NIGHT, "chips": 1_000_000}, {**NIGHT, "chips": 0},
                    {"cmd": "join", "player": "Dee", "chips": 1_000_000},
                    {"cmd": "bet", "amount": 0}, {"cmd": "bet", "amount": 1_000_000_000},
                    {"cmd": "start_game", "game": "red-dog", "options": {"hand_size": 5}},
                    {**NIGHT, "chip_value": "1000"}, {**NIGHT, "chip_value": "0.0001"}):
        assert admitted(command, state) == parse(command)


def test_the_action_to_correct_is_counted_never_written_as_a_fraction() -> None:
    with pytest.raises(Refusal) as refusal:
        parse({"cmd": "correct", "action": 3.0, "command": {"cmd": "pass"}})
    assert refusal.value.reason == "The action to correct must be a whole number, not 3.0."
    assert parse({"cmd": "bet", "amount": 3.0}) == parse({"cmd": "bet", "amount": 3})


def test_a_night_seats_at_most_a_hundred_players() -> None:
    players = [f"P{number}" for number in range(101)]
    assert refused({**NIGHT, "players": players}).key == "players.too_many"
    assert admitted({**NIGHT, "players": players[:100]})


# --- names at the edge ------------------------------------------------------------------------

def test_new_names_come_in_normalised_and_checked() -> None:
    night = admitted({**NIGHT, "players": ["Zoe\u0308", " Bo  B ", "Cy"],
                      "name": "Fri\u00a0day", "currency": "€"})
    assert night.players == ("Zoë", "Bo B", "Cy") and night.name == "Fri day"
    assert refused({**NIGHT, "players": ["Ann", "B\x1bo"]}).key == "text.control"
    assert refused({**NIGHT, "name": "Fri\u202eday"}).key == "text.direction"
    assert refused({**NIGHT, "currency": "EURO-DOLLARS"}).key == "text.too_long"
    state = seated()
    assert refused({"cmd": "join", "player": "D\u200bee", "chips": 5}, state).key == \
        "text.invisible"
    assert refused({"cmd": "set_payment", "player": "Ann", "iban": "x",
                    "name": "A\nB"}, state).key == "text.control"
    assert refused({"cmd": "expense", "payer": "Ann", "amount": "1", "what": "p\x07izza"},
                   state).key == "text.control"


def test_a_player_with_an_invisible_character_is_the_player_without_it() -> None:
    table = Table().do(**NIGHT)
    # A\u200bnn is Ann: the rules see one name, not a new player beside her
    assert "Ann is already at the table" in table.refused(cmd="join", player="A\u200bnn",
                                                          chips=5)
    table.do(cmd="rebuy", player="A\u200bNN", chips=5)
    assert table.view["players"]["Ann"]["bought_in"] == 105


def test_a_lookup_of_a_name_nobody_has_quotes_a_short_start_of_it() -> None:
    reason = Table().do(**NIGHT).refused(cmd="rebuy", player="X" * 100_000, chips=5)
    assert "'" + "X" * 40 + "…' (100,000 characters)" in reason and len(reason) < 200


# --- the log: checked where it enters, never on replay ---------------------------------------

def old_night(db: Path) -> Path:
    """A night from before the checks: a buy-in of 10**400 and a name of 37 letters."""
    return written_before_the_checks(
        db, {**NIGHT, "players": ["Ann", "Maximilian-Alexander von Hohenzollern", "Cy"]},
        {"cmd": "join", "player": "Dee", "chips": BIG},
        {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
         "options": {"stake": 5_000_000, "rounds": 1}})


def test_an_old_night_with_values_refused_today_still_replays_and_plays_on(
        tmp_path: Path) -> None:
    db = old_night(tmp_path / "old.db")
    session = NightSession.open(db, None, write=True)
    try:
        assert session.broken is None
        state = session.history.state
        assert state.player("Dee").bought_in == BIG
        assert state.game is not None and state.game.options.as_json()["stake"] == 5_000_000
        long_name = "Maximilian-Alexander von Hohenzollern"
        # the long name is at the table: it is looked up, not given, and plays on
        assert not hasattr(executed(session, {"cmd": "rebuy", "player": long_name,
                                            "chips": 10}), "reason")
        # a correction of the start that keeps the old names and chips is taken
        done = executed(session, {"cmd": "correct", "action": 1, "command": {
            **NIGHT, "players": ["Ann", long_name, "Cy"], "name": "Friday"}})
        assert not hasattr(done, "reason"), done
        # and one that re-decides the old buy-in and stake after it, too
        assert session.history.state.player("Dee").bought_in == BIG
        # what it brings anew is checked
        refusal = executed(session, {"cmd": "correct", "action": 1, "command": {
            **NIGHT, "players": ["Ann", long_name, "C\x1by"]}})
        assert getattr(refusal, "key", None) == "text.control"
    finally:
        session.close()
    store = Store.open(db, create=False)
    try:
        assert store.verify(1)[1] is None
        assert load_history(store, 1).state.name == "Friday"
    finally:
        store.close()


def test_an_import_holds_nothing_a_new_action_could_not(tmp_path: Path) -> None:
    from events.transfer import ImportRefused, export_night, import_night

    db = old_night(tmp_path / "old.db")
    store = Store.open(db, create=False)
    try:
        # The night's rows as stored, every one (an export before it checked what it writes).
        lines = [json.dumps(row.to_export()) for _, row in store.rows(1)]
        lines.append(json.dumps({"end": {"rows": len(lines), "actions": store.tail(1)[0],
                                         "fingerprint": fingerprint(*store.tail(1))}}))
        exported = export_night(store, 1)
    finally:
        store.close()
    refused = "action 1 is refused where it enters: A player's name is at most 16"
    # Today's export stops before the action an import refuses, and says why.
    assert exported.stops_before == 1 and exported.cut is not None and refused in exported.cut
    target = Store.open(tmp_path / "new.db", create=True)
    try:
        with pytest.raises(ImportRefused) as refusal:
            import_night(target, enumerate(lines, 1))
        assert refused in str(refusal.value)
    finally:
        target.close()


def test_a_new_history_plans_nothing_beyond_the_ranges() -> None:
    history = History()
    outcome = planned(history, {**NIGHT, "chips": BIG})
    assert getattr(outcome, "key", None) == "number.range"
    assert history.records == []


def test_the_ranges_are_named_in_one_place() -> None:
    assert limits.BUY_IN.maximum == limits.MOST_CHIPS == 1_000_000
    assert limits.ACTION.maximum == limits.NIGHT.maximum == limits.MOST_ACTIONS
    assert limits.PORT.maximum == 65_535
