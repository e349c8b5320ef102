"""Casino Red Dog (RULES.md §2) as one package: its options, its raise, rules, state and
events, what it expects and shows, its words and its rules card. `GAME` is all the program
needs of it."""

from __future__ import annotations

from engine.game import Game
from engine.games.casino_red_dog import commands, rules, state, view, words
from engine.games.casino_red_dog.options import CasinoOptions

GAME = Game(
    id=state.GAME_ID, title=rules.TITLE, package=__name__, options=CasinoOptions,
    new=lambda options: state.CasinoRedDog(options=options),
    seats=rules.SEATS, uses_suits=view.USES_SUITS, needs_chips=True,
    start=rules.start, decide=rules.decide, expect=view.expect, view=view.view,
    mid_turn=rules.mid_turn, player_left=rules.player_left, finish=rules.finish,
    commands=commands.COMMANDS, events=state.EVENTS, phrases=words.PHRASES, words=words.WORDS,
    screen="screens.games.casino_red_dog")
