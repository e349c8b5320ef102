"""Busfahrer at the table: each player's hand face up beside their seat with their sips and
what they still give, the question of the round, the pyramid drawn as a pyramid (turned
cards shown, each row's worth marked), the bus row with its try, the odds of the call from
the cards not yet seen, and the prompt for each call, card, give and the dealer's word.

The words stay neutral: the screen counts sips, it never urges anyone to drink."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from companion.present import RED_SUITS, card_label, card_parts
from companion.views import CardExpected, NightView, Seat
from companion.words.i18n import Words
from companion.words.units import unit_count
from engine.games.busfahrer.commands import (
    CallExpected,
    DriverExpected,
    GiveExpected,
    Over,
    OverExpected,
)
from engine.games.busfahrer.state import Phase
from engine.games.busfahrer.view import BusfahrerView, Place, PyramidRow
from screens import parts
from screens.games import Panel
from screens.games.busfahrer.keys import seat_number

CELL = 3  # the cells of one card: "10♥", " K♠"
FACE_DOWN = "▒▒▒"
EMPTY = "···"
OVER = {Over.RIDDEN: "bus.over.ridden", Over.NO_RIDE: "bus.over.no_ride",
        Over.DRIVER_LEFT: "bus.over.driver_left", Over.TOO_FEW: "bus.over.too_few"}
QUESTION_PROMPTS = {1: "bus.prompt.q1", 2: "bus.prompt.q2", 3: "bus.prompt.q3",
                    4: "bus.prompt.q4"}
QUESTIONS = {1: "bus.question.1", 2: "bus.question.2", 3: "bus.question.3",
             4: "bus.question.4"}
# The words of each outcome the odds name (a face card's letter is the card's own).
OUTCOMES = {"red": "choice.red", "black": "choice.black", "higher": "choice.higher",
            "lower": "choice.lower", "inside": "choice.inside", "outside": "choice.outside",
            "c": "choice.c", "d": "choice.d", "h": "choice.h", "s": "choice.s",
            "same": "bus.odds.same", "pass": "bus.odds.pass"}


def _table(view: NightView) -> BusfahrerView:
    if isinstance(view.table, BusfahrerView):
        return view.table
    raise TypeError(f"Busfahrer's panel cannot draw {type(view.table).__name__}")


def card_word(card: str, words: Words) -> str:
    """A card as the screen's language writes it (German: B and D for J and Q)."""
    label = card_label(card)
    return label.replace("J", "B").replace("Q", "D") if words.language == "de" else label


def card_text(card: str | None, words: Words, cells: int = CELL) -> Text:
    """One card in `cells` cells at least: face up in its colour, or face down."""
    if card is None:
        return Text(FACE_DOWN, style="dim")
    suit = card_parts(card)[2]
    return Text(card_word(card, words).rjust(cells),
                style="bold red" if suit in RED_SUITS else "bold")


def cards_text(cards: tuple[str, ...] | list[str], words: Words) -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append_text(card_text(card, words))
    return text


def choice_word(choice: str, words: Words) -> str:
    key = OUTCOMES.get(choice)
    return words(key) if key is not None else card_word_of_rank(choice, words)


def card_word_of_rank(rank: str, words: Words) -> str:
    return {"J": "B", "Q": "D"}.get(rank, rank) if words.language == "de" else rank


def seated(view: NightView) -> tuple[str, ...]:
    """The players of the game in seat order: numbered 1-9, 0 at their seats."""
    hands = _table(view).hands
    return tuple(name for name in view.players if name in hands)


def pyramid(rows: tuple[PyramidRow, ...], words: Words) -> list[Text]:
    """The pyramid as it lies, its top row first, each row centred and its worth beside it."""
    widest = max(len(row.cards) for row in rows)
    lines = []
    for row in reversed(rows):
        line = Text(" " * ((widest - len(row.cards)) * (CELL + 1) // 2), no_wrap=True,
                    overflow="ellipsis")
        line.append_text(_row(row, words))
        line.append(" " * ((widest - len(row.cards)) * (CELL + 1) // 2 + 2))
        line.append(words("bus.row", row=row.row, sips=row.sips), style="dim")
        lines.append(line)
    return lines


def _row(row: PyramidRow, words: Words) -> Text:
    text = Text()
    for index, card in enumerate(row.cards):
        if index:
            text.append(" ")
        text.append_text(card_text(card, words))
    return text


class BusfahrerPanel(Panel):

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        return [(f"{words('dealer')}: {view.dealer}", "")] if view.dealer else []

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        """The sips drunk (a number alone where four cards and a German unit overflow the
        seats at 80 columns), then the player's number, the hand face up, what is still to
        give and whether they drive."""
        table = _table(view)
        note = Text()
        numbers = seated(view)
        if name in numbers:
            note.append(f"{seat_number(numbers.index(name))}: ", style="bold cyan")
        for index, card in enumerate(table.hands.get(name, ())):  # close: a seat is narrow
            note.append(" " if index else "")
            note.append_text(card_text(card, words, CELL - 1))
        if table.to_give.get(name):
            note.append("  " + words("bus.gives", sips=table.to_give[name]),
                        style="bold magenta")
        if name == table.driver:
            note.append("  " + words("bus.driver"), style="bold yellow")
        if not seat.present:
            note.append("  " + words("left"), style="dim")
        return parts.SeatRow(Text(unit_count(words, table.unit, seat.sips), style="bold"),
                             note, short_value=Text(str(seat.sips), style="bold"))

    def pot(self, view: NightView, words: Words) -> Text:
        return parts.pot_line(words("bus.cards_left"), view.deck_remaining)

    def cards(self, view: NightView, words: Words) -> RenderableType:
        """What the round is about: the question and the call said, the pyramid, the dealer's
        choice among the tied, or the bus row."""
        table = _table(view)
        lines: list[RenderableType] = []
        if table.phase == Phase.DRAW:
            drawn = "  ".join(card_word(card, words) for card in view.seen) or "—"
            return Text(words("bus.drawing", cards=drawn), style="bold")
        if table.phase == Phase.QUESTIONS and table.question:
            line = Text(words("bus.question", question=table.question) + ": "
                        + words(QUESTIONS[table.question]), style="bold")
            lines.append(line)
            if table.call is not None and view.turn:
                lines.append(Text(words("bus.calls", player=view.turn,
                                        call=choice_word(table.call, words)),
                                  style="bold cyan"))
        if table.pyramid:
            lines.append(Text(words("bus.pyramid"), style="bold"))
            lines.extend(pyramid(table.pyramid, words))
        if table.tied:
            lines.append(Text(words("bus.tied", players=", ".join(table.tied),
                                    dealer=view.dealer or "—"), style="bold yellow"))
        bus = table.bus
        if bus is not None and table.driver is not None:
            lines.append(Text(words("bus.ride", driver=table.driver, tries=bus.tries),
                              style="bold"))
            row = Text()
            for place in range(bus.length):
                if place:
                    row.append(" ")
                row.append_text(card_text(bus.cards[place], words) if place < len(bus.cards)
                                else Text(EMPTY, style="dim"))
            if bus.call is not None:
                row.append("  " + choice_word(bus.call, words) + "?", style="bold cyan")
            lines.append(row)
        return Group(*lines)

    def side(self, view: NightView, words: Words) -> RenderableType:
        return parts.seen_grid(view, words, suits=True)

    def below(self, view: NightView, words: Words) -> RenderableType:
        """The odds of the call the table waits for, best in green."""
        odds = _table(view).odds
        if not odds:
            return ""
        best = max(odds.values())
        return Group(Text(words("bus.odds"), style="bold"), parts.Flowing(
            [Text(f"{choice_word(outcome, words)} {percent} %",
                  style="bold green" if percent == best and best else "")
             for outcome, percent in odds.items()], Text(" · ", style="dim")))

    def prompt(self, view: NightView, words: Words) -> str:
        expect = view.expect
        table = _table(view)
        if isinstance(expect, CallExpected):
            hand = table.hands.get(expect.player, ())
            if expect.question:
                return words(QUESTION_PROMPTS[expect.question], player=expect.player,
                             first=_nth(hand, 0, words), second=_nth(hand, 1, words))
            bus = table.bus
            last = bus.cards[-1] if bus is not None and bus.cards else None
            return words("bus.prompt.ride.call", player=expect.player, place=expect.place,
                         length=bus.length if bus else 0,
                         card=card_word(last, words) if last else "—")
        if isinstance(expect, CardExpected) and expect.slot == Place.QUESTION:
            return words("bus.prompt.answer", player=expect.player or "—",
                         call=choice_word(table.call or "", words))
        if isinstance(expect, CardExpected) and expect.slot == Place.PYRAMID:
            row = next((row for row in table.pyramid if None in row.cards), None)
            return words("bus.prompt.pyramid", row=row.row if row else 0,
                         sips=row.sips if row else 0)
        if isinstance(expect, CardExpected) and expect.slot == Place.BUS:
            bus = table.bus
            place = len(bus.cards) + 1 if bus else 1
            length = bus.length if bus else 0
            if bus is not None and bus.call is not None:
                return words("bus.prompt.ride.called", player=expect.player or "—",
                             place=place, length=length, call=choice_word(bus.call, words))
            return words("bus.prompt.ride.card", player=expect.player or "—", place=place,
                         length=length)
        if isinstance(expect, GiveExpected):
            if len(expect.to) == 1:
                return words("bus.prompt.give.one", player=expect.player, sips=expect.sips,
                             to=expect.to[0])
            return words("bus.prompt.give", player=expect.player, sips=expect.sips)
        if isinstance(expect, DriverExpected):
            choices = "  ".join(f"{seat_number(index)} = {name}"
                                for index, name in enumerate(expect.choices))
            return words("bus.prompt.driver", dealer=expect.player or "—", choices=choices)
        if isinstance(expect, OverExpected):
            return words(OVER[expect.why], driver=table.driver or "—")
        return super().prompt(view, words)


def _nth(hand: tuple[str, ...], index: int, words: Words) -> str:
    return card_word(hand[index], words) if index < len(hand) else "?"
