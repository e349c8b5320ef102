"""Busfahrer (RULES.md §6) as one package: its options, its calls, gives and the dealer's word
on the driver, its rules, state and events, what it expects and shows (with the odds of the
call), its words and its rules cards. `GAME` is all the program needs of it."""

from __future__ import annotations

from engine.game import Count, Game
from engine.games.busfahrer import commands, rules, state, view, words
from engine.games.busfahrer.options import MOST_PLAYERS, BusfahrerOptions
from engine.seats import Seats

GAME = Game(
    id=state.GAME_ID, title=rules.TITLE, package=__name__, options=BusfahrerOptions,
    new=lambda options: state.Busfahrer(options=options),
    seats=Seats(2, MOST_PLAYERS), uses_suits=view.USES_SUITS, needs_chips=False,
    start=rules.start, decide=rules.decide, expect=view.expect, view=view.view,
    mid_turn=rules.mid_turn, player_left=rules.player_left, finish=rules.finish,
    commands=commands.COMMANDS, expectations=commands.EXPECTATIONS, events=state.EVENTS,
    phrases=words.PHRASES, words=words.WORDS, screen="screens.games.busfahrer",
    # The history counts each player's rides of the bus beside their sips.
    counts=(Count("rides", "count.rides", state.DriverFound, lambda e: e.driver),),
    sip_unit_of=lambda options: options.unit)
