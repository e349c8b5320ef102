from __future__ import annotations

from fractions import Fraction

from engine.cards import parse_card
from engine.deck import Deck
from engine.odds import casino_odds, in_between_odds


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
