"""Setting up the night: the players in seat order, chips, chip value, a saved group."""
from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, ListItem, ListView, Static

from companion.commands import Draft
from companion.present import shown
from companion.table import number_or_text
from companion.words.i18n import Words
from screens.dialogs import Field, FieldsScreen
from screens.setup import Dialog, NameInput, RenameInput, split_names

# Who a new night can seat in one key: last night's players (no name), then each saved group.
Tables = tuple[tuple[str | None, tuple[str, ...]], ...]
SaveGroup = Callable[[str, list[str]], str | None]


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
                    for field, key, label, start, example in (
                            ("chips", "chips", "setup.chips", "100", ""),
                            ("chip-value", "chip_value", "setup.chip_value", "",
                             w("setup.chip_value.example")),
                            ("currency", "currency", "setup.currency", "", "")):
                        with Vertical(classes="field"):
                            yield Label(w(label))
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
