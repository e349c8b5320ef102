"""How a game's table is drawn: `Panel`, the defaults every game's panel starts from (the
seats with their stacks, the pot, the turn's cards, the cards out, the prompt for what the
table's own expectations ask), and the table between games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text

from companion.views import (
    BetExpected,
    CardExpected,
    EndGameExpected,
    Expect,
    NextDealerExpected,
    NightOverExpected,
    NightView,
    Seat,
    Slot,
    StartGameExpected,
    StartNightExpected,
    TooFewExpected,
    TurnView,
)
from companion.words.i18n import Words
from screens import parts
from screens.card_art import big_card, side_by_side, small_card

# The table's own moments when nothing of a game is entered, and their words.
BETWEEN_GAMES: tuple[tuple[type[Expect], str], ...] = (
    (StartGameExpected, "prompt.start_game"), (NightOverExpected, "prompt.night_over"),
    (StartNightExpected, "prompt.start_night"))


class Panel:
    """The table of a game with no panel of its own, and the defaults every panel starts
    from: the seats with their stacks, the pot, the turn's cards, the cards out."""

    # The words key of the prompt for a card of each slot (`{player}` is whose card it is).
    # The kernel's draw for the deal is every game's; a game's panel adds its own slots.
    SLOT_PROMPTS: ClassVar[Mapping[str, str]] = {Slot.DRAW: "prompt.card.draw"}
    # The words key that offers a choice the expectation allows instead of the entry (the
    # letter is the game's key map's).
    CHOICE_PROMPTS: ClassVar[Mapping[str, str]] = {}

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
        # Where a row does not fit (a German note at 80 columns), each seat says the least.
        return parts.seats_fitted(view, lambda name, seat: self.seat(view, name, seat, words))

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        # The open bet lies in front of its player.
        bet = view.table.bet if isinstance(view.table, TurnView) else 0
        before = [words("bet", amount=bet)] if bet and name == view.turn else []
        return parts.stack_row(view, name, seat, words, before)

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

    # --- the prompt ----------------------------------------------------------------------

    def prompt(self, view: NightView, words: Words) -> str:
        """What the dealer enters next, in the screen's language, with its limits; the
        engine's own English for what this panel has no words for."""
        expect = view.expect
        if isinstance(expect, CardExpected):
            key = self.SLOT_PROMPTS.get(expect.slot)
            text = words(key, player=expect.player or "—") if key else expect.prompt
            return text + self.choices(expect.declare, words)
        if isinstance(expect, BetExpected):
            key = "prompt.bet" if expect.passing else "prompt.bet.no_pass"
            text = words(key, player=expect.player, min=expect.min, max=expect.max)
            return text + self.choices(expect.declare, words)
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
        if isinstance(expect, EndGameExpected):
            return words("prompt.end_game", reason=expect.prompt)
        for kind, key in BETWEEN_GAMES:
            if isinstance(expect, kind):
                return words(key)
        return expect.prompt

    def choices(self, offered: tuple[str, ...], words: Words) -> str:
        """The words offering each choice the expectation allows instead of the entry."""
        return "".join(words(self.CHOICE_PROMPTS[choice]) for choice in offered
                       if choice in self.CHOICE_PROMPTS)


def cards_row(groups: list[tuple[str, list[str]]], words: Words, width: int,
              extra: list[Text] | None = None) -> RenderableType:
    """Cards side by side in labelled groups, big where `width` allows, small where not."""
    count = sum(len(cards) for _, cards in groups)
    if not count:
        return Group(*extra) if extra else Text("")
    drawn = big_card if 9 * count + 3 <= width else small_card
    lines = side_by_side([(label, [drawn(card) for card in cards]) for label, cards in groups])
    return Group(*lines, *(extra or []))
