"""Keystrokes to commands, as the prompt reads them: the keys every game shares, and the
letters a game's key map gives the choices its expectations offer. A game's own entries (a
raise, a guess, a shown hand) are its key map's, tried in that game's Pilot tests."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from companion.commands import Bet, Command, Declare, Pass, PlayCard
from companion.views import BetExpected, CardExpected, Expect
from companion.words.i18n import Words
from engine.games.in_between.state import Slot
from screens.games import Keys
from screens.games.in_between.keys import InBetweenKeys
from screens.keys import NOT_MINE, Entered, KeyEntry
from screens.widgets import EntryBar

CARD = CardExpected(prompt="", slot=Slot.FIRST, suits=True)
RANK_ONLY = CardExpected(prompt="", slot=Slot.FIRST, suits=False)
BET = BetExpected(prompt="", player="Bo", min=0, max=10, passing=True)
IN_BETWEEN = InBetweenKeys()


def _type(expect: Expect, *keys: str, game: Keys | None = None) -> list[Command]:
    entry, sent = KeyEntry(), []
    for key in keys:
        command = entry.feed(key, expect, game)
        if command is not None:
            sent.append(command)
    return sent


def test_a_card_is_its_rank_and_its_suit() -> None:
    assert _type(CARD, "k", "d") == [PlayCard(card="kd")]
    assert _type(CARD, "d", "d") == [PlayCard(card="dd")]  # German queen of ♦
    assert _type(CARD, "1", "0", "h") == [PlayCard(card="10h")]
    assert _type(CARD, "0", "s") == [PlayCard(card="0s")]
    assert _type(CARD, "9", "enter") == [PlayCard(card="9")]


def test_where_suits_do_not_matter_the_rank_is_the_whole_card() -> None:
    assert _type(RANK_ONLY, "k", "9", "t") == [PlayCard(card=c) for c in "k9t"]
    assert _type(RANK_ONLY, "1", "0") == [PlayCard(card="10")]


def test_keys_that_fit_nothing_are_ignored() -> None:
    assert _type(CARD, "x", "1", "1", "z") == []
    assert _type(BET, "x", "enter") == []


def test_a_bet_is_digits_and_enter_and_p_passes() -> None:
    assert _type(BET, "1", "2", "enter") == [Bet(amount=12)]
    assert _type(BET, "1", "backspace", "3", "enter") == [Bet(amount=3)]
    assert _type(BET, "p") == [Pass()]


def test_l_declares_a_first_ace_low_when_that_is_allowed() -> None:
    may = CardExpected(prompt="", slot=Slot.SECOND, suits=False, declare=("low_ace",))
    assert _type(may, "l", game=IN_BETWEEN) == [Declare(choice="low_ace")]
    assert _type(RANK_ONLY, "l", game=IN_BETWEEN) == []
    assert _type(may, "l") == []  # a game without a letter for it: the choice has no key


def test_p_passes_without_showing_where_that_is_allowed() -> None:
    show = CardExpected(prompt="", slot=Slot.SHOWN_FIRST, suits=False, passing=True)
    assert _type(show, "p") == [Pass()]
    assert _type(RANK_ONLY, "p") == []


def test_s_splits_a_pair_where_the_game_offers_it() -> None:
    may = BetExpected(prompt="", player="Bo", min=0, max=10, passing=True, declare=("split",))
    assert _type(may, "s", game=IN_BETWEEN) == [Declare(choice="split")]
    assert _type(BET, "s", game=IN_BETWEEN) == []
    assert _type(may, "1", "s", "enter", game=IN_BETWEEN) == [Bet(amount=1)]


class _ArrowKeys(Keys):
    """A key map that takes ↑ for an ace (a game's arrow for higher, in small)."""

    NAMED = frozenset({"up"})

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        return entry.send(PlayCard(card="a")) if key == "up" else NOT_MINE


class _PromptOnly(App[None]):
    def __init__(self, keys: Keys) -> None:
        super().__init__()
        self.keys, self.sent = keys, list[Command]()

    def compose(self) -> ComposeResult:
        yield EntryBar(id="entry")

    def on_mount(self) -> None:
        bar = self.query_one(EntryBar)
        bar.show("", CARD, self.keys, Words("en"))
        bar.focus()

    def on_entry_bar_entered(self, message: EntryBar.Entered) -> None:
        self.sent.append(message.command)
        self.query_one(EntryBar).taken()


def test_the_prompt_gives_a_game_the_arrows_its_key_map_names_and_no_other() -> None:
    async def press(keys: Keys) -> list[Command]:
        app = _PromptOnly(keys)
        async with app.run_test(size=(80, 5)) as pilot:
            await pilot.press("up", "down")
            await pilot.pause()
        return app.sent

    assert asyncio.run(press(_ArrowKeys())) == [PlayCard(card="a")]
    assert asyncio.run(press(Keys())) == []  # the arrows are not the prompt's
