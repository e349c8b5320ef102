"""What In-Between asks for next and what it shows of itself, as typed values.

`expect` drives the prompt and the checks of every entry: the card of a slot, or the bet
with its limits, the warning on a hand that cannot win and the declarations open to the
player. `view` is the game's part of `state --json`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine import kernel
from engine.cards import rank_name
from engine.expect import BetExpected, CardExpected, Expect, NothingExpected
from engine.games.in_between.limits import (
    ante_of,
    bet_limit,
    bet_minimum,
    may_declare_low,
    split_refusal,
    spread_warning,
)
from engine.games.in_between.state import (
    SECOND_GAP,
    USES_SUITS,
    InBetween,
    Phase,
    Slot,
    face_down,
    game_of,
    gap_cards,
    hand_ranks,
    physical_remaining,
)
from engine.kernel import turn_view_of
from engine.odds import OddsShown, in_between_odds
from engine.table import NightState
from engine.views import TurnView


class InBetweenCard(CardExpected, frozen=True, tag="card"):
    """The second card; after a split, of which hand."""

    hand: int | None = None  # pairs=split: 1 or 2


class InBetweenBet(BetExpected, frozen=True, tag="bet"):
    """A bet, with the gap and the hand it is on and the warning on a hand that cannot win."""

    gap: int | None = None  # three_posts: 2 on the second gap
    hand: int | None = None  # pairs=split: 1 or 2
    warning: str | None = None
    warning_kind: Literal["pair", "neighbours"] | None = None
    ranks: tuple[str, str] | None = None  # the ranks of the warning, low first


class SplitHands(msgspec.Struct, frozen=True):
    """pairs=split: the hand in play (1 or 2) and the cards of the other."""

    hand: int
    other: tuple[str, ...]


class DealerResult(msgspec.Struct, frozen=True):
    """How the last dealer did: the pot taken at the end less the stake."""

    dealer: str
    result: int


class InBetweenView(TurnView, frozen=True, kw_only=True):
    rounds: int | None  # None where the ante or the deck (two_passes) passes the deal
    ante: int
    spread: tuple[str, ...]  # the two cards of the gap bet on now
    low_ace: bool  # the player in turn declared the first ace low
    gap: int | None  # three_posts: 1 or 2 while a gap is bet
    face_down: dict[str, int]  # hidden: cards each player still holds face down
    split: SplitHands | None
    first_cards: dict[str, str]  # first cards in front of players still to play
    dealt: tuple[str, ...]
    everyone_dealt: bool
    last_dealer_result: DealerResult | None
    odds: OddsShown | None = None  # of the gap bet on now


def expect(state: NightState) -> Expect:
    """What input comes next, with its limits and any warning, for the prompt and the checks."""
    game = game_of(state)
    before = kernel.expected_before_turns(game, suits=False)
    if before is not None:
        return before
    player = game.current
    if game.phase == Phase.FIRST:
        return CardExpected(slot=Slot.FIRST, player=player, suits=False,
                            prompt=f"{player}'s first card")
    if game.phase == Phase.SECOND:
        which_hand = f" for hand {game.hand_number}" if game.hand_number else ""
        return InBetweenCard(slot=Slot.SECOND, player=player, suits=False,
                             declare=("low_ace",) if may_declare_low(game) else (),
                             hand=game.hand_number or None,
                             prompt=f"{player}'s second card{which_hand}")
    if game.phase in (Phase.BET, Phase.SECOND_BET):
        assert player is not None
        return _bet(state, player)
    if game.phase == Phase.THIRD:
        return CardExpected(slot=Slot.THIRD, player=player, suits=False,
                            prompt=f"the third card for {player}")
    if game.phase in (Phase.SHOW_FIRST, Phase.SHOW_SECOND):
        first = game.phase == Phase.SHOW_FIRST
        passing = first and not game.options.min_bet
        which = "first" if first else "second"
        return CardExpected(slot=Slot.SHOWN_FIRST if first else Slot.SHOWN_SECOND,
                            player=player, suits=False, passing=passing,
                            declare=("low_ace",) if may_declare_low(game) else (),
                            prompt=f"{player} shows the {which} card"
                                   + (", or passes without showing" if passing else ""))
    if game.phase == Phase.FOURTH:
        return CardExpected(slot=Slot.FOURTH, player=player, suits=False,
                            prompt=f"the fourth card for {player}")
    return NothingExpected(prompt="nothing")


def _bet(state: NightState, player: str) -> InBetweenBet:
    game = game_of(state)
    limit = bet_limit(state)
    minimum = bet_minimum(state)
    second = game.phase == Phase.SECOND_BET
    warning = spread_warning(game)
    low, high = hand_ranks(game) if warning else (0, 0)
    return InBetweenBet(
        player=player, min=minimum, max=limit, passing=minimum == 0,
        prompt=f"{player}: {'second bet' if second else 'bet'} {minimum}–{limit}"
               + (", 0 = pass" if not minimum else ""),
        gap=2 if second else None, hand=game.hand_number or None,
        declare=("split",) if split_refusal(state) is None else (),
        warning=warning,
        warning_kind=None if warning is None else "pair" if low == high else "neighbours",
        ranks=None if warning is None else (rank_name(low), rank_name(high)))


def view(state: NightState) -> InBetweenView:
    """The game's part of `state --json`."""
    game = game_of(state)
    betting = game.phase in (Phase.BET, Phase.THIRD, Phase.SECOND_BET, Phase.FOURTH)
    return InBetweenView(
        **msgspec.structs.asdict(turn_view_of(game, game.hand, USES_SUITS,
                                              physical_remaining(game))),
        # With an ante the deal passes every round; with two_passes the deck decides.
        rounds=None if ante_of(game) or game.options.two_passes else game.options.rounds,
        ante=ante_of(game),
        spread=tuple(str(card) for card in gap_cards(game)) if betting else (),
        low_ace=game.current in game.low_aces,
        gap=(2 if game.phase in SECOND_GAP else 1) if (
            game.options.three_posts and betting) else None,
        face_down=face_down(game),
        split=SplitHands(game.hand_number, tuple(str(card) for card in game.other_hand))
        if game.hand_number else None,
        # A first card lies in front of its player until their turn is played out.
        first_cards={name: str(card) for name, card in game.first_cards
                     if name in game.order[game.turn:]},
        dealt=game.dealt,
        everyone_dealt=all(p.name in game.dealt for p in state.present),
        last_dealer_result=DealerResult(*game.last_dealer_result)
        if game.last_dealer_result else None,
        odds=_odds(game) if betting else None)


def _odds(game: InBetween) -> OddsShown | None:
    """The odds of the gap bet on now, from the cards not out since the shuffle."""
    gap = gap_cards(game)
    if len(gap) < 2:
        return None
    second_gap = game.phase in SECOND_GAP
    low_ace = game.current in game.low_aces and not second_gap
    return OddsShown.of(in_between_odds((gap[0], gap[1]), game.deck, low_ace=low_ace))
