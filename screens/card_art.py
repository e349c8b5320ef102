"""Cards drawn in the terminal: face up large or small, face down, and in rows."""

from __future__ import annotations

from rich.text import Text

from companion.present import RED_SUITS, SUIT_SYMBOLS, card_parts


def big_card(text: str) -> list[Text]:
    """A card drawn five lines high, readable from a metre away."""
    _, rank, suit_letter = card_parts(text)
    suit = SUIT_SYMBOLS[suit_letter] if suit_letter else " "
    style = "bold red on white" if suit_letter in RED_SUITS else "bold black on white"
    return [Text("┌─────┐", style=style), Text(f"│{rank:<5}│", style=style),
            Text(f"│  {suit}  │", style=style), Text(f"│{rank:>5}│", style=style),
            Text("└─────┘", style=style)]


def small_card(text: str) -> list[Text]:
    """A narrower card for when many share the row (a split with three posts)."""
    _, rank, suit_letter = card_parts(text)
    suit = SUIT_SYMBOLS[suit_letter] if suit_letter else " "
    style = "bold red on white" if suit_letter in RED_SUITS else "bold black on white"
    return [Text("┌───┐", style=style), Text(f"│{rank:<3}│", style=style),
            Text(f"│ {suit} │", style=style), Text(f"│{rank:>3}│", style=style),
            Text("└───┘", style=style)]


def card_back() -> list[Text]:
    """A face-down card, as big as a face-up one."""
    style = "blue on white"
    return [Text("┌─────┐", style=style)] + [Text("│▚▚▚▚▚│", style=style)] * 3 + [
        Text("└─────┘", style=style)]


def side_by_side(groups: list[tuple[str, list[list[Text]]]]) -> list[Text]:
    """Groups of cards in one row, each group under its label, a gap between groups."""
    step = max((card[0].cell_len + 2 for _, cards in groups for card in cards), default=9)
    widths = [max(len(label), step * len(cards)) for label, cards in groups]
    lines = [Text() for _ in range(6)]
    for index, ((label, cards), width) in enumerate(zip(groups, widths, strict=True)):
        last = index == len(groups) - 1
        lines[0].append(label if last else f"{label:<{width}}   ", style="bold")
        for row in range(5):
            for card in cards:
                lines[row + 1].append_text(card[row])
                lines[row + 1].append("  ")
            if not last:
                lines[row + 1].append(" " * (width - step * len(cards) + 3))
    return lines if any(label for label, _ in groups) else lines[1:]
