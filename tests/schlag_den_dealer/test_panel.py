"""Schlag den Dealer's panels drawn from the projection: values by value, chances from what
was said aloud, the miss meter, the sip bars; the hidden card never shows."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console, RenderableType

from companion.words.i18n import Words
from screens.games.schlag_den_dealer.panel import SchlagPanel, miss_meter, sip_bar, value_table
from tests.table import Table

EN = Words("en").playing("schlag-den-dealer")  # the table's words and the game's
PANEL = SchlagPanel()


def _plain(renderable: RenderableType, width: int = 60) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _schlag(**options: Any) -> Table:
    table = Table().do(cmd="start_night", players=["Ann", "Ben", "Cleo", "Dan"], chips=0)
    return table.do(cmd="start_game", game="schlag-den-dealer", dealer="Ann", options=options)


def _rows(table: Table) -> list[list[str]]:
    return [line.split() for line in _plain(value_table(table.typed, EN))
            .splitlines() if line.strip()]


def test_the_values_run_from_the_ace_to_the_king_and_each_laid_card_marks_its_column() -> None:
    table = _schlag()
    for card in ("Ac", "5h", "5d", "Kd"):
        table.do(cmd="card", card=card).do(cmd="guess", value=card[:-1])
    rows = _rows(table)
    assert rows[1] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    marks = dict(zip(rows[1], rows[2], strict=True))
    assert (marks["A"], marks["5"], marks["K"], marks["2"]) == ("♣", "♥", "♦", "·")
    assert dict(zip(rows[1], rows[3][:14], strict=False))["5"] == "♦"  # the second five
    left = rows[4]
    assert left[0] == "left" and left[1:] == ["3", "4", "4", "4", "2"] + ["4"] * 7 + ["3"]


def test_with_ace_high_the_ace_is_the_last_column() -> None:
    table = _schlag(ace_high=True)
    assert _rows(table)[1] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_a_card_entered_without_its_suit_is_a_plain_mark() -> None:
    table = _schlag().do(cmd="card", card="7").do(cmd="guess", value=7)
    assert dict(zip(_rows(table)[1], _rows(table)[2], strict=True))["7"] == "▪"


def test_chances_count_the_cards_not_laid_out() -> None:
    table = _schlag()
    for card in ("Kc", "Kd", "Kh"):
        table.do(cmd="card", card=card).do(cmd="guess", value="K")
    chances = table.view["chances"]
    assert chances["K"] == pytest.approx(1 / 49) and chances["7"] == pytest.approx(4 / 49)
    assert sum(chances.values()) == pytest.approx(1)


def test_chances_leave_out_a_wrong_first_guess_and_follow_higher_or_lower() -> None:
    table = _schlag().do(cmd="guess", value=9)  # a second guess is coming: not a 9
    assert table.view["chances"]["9"] == 0 and table.view["chances"]["A"] == pytest.approx(
        4 / 48)
    table = _schlag().do(cmd="card", card="5h").do(cmd="guess", value=9)  # "lower"
    chances = table.view["chances"]
    assert [value for value, chance in chances.items() if chance] == [
        "A", "2", "3", "4", "5", "6", "7", "8"]
    assert chances["5"] == pytest.approx(1 / 8)


def test_with_one_try_the_guess_may_still_be_right() -> None:
    table = _schlag(one_try=True).do(cmd="guess", value=9)
    assert table.view["chances"]["9"] == pytest.approx(1 / 13)


def test_the_hidden_card_is_never_drawn_only_whether_it_is_in_and_the_hint() -> None:
    table = _schlag().do(cmd="card", card="Qs")
    before = _plain(PANEL.side(table.typed, EN))
    shown = _plain(PANEL.cards(table.typed, EN))
    assert "the dealer's card is in, hidden" in shown and "Q" not in shown
    table.do(cmd="guess", value=4)
    shown = _plain(PANEL.cards(table.typed, EN))
    assert "Ben guessed 4  →  the card is higher" in shown and "Q" not in shown
    # the value table changes only in its chances: nothing is laid out yet
    after = _plain(PANEL.side(table.typed, EN))
    assert after.splitlines()[2] == before.splitlines()[2] and "♠" not in after


def test_the_last_turn_shows_its_card_and_who_owed_what() -> None:
    table = _schlag().do(cmd="guess", value=2).do(cmd="guess", value=3).do(
        cmd="card", card="Jh")
    shown = _plain(PANEL.cards(table.typed, EN))
    assert "Ben guessed 2, 3; the card was J♥" in shown
    assert "Ben: 8 sips (the difference)" in shown
    assert "Ann: 4 points (right at the first guess)" in _plain(PANEL.cards(
        _schlag(unit="points").do(cmd="guess", value="J").do(cmd="card", card="Jh").typed,
        EN))


def test_the_miss_meter_fills_one_dot_per_double_miss_and_empties_on_a_hit() -> None:
    table = _schlag()
    shown = _plain(miss_meter(table.typed, EN))
    assert "○ ○ ○  0 of 3 guessers missed twice" in shown
    assert "three in a row: Ann passes the deck" in shown
    for card in ("2c", "3c"):
        table.do(cmd="guess", value="K").do(cmd="guess", value="Q").do(cmd="card", card=card)
    shown = _plain(miss_meter(table.typed, EN))
    assert "● ● ○  2 of 3" in shown and "one more in a row: Ann passes the deck" in shown
    table.do(cmd="guess", value=4).do(cmd="card", card="4c")
    assert "○ ○ ○  0 of 3" in _plain(miss_meter(table.typed, EN))
    german = _plain(miss_meter(table.typed, Words("de").playing("schlag-den-dealer")))
    assert "0 von 3 Ratenden zweimal daneben" in german
    assert "drei in Folge: Ann gibt den Stapel ab" in german


@pytest.mark.parametrize(("sips", "most", "bar"), [
    (0, 10, ""), (10, 10, "█" * 8), (5, 10, "█" * 4), (1, 8, "█"), (1, 100, "▏"),
    (3, 8, "███"), (1, 3, "██▋")])
def test_a_sip_bar_is_as_long_as_the_tally_against_the_highest(sips: int, most: int,
                                                                bar: str) -> None:
    assert sip_bar(sips, most).plain == bar


def test_the_chances_row_adds_up_to_100_each_figure_its_own_value_rounded() -> None:
    # A full deck: each value 4 of 52, 7.7 %: nine 8s and four 7s (the points rounding
    # leaves over go to the first values), never thirteen 8s that make 104
    chances = _rows(_schlag())[4]
    assert chances[:2] == ["%", "next"] and chances[2:] == ["8"] * 9 + ["7"] * 4
    assert _schlag().view["percent"] == dict(zip(_rows(_schlag())[1], [8] * 9 + [7] * 4,
                                                 strict=True))
