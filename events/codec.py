"""Log rows: canonical JSON and the hash chain that links each row to the one before.

hash = sha256(prev_hash + canonical JSON of the row's action, type, version, payload and
created_at). The night id and the row's seq are left out on purpose: an exported night can
be imported into another database under a new id and still verify.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from hashlib import sha256 as _sha256
from typing import Any

import msgspec

GENESIS = "0" * 64
MAX_INTEGER = 2**63 - 1  # what an SQLite integer holds


# Byte for byte what json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
# writes, at a fraction of the cost on the path of every dealer action.
_CANONICAL = msgspec.json.Encoder(order="sorted")


def canonical_json(value: Any) -> str:
    """One spelling of a JSON value: sorted keys, no spaces, UTF-8 kept as is."""
    return _CANONICAL.encode(value).decode()


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a night's log, as stored and as exported."""

    action: int
    type: str
    version: int
    payload: str  # canonical JSON
    created_at: str
    prev_hash: str
    hash: str

    def to_export(self) -> dict[str, Any]:
        return {"action": self.action, "type": self.type, "version": self.version,
                "payload": json.loads(self.payload), "created_at": self.created_at,
                "prev_hash": self.prev_hash, "hash": self.hash}


class _Hashed(msgspec.Struct):
    """What a row's hash covers, its fields in sorted order: encoded with sorted keys it is
    byte for byte the canonical JSON of the same object as a dict, whatever the values."""

    action: Any
    created_at: Any
    payload: Any
    type: Any
    version: Any


def row_hash(prev_hash: str, action: int, type_: str, version: int, payload: str,
             created_at: str) -> str:
    """The hash a row must carry, given the hash of the row before it."""
    # Every open hashes every row: no dict to sort and no text decoded only to be encoded
    # again (UTF-8 of prev_hash + body is the UTF-8 of each, joined).
    body = _CANONICAL.encode(_Hashed(action, created_at, payload, type_, version))
    return _sha256(str.encode(prev_hash) + body).hexdigest()


def chain_rows(prev_hash: str, action: int, created_at: str,
               records: list[tuple[str, int, Any]]) -> list[Row]:
    """Rows for one action's records (payloads as canonical JSON text, or as values to
    encode), each linked to the one before."""
    rows = []
    for type_, version, payload in records:
        text = payload if isinstance(payload, str) else canonical_json(payload)
        digest = row_hash(prev_hash, action, type_, version, text, created_at)
        rows.append(Row(action, type_, version, text, created_at, prev_hash, digest))
        prev_hash = digest
    return rows


def broken_link(prev_hash: str, row: Row) -> str | None:
    """Why `row` does not follow a row hashed `prev_hash`, or None when it does."""
    if row.prev_hash != prev_hash:
        return "its prev_hash does not match the hash of the row before it"
    if row.hash != row_hash(prev_hash, row.action, row.type, row.version, row.payload,
                            row.created_at):
        return "its hash does not match its contents (the row was changed)"
    return None


FINGERPRINT_DIGITS = 16  # of the head's hash: 64 bits, enough to tell two nights apart


def fingerprint(actions: int, head: str) -> str:
    """What a night ends with, short enough for paper: its action count and the first digits
    of its chain head, e.g. `57-3fa09c2d11e4b870`."""
    return f"{actions}-{head[:FINGERPRINT_DIGITS]}"


def parse_fingerprint(text: str) -> tuple[int, str] | None:
    """(action count, head digits) of a fingerprint as printed (spaces and case forgiven),
    or None when `text` is none."""
    cleaned = "".join(text.split()).lower()
    count, _, digits = cleaned.partition("-")
    if not count.isdigit() or len(count) > len(str(MAX_INTEGER)) or int(count) > MAX_INTEGER \
            or len(digits) != FINGERPRINT_DIGITS or any(ch not in "0123456789abcdef"
                                                        for ch in digits):
        return None
    return int(count), digits
