"""In-Amongst as RULES.md §3 plays it, through the engine and through `companion exec`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli import execute, state
from tests.table import Table


def in_amongst(players: tuple[str, ...] = ("Ann", "Bo", "Cy"), chips: int = 20,
               dealer: str = "Ann", **options: Any) -> Table:
    table = Table().do(cmd="start_night", players=list(players), chips=chips)
    return table.do(cmd="start_game", game="in-amongst", dealer=dealer, options=options)


def test_everyone_antes_and_the_dealer_plays_last() -> None:
    table = in_amongst()
    assert table.pot == 3 and table.chips("Ann") == 19
    assert table.game.order == ("Bo", "Cy", "Ann")
    expect = table.view["expect"]
    assert (expect["kind"], expect["slot"], expect["player"]) == ("card", "middle_first", "Bo")


def test_two_cards_in_the_middle_then_a_bet_of_at_least_one_and_no_pass() -> None:
    table = in_amongst().cards("4", "J")
    expect = table.view["expect"]
    assert (expect["kind"], expect["min"], expect["max"], expect["pass"]) == ("bet", 1, 3, False)
    assert "no pass" in table.refused(cmd="pass")
    assert "at least 1" in table.refused(cmd="bet", amount=0)
    assert "at most 3" in table.refused(cmd="bet", amount=4)


def test_between_wins_the_bet_from_the_pot() -> None:
    table = in_amongst().cards("4", "J").do(cmd="bet", amount=2).cards("9")
    assert table.chips("Bo") == 21 and table.pot == 1 and table.view["turn"] == "Cy"


def test_outside_or_a_post_loses_only_the_bet() -> None:
    outside = in_amongst().cards("4", "J").do(cmd="bet", amount=2).cards("K")
    assert outside.chips("Bo") == 17 and outside.pot == 5
    post = in_amongst().cards("4", "J").do(cmd="bet", amount=2).cards("J")
    assert post.chips("Bo") == 17 and post.pot == 5


def test_neighbours_cost_one_chip_at_once_and_no_third_card() -> None:
    table = in_amongst().cards("7", "8")
    assert table.chips("Bo") == 18 and table.pot == 4
    assert table.view["turn"] == "Cy" and table.view["expect"]["slot"] == "middle_first"


def test_a_pair_takes_pair_pays_from_the_pot_never_more_than_it_holds() -> None:
    table = in_amongst().cards("9", "9")
    assert table.chips("Bo") == 21 and table.pot == 1
    three = in_amongst(pair_pays=3).cards("9", "9")
    # Bo takes all 3 and, like everyone, antes 1 into the empty pot at once
    assert three.chips("Bo") == 21 and three.pot == 3 and three.chips("Cy") == 18
    capped = in_amongst(pair_pays=5).cards("9", "9")
    assert capped.chips("Bo") == 21


def test_an_empty_pot_is_refilled_by_everyone_at_once() -> None:
    table = in_amongst().cards("2", "A").do(cmd="bet", amount=3).cards("7")
    # Bo took the whole pot of 3; everyone antes 1 again
    assert table.pot == 3 and table.chips("Bo") == 21 and table.chips("Cy") == 18
    assert table.state.chips_total == table.state.bought_in


def test_after_everyone_the_deal_passes_left_and_the_cards_are_shuffled() -> None:
    table = in_amongst().cards("7", "8", "7", "8", "7", "8")  # three neighbour turns
    view = table.view
    assert view["dealer"] == "Bo" and view["round"] == 2 and view["seen"] == []
    assert table.game.order == ("Cy", "Ann", "Bo")


def test_the_first_dealer_is_drawn_highest_deals() -> None:
    table = Table().do(cmd="start_night", players=["Ann", "Bo", "Cy"], chips=10)
    table.do(cmd="start_game", game="in-amongst", dealer="draw")
    assert table.pot == 3 and table.view["expect"]["slot"] == "draw"
    table.cards("5", "K", "2")
    assert table.view["dealer"] == "Bo" and table.view["turn"] == "Cy"


def test_ending_the_game_shares_the_pot_odd_chips_from_the_dealers_left() -> None:
    table = in_amongst(("Ann", "Bo", "Cy"))
    table.cards("7", "8")  # Bo pays 1: pot 4
    table.do(cmd="end_game")
    chips = {p.name: p.chips for p in table.state.players}
    # 4 chips for 3 players: 1 each and the odd one to Bo, left of the dealer Ann
    assert chips == {"Ann": 20, "Bo": 20, "Cy": 20}


def test_leaving_mid_turn_is_refused_and_between_turns_drops_the_player() -> None:
    table = in_amongst(("Ann", "Bo", "Cy", "Dan")).cards("4")
    assert "under way" in table.refused(cmd="leave", player="Bo")
    table.cards("J").do(cmd="bet", amount=1).cards("9")
    table.do(cmd="leave", player="Dan")
    assert table.game.order == ("Bo", "Cy", "Ann")


def test_a_whole_in_amongst_round_through_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    done = execute(db,
                   {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 20},
                   {"cmd": "start_game", "game": "in-amongst", "dealer": "Ann"},
                   {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "Jh"},
                   {"cmd": "bet", "amount": 2, "player": "Bo"}, {"cmd": "card", "card": "9d"},
                   {"cmd": "card", "card": "7s"}, {"cmd": "card", "card": "8h"},
                   {"cmd": "card", "card": "2c"}, {"cmd": "card", "card": "Ad"},
                   {"cmd": "bet", "amount": 2}, {"cmd": "card", "card": "Kc"})
    assert done.returncode == 0, done.stderr
    view = state(db)
    chips = {name: seat["chips"] for name, seat in view["players"].items()}
    # Bo +2 (pot 1); Cy neighbours -1 (pot 2); Ann, the dealer, takes the pot of 2 with a
    # king between 2 and ace; everyone antes again: pot 3
    assert chips == {"Ann": 20, "Bo": 20, "Cy": 17} and view["pot"] == 3
    assert view["dealer"] == "Bo" and view["turn"] == "Cy"
