"""Pure renderers: from the table's projection (a `state --json` dict) to Rich text.

The table screen and the replay screen draw the same view the same way through these.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from companion.i18n import Words
from companion.present import (
    RANK_NAMES,
    RED_SUITS,
    SUIT_SYMBOLS,
    SpreadOdds,
    card_label,
    card_parts,
)


def prompt_text(view: dict[str, Any], words: Words) -> str:
    """What the dealer enters next, in the screen's language, with its limits."""
    expect = view["expect"]
    kind = expect.get("kind")
    if kind == "card":
        text = words(f"prompt.card.{expect['slot']}", player=expect.get("player"))
    elif kind == "bet" and expect.get("gap") == 2:
        text = words("prompt.bet.second", player=expect["player"], min=expect["min"],
                     max=expect["max"])
    elif kind == "bet":
        text = words("prompt.bet" if expect.get("pass") else "prompt.bet.no_pass",
                     player=expect["player"], min=expect["min"], max=expect["max"])
    if kind in ("card", "bet"):
        if expect.get("hand"):
            text += words("prompt.hand", hand=expect["hand"])
        for choice in expect.get("declare", ()):
            text += words(f"prompt.declare.{choice}")
        return text
    if kind == "end_game":
        return words("prompt.end_game", reason=expect.get("prompt"))
    key = f"prompt.{kind}"
    return words(key) if key in ("prompt.start_game", "prompt.night_over",
                                 "prompt.start_night") else str(expect.get("prompt", ""))


def warning_text(view: dict[str, Any], words: Words) -> str | None:
    expect = view["expect"]
    kind = expect.get("warning_kind")
    if kind == "pair":
        return words("warning.pair", rank=expect["ranks"][0])
    if kind == "neighbours":
        return words("warning.neighbours", low=expect["ranks"][0], high=expect["ranks"][1])
    warning = expect.get("warning")
    return str(warning) if warning else None


def title_text(view: dict[str, Any], words: Words) -> Text:
    text = Text()
    text.append(f"{view.get('name') or words('title')}", style="bold")
    if view.get("game"):
        text.append(f"  ·  {view['game']}")
        if view.get("round") and view.get("rounds"):
            text.append(f"  ·  {words('round', round=view['round'], rounds=view['rounds'])}")
        elif view.get("round"):
            text.append(f"  ·  {words('round.open', round=view['round'])}")
        if view.get("dealer"):
            text.append(f"  ·  {words('dealer')}: {view['dealer']}")
    result = view.get("last_dealer_result")
    if result:
        text.append("  ·  " + words("last_dealer", dealer=result["dealer"],
                                     result=result["result"]), style="italic")
    if view.get("everyone_dealt"):
        text.append("  ·  " + words("everyone_dealt"), style="green")
    return text


def seats(view: dict[str, Any], words: Words) -> Table:
    """One row per seat: turn marker, dealer marker, name, stack, buy-in."""
    table = Table.grid(padding=(0, 1))
    table.add_column(width=1)
    table.add_column(width=1)
    table.add_column()
    table.add_column(justify="right")
    table.add_column(style="dim")
    for name, seat in view["players"].items():
        turn = "▶" if name == view.get("turn") else ""
        dealer = "D" if name == view.get("dealer") else ""
        chips = Text(str(seat["chips"]), style="bold red" if seat["chips"] < 0 else "bold")
        style = "dim strike" if not seat["present"] else ("reverse" if turn else "")
        note = words("bought_in", amount=seat["bought_in"])
        if not seat["present"]:
            note += f", {words('left')}"
        first = view.get("first_cards", {}).get(name)
        if first:
            note = f"{card_label(first)}  {note}"
        down = view.get("face_down", {}).get(name)
        if down:
            note = f"{'▚ ' * down} {note}"
        table.add_row(Text(turn, style="bold yellow"), Text(dealer, style="bold cyan"),
                      Text(name, style=style), chips, note)
    return table


def big_card(text: str) -> list[Text]:
    """A card drawn five lines high, readable from a metre away."""
    _, rank, suit_letter = card_parts(text)
    suit = SUIT_SYMBOLS[suit_letter] if suit_letter else " "
    style = "bold red on white" if suit_letter in RED_SUITS else "bold black on white"
    return [Text("┌─────┐", style=style), Text(f"│{rank:<5}│", style=style),
            Text(f"│  {suit}  │", style=style), Text(f"│{rank:>5}│", style=style),
            Text("└─────┘", style=style)]


def card_back() -> list[Text]:
    """A face-down card, as big as a face-up one."""
    style = "blue on white"
    return [Text("┌─────┐", style=style)] + [Text("│▚▚▚▚▚│", style=style)] * 3 + [
        Text("└─────┘", style=style)]


def _side_by_side(groups: list[tuple[str, list[list[Text]]]]) -> list[Text]:
    """Groups of big cards in one row, each group under its label, a gap between groups."""
    widths = [max(len(label), 9 * len(cards)) for label, cards in groups]
    lines = [Text() for _ in range(6)]
    for index, ((label, cards), width) in enumerate(zip(groups, widths, strict=True)):
        last = index == len(groups) - 1
        lines[0].append(label if last else f"{label:<{width}}   ", style="bold")
        for row in range(5):
            for card in cards:
                lines[row + 1].append_text(card[row])
                lines[row + 1].append("  ")
            if not last:
                lines[row + 1].append(" " * (width - 9 * len(cards) + 3))
    return lines if any(label for label, _ in groups) else lines[1:]


def turn_cards(view: dict[str, Any], words: Words) -> RenderableType:
    """The cards of the current turn side by side, large: a split's two hands next to each
    other, cards still face down as backs, and which gap is bet on with three posts."""
    hand = [big_card(card) for card in view.get("hand") or []]
    hand += [card_back()] * view.get("face_down", {}).get(view.get("turn"), 0)
    split = view.get("split")
    if split:
        other = [big_card(card) for card in split["other"]]
        one, two = (hand, other) if split["hand"] == 1 else (other, hand)
        groups = [(words("hand", hand=1) + (" ◀" if split["hand"] == 1 else ""), one),
                  (words("hand", hand=2) + (" ◀" if split["hand"] == 2 else ""), two)]
    elif hand:
        groups = [("", hand)]
    else:
        return Text("")
    lines = _side_by_side(groups)
    if view.get("gap") and len(view.get("spread") or []) == 2:
        low, high = (card_label(card) for card in sorted(
            view["spread"], key=lambda card: card_parts(card)[0]))
        key = "gap.second" if view["gap"] == 2 else "gap.first"
        lines.append(Text(words(key, low=low, high=high), style="bold yellow"))
    return Group(*lines)


def seen_grid(view: dict[str, Any], words: Words) -> Table:
    """Cards out since the shuffle: 13 ranks × 4 suits, a row for rank-only entries and
    a row of how many of each rank can still come."""
    seen = [card_parts(card) for card in view.get("seen", [])]
    table = Table(title=words("seen", remaining=view.get("deck_remaining", 52)),
                  show_header=True, box=None, padding=(0, 0), title_justify="left")
    table.add_column("", width=2)
    ranks = list(RANK_NAMES)
    for rank in ranks:
        table.add_column(RANK_NAMES[rank], justify="center", width=3)
    left = [4 - sum(1 for c in seen if c[0] == r) for r in ranks]
    if view.get("suits") is False:
        # Suits do not matter in this game: how many of each rank are out, and left.
        table.add_row(Text("▪", style="bold"),
                      *[Text(str(4 - n) if n < 4 else "4", style="bold") if n < 4 else "·"
                        for n in left])
        table.add_row(Text("Σ", style="dim"), *[Text(str(n), style="dim") for n in left])
        return table
    for suit, symbol in SUIT_SYMBOLS.items():
        style = "red" if suit in RED_SUITS else ""
        cells = ["■" if any(c[0] == r and c[2] == suit for c in seen) else "·"
                 for r in ranks]
        table.add_row(Text(symbol, style=style), *[Text(cell, style=style) for cell in cells])
    rank_only = [sum(1 for c in seen if c[0] == r and c[2] is None) for r in ranks]
    if any(rank_only):
        table.add_row("?", *[str(n) if n else "·" for n in rank_only])
    table.add_row(Text("Σ", style="dim"), *[Text(str(n), style="dim") for n in left])
    return table


def odds_text(odds: SpreadOdds | None, words: Words) -> Text:
    text = Text(words("odds") + "\n", style="bold")
    if odds is None:
        text.append(words("odds.none"))
        return text
    win, post, lose = odds.percentages()
    text.append(words("odds.line", win=win, post=post, lose=lose))
    return text
