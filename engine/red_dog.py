"""Red Dog / High Card Pool, RULES.md §4: bet that your hand holds a higher card of the suit.

Everyone antes; the dealer deals hands face down (never entered). In turn from the
dealer's left, the dealer last, each player bets from the ante to the pot, the dealer
burns a card and turns the next, and the player shows one higher card of its suit (and
takes the bet from the pot) or the whole hand (and the bet goes in). The outcome follows
from the cards shown. Variants: `hand_size`, and three where the dealer alone stakes the
pot: `dealer_bank`, `shoot` and `slippery_sam`.
"""

from __future__ import annotations

from typing import Any

from engine import draw, pot
from engine import fields as commands
from engine.cards import ACE, Card, parse_card
from engine.fields import Command
from engine.options import Option
from engine.red_dog_state import (
    PRESET,
    HandShown,
    PotKept,
    PotStaked,
    RedDog,
    RedDogBet,
    RedDogHalted,
    RoundDealt,
    StackReshuffled,
    TableCard,
    TurnSatOut,
    game_of,
)
from engine.red_dog_state import without_player as without_player  # the Rules surface
from engine.rejection import Refusal
from engine.table import NightState, Tx, seats_from_left_of

preset = PRESET
title = "Red Dog"
options = (
    Option("ante", 2, "Everyone's ante, and the smallest bet (with the dealer as bank: the "
           "smallest bet).", minimum=1),
    Option("hand_size", 0, "Cards in each hand: 0 = five, four with 7 or 8 players; or 3, 4 "
           "or 5 for everyone (shoot and slippery_sam always deal 3).", minimum=0, maximum=5),
    Option("dealer_bank", False, "No antes: the dealer alone stakes the pot and the others "
           "bet against it; the dealer keeps what is left after the round, an empty pot "
           "passes the deal at once."),
    Option("shoot", False, "The dealer stakes the pot and deals three cards each; the same "
           "dealer deals again until the pot is empty; after three rounds the dealer keeps "
           "the pot or deals a fourth and keeps what is left."),
    Option("slippery_sam", False, "As shoot, but cards are turned in the middle until one "
           "of 6 or lower, and everyone bets in turn against that one card."),
    Option("stake_min", 10, "With the dealer as bank: the smallest stake.", minimum=1),
    Option("stake_max", 50, "With the dealer as bank: the largest stake.", minimum=1),
)
uses_suits = True
needs_chips = True
MIN_PLAYERS, MAX_PLAYERS = 3, 8
SHOOT_ROUNDS = 3


def initial_state(resolved: dict[str, Any]) -> RedDog:
    return RedDog(options=resolved)


def check_options(resolved: dict[str, Any]) -> None:
    """Refuse a combination of options that makes no sense, with the reason."""
    if resolved["hand_size"] in (1, 2):
        raise Refusal("hand_size is 3, 4 or 5 (or 0 for five, four with 7 or 8 players).")
    banks = [name for name in ("dealer_bank", "shoot") if resolved[name]]
    if len(banks) > 1:
        raise Refusal("dealer_bank and shoot are two ways of banking the pot: choose one.")
    if resolved["dealer_bank"] and resolved["slippery_sam"]:
        raise Refusal("slippery_sam is played like shoot, not with dealer_bank: choose one.")
    if resolved["hand_size"] and (resolved["shoot"] or resolved["slippery_sam"]):
        raise Refusal("shoot and slippery_sam deal three cards each: leave hand_size at 0.")
    if resolved["stake_min"] > resolved["stake_max"]:
        raise Refusal(f"stake_min ({resolved['stake_min']}) is more than stake_max "
                      f"({resolved['stake_max']}).")


def _ante(game: RedDog) -> int:
    ante: int = game.options["ante"]
    return ante


def start(tx: Tx, dealer: str | None) -> None:
    """Check the table has 3 to 8 players, then draw for the deal or deal the first round."""
    players = len(pot.with_chips(tx.state))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Refusal(f"Red Dog is for {MIN_PLAYERS} to {MAX_PLAYERS} players; {players} have "
                      "chips at the table.")
    if dealer is None:
        tx.emit(draw.DrawStarted(tuple(pot.with_chips(tx.state))))
    else:
        _deal(tx, dealer)


def _hand_size(game: RedDog, players: int) -> int:
    if game.shooting:
        return 3
    size: int = game.options["hand_size"]
    return size or (5 if players <= 6 else 4)


def _deal(tx: Tx, dealer: str) -> None:
    """A new round by `dealer`: antes (unless the dealer banks), a fresh shuffle and deal;
    a dealer who banks and is new stakes the pot first."""
    game = game_of(tx.state)
    if not game.banked:
        pot.ante(tx, _ante(game))
    seats = seats_from_left_of(tx.state, dealer)
    order = tuple(p.name for p in seats if p.present and p.chips > 0
                  and (not game.banked or p.name != dealer))
    at_table = len(order) + (1 if game.banked else 0)
    if not MIN_PLAYERS <= at_table <= MAX_PLAYERS:
        tx.emit(RedDogHalted(f"Red Dog is for {MIN_PLAYERS} to {MAX_PLAYERS} players and "
                             f"{at_table} would play this round: end the game (or start it "
                             "again with the players who stay)."))
        return
    size = _hand_size(game, len(order) + (1 if game.banked else 0))  # people at the table
    if size * len(order) > 50:
        tx.emit(RedDogHalted(f"{len(order)} hands of {size} do not fit one deck with a card "
                             "to burn and one to turn: end the game."))
        return
    number = game.round + 1
    tx.emit(RoundDealt(dealer, number, order, size))
    game = game_of(tx.state)
    if game.phase == "stake" and game.options["stake_min"] == game.options["stake_max"]:
        _stake(tx, game.options["stake_min"])


def _stake(tx: Tx, amount: int) -> None:
    game = game_of(tx.state)
    assert game.dealer is not None
    tx.emit(PotStaked(game.dealer, min(amount, tx.state.player(game.dealer).chips)))


def _next_dealer(tx: Tx) -> None:
    """The deal passes left to the next player with chips."""
    game = game_of(tx.state)
    assert game.dealer is not None
    with_chips = pot.with_chips(tx.state)
    following = next((p.name for p in seats_from_left_of(tx.state, game.dealer)
                      if p.name in with_chips), None)
    if following is None or len(with_chips) < 2:
        tx.emit(RedDogHalted("Too few players have chips left to play: end the game."))
        return
    _deal(tx, following)


def _keep_and_pass(tx: Tx) -> None:
    game = game_of(tx.state)
    assert game.dealer is not None
    tx.emit(PotKept(game.dealer, game.pot))
    _next_dealer(tx)


def _after_turn(tx: Tx) -> None:
    """What follows a shown hand: a re-ante, the next round, or the deal passing."""
    game = game_of(tx.state)
    if game.banked:
        if game.pot == 0:
            _next_dealer(tx)  # the bank is broken: the next player deals at once
        elif game.phase == "round_end":
            if game.options["dealer_bank"] or game.rounds_dealt > SHOOT_ROUNDS:
                _keep_and_pass(tx)
            elif game.rounds_dealt < SHOOT_ROUNDS:
                assert game.dealer is not None
                _deal(tx, game.dealer)
            # after the third round the dealer chooses: keep_pot or deal_again
        else:
            _skip_the_broke(tx)
        return
    if game.phase == "round_end":
        _next_dealer(tx)
        return
    if game.pot < _ante(game):
        pot.ante(tx, _ante(game))  # everyone antes at once
    _skip_the_broke(tx)


def _skip_the_broke(tx: Tx) -> None:
    """A player left with no chips (their last went into a re-ante) sits the turn out."""
    game = game_of(tx.state)
    player = game.current
    if game.phase == "bet" and player is not None and tx.state.player(player).chips <= 0:
        tx.emit(TurnSatOut(player))
        _after_turn(tx)


# --- limits -------------------------------------------------------------------------------

def bet_range(state: NightState) -> tuple[int, int]:
    """The smallest and largest bet (or stake) allowed now."""
    game = game_of(state)
    player = game.current
    assert player is not None
    chips = state.player(player).chips
    if game.phase == "stake":
        high = min(game.options["stake_max"], chips)
        return min(game.options["stake_min"], high), high
    high = min(game.pot, chips)
    return min(_ante(game), high), high


def beats(card: Card, turned: Card) -> bool:
    """A card of the turned card's suit and higher rank wins."""
    return card.suit == turned.suit and card.rank > turned.rank


# --- decide -------------------------------------------------------------------------------

def decide(tx: Tx, command: Command) -> None:
    """Apply one command of Red Dog, or raise Refusal with the reason."""
    game = game_of(tx.state)
    name = command["cmd"]
    if game.phase == "over":
        raise commands.game_over(game.halted)
    current = game.current
    if name == "card":
        commands.only_fields(command, {"card", "player"})
        if game.phase not in ("draw", "middle", "burn", "turn"):
            raise commands.not_expected("card", expect(tx.state)['prompt'], "expect.no_card")
        commands.check_player(command, current)
        card = parse_card(commands.text(command, "card") or "")
        _card(tx, current, card)
        return
    if name == "bet":
        commands.only_fields(command, {"amount", "player"})
        if game.phase not in ("bet", "stake"):
            raise commands.not_expected("bet", expect(tx.state)['prompt'], "expect.no_bet")
        commands.check_player(command, current)
        assert current is not None
        low, high = bet_range(tx.state)
        what = "stake" if game.phase == "stake" else "bet"
        amount = commands.whole_number(command, "amount", what=f"{current}'s {what}")
        if not low <= amount <= high:
            raise Refusal(f"{current}'s {what} is {low} to {high} now.", "bet.range",
                          player=current, low=low, high=high)
        if game.phase == "stake":
            _stake(tx, amount)
        else:
            tx.emit(RedDogBet(current, amount))
        return
    if name == "show":
        commands.only_fields(command, {"cards", "player"})
        if game.phase != "show":
            raise Refusal(f"No hand is shown now: {expect(tx.state)['prompt']}.",
                          "expect.no_show")
        commands.check_player(command, current)
        assert current is not None
        _show(tx, current, command.get("cards"))
        return
    if name == "declare":
        commands.only_fields(command, {"choice", "player"})
        _declare(tx, command)
        return
    if name == "split_pot":
        commands.only_fields(command, set())
        _split_pot(tx)
        return
    if name == "pass":
        raise Refusal("There is no pass in Red Dog: every bet is at least the ante.",
                      "red_dog.no_pass")
    raise Refusal(f"{name} is not a move in {title}; now: {expect(tx.state)['prompt']}.",
                  "move.other_game", name=name, game=title)


def _card(tx: Tx, current: str | None, card: Card) -> None:
    game = game_of(tx.state)
    if current is None:
        raise Refusal("Nobody is to get a card now; end the game.")
    if game.phase == "draw":  # only the rank counts here
        game.deck.check(card)
        tx.emit(draw.DrawCard(current, str(card)))
        draw.settle(tx, _deal, lambda tx: tx.emit(RedDogHalted(
            "Everyone drawing for the deal has left: end the game.")))
        return
    if card.suit is None:
        raise Refusal(f"Say the suit of the {card.label} too: in Red Dog the suit decides.",
                      "card.suit_needed")
    if game.stack <= 0:
        tx.emit(StackReshuffled())
        game = game_of(tx.state)
    game.deck.check(card)
    tx.emit(TableCard(str(card), game.phase))


def _show(tx: Tx, player: str, given: Any) -> None:
    game = game_of(tx.state)
    turned = game.turned
    assert turned is not None
    if not isinstance(given, list) or not given or not all(isinstance(c, str) for c in given):
        raise Refusal('show takes the cards shown, like {"cmd":"show","cards":["Ks"]}.')
    cards = [parse_card(text) for text in given]
    for card in cards:
        if card.suit is None:
            raise Refusal(f"Say the suit of the {card.label} too: in Red Dog the suit "
                          "decides.", "card.suit_needed")
    if len(set(cards)) < len(cards):
        raise Refusal("A card is named twice: a hand holds each card once.", "show.twice")
    deck = game.deck
    for card in cards:
        deck.check(card)
        deck = deck.add(card, tx.state.action)
    winners = [card for card in cards if beats(card, turned)]
    shown = tuple(str(card) for card in cards)
    if len(cards) == 1 and winners:  # the card shown is the winner: no need to name it
        tx.emit(HandShown(player, shown, won=True))
    elif len(cards) == 1 and game.hand_size > 1:
        raise Refusal(f"{cards[0].label} does not beat the {turned.label}: a winning card is "
                      f"a higher {turned.label[-1]}; without one the whole hand of "
                      f"{game.hand_size} is shown.", "show.no_beat",
                      card=cards[0].label, turned=turned.label, size=game.hand_size)
    elif winners and len(cards) == game.hand_size:
        # The cards speak: the whole hand laid down wins by its best card, and every card
        # of it is out now.
        best = max(winners, key=lambda card: card.rank)
        tx.emit(HandShown(player, shown, won=True, winner=str(best)))
    elif winners:
        # Neither the one winning card nor the whole hand: §4 rejects anything else.
        raise Refusal(f"{winners[0].label} beats the {turned.label}: show only that card.",
                      "show.only_winner", card=winners[0].label, turned=turned.label)
    elif len(cards) != game.hand_size:
        raise Refusal(f"A losing hand is shown whole: {game.hand_size} cards, not "
                      f"{len(cards)}.", "show.size", size=game.hand_size, count=len(cards))
    else:
        tx.emit(HandShown(player, shown, won=False))
    _after_turn(tx)


def _declare(tx: Tx, command: Command) -> None:
    game = game_of(tx.state)
    commands.check_player(command, game.dealer)
    choice = command.get("choice")
    if not may_choose(game) or choice not in ("keep_pot", "deal_again"):
        raise Refusal("Only after three rounds of shoot does the dealer declare keep_pot or "
                      "deal_again.", "declare.shoot")
    if choice == "keep_pot":
        _keep_and_pass(tx)
    else:
        assert game.dealer is not None
        _deal(tx, game.dealer)


def may_choose(game: RedDog) -> bool:
    """Shoot: after three rounds in a row with chips left, the dealer keeps or deals on."""
    return game.shooting and game.phase == "round_end" and game.rounds_dealt == SHOOT_ROUNDS


def _split_pot(tx: Tx) -> None:
    game = game_of(tx.state)
    if game.banked:
        raise Refusal("With the dealer as bank the pot is the dealer's stake: it is not split.",
                      "split_pot.bank")
    if game.phase not in ("bet",) or game.pot <= 0:
        raise Refusal("The pot is split between turns, while it holds chips.",
                      "split_pot.when")
    pot.split(tx, game.dealer)
    pot.ante(tx, _ante(game))


def mid_turn(state: NightState) -> str | None:
    """The player whose bet is down and not yet settled, if any."""
    game = game_of(state)
    return game.current if game.phase in ("burn", "turn", "show") else None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver. A leaving dealer takes the pot at once, as at the
    end of their game, whatever state the game is in (RULES.md, Decisions): with the dealer
    as bank they keep it and the deal passes; with antes it is shared evenly, the dealer
    included, and everyone antes again. A round whose last player left ends."""
    game = game_of(tx.state)
    if game.phase == "draw":
        draw.settle(tx, _deal, lambda tx: tx.emit(RedDogHalted(
            "Everyone drawing for the deal has left: end the game.")))
    elif name == game.dealer and game.banked:
        if game.phase != "over":
            _keep_and_pass(tx)
        elif game.pot:  # the game waits for its end, and waits on without a pot
            tx.emit(PotKept(name, game.pot))
    elif pot.on_leaving(tx, name, game.dealer) and game.phase == "bet":
        _after_turn(tx)  # the pot is empty: everyone antes at once
    elif game.phase == "round_end" and not may_choose(game):
        _after_turn(tx)
    elif game.phase == "bet":
        _skip_the_broke(tx)  # the next in turn may have no chips


def finish(tx: Tx) -> None:
    """End the game: the pot is split evenly; a dealer who banks keeps it."""
    game = game_of(tx.state)
    if game.banked and game.dealer is not None and game.pot:
        tx.emit(PotKept(game.dealer, game.pot))
    elif game.pot:
        pot.share(tx, game.dealer)


# --- expect and view ----------------------------------------------------------------------

def expect(state: NightState) -> dict[str, Any]:
    """What the dealer enters next, with its limits."""
    game = game_of(state)
    player = game.current
    if game.phase == "over":
        return {"kind": "end_game", "prompt": f"{game.halted}"}
    if game.phase == "draw":
        return {"kind": "card", "slot": "draw", "player": player, "suits": True,
                "prompt": f"{player}: draw a card for the deal"}
    if may_choose(game):
        return {"kind": "declare", "player": game.dealer, "choices": ["keep_pot", "deal_again"],
                "pot": game.pot,
                "prompt": f"{game.dealer}: keep the pot of {game.pot} and pass the deal, or "
                          "deal a fourth round"}
    if game.phase in ("bet", "stake"):
        low, high = bet_range(state)
        what = "stake" if game.phase == "stake" else "bet"
        return {"kind": "bet", "slot": what, "player": player, "min": low, "max": high,
                "pass": False, "prompt": f"{player}: {what} {low}–{high}"}
    if game.phase in ("burn", "turn", "middle"):
        words = {"burn": "the burned card", "turn": f"the card turned for {player}",
                 "middle": "a card in the middle (until one of 6 or lower)"}
        return {"kind": "card", "slot": game.phase, "player": player, "suits": True,
                "prompt": words[game.phase] + " (rank and suit)"}
    if game.phase == "show":
        assert game.turned is not None
        prompt = (f"{player} shows the whole hand of {game.hand_size}: nothing beats the "
                  f"{game.turned.label}" if game.turned.rank == ACE else
                  f"{player} shows a higher {game.turned.label[-1]} than the "
                  f"{game.turned.label}, or the whole hand of {game.hand_size}")
        return {"kind": "show", "player": player, "turned": str(game.turned),
                "hand_size": game.hand_size, "prompt": prompt}
    return {"kind": "none", "prompt": "nothing"}


def view(state: NightState) -> dict[str, Any]:
    """The game's part of `state --json`."""
    game = game_of(state)
    shown = game.last_shown
    return {
        "suits": uses_suits,
        "dealer": game.dealer,
        "turn": game.current,
        "pot": game.pot,
        "seen": [str(card) for card in game.deck.cards],
        "deck_remaining": game.stack,
        "round": game.round,
        "bet": game.bet,
        "hand": [str(card) for card in (game.burned, game.turned) if card is not None],
        "burned": str(game.burned) if game.burned else None,
        "turned": str(game.turned) if game.turned else None,
        "passed_over": [str(card) for card in game.passed_over],
        "hand_size": game.hand_size,
        "order": list(game.order),
        "ante": None if game.banked else _ante(game),
        "stake": game.stake if game.banked else None,
        "rounds_dealt": game.rounds_dealt if game.shooting else None,
        "last_shown": ({"player": shown[0], "cards": list(shown[1]),
                        "won": shown[2] is not None, "winner": shown[2], "bet": shown[3]}
                       if shown else None),
    }
