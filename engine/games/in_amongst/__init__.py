"""In-Amongst (RULES.md §3) as one package: its options, rules, state and events, what it
expects and shows, its words and its rules card. `GAME` is all the program needs of it."""

from __future__ import annotations

from engine.game import Game
from engine.games.in_amongst import rules, state, view, words
from engine.games.in_amongst.options import InAmongstOptions

GAME = Game(
    id=state.GAME_ID, title=rules.TITLE, package=__name__, options=InAmongstOptions,
    new=lambda options: state.InAmongst(options=options),
    seats=rules.SEATS, uses_suits=view.USES_SUITS, needs_chips=True,
    start=rules.start, decide=rules.decide, expect=view.expect, view=view.view,
    mid_turn=rules.mid_turn, player_left=rules.player_left, finish=rules.finish,
    events=state.EVENTS, phrases=words.PHRASES, words=words.WORDS,
    screen="screens.games.in_amongst")
