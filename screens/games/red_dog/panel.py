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
from screens.games import Panel, words_of

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "prompt.card.burn": "the burned card (rank and suit)",
        "prompt.card.turn": "the card turned for {player} (rank and suit)",
        "prompt.card.middle": "a card in the middle, until one of 6 or lower (rank and suit)",
        "prompt.bet.stake": "{player} stakes the pot: {min}–{max}",
        "prompt.show": "{player} shows a higher {suit} than the {turned}, or the whole hand of "
                       "{hand_size}: each card as rank then suit, then Enter",
        "prompt.show.ace": "{player} shows the whole hand of {hand_size} (nothing beats the "
                           "{turned}): each card as rank then suit, then Enter",
        "clue": "Still unseen: {count} {suit} above the {turned}",
        "clue.title": "The turned card",
        "prompt.declare": "{player}: k = keep the pot of {pot} and pass the deal, a = deal a "
                          "fourth round",
        "burned": "burned",
        "turned": "turned",
        "passed_over": "passed over",
        "shown.won": "last: {player} showed {cards} and won {bet}",
        "shown.won_with": "last: {player} showed {cards}: {winner} won {bet}",
        "shown.lost": "last: {player} showed {cards} and lost {bet}",
        "rounds_in_a_row": "round {n} in a row",
        "keys.allowed.show": "each card as its rank then its suit, then Enter",
        "key.split_pot": "Split the pot",
    },
    "de": {
        "prompt.card.burn": "Die verbrannte Karte (Wert und Farbe)",
        "prompt.card.turn": "Die aufgedeckte Karte für {player} (Wert und Farbe)",
        "prompt.card.middle": "Eine Karte in der Mitte, bis eine 6 oder niedriger kommt "
                              "(Wert und Farbe)",
        "prompt.bet.stake": "{player} stellt den Pot: {min}–{max}",
        "prompt.show": "{player} zeigt eine höhere {suit} als {turned} oder die ganze Hand aus "
                       "{hand_size}: jede Karte als Wert, dann Farbe, dann Enter",
        "prompt.show.ace": "{player} zeigt die ganze Hand aus {hand_size} (nichts schlägt "
                           "{turned}): jede Karte als Wert, dann Farbe, dann Enter",
        "clue": "Noch ungesehen: {count} {suit} über {turned}",
        "clue.title": "Die aufgedeckte Karte",
        "prompt.declare": "{player}: k = den Pot von {pot} behalten und weitergeben, a = eine "
                          "vierte Runde geben",
        "burned": "verbrannt",
        "turned": "aufgedeckt",
        "passed_over": "übergangen",
        "shown.won": "zuletzt: {player} zeigte {cards} und gewann {bet}",
        "shown.won_with": "zuletzt: {player} zeigte {cards}: {winner} gewann {bet}",
        "shown.lost": "zuletzt: {player} zeigte {cards} und verlor {bet}",
        "rounds_in_a_row": "Runde {n} am Stück",
        "keys.allowed.show": "jede Karte als Wert und dann Farbe, danach Enter",
        "key.split_pot": "Pot teilen",
    },
}

words_of(WORDS)



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
