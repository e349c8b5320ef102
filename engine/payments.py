"""Bank details for the settlement: the IBAN check (ISO 13616, mod 97) and the EPC QR
payload (the European Payments Council's "GiroCode", EPC069-12, version 002).
"""

from __future__ import annotations

import string

from engine.rejection import Refusal

# The length of an IBAN in each country of the ISO 13616 registry that uses one.
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22,
    "BH": 22, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22,
    "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27,
    "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28,
    "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
    "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
    "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24,
    "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SC": 31,
    "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24,
    "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}
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
    """The IBAN without spaces, in capitals, once its country, length and check digits are
    right; refused with what is wrong."""
    iban = "".join(text.split()).upper()
    shown = text.strip()
    if not iban or any(c not in string.ascii_uppercase + string.digits for c in iban):
        raise Refusal(f"{shown!r} is no IBAN: letters and digits only, like "
                      "DE89 3704 0044 0532 0130 00.", "iban.characters", iban=shown)
    country = iban[:2]
    if country not in IBAN_LENGTHS or not iban[2:4].isdigit():
        raise Refusal(f"{shown!r} is no IBAN: it starts with a country code and two check "
                      "digits, like DE89.", "iban.country", iban=shown)
    if len(iban) != IBAN_LENGTHS[country]:
        raise Refusal(f"An IBAN from {country} has {IBAN_LENGTHS[country]} characters; "
                      f"{shown!r} has {len(iban)}.", "iban.length", iban=shown,
                      country=country, length=IBAN_LENGTHS[country], given=len(iban))
    if _mod97(iban) != 1 or not 2 <= int(iban[2:4]) <= 98:  # 00, 01, 99 are never issued
        raise Refusal(f"The check digits of {shown!r} do not match: a character is mistyped.",
                      "iban.checksum", iban=shown)
    return iban


def _mod97(iban: str) -> int:
    # ISO 7064: move the first four characters to the end, letters become 10-35.
    rearranged = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97


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
