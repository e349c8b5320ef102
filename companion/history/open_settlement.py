"""Everything still open: the balances of the nights that ended carried over, added up per
player (names one regardless of case, and the group's merged renames one), paid with the
fewest transfers, each with its GiroCode where the payee gave an IBAN. `settle --open`
prints it; `--paid` marks each of those nights paid, an action in its log like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.history.records import NightRecord
from companion.words.i18n import Words
from engine.commands import Paid
from engine.payments import EPC_AMOUNT_MAX, epc_payload, girocode_pays, grouped
from engine.rejection import Rejection
from engine.settlement import Transfer, fewest_transfers, money
from engine.text import name_key
from events.session import NightSession


@dataclass(frozen=True, slots=True)
class Counted:
    """The keys of a sentence about nights: its words for one night, and for several."""

    one: str
    many: str


NIGHTS = Counted("open.nights.one", "open.nights")  # where the open balances come from
BROKEN = Counted("open.broken.one", "open.broken")  # whose logs do not verify
PAID = Counted("open.paid.one", "open.paid")  # marked paid
MARK_PAID = Counted("confirm.mark_paid.one", "confirm.mark_paid")  # the question before


class MixedCurrencies(Exception):
    """Carried nights in different currencies cannot be paid with one set of transfers."""


@dataclass(frozen=True, slots=True)
class OpenSettlement:
    nights: tuple[int, ...]  # the carried nights not yet paid, oldest first
    currency: str | None
    balances: dict[str, int]  # cents, + owed to the player, − owed by the player
    accounts: dict[str, tuple[str, str | None]]  # name → (IBAN, account holder), the latest
    transfers: tuple[Transfer, ...]
    # Nights whose log does not verify: what they carried is counted as far as it reads.
    broken: tuple[int, ...] = ()

    def epc(self, transfer: Transfer) -> str | None:
        """The GiroCode payload of a transfer, when the payee gave an IBAN and it is euros."""
        account = self.accounts.get(transfer.payee)
        if (account is None or not girocode_pays(account[0]) or self.currency != "EUR"
                or transfer.amount > EPC_AMOUNT_MAX):
            return None
        return epc_payload(account[1] or transfer.payee, account[0], transfer.amount,
                           f"Open balances: {transfer.payer}")


def open_settlement(records: list[NightRecord],
                    aliases: Mapping[str, str] | None = None) -> OpenSettlement:
    """The open balances of `records` (every night, oldest first), each name in `aliases`
    (old → new, the group's merged renames) counted as its new one."""
    merged = {name_key(old): new for old, new in (aliases or {}).items()}
    carried = [r for r in records if r.carried and not r.paid]
    currencies = {r.currency for r in carried}
    if len(currencies) > 1:
        raise MixedCurrencies(
            "The carried nights are in different currencies (" + ", ".join(
                sorted(c or "none" for c in currencies)) + "): settle them apart, with "
            "--night N.")
    spelling: dict[str, str] = {}
    balances: dict[str, int] = {}
    for record in carried:
        for p in record.players:
            person = merged.get(name_key(p.name), p.name)
            name = spelling.setdefault(name_key(person), person)
            balances[name] = balances.get(name, 0) + (p.balance or 0)
    accounts: dict[str, tuple[str, str | None]] = {}
    for record in records:  # the latest bank details a player gave, in any night
        for p in record.players:
            known = spelling.get(name_key(merged.get(name_key(p.name), p.name)))
            if known is not None and p.iban:
                accounts[known] = (p.iban, p.account_name)
    balances = dict(sorted(balances.items(), key=lambda item: -item[1]))  # owed most first
    owing = {name: cents for name, cents in balances.items() if cents}
    return OpenSettlement(tuple(r.night for r in carried), currencies.pop() if currencies
                          else None, balances, accounts, tuple(fewest_transfers(owing)),
                          tuple(r.night for r in records if r.broken is not None))


def carried_from(s: OpenSettlement, words: Words) -> str:
    """Which nights the open balances come from, in words, and which nights' logs do not
    verify (what those carried is counted as far as it reads)."""
    said = nights_said(words, NIGHTS, s.nights)
    warning = broken_said(s, words)
    return f"{said} · {warning}" if warning else said


def nights_said(words: Words, keys: Counted, nights: tuple[int, ...]) -> str:
    """The sentence of `keys` about `nights`, in its own words for one night."""
    return words(keys.one if len(nights) == 1 else keys.many,
                 nights=", ".join(map(str, nights)))


def broken_said(s: OpenSettlement, words: Words) -> str | None:
    """Which nights' logs do not verify, in words, or None when every one does."""
    return nights_said(words, BROKEN, s.broken) if s.broken else None


def open_json(s: OpenSettlement) -> dict[str, Any]:
    return {"nights": list(s.nights), "broken_nights": list(s.broken), "currency": s.currency,
            "players": {name: {"balance": money(cents),
                               "iban": grouped(s.accounts[name][0]) if name in s.accounts
                               else None}
                        for name, cents in s.balances.items()},
            "transfers": [{"from": t.payer, "to": t.payee, "amount": money(t.amount),
                           "epc": s.epc(t)} for t in s.transfers]}


def mark_paid(db: Path, nights: tuple[int, ...], session: NightSession | None = None
              ) -> str | None:
    """Record each of `nights` as paid (a `paid` action in its log); `session`, when given,
    is a window's own session, used for its night (it holds that night's lock). Stops at
    the first night that refuses, and says which and why."""
    for night in nights:
        own = session if session is not None and session.night == night else None
        writer = own or NightSession.open(db, night, write=True)
        try:
            done = writer.execute(Paid())
        finally:
            if own is None:
                writer.close()
        if isinstance(done, Rejection):
            return f"Night {night}: {done.reason}"
    return None
