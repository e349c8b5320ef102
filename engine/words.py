"""The table's own commands in words, English and German: how the log names what the dealer
entered (an undone action, a correction, an action that did nothing to tell), and how the
rules' sentences name an action that a correction would make impossible.

A game's commands describe themselves in its own catalogue (`engine/games/<game>/words.py`);
`described` finds it. The rest of the table's words (the log's lines for the night's events,
the screens, the papers) are in companion/words/.
"""

from __future__ import annotations

from engine import registry
from engine.commands import Command
from engine.say import Catalogues, Speech

WORDS: Catalogues = {
    "en": {
        "command.start_night": "start the night: {players} with {chips} chips{extras}",
        "command.start_night.chip_value": ", chip value {value}",
        "command.start_night.currency": ", currency {value}",
        "command.start_night.name": ", name {value}",
        "command.join": "join {player} {chips}",
        "command.rebuy": "rebuy {player} {chips}",
        "command.leave": "{player} leaves",
        "command.expense": "{payer} paid {amount} for {what}",
        "command.start_game": "start {game}, dealer {dealer}",
        "command.start_game.draw": "start {game}, dealer draw",
        "command.end_game": "end game",
        "command.end_night": "end night",
        "command.end_night.carry": "end night, balances carried",
        "command.paid": "carried balances paid",
        "command.card": "{who}card {card}",
        "command.bet": "{who}bet {amount}",
        "command.pass": "{who}pass",
        "command.undo": "undo",
        "command.redo": "redo",
        "command.declare": "{who}declare {choice}",
        "command.next_dealer": "next dealer {player}",
        "command.next_dealer.bank": "the bank passes left",
    },
    "de": {
        "command.start_night": "Start des Abends: {players} mit {chips} Chips{extras}",
        "command.start_night.chip_value": ", Chipwert {value}",
        "command.start_night.currency": ", Währung {value}",
        "command.start_night.name": ", Name {value}",
        "command.join": "{player} steigt ein mit {chips}",
        "command.rebuy": "{player} kauft {chips} nach",
        "command.leave": "{player} geht",
        "command.expense": "{payer} hat {amount} für {what} bezahlt",
        "command.start_game": "Start von {game}, Dealer {dealer}",
        "command.start_game.draw": "Start von {game}, Dealer wird gezogen",
        "command.end_game": "Spielende",
        "command.end_night": "Ende des Abends",
        "command.end_night.carry": "Ende des Abends, Salden übertragen",
        "command.paid": "übertragene Salden bezahlt",
        "command.card": "{who}Karte {card}",
        "command.bet": "{who}setzt {amount}",
        "command.pass": "{who}passt",
        "command.undo": "rückgängig",
        "command.redo": "wiederholen",
        "command.declare": "{who}wählt {choice}",
        "command.next_dealer": "nächster Dealer {player}",
        "command.next_dealer.bank": "die Bank geht nach links",
    },
}


def command_words(command: Command, language: str) -> Speech:
    """The words `command` describes itself in: the table's, and those of the game whose
    command it is."""
    own = [game.words for game in registry.games().values() if type(command) in game.commands]
    return Speech(language, WORDS, *own)


def described(command: Command, language: str = "en") -> str:
    """What `command` entered, in `language`'s words (English: the rules' sentences)."""
    return command.describe(command_words(command, language))
