"""Setting up: the night (players in seat order, chips, chip value) and each game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ListItem, ListView, Select, Static, Switch

from companion.controller import GameInfo, game_presets, number_or_text
from companion.i18n import Words


def split_names(text: str) -> list[str]:
    """Names typed or pasted as a list: one a line, or separated by commas."""
    return [name.strip() for line in text.splitlines() for name in line.split(",")
            if name.strip()]


class NameInput(Input):
    """The new-player field: a pasted list of names becomes several players."""

    @dataclass
    class Pasted(Message):
        names: list[str]

    def _on_paste(self, event: events.Paste) -> None:
        names = split_names(event.text)
        if len(names) > 1:
            event.stop()
            event.prevent_default()
            self.post_message(self.Pasted(names))
        else:
            super()._on_paste(event)


class NightSetupScreen(ModalScreen[dict[str, Any] | None]):
    """Players (add, remove, reorder), start chips, optional chip value and currency."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="setup.cancel"),
        Binding("delete", "remove", "Remove", id="setup.remove"),
        Binding("alt+up", "move(-1)", "Up", id="setup.up"),
        Binding("alt+down", "move(1)", "Down", id="setup.down"),
    ]

    def __init__(self, words: Words, problem: str | None = None,
                 typed: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.words = words
        self.problem = problem
        self.typed = typed or {}
        players = self.typed.get("players")
        self.players: list[str] = [p for p in players if isinstance(p, str)] if isinstance(
            players, list) else []

    def compose(self) -> ComposeResult:
        w = self.words
        with Vertical(classes="dialog"):
            yield Label(w("setup.night"), classes="dialog-title")
            yield Label(w("setup.players"))
            yield ListView(id="players")
            yield NameInput(placeholder=w("setup.add"), id="new-player")
            yield Static(w("setup.hint"), classes="hint")
            typed = {key: str(value) for key, value in self.typed.items() if value is not None}
            with Horizontal(classes="fields"):
                yield Input(typed.get("chips", "100"), placeholder=w("setup.chips"), id="chips",
                            type="integer")
                yield Input(typed.get("chip_value", ""), placeholder=w("setup.chip_value"),
                            id="chip-value")
                yield Input(typed.get("currency", ""), placeholder=w("setup.currency"),
                            id="currency")
            yield Input(typed.get("name", ""), placeholder=w("setup.name"), id="name")
            yield Static(self.problem or "", id="problem", classes="problem")
            yield Button(w("setup.start"), id="start", variant="primary")

    async def on_mount(self) -> None:
        await self._draw_players()
        self.query_one("#new-player", Input).focus()

    async def _draw_players(self, index: int | None = None) -> None:
        # Awaited, so quick typing never sees a list half cleared and half refilled.
        listing = self.query_one("#players", ListView)
        await listing.clear()
        await listing.extend(ListItem(Label(f"{number}. {name}"))
                             for number, name in enumerate(self.players, 1))
        if index is not None and self.players:
            listing.index = max(0, min(index, len(self.players) - 1))

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "new-player":
            names = split_names(event.value)
            event.input.value = ""
            if not names and len(self.players) >= 2:
                self._start()  # Enter on an empty name: the table is complete
            else:
                await self.add_players(names)
        else:
            self._start()

    async def add_players(self, names: list[str]) -> None:
        fresh = [name for name in names if name not in self.players]
        if fresh:
            self.players.extend(dict.fromkeys(fresh))
            await self._draw_players(len(self.players) - 1)

    async def on_name_input_pasted(self, message: NameInput.Pasted) -> None:
        await self.add_players(message.names)

    async def action_remove(self) -> None:
        listing = self.query_one("#players", ListView)
        if listing.has_focus and listing.index is not None and self.players:
            index = listing.index
            del self.players[index]
            await self._draw_players(index)

    async def action_move(self, step: int) -> None:
        listing = self.query_one("#players", ListView)
        index = listing.index
        if index is None or not 0 <= index + step < len(self.players):
            return
        self.players[index], self.players[index + step] = (self.players[index + step],
                                                           self.players[index])
        await self._draw_players(index + step)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def _start(self) -> None:
        pending = split_names(self.query_one("#new-player", Input).value)
        self.players.extend(name for name in dict.fromkeys(pending) if name not in self.players)
        command: dict[str, Any] = {"cmd": "start_night", "players": list(self.players)}
        chips = self.query_one("#chips", Input).value.strip()
        command["chips"] = number_or_text(chips)
        for field, key in (("#chip-value", "chip_value"), ("#currency", "currency"),
                           ("#name", "name")):
            value = self.query_one(field, Input).value.strip()
            if value:
                # A German keyboard writes 0,10 for ten cents.
                command[key] = value.replace(",", ".") if key == "chip_value" else value
        self.dismiss(command)

    def action_cancel(self) -> None:
        self.dismiss(None)


class GameSetupScreen(ModalScreen[dict[str, Any] | None]):
    """The game, its options (default and a line of explanation each) and the first dealer."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="game.cancel")]

    def __init__(self, players: list[str], words: Words, problem: str | None = None,
                 typed: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.players = players
        self.words = words
        self.problem = problem
        self.games = game_presets()
        # A refused start_game comes back as typed, so the dealer only mends the mistake.
        typed = typed or {}
        self.first = next((g for g in self.games if g.preset == typed.get("game")),
                          self.games[0])
        self.typed_options: dict[str, Any] = dict(typed.get("options") or {})
        self.typed_dealer = typed.get("dealer")
        self._shown = ""

    def compose(self) -> ComposeResult:
        w = self.words
        with Vertical(classes="dialog"):
            yield Label(w("setup.game"), classes="dialog-title")
            yield Label(w("setup.preset"))
            yield Select([(g.title, g.preset) for g in self.games], value=self.first.preset,
                         allow_blank=False, id="preset")
            yield VerticalScroll(id="options")
            yield Label(w("setup.dealer"))
            yield Select([(w("setup.draw"), "draw")] + [(p, p) for p in self.players],
                         value=(self.typed_dealer if self.typed_dealer in [*self.players, "draw"]
                                else self.players[0] if self.players else "draw"),
                         allow_blank=False, id="dealer")
            yield Static(self.problem or "", classes="problem")
            with Horizontal(classes="buttons"):
                yield Button(w("setup.play"), id="play", variant="primary")
                yield Button(w("setup.cancel"), id="cancel")

    async def on_mount(self) -> None:
        await self._show_options(self.first)
        self._focus_first_option()

    def _focus_first_option(self) -> None:
        fields = self.query("#options Input")
        (fields.first() if fields else self.query_one("#play", Button)).focus()

    def _game(self) -> GameInfo:
        preset = self.query_one("#preset", Select).value
        return next(g for g in self.games if g.preset == preset)

    async def _show_options(self, game: GameInfo) -> None:
        # Awaited, so keys typed at once find the fields there (and a Select is whole).
        if game.preset == self._shown:
            return
        self._shown = game.preset
        box = self.query_one("#options", VerticalScroll)
        await box.remove_children()
        typed = self.typed_options if game.preset == self.first.preset else {}
        for option in game.options:
            value = typed.get(option.name, option.default)
            if isinstance(option.default, bool):
                field: Any = Switch(value=bool(value), id=f"opt-{option.name}")
            elif option.choices:
                # The value first: a Select without a blank starts on its first choice
                # (setting `value` before it is mounted is not possible).
                start = value if value in option.choices else option.default
                choices = [start] + [c for c in option.choices if c != start]
                field = Select([(str(c), c) for c in choices], allow_blank=False,
                               id=f"opt-{option.name}", classes="option-choice")
            else:
                field = Input(str(value), id=f"opt-{option.name}", type="integer")
            await box.mount(Horizontal(Label(option.name, classes="option-name"), field,
                                       Static(self.words.or_else(
                                           f"option.{game.preset}.{option.name}",
                                           option.explanation), classes="hint"),
                                       classes="option"))

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset" and self._game().preset != self._shown:
            await self._show_options(self._game())
            self._focus_first_option()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._play()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self._play()
        else:
            self.dismiss(None)

    def _play(self) -> None:
        game = self._game()
        options: dict[str, Any] = {}
        for option in game.options:
            if isinstance(option.default, bool):
                options[option.name] = self.query_one(f"#opt-{option.name}", Switch).value
            elif option.choices:
                options[option.name] = self.query_one(f"#opt-{option.name}", Select).value
            else:
                text = self.query_one(f"#opt-{option.name}", Input).value.strip()
                options[option.name] = number_or_text(text)
        self.dismiss({"cmd": "start_game", "game": game.preset,
                      "dealer": self.query_one("#dealer", Select).value, "options": options})

    def action_cancel(self) -> None:
        self.dismiss(None)
