"""Pieces of the table every game's panel may draw with: the seats, the cards out since the
shuffle, big cards side by side, the odds of a spread. Pure renderers of typed views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from companion.present import RANK_NAMES, RED_SUITS, SUIT_SYMBOLS, card_parts
from companion.views import NightView, Seat
from companion.words.i18n import Words
from companion.words.units import unit_count


class Fitted:
    """Drawn for the width it is given when the terminal draws it, so what depends on the
    room (big cards or narrow ones) follows the screen's size, not the size at the time."""

    def __init__(self, draw: Callable[[int], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(options.max_width)


class FirstThatFits:
    """The first of `choices` whose widest line fits the width it is drawn at (the last if
    none does): a row says more where the room allows and stays one line where it does not."""

    def __init__(self, *choices: RenderableType) -> None:
        self.choices = choices

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for choice in self.choices[:-1]:
            if Measurement.get(console, options.update_width(10_000), choice).maximum <= \
                    options.max_width:
                yield choice
                return
        yield self.choices[-1]


class Flowing:
    """Items joined by `separator`, a line broken only between two items: a figure never
    parts from its unit ("86 %") at the end of a narrow line."""

    def __init__(self, items: Sequence[Text], separator: Text) -> None:
        self.items, self.separator = items, separator

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = Text()
        for item in self.items:
            joined = line.cell_len + self.separator.cell_len + item.cell_len
            if line and joined > options.max_width:
                yield line
                line = Text()
            if line:
                line.append_text(self.separator)
            line.append_text(item)
        yield line


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as the table draws it: the value in front of the player (a stack, a tally)
    and what follows it (the buy-in, a card lying there, a bet)."""

    value: Text
    note: RenderableType
    # The least the seat must say, where every seat's whole row does not fit the width
    # (None: the same as the whole).
    short_value: Text | None = None
    short_note: RenderableType | None = None


def seat_style(seat: Seat, turn: bool) -> str:
    """A player who left is struck through; the player whose turn it is stands out."""
    return "dim strike" if not seat.present else ("reverse" if turn else "")


def seats_fitted(view: NightView, row: Callable[[str, Seat], SeatRow]) -> FirstThatFits:
    """The seats, each row whole where every one fits the width, else each row short."""
    rows = {name: row(name, seat) for name, seat in view.players.items()}
    return FirstThatFits(seats_grid(view, lambda name, _: rows[name]),
                         seats_grid(view, lambda name, _: rows[name], short=True))


def seats_grid(view: NightView, row: Callable[[str, Seat], SeatRow],
               short: bool = False) -> Table:
    """One line per seat: turn marker, dealer marker, name, then the game's own row (its
    short form where `short` and the row has one)."""
    table = Table.grid(padding=(0, 1))
    table.add_column(width=1)
    table.add_column(width=1)
    table.add_column()
    table.add_column(justify="right")
    table.add_column(style="dim")
    for name, seat in view.players.items():
        turn = name == view.turn
        drawn = row(name, seat)
        if short:
            drawn = SeatRow(drawn.short_value or drawn.value,
                            drawn.note if drawn.short_note is None else drawn.short_note)
        table.add_row(Text("▶" if turn else "", style="bold yellow"),
                      Text("D" if name == view.dealer else "", style="bold cyan"),
                      Text(name, style=seat_style(seat, turn)), drawn.value, drawn.note)
    return table


def stack(seat: Seat) -> Text:
    """A stack in front of a player, red when it is a debt."""
    return Text(str(seat.chips), style="bold red" if seat.chips < 0 else "bold")


def stack_row(view: NightView, name: str, seat: Seat, words: Words,
              before: Sequence[str] = ()) -> SeatRow:
    """The seat of a game of chips: the stack, then its note (`seat_note`); short, without the
    buy-in."""
    return SeatRow(stack(seat), seat_note(view, name, seat, words, before),
                   short_note=seat_note(view, name, seat, words, before, bought=False))


def seat_note(view: NightView, name: str, seat: Seat, words: Words,
              before: Sequence[str] = (), bought: bool = True) -> str:
    """What follows a stack: what lies in front of the player (`before`), the buy-in (unless
    not `bought`: the short form of a seat), the sips of an earlier game tonight, and
    whether they left."""
    notes = [words("bought_in", amount=seat.bought_in)] if bought else []
    if seat.sips:
        notes.append(unit_count(words, "sips", seat.sips))
    if not seat.present:
        notes.append(words("left"))
    return "  ".join([*before, ", ".join(notes)] if notes else before)


SEEN_WIDTHS = (2, *(3,) * len(RANK_NAMES))  # the suit, then a column for each rank


class SeenGrid:
    """The grid of `seen_grid`: its title wrapped to the grid's width, then lines of cells of
    a fixed width each. Drawn as text: a rich Table of the same shape took longer to draw
    than the rest of the table together, and it is drawn again at every key that redraws."""

    def __init__(self, title: str, rows: list[list[Text]]) -> None:
        self.title = Text(title, style="table.title")
        self.lines = Text("\n").join(
            Text("").join(cell.copy() for cell in _fitted(row)) for row in rows)
        self.lines.no_wrap, self.lines.overflow = True, "crop"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = min(sum(SEEN_WIDTHS), options.max_width)
        yield from console.render(self.title, options.update(width=width, justify="left"))
        yield self.lines


def _fitted(row: list[Text]) -> list[Text]:
    """Each cell padded to its column's width: the suit to the left, a rank centred."""
    cells = []
    for column, (cell, width) in enumerate(zip(row, SEEN_WIDTHS, strict=True)):
        cell = cell.copy()
        if column == 0:
            cell.pad_right(width - cell.cell_len)
        else:
            cell.pad_left((width - cell.cell_len) // 2)
            cell.pad_right(width - cell.cell_len)
        cells.append(cell)
    return cells


def seen_grid(view: NightView, words: Words, suits: bool = True) -> SeenGrid:
    """Cards out since the shuffle: 13 ranks × 4 suits (or, where suits do not matter, how
    many of each rank are out), and how many of each rank can still come."""
    seen = [card_parts(card) for card in view.seen]
    ranks = list(RANK_NAMES)
    header = [Text("", style="table.header"),
              *[Text(RANK_NAMES[rank], style="table.header") for rank in ranks]]
    left = [4 - sum(1 for c in seen if c[0] == r) for r in ranks]
    remaining = [Text("Σ", style="dim"), *[Text(str(n), style="dim") for n in left]]
    if not suits:
        out = [Text("▪", style="bold"),
               *[Text(str(4 - n), style="bold") if n < 4 else Text("·") for n in left]]
        return SeenGrid(words("seen", remaining=view.deck_remaining), [header, out, remaining])
    rows = [header]
    for suit, symbol in SUIT_SYMBOLS.items():
        style = "red" if suit in RED_SUITS else ""
        rows.append([Text(symbol, style=style), *[
            Text("■" if any(c[0] == r and c[2] == suit for c in seen) else "·", style=style)
            for r in ranks]])
    rank_only = [sum(1 for c in seen if c[0] == r and c[2] is None) for r in ranks]
    if any(rank_only):
        rows.append([Text("?"), *[Text(str(n) if n else "·") for n in rank_only]])
    return SeenGrid(words("seen", remaining=view.deck_remaining), [*rows, remaining])


def pot_line(label: str, amount: int) -> Text:
    text = Text(f"{label}: ", style="bold")
    text.append(str(amount), style="bold yellow")
    return text
