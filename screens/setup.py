"""Setting up: the night (players in seat order, chips, chip value) and each game."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, ListItem, ListView, OptionList, Select, Static
from textual.widgets.option_list import Option

from companion.commands import Draft
from companion.games import GameInfo, game_presets
from companion.present import shown
from companion.table import number_or_text
from companion.words.i18n import Words
from screens.dialogs import Field, FieldsScreen
from screens.guard import Guarded
from screens.in_turn import after_typed_keys

# Who a new night can seat in one key: last night's players (no name), then each saved group.
Tables = tuple[tuple[str | None, tuple[str, ...]], ...]
SaveGroup = Callable[[str, list[str]], str | None]


def split_names(text: str) -> list[str]:
    """Names typed or pasted as a list: one a line, or separated by commas."""
    return [name.strip() for line in text.splitlines() for name in line.split(",")
            if name.strip()]


class NameInput(Input):
    """The new-player field: a pasted list of names becomes several players."""

    @dataclass
    class Pasted(Message):
        names: list[str]

    def on_paste(self, event: events.Paste) -> None:
        # Runs before the Input's own paste handler, which prevent_default keeps from
        # typing the list into the field; a single name is pasted as usual.
        names = split_names(event.text)
        if len(names) > 1:
            event.stop()
            event.prevent_default()
            self.post_message(self.Pasted(names))


class RenameInput(Input):
    """A seated player's name opened for editing in their seat: Enter keeps what is typed,
    Escape leaves the name as it was (and the dialog open)."""

    BINDINGS = [Binding("escape", "leave", "Leave the name", show=False, id="setup.rename.leave")]

    @dataclass
    class Left(Message):
        """The dealer left the name as it was."""

    def action_leave(self) -> None:
        self.post_message(self.Left())


class OnOff(Guarded, Static, can_focus=True):
    """An on/off option that reads as text, [x] or [ ], so its state shows without colour.

    Only Space (or a click) switches it: Enter moves on, as in every other field, so a
    dealer passing through never switches an option he did not look at."""

    BINDINGS = [Binding("space", "switch", "Switch", show=False, id="option.switch")]

    value: reactive[bool] = reactive(False)
    """Whether the option is on."""

    def __init__(self, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(OnOff.value, value)

    def render(self) -> Text:
        return Text("[x]" if self.value else "[ ]")  # text, not markup

    def action_switch(self) -> None:
        self.value = not self.value

    def on_click(self) -> None:
        self.action_switch()


class Dialog(Guarded, ModalScreen[Draft | None]):
    """A set-up dialog: a body that scrolls above a foot that stays (the buttons)."""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Textual scrolls a focused field into view only when the dialog's edge hides it, not
        # when the foot covers it; scrolled from the dialog, the foot is left clear.
        self.query_one(".dialog").scroll_to_widget(event.widget, animate=False)


class NightSetupScreen(Dialog):
    """Players (add, remove, reorder), start chips, optional chip value and currency."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="setup.cancel"),
        Binding("delete", "remove", "Remove", id="setup.remove"),
        Binding("alt+up", "move(-1)", "Up", id="setup.up"),
        Binding("alt+down", "move(1)", "Down", id="setup.down"),
        Binding("ctrl+r", "regulars", "Last night's players", id="setup.regulars"),
        Binding("ctrl+s", "save_group", "Save as a group", id="setup.save_group"),
    ]

    # The field a refusal is about (the last part of its key), where the cursor goes back.
    FIELDS = {"chips": "#chips", "chip_value": "#chip-value", "currency": "#currency",
              "name": "#name"}

    def __init__(self, words: Words, problem: str | None = None,
                 typed: Draft | None = None, mending: bool = False,
                 problem_key: str | None = None, tables: Tables = (),
                 known: tuple[str, ...] = (), save_group: SaveGroup | None = None) -> None:
        """`mending`: the night's start as it was typed comes to be corrected, not a new
        night. `problem_key`: the refusal's key, naming the field to mend. `tables`: last
        night's players, then each saved group, with what to call them (ctrl+r seats the
        first, again the next in their place); `known`: every name of earlier nights,
        offered as the dealer types; `save_group` keeps the seated players as a group
        (ctrl+s), answering why not."""
        super().__init__()
        self.words = words
        self.tables = list(tables)
        self.known = known
        self.save_group = save_group
        # The last ctrl+r: which table it seated, the players before it and after it.
        self.seated: tuple[int, list[str], list[str]] | None = None
        self.renaming: int | None = None  # the seat whose name is open for editing
        self.problem = problem
        self.wrong_field = self.FIELDS.get((problem_key or "").rsplit(".", 1)[-1])
        self.typed = typed or {}
        self.mending = mending
        players = self.typed.get("players")
        self.players: list[str] = [p for p in players if isinstance(p, str)] if isinstance(
            players, list) else []

    def compose(self) -> ComposeResult:
        w = self.words
        typed = {key: str(value) for key, value in self.typed.items() if value is not None}
        with Vertical(classes="dialog"):
            with Vertical(classes="dialog-body"):
                yield Label(w("setup.mend" if self.mending else "setup.night"),
                            classes="dialog-title")
                yield Label(w("setup.players"))
                yield ListView(id="players")
                yield NameInput(placeholder=w("setup.add.regulars" if self.tables
                                              else "setup.add"), id="new-player",
                                suggester=SuggestFromList(self.known, case_sensitive=False)
                                if self.known else None)
                yield Static(w("setup.hint") + (w("setup.hint.save") if self.save_group
                                                else ""), id="setup-hint", classes="hint")
                # Labels above the fields, not placeholders: a prefilled field keeps its name.
                with Horizontal(classes="fields"):
                    for field, key, start, example in (
                            ("chips", "chips", "100", ""),
                            ("chip-value", "chip_value", "", w("setup.chip_value.example")),
                            ("currency", "currency", "", "")):
                        with Vertical(classes="field"):
                            yield Label(w(f"setup.{key}"))
                            yield Input(typed.get(key, start), placeholder=example, id=field,
                                        type="integer" if field == "chips" else "text")
                yield Label(w("setup.name"))
                # A night's name from an old log may hold a control character: shown
                # escaped, and kept so if the form is sent as it is.
                yield Input(shown(str(typed.get("name", ""))), id="name")
            with Vertical(classes="dialog-foot"):
                problem = Static(self.problem or "", id="problem", classes="problem",
                                 markup=False)
                problem.display = bool(self.problem)
                yield problem
                yield Button(w("setup.mend.button" if self.mending else "setup.start"),
                             id="start", variant="primary")

    async def on_mount(self) -> None:
        await self._draw_players(0)  # the list opens on its first player
        self.query_one(self.wrong_field or "#new-player", Input).focus()

    async def _draw_players(self, index: int | None = None) -> None:
        # Awaited, so quick typing never sees a list half cleared and half refilled.
        listing = self.query_one("#players", ListView)
        listing.can_focus = bool(self.players)  # an empty list is no place to Tab to
        await listing.clear()
        await listing.extend(ListItem(Label(f"{number}. {shown(name)}", markup=False))
                             for number, name in enumerate(self.players, 1))
        if index is not None and self.players:
            listing.index = max(0, min(index, len(self.players) - 1))

    async def on_list_view_selected(self, event: ListView.Selected) -> None:
        """Enter on a player opens the name for editing in its seat (a rename keeps the
        seat, so the correction of the night's start renames that player everywhere)."""
        index = event.list_view.index
        if index is None or not 0 <= index < len(self.players) or self.renaming is not None:
            return
        self.renaming = index
        item = event.item
        await item.remove_children()
        field = RenameInput(self.players[index], id="rename", compact=True)
        await item.mount(Horizontal(Label(f"{index + 1}. "), field, classes="renaming"))
        field.focus()  # its text selected: what is typed replaces the name

    async def _rename(self, typed: str) -> None:
        index = self.renaming
        if index is None:
            return
        name = typed.strip()
        twin = next((seated for at, seated in enumerate(self.players)
                     if at != index and seated.casefold() == name.casefold()), None)
        if twin is not None:  # the name stays open to be mended
            self.tell(self.words("setup.twin", name=name, twin=twin))
            return
        if name:
            self.players[index] = name
        await self._close_rename()

    async def _close_rename(self) -> None:
        index, self.renaming = self.renaming, None
        await self._draw_players(index)
        self.query_one("#players", ListView).focus()

    async def on_rename_input_left(self, message: RenameInput.Left) -> None:
        await self._close_rename()

    async def on_input_blurred(self, event: Input.Blurred) -> None:
        # Gone elsewhere (Tab, a click) while renaming: the name stays as it was.
        if event.input.id == "rename" and self.renaming is not None:
            await self._close_rename()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "rename":
            await self._rename(event.value)
        elif event.input.id == "new-player":
            names = split_names(event.value)
            event.input.value = ""
            if not names and len(self.players) >= 2:
                self._start()  # Enter on an empty name: the table is complete
            else:
                await self.add_players(names)
        else:
            self._start()

    async def add_players(self, names: list[str]) -> None:
        fresh: list[str] = []
        for name in names:
            twin = next((seated for seated in [*self.players, *fresh]
                         if seated.casefold() == name.casefold()), None)
            if twin is None:
                fresh.append(name)
            elif twin != name:  # "ann" beside Ann: one name, said at once
                self.tell(self.words("setup.twin", name=name, twin=twin))
        if fresh:
            self.players.extend(dict.fromkeys(fresh))
            await self._draw_players(len(self.players) - 1)

    async def on_name_input_pasted(self, message: NameInput.Pasted) -> None:
        await self.add_players(message.names)

    async def action_regulars(self) -> None:
        """Seat last night's players in last night's order (those already seated stay);
        pressed again right away, the next saved group in their place."""
        if not self.tables:
            return
        index, before = 0, list(self.players)
        if self.seated is not None and self.players == self.seated[2]:
            index, before = (self.seated[0] + 1) % len(self.tables), self.seated[1]
        _, players = self.tables[index]
        self.players = list(before)
        await self.add_players(list(players))
        await self._draw_players(len(self.players) - 1)
        self.seated = (index, before, list(self.players))
        hint = self.words("setup.seated", table=self.table_name(index))
        if len(self.tables) > 1:
            hint += " " + self.words("setup.seated.next",
                                     table=self.table_name((index + 1) % len(self.tables)))
        self.query_one("#setup-hint", Static).update(hint)

    def table_name(self, index: int) -> str:
        name = self.tables[index][0]
        return self.words("setup.last_night") if name is None else self.words(
            "setup.group", name=name)

    def action_save_group(self) -> None:
        """The seated players kept as a group under a name the dealer types."""
        if self.save_group is None:
            return
        if len(self.players) < 2:
            self.tell(self.words("setup.group.too_few"))
            return
        self.ask_group_name()

    def ask_group_name(self, problem: str | None = None, typed: str = "") -> None:
        words = self.words
        names = tuple(name for name, _ in self.tables if name is not None)

        def answered(typed_fields: dict[str, str] | None) -> None:
            if typed_fields is None or self.save_group is None:
                return
            name = typed_fields["group"]
            refusal = self.save_group(name, list(self.players))
            if refusal is not None:
                self.ask_group_name(refusal, name)
                return
            self.tables = [(kept, players) for kept, players in self.tables
                           if kept is None or kept.casefold() != name.casefold()]
            self.tables.append((name, tuple(self.players)))
            self.query_one("#setup-hint", Static).update(
                words("setup.group.saved", name=name, players=", ".join(self.players)))

        self.app.push_screen(FieldsScreen(
            words("setup.group.title", count=len(self.players)),
            [Field("group", words("setup.group.name"), typed, names)], problem, words=words),
            answered)

    async def action_remove(self) -> None:
        listing = self.query_one("#players", ListView)
        if listing.has_focus and listing.index is not None and self.players:
            index = listing.index
            del self.players[index]
            await self._draw_players(index)

    async def action_move(self, step: int) -> None:
        listing = self.query_one("#players", ListView)
        index = listing.index
        if self.renaming is not None or index is None or not 0 <= index + step < len(self.players):
            return
        self.players[index], self.players[index + step] = (self.players[index + step],
                                                           self.players[index])
        await self._draw_players(index + step)

    def tell(self, problem: str) -> None:
        """A problem with what is typed, in the dialog's foot."""
        shown = self.query_one("#problem", Static)
        shown.update(problem)
        shown.display = bool(problem)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def _start(self) -> None:
        pending = split_names(self.query_one("#new-player", Input).value)
        self.players.extend(name for name in dict.fromkeys(pending) if name not in self.players)
        # (a name twice in other letters goes through: the rules refuse it with the reason)
        command: Draft = {"cmd": "start_night", "players": list(self.players)}
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


class GameSetupScreen(Dialog):
    """The first dealer, the game and its options (default and a line of explanation each).

    The dealer comes first and is offered by the rotation (`dealer`), so the usual deal is
    the game and its options, then Deal.

    Enter never deals: on the game list it goes on to the game's options, in a field to the
    next one. Dealing is the Deal button, ctrl+d or ctrl+enter, so a stray Enter starts nothing."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="game.cancel"),
                # ctrl+enter where the terminal tells it from Enter; ctrl+d everywhere
                # (tmux and many terminals send ctrl+enter as a plain Enter).
                Binding("ctrl+enter,ctrl+d", "deal", "Deal", id="game.deal", priority=True),
                # Only where the field itself has no use for Enter (an on/off option).
                Binding("enter", "app.focus_next", "Next", show=False, id="game.next")]

    def __init__(self, players: list[str], words: Words, problem: str | None = None,
                 typed: Draft | None = None, dealer: str | None = None) -> None:
        """`players`: who can deal, in seat order; `dealer`: the one the rotation gives."""
        super().__init__()
        self.players = players
        self.rotation = dealer
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
        self._showing = asyncio.Lock()
        self._dealt = False

    def compose(self) -> ComposeResult:
        w = self.words
        with Vertical(classes="dialog"):
            with Vertical(classes="dialog-body"):
                yield Label(w("setup.game"), classes="dialog-title")
                yield Label(w("setup.dealer"))
                yield Select([(w("setup.draw"), "draw")] + [(p, p) for p in self.players],
                             value=self._dealer(), allow_blank=False, id="dealer")
                yield Label(w("setup.preset"))
                yield OptionList(*(Option(self._entry(g, g is self.first), id=g.preset)
                                   for g in self.games), id="preset")
                yield Vertical(id="options")
            with Vertical(classes="dialog-foot"):
                if self.problem:
                    yield Static(self.problem, classes="problem")
                yield Static(w("setup.game.hint"), classes="hint", markup=False)
                with Horizontal(classes="buttons"):
                    yield Button(w("setup.play"), id="play", variant="primary")
                    yield Button(w("setup.cancel"), id="cancel")

    def _dealer(self) -> str:
        """Who the dealer field starts on: as typed before a refusal, else the rotation's."""
        for dealer in (self.typed_dealer, self.rotation):
            if dealer in [*self.players, "draw"]:
                return str(dealer)
        return self.players[0] if self.players else "draw"

    @staticmethod
    def _entry(game: GameInfo, chosen: bool) -> str:
        # The chosen game is marked in text, so it reads without the highlight's colour.
        return f"{'▸' if chosen else ' '} {game.title}"

    async def on_mount(self) -> None:
        games = self.query_one("#preset", OptionList)
        games.highlighted = self.games.index(self.first)
        await self._show_options(self.first)
        games.focus()
        # Focusing scrolls the list to the top edge; the dialog's title belongs above it.
        self.call_after_refresh(self.query_one(".dialog").scroll_home, animate=False)

    def _game(self) -> GameInfo:
        """The game whose options are shown: the one Deal starts."""
        return next(g for g in self.games if g.preset == self._shown)

    async def _show_options(self, game: GameInfo) -> None:
        # Awaited, so keys typed at once find the fields there (and a Select is whole); one
        # at a time, so Deal never reads a game's fields while they are being put up.
        async with self._showing:
            if not self._dealt:  # (an arrow's late message after a quick deal)
                await self._put_up_options(game)

    async def _put_up_options(self, game: GameInfo) -> None:
        if game.preset == self._shown:
            return
        self._shown = game.preset
        games = self.query_one("#preset", OptionList)
        for index, each in enumerate(self.games):
            games.replace_option_prompt_at_index(index, self._entry(each, each is game))
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        typed = self.typed_options if game.preset == self.first.preset else {}
        for option in game.options:
            value = typed.get(option.name, option.default)
            if isinstance(option.default, bool):
                field: Any = OnOff(bool(value), id=f"opt-{option.name}")
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
                                       Static(option.explain(self.words.language)
                                              or self.words.or_else(
                                                  f"option.{game.preset}.{option.name}",
                                                  option.explanation), classes="hint"),
                                       classes="option"))

    async def on_option_list_option_highlighted(
            self, event: OptionList.OptionHighlighted) -> None:
        # The options follow the highlighted game: what the dealer sees is what he deals.
        await self._show_options(self.games[event.option_index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.focus_next()  # on to the chosen game's first option

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.action_deal()
        else:
            self.dismiss(None)

    def action_deal(self) -> None:
        """Deal once the keys typed before are in (a quick ↓ ctrl+d deals the game the arrow
        went to; screens/in_turn.py says why that needs saying)."""
        after_typed_keys(self.focused or self, self._deal_highlighted)

    async def _deal_highlighted(self) -> None:
        """Deal the game highlighted in the list, with the options shown for it: a deal right
        after an arrow deals the game the arrow went to, never the one before."""
        games = self.query_one("#preset", OptionList)
        async with self._showing:
            if games.highlighted is not None:
                await self._put_up_options(self.games[games.highlighted])
            self._deal()

    def _deal(self) -> None:
        self._dealt = True
        game = self._game()
        options: dict[str, Any] = {}
        for option in game.options:
            if isinstance(option.default, bool):
                options[option.name] = self.query_one(f"#opt-{option.name}", OnOff).value
            elif option.choices:
                options[option.name] = self.query_one(f"#opt-{option.name}", Select).value
            else:
                text = self.query_one(f"#opt-{option.name}", Input).value.strip()
                options[option.name] = number_or_text(text)
        self.dismiss({"cmd": "start_game", "game": game.preset,
                      "dealer": self.query_one("#dealer", Select).value, "options": options})

    def action_cancel(self) -> None:
        self.dismiss(None)
