"""Schlag den Dealer as one package: its phases as an enum, its typed expectations and view
whose JSON is what `state --json` always printed, its old event name, its words."""

from __future__ import annotations

from msgspec.structs import replace

from engine import night, registry
from engine.event import from_payload
from engine.games.schlag_den_dealer import GAME
from engine.games.schlag_den_dealer.state import GAME_ID, Phase, Schlag
from engine.games.schlag_den_dealer.view import (
    Hint,
    SchlagEndGame,
    SchlagGuess,
    SchlagView,
)
from engine.kernel import GameHalted
from engine.table import NightState
from tests.schlag_den_dealer.table import double_miss, guess, schlag
from tests.table import Table


def _game(table_state: NightState) -> Schlag:
    game = table_state.game
    assert isinstance(game, Schlag)
    return game


def test_the_phases_are_an_enum_with_the_names_they_always_had() -> None:
    assert [phase.value for phase in Phase] == ["draw", "guess", "choose", "over"]
    table = schlag(dealer=None)
    assert _game(table.state).phase is Phase.DRAW
    for card in ("5c", "3d", "9h", "Kh"):
        table.do(cmd="card", card=card)
    assert _game(table.state).phase is Phase.GUESS and _game(table.state).phase == "guess"


def test_the_registry_plays_the_package() -> None:
    assert registry.game(GAME_ID) is GAME
    assert GAME.needs_chips is False
    assert GAME.rules_card("de").startswith("# Schlag den Dealer")
    assert GAME.words["de"]["option.ace_high"] == "Das Ass zählt 14 statt 1."


def test_a_guess_is_expected_as_a_typed_value_and_its_hint_joins_the_json_once_known() -> None:
    table = schlag()
    expected = GAME.expect(table.state)
    assert isinstance(expected, SchlagGuess) and expected.hint is None
    assert expected.as_json() == {"kind": "guess", "player": "Anna", "try": 1, "suits": False,
                                  "low": 1, "high": 13, "card_in": False,
                                  "prompt": "Anna: guess, or the card first"}
    guess(table.do(cmd="card", card="10c"), "Anna", 7)
    expected = GAME.expect(table.state)
    assert isinstance(expected, SchlagGuess) and expected.hint is Hint.HIGHER
    assert expected.as_json()["hint"] == "higher"


def test_a_game_that_waits_says_why_only_when_there_is_a_why() -> None:
    # Two leave: the night's wait for too few (engine.seats) says why and how many are left
    table = schlag().do(cmd="leave", player="Dan").do(cmd="leave", player="Cleo")
    halted = GAME.expect(table.state)  # the game itself halted, with no why of its own
    assert isinstance(halted, SchlagEndGame) and halted.why is None
    assert table.view["expect"]["why"] == "too_few_players"
    assert table.view["expect"]["players"] == 2
    # The game's own halt without a why: everyone but the dealer left, under the first rules
    # (today the first leave makes the game wait for its end)
    table = Table()
    table.state = replace(table.state, rules=1)
    table.do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=0)
    table.do(cmd="start_game", game="schlag-den-dealer", dealer="Ann", options={})
    table.do(cmd="leave", player="Bo").do(cmd="leave", player="Cy")  # Ann is left alone
    assert table.view["expect"] == {"kind": "end_game",
                                    "prompt": "Nobody is left to guess: end the game (ctrl+x)."}
    assert GAME.expect(table.state).as_json().keys() == {"kind", "prompt"}


def test_the_view_is_typed() -> None:
    table = double_miss(schlag(), "Anna", "10c")
    shown = GAME.view(table.state)
    assert isinstance(shown, SchlagView)
    doc = table.view
    assert doc["last"] == {"guesser": "Anna", "card": "10c", "guesses": [7, 12],
                           "dealer": "Ben",
                           "owed": [{"player": "Anna", "sips": 2, "why": "miss"}]}
    assert doc["owed_now"] == [] and doc["values_out"]["10"] == 1


def test_schlag_over_of_an_old_log_reads_as_the_kernels_halt() -> None:
    old = from_payload("SchlagOver", 1, {"reason": "Nobody is left to guess: end the game."})
    assert old == GameHalted("Nobody is left to guess: end the game.")
    table = schlag()
    table.state = night.fold(table.state, (old,))
    assert _game(table.state).phase is Phase.OVER
    assert table.refused(cmd="guess", value=3) == ("Nobody is left to guess: the game is over; "
                                                   "end it.")
