"""Schlag den Dealer at the table: the values laid out, the dealer's misses, the sip bars.

Pure renderers of the game's projection (`state --json`); the card the dealer holds is never
in the projection, so nothing here can give it away. The words stay neutral: the screen
counts sips, it never urges anyone to drink.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from companion.i18n import Words
from companion.present import RED_SUITS, SUIT_SYMBOLS, card_label, card_parts
from screens.card_art import small_card

BAR_WIDTH = 8
MISSES_TO_RELIEF = 3


def rank_word(words: Words, rank: str) -> str:
    """A value as the screen's language prints it (German: B, D, K for J, Q, K)."""
    return words(f"rank.{rank}") if rank in ("J", "Q", "K", "A") else rank


def unit_word(words: Words, unit: str, count: int) -> str:
    """`1 sip`, `4 sips`: the tally with its unit in the right number."""
    return f"{count} {words(f'unit.{unit}' + ('.one' if count == 1 else ''))}"


def value_name(card: str) -> str:
    """The column a laid-out card goes to: its rank as printed (A, 2-10, J, Q, K)."""
    return card_parts(card)[1]


def value_table(view: dict[str, Any], words: Words) -> Table:
    """The seed's face-up rows: one column per value in playing order (the ace first, or
    last with ace_high), a suit mark per card laid out, how many are left and the chance
    that the next card has that value."""
    values = list(view["values_out"])
    laid: dict[str, list[str]] = {value: [] for value in values}
    for card in view.get("seen", []):
        laid[value_name(card)].append(card)
    table = Table(title=words("schlag.values"),
                  show_header=True, box=None, padding=(0, 0), title_justify="left",
                  title_style="bold")
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
    chances = view["chances"]
    best = max(chances.values(), default=0.0)
    table.add_row(Text(words("schlag.chance"), style="dim"),
                  *[Text(f"{round(chances[value] * 100)}" if chances[value] else "–",
                         style="bold green" if chances[value] == best and best else "")
                    for value in values])
    return table


def _mark(card: str) -> Text:
    _, _, suit = card_parts(card)
    if suit is None:  # entered without its suit: only the value matters in this game
        return Text("▪", style="bold")
    return Text(SUIT_SYMBOLS[suit], style="bold red" if suit in RED_SUITS else "bold")


def miss_meter(view: dict[str, Any], words: Words) -> Text:
    """The dealer's double misses in a row, 0 to 3: the third relieves the dealer."""
    misses = int(view.get("misses", 0))
    text = Text(words("schlag.misses", dealer=view.get("dealer") or "—") + "  ",
                style="bold")
    for index in range(MISSES_TO_RELIEF):
        text.append("● " if index < misses else "○ ",
                    style="bold yellow" if index < misses else "dim")
    text.append(f"{misses}/{MISSES_TO_RELIEF}\n", style="bold")
    text.append(words("schlag.relief.chooses" if view.get("dealer_chooses")
                      else "schlag.relief"), style="dim")
    return text


def panel(view: dict[str, Any], words: Words) -> RenderableType:
    """The right-hand side: the values laid out with their chances, then the miss meter;
    while the deal is drawn for, only the cards drawn."""
    if view.get("drawing"):
        drawn = "  ".join(card_label(card) for card in view.get("seen", [])) or "—"
        return Text(words("schlag.drawing", cards=drawn), style="bold")
    return Group(value_table(view, words), Text(""), miss_meter(view, words))


def sip_bar(sips: int, most: int, width: int = BAR_WIDTH) -> Text:
    """A bar as long as `sips` against the table's highest tally, in eighths of a cell."""
    if sips <= 0 or most <= 0:
        return Text("")
    eighths = max(1, round(sips * width * 8 / most))
    full, rest = divmod(eighths, 8)
    return Text("█" * full + (" ▏▎▍▌▋▊▉"[rest] if rest else ""), style="magenta")


def turn_text(view: dict[str, Any], words: Words) -> RenderableType:
    """The turn in words (the guesses, higher or lower once the card is known, whether the
    card is in) and the last turn with its card and who owed what."""
    expect = view["expect"]
    lines: list[Text] = []
    guesses = view.get("guesses") or []
    if expect.get("kind") in ("guess", "card") and expect.get("slot") != "draw":
        if guesses:
            line = Text(words("schlag.guessed", player=view.get("turn") or "",
                              guesses=_joined(guesses, words)), style="bold")
            if expect.get("hint"):
                line.append("  →  " + words(f"schlag.hint.{expect['hint']}"),
                            style="bold cyan")
            lines.append(line)
        lines.append(Text(words("schlag.card_in" if view.get("card_in")
                                else "schlag.card_out"), style="dim"))
        for owed in view.get("owed_now", []):  # a stupid guess costs at once
            lines.append(Text(_owed_text(owed, view, words), style="magenta"))
    last = view.get("last")
    if last and last.get("dealer") and view.get("dealer") not in (None, last["dealer"]):
        lines.append(Text(words("schlag.relieved", dealer=last["dealer"],
                                new_dealer=view["dealer"]), style="bold yellow"))
    if last:
        card = small_card(last["card"])
        caption = [
            Text(words("schlag.last", guesser=last["guesser"],
                       guesses=_joined(last["guesses"], words),
                       card=_card_word(last["card"], words)), style="bold"),
            *[Text(_owed_text(owed, view, words)) for owed in last["owed"]]]
        lines.append(Text(""))
        for index, row in enumerate(card):
            row = row.copy()
            row.no_wrap, row.overflow = True, "ellipsis"  # a wrapped caption breaks the card
            if index < len(caption):
                row.append("  ")
                row.append_text(caption[index])
            lines.append(row)
    return Group(*lines)


def _owed_text(owed: dict[str, Any], view: dict[str, Any], words: Words) -> str:
    return (f"{owed['player']}: {unit_word(words, view['unit'], owed['sips'])} "
            f"({words('why.' + owed['why'])})")


def _card_word(card: str, words: Words) -> str:
    label = card_label(card)
    rank = value_name(card)
    return rank_word(words, rank) + label[len(rank):]


def _joined(guesses: list[int], words: Words) -> str:
    names = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
    return ", ".join(rank_word(words, names.get(guess, str(guess))) for guess in guesses)
