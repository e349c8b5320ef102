from __future__ import annotations

import pytest

from engine.cards import Card, parse_card
from engine.deck import Deck
from engine.rejection import Refusal


@pytest.mark.parametrize("text, rank, suit", [
    ("4c", 4, "c"), ("10h", 10, "h"), ("Th", 10, "h"), ("0h", 10, "h"), ("th", 10, "h"),
    ("Jd", 11, "d"), ("Bd", 11, "d"), ("bd", 11, "d"), ("Qs", 12, "s"), ("Ds", 12, "s"),
    ("Kc", 13, "c"), ("As", 14, "s"), ("a♠", 14, "s"), ("9♦", 9, "d"), ("9♦\ufe0f", 9, "d"),
    ("K♥", 13, "h"), ("  7c ", 7, "c"), ("9", 9, None), ("T", 10, None), ("D", 12, None),
    ("b", 11, None), ("10", 10, None),
])
def test_card_input_in_english_and_german(text: str, rank: int, suit: str | None) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1", "11", "X", "4x", "Kk", "4cc", "♠", "10hh", "z9"])
def test_not_a_card_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(Refusal) as refusal:
        parse_card(text)
    assert refusal.value.reason.endswith(".")
    assert "card" in refusal.value.reason or "suit" in refusal.value.reason


def test_canonical_form_and_label() -> None:
    assert str(parse_card("th")) == "10h"
    assert str(parse_card("bd")) == "Jd"
    assert str(parse_card("9")) == "9"
    assert parse_card("0s").label == "10♠"


def test_second_identical_card_names_the_earlier_entry() -> None:
    deck = Deck().add(parse_card("9d"), 12)
    with pytest.raises(Refusal) as refusal:
        deck.check(parse_card("9♦"))
    assert "9♦" in refusal.value.reason and "action 12" in refusal.value.reason


def test_fifth_of_a_rank_is_refused_naming_the_four() -> None:
    deck = Deck()
    for action, text in enumerate(["9c", "9d", "9", "9s"], 1):
        deck.check(parse_card(text))
        deck = deck.add(parse_card(text), action)
    for fifth in ("9", "9h"):
        with pytest.raises(Refusal) as refusal:
            deck.check(parse_card(fifth))
        assert "four 9s" in refusal.value.reason and "1, 2, 3, 4" in refusal.value.reason


def test_rank_only_cards_count_toward_the_rank() -> None:
    deck = Deck().add(parse_card("Q"), 1).add(parse_card("Q"), 2)
    deck.check(parse_card("Qh"))
    assert deck.count_rank(12) == 2
    assert deck.remaining == 50


def test_a_shuffle_brings_every_card_back() -> None:
    deck = Deck().add(parse_card("As"), 1).shuffled()
    deck.check(parse_card("As"))
    assert deck.remaining == 52 and deck.cards == ()
