"""In-Between (RULES.md §1) with its variants as one package: its options, rules, state and
events, what it expects and shows, its words and its rules card. `GAME` is all the program
needs of it."""

from __future__ import annotations

from engine.game import Game
from engine.games.in_between import deal, rules, state, view, words
from engine.games.in_between.options import SEATS, InBetweenOptions

GAME = Game(
    id=state.GAME_ID, title=deal.TITLE, package=__name__, options=InBetweenOptions,
    new=lambda options: state.InBetween(options=options),
    seats=SEATS, uses_suits=state.USES_SUITS, needs_chips=True,
    start=deal.start, decide=rules.decide, expect=view.expect, view=view.view,
    mid_turn=rules.mid_turn, player_left=rules.player_left, finish=rules.finish,
    events=state.EVENTS, phrases=words.PHRASES, words=words.WORDS,
    screen="screens.games.in_between")
