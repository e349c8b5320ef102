"""What a good name or text is (engine/text.py): normalised, printable, on one line, nothing
invisible or turning the text around, as long as where it is shown can show; how any text is
shown on a terminal, and how a refusal quotes what it refuses (issue 22)."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.rejection import Refusal
from engine.text import (
    ACCOUNT_HOLDER,
    EXPENSE_WHAT,
    NAME_LENGTH,
    NIGHT_NAME,
    PLAYER_NAME,
    checked,
    name_key,
    quoted,
    said,
    shown,
)
from tests.hypo import examples


def refusal(text: str, kind: object = PLAYER_NAME) -> Refusal:
    with pytest.raises(Refusal) as refused:
        checked(text, kind)  # type: ignore[arg-type]
    return refused.value


# --- names ----------------------------------------------------------------------------------

def test_a_name_comes_in_nfc_with_its_spaces_plain_and_single() -> None:
    assert checked("Zoe\u0308", PLAYER_NAME) == "Zoë"  # e + combining diaeresis: one letter
    assert checked("  Ann\u00a0\u00a0 Marie ", PLAYER_NAME) == "Ann Marie"
    assert checked("Ann\u3000B", PLAYER_NAME) == "Ann B"
    assert checked("❤\ufe0f Jo", PLAYER_NAME) == "❤ Jo"  # a variation selector only styles


@pytest.mark.parametrize(("name", "char", "key"), [
    ("A\x1b[31mnn", "U+001B", "text.control"),
    ("Ann\x07", "U+0007", "text.control"),
    ("An\x00n", "U+0000", "text.control"),
    ("Ann\nBo", "U+000A", "text.control"),
    ("Ann\tBo", "U+0009", "text.control"),
    ("Ann\x9b", "U+009B", "text.control"),
    ("Ann\u202eoB", "U+202E RIGHT-TO-LEFT OVERRIDE", "text.direction"),
    ("Ann\u2066x", "U+2066 LEFT-TO-RIGHT ISOLATE", "text.direction"),
    ("A\u200bnn", "U+200B ZERO WIDTH SPACE", "text.invisible"),
    ("A\u200dnn", "U+200D ZERO WIDTH JOINER", "text.invisible"),
    ("\ufeffAnn", "U+FEFF ZERO WIDTH NO-BREAK SPACE", "text.invisible"),
    ("A\u2060nn", "U+2060 WORD JOINER", "text.invisible"),
    ("An\u00adn", "U+00AD SOFT HYPHEN", "text.invisible"),
    ("A\u034fnn", "U+034F COMBINING GRAPHEME JOINER", "text.invisible"),
    ("Ann\u2800", "U+2800 BRAILLE PATTERN BLANK", "text.invisible"),
    ("Ann\u2028Bo", "U+2028 LINE SEPARATOR", "text.unprintable"),
    ("Ann\ue000", "U+E000", "text.unprintable"),
])
def test_a_name_that_a_terminal_would_obey_or_hide_is_refused_naming_the_character(
        name: str, char: str, key: str) -> None:
    refused = refusal(name)
    assert refused.key == key
    assert refused.reason.startswith("A player's name cannot hold ")
    assert refused.reason.endswith(f" holds {char}.")
    assert name not in refused.reason or name.isprintable()  # quoted with its escapes
    assert refused.reason.isprintable()


def test_a_name_is_as_long_as_a_seat_shows() -> None:
    assert checked("A" * NAME_LENGTH, PLAYER_NAME) == "A" * NAME_LENGTH
    refused = refusal("Maximilian-Alexander von Hohenzollern")
    assert refused.key == "text.too_long" and refused.params["limit"] == NAME_LENGTH
    assert refused.reason == ("A player's name is at most 16 characters (what a seat shows), "
                              "not 'Maximilian-Alexander von Hohenzollern' (37 characters).")


def test_texts_may_be_longer_than_names() -> None:
    assert checked("Spieleabend bei Familie Müller am Freitag, 14. Juni 2025",
                   NIGHT_NAME).startswith("Spieleabend")
    assert len(checked("x" * 60, EXPENSE_WHAT)) == 60
    assert len(checked("B" * 70, ACCOUNT_HOLDER)) == 70
    assert refusal("B" * 71, ACCOUNT_HOLDER).key == "text.too_long"


def test_a_name_of_half_a_million_letters_is_refused_by_its_start() -> None:
    refused = refusal("A" * 500_000)
    assert refused.reason.endswith("not '" + "A" * 40 + "…' (500,000 characters).")
    assert len(refused.reason) < 200


def test_a_name_of_nothing_but_spaces_is_refused() -> None:
    assert refusal("\u3000\u00a0").key == "text.empty"


def test_names_are_one_without_invisible_characters_and_regardless_of_case() -> None:
    assert name_key("Ann") == name_key("ann") == name_key("A\u200bnn") == name_key("A\u00adNN")
    assert name_key("Ann") == name_key("Ann\u2800")  # a blank braille cell draws nothing too
    assert name_key("Zoë") == name_key("Zoe\u0308")
    assert name_key("Ann") != name_key("Anne")


@settings(max_examples=examples(300))
@given(st.text(max_size=40))
@example("A\x1b[2J\u202e\u200b")
def test_what_passes_is_printable_nfc_and_short_and_what_fails_says_why(text: str) -> None:
    try:
        clean = checked(text, PLAYER_NAME)
    except Refusal as refused:
        assert refused.key is not None and refused.key.startswith("text.")
        assert refused.reason.isprintable() and len(refused.reason) < 300
        return
    assert clean.isprintable() and clean == clean.strip()
    assert unicodedata.is_normalized("NFC", clean)
    assert 1 <= len(clean) <= NAME_LENGTH
    assert name_key(clean) == name_key(checked(clean, PLAYER_NAME))


# --- shown ----------------------------------------------------------------------------------

def test_a_terminal_is_shown_control_characters_as_their_escapes() -> None:
    assert shown("A\x1b[31mnn") == "A\\u001b[31mnn"
    assert shown("Bo\u202eX\nY\u200b") == "Bo\\u202eX\\u000aY\\u200b"
    assert shown("Zoë ♥ 王小明") == "Zoë ♥ 王小明"


@settings(max_examples=examples(300))
@given(st.text())
def test_a_shown_text_is_printable_and_keeps_a_json_document_meaning_the_same(
        text: str) -> None:
    assert all(c == " " or c.isprintable() or unicodedata.category(c) == "Zs"
               for c in shown(text))
    document = json.dumps({"name": text}, ensure_ascii=False)
    assert json.loads(shown(document)) == {"name": text}


# --- quoted ---------------------------------------------------------------------------------

def test_a_refusal_quotes_a_short_start_of_what_it_refuses_with_its_length() -> None:
    assert quoted("4x") == "'4x'"
    assert quoted("A" * 100_000) == "'" + "A" * 40 + "…' (100,000 characters)"
    assert quoted(10**400) == "1" + "0" * 39 + "… (401 digits)"
    assert quoted(-10**5000) == "-1" + "0" * 39 + "… (5,001 digits)"
    assert quoted(12) == "12" and quoted(3.0) == "3.0" and quoted(True) == "True"
    assert len(quoted(list(range(100_000)))) < 100
    assert quoted("x\x1b") == "'x\\x1b'"


def test_a_name_in_a_sentence_is_as_it_is_unless_it_needs_quoting() -> None:
    assert said("Ann") == "Ann"
    assert said("A\x1bnn") == "'A\\x1bnn'"
    assert said("B" * 1000).endswith("(1,000 characters)")
