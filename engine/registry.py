"""The games this installation can play, found through the entry-point group
`table_companion.games` and never named here.

Each entry point names a game's `GAME` value (`in-between = engine.games.in_between:GAME`);
the five games of this distribution are listed in its pyproject.toml exactly as a game from
another distribution would be. A game's code is imported when it is first needed: `game(id)`
loads that one, `games()` all of them. One that cannot be loaded is left out with a sentence
(`problems()`), and the others play on.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Protocol

from engine.rejection import Refusal
from engine.table import GameState
from engine.text import quoted

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.commands import Command
    from engine.event import Event
    from engine.expect import Expect
    from engine.game import Catalogues, Counting, SaysEvent
    from engine.options import GameOptions
    from engine.seats import Seats
    from engine.table import NightState, Tx
    from engine.views import GameView

GROUP = "table_companion.games"


class Playable(Protocol):
    """A game as the rest of the program plays it, whatever its own options and state
    (every `engine.game.Game` is one)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def package(self) -> str: ...
    @property
    def options(self) -> type[GameOptions]: ...
    @property
    def seats(self) -> Seats: ...
    @property
    def uses_suits(self) -> bool: ...
    @property
    def needs_chips(self) -> bool: ...
    @property
    def start(self) -> Callable[[Tx, str | None], None]: ...
    @property
    def decide(self) -> Callable[[Tx, Command], None]: ...
    @property
    def expect(self) -> Callable[[NightState], Expect]: ...
    @property
    def view(self) -> Callable[[NightState], GameView]: ...
    @property
    def mid_turn(self) -> Callable[[NightState], str | None]: ...
    @property
    def player_left(self) -> Callable[[Tx, str], None]: ...
    @property
    def finish(self) -> Callable[[Tx], None]: ...
    @property
    def commands(self) -> tuple[type[Command], ...]: ...
    @property
    def expectations(self) -> tuple[type[Expect], ...]: ...
    @property
    def events(self) -> tuple[type[Event], ...]: ...
    @property
    def phrases(self) -> tuple[SaysEvent, ...]: ...
    @property
    def words(self) -> Catalogues: ...
    @property
    def screen(self) -> str | None: ...
    @property
    def counts(self) -> tuple[Counting, ...]: ...

    def decode_options(self, given: Mapping[str, object] | None, *,
                       entering: bool = False) -> GameOptions: ...
    def initial_state(self, options: Mapping[str, object]) -> GameState: ...
    def rules_card(self, language: str) -> str: ...
    def phases(self) -> tuple[str, ...]: ...
    def sip_unit(self, options: Mapping[str, object]) -> str: ...


_found: dict[str, EntryPoint] | None = None
_loaded: dict[str, Playable] = {}
_problems: dict[str, str] = {}
# Every game that loads, in title order: asked by each command decoded (the contract), so
# listed once per installation, not sorted again for every row of a night being opened.
_listed: tuple[tuple[str, ...], dict[str, Playable]] | None = None  # for these ids


def _entry_points() -> dict[str, EntryPoint]:
    global _found
    if _found is None:
        _found = {point.name: point for point in entry_points(group=GROUP)}
    return _found


def ids() -> tuple[str, ...]:
    """The id of every game installed, loaded or not, in the order they are listed."""
    return tuple(_entry_points())


def game(game_id: str) -> Playable:
    """The game `game_id`, loaded on first use; a Refusal with one sentence when no game of
    that id is installed or it cannot be loaded."""
    found = _loaded.get(game_id)
    if found is not None:
        return found
    point = _entry_points().get(game_id)
    if point is None:
        playable = ", ".join(ids()) or "none"
        raise Refusal(f"Unknown game {quoted(game_id)}; playable: {playable}.",
                      "game.unknown", game=quoted(game_id), playable=playable)
    try:
        value = point.load()
    except Exception as error:  # a plug-in's own fault must not stop the others
        _problems[game_id] = (f"The game {game_id!r} ({point.value}) could not be loaded: "
                              f"{type(error).__name__}: {error}.")
        raise Refusal(_problems[game_id], "game.broken", game=game_id) from None
    if getattr(value, "id", None) != game_id:
        _problems[game_id] = (f"The entry point {game_id!r} names {point.value}, which is not "
                              f"a game with the id {game_id!r}.")
        raise Refusal(_problems[game_id], "game.broken", game=game_id)
    _loaded[game_id] = value
    return value  # type: ignore[no-any-return]


def games() -> dict[str, Playable]:
    """Every game that loads, by id, in the order of their titles (as a dealer looks for
    them, whichever distribution brought them)."""
    global _listed
    installed = ids()
    if _listed is not None and _listed[0] == installed:
        return dict(_listed[1])
    loaded: list[Playable] = []
    for game_id in installed:
        try:
            loaded.append(game(game_id))
        except Refusal:
            continue
    listed = {each.id: each for each in sorted(loaded, key=lambda each: each.title.casefold())}
    _listed = (installed, listed)
    return dict(listed)


def problems() -> tuple[str, ...]:
    """A sentence for each game that is installed but could not be loaded."""
    return tuple(_problems.values())


def game_of(state: GameState) -> Playable:
    """The game a game's state belongs to."""
    return game(type(state).GAME)


def title_of(game_id: str) -> str:
    """A game's name as people say it; the id itself for a game this installation does not
    have (a log written elsewhere)."""
    try:
        return game(game_id).title
    except Refusal:
        return game_id


def forget() -> None:
    """Look for the installed games afresh (after a test put a plug-in on the path)."""
    global _found, _listed
    _found = _listed = None
    _loaded.clear()
    _problems.clear()
