"""What In-Amongst expects next and what it shows: the typed expectation for the prompt
and the checks, and the view the screens draw."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine import kernel
from engine.expect import BetExpected, CardExpected, Expect, NothingExpected
from engine.games.in_amongst.state import Phase, game_of
from engine.kernel import turn_view_of
from engine.table import NightState
from engine.views import TurnView

USES_SUITS = False
MIDDLE = ("first", "second")


class Slot(StrEnum):
    """Where In-Amongst's cards go: two in the middle, then the third that decides the bet."""

    MIDDLE_FIRST = "middle_first"
    MIDDLE_SECOND = "middle_second"
    THIRD = "third"


class InAmongstView(TurnView, frozen=True, kw_only=True):
    order: tuple[str, ...]  # who plays this round, the dealer last


def bet_limit(state: NightState) -> int:
    game = game_of(state)
    return max(0, min(game.pot, state.player(game.current or "").chips))


def expect(state: NightState) -> Expect:
    game = game_of(state)
    before = kernel.expected_before_turns(game, suits=False)
    if before is not None:
        return before
    player = game.current
    if game.phase == Phase.MIDDLE:
        which = MIDDLE[len(game.hand)]
        slot = Slot.MIDDLE_FIRST if which == "first" else Slot.MIDDLE_SECOND
        return CardExpected(slot=slot, player=player, suits=False,
                            prompt=f"the {which} card in the middle for {player}")
    if game.phase == Phase.BET:
        assert player is not None
        limit = bet_limit(state)
        return BetExpected(player=player, min=1, max=limit, prompt=f"{player}: bet 1–{limit}")
    if game.phase == Phase.THIRD:
        return CardExpected(slot=Slot.THIRD, player=player, suits=False,
                            prompt=f"the third card for {player}")
    return NothingExpected(prompt="nothing")


def view(state: NightState) -> InAmongstView:
    game = game_of(state)
    shared = msgspec.structs.asdict(turn_view_of(game, game.hand, USES_SUITS))
    return InAmongstView(**shared, order=game.order)
