"""Every key of the dealer's screen as data: an id (so keys can be remapped), the key, the
action it runs and the word shown for it in the footer and the command palette. The keys of
the game on the table (its key map's `GameKey`s) join the table's while it is on it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.binding import Binding, BindingsMap, BindingType
from textual.screen import Screen

from companion.words.i18n import LANGUAGES, Catalogues, Words
from screens.games import GameKey
from screens.in_turn import after_typed_keys


@dataclass(frozen=True, slots=True)
class KeyAction:
    id: str
    key: str
    action: str
    word: str  # an i18n key
    show: bool = True


# In the order of need at the table: where the terminal is too narrow for the whole
# footer, the keys at the end give way first (the command palette still offers them).
TABLE_KEYS: tuple[KeyAction, ...] = (
    KeyAction("table.undo", "ctrl+z", "undo", "key.undo"),
    KeyAction("table.redo", "ctrl+y", "redo", "key.redo"),
    KeyAction("table.correct", "ctrl+e", "correct", "key.correct"),
    KeyAction("table.help", "f1", "help", "key.help"),
    KeyAction("table.game", "ctrl+g", "game", "key.game"),
    KeyAction("table.settle", "f3", "settle", "key.settle"),
    KeyAction("table.end_game", "ctrl+x", "end_game", "key.end_game"),
    KeyAction("table.replay", "ctrl+r", "replay", "key.replay"),
    KeyAction("table.end_night", "ctrl+n", "end_night", "key.end_night"),
    KeyAction("table.history", "f5", "history", "key.history"),
    KeyAction("table.join", "ctrl+j", "ask('join')", "key.join"),
    KeyAction("table.rebuy", "ctrl+b", "ask('rebuy')", "key.rebuy"),
    KeyAction("table.leave", "ctrl+l", "ask('leave')", "key.leave"),
    KeyAction("table.expense", "ctrl+k", "ask('expense')", "key.expense"),
    KeyAction("table.language", "f2", "language", "key.language"),
    KeyAction("table.night_settings", "f4", "night_settings", "key.night_settings"),
    KeyAction("table.players_view", "f6", "players_view", "key.players_view"),
    KeyAction("table.quit", "ctrl+q", "app.quit", "key.quit"),
)

SETTLE_KEYS: tuple[KeyAction, ...] = (
    KeyAction("settle.close", "escape", "close", "key.back"),
    KeyAction("settle.host", "h", "host", "key.host"),
    KeyAction("settle.payment", "i", "payment", "key.payment"),
    KeyAction("settle.print", "p", "print", "key.print"),
    KeyAction("settle.save", "w", "save", "key.save"),
    KeyAction("settle.open", "o", "open_balances", "key.open_balances"),
)

HISTORY_KEYS: tuple[KeyAction, ...] = (
    KeyAction("history.close", "escape", "close", "key.back"),
    KeyAction("history.switch", "tab", "switch", "key.switch"),
    KeyAction("history.settle", "s", "settle", "key.settle"),
    KeyAction("history.mark_paid", "m", "mark_paid", "key.mark_paid"),
    KeyAction("history.print", "p", "print", "key.print"),
    KeyAction("history.save", "w", "save", "key.save"),
    KeyAction("history.merge", "r", "merge", "key.merge"),
    KeyAction("history.period", "t", "period", "key.period"),
    KeyAction("history.order", "o", "order", "key.order"),
)

REPLAY_KEYS: tuple[KeyAction, ...] = (
    KeyAction("replay.back", "left", "step(-1)", "key.undo", show=False),
    KeyAction("replay.forward", "right", "step(1)", "key.redo", show=False),
    KeyAction("replay.first", "home", "first", "key.undo", show=False),
    KeyAction("replay.last", "end", "last", "key.redo", show=False),
    KeyAction("replay.close", "escape", "close", "key.back"),
)


def game_keys(keys: tuple[GameKey, ...]) -> tuple[KeyAction, ...]:
    """A game's own keys as the table binds them: each sends its command through the
    table's `game_key` action."""
    return tuple(KeyAction(k.id, k.key, f"game_key({k.id!r})", k.word, show=k.show)
                 for k in keys)


def keys_card(keys: tuple[KeyAction, ...], words: Words) -> str:
    """Every key of a screen as a Markdown table, for the help (F1)."""
    rows = [f"| `{k.key}` | {words(k.word)} |" for k in keys]
    rows.append(f"| `ctrl+p` | {words('key.palette')} |")
    return "\n".join([f"## {words('help.keys')}", "", f"| {words('help.key')} | |",
                      "|---|---|", *rows])


def bindings(keys: tuple[KeyAction, ...], game: Catalogues | None = None) -> list[BindingType]:
    """Textual bindings for `keys` (`game`: the words of the game whose keys they are): one
    per language, each described in its language and
    running the key's action only while the screen speaks it (`LanguageKeys`), so the
    footer and the palette follow the language with no binding changed behind Textual's
    back. Both share the key's id, so a keymap remaps them together."""
    return [Binding(k.key, f"keyed({language!r}, {k.action!r})", Words(language, game)(k.word),
                    show=k.show, id=k.id, priority=True)
            for k in keys for language in LANGUAGES]


def rebind(screen: Screen[Any], table: BindingsMap, keys: tuple[KeyAction, ...],
           game: Catalogues) -> None:
    """`screen`'s bindings: its class's own (`table`, as it had them at first) and `keys`,
    a game's, said in its words (`game`).
    Textual has no public way to bind keys to one screen once it exists; each screen holds
    a map of its own, so replacing it touches this screen alone."""
    screen._bindings = BindingsMap.merge([table, BindingsMap(bindings(keys, game))])
    screen.refresh_bindings()


class LanguageKeys:
    """Mixin for a screen with `bindings(...)`: only the bindings of the language of its
    `words` are active (and shown in the footer)."""

    words: Words

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "keyed":
            return bool(parameters) and parameters[0] == self.words.language
        return True

    def action_keyed(self, language: str, action: str) -> None:
        """Run `action` (the key's own) on this screen, after the keys typed before it."""
        screen: Screen[object] = self  # type: ignore[assignment]
        after_typed_keys(screen.focused or screen, lambda: screen.run_action(action))
