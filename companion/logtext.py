"""The night as readable lines: what each action did, with undone and corrected ones marked."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from companion.words.log import LOG
from companion.words.money_text import number_text, value_text
from engine import registry
from engine.commands import Command
from engine.event import Event
from engine.game import SaysEvent
from engine.options import option_info
from engine.payments import grouped
from engine.rejection import Refusal
from engine.say import Say, Speech
from engine.settlement import money
from engine.words import described
from events.history import CORRECTED, REDONE, UNDONE, Entry, History, Record

TABLE = LOG  # the table's words for the log (a game's are in its own catalogue)


def _card(e: Any, say: Say) -> str:
    return say.card(e.card)


def _option(name: str, value: object, say: Say) -> str:
    if value is True:
        return say("log.option.on", name=name)
    if value is False:
        return say("log.option.off", name=name)
    return say("log.option.value", name=name, value=value)


def _options(game: str, options: dict[str, Any], say: Say) -> str:
    """The options that differ from the preset's defaults, in the preset's order."""
    try:
        specs = option_info(registry.game(game).options)
    except Refusal:  # a game this installation does not have
        specs = {}
    order = list(specs)
    names = sorted((name for name in options
                    if name not in specs or options[name] != specs[name].default),
                   key=lambda name: (order.index(name) if name in order else 99, name))
    return (", ".join(_option(name, options[name], say) for name in names)
            or say("log.options.default"))


def _names(names: tuple[str, ...], say: Say) -> str:
    if len(names) > 1:
        return say("log.names.and", names=", ".join(names[:-1]), last=names[-1])
    return names[0] if names else say("log.names.nobody")


def _chip_value(e: Any, say: Say) -> str:
    if say.language == "de":
        return value_text(e.chip_value, e.currency, "de")
    return f"{e.chip_value} {e.currency or ''}".strip()


def _night_started(e: Any, say: Say) -> str:
    extras = [say(key, value=value) for key, value in (
        ("log.night_started.chip_value", _chip_value(e, say) if e.chip_value else None),
        ("log.night_started.currency", e.currency if not e.chip_value else None),
        ("log.night_started.name", e.name or None)) if value]
    key = "log.night_started.each" if len(e.players) > 1 else "log.night_started"
    return say(key, players=_names(e.players, say), chips=e.chips,
               extras=say("log.night_started.extras", extras=", ".join(extras)) if extras
               else "")


def _payment_set(e: Any, say: Say) -> str:
    if e.name != e.player:
        return say("log.payment_set.name", player=e.player, iban=grouped(e.iban), name=e.name)
    return say("log.payment_set", player=e.player, iban=grouped(e.iban))


def _money(cents: int, say: Say) -> str:
    return number_text(cents, "de") if say.language == "de" else money(cents)


def _expense_shared(e: Any, say: Say) -> str:
    return say("log.expense_shared", payer=e.payer, amount=_money(e.cents, say), what=e.what,
               shares=", ".join(f"{name} {_money(part, say)}" for name, part in e.shares))


def _bet_lost(e: Any, say: Say) -> str:
    return say("log.bet_lost.post" if e.post else "log.bet_lost", player=e.player,
               amount=e.amount)


def _shares(shares: Any) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in shares)


def _title(game: str) -> str:
    """A game as the table calls it (Casino Red Dog, not casino-red-dog); one not installed,
    by its id."""
    found = registry.games().get(game)
    return found.title if found is not None else game


PHRASES: dict[str, Callable[[Any, Say], str]] = {
    "NightStarted": _night_started,
    "PlayerJoined": lambda e, say: say("log.player_joined", player=e.player, chips=e.chips),
    "PlayerRebought": lambda e, say: say("log.player_rebought", player=e.player,
                                         chips=e.chips),
    "PaymentSet": _payment_set,
    "ExpenseShared": _expense_shared,
    "NightCarried": lambda e, say: say("log.night_carried"),
    "BalancesPaid": lambda e, say: say("log.balances_paid"),
    "PlayerLeft": lambda e, say: say("log.player_left", player=e.player),
    "GameStarted": lambda e, say: say("log.game_started", game=_title(e.game),
                                      options=_options(e.game, e.options, say)),
    "GameEnded": lambda e, say: say("log.game_ended", game=_title(e.game)),
    "NightEnded": lambda e, say: say("log.night_ended"),
    "DrawStarted": lambda e, say: say("log.draw_started", players=", ".join(e.players)),
    "DrawCard": lambda e, say: say("log.draw_card", player=e.player, card=_card(e, say)),
    "Staked": lambda e, say: say("log.staked", player=e.player, amount=e.amount),
    "BetPlaced": lambda e, say: say("log.bet_placed", player=e.player, amount=e.amount),
    "BetWon": lambda e, say: say("log.bet_won", player=e.player, amount=e.amount),
    "BetLost": _bet_lost,
    # The rules' own sentence, as the event keeps it.
    "GameHalted": lambda e, say: e.reason,
    "TooFewPlayers": lambda e, say: e.reason,
    "AntesPaid": lambda e, say: say("log.antes_paid", players=", ".join(e.players),
                                    amount=e.amount),
    "PotShared": lambda e, say: say("log.pot_shared", shares=_shares(e.shares.items())),
    "PotSplit": lambda e, say: say("log.pot_split", shares=_shares(e.shares)),
    "TurnSkipped": lambda e, say: say("log.turn_skipped", player=e.player),
    "SipsOwed": lambda e, say: say("log.sips_owed", player=e.player, sips=e.sips, why=e.why),
}


def describe_event(event: Event, language: str = "en", game: str | None = None) -> str:
    """The log's line for one event in `language`: a game's words for an event it says
    itself (its own, or one of the kernel's it tells in its own words when it is `game`, the
    game on the table), else the table's."""
    found = _game_phrase(type(event), game)
    if found is not None:
        playable, says = found
        return says(event, Speech(language, playable.words, TABLE))
    phrase = PHRASES.get(type(event).__name__)
    if phrase is not None:
        return phrase(event, Speech(language, TABLE))
    return f"{type(event).__name__} {event.to_payload()}"


Said = tuple[registry.Playable, SaysEvent]
_said_by: tuple[tuple[str, ...], dict[tuple[str, type[Event]], Said]] = ((), {})


def _game_phrase(kind: type[Event], game: str | None) -> Said | None:
    """The game whose words say events of `kind`, and how its log says it: the game that
    owns the event, or `game` where it says one of the kernel's events in its own words (two
    games may each say the kernel's sips their way). The games are asked once for each set
    installed: the log asks it of every event."""
    global _said_by
    games = registry.games()
    if _said_by[0] != tuple(games):
        by: dict[tuple[str, type[Event]], Said] = {}
        for playable in games.values():
            for says in playable.phrases:
                by[(playable.id, says.event)] = (playable, says)
                if says.event in playable.events:
                    by[("", says.event)] = (playable, says)
        _said_by = (tuple(games), by)
    said = _said_by[1]
    return (said.get((game, kind)) if game is not None else None) or said.get(("", kind))


def describe_events(events: tuple[Event, ...], language: str = "en",
                    game: str | None = None) -> str:
    # A secret card revealed in the same action (Schlag's card entered after the guesses is
    # looked at and laid out at once) is said once, by the event that reveals it.
    revealed = any(e.REVEALS for e in events)
    return "; ".join(describe_event(e, language, game) for e in events
                     if not (revealed and e.SECRET))


def _game_of(entry: Entry) -> str | None:
    """The game an action was played in: the one on the table after it, or the one it ended."""
    state = entry.state
    if state.game is not None:
        return registry.game_of(state.game).id
    return state.games_played[-1] if state.games_played else None


def _command_text(record: Record, language: str) -> str:
    """A command as the log names it, unless what it did at its time was secret (a card the
    players must not see yet): the record keeps that from when the action was taken."""
    if record.secret:
        return Speech(language, TABLE)("log.hidden_card")
    return described(_command_of(record), language)


def _undone_text(history: History, record: Record, language: str) -> str:
    """An undone action as the log names it. While the dealer's card is hidden, a card typed
    after it and taken back is not named: it may have been that very card, typed by mistake
    where everyone sees it (and naming only such a card would tell which one it was)."""
    hidden = history.hidden_since()
    if (hidden is not None and record.action > hidden
            and record.command is not None and record.command.NAMES_CARDS):
        return Speech(language, TABLE)("log.hidden_card.unnamed")
    return _command_text(record, language)


def _command_of(record: Record) -> Command:
    # Taken and corrected records always carry their command.
    assert record.command is not None, record
    return record.command


def action_line(history: History, record: Record,
                corrections: dict[int, int] | None = None, language: str = "en") -> str:
    """One line for one action in `language`, as `companion log` and `companion exec` print
    it."""
    say = Speech(language, TABLE)
    if record.kind == UNDONE:
        text = say("log.undo", action=record.target)
    elif record.kind == REDONE:
        entry = history.entry(record.target or 0)
        text = (say("log.redo.events", action=record.target,
                    events=describe_events(entry.events, language, _game_of(entry))) if entry
                else say("log.redo", action=record.target))
    elif record.kind == CORRECTED:
        text = say("log.correct", action=record.target,
                   command=_command_text(record, language))
    else:
        entry = history.entry(record.action)
        if entry is None:
            text = say("log.undone", text=_undone_text(history, record, language))
        else:
            text = (describe_events(entry.events, language, _game_of(entry))
                    or described(entry.command, language))
            corrected = (corrections or {}).get(record.action)
            if corrected:
                text = say("log.corrected_at", text=text, action=corrected)
    return f"{record.action:>5}  {text}"


def log_lines(history: History, language: str = "en") -> Iterator[str]:
    corrections = {r.target: r.action for r in history.records
                   if r.kind == CORRECTED and r.target is not None}
    for record in history.records:
        yield action_line(history, record, corrections, language)
