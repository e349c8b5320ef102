"""Each game's panel: how its table is drawn and what its own keys mean.

A game's screen package (`screens/games/<game>/`, or one of another distribution) exports
`PANEL`, an instance of a `Panel` subclass; the game's `Game.screen` names the package, and
the table imports it the first time that game is on the table (`panel_for`), so no screen
reads a game's keys to guess which game it is and no screen names a game.
"""

from __future__ import annotations

import importlib
from typing import ClassVar

import msgspec
from rich.console import Group, RenderableType
from rich.text import Text

from companion.commands import Bet, Command, Pass, PlayCard
from companion.games import screen_of
from companion.i18n import Words, add_words
from companion.views import (
    BetExpected,
    CardExpected,
    Expect,
    NextDealerExpected,
    NightView,
    Seat,
    Slot,
    TooFewExpected,
    TurnView,
)
from screens import parts
from screens.card_art import big_card, side_by_side, small_card
from screens.keys import NOT_MINE, Entered, KeyEntry


class Panel:
    """The table of a game with no panel of its own, and the defaults every panel starts
    from: the seats with their stacks, the pot, the turn's cards, the cards out."""

    narrow_side: ClassVar[bool] = False  # its right-hand side needs less room

    # --- the table ---------------------------------------------------------------------

    def title(self, view: NightView, words: Words) -> Text:
        text = Text(f"{view.name or words('title')}", style="bold")
        if view.game is not None:
            text.append(f"  ·  {view.game_title or view.game}")
        for part, style in self.title_parts(view, words):
            text.append(f"  ·  {part}", style=style)
        return text

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        """What follows the game's name in the title line, with its style."""
        parts_: list[tuple[str, str]] = []
        if isinstance(view.table, TurnView) and view.table.round:
            parts_.append((words("round.open", round=view.table.round), ""))
        if view.table is not None and view.dealer:
            parts_.append((f"{words('dealer')}: {view.dealer}", ""))
        return parts_

    def seats(self, view: NightView, words: Words) -> RenderableType:
        return parts.seats_grid(view, lambda name, seat: self.seat(view, name, seat, words))

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        # The open bet lies in front of its player.
        bet = view.table.bet if isinstance(view.table, TurnView) else 0
        before = [words("bet", amount=bet)] if bet and name == view.turn else []
        return parts.SeatRow(parts.stack(seat), parts.seat_note(view, name, seat, words, before))

    def pot(self, view: NightView, words: Words) -> Text:
        return parts.pot_line(words("pot"), view.pot)

    def cards(self, view: NightView, words: Words) -> RenderableType:
        """The turn's cards, large where they fit."""
        hand = view.table.hand if isinstance(view.table, TurnView) else ()
        return parts.Fitted(lambda width: cards_row([("", list(hand))], words, width))

    def warning(self, view: NightView, words: Words) -> str | None:
        return None

    def side(self, view: NightView, words: Words) -> RenderableType:
        return parts.seen_grid(view, words, suits=view.table.suits if view.table else True)

    def below(self, view: NightView, words: Words) -> RenderableType:
        return ""

    # --- the prompt and the keys -------------------------------------------------------

    def prompt(self, view: NightView, words: Words) -> str:
        """What the dealer enters next, in the screen's language, with its limits."""
        expect = view.expect
        if isinstance(expect, CardExpected):
            text = words(f"prompt.card.{expect.slot}", player=expect.player or "—")
            return text + "".join(words(f"prompt.declare.{choice}")
                                  for choice in expect.declare)
        if isinstance(expect, BetExpected):
            key = "prompt.bet" if expect.passing else "prompt.bet.no_pass"
            text = words(key, player=expect.player, min=expect.min, max=expect.max)
            return text + "".join(words(f"prompt.declare.{choice}")
                                  for choice in expect.declare)
        if isinstance(expect, NextDealerExpected):
            choices = "  ".join(f"{number} = {name}"
                                for number, name in enumerate(expect.choices, 1))
            return words("prompt.next_dealer", player=expect.player, choices=choices)
        if isinstance(expect, TooFewExpected):  # fewer left than the game takes
            span = (words("prompt.too_few.span", minimum=expect.minimum, maximum=expect.maximum)
                    if expect.maximum is not None else
                    words("prompt.too_few.at_least", minimum=expect.minimum))
            return words("prompt.too_few.pot" if view.pot else "prompt.too_few",
                         game=view.game_title, span=span, players=expect.players)
        if expect.kind == "end_game":
            return words("prompt.end_game", reason=expect.prompt)
        if expect.kind in ("start_game", "night_over", "start_night"):
            return words(f"prompt.{expect.kind}")
        return expect.prompt

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        """A key this game means something by (before the keys every game shares): the
        command once the entry is whole, None while it is not, NOT_MINE if the key is
        not the game's own."""
        return NOT_MINE

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        """Whether a suit is typed next in this game's own entry (None: the shared rule)."""
        return None

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        """How this game shows what is typed so far (None: as typed)."""
        return None

    def suit_hint(self, entry: KeyEntry, expect: Expect) -> str:
        """The words key of the hint while a suit is typed next."""
        return "keys.now_suit"

    def allowed(self, entry: KeyEntry, expect: Expect) -> str | None:
        """The words key saying which keys fit now in this game's own entry (None: the
        shared one for the kind)."""
        return None

    def refused(self, entry: KeyEntry, command: Command, params: dict[str, object]) -> None:
        """What stays typed after the rules refused `command` (`params`: the refusal's
        details): nothing, unless the game keeps a long entry to be mended."""
        entry.clear()

    def game_key(self, name: str) -> Command | None:
        """The command a key of the game's own makes (`name`: its action), if it has one."""
        return None

    # --- the correct dialog: retyping an entry of the past -------------------------------

    def editor(self, command: Command, suits: bool) -> Expect | None:
        """What the dealer types to retype `command` in a correction (None: it is not
        retyped by keys; `suits`: the game's cards take a suit)."""
        if isinstance(command, PlayCard):
            return CardExpected(prompt="", slot=Slot.DRAW, suits=suits)
        if isinstance(command, Bet | Pass):
            return BetExpected(prompt="", player="", min=0, max=0, passing=True)
        return None

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        """The retyped entry in the original's form: a player the original named stays
        named."""
        player = original.named_player
        if player is not None and "player" in retyped.__struct_fields__:
            return msgspec.structs.replace(retyped, player=player)
        return retyped


def cards_row(groups: list[tuple[str, list[str]]], words: Words, width: int,
              extra: list[Text] | None = None) -> RenderableType:
    """Cards side by side in labelled groups, big where `width` allows, small where not."""
    count = sum(len(cards) for _, cards in groups)
    if not count:
        return Group(*extra) if extra else Text("")
    drawn = big_card if 9 * count + 3 <= width else small_card
    lines = side_by_side([(label, [drawn(card) for card in cards]) for label, cards in groups])
    return Group(*lines, *(extra or []))


PANELS: dict[str, Panel] = {}
TABLE = Panel()  # between games, and for a game with no panel of its own


def panel_for(view: NightView) -> Panel:
    """The panel of the game on the table, its screen package imported on first use."""
    if view.game is None:
        return TABLE
    panel = PANELS.get(view.game)
    if panel is None:
        module = screen_of(view.game)
        found = getattr(importlib.import_module(module), "PANEL", None) if module else None
        panel = PANELS[view.game] = found if isinstance(found, Panel) else TABLE
    return panel


def words_of(texts: dict[str, dict[str, str]]) -> None:
    """A panel module's own words, by language, for the screen's `Words`."""
    for language, table in texts.items():
        add_words(language, table)
