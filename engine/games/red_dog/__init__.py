"""Red Dog / High Card Pool (RULES.md §4) as one package: its options, its shown hands and
split pots, rules, state and events, what it expects and shows, its words and its rules card.
`GAME` is all the program needs of it."""

from __future__ import annotations

from engine.game import Game
from engine.games.red_dog import commands, rules, state, view, words
from engine.games.red_dog.options import RedDogOptions

GAME = Game(
    id=state.GAME_ID, title=rules.TITLE, package=__name__, options=RedDogOptions,
    new=lambda options: state.RedDog(options=options),
    seats=rules.SEATS, uses_suits=view.USES_SUITS,
    needs_chips=True, start=rules.start, decide=rules.decide, expect=view.expect,
    view=view.view, mid_turn=rules.mid_turn, player_left=rules.player_left,
    finish=rules.finish, commands=commands.COMMANDS,
    expectations=(commands.ShowExpected,), events=state.EVENTS, phrases=words.PHRASES,
    words=words.WORDS, screen="screens.games.red_dog")
