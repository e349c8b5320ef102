"""What a game is to the rest of the program: the one typed value its package exports.

A game is a plug-in. Its package ends with `GAME = Game(...)` and its distribution lists it
under the entry-point group `table_companion.games` (engine.registry finds it there); the
night, the log, the command line, the screens and the players' page learn everything they
need of it from this value and never name it. What it brings:

- its options, a `GameOptions` Struct: typed fields with their defaults and limits, decoded
  once at `start_game` with one sentence per bad value, and `check()` for combinations;
- its state, a `GameState` Struct (frozen, its phases an Enum) that the night holds;
- its own commands, expectations and events (tagged Structs and Event classes), which join
  the table's own in the contract's decoder;
- the rules on the shared turn kernel: `start`, `decide`, `expect`, `view`, ...;
- its words in each language (the log's lines for its events, its refusals, its option labels),
  its rules cards, and the module of its screen package (imported by the screens alone);
- what it counts per player for the table's history and standings beyond chips and sips
  (`Count`: the rides of a bus), which the history folds without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from typing import Generic, Protocol, TypeVar

import msgspec

from engine.commands import Command
from engine.event import Event
from engine.expect import Expect
from engine.options import Opts, decode_options
from engine.say import Catalogues as Catalogues  # a game's words: its home is engine.say
from engine.say import Say as Say
from engine.seats import Seats
from engine.table import GameState, NightState, Tx
from engine.views import GameView

LANGUAGES = ("en", "de")


def _sips(options: object) -> str:
    return "sips"


S = TypeVar("S", bound=GameState)
E = TypeVar("E", bound=Event)


class SaysEvent(Protocol):
    """How the log says one kind of event, in the words of its language."""

    @property
    def event(self) -> type[Event]: ...

    def __call__(self, event: Event, say: Say, /) -> str: ...


@dataclass(frozen=True, slots=True)
class Phrase(Generic[E]):
    """The log's line for events of type `event`: `Phrase(BetWon, lambda e, say: ...)`."""

    event: type[E]
    words: Callable[[E, Say], str]

    def __call__(self, event: Event, say: Say, /) -> str:
        assert isinstance(event, self.event), event
        return self.words(event, say)


class Counting(Protocol):
    """What the history counts per player of a game (a `Count`), whatever its event."""

    @property
    def name(self) -> str: ...
    @property
    def word(self) -> str: ...

    def of(self, event: Event, /) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Count(Generic[E]):
    """Something a game counts per player for the history and standings, beyond chips and
    sips: each event of type `event` adds one for the player `whose(event)` names (none:
    nobody's)."""

    name: str  # its key in the nights' records and the standings (unique among the games)
    word: str  # the key of its heading in the game's words
    event: type[E]
    whose: Callable[[E], str | None]

    def of(self, event: Event, /) -> str | None:
        """The player `event` adds one for, if it is this count's."""
        return self.whose(event) if isinstance(event, self.event) else None


@dataclass(frozen=True, slots=True)
class Game(Generic[Opts, S]):
    """One game, as its package exports it (`GAME`)."""

    id: str  # the contract's `"game"` (RULES.md's preset), the one name of the game
    title: str
    package: str  # where its rules cards lie (`rules.en.md`, `rules.de.md`)
    options: type[Opts]
    new: Callable[[Opts], S]
    seats: Seats
    uses_suits: bool
    needs_chips: bool
    start: Callable[[Tx, str | None], None]
    decide: Callable[[Tx, Command], None]
    expect: Callable[[NightState], Expect]
    view: Callable[[NightState], GameView]
    mid_turn: Callable[[NightState], str | None]
    player_left: Callable[[Tx, str], None]
    finish: Callable[[Tx], None]
    commands: tuple[type[Command], ...] = ()
    expectations: tuple[type[Expect], ...] = ()
    events: tuple[type[Event], ...] = ()
    # The log's words for its own events, and its words by language (the log's lines,
    # refusals, option labels, prompts): keys are names, looked up as written.
    phrases: tuple[SaysEvent, ...] = ()
    words: Catalogues = field(default_factory=dict)
    screen: str | None = None  # the module of its screen package
    counts: tuple[Counting, ...] = ()  # what the history counts per player of it
    # What its sips are called on its options (a drinking game may call them points).
    sip_unit_of: Callable[[Opts], str] = field(default_factory=lambda: _sips)

    def decode_options(self, given: Mapping[str, object] | None, *,
                       entering: bool = False) -> Opts:
        """The options the dealer gave, typed, with the defaults for the rest; a Refusal with
        one sentence naming the option and what it allows when one does not fit (its most
        only where the command is `entering` the log)."""
        return decode_options(self.id, self.options, given, entering=entering)

    def initial_state(self, options: Mapping[str, object]) -> S:
        """The game's table before its first move, on `options` as the log recorded them:
        taken as they are (a log written before today's limits may hold more), never checked
        again; `decode_options` checks them where start_game enters."""
        return self.new(self.options(**{str(name): value for name, value in options.items()}))

    def sip_unit(self, options: Mapping[str, object]) -> str:
        """What the game called its sips in a game the log recorded with `options`."""
        return self.sip_unit_of(self.options(
            **{str(name): value for name, value in options.items()}))

    def phases(self) -> tuple[str, ...]:
        """The values of the game's phases (the enum of its state's `phase`), in order: what
        the checks that no shared code names a game's own phases look for."""
        for info in msgspec.structs.fields(type(self.new(self.options()))):
            if info.name == "phase" and isinstance(info.type, type) and issubclass(
                    info.type, Enum):
                return tuple(str(member.value) for member in info.type)
        return ()

    def rules_card(self, language: str) -> str:
        """The rules card in `language` (English where there is none)."""
        for name in (f"rules.{language}.md", "rules.en.md"):
            try:
                return resources.files(self.package).joinpath(name).read_text("utf-8")
            except (FileNotFoundError, OSError):
                continue
        return f"# {self.title}\n\nNo rules card yet."
