"""Bank details for the settlement: the IBAN check (ISO 13616: each country's length and
layout from the registry as the schwifty library keeps it, then mod 97) and the EPC QR
payload (the European Payments Council's "GiroCode", EPC069-12, version 002).
"""

from __future__ import annotations

import re
import string

from engine.rejection import Refusal
from engine.text import quoted

EPC_NAME_MAX, EPC_TEXT_MAX, EPC_AMOUNT_MAX = 70, 140, 99_999_999_999  # cents
EPC_BYTES_MAX = 331  # the whole payload, UTF-8: a QR code of version 13 at most
# Where a GiroCode without a BIC pays: the SEPA countries of the EEA (version 002 leaves the
# BIC out only inside the EEA).
GIROCODE_COUNTRIES = frozenset({
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR",
    "HR", "HU", "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO",
    "PL", "PT", "RO", "SE", "SI", "SK",
})


def normalize_iban(text: str) -> str:
    """The IBAN without spaces, in capitals, once its country, length, layout and check
    digits are right; refused with what is wrong."""
    # Imported here: schwifty reads its registry on first use, and the table screen starts
    # without needing it.
    from schwifty import IBAN
    from schwifty.exceptions import (
        InvalidChecksumDigits,
        InvalidCountryCode,
        InvalidLength,
        InvalidStructure,
    )

    iban = "".join(text.split()).upper()
    shown = quoted(text.strip())
    if not iban or any(c not in string.ascii_uppercase + string.digits for c in iban):
        raise Refusal(f"{shown} is no IBAN: letters and digits only, like "
                      "DE89 3704 0044 0532 0130 00.", "iban.characters", iban=shown)
    country = iban[:2]
    candidate = IBAN(iban, allow_invalid=True)
    try:
        spec = candidate.spec
    except InvalidCountryCode:
        spec = None
    if spec is None or not iban[2:4].isdigit():
        raise Refusal(f"{shown} is no IBAN: it starts with a country code and two check "
                      "digits, like DE89.", "iban.country", iban=shown)
    try:
        candidate.validate()
    except InvalidLength:
        raise Refusal(f"An IBAN from {country} has {spec.iban_length} characters; "
                      f"{shown} has {len(iban)}.", "iban.length", iban=shown,
                      country=country, length=spec.iban_length, given=len(iban)) from None
    except InvalidChecksumDigits:
        raise Refusal(f"The check digits of {shown} do not match: a character is mistyped.",
                      "iban.checksum", iban=shown) from None
    except InvalidStructure:  # the account part does not follow the country's layout
        raise Refusal(f"{shown} does not fit the layout of an IBAN from {country}: after "
                      f"the check digits come {layout(spec.bban_spec)}.", "iban.layout",
                      iban=shown, country=country) from None
    return iban


# The registry's letters for a run of characters: (one, several).
KINDS = {"n": ("digit", "digits"), "a": ("capital letter", "capital letters"),
         "c": ("letter or digit", "letters or digits"), "e": ("space", "spaces")}


def layout(bban_spec: str) -> str:
    """The registry's layout of a country's account part ("4!a6!n8!n") in words:
    "4 capital letters, then 14 digits"."""
    runs: list[tuple[int, str]] = []
    for count, kind in re.findall(r"(\d+)!?([nace])", bban_spec):
        if runs and runs[-1][1] == kind:
            runs[-1] = (runs[-1][0] + int(count), kind)
        else:
            runs.append((int(count), kind))
    return ", then ".join(f"{count} {KINDS[kind][count != 1]}" for count, kind in runs)


def grouped(iban: str) -> str:
    """An IBAN in groups of four, as people read it aloud."""
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def epc_amount(cents: int) -> str:
    """`EUR12.3` for 1230 cents: EPC amounts carry no trailing zeros."""
    euros, rest = divmod(cents, 100)
    return f"EUR{euros}" + (f".{rest:02d}".rstrip("0") if rest else "")


def epc_payload(name: str, iban: str, cents: int, text: str) -> str:
    """The text of a GiroCode for a SEPA credit transfer of `cents` euro cents to `name`'s
    `iban`: version 002, UTF-8, no BIC (allowed inside the EEA), a remittance text."""
    if not 1 <= cents <= EPC_AMOUNT_MAX:
        raise ValueError(f"an EPC transfer is 0.01 to 999999999.99 euros, not {cents} cents")
    head = ["BCD", "002", "1", "SCT", "", _fit(name, EPC_NAME_MAX), normalize_iban(iban),
            epc_amount(cents), "", ""]
    remittance = _fit(text, EPC_TEXT_MAX)
    # Letters beyond ASCII take more than one byte: shorten the text, then the name.
    while len("\n".join([*head, remittance]).encode("utf-8")) > EPC_BYTES_MAX:
        if remittance:
            remittance = remittance[:-1]
        else:
            head[5] = head[5][:-1]
    lines = [*head, remittance.rstrip()]
    while not lines[-1]:  # the payload ends with its last element that has a value
        lines.pop()
    return "\n".join(lines)


def girocode_pays(iban: str) -> bool:
    """Whether a GiroCode without a BIC can pay to this IBAN."""
    return iban[:2] in GIROCODE_COUNTRIES


def _fit(text: str, limit: int) -> str:
    # One line each: a line break would shift every later field.
    return " ".join(text.split())[:limit]
