"""In-Amongst (RULES.md §3) as one package: its rules, its state and events, what it expects
and shows, its words and its rules card."""

from __future__ import annotations

from engine.family import Family
from engine.games.in_amongst import rules, state, view, words

FAMILY = Family(
    preset=state.PRESET, title=rules.TITLE, package=__name__,
    options=tuple(option.translated("de", words.OPTIONS_DE.get(option.name))
                  for option in rules.OPTIONS),
    uses_suits=view.USES_SUITS, needs_chips=True,
    initial_state=lambda options: state.InAmongst(options=options),
    check_options=rules.check_options, start=rules.start, decide=rules.decide,
    expect=view.expect, view=view.view, mid_turn=rules.mid_turn,
    without_player=state.without_player, player_left=rules.player_left, finish=rules.finish,
    phrases=words.PHRASES, refusals_de=words.REFUSALS_DE)
