"""Words: every event of the table and of every game has a line in the log in English and in
German; every catalogue has each key in both languages with the same {placeholders}; and
every lookup of words names its key (a literal, or a mapping of literal keys), so a key is
never built from a value and the catalogues can be checked at all."""

from __future__ import annotations

import ast
import importlib
import string
import types
from collections.abc import Iterator, Mapping
from enum import Enum
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import msgspec

from companion.logtext import describe_event
from engine import registry
from engine.event import REGISTRY, Event
from engine.registry import Playable
from engine.say import Catalogues

ROOT = Path(__file__).resolve().parent.parent

# A field's value in a sample event, where the field's type alone would make no sense.
NAMED = {"slot": "first", "suit": "h", "choice": "red", "why": "miss", "card": "Qh"}
# The events whose line is the rules' own sentence, carried in the event (why the game
# halted): the log shows it as the rules wrote it.
SENTENCES = {"GameHalted", "TooFewPlayers"}


def _options(name: str, kind: Any) -> list[Any]:
    """The values a sample event tries for one field: each member of an enum, both of a
    switch, with and without an optional value."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        return list(kind)
    if kind is bool:
        return [True, False]
    if get_origin(kind) in (Union, types.UnionType):
        return [value for arg in get_args(kind) if arg is not type(None)
                for value in _options(name, arg)] + [None]
    return [_value(name, kind)]


def _value(name: str, kind: Any) -> Any:
    if kind is str:
        return NAMED.get(name, "Ann")
    if kind is int:
        return 3
    origin, args = get_origin(kind), get_args(kind)
    if origin is tuple:
        if args[0] is str:
            return ("Qh", "2c") if name in ("cards", "kept") else ("Ann", "Bo")
        return (("Ann", 3), ("Bo", 2))
    if origin in (dict, Mapping):
        return {"Ann": 3, "Bo": 2}
    return _options(name, kind)[0]


def samples(kind: type[Event]) -> Iterator[Event]:
    """Events of `kind` with every value each of its fields can take that changes its words
    (one field at a time)."""
    fields = msgspec.structs.fields(kind)
    base = {info.name: _options(info.name, info.type)[0] for info in fields}
    yield kind(**base)
    for info in fields:
        for value in _options(info.name, info.type)[1:]:
            yield kind(**{**base, info.name: value})


def _every_event_is_said(games: list[Playable]) -> None:
    ours = {kind for game in games for kind in game.events}
    table = {kind for kind in REGISTRY.values() if kind.__module__.split(".")[0] == "engine"
             and not kind.__module__.startswith("engine.games.")}
    for kind in sorted(ours | table, key=lambda kind: kind.__name__):
        for event in samples(kind):
            english, german = describe_event(event, "en"), describe_event(event, "de")
            assert not english.startswith(kind.__name__), english  # no line: its payload
            assert "{" not in english + german, (english, german)
            if kind.__name__ not in SENTENCES:
                assert german != english, (kind.__name__, english)


def test_every_event_of_the_table_and_of_every_game_has_a_line_in_both_languages() -> None:
    games = list(registry.games().values())
    assert len(games) >= 6
    _every_event_is_said(games)


def test_the_outside_games_events_have_a_line_in_both_languages(
        outside_game: Playable) -> None:
    _every_event_is_said([outside_game])


def test_a_line_in_german_writes_cards_and_money_as_germans_do() -> None:
    from engine.expenses import ExpenseShared
    from engine.games.in_between.state import CardDealt, Slot

    dealt = CardDealt("Bo", "Qh", Slot.SECOND)
    assert describe_event(dealt, "en") == "Bo's second card Q♥"
    assert describe_event(dealt, "de") == "zweite Karte für Bo: D♥"
    pizza = ExpenseShared("Ann", 185050, "Pizza", (("Ann", 92525), ("Bo", 92525)))
    assert describe_event(pizza, "de") == ("Ann hat 1.850,50 für Pizza bezahlt, geteilt von "
                                           "Ann 925,25, Bo 925,25")


# --- every catalogue in both languages -------------------------------------------------------

def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _catalogues() -> dict[str, Catalogues]:
    from companion.words.de import GERMAN
    from companion.words.de_rules import GERMAN_RULES
    from companion.words.en import ENGLISH
    from companion.words.log import LOG
    from engine.words import WORDS

    found: dict[str, Catalogues] = {
        "the screen's": {"en": ENGLISH, "de": {**GERMAN, **GERMAN_RULES}},
        "the log's": LOG, "the commands'": WORDS}
    found.update({game.id: game.words for game in registry.games().values()})
    return found


# Where the German leaves out a value that only exists in English (the rules' reason why a game
# cannot go on) or names one the English does not quote: the same placeholders otherwise.
PLACEHOLDERS_DIFFER = {"refusal.expense.amount", "refusal.game.over", "prompt.end_game"}


def _both_languages(name: str, catalogue: Catalogues) -> None:
    english, german = catalogue["en"], catalogue["de"]
    # A refusal's English is the rules' own sentence: German alone may bring its words.
    assert sorted(key for key in english.keys() - german.keys()) == [], name
    assert sorted(key for key in german.keys() - english.keys()
                  if not key.startswith("refusal.")) == [], name
    assert sorted(key for key in english.keys() & german.keys()
                  if _placeholders(english[key]) != _placeholders(german[key])
                  and key not in PLACEHOLDERS_DIFFER) == [], name


def test_every_catalogue_has_each_key_in_both_languages_with_the_same_placeholders() -> None:
    for name, catalogue in _catalogues().items():
        _both_languages(name, catalogue)


def test_the_outside_games_catalogue_has_each_key_in_both_languages(
        outside_game: Playable) -> None:
    _both_languages(outside_game.id, outside_game.words)


# --- keys are names ------------------------------------------------------------------------

# The names the words are looked up by, wherever they are called (a function, a method).
LOOKUPS = {"words", "say", "w", "or_else", "has", "refusal_words"}
CODE = ("companion", "engine", "events", "screens", "tests/plugins")


def _named(node: ast.expr, constants: dict[str, ast.expr], seen: frozenset[str]) -> bool:
    """Whether `node` is a key written out: a literal, a choice between literals, an entry of
    a mapping (keys by value, each written out), or a name bound to one of these."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) or node.value is None
    if isinstance(node, ast.IfExp):
        return _named(node.body, constants, seen) and _named(node.orelse, constants, seen)
    if isinstance(node, ast.Subscript):  # MAPPING[value]: a table of literal keys
        return isinstance(node.value, (ast.Name, ast.Attribute))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"):  # MAPPING.get(value), the same table
        return isinstance(node.func.value, (ast.Name, ast.Attribute))
    if isinstance(node, ast.Attribute):  # a key kept as data (a binding's word, a record's)
        return True
    if isinstance(node, ast.Name):
        if node.id in seen:
            return True
        bound = constants.get(node.id)
        return bound is None or _named(bound, constants, seen | {node.id})
    return False  # an f-string, a concatenation, a call: a key built from a value


def _bindings(scope: ast.AST) -> dict[str, ast.expr]:
    """The names a function (or module) binds by plain assignment, to what."""
    bound: dict[str, ast.expr] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name):
            bound[node.targets[0].id] = node.value
    return bound


def built_keys(source: str) -> list[str]:
    """Each lookup of words in `source` whose key is built from a value, as `line: call`."""
    tree = ast.parse(source)
    found: list[str] = []
    scopes: list[ast.AST] = [tree, *(node for node in ast.walk(tree) if isinstance(
        node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))]
    for scope in scopes:
        constants = {**_bindings(tree), **_bindings(scope)}
        body = scope.body if isinstance(scope, ast.Lambda) else scope
        for node in ast.walk(body):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            # `say` is the words only as a plain name: a screen's `self.say` shows a text.
            name = (node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                    if isinstance(node.func, ast.Attribute) and node.func.attr != "say"
                    else None)
            if name in LOOKUPS and not _named(node.args[0], constants, frozenset()):
                found.append(f"{node.lineno}: {ast.unparse(node)[:80]}")
    return sorted(set(found))


def test_the_scan_finds_a_key_built_from_a_value() -> None:
    assert built_keys('words(f"prompt.card.{slot}")\nsay("unit." + unit)\n'
                      'w("setup.{}".format(key))\nwords(KEYS[slot])\nwords("pot")\n'
                      'key = "a" if x else "b"\nsay(key)\n') == [
        '1: words(f\'prompt.card.{slot}\')', "2: say('unit.' + unit)",
        "3: w('setup.{}'.format(key))"]


def test_every_lookup_of_words_names_its_key() -> None:
    built = {str(path.relative_to(ROOT)): len(keys)
             for folder in CODE for path in sorted((ROOT / folder).rglob("*.py"))
             if (keys := built_keys(path.read_text("utf-8")))}
    assert built == {}


# --- the screens' words: the table's and the game's on it ------------------------------------

def test_the_screens_say_the_words_of_the_table_and_of_the_game_on_it_alone() -> None:
    from companion.words.i18n import Words

    for game in registry.games().values():  # every game's screen opened, as in a long night
        if game.screen:
            importlib.import_module(game.screen)
    between_games = Words("de")
    assert not between_games.has("warning.pair") and not between_games.has("bus.keys.give")
    in_between = between_games.playing("in-between")
    assert in_between("warning.pair", rank="D") == "Ein Paar D: keine Karte kann gewinnen."
    assert in_between.other()("warning.pair", rank="Q") == "A pair of Qs: no card can win."
    assert not in_between.playing("busfahrer").has("warning.pair")
    assert in_between.playing("busfahrer").has("bus.keys.give")
    assert not in_between.playing(None).has("warning.pair")
    assert in_between("pot") == between_games("pot")  # the table's words stay


def _shadows(catalogue: Catalogues) -> list[str]:
    from companion.words.i18n import TABLE

    return sorted(key for language in ("en", "de")
                  for key in set(catalogue.get(language, {})) & set(TABLE[language]))


def test_no_game_says_a_word_of_the_table_its_own_way() -> None:
    assert {game.id: _shadows(game.words) for game in registry.games().values()
            if _shadows(game.words)} == {}


def test_the_outside_games_screen_finds_its_words_through_its_own_plug_in(
        outside_game: Playable) -> None:
    from companion.words.i18n import Words

    assert _shadows(outside_game.words) == []
    # A word of its screen: neither the log's, a command's, an option's nor a refusal's.
    key = next(key for key in outside_game.words["en"]
               if not key.startswith(("log.", "command.", "option.", "refusal.")))
    assert not Words("de").has(key)
    assert Words("de").playing(outside_game.id)(key) == outside_game.words["de"][key]


def test_the_kernels_sips_are_said_in_the_words_of_the_game_on_the_table() -> None:
    """Two games say the kernel's SipsOwed their own way; the game it was owed in says it,
    whichever game is installed first, and no game says it where none is named."""
    from engine.kernel import SipsOwed

    assert describe_event(SipsOwed("Ann", 2, "wrong"), "de", "busfahrer") == \
        "Ann trinkt 2 (falsch gesagt)"
    assert describe_event(SipsOwed("Ann", 2, "miss"), "en", "schlag-den-dealer") == \
        "Ann owes 2 (missed, the difference)"
    assert describe_event(SipsOwed("Ann", 2, "wrong"), "en") == "Ann owes 2 (wrong)"
