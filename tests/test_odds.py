from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import parse_card
from engine.deck import Deck
from engine.odds import RaiseShown, casino_odds, in_between_odds, whole_percentages
from tests.hypo import examples


def _deck(*cards: str) -> Deck:
    deck = Deck()
    for action, text in enumerate(cards, 1):
        deck = deck.add(parse_card(text), action)
    return deck


def test_odds_of_4_and_jack_from_the_cards_still_unseen() -> None:
    hand = (parse_card("4c"), parse_card("Jh"))
    odds = in_between_odds(hand, _deck("4c", "Jh"))
    assert odds is not None
    # 5..10 between: 6 ranks x 4 = 24 of 50; posts: three 4s and three jacks
    assert (odds.win, odds.post, odds.unseen) == (Fraction(24, 50), Fraction(6, 50), 50)
    assert odds.percentages() == (48, 12, 40)


def test_seen_cards_change_the_odds() -> None:
    hand = (parse_card("4c"), parse_card("6h"))
    odds = in_between_odds(hand, _deck("4c", "6h", "5", "5d", "5s"))
    assert odds is not None and odds.win == Fraction(1, 47)


def test_a_pair_has_no_winning_card() -> None:
    hand = (parse_card("9c"), parse_card("9h"))
    odds = in_between_odds(hand, _deck("9c", "9h"))
    assert odds is not None and odds.win == 0 and odds.post == Fraction(2, 50)


def test_a_low_ace_opens_the_spread_down_to_the_2() -> None:
    hand = (parse_card("Ac"), parse_card("9h"))
    odds = in_between_odds(hand, _deck("Ac", "9h"), low_ace=True)
    assert odds is not None
    # 2..8 between: 7 ranks x 4 = 28 of 50; posts: three aces and three nines
    assert (odds.win, odds.post) == (Fraction(28, 50), Fraction(6, 50))


def test_casino_odds_give_the_chance_the_third_card_pays_and_a_raised_chips_worth() -> None:
    deck = Deck().add(parse_card("4c"), 1).add(parse_card("Jd"), 2)
    odds = casino_odds((parse_card("4c"), parse_card("Jd")), deck, pays=1)
    assert odds is not None and odds.unseen == 50
    assert odds.win == Fraction(24, 50)  # 5 to 10: six ranks, four each
    assert odds.value_per_chip == Fraction(24 - 26, 50)  # a post loses too
    narrow = casino_odds((parse_card("4c"), parse_card("6d")), deck, pays=5)
    assert narrow is not None and narrow.value_per_chip == Fraction(4 * 5 - 46, 50)


def test_casino_odds_after_a_pair_count_the_same_rank_and_a_miss_pushes() -> None:
    deck = Deck().add(parse_card("7c"), 1).add(parse_card("7d"), 2)
    odds = casino_odds((parse_card("7c"), parse_card("7d")), deck, pays=11)
    assert odds is not None and odds.win == Fraction(2, 50)
    assert odds.value_per_chip == Fraction(22, 50)


def test_a_spread_of_3_to_queen_with_48_unseen_shows_63_12_25() -> None:
    # Out: the 3 and the queen of the hand, a 5 and a 7. Between: 30 of 48 (62.5 %); posts:
    # three 3s and three queens, 6 (12.5 %); outside: the 2s, kings and aces, 12 (25 %).
    hand = (parse_card("3"), parse_card("Q"))
    odds = in_between_odds(hand, _deck("3", "Q", "5", "7"))
    assert odds is not None and odds.unseen == 48
    assert (odds.win, odds.post, odds.lose) == (Fraction(5, 8), Fraction(1, 8), Fraction(1, 4))
    # 62.5 and 12.5 both have half a point over: the one point still to give goes to the
    # first of them; 25 is exact and stays 25
    assert odds.percentages() == (63, 12, 25)


def test_the_point_rounding_leaves_over_goes_to_the_largest_remainder() -> None:
    # 16/48 = 33.3 %, 5/48 = 10.4 %, 27/48 = 56.25 %: rounded down 33 + 10 + 56 = 99; the
    # largest remainder is the post's
    assert whole_percentages((Fraction(16, 48), Fraction(5, 48), Fraction(27, 48))) == (
        33, 11, 56)
    assert whole_percentages((Fraction(1, 13),) * 13) == (8,) * 9 + (7,) * 4
    assert whole_percentages((Fraction(0), Fraction(0))) == (0, 0)  # nothing can come


@settings(max_examples=examples(200))
@given(st.lists(st.integers(0, 60), min_size=1, max_size=14).filter(lambda c: sum(c) > 0))
def test_every_shown_figure_is_its_own_value_rounded_and_they_add_up_to_100(
        counts: list[int]) -> None:
    total = sum(counts)
    shown = whole_percentages(tuple(Fraction(count, total) for count in counts))
    assert sum(shown) == 100
    exact = [Fraction(100 * count, total) for count in counts]
    for value, figure in zip(exact, shown, strict=True):
        assert figure in (math.floor(value), math.ceil(value))
    # a figure rounded up had at least the remainder of every figure rounded down
    up = [value - math.floor(value) for value, figure in zip(exact, shown, strict=True)
          if figure > value]
    down = [value - math.floor(value) for value, figure in zip(exact, shown, strict=True)
            if figure < value]
    assert not up or not down or min(up) >= max(down)


def test_the_casino_shows_the_chance_the_third_card_pays_as_a_true_rounding() -> None:
    # 4 and 7 out, a 5 and a 6 out too, 48 unseen: six 5s and 6s can pay, 12.5 %
    deck = _deck("4c", "7d", "5h", "6s")
    shown = RaiseShown.of(casino_odds((parse_card("4c"), parse_card("7d")), deck, pays=4))
    assert shown is not None and shown.win == 13
