"""`companion verify` and `companion import`: the log of every night, checked, and a night
added from an export, through the nights of the database (companion/nights.py)."""

from __future__ import annotations

from pathlib import Path

from companion.cli.common import Refused
from companion.cli.night import lines_of
from companion.nights import ImportRefused, Nights
from engine import limits
from engine.text import quoted
from events.codec import parse_fingerprint
from events.lines import LineTooLong

BROKEN = 1


def verify(db: Path, night: int | None) -> int:
    nights = Nights.open(db)
    try:
        ids = [night] if night is not None else nights.ids()
        if night is not None and night not in nights.ids():
            raise Refused(f"There is no night {night} in {db}.")
        broken = False
        for n in ids:
            count, problem = nights.check(n)
            if problem:
                print(f"night {n}: BROKEN at {problem}.")
                broken = True
            else:
                print(f"night {n}: {count} rows, hash chain intact, fingerprint "
                      f"{nights.fingerprint(n)}")
        if not ids:
            print(f"{db} holds no nights yet.")
    finally:
        nights.close()
    return BROKEN if broken else 0


def verify_fingerprint(db: Path, night: int | None, text: str) -> int:
    """Whether a night still holds everything a fingerprint covers (exit 1 when not)."""
    wanted = parse_fingerprint(text)
    if wanted is None or wanted[0] > limits.MOST_ACTIONS:
        raise Refused(f"{quoted(text)} is no fingerprint: one looks like 57-3fa09c2d11e4b870 (the "
                      "action count, a dash and 16 digits), as the receipt and an export "
                      "end with.")
    actions, digits = wanted
    nights = Nights.open(db)
    try:
        if night is not None and night not in nights.ids():
            raise Refused(f"There is no night {night} in {db}.")
        candidates = [night] if night is not None else nights.ids()
        broken: tuple[int, str] | None = None  # the first night that ends so, but broken
        for n in candidates:
            head = nights.head_at(n, actions)
            if head is None or not head.startswith(digits):
                continue
            _, problem = nights.check(n)
            if problem:
                # Rows copied from the receipt's night into another end there too: the
                # receipt's night may still come, whole.
                broken = broken or (n, problem)
                continue
            added = nights.last_action(n) - actions
            print(f"night {n} holds everything fingerprint {text} covers: {actions} "
                  f"actions, chain intact" + (f"; {added} action{'s' * (added != 1)} "
                                              "added since" if added else "") + ".")
            return 0
        if broken is not None:
            print(f"night {broken[0]}: BROKEN at {broken[1]}.")
            return BROKEN
        if night is not None:
            last = nights.last_action(night)
            why = (f"it has {last} actions and the fingerprint covers {actions}: the last "
                   f"{actions - last} are missing" if last < actions
                   else f"its action {actions} is not the one the fingerprint covers: the "
                        "log was changed")
            print(f"night {night} no longer ends where {text} says: {why}.")
        else:
            print(f"No night in {db} holds what {text} covers ({actions} actions): the night "
                  "was cut short or changed, or it is in another database.")
        return BROKEN
    finally:
        nights.close()


def import_file(db: Path, file: str) -> int:
    with lines_of(file) as numbered:
        nights = Nights.open(db, create=True)
        try:
            night = nights.import_night(numbered)  # read as it goes, never held whole
        except (ImportRefused, LineTooLong) as refusal:
            raise Refused(f"Import refused: {refusal}") from None
        finally:
            nights.close()
    print(f"imported as night {night}")
    return 0
