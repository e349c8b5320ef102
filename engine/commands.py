"""The table's own commands as typed values: frozen Structs tagged by their `cmd`.

These are the commands of every night whatever its game: the night itself (players, money,
games in sequence), the card and the bets the shared betting kernel plays, and the log's
undo, redo and correct. A game adds its own (engine.game); `engine.contract` joins them all
into the one decoder where a command enters. `as_json` gives a command back in the
contract's JSON form (DESIGN.md), which is also how the log stores it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import msgspec

from engine.json_doc import JsonDoc

if TYPE_CHECKING:
    from engine.say import Say


class Command(msgspec.Struct, frozen=True, tag_field="cmd", omit_defaults=True,
              forbid_unknown_fields=True):
    """Base of every command; `cmd` is its tag."""

    # A turn action may name its player as a check against mis-entries (DESIGN.md).
    TURN_ACTION: ClassVar[bool] = False
    # It names cards: while a card is hidden (Schlag's), such an entry taken back is not
    # typed out (it may have been that very card).
    NAMES_CARDS: ClassVar[bool] = False

    @property
    def named_player(self) -> str | None:
        """The player a turn action names as a check against mis-entries, if it names one."""
        player = getattr(self, "player", None)
        return player if isinstance(player, str) else None

    @property
    def verb(self) -> str:
        """The command's `cmd`, as the contract names it."""
        tag: str = self.__struct_config__.tag  # type: ignore[assignment]
        return tag

    def admit(self) -> None:
        """Raise Refusal when a value of this command is beyond what a table needs (its
        amounts, how many cards). engine/edge.py checks the table's own commands; a game's
        command checks its own values here."""

    def describe(self, say: Say) -> str:
        """A short description in `say`'s words ("Ann bet 5"): the log's name for the action,
        and the rules' where a correction would make it impossible (engine.words.described
        gives the table's words and the game's). A command with no words of its own is
        described by its JSON."""
        return msgspec.json.encode(self).decode()

    @property
    def who(self) -> str:
        """The player the command names, with a space after it, or nothing."""
        return f"{self.named_player} " if self.named_player else ""


# --- the night -------------------------------------------------------------------------------

class StartNight(Command, frozen=True, tag="start_night"):
    players: tuple[str, ...]
    chips: int
    chip_value: str | int | float | None = None
    currency: str | None = None
    name: str | None = None

    def describe(self, say: Say) -> str:
        extras = "".join(say(key, value=value) for key, value in (
            ("command.start_night.chip_value", self.chip_value),
            ("command.start_night.currency", self.currency),
            ("command.start_night.name", self.name)) if value is not None)
        return say("command.start_night", players=", ".join(self.players), chips=self.chips,
                   extras=extras)


class Join(Command, frozen=True, tag="join"):
    player: str
    chips: int
    after: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.join", player=self.player, chips=self.chips)


class Rebuy(Command, frozen=True, tag="rebuy"):
    player: str
    chips: int

    def describe(self, say: Say) -> str:
        return say("command.rebuy", player=self.player, chips=self.chips)


class Leave(Command, frozen=True, tag="leave"):
    player: str

    def describe(self, say: Say) -> str:
        return say("command.leave", player=self.player)


class SetPayment(Command, frozen=True, tag="set_payment"):
    player: str
    iban: str
    name: str | None = None


class Expense(Command, frozen=True, tag="expense"):
    """Money one player paid for the table (pizza, drinks), shared by `shared_by` (everyone
    at the table when it is entered, unless named)."""

    payer: str
    amount: str  # money, like "18.50"
    what: str
    shared_by: tuple[str, ...] | None = None

    def describe(self, say: Say) -> str:
        return say("command.expense", payer=self.payer, amount=self.amount, what=self.what)


class StartGame(Command, frozen=True, tag="start_game"):
    game: str
    dealer: str | None = None
    options: Mapping[str, object] | None = None  # a JSON object: msgspec reads no recursive alias

    def describe(self, say: Say) -> str:
        if self.dealer:
            return say("command.start_game", game=self.game, dealer=self.dealer)
        return say("command.start_game.draw", game=self.game)


class EndGame(Command, frozen=True, tag="end_game"):
    """The game on the table ends (its pot shared as its rules say)."""

    def describe(self, say: Say) -> str:
        return say("command.end_game")


class EndNight(Command, frozen=True, tag="end_night"):
    carry: bool = False  # the balances are not paid tonight but carried to a later settlement

    def describe(self, say: Say) -> str:
        return say("command.end_night.carry" if self.carry else "command.end_night")


class Paid(Command, frozen=True, tag="paid"):
    """The carried balances of this night have been paid (`settle --open --paid`)."""

    def describe(self, say: Say) -> str:
        return say("command.paid")


# --- the card and the bets: the shared betting kernel plays them in every game ---------------

class PlayCard(Command, frozen=True, tag="card"):
    """The next physical card, in the slot the game expects."""

    TURN_ACTION = True
    NAMES_CARDS = True
    card: str
    player: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.card", who=self.who, card=say.card(self.card))


class Bet(Command, frozen=True, tag="bet"):
    TURN_ACTION = True
    amount: int
    player: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.bet", who=self.who, amount=self.amount)


class Pass(Command, frozen=True, tag="pass"):
    TURN_ACTION = True
    player: str | None = None

    def describe(self, say: Say) -> str:
        return say("command.pass", who=self.who)


# --- the log ---------------------------------------------------------------------------------

class Undo(Command, frozen=True, tag="undo"):
    """The latest effective game or night action is taken back."""

    def describe(self, say: Say) -> str:
        return say("command.undo")


class Redo(Command, frozen=True, tag="redo"):
    """The action undone last comes back."""

    def describe(self, say: Say) -> str:
        return say("command.redo")


class Correct(Command, frozen=True, tag="correct"):
    """Replace what action `action` entered by `command` (decoded by engine.contract, which
    knows every game's commands)."""

    action: int
    command: Command


NIGHT_COMMANDS: tuple[type[Command], ...] = (StartNight, Join, Rebuy, Leave, SetPayment,
                                             Expense, StartGame, EndGame, EndNight, Paid)
TURN_COMMANDS: tuple[type[Command], ...] = (PlayCard, Bet, Pass)
LOG_COMMANDS: tuple[type[Command], ...] = (Undo, Redo, Correct)
TABLE_COMMANDS = (*NIGHT_COMMANDS, *TURN_COMMANDS, *LOG_COMMANDS)


def as_json(command: Command) -> JsonDoc:
    """The command as the contract's JSON object: `cmd` first, fields left at their default
    left out."""
    doc: JsonDoc = msgspec.json.decode(msgspec.json.encode(command))
    return doc
