"""In-Between at the table: the first cards in front of the seats, the turn's cards (a
split's two hands side by side, cards still face down as backs, the gap bet on with three
posts), the warning on a pair or neighbours, the odds of the spread, and the prompt for
each of its cards and bets."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from companion.present import card_label, card_parts
from companion.views import CardExpected, NightView, Seat
from companion.words.i18n import Words
from engine.games.in_between.state import Slot
from engine.games.in_between.view import InBetweenBet, InBetweenCard, InBetweenView
from screens import parts
from screens.card_art import big_card, card_back, side_by_side, small_card
from screens.games import Panel

WARNINGS = {"pair": "warning.pair", "neighbours": "warning.neighbours"}
# After these cards the prompt recalls an ace declared low.
LOW_ACE_RECALLED = (Slot.SECOND, Slot.SHOWN_SECOND)


def _table(view: NightView) -> InBetweenView:
    if isinstance(view.table, InBetweenView):
        return view.table
    raise TypeError(f"In-Between's panel cannot draw {type(view.table).__name__}")


class InBetweenPanel(Panel):
    SLOT_PROMPTS = {**Panel.SLOT_PROMPTS,
                    Slot.FIRST: "prompt.card.first", Slot.SECOND: "prompt.card.second",
                    Slot.THIRD: "prompt.card.third", Slot.FOURTH: "prompt.card.fourth",
                    Slot.SHOWN_FIRST: "prompt.card.shown_first",
                    Slot.SHOWN_SECOND: "prompt.card.shown_second"}
    CHOICE_PROMPTS = {"low_ace": "prompt.declare.low_ace", "split": "prompt.declare.split"}

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        table = _table(view)
        found: list[tuple[str, str]] = []
        if table.round and table.rounds:
            found.append((words("round", round=table.round, rounds=table.rounds), ""))
        elif table.round:
            found.append((words("round.open", round=table.round), ""))
        if table.dealer:
            found.append((f"{words('dealer')}: {table.dealer}", ""))
        if table.last_dealer_result:
            found.append((words("last_dealer", dealer=table.last_dealer_result.dealer,
                                result=table.last_dealer_result.result), "italic"))
        if table.everyone_dealt:
            found.append((words("everyone_dealt"), "green"))
        return found

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        table = _table(view)
        before: list[str] = []
        down = table.face_down.get(name)
        if down:
            before.append(("▚ " * down).rstrip())
        if table.bet and name == table.turn:
            before.append(words("bet", amount=table.bet))
        first = table.first_cards.get(name)
        if first:
            before.append(card_label(first))
        return parts.stack_row(view, name, seat, words, before)

    def cards(self, view: NightView, words: Words) -> RenderableType:
        return parts.Fitted(lambda width: self._cards(view, words, width))

    def _cards(self, view: NightView, words: Words, width: int) -> RenderableType:
        table = _table(view)
        split = table.split
        count = len(table.hand) + (len(split.other) if split else 0)
        drawn = big_card if 9 * count + 3 <= width else small_card
        hand = [drawn(card) for card in table.hand]
        hand += [card_back()] * table.face_down.get(table.turn or "", 0)
        if split:
            other = [drawn(card) for card in split.other]
            one, two = (hand, other) if split.hand == 1 else (other, hand)
            groups = [(words("hand", hand=1) + (" ◀" if split.hand == 1 else ""), one),
                      (words("hand", hand=2) + (" ◀" if split.hand == 2 else ""), two)]
        elif hand:
            groups = [("", hand)]
        elif table.low_ace:  # declared, the second card not yet in
            return Text(words("low_ace.shown"), style="bold cyan")
        else:
            return Text("")
        lines = side_by_side(groups)
        low_ace = table.low_ace and table.gap != 2

        def rank(card: str) -> int:  # an ace declared low sorts below the 2
            return 1 if low_ace and card_parts(card)[0] == 14 else card_parts(card)[0]

        if table.gap and len(table.spread) == 2:
            low, high = (card_label(card) for card in sorted(table.spread, key=rank))
            key = "gap.second" if table.gap == 2 else "gap.first"
            lines.append(Text(words(key, low=low, high=high), style="bold yellow"))
        if low_ace and table.hand:
            lines.append(Text(words("low_ace.shown"), style="bold cyan"))
        return Group(*lines)

    def warning(self, view: NightView, words: Words) -> str | None:
        bet = view.expect
        if not isinstance(bet, InBetweenBet):
            return None
        if bet.warning_kind is not None and bet.ranks:
            low, high = bet.ranks
            return words(WARNINGS[bet.warning_kind], rank=low, low=low, high=high)
        return bet.warning

    def side(self, view: NightView, words: Words) -> RenderableType:
        return parts.seen_grid(view, words, suits=False)

    def below(self, view: NightView, words: Words) -> RenderableType:
        table = _table(view)
        text = Text(words("odds.fourth" if table.gap == 2 else "odds") + "\n", style="bold")
        if table.odds is None:
            text.append(words("odds.none"))
        else:
            text.append(words("odds.line", win=table.odds.win, post=table.odds.post,
                              lose=table.odds.lose))
        return text

    def prompt(self, view: NightView, words: Words) -> str:
        expect = view.expect
        if isinstance(expect, CardExpected) and expect.slot in self.SLOT_PROMPTS:
            key = ("prompt.card.shown_first.no_pass"
                   if expect.slot == Slot.SHOWN_FIRST and not expect.passing
                   else self.SLOT_PROMPTS[expect.slot])
            text = words(key, player=expect.player or "—")
            if _table(view).low_ace and expect.slot in LOW_ACE_RECALLED:
                text += words("prompt.low_ace_declared")
            if isinstance(expect, InBetweenCard) and expect.hand:
                text += words("prompt.hand", hand=expect.hand)
            return text + self.choices(expect.declare, words)
        if isinstance(expect, InBetweenBet):
            if expect.gap == 2:
                text = words("prompt.bet.second", player=expect.player, min=expect.min,
                             max=expect.max)
            else:
                text = words("prompt.bet" if expect.passing else "prompt.bet.no_pass",
                             player=expect.player, min=expect.min, max=expect.max)
            if expect.hand:
                text += words("prompt.hand", hand=expect.hand)
            return text + self.choices(expect.declare, words)
        return super().prompt(view, words)

