"""Schlag den Dealer at the table: each seat's tally of sips (or points) with a bar, the values
laid out in 13 columns with how many are left and the chance of each for the next card, the
guessers in a row who missed twice (toward relieving the dealer), the turn in words, and the
prompt for each guess.

The card the dealer holds is never in the view, so nothing here can give it away. The words
stay neutral: the screen counts sips, it never urges anyone to drink."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from companion.present import RED_SUITS, SUIT_SYMBOLS, card_label, card_parts
from companion.views import CardExpected, NightView, Seat
from companion.words.i18n import Words
from companion.words.units import unit_count
from engine.games.schlag_den_dealer.view import (
    Hint,
    Owed,
    Reveal,
    SchlagEndGame,
    SchlagGuess,
    SchlagView,
    Waiting,
)
from screens import parts
from screens.card_art import small_card
from screens.games import Panel

BAR_WIDTH = 8
MISSES_TO_RELIEF = 3

RANKS = {"J": "rank.J", "Q": "rank.Q", "K": "rank.K", "A": "rank.A"}
HINTS = {Hint.HIGHER: "hint.higher", Hint.LOWER: "hint.lower"}
HINT_LINES = {Hint.HIGHER: "schlag.hint.higher", Hint.LOWER: "schlag.hint.lower"}
WAITING = {Waiting.DECK_USED: "prompt.schlag.deck_used"}
# What one more guesser missing twice does, by how many more it takes (1 to 3).
RELIEF = {1: "schlag.relief.1", 2: "schlag.relief.2", 3: "schlag.relief.3"}
RELIEF_CHOOSES = {1: "schlag.relief.chooses.1", 2: "schlag.relief.chooses.2",
                  3: "schlag.relief.chooses.3"}
WHY = {"first_hit": "why.first_hit", "second_hit": "why.second_hit", "miss": "why.miss",
       "stupid_guess": "why.stupid_guess", "exact_card": "why.exact_card"}


def _table(view: NightView) -> SchlagView:
    if isinstance(view.table, SchlagView):
        return view.table
    raise TypeError(f"Schlag den Dealer's panel cannot draw {type(view.table).__name__}")


def rank_word(words: Words, rank: str) -> str:
    """A value as the screen's language prints it (German: B, D, K for J, Q, K)."""
    return words(RANKS[rank]) if rank in RANKS else rank


def value_name(card: str) -> str:
    """The column a laid-out card goes to: its rank as printed (A, 2-10, J, Q, K)."""
    return card_parts(card)[1]


def sip_bar(sips: int, most: int, width: int = BAR_WIDTH) -> Text:
    """A bar as long as `sips` against the table's highest tally, in eighths of a cell."""
    if sips <= 0 or most <= 0:
        return Text("")
    eighths = max(1, round(sips * width * 8 / most))
    full, rest = divmod(eighths, 8)
    return Text("█" * full + (" ▏▎▍▌▋▊▉"[rest] if rest else ""), style="magenta")


def value_table(view: NightView, words: Words) -> Table:
    """The seed's face-up rows: one column per value in playing order (the ace first, or
    last with ace_high), a suit mark per card laid out, how many are left and the chance
    that the next card has that value."""
    table_ = _table(view)
    values = list(table_.values_out)
    laid: dict[str, list[str]] = {value: [] for value in values}
    for card in view.seen:
        laid[value_name(card)].append(card)
    table = Table(title=words("schlag.values"), show_header=True, box=None, padding=(0, 0),
                  title_justify="left", title_style="bold")
    table.add_column("", width=8, no_wrap=True, overflow="ellipsis")
    for value in values:
        table.add_column(rank_word(words, value), justify="center", width=3)
    for row in range(max(1, max(len(cards) for cards in laid.values()))):
        table.add_row("", *[_mark(cards[row]) if row < len(cards) else Text("·", style="dim")
                            for cards in laid.values()])
    left = {value: 4 - len(cards) for value, cards in laid.items()}
    table.add_row(Text(words("schlag.left"), style="dim"),
                  *[Text(str(left[value]), style="bold" if left[value] else "dim")
                    for value in values])
    chances, percent = table_.chances, table_.percent
    best = max(chances.values(), default=0.0)
    table.add_row(Text(words("schlag.chance"), style="dim"),
                  *[Text(f"{percent[value]}" if chances[value] else "–",
                         style="bold green" if chances[value] == best and best else "")
                    for value in values])
    return table


def _mark(card: str) -> Text:
    _, _, suit = card_parts(card)
    if suit is None:  # entered without its suit: only the value matters in this game
        return Text("▪", style="bold")
    return Text(SUIT_SYMBOLS[suit], style="bold red" if suit in RED_SUITS else "bold")


def miss_meter(view: NightView, words: Words) -> Text:
    """The guessers in a row who missed twice, 0 to 3, counted toward relieving the dealer
    (the third relieves them): the dots, the count in words, and what one more miss does."""
    table = _table(view)
    text = Text()
    for index in range(MISSES_TO_RELIEF):
        text.append("● " if index < table.misses else "○ ",
                    style="bold yellow" if index < table.misses else "dim")
    text.append(" " + words("schlag.misses", count=table.misses, limit=MISSES_TO_RELIEF) + "\n",
                style="bold")
    left = max(1, MISSES_TO_RELIEF - table.misses)
    relief = RELIEF_CHOOSES if table.dealer_chooses else RELIEF
    text.append(words(relief[left], dealer=table.dealer or "—"), style="dim")
    return text


def _owed_text(owed: Owed, view: NightView, words: Words) -> str:
    return (f"{owed.player}: {unit_count(words, _table(view).unit, owed.sips)} "
            f"({words(WHY[owed.why]) if owed.why in WHY else owed.why})")


def _card_word(card: str, words: Words) -> str:
    label = card_label(card)
    rank = value_name(card)
    return rank_word(words, rank) + label[len(rank):]


def _joined(guesses: tuple[int, ...], words: Words) -> str:
    names = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
    return ", ".join(rank_word(words, names.get(guess, str(guess))) for guess in guesses)


class SchlagPanel(Panel):

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        return [(f"{words('dealer')}: {view.dealer}", "")] if view.dealer else []

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        # A game of sips: the tally, not the stack.
        most = max(other.sips for other in view.players.values())
        return parts.SeatRow(Text(unit_count(words, _table(view).unit, seat.sips),
                                  style="bold"), sip_bar(seat.sips, most))

    def pot(self, view: NightView, words: Words) -> Text:
        return parts.pot_line(words("cards_left"), view.deck_remaining)

    def cards(self, view: NightView, words: Words) -> RenderableType:
        """The turn in words (the guesses, higher or lower once the card is known, whether
        the card is in) and the last turn with its card and who owed what."""
        table = _table(view)
        expect = view.expect
        lines: list[Text] = []
        guessing = isinstance(expect, SchlagGuess) or (
            isinstance(expect, CardExpected) and expect.slot == Reveal.REVEAL)
        if guessing:
            if table.guesses:
                line = Text(words("schlag.guessed", player=table.turn or "",
                                  guesses=_joined(table.guesses, words)), style="bold")
                if isinstance(expect, SchlagGuess) and expect.hint:
                    line.append("  →  " + words(HINT_LINES[expect.hint]), style="bold cyan")
                lines.append(line)
            lines.append(Text(words("schlag.card_in" if table.card_in else "schlag.card_out"),
                              style="dim"))
            for owed in table.owed_now:  # a stupid guess costs at once
                lines.append(Text(_owed_text(owed, view, words), style="magenta"))
        last = table.last
        if last and last.dealer and table.dealer not in (None, last.dealer):
            lines.append(Text(words("schlag.relieved", dealer=last.dealer,
                                    new_dealer=table.dealer), style="bold yellow"))
        if last:
            caption = [Text(words("schlag.last", guesser=last.guesser,
                                  guesses=_joined(last.guesses, words),
                                  card=_card_word(last.card, words)), style="bold"),
                       *[Text(_owed_text(owed, view, words)) for owed in last.owed]]
            lines.append(Text(""))
            for index, row in enumerate(small_card(last.card)):
                row = row.copy()
                row.no_wrap, row.overflow = True, "ellipsis"  # a wrapped caption breaks it
                if index < len(caption):
                    row.append("  ")
                    row.append_text(caption[index])
                lines.append(row)
        return Group(*lines)

    def side(self, view: NightView, words: Words) -> RenderableType:
        """The values laid out with their chances, then the miss meter; while the deal is
        drawn for, only the cards drawn."""
        if _table(view).drawing:
            drawn = "  ".join(card_label(card) for card in view.seen) or "—"
            return Text(words("schlag.drawing", cards=drawn), style="bold")
        return Group(value_table(view, words), Text(""), miss_meter(view, words))

    def prompt(self, view: NightView, words: Words) -> str:
        expect = view.expect
        if isinstance(expect, SchlagGuess):
            if expect.attempt > 1:
                key = ("prompt.guess.second" if expect.hint
                       else "prompt.guess.second.unknown")
            else:
                key = ("prompt.guess.card_in" if expect.card_in else
                       "prompt.guess.suits" if expect.suits else "prompt.guess")
            hint = words(HINTS[expect.hint]) if expect.hint else ""
            return words(key, player=expect.player, hint=hint)
        if isinstance(expect, CardExpected) and expect.slot == Reveal.REVEAL:
            key = "prompt.card.reveal.suits" if expect.suits else "prompt.card.reveal"
            return words(key, player=expect.player or "—")
        if isinstance(expect, SchlagEndGame) and expect.why in WAITING:
            return words(WAITING[expect.why])
        return super().prompt(view, words)
