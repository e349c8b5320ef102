"""The settlement's maths (issue 7, DESIGN.md "Settlement"), through the pure engine.

Who pays whom with the fewest transfers (exact over zero-sum groups, greedy beyond
EXACT_LIMIT), results as cents that sum to zero, "host collects", the IBAN check, the EPC
payload line by line against EPC069-12 (version 002), sips per game from a real night, and
`set_payment` through the engine. Every expected value is worked out by hand.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import settlement
from engine.event import Event
from engine.kernel import SipsOwed
from engine.night import GameStarted
from engine.payments import (
    EPC_AMOUNT_MAX,
    epc_amount,
    epc_payload,
    grouped,
    normalize_iban,
)
from engine.rejection import Refusal, Rejection
from engine.settlement import (
    EXACT_LIMIT,
    GameSips,
    Transfer,
    fewest_transfers,
    greedy_transfers,
    host_collects,
    money,
    settle,
    sips_by_game,
    to_cents,
)
from tests.hypo import examples
from tests.table import Table

IBAN_DE = "DE89370400440532013000"
IBAN_DE_SHOWN = "DE89 3704 0044 0532 0130 00"
IBAN_GB = "GB82WEST12345698765432"
SCHLAG = "schlag-den-dealer"

Balances = dict[str, int]


# --- helpers ------------------------------------------------------------------------------

def left_over(balances: Mapping[str, int], transfers: list[Transfer]) -> dict[str, int]:
    """What is left of each balance once every transfer (of a positive amount, between two
    players) is paid."""
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0, t
        assert t.payer != t.payee, t
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def assert_settles(balances: Mapping[str, int], transfers: list[Transfer]) -> None:
    """Every balance ends at exactly zero, and every payment goes from someone who lost to
    someone who won."""
    assert left_over(balances, transfers) == dict.fromkeys(balances, 0)
    for t in transfers:
        assert balances[t.payer] < 0 < balances[t.payee], t


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every way to split `items` into non-empty groups."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for index in range(len(smaller)):
            yield [*smaller[:index], [first, *smaller[index]], *smaller[index + 1:]]


def brute_force_minimum(balances: Mapping[str, int]) -> int:
    """n - k payments, k the most groups of a partition whose balances each sum to zero."""
    owing = [amount for amount in balances.values() if amount]
    most = max(len(groups) for groups in partitions(owing)
               if all(sum(group) == 0 for group in groups)) if owing else 0
    return len(owing) - most


@st.composite
def zero_sum(draw: st.DrawFn, max_players: int = 12, spread: int = 12) -> Balances:
    """Balances of 1 to `max_players` players that sum to zero (zeros included)."""
    count = draw(st.integers(1, max_players))
    scale = draw(st.sampled_from((1, 5, 100)))
    values = draw(st.lists(st.integers(-spread, spread), min_size=count - 1,
                           max_size=count - 1))
    values = [value * scale for value in values]
    return {f"P{index}": value for index, value in enumerate([*values, -sum(values)])}


def crowd(players: int) -> tuple[Balances, int]:
    """`players` (>= 5) non-zero balances whose minimum is known, with greedy one worse:
    the counterexample +4 +3 +3 -4 -6 (3 payments exactly, 4 greedy) plus pairs +a -a of
    large, distinct amounts (one payment each; greedy matches them first), and a triple
    +50000 -20000 -30000 (two payments) where the count would be odd. The minimum."""
    balances: Balances = {"A": 4, "B": 3, "C": 3, "D": -4, "E": -6}
    minimum = 3
    if (players - 5) % 2:
        balances |= {"T1": 50_000, "T2": -20_000, "T3": -30_000}
        minimum += 2
    pair = 0
    while len(balances) < players:
        pair += 1
        balances |= {f"W{pair}": 1000 * pair, f"L{pair}": -1000 * pair}
        minimum += 1
    assert len(balances) == players
    return balances, minimum


# --- fewest transfers ---------------------------------------------------------------------

COUNTEREXAMPLE: Balances = {"Anna": 4, "Ben": 3, "Cleo": 3, "Dan": -4, "Eve": -6}


def test_the_counterexample_needs_three_payments_where_greedy_makes_four() -> None:
    fewest = fewest_transfers(COUNTEREXAMPLE)
    assert sorted(fewest, key=lambda t: (t.payer, t.payee)) == [
        Transfer("Dan", "Anna", 4), Transfer("Eve", "Ben", 3), Transfer("Eve", "Cleo", 3)]
    greedy = greedy_transfers(COUNTEREXAMPLE)
    assert greedy == [Transfer("Eve", "Anna", 4), Transfer("Dan", "Ben", 3),
                      Transfer("Eve", "Cleo", 2), Transfer("Dan", "Cleo", 1)]
    assert_settles(COUNTEREXAMPLE, fewest)
    assert_settles(COUNTEREXAMPLE, greedy)


def test_players_who_are_square_pay_nothing_and_nobody_owes_means_no_transfers() -> None:
    assert fewest_transfers({"Anna": 0, "Ben": 0}) == []
    assert fewest_transfers({}) == []
    assert fewest_transfers({"Anna": 5, "Ben": 0, "Cleo": -5}) == [Transfer("Cleo", "Anna", 5)]


def test_balances_that_do_not_sum_to_zero_are_a_programming_error() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        fewest_transfers({"Anna": 5, "Ben": -4})
    with pytest.raises(ValueError, match="sum to zero"):
        greedy_transfers({"Anna": 5, "Ben": -4})


@pytest.mark.properties
@settings(max_examples=examples(150), deadline=None)
@given(zero_sum(max_players=12))
def test_transfers_settle_every_balance_and_never_outnumber_greedy(balances: Balances) -> None:
    fewest = fewest_transfers(balances)
    greedy = greedy_transfers(balances)
    assert_settles(balances, fewest)
    assert_settles(balances, greedy)
    assert len(fewest) <= len(greedy)
    # a group of g players settles in g - 1 payments: never more than n - 1 in all
    assert len(fewest) <= max(sum(1 for v in balances.values() if v) - 1, 0)


@pytest.mark.properties
@settings(max_examples=examples(200), deadline=None)
@given(zero_sum(max_players=7, spread=6))
def test_small_tables_get_the_true_minimum(balances: Balances) -> None:
    fewest = fewest_transfers(balances)
    assert_settles(balances, fewest)
    assert len(fewest) == brute_force_minimum(balances)


@pytest.mark.parametrize(("balances", "minimum"), [
    (COUNTEREXAMPLE, 3),
    ({"A": 1, "B": 1, "C": 1, "D": -1, "E": -1, "F": -1}, 3),
    ({"A": 5, "B": -2, "C": -3, "D": 7, "E": -7}, 3),
    ({"A": 10, "B": -3, "C": -3, "D": -4}, 3),
    ({"A": 2, "B": 2, "C": -1, "D": -1, "E": -1, "F": -1}, 4),
])
def test_known_minimums(balances: Balances, minimum: int) -> None:
    assert brute_force_minimum(balances) == minimum  # the oracle itself, by hand
    assert len(fewest_transfers(balances)) == minimum


def test_the_exact_search_runs_up_to_exact_limit_players_with_a_balance() -> None:
    balances, minimum = crowd(EXACT_LIMIT)
    balances |= {"Zero1": 0, "Zero2": 0, "Zero3": 0}  # square players do not count
    assert len(greedy_transfers(balances)) == minimum + 1
    fewest = fewest_transfers(balances)
    assert_settles(balances, fewest)
    assert len(fewest) == minimum


def test_beyond_exact_limit_the_greedy_result_is_used() -> None:
    balances, minimum = crowd(EXACT_LIMIT + 1)
    greedy = greedy_transfers(balances)
    assert len(greedy) == minimum + 1
    assert fewest_transfers(balances) == greedy


def test_the_limit_counts_players_with_a_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    with_zeros = COUNTEREXAMPLE | {"Finn": 0, "Gus": 0}
    monkeypatch.setattr(settlement, "EXACT_LIMIT", 5)
    assert len(fewest_transfers(with_zeros)) == 3
    monkeypatch.setattr(settlement, "EXACT_LIMIT", 4)
    assert fewest_transfers(with_zeros) == greedy_transfers(with_zeros)
    assert len(fewest_transfers(with_zeros)) == 4


def test_fifteen_players_with_results_settle_well_under_a_second() -> None:
    values = [(-1) ** index * (index + 1) * 7 for index in range(14)]
    balances = {f"P{index}": value for index, value in enumerate([*values, -sum(values)])}
    assert sum(1 for value in balances.values() if value) == 15
    start = time.perf_counter()
    fewest = fewest_transfers(balances)
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, f"{elapsed:.2f} s for 15 players"
    assert_settles(balances, fewest)
    assert len(fewest) <= len(greedy_transfers(balances))


# --- results in cents ---------------------------------------------------------------------

CHIP_VALUES = ("0.10", "0.125", "0.333", "1", "2.50", "0.01", "0.05", "0.07")


@pytest.mark.properties
@settings(max_examples=examples(200), deadline=None)
@given(zero_sum(max_players=12, spread=400), st.sampled_from(CHIP_VALUES))
def test_cents_sum_to_zero_and_each_is_within_a_cent(balances: Balances,
                                                     chip_value: str) -> None:
    cents = to_cents(balances, chip_value)
    assert list(cents) == list(balances)  # every player, in seat order
    assert sum(cents.values()) == 0
    for name, amount in balances.items():
        exact = amount * Decimal(chip_value) * 100
        assert abs(cents[name] - exact) < 1, (name, amount, cents[name], exact)
        if exact == exact.to_integral_value():
            assert cents[name] == exact  # whole cents stay exactly what they are


def test_cents_of_whole_cent_chips_are_exact() -> None:
    assert to_cents({"Ann": -14, "Bo": 12, "Cy": -5, "Dee": 7}, "0.10") == {
        "Ann": -140, "Bo": 120, "Cy": -50, "Dee": 70}
    assert to_cents({"Ann": 3, "Bo": -3}, "2.50") == {"Ann": 750, "Bo": -750}


def test_fractions_of_a_cent_go_to_the_largest_remainders_in_seat_order() -> None:
    # 33.3 + 33.3 - 66.6: floors 33, 33, -67 leave one cent; -66.6 has the largest remainder
    assert to_cents({"Ann": 1, "Bo": 1, "Cy": -2}, "0.333") == {"Ann": 33, "Bo": 33, "Cy": -66}
    # 12.5 + 12.5 - 25: the spare cent goes to the first seat of the tie
    assert to_cents({"Ann": 1, "Bo": 1, "Cy": -2}, "0.125") == {"Ann": 13, "Bo": 12, "Cy": -25}
    assert to_cents({"Bo": 1, "Ann": 1, "Cy": -2}, "0.125") == {"Bo": 13, "Ann": 12, "Cy": -25}


@pytest.mark.parametrize("chip_value", ["abc", "0", "-0.10", "NaN", "Infinity", ""])
def test_a_chip_value_that_is_no_positive_number_is_refused(chip_value: str) -> None:
    with pytest.raises(Refusal, match="is no chip value"):
        to_cents({"Ann": 1, "Bo": -1}, chip_value)


@pytest.mark.parametrize(("cents", "plain", "signed"), [
    (1230, "12.30", "+12.30"), (-5, "-0.05", "-0.05"), (0, "0.00", "0.00"),
    (100, "1.00", "+1.00"), (-123456, "-1234.56", "-1234.56"), (7, "0.07", "+0.07"),
])
def test_money_text(cents: int, plain: str, signed: str) -> None:
    assert money(cents) == plain
    assert money(cents, sign=True) == signed


# --- host collects ------------------------------------------------------------------------

HOSTED: Balances = {"Anna": 30, "Ben": -20, "Cleo": -25, "Dan": 15, "Eve": 0}


def test_losers_pay_the_host_and_the_host_pays_the_winners() -> None:
    assert host_collects(HOSTED, "Anna") == [
        Transfer("Ben", "Anna", 20), Transfer("Cleo", "Anna", 25), Transfer("Anna", "Dan", 15)]
    assert left_over(HOSTED, host_collects(HOSTED, "Anna")) == dict.fromkeys(HOSTED, 0)


def test_a_losing_host_still_collects_and_ends_on_their_own_result() -> None:
    transfers = host_collects(HOSTED, "Ben")
    assert transfers == [Transfer("Cleo", "Ben", 25), Transfer("Ben", "Anna", 30),
                         Transfer("Ben", "Dan", 15)]
    # Ben takes 25 and pays 45: his own -20 is implied, nobody pays it to anyone
    assert left_over(HOSTED, transfers) == dict.fromkeys(HOSTED, 0)


@pytest.mark.properties
@settings(max_examples=examples(100), deadline=None)
@given(zero_sum(max_players=10), st.data())
def test_host_collects_settles_everyone_with_the_host_in_every_payment(
        balances: Balances, data: st.DataObject) -> None:
    host = data.draw(st.sampled_from(sorted(balances)))
    transfers = host_collects(balances, host)
    assert all(host in (t.payer, t.payee) for t in transfers)
    assert left_over(balances, transfers) == dict.fromkeys(balances, 0)
    assert len(transfers) == sum(1 for name, v in balances.items() if v and name != host)


def test_an_unknown_host_is_refused_with_the_players_named() -> None:
    with pytest.raises(Refusal) as refused:
        host_collects(HOSTED, "Zed")
    assert refused.value.reason == ("'Zed' is not at this night's table, so cannot collect: "
                                    "name a player (Anna, Ben, Cleo, Dan, Eve).")


# --- IBAN ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "iban"), [
    (IBAN_DE_SHOWN, IBAN_DE),
    (IBAN_DE, IBAN_DE),
    ("GB82 WEST 1234 5698 7654 32", IBAN_GB),
    ("de89 3704 0044 0532 0130 00", IBAN_DE),
    ("gb82west12345698765432", IBAN_GB),
    ("  DE89  3704 0044\t0532 0130 00  ", IBAN_DE),
])
def test_valid_ibans_come_back_without_spaces_in_capitals(text: str, iban: str) -> None:
    assert normalize_iban(text) == iban


@pytest.mark.parametrize(("text", "key"), [
    ("DE89 3704 0044 0532 0130 01", "iban.checksum"),  # one digit mistyped
    ("DE89 7304 0044 0532 0130 00", "iban.checksum"),  # two digits swapped
    ("GB82 WEST 1234 5698 7654 33", "iban.checksum"),
    ("DE89 3704 0044 0532 0130 0", "iban.length"),
    ("DE89 3704 0044 0532 0130 000", "iban.length"),
    ("GB82 WEST 1234 5698 7654 3", "iban.length"),
    ("XX89 3704 0044 0532 0130 00", "iban.country"),
    ("DEAB 3704 0044 0532 0130 00", "iban.country"),
    ("1289 3704 0044 0532 0130 00", "iban.country"),
    ("DE89-3704-0044-0532-0130-00", "iban.characters"),
    ("DE89.3704.0044.0532.0130.00", "iban.characters"),
    ("DE89 3704 0044 0532 0130 0Ä", "iban.characters"),
    ("", "iban.characters"),
    ("   ", "iban.characters"),
])
def test_a_bad_iban_is_refused_with_what_is_wrong(text: str, key: str) -> None:
    with pytest.raises(Refusal) as refused:
        normalize_iban(text)
    assert refused.value.key == key
    reason = refused.value.reason
    assert reason.endswith(".") and "\n" not in reason
    assert refused.value.params["iban"] == repr(text.strip())  # as the sentence quotes it


def test_a_wrong_length_names_the_country_and_both_lengths() -> None:
    with pytest.raises(Refusal) as refused:
        normalize_iban("DE89 3704 0044 0532 0130 0")
    assert refused.value.reason == ("An IBAN from DE has 22 characters; "
                                    "'DE89 3704 0044 0532 0130 0' has 21.")
    assert refused.value.params == {"iban": "'DE89 3704 0044 0532 0130 0'", "country": "DE",
                                    "length": 22, "given": 21}


def with_check_digits(country: str, bban: str) -> str:
    """An IBAN whose check digits fit, worked out by ISO 7064 mod 97-10 by hand: the account
    part, the country's letters as numbers (A = 10) and 00, then 98 minus the remainder."""
    number = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    return f"{country}{98 - number % 97:02d}{bban}"


@pytest.mark.parametrize(("country", "bban"), [
    ("AE", "DR1X000000000000053"),  # the UAE: 3 digits of bank, 16 of account, no letters
    ("DE", "3704004405320130AB"),  # German account numbers are digits only
    ("GB", "1234WEST5698765432"),  # the bank's four letters come first
    ("NL", "0417ABNA164300"),
    ("AT", "1904300234573X01"),
])
def test_an_iban_off_its_countrys_layout_is_refused_though_its_check_digits_fit(
        country: str, bban: str) -> None:
    iban = with_check_digits(country, bban)
    with pytest.raises(Refusal) as refused:
        normalize_iban(iban)
    assert refused.value.key == "iban.layout"
    assert refused.value.params == {"iban": repr(iban), "country": country}
    reason = refused.value.reason
    assert reason.startswith(f"{iban!r} does not fit the layout of an IBAN from {country}: ")
    assert reason.endswith(".") and "\n" not in reason


def test_the_layout_refusal_says_what_the_country_expects() -> None:
    iban = with_check_digits("AE", "DR1X000000000000053")
    assert iban.startswith("AE91DR1X")  # the example of issue 12
    with pytest.raises(Refusal) as refused:
        normalize_iban(iban)
    assert refused.value.reason == (f"{iban!r} does not fit the layout of an IBAN from AE: "
                                    "after the check digits come 19 digits.")
    with pytest.raises(Refusal) as refused:
        normalize_iban(with_check_digits("GB", "1234WEST5698765432"))
    assert refused.value.reason.endswith(
        "after the check digits come 4 capital letters, then 14 digits.")


@pytest.mark.parametrize("iban", [
    "RU02 0445 2560 0407 0281 0412 3456 7890 1",  # Russia
    "OM81 0180 0000 0129 9123 456",  # Oman
    with_check_digits("GF", "20041010050500013M02606"),  # French Guiana, as France
    with_check_digits("GP", "20041010050500013M02606"),  # Guadeloupe
    with_check_digits("RE", "20041010050500013M02606"),  # Réunion
    "AE07 0331 2345 6789 0123 456",  # the UAE, its layout kept
])
def test_ibans_of_every_registered_country_are_taken(iban: str) -> None:
    assert normalize_iban(iban) == "".join(iban.split())


def test_check_digits_00_01_and_99_are_never_issued() -> None:
    for digits in ("00", "01", "99"):  # each passes mod 97 with some account, none is real
        with pytest.raises(Refusal) as refused:
            normalize_iban(f"DE{digits}370400440532013000")
        assert refused.value.key == "iban.checksum"


def test_an_iban_reads_in_groups_of_four() -> None:
    assert grouped(IBAN_DE) == IBAN_DE_SHOWN
    assert grouped(IBAN_GB) == "GB82 WEST 1234 5698 7654 32"


# --- the EPC payload (EPC069-12, version 002) ---------------------------------------------

def epc_lines(payload: str) -> list[str]:
    assert "\r" not in payload
    assert not payload.endswith("\n")  # the last populated element ends the payload
    return payload.split("\n")


def test_the_epc_payload_line_by_line() -> None:
    payload = epc_payload("Jürgen Müller", IBAN_DE_SHOWN, 1230, "table companion: Friday")
    lines = epc_lines(payload)
    assert lines == [
        "BCD",  # service tag
        "002",  # version: the BIC may be left out inside the EEA
        "1",  # character set: UTF-8
        "SCT",  # SEPA credit transfer
        "",  # BIC: empty
        "Jürgen Müller",  # beneficiary, at most 70
        IBAN_DE,  # without spaces
        "EUR12.3",  # amount
        "",  # purpose: empty
        "",  # structured reference: empty
        "table companion: Friday",  # remittance text, at most 140
    ]
    assert len(lines) == 11
    assert "J\u00fcrgen M\u00fcller".encode() in payload.encode("utf-8")  # UTF-8, as line 3 says
    assert len(payload.encode("utf-8")) <= 331


@pytest.mark.parametrize(("cents", "amount"), [
    (1, "EUR0.01"), (10, "EUR0.1"), (99, "EUR0.99"), (100, "EUR1"), (1230, "EUR12.3"),
    (1205, "EUR12.05"), (1200, "EUR12"), (123456, "EUR1234.56"),
    (EPC_AMOUNT_MAX, "EUR999999999.99"),
])
def test_epc_amounts(cents: int, amount: str) -> None:
    assert epc_amount(cents) == amount
    assert epc_lines(epc_payload("Bo", IBAN_DE, cents, "x"))[7] == amount


@pytest.mark.parametrize("cents", [0, -1, EPC_AMOUNT_MAX + 1])
def test_an_epc_amount_outside_the_standard_is_an_error(cents: int) -> None:
    with pytest.raises(ValueError, match="EPC transfer"):
        epc_payload("Bo", IBAN_DE, cents, "x")


def test_a_bad_iban_never_makes_a_payload() -> None:
    with pytest.raises(Refusal) as refused:
        epc_payload("Bo", "DE89 3704 0044 0532 0130 01", 100, "x")
    assert refused.value.key == "iban.checksum"


def test_long_names_and_texts_are_cut_to_the_standard_and_stay_on_their_line() -> None:
    name = "Bartholomäus Ottokar Müller-Lüdenscheidt\nvon und zu Hohenstaufen-Wittelsbach"
    text = "table companion: " + "Spieleabend " * 20
    lines = epc_lines(epc_payload(name, IBAN_DE, 500, text))
    assert len(lines) == 11
    assert lines[5] == ("Bartholomäus Ottokar Müller-Lüdenscheidt von und zu "
                        "Hohenstaufen-Witte")
    assert len(lines[5]) == 70
    assert len(lines[10]) == 140
    assert lines[10] == ("table companion: " + "Spieleabend " * 20)[:140]


@pytest.mark.properties
@settings(max_examples=examples(150), deadline=None)
@given(st.text(min_size=1, max_size=100).filter(str.strip), st.text(max_size=200),
       st.integers(1, EPC_AMOUNT_MAX))
def test_any_name_and_text_keep_the_eleven_lines(name: str, text: str, cents: int) -> None:
    payload = epc_payload(name, IBAN_DE, cents, text + "x")
    lines = epc_lines(payload)
    assert len(lines) == 11
    assert lines[:5] == ["BCD", "002", "1", "SCT", ""]
    assert lines[6] == IBAN_DE and lines[8:10] == ["", ""]
    assert 1 <= len(lines[5]) <= 70 and 1 <= len(lines[10]) <= 140
    assert lines[5] == " ".join(name.split())[:70]
    assert lines[7] == epc_amount(cents)
    assert Decimal(lines[7].removeprefix("EUR")) * 100 == cents


def test_without_a_remittance_text_the_payload_ends_with_the_amount() -> None:
    payload = epc_payload("Bo", IBAN_DE, 100, "")
    assert payload == "BCD\n002\n1\nSCT\n\nBo\n" + IBAN_DE + "\nEUR1"


def test_the_payload_never_exceeds_331_bytes() -> None:
    name = "Αικατερίνη Παπαδοπούλου-Κωνσταντινίδου Αλεξανδροπούλου"  # 54 characters, Greek
    text = "table companion: Παρασκευή βράδυ, πόκερ στης Αικατερίνης " * 3
    payload = epc_payload(name, "GR16 0110 1250 0000 0001 2300 695", 1230, text)
    assert len(payload.encode("utf-8")) <= 331


# --- sips per game from a real night ------------------------------------------------------

class Recorded(Table):
    """A Table that keeps every event of the accepted commands, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[Event] = []

    def try_(self, **command: Any) -> Any:
        outcome = super().try_(**command)
        if not isinstance(outcome, Rejection):
            self.events += outcome
        return outcome


def guesses(table: Table, player: str, card: str, *values: Any) -> None:
    table.do(cmd="card", card=card)
    for value in values:
        table.do(cmd="guess", value=value, player=player)


def schlag_night() -> Recorded:
    """Ben, Anna, Cleo, Dan with 100 chips: Schlag (Ben deals), In-Between, Schlag (Cleo
    deals), then the night ends."""
    table = Recorded()
    table.do(cmd="start_night", players=["Ben", "Anna", "Cleo", "Dan"], chips=100)
    table.do(cmd="start_game", game=SCHLAG, dealer="Ben")
    guesses(table, "Anna", "10h", 7, "Q")  # two misses: Anna drinks 2, caused by Ben
    guesses(table, "Cleo", "5c", 5)  # a first hit: Ben drinks 4, caused by Cleo
    guesses(table, "Dan", "9d", 3, 9)  # a second hit: Ben drinks 2, caused by Dan
    table.do(cmd="end_game")
    table.do(cmd="start_game", game="in-between", dealer="Anna", options={"stake": 10})
    table.do(cmd="end_game")  # no turn played: Anna takes her own stake back
    table.do(cmd="start_game", game=SCHLAG, dealer="Cleo")
    guesses(table, "Dan", "Ks", 2, 5)  # Dan drinks 13 - 5 = 8, caused by Cleo
    guesses(table, "Ben", "4s", 4)  # Cleo drinks 4, caused by Ben
    table.do(cmd="end_night")
    return table


def test_sips_by_game_counts_each_schlag_game_apart_with_its_place_in_the_night() -> None:
    table = schlag_night()
    assert sips_by_game(table.events) == [
        GameSips(1, SCHLAG, {"Anna": 2, "Ben": 6}, {"Ben": 2, "Cleo": 4, "Dan": 2}, "sips"),
        GameSips(3, SCHLAG, {"Dan": 8, "Cleo": 4}, {"Cleo": 8, "Ben": 4}, "sips"),
    ]


def test_the_sips_of_a_game_are_called_as_its_options_said_or_sips_where_it_is_gone() -> None:
    counted = [GameStarted(game=SCHLAG, options={"unit": "points"}, dealer="Ben"),
               SipsOwed(player="Anna", sips=2, why="miss", by="Ben"),
               GameStarted(game="poker", options={"unit": "points"}, dealer="Ben"),
               SipsOwed(player="Ben", sips=1, why="miss")]
    assert [game.unit for game in sips_by_game(counted)] == ["points", "sips"]


def test_a_night_without_sips_has_no_games_of_sips() -> None:
    table = Recorded()
    table.do(cmd="start_night", players=["Ann", "Bo"], chips=50)
    table.do(cmd="start_game", game="in-between", dealer="Ann", options={"stake": 10})
    table.do(cmd="end_night")
    assert sips_by_game(table.events) == []


def test_the_settlement_lists_sips_drunk_and_caused_for_the_night() -> None:
    table = schlag_night()
    result = settle(table.state, table.events)
    assert {s.name: (s.sips, s.caused) for s in result.standings} == {
        "Ben": (6, 6), "Anna": (2, 0), "Cleo": (4, 12), "Dan": (8, 2)}
    assert [g.number for g in result.games] == [1, 3]
    assert {s.name: s.result for s in result.standings} == dict.fromkeys(
        ("Ben", "Anna", "Cleo", "Dan"), 0)
    assert result.transfers == ()
    assert not result.provisional and not result.in_money


# --- set_payment through the engine -------------------------------------------------------

def paying_night() -> Table:
    return Table().do(cmd="start_night", players=["Anna", "Ben", "Cleo"], chips=100,
                      chip_value="0.10", currency="EUR", name="Friday")


def test_set_payment_stores_the_checked_iban_and_the_account_name() -> None:
    table = paying_night()
    table.do(cmd="set_payment", player="Anna", iban="de89 3704 0044 0532 0130 00",
             name="Anna B.")
    anna = table.state.player("Anna")
    assert (anna.iban, anna.account_name) == (IBAN_DE, "Anna B.")
    table.do(cmd="set_payment", player="Ben", iban="GB82 WEST 1234 5698 7654 32")
    ben = table.state.player("Ben")
    assert (ben.iban, ben.account_name) == (IBAN_GB, "Ben")  # the player's own name
    assert table.state.player("Cleo").iban is None


def test_set_payment_for_nobody_at_the_table_is_refused_and_changes_nothing() -> None:
    table = paying_night()
    reason = table.refused(cmd="set_payment", player="Zed", iban=IBAN_DE)
    assert reason == "There is no player called 'Zed' at this table (players: Anna, Ben, Cleo)."


@pytest.mark.parametrize(("iban", "key"), [
    ("DE89 3704 0044 0532 0130 01", "iban.checksum"),
    ("DE89 3704 0044 0532 0130", "iban.length"),
    ("QQ89 3704 0044 0532 0130 00", "iban.country"),
    ("DE89/3704/0044/0532/0130/00", "iban.characters"),
])
def test_set_payment_with_a_bad_iban_is_refused_and_changes_nothing(iban: str,
                                                                  key: str) -> None:
    table = paying_night()
    table.do(cmd="set_payment", player="Anna", iban=IBAN_DE)
    before = table.state
    outcome = table.try_(cmd="set_payment", player="Anna", iban=iban)
    assert isinstance(outcome, Rejection)
    assert outcome.key == key
    assert table.state == before
    assert table.state.player("Anna").iban == IBAN_DE  # the old details stay


def test_set_payment_is_accepted_after_the_night_ended() -> None:
    table = paying_night().do(cmd="end_night")
    table.refused(cmd="rebuy", player="Anna", chips=10)  # the night is over for chips...
    table.do(cmd="set_payment", player="Cleo", iban=IBAN_GB, name="C. Jones")  # ...not pay
    cleo = table.state.player("Cleo")
    assert (cleo.iban, cleo.account_name) == (IBAN_GB, "C. Jones")
    assert table.state.ended


def test_the_iban_survives_later_chip_moves() -> None:
    table = paying_night()
    table.do(cmd="set_payment", player="Ben", iban=IBAN_DE_SHOWN, name="Ben K.")
    table.do(cmd="start_game", game="in-between", dealer="Anna",
             options={"stake": 10, "rounds": 1})
    table.cards("5", "9").do(cmd="card", card="K")  # Ben: 5 and K; Cleo's first card 9
    table.do(cmd="bet", amount=3).cards("8")  # Ben wins 3
    table.do(cmd="rebuy", player="Ben", chips=20)
    table.do(cmd="join", player="Dan", chips=50)
    table.do(cmd="end_night")
    ben = table.state.player("Ben")
    assert (ben.chips, ben.bought_in) == (123, 120)
    assert (ben.iban, ben.account_name) == (IBAN_DE, "Ben K.")
    standing = settle(table.state, []).standing("Ben")
    assert (standing.result, standing.cents) == (3, 30)
    assert (standing.iban, standing.account_name) == (IBAN_DE, "Ben K.")


def test_a_settled_night_in_money_pays_with_the_fewest_transfers() -> None:
    table = paying_night()
    table.do(cmd="start_game", game="in-between", dealer="Anna",
             options={"stake": 10, "rounds": 1})
    table.cards("5", "9").do(cmd="card", card="K")
    table.do(cmd="bet", amount=3).cards("8")  # Ben wins 3
    table.do(cmd="end_night")  # Anna takes the pot of 7: -3
    result = settle(table.state, [])
    assert {s.name: (s.result, s.cents) for s in result.standings} == {
        "Anna": (-3, -30), "Ben": (3, 30), "Cleo": (0, 0)}
    assert result.transfers == (Transfer("Anna", "Ben", 30),)
    hosted = settle(table.state, [], host="Cleo")
    assert hosted.transfers == (Transfer("Anna", "Cleo", 30), Transfer("Cleo", "Ben", 30))
    with pytest.raises(Refusal):
        settle(table.state, [], host="Zed")


@pytest.mark.parametrize(("iban", "pays"), [
    ("DE89370400440532013000", True), ("NL91ABNA0417164300", True),
    ("GB82WEST12345698765432", False), ("CH9300762011623852957", False),
    ("BR1800360305000010009795493C1", False)])
def test_a_girocode_without_a_bic_pays_only_inside_the_eea(iban: str, pays: bool) -> None:
    from engine.payments import girocode_pays

    assert girocode_pays(normalize_iban(iban)) is pays


def test_the_settlement_lists_each_games_sips_in_seat_order() -> None:
    table = schlag_night()  # in the third game Dan drank before Cleo; Cleo sits first
    result = settle(table.state, table.events)
    assert [list(game.drunk) for game in result.games] == [["Ben", "Anna"], ["Cleo", "Dan"]]
    assert [list(game.caused) for game in result.games] == [["Ben", "Cleo", "Dan"],
                                                            ["Ben", "Cleo"]]
