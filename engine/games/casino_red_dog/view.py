"""What Casino Red Dog asks for next and what its table shows, as typed values.

The hand's cards carry what the screen needs beside the slot: who antes at the first card,
the rank of a pair and what it pays, the spread with its payout and who may still raise.
While the bank cannot deal the next hand the game can only be ended (or the bank passed
on); `reason` says why. `state --json` prints these as they always were, key for key.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from engine.cards import rank_name
from engine.expect import CardExpected, EndGameExpected, Expect, Slot
from engine.games.casino_red_dog.state import (
    PAYOUTS,
    TRIPS_PAY,
    CasinoRedDog,
    Outcome,
    Phase,
    game_of,
    next_bank,
    payout,
    players_in,
    raise_limit,
    raisers,
    short_of_the_ante,
)
from engine.odds import RaiseShown, casino_odds
from engine.table import NightState
from engine.views import TurnView

USES_SUITS = False


class BankSlot(StrEnum):
    """Where the bank's cards go: two for every player, a third after a spread or a pair."""

    BANK_FIRST = "bank_first"
    BANK_SECOND = "bank_second"
    BANK_THIRD = "bank_third"
    BANK_PAIR = "bank_pair"


HAND_SLOTS = {Phase.FIRST: BankSlot.BANK_FIRST, Phase.SECOND: BankSlot.BANK_SECOND,
              Phase.PAIR: BankSlot.BANK_PAIR, Phase.RAISE: BankSlot.BANK_THIRD}


class HandCardExpected(CardExpected, frozen=True, kw_only=True, tag="card"):
    """A card of hand `number`, turned by the bank."""

    number: int


class FirstCardExpected(HandCardExpected, frozen=True, kw_only=True, tag="card"):
    """The first card of the next hand: `players` ante (`short`: those who ante less, all
    they have); `next_dealer` would take the bank instead."""

    players: tuple[str, ...]
    ante: int
    short: dict[str, int]
    next_dealer: str | None


class PairCardExpected(HandCardExpected, frozen=True, kw_only=True, tag="card"):
    """The third card after a pair of `rank`: the same rank pays `pays` to 1."""

    rank: str
    pays: int


class ThirdCardExpected(HandCardExpected, frozen=True, kw_only=True, tag="card"):
    """The third card of a called spread, after the raises: who may still raise and by how
    much (`raise`), and who is in the hand (a raiser's number is the place here)."""

    spread: int
    payout: int
    raises: dict[str, int] = msgspec.field(name="raise")
    in_hand: tuple[str, ...]


class BankGone(EndGameExpected, frozen=True, kw_only=True, tag="end_game"):
    """The bank left with nobody to take it over then: `next_dealer` passes it on (once
    someone with chips is at the table), or the game ends."""

    reason: str = "bank_gone"
    bank: str
    next_dealer: str | None

    @property
    def whose(self) -> str | None:
        # A card naming a player is still checked against the bank's turn.
        return self.bank


class LastHand(msgspec.Struct, frozen=True):
    outcome: Outcome
    results: dict[str, int]


class CasinoView(TurnView, frozen=True, kw_only=True):
    """The table of Casino Red Dog: no pot; the bets in front of the players, the spread
    called and what it pays, the bank's result since the dealer took it, the last hand."""

    ante: int
    bets: dict[str, int]
    raised: tuple[str, ...]
    spread: int | None
    payout: int | None
    payouts: dict[str, int]
    bank_result: int
    last_hand: LastHand | None
    odds: RaiseShown | None = None  # of the third card, once it can pay


def expect(state: NightState) -> Expect:
    """What the dealer enters next: a card for the draw or the hand, or raises first."""
    game = game_of(state)
    player = game.current
    if game.phase == Phase.DRAW:
        return CardExpected(slot=Slot.DRAW, player=player, suits=False,
                            prompt=f"{player}: draw a card for the bank")
    if player is None:
        return EndGameExpected(prompt="Nobody is left to take the bank: end the game.")
    if not state.player(player).present:  # the bank left with nobody to take it over then
        following = next_bank(state)
        return BankGone(bank=player, next_dealer=following,
                        prompt=f"{player} has left the table: "
                               + (f"next_dealer passes the bank to {following}, or end the "
                                  "game." if following else "end the game."))
    slot = HAND_SLOTS[game.phase]
    if game.phase == Phase.FIRST:
        return _first_card(state, player, slot)
    if game.phase == Phase.SECOND:
        return HandCardExpected(slot=slot, player=player, suits=False, number=game.hand_number,
                                prompt=f"the second card of hand {game.hand_number}")
    if game.phase == Phase.PAIR:
        rank = rank_name(game.hand[0].rank)
        return PairCardExpected(slot=slot, player=player, suits=False, number=game.hand_number,
                                rank=rank, pays=TRIPS_PAY,
                                prompt=f"a pair of {rank}s: the third card; another {rank} "
                                       f"pays {TRIPS_PAY} to 1")
    spread = game.spread or 0
    return ThirdCardExpected(
        slot=slot, player=player, suits=False, number=game.hand_number, spread=spread,
        payout=payout(spread), raises={name: raise_limit(state, name) for name in raisers(state)},
        in_hand=tuple(name for name, _ in game.bets),
        prompt=f"spread {spread}, pays {payout(spread)} to 1: raises, then the third card")


def _first_card(state: NightState, bank: str, slot: str) -> Expect:
    game = game_of(state)
    number, ante = game.hand_number + 1, game.ante
    players = players_in(state)
    short = short_of_the_ante(state, players)
    return FirstCardExpected(
        slot=slot, player=bank, suits=False, number=number, players=players, ante=ante,
        short=short, next_dealer=next_bank(state),
        prompt=f"the first card of hand {number}: "
               f"{', '.join(ante_label(name, short) for name in players)} ante {ante}")


def ante_label(name: str, short: dict[str, int]) -> str:
    """A player in the list of those who ante, with what they ante when it is less."""
    return f"{name} ({short[name]})" if name in short else name


def view(state: NightState) -> CasinoView:
    """The game's part of `state --json`."""
    game = game_of(state)
    spread = game.spread if game.phase == Phase.RAISE else None
    return CasinoView(
        suits=USES_SUITS, dealer=game.dealer, turn=game.current, pot=0,
        seen=tuple(str(card) for card in game.deck.cards), deck_remaining=game.deck.remaining,
        round=game.hand_number, bet=0, hand=tuple(str(card) for card in game.hand),
        ante=game.ante, bets=dict(game.bets), raised=game.raised, spread=spread,
        payout=payout(spread) if spread is not None else None,
        payouts={**{str(gap): pays for gap, pays in PAYOUTS.items()}, "4+": 1,
                 "trips": TRIPS_PAY},
        bank_result=game.bank_result,
        last_hand=(LastHand(game.last_outcome, dict(game.last_results))
                   if game.last_outcome else None),
        odds=_odds(game))


def _odds(game: CasinoRedDog) -> RaiseShown | None:
    """Once two cards are out and the third can pay: its odds from the cards not out."""
    if len(game.hand) != 2 or game.phase not in (Phase.RAISE, Phase.PAIR):
        return None
    pays = payout(game.spread or 0) if game.phase == Phase.RAISE else TRIPS_PAY
    return RaiseShown.of(casino_odds((game.hand[0], game.hand[1]), game.deck, pays))
