"""The table screen: seats, pot, the turn's cards, the prompt, seen cards, odds and log."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import OptionList, Static

from companion.commands import (
    Command,
    Correct,
    Draft,
    EndGame,
    EndNight,
    Redo,
    StartNight,
    Undo,
)
from companion.table import Answer, TableController
from companion.views import NightView
from companion.words.i18n import Words
from screens.bindings import (
    TABLE_KEYS,
    KeyAction,
    LanguageKeys,
    bindings,
    game_keys,
    keys_card,
    rebind,
)
from screens.commands import TableCommands
from screens.games import TABLE, GameScreen, screen_for
from screens.guard import Guarded, guarded
from screens.widgets import EntryBar, KeyFooter, LogPanel, TableView

if TYPE_CHECKING:
    from screens.night_setup import Tables

# The screens over the table (dialogs, set-up, settlement, history, replay, the players'
# view) are imported when first opened, each in the method that opens it: the table's first
# frame needs none of them, and with them came Markdown, the QR codes, the printer's and the
# history's modules (about a third of the start-up).

# What the note under the prompt says once an answer to a question (action_ask) is recorded.
RECORDED = {"join": "recorded.join", "rebuy": "recorded.rebuy", "leave": "recorded.leave",
            "expense": "recorded.expense"}
FOLLOW_EVERY_S = 0.25  # a reading window shows the writer's action within a second


class TableScreen(Guarded, LanguageKeys, Screen[None]):
    """Where the night is played: keys become commands, the answers redraw the table."""

    BINDINGS = bindings(TABLE_KEYS)
    COMMANDS = {TableCommands}

    def __init__(self, controller: TableController, words: Words) -> None:
        super().__init__()
        self.controller = controller
        self.words = words
        self.game: GameScreen = TABLE  # the screen package of the game on the table
        # The keys this screen's class binds (Textual's map of them for this screen alone),
        # to which the keys of the game on the table are added.
        self._table_bindings = self._bindings

    @property
    def keys(self) -> tuple[KeyAction, ...]:
        """Every key of the table now: its own, then the game's on it."""
        return TABLE_KEYS + game_keys(self.game.keys.ACTIONS)

    def _seat(self, game: GameScreen) -> None:
        """The game on the table: its keys are bound while it is there."""
        if game is not self.game:
            self.game = game
            rebind(self, self._table_bindings, game_keys(game.keys.ACTIONS), self.words.game)

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        yield TableView(id="table")
        yield EntryBar(id="entry")
        yield LogPanel(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(EntryBar).focus()
        self.redraw()
        reason = self.controller.read_only_reason
        if reason and self.controller.has_night:
            self.query_one("#banner", Static).update(
                Text(self.words("read_only", reason=reason), style="bold white on red"))
            # A second window (a monitor facing the players) follows the writer live.
            self.set_interval(FOLLOW_EVERY_S, self._follow_the_writer)
        elif self.controller.broken_sentence:
            self._show_break()
            if self.controller.break_acceptable:  # else only its export goes on from it
                self.call_after_refresh(self._ask_about_the_break)
        elif not self.controller.has_night:
            self.call_after_refresh(self.ask_for_night)
        elif self.controller.view().game is None and not self.controller.view().ended:
            self.call_after_refresh(self.action_game)

    def _show_break(self, accepted: bool = False) -> None:
        sentence = str(self.controller.broken_sentence)
        banner = ("broken.accepted" if accepted else "broken.banner"
                  if self.controller.break_acceptable else "broken.stopped")
        self.query_one("#banner", Static).update(Text(
            self.words(banner, sentence=sentence),
            style="bold black on yellow" if accepted else "bold white on red"))

    def _ask_about_the_break(self) -> None:
        from screens.dialogs import ConfirmScreen  # opened on demand: see the note at the top

        self.app.push_screen(ConfirmScreen(self.words("broken.ask"), self.words),
                             self._break_answered)

    @guarded
    def _break_answered(self, accept: bool | None) -> None:
        if accept:
            self.controller.accept_break()
            self._show_break(accepted=True)

    def _follow_the_writer(self) -> None:
        if self.controller.follow():
            self.redraw()

    # --- drawing ------------------------------------------------------------------------

    def redraw(self, problem: str | None = None) -> None:
        """The table, the prompt and the log as they stand; `problem` on the note line."""
        if not self.controller.has_night:
            return
        view = self.controller.view()
        # The table's words and those of the game on it, no other game's.
        self.words = self.words.playing(view.game)
        self._seat(screen_for(view))
        self.query_one(TableView).show(view, self.words)
        self.query_one(EntryBar).show(self._prompt(view), view.expect, self.game.keys,
                                      self.words, problem)
        self.query_one(LogPanel).show(self.controller.log(self.words.language), self.words)

    def _prompt(self, view: NightView) -> str:
        # While the log has focus the keys pick an action to correct, and the prompt says so.
        if self.query_one(LogPanel).has_focus:
            return self.words("correct.picking")
        # A turn's question on a night nothing can be written onto would ask for a card
        # that is refused however it is typed.
        if self.controller.writing_stopped:
            return self.words("broken.prompt")
        return screen_for(view).panel.prompt(view, self.words)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._redraw_prompt()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._redraw_prompt()

    def _redraw_prompt(self) -> None:
        if self.controller.has_night:
            self.query_one(EntryBar).reprompt(self._prompt(self.controller.view()))

    def say(self, text: str, problem: bool = False) -> None:
        """One note under the prompt; it replaces the one before."""
        self.query_one(EntryBar).tell(text, problem)

    # --- sending ------------------------------------------------------------------------

    def send(self, command: Command) -> bool:
        """Record a command; a refusal shows its sentence at the prompt."""
        answer = self.controller.send(command)
        if not answer.ok:
            bar = self.query_one(EntryBar)
            bar.keys.refused(bar.entry, command, answer.params or {})
            self.redraw(problem=self.refusal(answer))
            return False
        self.redraw()  # the log's newest line shows what was recorded
        return True

    def refusal(self, answer: Answer) -> str:
        return self.words.refusal(str(answer.reason), answer.key, answer.params)

    def on_entry_bar_entered(self, message: EntryBar.Entered) -> None:
        try:
            self.send(message.command)
        finally:  # whatever became of it, the keys typed after it are read
            self.query_one(EntryBar).taken()

    # --- actions ------------------------------------------------------------------------

    def action_undo(self) -> None:
        self.send(Undo())

    def action_redo(self) -> None:
        self.send(Redo())

    def action_correct(self) -> None:
        log = self.query_one(LogPanel)
        if log.has_focus:
            self._correct_highlighted()
        else:
            log.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._correct_highlighted()

    def _correct_highlighted(self) -> None:
        from screens.dialogs import CorrectScreen  # opened on demand

        log = self.query_one(LogPanel)
        if log.highlighted is None:
            return
        option = log.get_option_at_index(log.highlighted)
        line = self.controller.log_line(int(option.id or 0))
        if line is not None and line.correctable and isinstance(line.command, StartNight):
            self.action_night_settings()
            return
        view = self.controller.view()
        suits = view.table.suits if view.table is not None else True
        game = screen_for(view)
        if (line is None or not line.correctable or line.command is None
                or game.editor.expectation(line.command, suits, view) is None):
            self.say(self.words("correct.not_here"))
            return
        self.app.push_screen(CorrectScreen(line, self.words, game, suits, view),
                             self.guard(self._corrected(line.action)))

    def _corrected(self, action: int) -> Callable[[Command | None], None]:
        from companion.words.changes import said, what_changed  # a correction's words: on demand

        def apply(replacement: Command | None) -> None:
            self.query_one(EntryBar).focus()
            if replacement is None:
                return
            before = self.controller.view()
            self.query_one(LogPanel).follow_latest()
            if self.send(Correct(action=action, command=replacement)):
                self.say(said(what_changed(before, self.controller.view()), self.words)
                         or self.words("correct.nothing"))
        return apply

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.query_one(LogPanel).has_focus:
            self.query_one(EntryBar).focus()

    def action_night_settings(self, problem: str | None = None, typed: Draft | None = None,
                              problem_key: str | None = None) -> None:
        """The start of the night (players, chips, chip value, currency, name), to correct:
        a correction of action 1 that re-decides the whole night."""
        from screens.night_setup import NightSetupScreen  # opened on demand

        start = self.controller.log_line(1)
        if start is None or start.command is None:
            return
        self.app.push_screen(
            NightSetupScreen(self.words, problem, typed or start.entered, mending=True,
                             problem_key=problem_key),
            self._night_mended)

    @guarded
    def _night_mended(self, command: Draft | None) -> None:
        from companion.words.changes import said, what_changed  # on demand

        self.query_one(EntryBar).focus()
        if command is None:
            return
        before = self.controller.view()
        answer = self.controller.enter({"cmd": "correct", "action": 1, "command": command})
        if not answer.ok:
            self.action_night_settings(self.refusal(answer), command, answer.key)
            return
        self.query_one(LogPanel).follow_latest()
        self.redraw()
        self.say(said(what_changed(before, self.controller.view()), self.words)
                 or self.words("correct.start"))

    def action_replay(self) -> None:
        from screens.replay import ReplayScreen  # opened on demand

        self.app.push_screen(ReplayScreen(self.controller.replay(), self.words))

    def action_history(self) -> None:
        """Every night in the database and the standings across them."""
        from screens.history import HistoryScreen  # opened on demand

        self.app.push_screen(HistoryScreen(self.controller, self.words))

    def action_players_view(self) -> None:
        """The players' view served on the network, its address and QR code on screen; the
        server starts in a thread (a second at most) so the table never waits for it."""
        from companion.web.players_view import ServeProblem  # on demand, not in the thread

        self.say(self.words("players.starting"))

        def start() -> None:
            try:
                address = self.controller.players_view()
            except ServeProblem as problem:
                self.app.call_from_thread(self.say, self.words(
                    "players.failed", reason=str(problem)), True)
                return
            self.app.call_from_thread(self._show_players_view, address)

        self.run_worker(start, thread=True, group="players_view", exclusive=True)

    def _show_players_view(self, address: str) -> None:
        from screens.players import PlayersViewScreen  # opened on demand

        self.say("")
        self.app.push_screen(PlayersViewScreen(address, self.words))

    def action_help(self) -> None:
        from screens.dialogs import HelpScreen  # opened on demand

        card = self.controller.rules_card(self.words.language)
        self.app.push_screen(HelpScreen(f"{card}\n\n{keys_card(self.keys, self.words)}",
                                        self.words))

    def action_language(self) -> None:
        self.words = self.words.other()
        self.refresh_bindings()  # the other language's keys are the active ones now
        self.redraw()

    def ask_for_night(self, problem: str | None = None, command: Draft | None = None,
                      problem_key: str | None = None) -> None:
        from screens.night_setup import NightSetupScreen  # opened on demand

        regulars, known = self.controller.regulars()
        tables: Tables = ((None, regulars),) if regulars else ()
        tables += tuple(self.controller.groups().items())
        # A new night of the same group: last night's chips, chip value and currency offered.
        command = command if command is not None else dict(self.controller.last_settings())
        self.app.push_screen(NightSetupScreen(self.words, problem, command,
                                              problem_key=problem_key, tables=tables,
                                              known=known, save_group=self.controller.save_group),
                             self._night_entered)

    @guarded
    def _night_entered(self, command: Draft | None) -> None:
        if command is None:
            if not self.controller.has_night:
                self.app.exit()
            return
        answer = self.controller.enter(command)
        if not answer.ok:
            self.ask_for_night(self.refusal(answer), command, answer.key)
            return
        self.query_one("#banner", Static).update("")
        self.redraw()
        self.action_game()

    def action_game(self, problem: str | None = None,
                    typed: Draft | None = None) -> None:
        from screens.game_setup import GameSetupScreen  # opened on demand

        view = self.controller.view()
        if view.game is not None:
            self.say(self.words("game.running", game=view.game_title), problem=True)
            return
        if view.ended:
            self.say(self.words("game.night_over"), problem=True)
            return
        players = [name for name, seat in view.players.items()
                   if seat.present and seat.chips > 0]
        self.app.push_screen(GameSetupScreen(players, self.words, problem, typed,
                                             self.controller.next_dealer()),
                             self._game_entered)

    @guarded
    def _game_entered(self, command: Draft | None) -> None:
        if command is None:
            return
        answer = self.controller.enter(command)
        if not answer.ok:
            self.action_game(self.refusal(answer), command)
            return
        self.redraw()

    def action_end_game(self) -> None:
        from screens.dialogs import ConfirmScreen  # opened on demand

        view = self.controller.view()
        if view.game is None:
            self.send(EndGame())  # refused, with the rules' own sentence
            return
        self.app.push_screen(
            # A game of sips has no pot to share: the question does not speak of one.
            ConfirmScreen(self.words("confirm.end_game" if view.pot else "confirm.end_game.no_pot",
                                     game=view.game_title), self.words),
            self._end_game_confirmed)

    @guarded
    def _end_game_confirmed(self, sure: bool | None) -> None:
        if sure:
            self.send(EndGame())

    def action_game_key(self, key_id: str) -> None:
        """A key of the game on the table's own: the command its key map gives it."""
        for key in self.game.keys.ACTIONS:
            if key.id == key_id:
                self.send(key.command)

    def action_end_night(self) -> None:
        from screens.dialogs import EndNightScreen  # opened on demand

        if self.controller.has_night and self.controller.view().ended:
            self.ask_for_night()  # this night is over: the key starts the next
            return
        self.app.push_screen(EndNightScreen(self.words), self._end_night_confirmed)

    @guarded
    def _end_night_confirmed(self, answer: str | None) -> None:
        from screens.settlement import SettlementScreen  # opened on demand

        if answer is None or not self.send(EndNight(carry=answer == "carry")):
            return
        if answer == "carry":  # nothing to pay tonight: settle --open pays it later
            self.app.notify(self.words("recorded.carried"), timeout=10)
            self.ask_for_night()
            return
        self.app.push_screen(SettlementScreen(self.controller, self.words),
                             lambda _: self.ask_for_night())

    def action_settle(self) -> None:
        """The settlement as it would be now: provisional while the night is open."""
        from screens.settlement import SettlementScreen  # opened on demand

        if self.controller.has_night:
            self.app.push_screen(SettlementScreen(self.controller, self.words),
                                 lambda _: self.redraw())

    def action_ask(self, command: str, problem: str | None = None,
                   typed: Draft | None = None, problem_key: str | None = None,
                   problem_field: str | None = None) -> None:
        """Who joins, rebuys or leaves; a refusal brings the question back as typed, with its
        reason and the cursor in the field it is about. A join or a rebuy is offered the
        night's start chips."""
        from screens.dialogs import AskScreen  # opened on demand

        def asked(answer_command: Draft | None) -> None:
            if answer_command is None:
                return
            answer = self.controller.enter(answer_command)
            if not answer.ok:
                field = (answer.params or {}).get("field")
                self.action_ask(command, self.refusal(answer), answer_command, answer.key,
                                field if isinstance(field, str) else None)
                return
            self.redraw()
            self.say(self.words(RECORDED[command], action=answer.action,
                                player=answer_command.get("player")))

        if typed is None and command in ("join", "rebuy"):
            chips = self.controller.start_chips()
            typed = {} if chips is None else {"chips": chips}
        self.app.push_screen(AskScreen(command, self.words, problem, typed, problem_key,
                                       problem_field), self.guard(asked))
