"""What the In-Between player in turn may do now: the bet's limits, the warning on a hand
that cannot win, and the declarations (a low ace, a split) open to them."""

from __future__ import annotations

from engine.cards import rank_name
from engine.games.in_between.state import (
    ACE,
    InBetween,
    Phase,
    first_card,
    game_of,
    hand_ranks,
)
from engine.table import NightState


def ante_of(game: InBetween) -> int:
    """The ante everyone pays; 0 when the dealer stakes the pot instead."""
    ante: int = game.options.ante
    return ante


def bet_minimum(state: NightState) -> int:
    """The smallest bet allowed now: 0 (a pass), or with `min_bet` (and on the second gap of
    three_posts) the ante, at least 1 (or all the player may bet, if that is less)."""
    game = game_of(state)
    if game.phase == Phase.SECOND_BET:
        return min(max(ante_of(game), 1), bet_limit(state))
    if not game.options.min_bet:
        return 0
    return min(ante_of(game), bet_limit(state))


def bet_limit(state: NightState) -> int:
    """The largest bet the current player may make now."""
    game = game_of(state)
    player = game.current
    assert player is not None
    chips = state.player(player).chips
    # cover_post keeps a post payable: it costs twice the bet, on the second gap of
    # three_posts three times.
    share = 3 if game.phase == Phase.SECOND_BET else 2
    cap = chips // share if game.options.cover_post else chips
    return max(0, min(game.pot, cap))


def limit_reason(state: NightState, limit: int) -> str:
    game = game_of(state)
    chips = state.player(game.current or "").chips
    if limit == game.pot:
        return f"the pot holds {game.pot}"
    if game.options.cover_post:
        part = "a third" if game.phase == Phase.SECOND_BET else "half"
        return f"with cover_post a bet is at most {part} of the {chips} chips in the stack"
    return f"the stack holds {chips} chips"


def spread_warning(game: InBetween) -> str | None:
    """A sentence when the two cards leave no rank between them."""
    if len(game.hand) < 2:
        return None
    low, high = hand_ranks(game)
    if low == high:
        return f"A pair of {rank_name(low)}s: no card can win."
    if high - low == 1:
        return f"{rank_name(low)} and {rank_name(high)} are neighbours: no card can win."
    return None


def may_declare_low(game: InBetween) -> bool:
    player = game.current
    if not game.options.low_ace or player is None or player in game.low_aces:
        return False
    if game.phase == Phase.SECOND:  # after a split the hand's first card is one of the pair
        return (game.hand[0] if game.hand else first_card(game, player)).rank == ACE
    # hidden: the first card shown
    return game.phase == Phase.SHOW_SECOND and game.hand[0].rank == ACE


def split_refusal(state: NightState) -> str | None:
    """Why the current hand cannot be split now, or None when it can."""
    game = game_of(state)
    if game.options.pairs != "split":
        return "Only with pairs=split can a pair be split."
    if game.phase != Phase.BET or len(game.hand) != 2:
        return "A hand is split right after its second card, before the bet."
    low, high = hand_ranks(game)
    if low != high:
        return "Only a pair can be split."
    if game.hand_number:
        return "A hand that came from a split is not split again."
    player = game.current or ""
    ante = ante_of(game)
    if state.player(player).chips < ante:
        return f"{player} needs {ante} chips for the ante of a split."
    return None
