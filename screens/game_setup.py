"""Setting up a game: which game, its first dealer and its options."""
from __future__ import annotations

import asyncio
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from companion.commands import Draft
from companion.games import GameInfo, game_presets
from companion.table import number_or_text
from companion.words.i18n import Words
from screens.in_turn import after_typed_keys
from screens.setup import Dialog, OnOff


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
                                              or option.explanation, classes="hint"),
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
