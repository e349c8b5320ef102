"""Small screens over the table: the rules card, join/rebuy/leave, correcting, the end, and a
few named lines to type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from companion.commands import Command, Draft
from companion.table import LogLine, number_or_text
from companion.views import Expect, NightView
from companion.words.i18n import Words
from screens.guard import Guarded
from screens.keys import KeyEntry

if TYPE_CHECKING:
    from screens.games import GameScreen


class HelpScreen(Guarded, ModalScreen[None]):
    """The rules card of the current game, in the screen's language."""

    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close", id="help.close")]

    def __init__(self, card: str, words: Words) -> None:
        super().__init__()
        self.card = card
        self.words = words

    def compose(self) -> ComposeResult:
        # Textual's Markdown brings markdown-it and its parsers (a tenth of a second): only
        # the help needs it, so the other dialogs, and the table, open without it.
        from textual.widgets import Markdown

        with VerticalScroll(classes="dialog help"):
            yield Markdown(self.card)

    async def action_dismiss(self, result: Any = None) -> None:
        self.dismiss(None)


class AskScreen(Guarded, ModalScreen[Draft | None]):
    """Who joins, rebuys or leaves (and for how many chips), or whose bank details these are;
    a refused answer comes back as typed, with its reason and the cursor in the field it is
    about."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]
    # Each question's title, and its fields with their labels (the chips of a join are its
    # buy-in, of a rebuy the rebuy).
    TITLES = {"join": "key.join", "rebuy": "key.rebuy", "leave": "key.leave",
              "set_payment": "key.set_payment", "expense": "key.expense"}
    FIELDS = {"join": (("player", "ask.player"), ("chips", "ask.join.chips")),
              "rebuy": (("player", "ask.player"), ("chips", "ask.rebuy.chips")),
              "leave": (("player", "ask.player"),),
              "set_payment": (("player", "ask.player"), ("iban", "ask.iban"),
                              ("name", "ask.name")),
              "expense": (("payer", "ask.payer"), ("amount", "ask.amount"),
                          ("what", "ask.what"), ("shared_by", "ask.shared_by"))}
    # Refusals whose key does not end with the field they are about.
    FIELD_OF = {"payment.name": "name", "expense.too_much": "amount",
                "expense.nobody": "shared_by", "join.seated": "player", "rebuy.gone": "player"}
    # What a value's range or a text's rules call a field (engine/limits.py, engine/text.py).
    FIELD_NAMED = {"buy_in": "chips", "rebuy": "chips", "name": "player", "what": "what",
                   "holder": "name"}

    def __init__(self, command: str, words: Words, problem: str | None = None,
                 typed: Draft | None = None, problem_key: str | None = None,
                 problem_field: str | None = None) -> None:
        """`typed`: what the fields hold (as typed before a refusal, or offered);
        `problem_key`: the refusal's key, naming the field the cursor goes back to, or
        `problem_field`: the field a refusal of a value's range or a text names."""
        super().__init__()
        self.command = command
        self.words = words
        self.problem = problem
        self.typed = typed or {}
        self.labels = dict(self.FIELDS[command])
        self.fields = tuple(self.labels)
        self.wrong_field = self._field_of(problem_key, problem_field)

    def _field_of(self, key: str | None, named: str | None) -> str | None:
        if named is not None and self.FIELD_NAMED.get(named) in self.fields:
            return self.FIELD_NAMED[named]
        if key is None:
            return None
        field = self.FIELD_OF.get(key) or ("iban" if key.startswith("iban.")
                                           else key.rsplit(".", 1)[-1])
        return field if field in self.fields else None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.words(self.TITLES[self.command]), classes="dialog-title")
            # No button: the hint says what saves, above the fields so it is never scrolled
            # away on a short terminal.
            yield Static(self.words("ask.hint.one" if len(self.fields) == 1 else "ask.hint"),
                         classes="hint")
            for field in self.fields:
                value = self.typed.get(field)
                # A label, not a placeholder: a field that comes back typed keeps its name.
                yield Label(self.words(self.labels[field]))
                shown = (", ".join(map(str, value)) if isinstance(value, list)
                         else "" if value is None else str(value))
                yield Input(shown, id=field, type="integer" if field == "chips" else "text")
            yield Static(self.problem or "", classes="problem", markup=False)

    def on_mount(self) -> None:
        # After a refusal the cursor goes where the mending is (its text selected, so what
        # is typed replaces it); after a refusal of bank details that names no field, the
        # IBAN.
        first = (self.wrong_field or ("iban" if self.problem and "iban" in self.fields
                                      else self.fields[0]))
        self.query_one(f"#{first}", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        index = self.fields.index(str(event.input.id))
        if index + 1 < len(self.fields):
            self.query_one(f"#{self.fields[index + 1]}", Input).focus()
            return
        command: Draft = {"cmd": self.command}
        for field in self.fields:
            value = self.query_one(f"#{field}", Input).value.strip()
            if field == "chips":
                command[field] = number_or_text(value)
            elif field == "shared_by":  # names with commas; none: everyone at the table
                if value:
                    command[field] = [name.strip() for name in value.split(",")
                                      if name.strip()]
            elif value or field != "name":  # the account holder defaults to the player
                command[field] = value
        self.dismiss(command)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CorrectScreen(Guarded, ModalScreen[Command | None]):
    """Type the replacement of one logged entry with the same keys as at the table."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="correct.cancel")]

    def __init__(self, line: LogLine, words: Words, game: GameScreen,
                 suits: bool = True, view: NightView | None = None) -> None:
        super().__init__()
        self.line = line
        self.words = words
        self.game = game
        self.entry = KeyEntry()
        # The game's editor knows how each of its entries is typed.
        self.expect: Expect | None = (game.editor.expectation(line.command, suits, view)
                                      if line.command is not None else None)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            what = self.line.text.strip().removeprefix(str(self.line.action)).strip()
            yield Label(self.words("correct.title", action=self.line.action, what=what),
                        classes="dialog-title", markup=False)
            yield Static(self.words("correct.hint"), classes="hint")
            yield Static("▸ ", id="typed", markup=False)

    def on_key(self, event: events.Key) -> None:
        if self.expect is None:
            return
        key = event.character if event.is_printable and event.character else event.key
        if (key not in ("enter", "backspace") and not event.is_printable
                and key not in self.game.keys.NAMED):
            return
        event.stop()
        command = self.entry.feed(key, self.expect, self.game.keys)
        shown = Text("▸ ")
        if self.line.secret:  # the hidden card is retyped blind
            shown.append("▪" * len(self.entry.buffer))
        else:  # as the table's prompt shows it ("to Cleo: 12", not the keys' own buffer)
            own = self.game.keys.typed(self.entry, self.expect, self.words)
            shown.append(own if own is not None else self.entry.buffer)
        self.query_one("#typed", Static).update(shown)
        if command is not None and self.line.command is not None:
            self.dismiss(self.game.editor.as_the_original(self.line.command, command))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Guarded, ModalScreen[bool]):
    """A yes-or-no question before something that cannot be taken back by a key."""

    BINDINGS = [Binding("y,j,enter", "answer(True)", "Yes", id="confirm.yes"),
                Binding("n,escape", "answer(False)", "No", id="confirm.no")]

    def __init__(self, question: str, words: Words) -> None:
        super().__init__()
        self.question = question
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title", markup=False)
            yield Static(self.words("confirm.keys"), classes="hint")

    def action_answer(self, sure: bool) -> None:
        self.dismiss(sure)


class EndNightScreen(Guarded, ModalScreen[str | None]):
    """Ending the night: settled now ("now"), or its balances carried over ("carry")."""

    BINDINGS = [Binding("y,j,enter", "answer('now')", "Yes", id="end_night.now"),
                Binding("c", "answer('carry')", "Carry", id="end_night.carry"),
                Binding("n,escape", "answer(None)", "No", id="end_night.no")]

    def __init__(self, words: Words) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.words("confirm.end_night"), classes="dialog-title")
            yield Static(self.words("confirm.end_night.keys"), classes="hint")

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)




class Field(msgspec.Struct, frozen=True):
    """One line of a FieldsScreen: its id, its label, what it holds, names it completes."""

    id: str
    label: str
    value: str = ""
    suggestions: tuple[str, ...] = ()


class FieldsScreen(Guarded, ModalScreen[dict[str, str] | None]):
    """A few named lines to type (a group's name; a rename to merge); Enter goes to the next,
    on the last one answers with them all; a refusal comes back with them as typed."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="fields.cancel")]

    def __init__(self, title: str, fields: list[Field], problem: str | None = None,
                 hint: str | None = None, *, words: Words) -> None:
        """`hint`: a line on what the fields mean, above the one on which keys save."""
        super().__init__()
        self.words = words
        self.title_text = title
        self.fields = fields
        self.problem = problem
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.words("fields.hint.one" if len(self.fields) == 1
                                    else "fields.hint"), classes="hint")
            for field in self.fields:
                yield Label(field.label, markup=False)
                yield Input(field.value, id=field.id, suggester=SuggestFromList(
                    field.suggestions, case_sensitive=False) if field.suggestions else None)
            if self.hint:
                yield Static(self.hint, classes="hint", markup=False)
            yield Static(self.problem or "", classes="problem", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        ids = [field.id for field in self.fields]
        index = ids.index(str(event.input.id))
        if index + 1 < len(ids):
            self.query_one(f"#{ids[index + 1]}", Input).focus()
            return
        self.dismiss({field: self.query_one(f"#{field}", Input).value.strip() for field in ids})

    def action_cancel(self) -> None:
        self.dismiss(None)
