"""Red Dog at the table: the burned and the turned card side by side, the cards passed over
(Slippery Sam), the last hand shown, and how many higher cards of the turned suit nobody has
seen; `k` / `a` keep the pot or deal again after three rounds of shoot."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.console import Group, RenderableType
from rich.text import Text

from companion.commands import Command, Declare
from companion.i18n import Words
from companion.present import SUIT_SYMBOLS, card_label, card_parts, typed_label
from companion.views import (
    BetExpected,
    CardExpected,
    DeclareExpected,
    Expect,
    NightView,
)
from engine.games.red_dog.commands import Show, ShowExpected, SplitPot
from screens.card_art import big_card, side_by_side
from screens.games import Panel, words_of
from screens.keys import NOT_MINE, RANK_KEYS, SUIT_KEYS, Entered, KeyEntry

if TYPE_CHECKING:
    from engine.games.red_dog.view import RedDogView, ShootChoice

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
    },
}

words_of(WORDS)

# The letter of each choice after three rounds of shoot.
CHOICES = {"k": "keep_pot", "a": "deal_again"}


def _table(view: NightView) -> RedDogView:
    return cast("RedDogView", view.table)


class RedDogPanel(Panel):

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
        if isinstance(expect, BetExpected) and expect.slot == "stake":
            return words("prompt.bet.stake", player=expect.player, min=expect.min,
                         max=expect.max)
        if expect.kind == "declare":
            choice = cast("ShootChoice", expect)
            return words("prompt.declare", player=choice.player, pot=choice.pot)
        if isinstance(expect, CardExpected) and expect.slot in ("burn", "turn", "middle"):
            return words(f"prompt.card.{expect.slot}", player=expect.player or "—")
        return super().prompt(view, words)

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        if isinstance(expect, DeclareExpected) and not entry.buffer:
            choice = CHOICES.get(key.lower())
            if choice is not None and choice in expect.choices:
                return entry.send(Declare(choice=choice))
            return None
        if isinstance(expect, ShowExpected) and key != "backspace":
            return _show(entry, key)
        return NOT_MINE

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        if not isinstance(expect, ShowExpected):
            return None
        return entry.buffer.rsplit(" ", 1)[-1] not in ("", "1")

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        if not isinstance(expect, ShowExpected):
            return None
        shown = Text(typed_cards(entry.buffer), style="bold yellow")
        if entry.faulty:
            shown.highlight_words([entry.faulty], style="bold white on red")
        return shown

    def allowed(self, entry: KeyEntry, expect: Expect) -> str | None:
        if isinstance(expect, DeclareExpected):
            return "keys.allowed.declare"
        if isinstance(expect, ShowExpected):
            return "keys.allowed.suit" if self.suit_next(entry, expect) else "keys.allowed.show"
        return None

    def refused(self, entry: KeyEntry, command: Command, params: dict[str, object]) -> None:
        # A refused hand stays typed, the card the rules named marked, so the dealer mends
        # one card instead of typing the hand again.
        if isinstance(command, Show):
            entry.buffer = "".join(f"{card} " for card in command.cards)
            card = params.get("card")
            entry.faulty = card if isinstance(card, str) else None
        else:
            super().refused(entry, command, params)

    def game_key(self, name: str) -> Command | None:
        # ctrl+o: a pot grown too big is split evenly, by the table's agreement.
        return SplitPot() if name == "split_pot" else None

    def editor(self, command: Command, suits: bool) -> Expect | None:
        if isinstance(command, Show):
            return ShowExpected(prompt="", player="", turned="", hand_size=0)
        return super().editor(command, suits)


def typed_cards(buffer: str) -> str:
    """Cards typed for a shown hand as the dealer reads them (K♠, not ks); a card still
    waiting for its suit stays as typed."""
    return " ".join(typed_label(token) if token[-1:] in ("c", "d", "h", "s") and len(token) > 1
                    else token for token in buffer.split(" "))


def _show(entry: KeyEntry, key: str) -> Command | None:
    """Cards as rank then suit, one after another (a space goes in after each suit by
    itself); Enter shows them. `d` is a queen where a rank comes and diamonds where a suit
    does."""
    key = key.lower()
    if key == "enter":
        if entry.buffer.endswith(" ") and entry.buffer.strip():
            return entry.send(Show(cards=tuple(entry.buffer.split())))
        return None
    wants_rank = not entry.buffer or entry.buffer.endswith(" ")
    if wants_rank and (key in RANK_KEYS or key == "1"):
        entry.buffer += key
    elif entry.buffer.endswith("1") and not wants_rank:
        if key == "0":
            entry.buffer += "0"
    elif not wants_rank and key in SUIT_KEYS:
        entry.buffer += key + " "
    return None


PANEL = RedDogPanel()
