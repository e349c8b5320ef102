"""Schlag den Dealer (RULES.md §5) as one package: its options, its guess, rules, state and
events, what it expects and shows, its words and its rules card. `GAME` is all the program
needs of it."""

from __future__ import annotations

from engine.game import Game
from engine.games.schlag_den_dealer import commands, rules, state, view, words
from engine.games.schlag_den_dealer.options import SchlagOptions

GAME = Game(
    id=state.GAME_ID, title=rules.TITLE, package=__name__, options=SchlagOptions,
    new=lambda options: state.Schlag(options=options),
    seats=rules.SEATS, uses_suits=rules.USES_SUITS,
    needs_chips=False, start=rules.start, decide=rules.decide, expect=view.expect,
    view=view.view, mid_turn=rules.mid_turn, player_left=rules.player_left,
    finish=rules.finish, commands=commands.COMMANDS,
    expectations=(commands.GuessExpected,), events=state.EVENTS, phrases=words.PHRASES,
    words=words.WORDS, screen="screens.games.schlag_den_dealer",
    sip_unit_of=lambda options: options.unit)
