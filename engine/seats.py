"""How many players a game takes, and who plays it now (RULES.md, Decisions: a game that
falls below its smallest table waits, says why, and is ended by the dealer, the pot shared
as at a game's end).

Each game says its range in one place in its package (`Game.seats`; a game whose options
leave one deck fewer hands to deal narrows it in `GameOptions.seats`). The night refuses a
start, a join or a rebuy that does not fit, and makes a game that fell below its smallest
table between turns wait for its end (the kernel's `TooFewPlayers`); so does a game whose
own flow finds too few to deal to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rejection import Refusal

if TYPE_CHECKING:
    from engine.table import NightState


@dataclass(frozen=True, slots=True)
class Seats:
    """How many players a game takes: `least` to `most` (None: one deck serves any table,
    the cards being common); fewer and it waits to be ended, more and it is not started nor
    joined. `why_most` says what sets the most, where the deck does rather than the rules."""

    least: int
    most: int | None = None
    why_most: str = ""

    def __contains__(self, count: object) -> bool:
        return isinstance(count, int) and self.least <= count and (
            self.most is None or count <= self.most)

    @property
    def span(self) -> str:
        """"3 to 8 players", or "at least 2 players"."""
        if self.most is None:
            return f"at least {self.least} players"
        return f"{self.least} to {self.most} players"

    def params(self) -> dict[str, int | None]:
        """The range for a refusal's words in another language."""
        return {"minimum": self.least, "maximum": self.most}


# The rules (NightState.rules) under which a game keeps within its seats while it plays: a
# night started before plays on as it was written.
KEPT_SINCE = 2


def keeps_seats(state: NightState) -> bool:
    """Whether the night's rules keep a game within its seats while it plays."""
    return state.rules >= KEPT_SINCE


def playing(state: NightState, needs_chips: bool) -> tuple[str, ...]:
    """Who plays the game on the table, or would play one started now: the players at the
    table; in a game of chips only those with chips, and the dealer, whose chips may all be
    in the pot (or, as a bank, below zero). Who has left or sits out broke does not."""
    dealer = state.game.dealer if state.game is not None else None
    return tuple(p.name for p in state.present
                 if not needs_chips or p.chips > 0 or p.name == dealer)


def check_start(title: str, seats: Seats, count: int, needs_chips: bool) -> None:
    """Refuse a game that would start with fewer or more players than it takes."""
    if count in seats:
        return
    over = seats.most is not None and count > seats.most
    why = f" ({seats.why_most})" if over and seats.why_most else ""
    if needs_chips:
        verb = "has chips" if count == 1 else "have chips"
    else:
        verb = "is" if count == 1 else "are"
    sentence = f"{title} is for {seats.span}{why}; {count} {verb} at the table."
    if seats.most is None:
        raise Refusal(sentence, "players.at_least", game=title, count=count, **seats.params())
    raise Refusal(sentence, "players.start", game=title, count=count, **seats.params())


def check_room(title: str, seats: Seats, count: int, name: str, verb: str) -> None:
    """Refuse one more player (`verb`: join, rebuy) in a game that `count` play already,
    at its most."""
    if seats.most is None or count < seats.most:
        return
    sentence = (f"{title} is for {seats.span} and {count} play already: {name} can {verb} "
                "once the game has ended.")
    if verb == "join":
        raise Refusal(sentence, "players.full", game=title, count=count, name=name,
                      **seats.params())
    raise Refusal(sentence, "players.full_rebuy", game=title, count=count, name=name,
                  **seats.params())


def too_few_reason(title: str, seats: Seats, players: int, pot: int) -> str:
    """Why a game waits for its end, and what the dealer does about it."""
    shared = " (its pot is shared as at a game's end)" if pot > 0 else ""
    return f"{title} is for {seats.span} and the table fell to {players}: end the game{shared}."
