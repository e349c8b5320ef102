"""What a correction changed on the table, told in the screen's words: the table before and
after compared (stacks, sips, the pot, the dealer, whose turn, the cards out), so a dealer
who mended a card hears that the cards changed even when no stack did."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.present import typed_label
from companion.words.i18n import Words
from companion.words.units import unit_name
from engine.views import NightView

Moved = tuple[str, int, int]  # a player, the figure before, the figure after


@dataclass(frozen=True, slots=True)
class Changes:
    """The differences between two tables, each as before and after."""

    stacks: tuple[Moved, ...] = ()
    sips: tuple[Moved, ...] = ()
    pot: tuple[int, int] | None = None
    dealer: tuple[str | None, str | None] | None = None
    turn: tuple[str | None, str | None] | None = None
    cards: tuple[tuple[str, ...], tuple[str, ...]] | None = None  # out before only, after only
    unit: str = "sips"  # what the game counts sips in (Schlag den Dealer: sips or points)

    def __bool__(self) -> bool:
        return any((self.stacks, self.sips, self.pot, self.dealer, self.turn, self.cards))


def what_changed(before: NightView, after: NightView) -> Changes:
    """The stacks, sips, pot, dealer, turn and cards out that differ from `before` to
    `after` (players only at one of the two tables are no change of a figure)."""

    def moved(ledger: str) -> tuple[Moved, ...]:
        return tuple((name, getattr(was, ledger), getattr(seat, ledger))
                     for name, seat in after.players.items()
                     if (was := before.players.get(name)) is not None
                     and getattr(was, ledger) != getattr(seat, ledger))

    gone = Counter(before.seen) - Counter(after.seen)
    came = Counter(after.seen) - Counter(before.seen)
    return Changes(
        stacks=moved("chips"), sips=moved("sips"),
        pot=(before.pot, after.pot) if before.pot != after.pot else None,
        dealer=(before.dealer, after.dealer) if before.dealer != after.dealer else None,
        turn=(before.turn, after.turn) if before.turn != after.turn else None,
        cards=(tuple(gone.elements()), tuple(came.elements())) if gone or came else None,
        unit=str(getattr(after.table, "unit", "sips")))


def said(changes: Changes, words: Words) -> str:
    """The changes as one line for the note under the prompt ('' when there are none):
    the stacks that moved and by how much, else that they did not, then the rest."""
    if not changes:
        return ""
    parts = [f"{name} {old} → {new}" for name, old, new in changes.stacks]
    unit = unit_name(words, changes.unit)
    parts += [f"{name} {old} → {new} {unit}" for name, old, new in changes.sips]
    if changes.pot is not None:
        parts.append(words("correct.pot", old=changes.pot[0], new=changes.pot[1]))
    if changes.dealer is not None:
        parts.append(words("correct.dealer", old=_name(changes.dealer[0]),
                           new=_name(changes.dealer[1])))
    if changes.cards is not None:
        gone, came = changes.cards
        parts.append(words("correct.cards", old=_cards(gone), new=_cards(came)))
    if changes.turn is not None:
        parts.append(words("correct.turn", old=_name(changes.turn[0]),
                           new=_name(changes.turn[1])))
    if not changes.stacks:
        parts.insert(0, words("correct.same_stacks") + ";")
    return words("correct.changed", changes=", ".join(parts).replace(";,", ";"))


def _name(name: str | None) -> str:
    return name or "—"


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(typed_label(card) for card in cards) or "—"
