"""The dealer's screens at the sizes of real terminals: 80×24 and 120×40.

At 80×24 a whole In-Between turn is in view (the seats, the pot, the turn's cards, the
warning and the prompt), the footer keeps the keys that matter most whole and the dialogs
keep their buttons on screen. At 120×40 nothing in the footer or a field is cut and a
prefilled field keeps its label. What is checked is the terminal's text.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from companion.words.i18n import Words
from screens.bindings import SETTLE_KEYS, TABLE_KEYS, KeyAction
from screens.history import NIGHT_COLUMNS, STANDING_COLUMNS
from tests.cli import execute
from tests.pilot import app as _app
from tests.pilot import comes_into_view, drawn
from tests.pilot import in_view as _in_view
from tests.pilot import on_screen as _on_screen
from tests.pilot import on_screen_at as _on_screen_at
from tests.pilot import shown as _shown

SMALL = (80, 24)
LARGE = (120, 40)
PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def _night(db: Path, *commands: dict[str, Any]) -> None:
    done = execute(db, {"cmd": "start_night", "players": PLAYERS, "chips": 100}, *commands)
    assert done.returncode == 0, done.stderr


# Anna deals; Ben wins a bet; Cleo holds 9 and 10: neighbours, no card can win.
TURN: tuple[dict[str, Any], ...] = ({"cmd": "start_game", "game": "in-between", "dealer": "Anna",
         "options": {"stake": 20, "rounds": 2}},
        {"cmd": "card", "card": "4c"}, {"cmd": "card", "card": "9h"},
        {"cmd": "card", "card": "Ks"}, {"cmd": "card", "card": "Jh"},
        {"cmd": "bet", "amount": 5}, {"cmd": "card", "card": "9d"},
        {"cmd": "card", "card": "10s"})


def _flowing(lines: list[str]) -> str:
    """The screen's words as one line, so a sentence wrapped over two lines reads whole."""
    return " ".join(" ".join(lines).split())


@pytest.mark.parametrize(("language", "warning", "prompt"), [
    ("en", "9 and 10 are neighbours: no card can win.", "Cleo: bet 0–15, p = pass"),
    ("de", "9 und 10 sind Nachbarn: keine Karte kann gewinnen.", "Cleo: setze 0–15"),
])
def test_a_whole_turn_is_in_view_at_80_by_24(tmp_path: Path, language: str, warning: str,
                                             prompt: str) -> None:
    db = tmp_path / "night.db"
    _night(db, *TURN)

    async def look() -> None:
        async with _app(db, language).run_test(size=SMALL) as pilot:
            await pilot.pause()
            for refused in (False, True):  # a refusal's line at the prompt takes a row too
                # The log scrolls to its latest line a frame after it is drawn.
                lines = await drawn(pilot, lambda lines: any(
                    "Cleo" in line and "10♠" in line for line in lines))
                bought = Words(language)("bought_in", amount=100)
                for name in PLAYERS:  # a line each: name, stack and buy-in, none wrapped
                    assert any(re.search(rf" {name} +\d+ .*{bought}", line)
                               for line in lines), (name, lines)
                assert any(line.lstrip().startswith(("Pot: 15", "Pott: 15"))
                           for line in lines), lines
                assert any("│9    │  │10   │" in line for line in lines), lines  # both cards
                assert any("└─────┘  └─────┘" in line for line in lines), lines  # whole
                assert warning in _flowing(lines)
                assert any(prompt in line for line in lines), lines
                assert any("Cleo" in line and "10♠" in line for line in lines)  # the latest
                if not refused:
                    await pilot.press("5", "0", "enter")  # more than the pot
                    await pilot.pause()
            assert "15" in _on_screen_at(pilot, "#entry").splitlines()[-1]  # the refusal

    asyncio.run(look())


def _footer_entries(keys: tuple[KeyAction, ...], words: Words) -> list[str]:
    """The footer's entries, whole, in the order the footer gives them room."""
    def display(key: str) -> str:
        return key.replace("ctrl+", "^").replace("escape", "esc")
    return [f"{display(k.key)} {words(k.word)}" for k in keys if k.show]


def _whole_entries(footer: str, keys: tuple[KeyAction, ...], words: Words) -> int:
    """How many of `keys` the footer line shows, each whole; fails on a cut one."""
    shown, palette = footer.split("▏")
    assert palette.strip() == "^p palette"  # nothing after it
    entries = _footer_entries(keys, words)
    return next(n for n in range(len(entries), -1, -1)
                if " ".join(entries[:n]).split() == shown.split())


@pytest.mark.parametrize("size", [SMALL, LARGE])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_footer_keeps_whole_keys_in_the_order_of_need(tmp_path: Path,
                                                          size: tuple[int, int],
                                                          language: str) -> None:
    db = tmp_path / "night.db"
    _night(db, *TURN)

    async def look() -> None:
        async with _app(db, language).run_test(size=size) as pilot:
            await pilot.pause()
            footer = (await drawn(pilot, lambda lines: "▏" in lines[-1]))[-1]
            count = _whole_entries(footer, TABLE_KEYS, Words(language))
            # undo, redo, correct, the rules, a game, the settlement and ending the game
            # at least: the README promises them at 80 columns
            assert count >= 7, footer
            if size == LARGE:
                assert count >= 10, footer

    asyncio.run(look())


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_settlement_footer_at_80_columns_cuts_no_key(tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    _night(db, *TURN)

    async def look() -> None:
        async with _app(db, language).run_test(size=SMALL) as pilot:
            await pilot.press("f3")
            await pilot.pause()
            footer = (await drawn(pilot, lambda lines: "▏" in lines[-1]))[-1]
            assert _whole_entries(footer, SETTLE_KEYS, Words(language)) >= 3, footer

    asyncio.run(look())


def test_the_new_night_with_four_players_keeps_its_button_at_80_by_24(tmp_path: Path) -> None:
    db = tmp_path / "night.db"

    async def play() -> None:
        async with _app(db).run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press(*"Anna, Ben, Cleo, Dan", "enter")
            await pilot.pause()
            screen = pilot.app.screen
            assert type(screen).__name__ == "NightSetupScreen"
            assert _in_view(pilot, screen.query_one("#start"))
            for _ in range(6):  # chips, chip value, currency, name, start, the players
                await pilot.press("tab")
                await pilot.pause()
                focused = pilot.app.focused
                assert focused is not None
                assert await comes_into_view(pilot, focused), focused
                assert _in_view(pilot, screen.query_one("#start"))

    asyncio.run(play())


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_new_night_at_120_by_40_cuts_no_placeholder_and_labels_every_field(
        tmp_path: Path, language: str) -> None:
    db = tmp_path / "night.db"
    words = Words(language)

    async def look() -> None:
        async with _app(db, language).run_test(size=LARGE) as pilot:
            await pilot.pause()
            await pilot.press(*"Anna, Ben, Cleo, Dan", "enter")
            await pilot.pause()
            screen = pilot.app.screen
            new_player = _on_screen_at(pilot, "#new-player")
            assert words("setup.add") in new_player
            assert words("setup.chip_value.example") in _on_screen_at(pilot, "#chip-value")
            lines = _on_screen(pilot)
            for field, label in (("#chips", "setup.chips"), ("#chip-value", "setup.chip_value"),
                                 ("#currency", "setup.currency"), ("#name", "setup.name")):
                region = screen.query_one(field).region
                above = lines[region.y - 1][region.x:region.right]
                assert words(label) in above, (field, above)
            assert "100" in _on_screen_at(pilot, "#chips")  # prefilled, and still named

    asyncio.run(look())


def test_bank_details_refused_come_back_typed_under_their_labels(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    _night(db, *TURN)

    async def play() -> None:
        async with _app(db).run_test(size=LARGE) as pilot:
            await pilot.press("f3", "i")
            await pilot.pause()
            await pilot.press(*"Anna", "enter", *"DE88 3704 0044 0532 0130 00", "enter",
                              *"Anna B.", "enter")  # a wrong check digit: refused
            await pilot.pause()
            screen = pilot.app.screen
            assert type(screen).__name__ == "AskScreen"
            lines = _on_screen(pilot)
            for field, label, typed in (("#player", "Player", "Anna"),
                                        ("#iban", "IBAN", "DE88"),
                                        ("#name", "Account holder", "Anna B.")):
                region = screen.query_one(field).region
                assert typed in _on_screen_at(pilot, field)
                assert label in lines[region.y - 1][region.x:region.right], field

    asyncio.run(play())


# The longest address of a home network (the port at its widest, the token as lan.token makes
# it), and the longest of IPv6 (set with $COMPANION_SERVE_HOST).
LONGEST_ADDRESSES = ("http://192.168.100.200:65535/ABCDEFGHIJKLMNOP/",
                     "http://[2001:db8:1234:5678:9abc:def0:1234:5678]:65535/ABCDEFGHIJKLMNOP/")


@pytest.mark.parametrize("address", LONGEST_ADDRESSES)
@pytest.mark.parametrize("size", [SMALL, LARGE])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_players_address_stays_on_one_line_beside_a_whole_code(
        tmp_path: Path, size: tuple[int, int], language: str, address: str) -> None:
    from companion.documents.qr import half_blocks
    from companion.web.lan import for_code, token
    from screens.players import PlayersViewScreen

    assert len(token()) == len("ABCDEFGHIJKLMNOP")  # the token at its real length
    db = tmp_path / "night.db"
    _night(db, *TURN)
    words = Words(language)

    async def look() -> None:
        async with _app(db, language).run_test(size=size) as pilot:
            await pilot.app.push_screen(PlayersViewScreen(address, words))
            await pilot.pause()
            lines = _on_screen(pilot)
            assert any(address in line for line in lines), lines  # copied whole, one line
            code = half_blocks(for_code(address))
            first = next(n for n, row in enumerate(code) if row.strip())
            top, column = next((y - first, line.index(code[first]))
                               for y, line in enumerate(lines) if code[first] in line)
            assert top >= 0 and top + len(code) <= len(lines), (top, len(code))
            for n, row in enumerate(code):  # every row, the light quiet zone too
                assert lines[top + n][column:column + len(row)] == row, n
            beside_code = [line[column + len(code[0]):].replace("│", " ")
                           for line in lines[top:top + len(code)]]
            said = _flowing(beside_code)
            assert words("players.title") in said and words("players.hint") in said

    asyncio.run(look())


def _nights_of_a_group(db: Path) -> None:
    """Four nights over, with a long name and long names of players, and one open."""
    from tests.test_standings import _night as _over

    for dealer, first, third, money in (
            ("Annegret", "Bo", "Cy", {"name": "Spieleabend bei Familie Müller-Lüdenscheidt",
                                      "chip_value": "0.10", "currency": "EUR"}),
            ("Maximilian", "Bo", "Cy", {"name": "Friday"}),
            ("Annegret", "Konstantin", "Dee", {}),
            ("Eberhard", "Konstantin", "Dee", {"chip_value": "0.10", "currency": "EUR"})):
        assert execute(db, *_over(dealer, first, third, **money)).returncode == 0
    assert execute(db, {"cmd": "start_night", "chips": 100, "name": "Samstag",
                        "players": ["Annegret", "Bo", "Konstantin", "Maximilian"]}
                   ).returncode == 0


@pytest.mark.parametrize("size", [SMALL, LARGE])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_history_tables_fit_the_width_and_say_what_they_leave_out(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    from textual.widgets import DataTable

    db = tmp_path / "night.db"
    _nights_of_a_group(db)
    words = Words(language)

    async def look() -> None:
        async with _app(db, language).run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            for tab, columns in (("nights", NIGHT_COLUMNS), ("standings", STANDING_COLUMNS)):
                table = pilot.app.screen.query_one(f"#{tab}-table", DataTable)
                assert table.max_scroll_x == 0, (tab, table.virtual_size)  # nothing beyond
                lines = _on_screen(pilot)
                heading = lines[table.region.y]
                shown = [str(column.key.value) for column in table.columns.values()]
                keys = [column.key for column in columns]
                assert shown == [key for key in keys if key in shown]  # in their order
                for key in shown:  # each heading whole
                    assert f" {words(key)} " in f"{heading} ", (key, heading)
                hidden = [words(key) for key in keys if key not in shown]
                said = _flowing(lines)
                if hidden:  # named, so the dealer knows there is more
                    assert words("history.hidden", columns=", ".join(hidden)) in said
                else:
                    assert words("history.hidden", columns="\0").split("\0")[0] not in said
                if tab == "nights":
                    assert "Spieleabend" in said
                    if size == SMALL:  # cut, and it shows it
                        assert "Müller-Lüdenscheidt" not in said and "…" in said
                await pilot.press("tab")
                await pilot.pause()

    asyncio.run(look())


def test_the_history_fits_again_when_the_terminal_narrows(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    db = tmp_path / "night.db"
    _nights_of_a_group(db)

    async def look() -> None:
        async with _app(db).run_test(size=LARGE) as pilot:
            await pilot.pause()
            await pilot.press("f5", "down", "down")
            await pilot.pause()
            table = pilot.app.screen.query_one("#nights-table", DataTable)
            assert table.max_scroll_x == 0
            assert "history.fingerprint" in [c.key.value for c in table.columns.values()]
            await pilot.resize_terminal(*SMALL)
            await pilot.pause()
            await pilot.pause()
            table = pilot.app.screen.query_one("#nights-table", DataTable)
            assert table.max_scroll_x == 0
            assert "history.fingerprint" not in [c.key.value for c in table.columns.values()]
            assert table.cursor_row == 2  # still on the night the dealer chose
            assert "Night 3:" in _flowing(_on_screen(pilot))

    asyncio.run(look())


@pytest.mark.parametrize("size", [SMALL, LARGE])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_options_name_in_the_game_set_up_stands_clear_of_its_field(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    from textual.widgets import Label, OptionList

    db = tmp_path / "night.db"
    _night(db)  # no game yet: the set-up opens

    async def look() -> None:
        async with _app(db, language).run_test(size=size) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            games = screen.query_one("#preset", OptionList)
            seen = 0
            for index in range(games.option_count):
                if index:
                    await pilot.press("down")  # the next game: its options show
                    await pilot.pause()
                lines = None  # the screen as drawn, until a scroll moves it
                for row in screen.query(".option"):
                    if lines is None or not _in_view(pilot, row):
                        row.scroll_visible(animate=False)
                        await pilot.pause()
                        lines = _on_screen(pilot)
                    label = row.query_one(".option-name", Label)
                    field = row.children[1]
                    name = str(label.render()).strip()
                    line = lines[field.region.y + field.region.height // 2]
                    before = line[label.region.x:field.region.x]
                    # The whole name, then at least a blank before the field's edge.
                    assert before.rstrip() == name and len(before) > len(name), (name, line)
                    seen += 1
            assert seen >= 25  # every option of every game

    asyncio.run(look())


def test_between_games_a_seat_with_sips_stays_one_line_at_80_in_german(tmp_path: Path) -> None:
    """The sips of a drinking game stay in front of their players; where the buy-in and
    the sips do not fit a seat at 80 columns, the seat says the sips alone."""
    db = tmp_path / "night.db"
    done = execute(db, {"cmd": "start_night", "players": ["Annegret", "Bo"], "chips": 100},
                   {"cmd": "start_game", "game": "busfahrer", "dealer": "Bo"},
                   {"cmd": "call", "choice": "red"}, {"cmd": "card", "card": "2c"},  # 1 sip
                   {"cmd": "end_game"})
    assert done.returncode == 0, done.stderr

    async def look() -> None:
        async with _app(db, "de").run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("escape")  # no game yet: the table, not the set-up
            await pilot.pause()
            seats = [line for line in _shown(pilot, "#seats") if line.strip()]
            assert len(seats) == 2, seats
            assert "1 Schluck" in seats[0] and "100" in seats[0], seats

    asyncio.run(look())
