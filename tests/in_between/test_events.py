"""In-Between as a package of its own: its phases, its events as the log stores them (old
names included), its typed expectations and view, and what it brings to the registry."""

from __future__ import annotations

from engine import night, registry
from engine.event import from_json
from engine.expect import CardExpected
from engine.games.in_between import GAME
from engine.games.in_between.state import CardDealt, Phase, Slot, game_of
from engine.games.in_between.view import InBetweenBet, InBetweenView, expect, view
from engine.kernel import BetLost
from engine.options import option_info
from engine.say import Speech
from tests.table import in_between


def test_the_phases_keep_the_names_the_game_always_had() -> None:
    assert [phase.value for phase in Phase] == [
        "draw", "first", "second", "show", "show2", "bet", "third", "bet2", "fourth",
        "round_end", "between", "over"]
    table = in_between(stake=10).cards("5h", "9c", "Kd")
    assert game_of(table.state).phase is Phase.BET
    table.do(cmd="bet", amount=2)
    assert game_of(table.state).phase is Phase.THIRD


def test_an_old_post_hit_reads_as_a_lost_bet_on_the_post_and_folds_the_same() -> None:
    old = from_json("PostHit", 1, '{"player":"Ben","amount":4,"ends_turn":true}')
    assert old == BetLost("Ben", 4, True, post=True)
    table = in_between(stake=10).cards("9c", "5h", "9d").do(cmd="bet", amount=2)
    before = table.state
    table.cards("9s")  # a post: Ben pays twice 2
    events = table.last_events
    assert BetLost("Ben", 4, post=True) in events
    as_logged_before = tuple(old if isinstance(e, BetLost) else e for e in events)
    assert night.fold(before, as_logged_before) == night.fold(before, events)


def test_a_card_dealt_names_its_slot_as_the_log_wrote_it() -> None:
    shown = from_json("CardDealt", 1, '{"card":"9c","player":"Ben","slot":"shown_first"}')
    assert shown == CardDealt("Ben", "9c", Slot.SHOWN_FIRST)
    table = in_between(stake=10).cards("5h")
    assert table.last_events == (CardDealt("Ben", "5h", Slot.FIRST),)


def test_expect_and_view_are_typed_and_print_as_state_json() -> None:
    table = in_between(stake=10).cards("9c", "5h", "10d")
    expected = expect(table.state)
    assert isinstance(expected, InBetweenBet)
    assert (expected.warning_kind, expected.ranks) == ("neighbours", ("9", "10"))
    assert expected.as_json() == table.view["expect"]
    shown = view(table.state)
    assert isinstance(shown, InBetweenView)
    assert shown.spread == ("9c", "10d") and shown.first_cards == {"Ben": "9c", "Cleo": "5h"}
    assert shown.as_json().items() <= table.view.items()
    table.do(cmd="pass")
    assert isinstance(expect(table.state), CardExpected)
    assert table.view["expect"]["slot"] == "second"


def test_the_family_brings_its_rules_card_words_and_options() -> None:
    assert registry.game("in-between") is GAME
    assert GAME.rules_card("en").startswith("# In-Between")
    assert GAME.rules_card("de").startswith("# In-Between")
    says = next(phrase for phrase in GAME.phrases if phrase.event is CardDealt)
    assert says(CardDealt("Ben", "9c", Slot.SHOWN_FIRST), Speech("en", GAME.words)) == (
        "Ben's shown first card 9♣")
    assert "stake" in option_info(GAME.options)
    assert GAME.words["de"]["option.stake"].startswith("Chips, die der Dealer")
    assert GAME.words["de"]["refusal.declare.split"].startswith("Teilen geht nur mit pairs=split")
