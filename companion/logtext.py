"""The night as readable lines: what each action did, with undone and corrected ones marked."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from companion.words.i18n import GameSay
from engine import registry
from engine.cards import parse_card
from engine.commands import Command
from engine.event import Event
from engine.game import SaysEvent
from engine.options import option_info
from engine.payments import grouped
from engine.rejection import Refusal
from engine.settlement import money
from events.history import CORRECTED, REDONE, UNDONE, History, Record


def _card(text: str) -> str:
    return parse_card(text).label


def _options(game: str, options: dict[str, Any]) -> str:
    """The options that differ from the preset's defaults, in the preset's order."""
    try:
        specs = option_info(registry.game(game).options)
    except Refusal:  # a game this installation does not have
        specs = {}
    order = list(specs)
    names = sorted((name for name in options
                    if name not in specs or options[name] != specs[name].default),
                   key=lambda name: (order.index(name) if name in order else 99, name))
    return ", ".join(f"{name} " + ("on" if options[name] is True else
                                   "off" if options[name] is False else str(options[name]))
                     for name in names) or "default options"


# Why someone drinks in Schlag den Dealer, as the log says it.
SIP_REASONS: dict[str, str] = {
    "first_hit": "hit at the first guess", "second_hit": "hit at the second guess",
    "miss": "missed, the difference", "stupid_guess": "a stupid guess",
    "exact_card": "the exact card"}


def _night_started(e: Any) -> str:
    players = ", ".join(e.players[:-1]) + f" and {e.players[-1]}" if len(e.players) > 1 else (
        e.players[0] if e.players else "nobody")
    each = " each" if len(e.players) > 1 else ""
    extras = [f"{label} {value}" for label, value in (
        ("a chip is worth", f"{e.chip_value} {e.currency or ''}".strip() if e.chip_value
         else None), ("currency", e.currency if not e.chip_value else None),
        ("called", f"\"{e.name}\"" if e.name else None)) if value]
    return (f"the night starts: {players} with {e.chips} chips{each}"
            + (f"; {', '.join(extras)}" if extras else ""))

PHRASES: dict[str, Callable[[Any], str]] = {
    "NightStarted": lambda e: _night_started(e),
    "PlayerJoined": lambda e: f"{e.player} joins with {e.chips}",
    "PlayerRebought": lambda e: f"{e.player} rebuys {e.chips}",
    "PaymentSet": lambda e: (f"{e.player}'s winnings go to IBAN {grouped(e.iban)}" + (
        f" ({e.name})" if e.name != e.player else "")),
    "ExpenseShared": lambda e: (
        f"{e.payer} paid {money(e.cents)} for {e.what}, shared by "
        + ", ".join(f"{name} {money(part)}" for name, part in e.shares)),
    "NightCarried": lambda e: "its balances are carried to a later settlement",
    "BalancesPaid": lambda e: "its carried balances are paid",
    "PlayerLeft": lambda e: f"{e.player} leaves",
    "GameStarted": lambda e: f"{e.game} starts ({_options(e.game, e.options)})",
    "GameEnded": lambda e: f"{e.game} ends",
    "NightEnded": lambda e: "the night ends",
    "DrawStarted": lambda e: f"draw for the deal: {', '.join(e.players)}",
    "DrawCard": lambda e: f"{e.player} draws {_card(e.card)}",
    "Staked": lambda e: f"{e.player} stakes {e.amount}",
    "BetPlaced": lambda e: f"{e.player} bets {e.amount}",
    "BetWon": lambda e: f"{e.player} wins {e.amount}",
    "BetLost": lambda e: (f"{e.player} hits the post and pays {e.amount}" if e.post
                          else f"{e.player} loses {e.amount}"),
    "GameHalted": lambda e: e.reason,
    "TooFewPlayers": lambda e: e.reason,
    "AntesPaid": lambda e: f"{', '.join(e.players)} ante {e.amount}",
    "PotShared": lambda e: "the pot is shared: " + ", ".join(
        f"{name} {amount}" for name, amount in e.shares.items()),
    "PotSplit": lambda e: "the pot is split: " + ", ".join(
        f"{name} {amount}" for name, amount in e.shares),
    "TurnSkipped": lambda e: f"{e.player} has no chips and sits the turn out",
    "SipsOwed": lambda e: f"{e.player} owes {e.sips} ({SIP_REASONS.get(e.why, e.why)})",
}




def describe_event(event: Event) -> str:
    # The night's own events, else the words the game family gives its own.
    phrase = PHRASES.get(type(event).__name__)
    if phrase is not None:
        return phrase(event)
    found = _game_phrase(type(event))
    if found is None:
        return f"{type(event).__name__} {event.to_payload()}"
    game, says = found
    return says(event, GameSay(game, "en"))


def _game_phrase(kind: type[Event]) -> tuple[registry.Playable, SaysEvent] | None:
    """The game whose event `kind` is, and how its log says it."""
    for game in registry.games().values():
        for says in game.phrases:
            if says.event is kind:
                return game, says
    return None


def describe_events(events: tuple[Event, ...]) -> str:
    # A secret card revealed in the same action (Schlag's card entered after the guesses is
    # looked at and laid out at once) is said once, by the event that reveals it.
    revealed = any(e.REVEALS for e in events)
    return "; ".join(describe_event(e) for e in events if not (revealed and e.SECRET))


def _command_text(record: Record) -> str:
    """A command as the log names it, unless what it did at its time was secret (a card the
    players must not see yet): the record keeps that from when the action was taken."""
    if record.secret:
        return "the dealer's card (hidden)"
    return _command_of(record).describe()


def _undone_text(history: History, record: Record) -> str:
    """An undone action as the log names it. While the dealer's card is hidden, a card typed
    after it and taken back is not named: it may have been that very card, typed by mistake
    where everyone sees it (and naming only such a card would tell which one it was)."""
    hidden = history.hidden_since()
    if (hidden is not None and record.action > hidden
            and record.command is not None and record.command.NAMES_CARDS):
        return "a card, not named while the dealer's card is hidden"
    return _command_text(record)


def _command_of(record: Record) -> Command:
    # Taken and corrected records always carry their command.
    assert record.command is not None, record
    return record.command


def action_line(history: History, record: Record,
                corrections: dict[int, int] | None = None) -> str:
    """One line for one action, as `companion log` and `companion exec` print it."""
    if record.kind == UNDONE:
        text = f"undo action {record.target}"
    elif record.kind == REDONE:
        entry = history.entry(record.target or 0)
        text = f"redo action {record.target}" + (
            f": {describe_events(entry.events)}" if entry else "")
    elif record.kind == CORRECTED:
        text = (f"correct action {record.target} to "
                f"{_command_text(record)}")
    else:
        entry = history.entry(record.action)
        if entry is None:
            text = f"[undone] {_undone_text(history, record)}"
        else:
            text = describe_events(entry.events) or entry.command.describe()
            corrected = (corrections or {}).get(record.action)
            if corrected:
                text += f" [corrected at action {corrected}]"
    return f"{record.action:>5}  {text}"


def log_lines(history: History) -> Iterator[str]:
    corrections = {r.target: r.action for r in history.records
                   if r.kind == CORRECTED and r.target is not None}
    for record in history.records:
        yield action_line(history, record, corrections)

