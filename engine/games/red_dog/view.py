"""What Red Dog waits for next, with its limits, and what its table shows (`state --json`)."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine import kernel
from engine.cards import ACE, Card
from engine.expect import BetExpected, CardExpected, Expect, NothingExpected
from engine.games.red_dog.commands import ShowExpected
from engine.games.red_dog.state import CARD_SLOTS, Phase, RedDog, game_of
from engine.kernel import turn_view_of
from engine.moves import DeclareExpected
from engine.table import NightState
from engine.views import TurnView

USES_SUITS = True
SHOOT_ROUNDS = 3
CHOICES = ("keep_pot", "deal_again")


class BetSlot(StrEnum):
    """What a bet is: a player's bet against the pot, or the stake of a dealer who banks."""

    BET = "bet"
    STAKE = "stake"


class ShootChoice(DeclareExpected, frozen=True, tag="declare"):
    """Shoot, after three rounds: the dealer keeps the pot or deals a fourth round."""

    pot: int


class LastShown(msgspec.Struct, frozen=True, kw_only=True):
    """The last hand shown, which stays on the table into the next round."""

    player: str
    cards: tuple[str, ...]
    won: bool
    winner: str | None  # the card that won
    bet: int


class RedDogView(TurnView, frozen=True, kw_only=True):
    """The Red Dog table: `hand` is the burned and the turned card of the turn."""

    burned: str | None
    turned: str | None
    passed_over: tuple[str, ...]  # Slippery Sam: middle cards above 6
    hand_size: int
    order: tuple[str, ...]  # who plays this round, in turn
    ante: int | None  # None with the dealer as bank
    stake: int | None  # the dealer's stake, with the dealer as bank
    rounds_dealt: int | None  # shoot and slippery_sam: rounds in a row by this dealer
    last_shown: LastShown | None


def ante(game: RedDog) -> int:
    """Everyone's ante, and the smallest bet."""
    amount: int = game.options.ante
    return amount


def bet_range(state: NightState) -> tuple[int, int]:
    """The smallest and largest bet (or stake) allowed now."""
    game = game_of(state)
    player = game.current
    assert player is not None
    chips = state.player(player).chips
    if game.phase == Phase.STAKE:
        high = min(game.options.stake_max, chips)
        return min(game.options.stake_min, high), high
    high = min(game.pot, chips)
    return min(ante(game), high), high


def beats(card: Card, turned: Card) -> bool:
    """A card of the turned card's suit and higher rank wins."""
    return card.suit == turned.suit and card.rank > turned.rank


def may_choose(game: RedDog) -> bool:
    """Shoot: after three rounds in a row with chips left, the dealer keeps or deals on."""
    return game.shooting and game.phase == Phase.ROUND_END and game.rounds_dealt == SHOOT_ROUNDS


def expect(state: NightState) -> Expect:
    """What the dealer enters next, with its limits."""
    game = game_of(state)
    before = kernel.expected_before_turns(game, suits=True)
    if before is not None:
        return before
    player = game.current
    if may_choose(game):
        return ShootChoice(player=game.dealer, choices=CHOICES, pot=game.pot,
                           prompt=f"{game.dealer}: keep the pot of {game.pot} and pass the "
                                  "deal, or deal a fourth round")
    if game.phase in (Phase.BET, Phase.STAKE):
        assert player is not None
        low, high = bet_range(state)
        what = BetSlot.STAKE if game.phase == Phase.STAKE else BetSlot.BET
        return BetExpected(slot=what, player=player, min=low, max=high,
                           prompt=f"{player}: {what} {low}–{high}")
    if game.phase in CARD_SLOTS:
        words = {Phase.BURN: "the burned card", Phase.TURN: f"the card turned for {player}",
                 Phase.MIDDLE: "a card in the middle (until one of 6 or lower)"}
        return CardExpected(slot=CARD_SLOTS[game.phase], player=player,
                            prompt=words[game.phase] + " (rank and suit)")
    if game.phase == Phase.SHOW:
        assert game.turned is not None and player is not None
        turned = game.turned.label
        prompt = (f"{player} shows the whole hand of {game.hand_size}: nothing beats the "
                  f"{turned}" if game.turned.rank == ACE else
                  f"{player} shows a higher {turned[-1]} than the {turned}, or the whole "
                  f"hand of {game.hand_size}")
        return ShowExpected(player=player, turned=str(game.turned), hand_size=game.hand_size,
                            prompt=prompt)
    return NothingExpected(prompt="nothing")


def view(state: NightState) -> RedDogView:
    """The game's part of `state --json`."""
    game = game_of(state)
    shown = game.last_shown
    last = (LastShown(player=shown[0], cards=shown[1], won=shown[2] is not None,
                      winner=shown[2], bet=shown[3]) if shown else None)
    return RedDogView(
        **msgspec.structs.asdict(turn_view_of(game, game.hand, USES_SUITS, game.stack)),
        burned=str(game.burned) if game.burned else None,
        turned=str(game.turned) if game.turned else None,
        passed_over=tuple(str(card) for card in game.passed_over),
        hand_size=game.hand_size, order=game.order,
        ante=None if game.banked else ante(game),
        stake=game.stake if game.banked else None,
        rounds_dealt=game.rounds_dealt if game.shooting else None,
        last_shown=last)
