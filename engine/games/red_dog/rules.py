"""Red Dog / High Card Pool, RULES.md §4: bet that your hand holds a higher card of the suit.

Everyone antes; the dealer deals hands face down (never entered). In turn from the
dealer's left, the dealer last, each player bets from the ante to the pot, the dealer
burns a card and turns the next, and the player shows one higher card of its suit (and
takes the bet from the pot) or the whole hand (and the bet goes in). The outcome follows
from the cards shown. Variants: `hand_size`, and three where the dealer alone stakes the
pot: `dealer_bank`, `shoot` and `slippery_sam`.
"""

from __future__ import annotations

from engine import draw, kernel, pot
from engine.cards import Card, parse_card
from engine.commands import Bet, Command, Pass, PlayCard
from engine.expect import BetExpected, CardExpected
from engine.games.red_dog.commands import Show, SplitPot
from engine.games.red_dog.state import (
    CARD_SLOTS,
    CardsShown,
    Phase,
    PotKept,
    RoundDealt,
    StackReshuffled,
    TableCard,
    game_of,
)
from engine.games.red_dog.view import (
    CHOICES,
    SHOOT_ROUNDS,
    ante,
    beats,
    bet_range,
    expect,
    may_choose,
)
from engine.kernel import (
    BetLost,
    BetPlaced,
    BetWon,
    GameHalted,
    Move,
    Moves,
    Rulebook,
    Staked,
    too_few,
)
from engine.moves import Declare
from engine.rejection import Refusal
from engine.seats import Seats, keeps_seats
from engine.table import NightState, Tx, seats_from_left_of

TITLE = "Red Dog"
SEATS = Seats(3, 8)  # RULES.md §4: players 3 to 8, whatever the options


# --- starting and the flow of a round --------------------------------------------------------

def start(tx: Tx, dealer: str | None) -> None:
    """Draw for the deal, or deal the first round (the night has seen that 3 to 8 play)."""
    if dealer is None:
        tx.emit(draw.DrawStarted(tuple(pot.with_chips(tx.state))))
    else:
        _deal(tx, dealer)


def _hand_size(tx: Tx, players: int) -> int:
    game = game_of(tx.state)
    if game.shooting:
        return 3
    size: int = game.options.hand_size
    return size or (5 if players <= 6 else 4)


def _deal(tx: Tx, dealer: str) -> None:
    """A new round by `dealer`: antes (unless the dealer banks), a fresh shuffle and deal;
    a dealer who banks and is new stakes the pot first."""
    game = game_of(tx.state)
    if not game.banked:
        pot.ante(tx, ante(game))
    seats = seats_from_left_of(tx.state, dealer)
    order = tuple(p.name for p in seats if p.present and p.chips > 0
                  and (not game.banked or p.name != dealer))
    at_table = len(order) + (1 if game.banked else 0)
    if at_table not in SEATS:
        # Too few after the antes; too many only under the first rules, which let them join.
        too_few(tx, TITLE, SEATS, at_table, (
            f"Red Dog is for {SEATS.least} to {SEATS.most} players and {at_table} would "
            "play this round: end the game (or start it again with the players who stay)."))
        return
    size = _hand_size(tx, at_table)
    if size * len(order) > 50:
        tx.emit(GameHalted(f"{len(order)} hands of {size} do not fit one deck with a card "
                           "to burn and one to turn: end the game."))
        return
    tx.emit(RoundDealt(dealer, game.round + 1, order, size))
    game = game_of(tx.state)
    if game.phase == Phase.STAKE and game.options.stake_min == game.options.stake_max:
        _stake(tx, game.options.stake_min)


def _stake(tx: Tx, amount: int) -> None:
    game = game_of(tx.state)
    assert game.dealer is not None
    tx.emit(Staked(game.dealer, min(amount, tx.state.player(game.dealer).chips)))


def _next_dealer(tx: Tx) -> None:
    """The deal passes left to the next player with chips."""
    game = game_of(tx.state)
    assert game.dealer is not None
    with_chips = pot.with_chips(tx.state)
    following = next((p.name for p in seats_from_left_of(tx.state, game.dealer)
                      if p.name in with_chips), None)
    # (The first rules halted only with fewer than two: the deal went on to be refused.)
    least = SEATS.least if keeps_seats(tx.state) else 2
    if following is None or len(with_chips) < least:
        too_few(tx, TITLE, SEATS, len(with_chips),
                "Too few players have chips left to play: end the game.")
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
        elif game.phase == Phase.ROUND_END:
            if game.options.dealer_bank or game.rounds_dealt > SHOOT_ROUNDS:
                _keep_and_pass(tx)
            elif game.rounds_dealt < SHOOT_ROUNDS:
                assert game.dealer is not None
                _deal(tx, game.dealer)
            # after the third round the dealer chooses: keep_pot or deal_again
        else:
            _skip_the_broke(tx)
        return
    if game.phase == Phase.ROUND_END:
        _next_dealer(tx)
        return
    if game.pot < ante(game):
        pot.ante(tx, ante(game))  # everyone antes at once
    _skip_the_broke(tx)


def _skip_the_broke(tx: Tx) -> None:
    """A player left with no chips (their last went into a re-ante) sits the turn out."""
    game = game_of(tx.state)
    player = game.current
    if game.phase == Phase.BET and player is not None and tx.state.player(player).chips <= 0:
        tx.emit(kernel.TurnSkipped(player))
        _after_turn(tx)


def _nobody_drawing(tx: Tx) -> None:
    tx.emit(GameHalted("Everyone drawing for the deal has left: end the game."))


# --- the moves -------------------------------------------------------------------------------

def _suited(card: Card) -> Card:
    if card.suit is None:
        raise Refusal(f"Say the suit of the {card.label} too: in Red Dog the suit decides.",
                      "card.suit_needed")
    return card


def _card(tx: Tx, command: PlayCard) -> None:
    game = game_of(tx.state)
    current = game.current
    if current is None:
        raise Refusal("Nobody is to get a card now; end the game.")
    card = parse_card(command.card)
    if game.phase == Phase.DRAW:  # only the rank counts here
        game.deck.check(card)
        tx.emit(draw.DrawCard(current, str(card)))
        draw.settle(tx, _deal, _nobody_drawing)
        return
    _suited(card)
    if game.stack <= 0:
        tx.emit(StackReshuffled())
        game = game_of(tx.state)
    game.deck.check(card)
    tx.emit(TableCard(str(card), CARD_SLOTS[Phase(game.phase)]))


def _bet(tx: Tx, command: Bet) -> None:
    game = game_of(tx.state)
    current = game.current
    assert current is not None
    what = "stake" if game.phase == Phase.STAKE else "bet"
    if command.amount < 0:
        raise Refusal(f"{current}'s {what} must be a whole number of at least 0, not "
                      f"{command.amount}.", "number.whole", minimum=0, maximum=None)
    low, high = bet_range(tx.state)
    if not low <= command.amount <= high:
        raise Refusal(f"{current}'s {what} is {low} to {high} now.", "bet.range",
                      player=current, low=low, high=high)
    if game.phase == Phase.STAKE:
        _stake(tx, command.amount)
    else:
        tx.emit(BetPlaced(current, command.amount))


def _show(tx: Tx, command: Show) -> None:
    game = game_of(tx.state)
    if game.phase != Phase.SHOW:
        raise Refusal(f"No hand is shown now: {expect(tx.state).prompt}.", "expect.no_show")
    player, turned = game.current, game.turned
    assert player is not None and turned is not None
    if not command.cards:
        raise Refusal('show takes the cards shown, like {"cmd":"show","cards":["Ks"]}.')
    cards = [parse_card(text) for text in command.cards]
    for card in cards:
        _suited(card)
    if len(set(cards)) < len(cards):
        raise Refusal("A card is named twice: a hand holds each card once.", "show.twice")
    deck = game.deck
    for card in cards:
        deck.check(card)
        deck = deck.add(card, tx.state.action)
    winners = [card for card in cards if beats(card, turned)]
    shown = tuple(str(card) for card in cards)
    if len(cards) == 1 and winners:  # the card shown is the winner
        _settle(tx, CardsShown(player, shown, winner=shown[0]))
    elif len(cards) == 1 and game.hand_size > 1:
        raise Refusal(f"{cards[0].label} does not beat the {turned.label}: a winning card is "
                      f"a higher {turned.label[-1]}; without one the whole hand of "
                      f"{game.hand_size} is shown.", "show.no_beat",
                      card=cards[0].label, turned=turned.label, size=game.hand_size)
    elif winners and len(cards) == game.hand_size:
        # The cards speak: the whole hand laid down wins by its best card, and every card
        # of it is out now.
        best = max(winners, key=lambda card: card.rank)
        _settle(tx, CardsShown(player, shown, winner=str(best)))
    elif winners:
        # Neither the one winning card nor the whole hand: §4 rejects anything else.
        raise Refusal(f"{winners[0].label} beats the {turned.label}: show only that card.",
                      "show.only_winner", card=winners[0].label, turned=turned.label)
    elif len(cards) != game.hand_size:
        raise Refusal(f"A losing hand is shown whole: {game.hand_size} cards, not "
                      f"{len(cards)}.", "show.size", size=game.hand_size, count=len(cards))
    else:
        _settle(tx, CardsShown(player, shown, winner=None))


def _settle(tx: Tx, shown: CardsShown) -> None:
    """The cards are shown: the bet comes back with as much from the pot, or goes into it."""
    bet = game_of(tx.state).bet
    tx.emit(shown, BetWon(shown.player, bet) if shown.winner else BetLost(shown.player, bet))
    _after_turn(tx)


def _declare(tx: Tx, command: Declare) -> None:
    game = game_of(tx.state)
    if not may_choose(game) or command.choice not in CHOICES:
        raise Refusal("Only after three rounds of shoot does the dealer declare keep_pot or "
                      "deal_again.", "declare.shoot")
    if command.choice == "keep_pot":
        _keep_and_pass(tx)
    else:
        assert game.dealer is not None
        _deal(tx, game.dealer)


def _split_pot(tx: Tx, command: SplitPot) -> None:
    game = game_of(tx.state)
    if game.banked:
        raise Refusal("With the dealer as bank the pot is the dealer's stake: it is not split.",
                      "split_pot.bank")
    if game.phase != Phase.BET or game.pot <= 0:
        raise Refusal("The pot is split between turns, while it holds chips.",
                      "split_pot.when")
    pot.split(tx, game.dealer)
    pot.ante(tx, ante(game))


def _pass(tx: Tx, command: Pass) -> None:
    raise Refusal("There is no pass in Red Dog: every bet is at least the ante.",
                  "red_dog.no_pass")


# A hand shown and the shoot choice answer with Red Dog's own sentences when they do not fit
# (no hand shown now, only after three rounds of shoot): their moves check that themselves.
MOVES: Moves = {PlayCard: Move(CardExpected, _card), Bet: Move(BetExpected, _bet),
                Show: Move(None, _show), Declare: Move(None, _declare),
                SplitPot: Move(None, _split_pot), Pass: Move(None, _pass)}


def decide(tx: Tx, command: Command) -> None:
    """Apply one turn action of Red Dog, or raise Refusal with the reason."""
    kernel.decide(tx, command, RULEBOOK)


# --- around the turns ------------------------------------------------------------------------

def mid_turn(state: NightState) -> str | None:
    """The player whose bet is down and not yet settled, if any."""
    game = game_of(state)
    return game.current if game.phase in (Phase.BURN, Phase.TURN, Phase.SHOW) else None


def player_left(tx: Tx, name: str) -> None:
    """A draw goes on without the leaver. A leaving dealer takes the pot at once, as at the
    end of their game, whatever state the game is in (RULES.md, Decisions): with the dealer
    as bank they keep it and the deal passes; with antes it is shared evenly, the dealer
    included, and everyone antes again. A round whose last player left ends."""
    game = game_of(tx.state)
    if game.phase == Phase.DRAW:
        draw.settle(tx, _deal, _nobody_drawing)
    elif name == game.dealer and game.banked:
        if game.phase != Phase.OVER:
            _keep_and_pass(tx)
        elif game.pot:  # the game waits for its end, and waits on without a pot
            tx.emit(PotKept(name, game.pot))
    elif pot.on_leaving(tx, name, game.dealer) and game.phase == Phase.BET:
        _after_turn(tx)  # the pot is empty: everyone antes at once
    elif game.phase == Phase.ROUND_END and not may_choose(game):
        _after_turn(tx)
    elif game.phase == Phase.BET:
        _skip_the_broke(tx)  # the next in turn may have no chips


def finish(tx: Tx) -> None:
    """End the game: the pot is split evenly; a dealer who banks keeps it."""
    game = game_of(tx.state)
    if game.banked and game.dealer is not None and game.pot:
        tx.emit(PotKept(game.dealer, game.pot))
    elif game.pot:
        pot.share(tx, game.dealer)


# What the turn kernel's decide needs of this game, put together once.
RULEBOOK = Rulebook(TITLE, MOVES, expect, kernel.halted)
