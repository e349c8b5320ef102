"""Casino Red Dog, RULES.md §2: the dealer is the bank and pays from their own stack.

A hand starts when its first card is entered: every other player with chips places the
ante (all they have, if less: RULES.md, Decisions).
Two cards are turned for everyone together. Neighbours push; a pair turns a third card
that pays 11 to 1 on the same rank and pushes otherwise; any other spread is announced,
each player may raise once by up to the ante, and the third card pays by the spread when it
falls between, or the bank takes the bets. The bank may go into debt, and stays with the
dealer until they pass it to the left.
"""

from __future__ import annotations

from typing import Any

from engine import draw
from engine import fields as commands
from engine.cards import Card, parse_card, rank_name
from engine.casino_state import (
    PAYOUTS,
    PRESET,
    TRIPS_PAY,
    BankTaken,
    CasinoRedDog,
    HandCard,
    HandSettled,
    HandStarted,
    Raised,
    game_of,
    payout,
)
from engine.casino_state import without_player as without_player  # the Rules surface
from engine.fields import Command
from engine.options import Option
from engine.rejection import Refusal
from engine.table import NightState, Tx, seats_from_left_of

preset = PRESET
title = "Casino Red Dog"
options = (
    Option("ante", 1, "Chips each player places when a hand's first card is entered; a raise "
           "adds up to as much again.", minimum=1),
    Option("deal_on", False, "No shuffle between hands: deal on from the deck, shuffled when "
           "fewer than three cards are left."),
)
uses_suits = False
needs_chips = True
HAND_SLOTS = {"first": "bank_first", "second": "bank_second", "pair": "bank_pair",
              "raise": "bank_third"}


def initial_state(resolved: dict[str, Any]) -> CasinoRedDog:
    return CasinoRedDog(options=resolved)


def check_options(resolved: dict[str, Any]) -> None:
    """Every combination of Casino Red Dog's options makes sense."""


def start(tx: Tx, dealer: str | None) -> None:
    """The chosen dealer takes the bank, or everyone with chips draws for it."""
    if dealer is None:
        tx.emit(draw.DrawStarted(tuple(p.name for p in tx.state.present if p.chips > 0)))
    else:
        tx.emit(BankTaken(dealer))


def _ante(game: CasinoRedDog) -> int:
    ante: int = game.options["ante"]
    return ante


def players_in(state: NightState) -> tuple[str, ...]:
    """Who is dealt into the next hand: everyone at the table but the bank who has chips,
    from the bank's left. A player short of the ante antes what they have; with nothing left
    they sit out (RULES.md, Decisions)."""
    game = game_of(state)
    assert game.dealer is not None
    return tuple(p.name for p in seats_from_left_of(state, game.dealer)
                 if p.present and p.name != game.dealer and p.chips > 0)


def short_of_the_ante(state: NightState, players: tuple[str, ...]) -> dict[str, int]:
    """The players who ante all they have, less than the ante: what each of them antes."""
    ante = _ante(game_of(state))
    return {name: chips for name in players if (chips := state.player(name).chips) < ante}


def raise_limit(state: NightState, player: str) -> int:
    """The most `player` may raise now: the ante, or the stack if that is less."""
    return max(0, min(_ante(game_of(state)), state.player(player).chips))


def raisers(state: NightState) -> tuple[str, ...]:
    """Players in the hand who may still raise."""
    game = game_of(state)
    if game.phase != "raise":
        return ()
    return tuple(name for name, _ in game.bets
                 if name not in game.raised and raise_limit(state, name) > 0)


# --- decide -------------------------------------------------------------------------------

def decide(tx: Tx, command: Command) -> None:
    """Apply one command of Casino Red Dog, or raise Refusal with the reason."""
    game = game_of(tx.state)
    name = command["cmd"]
    if name == "card":
        commands.only_fields(command, {"card", "player"})
        commands.check_player(command, game.current)
        card = parse_card(commands.text(command, "card") or "")
        if game.phase == "draw":
            game.deck.check(card)
            tx.emit(draw.DrawCard(game.current or "", str(card)))
            _settle_draw(tx)
        elif game.phase == "first":
            _refuse_a_gone_bank(tx.state)
            _first_card(tx, card)
        else:
            game.deck.check(card)
            tx.emit(HandCard(str(card), "third" if game.phase in ("pair", "raise") else
                             "second"))
            _after_card(tx, card)
        return
    if name == "raise":
        _raise(tx, command)
        return
    if name == "next_dealer":
        _next_bank(tx, command)
        return
    if name in ("bet", "pass"):
        raise Refusal("In Casino Red Dog the ante is the bet: once the spread is announced a "
                      "player may raise by up to the ante with raise.", "casino.no_bet")
    raise Refusal(f"{name} is not a move in {title}; now: {expect(tx.state)['prompt']}.",
                  "move.other_game", name=name, game=title)


def _refuse_a_gone_bank(state: NightState) -> None:
    game = game_of(state)
    assert game.dealer is not None
    if not state.player(game.dealer).present:
        raise Refusal(f"{game.dealer} has left the table: the bank passes left with "
                      "next_dealer, or end the game.", "casino.bank_gone", bank=game.dealer)


def _settle_draw(tx: Tx) -> None:
    draw.settle(tx, lambda tx, dealer: tx.emit(BankTaken(dealer)), _draw_anew)


def _draw_anew(tx: Tx) -> None:
    """Everyone drawing has left: whoever is at the table with chips draws instead."""
    drawers = tuple(p.name for p in tx.state.present if p.chips > 0)
    if drawers:
        tx.emit(draw.DrawStarted(drawers))
    elif tx.state.present:  # a bank may go into debt, so a broke player can hold it
        tx.emit(BankTaken(tx.state.present[0].name))


def _first_card(tx: Tx, card: Card) -> None:
    game = game_of(tx.state)
    players = players_in(tx.state)
    if not players:
        raise Refusal("Nobody but the bank has chips to ante: a rebuy or end_game.",
                      "casino.nobody")
    game.deck.check(card)
    tx.emit(HandStarted(game.hand_number + 1, players, _ante(game)), HandCard(str(card), "first"))


def _after_card(tx: Tx, card: Card) -> None:
    game = game_of(tx.state)
    bets = game.bets
    first, second = game.hand[0].rank, game.hand[1].rank
    if len(game.hand) == 2:
        if abs(first - second) == 1:  # neighbours push
            tx.emit(HandSettled("push", tuple((name, 0) for name, _ in bets)))
        return
    if first == second:
        if card.rank == first:
            tx.emit(HandSettled("trips", tuple((name, TRIPS_PAY * bet) for name, bet in bets)))
        else:
            tx.emit(HandSettled("push", tuple((name, 0) for name, _ in bets)))
        return
    low, high = sorted((first, second))
    if low < card.rank < high:
        pays = payout(high - low - 1)
        tx.emit(HandSettled("win", tuple((name, pays * bet) for name, bet in bets)))
    else:
        tx.emit(HandSettled("lose", tuple((name, -bet) for name, bet in bets)))


def _raise(tx: Tx, command: Command) -> None:
    commands.only_fields(command, {"player", "amount"})
    game = game_of(tx.state)
    player = commands.text(command, "player")
    assert player is not None
    if game.phase != "raise":
        raise Refusal("A raise comes after the spread is announced and before the third card.",
                      "casino.raise_when")
    if game.bet_of(player) == 0:
        tx.state.player(player)  # an unknown name gets the sentence that lists the players
        raise Refusal(f"{player} is not in this hand.", "casino.not_in_hand", player=player)
    if player in game.raised:
        raise Refusal(f"{player} has raised already: once per hand.", "casino.raised_once",
                      player=player)
    limit = raise_limit(tx.state, player)
    if limit == 0:
        raise Refusal(f"{player} has no chips left to raise with.", "casino.raise_broke",
                      player=player)
    amount = commands.whole_number(command, "amount", minimum=1, what=f"{player}'s raise")
    if amount > limit:
        raise Refusal(f"{player} can raise at most {limit} (the ante"
                      + (", or the stack" if limit < _ante(game) else "") + ").",
                      "casino.raise_at_most", player=player, limit=limit)
    tx.emit(Raised(player, amount))


def _next_bank(tx: Tx, command: Command) -> None:
    commands.only_fields(command, {"player"})
    game = game_of(tx.state)
    if game.phase != "first" or game.dealer is None:
        raise Refusal("The bank passes on between hands.", "casino.bank_when")
    following = next_bank(tx.state)
    named = commands.text(command, "player", required=False)
    if following is None:
        raise Refusal("Nobody else at the table has chips to take the bank.",
                      "casino.no_bank")
    if named is not None and named != following:
        tx.state.player(named)
        raise Refusal(f"The bank passes to the left: {following} is next, not {named}.",
                      "casino.bank_left", expected=following, named=named)
    tx.emit(BankTaken(following))


def next_bank(state: NightState) -> str | None:
    """The first player left of the bank who is at the table and has chips (a player who
    sits out with none is passed over, as everywhere at the table)."""
    game = game_of(state)
    assert game.dealer is not None
    return next((p.name for p in seats_from_left_of(state, game.dealer)
                 if p.present and p.chips > 0 and p.name != game.dealer), None)


def mid_turn(state: NightState) -> str | None:
    """The bank, while a hand is under way (its first card out, not yet settled)."""
    game = game_of(state)
    return game.dealer if game.phase in ("second", "pair", "raise") else None


def player_left(tx: Tx, name: str) -> None:
    """A leaving bank passes the bank to the left; a draw goes on without the leaver."""
    game = game_of(tx.state)
    if game.phase == "draw":
        _settle_draw(tx)
    elif name == game.dealer:
        following = next_bank(tx.state)
        if following is not None:
            tx.emit(BankTaken(following))


def finish(tx: Tx) -> None:
    """Nothing lies on the table between hands: the stacks are the result."""


# --- expect and view ----------------------------------------------------------------------

def expect(state: NightState) -> dict[str, Any]:
    """What the dealer enters next: a card for the draw or the hand, or raises first."""
    game = game_of(state)
    player = game.current
    if game.phase == "draw":
        return {"kind": "card", "slot": "draw", "player": player, "suits": False,
                "prompt": f"{player}: draw a card for the bank"}
    if player is None:
        return {"kind": "end_game", "prompt": "Nobody is left to take the bank: end the game."}
    if not state.player(player).present:  # the bank left with nobody to take it over then
        following = next_bank(state)
        return {"kind": "end_game", "reason": "bank_gone", "bank": player,
                "next_dealer": following,
                "prompt": f"{player} has left the table: "
                          + (f"next_dealer passes the bank to {following}, or end the game."
                             if following else "end the game.")}
    info: dict[str, Any] = {"kind": "card", "slot": HAND_SLOTS[game.phase], "player": player,
                            "suits": False}
    if game.phase == "first":
        players = players_in(state)
        short = short_of_the_ante(state, players)
        info.update(number=game.hand_number + 1, players=list(players), ante=_ante(game),
                    short=short, next_dealer=next_bank(state),
                    prompt=f"the first card of hand {game.hand_number + 1}: "
                           f"{', '.join(ante_label(name, short) for name in players)} "
                           f"ante {_ante(game)}")
        if not players:  # a rebuy or the end of the game
            info.update(kind="end_game", reason="nobody_antes",
                        prompt="Nobody but the bank has chips to ante: a rebuy or end_game.")
    elif game.phase == "second":
        info.update(number=game.hand_number, prompt=f"the second card of hand {game.hand_number}")
    elif game.phase == "pair":
        rank = rank_name(game.hand[0].rank)
        info.update(number=game.hand_number, rank=rank, pays=TRIPS_PAY,
                    prompt=f"a pair of {rank}s: the third card; another {rank} pays "
                           f"{TRIPS_PAY} to 1")
    else:
        spread = game.spread or 0
        info.update(number=game.hand_number, spread=spread, payout=payout(spread),
                    prompt=f"spread {spread}, pays {payout(spread)} to 1: raises, then the "
                           "third card")
        info["raise"] = {name: raise_limit(state, name) for name in raisers(state)}
        info["in_hand"] = [name for name, _ in game.bets]  # a raiser's number is the place here
    return info


def ante_label(name: str, short: dict[str, int]) -> str:
    """A player in the list of those who ante, with what they ante when it is less."""
    return f"{name} ({short[name]})" if name in short else name


def view(state: NightState) -> dict[str, Any]:
    """The game's part of `state --json`."""
    game = game_of(state)
    spread = game.spread if game.phase == "raise" else None
    return {
        "suits": uses_suits,
        "dealer": game.dealer,
        "turn": game.current,
        "pot": 0,
        "seen": [str(card) for card in game.deck.cards],
        "deck_remaining": game.deck.remaining,
        "round": game.hand_number,
        "bet": 0,
        "hand": [str(card) for card in game.hand],
        "ante": _ante(game),
        "bets": dict(game.bets),
        "raised": list(game.raised),
        "spread": spread,
        "payout": payout(spread) if spread is not None else None,
        "payouts": {**{str(gap): pays for gap, pays in PAYOUTS.items()}, "4+": 1,
                    "trips": TRIPS_PAY},
        "bank_result": game.bank_result,
        "last_hand": ({"outcome": game.last_outcome, "results": dict(game.last_results)}
                      if game.last_outcome else None),
    }
