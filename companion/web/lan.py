"""Where the players' view listens: the address of this laptop on the network its default
route leads to (the one the players' phones are on), found without sending anything."""

from __future__ import annotations

import ipaddress
import os
import socket

from companion.web.port import DEFAULT_PORT as DEFAULT_PORT  # its home; named here too
from engine.text import quoted

LOOPBACK = "127.0.0.1"
# An address of the documentation range (TEST-NET-1): connecting a UDP socket to it only
# asks the kernel which route and source address it would take; no packet leaves.
_PROBE = ("192.0.2.1", 9)


class PortTaken(Exception):
    """The address or port cannot be listened on, as one sentence."""


def default_host() -> str:
    """$COMPANION_SERVE_HOST if set, else the address the default route leaves from; the
    loopback address (this machine only) where there is no network."""
    chosen = os.environ.get("COMPANION_SERVE_HOST")
    if chosen:
        return chosen
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_PROBE)
        address = str(probe.getsockname()[0])
    except OSError:  # no route at all
        return LOOPBACK
    finally:
        probe.close()
    return address if address != "0.0.0.0" else LOOPBACK


def listening_address(host: str) -> str:
    """`host` as the address to listen on: an IP address as written (IPv4 or IPv6, with its
    zone where it has one); PortTaken, in one sentence, for anything else. A name is never
    looked up: it would be asked of the network's name server, and "0" or "<broadcast>"
    would not mean this machine's address at all."""
    try:
        return str(ipaddress.ip_address(host.strip()))
    except ValueError:
        raise PortTaken(f"--host takes an address of this machine, like 192.168.1.20 or "
                        f"127.0.0.1 (names are not looked up), not {quoted(host)}.") from None


def token() -> str:
    """A fresh secret for the players' address: 80 random bits in capitals and digits, so
    the whole address fits QR's dense alphanumeric mode (see `for_code`)."""
    import base64
    import secrets

    return base64.b32encode(secrets.token_bytes(10)).decode("ascii").rstrip("=")


def for_code(address: str) -> str:
    """The address as its QR code carries it: in capitals (scheme and host are the same in
    any case, the token is capitals already), which QR writes at 5.5 bits a letter instead
    of 8: a smaller code that a phone reads from further away."""
    return address.upper()
