"""Red Dog at the table: the burned and the turned card side by side, the cards passed over
(Slippery Sam), the last hand shown, and how many higher cards of the turned suit nobody has
seen; the prompt for each of its cards, the stake, the shown hand and shoot's choice."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from companion.present import SUIT_SYMBOLS, card_label, card_parts
from companion.views import BetExpected, NightView
from companion.words.i18n import Words
from engine.games.red_dog.commands import ShowExpected
from engine.games.red_dog.state import Slot
from engine.games.red_dog.view import BetSlot, RedDogView, ShootChoice
from screens.card_art import big_card, side_by_side
from screens.games import Panel


def _table(view: NightView) -> RedDogView:
    if isinstance(view.table, RedDogView):
        return view.table
    raise TypeError(f"Red Dog's panel cannot draw {type(view.table).__name__}")


class RedDogPanel(Panel):
    SLOT_PROMPTS = {**Panel.SLOT_PROMPTS, Slot.BURN: "prompt.card.burn",
                    Slot.TURN: "prompt.card.turn", Slot.MIDDLE: "prompt.card.middle"}

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        found = super().title_parts(view, words)
        if _table(view).rounds_dealt:
            found.append((words("rounds_in_a_row", n=_table(view).rounds_dealt), ""))
        return found

    def cards(self, view: NightView, words: Words) -> RenderableType:
        table = _table(view)
        groups = [(words(name), [big_card(card)]) for name, card in (
            ("burned", table.burned), ("turned", table.turned)) if card]
        lines = side_by_side(groups) if groups else []
        if table.passed_over:
            lines.append(Text(f"{words('passed_over')}: "
                              + " ".join(card_label(card) for card in table.passed_over)))
        shown = table.last_shown
        if shown:
            # A whole hand laid down that held a winning card names the card that won.
            key = ("shown.lost" if not shown.won else "shown.won" if len(shown.cards) == 1
                   else "shown.won_with")
            lines.append(Text(words(key, player=shown.player, bet=shown.bet,
                                    cards=" ".join(card_label(card) for card in shown.cards),
                                    winner=card_label(shown.winner) if shown.winner else ""),
                              style="green" if shown.won else "dim"))
        return Group(*lines)

    def below(self, view: NightView, words: Words) -> RenderableType:
        """How many cards of the turned card's suit above it are still unseen: the count the
        rules' tips tell players to keep."""
        text = Text(words("clue.title") + "\n", style="bold")
        turned = _table(view).turned
        if not turned:
            text.append(words("odds.none"))
            return text
        rank, _, suit = card_parts(turned)
        seen = {card_parts(card)[0] for card in view.seen if card_parts(card)[2] == suit}
        count = sum(1 for higher in range(rank + 1, 15) if higher not in seen)
        text.append(words("clue", count=count, suit=SUIT_SYMBOLS[suit or "s"],
                          turned=card_label(turned)))
        return text

    def prompt(self, view: NightView, words: Words) -> str:
        expect = view.expect
        if isinstance(expect, ShowExpected):
            _, name, suit = card_parts(expect.turned)
            # Nothing beats an ace: the whole hand is all that can be shown.
            key = "prompt.show.ace" if name == "A" else "prompt.show"
            return words(key, player=expect.player, turned=card_label(expect.turned),
                         suit=SUIT_SYMBOLS[suit or "s"], hand_size=expect.hand_size)
        if isinstance(expect, BetExpected) and expect.slot == BetSlot.STAKE:
            return words("prompt.bet.stake", player=expect.player, min=expect.min,
                         max=expect.max)
        if isinstance(expect, ShootChoice):
            return words("prompt.declare", player=expect.player, pot=expect.pot)
        return super().prompt(view, words)
