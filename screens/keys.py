"""Keystrokes to commands: what the dealer types is read by what the engine expects.

A card takes its rank key (`2`-`9`, `0`/`t` or `1 0` for ten, `j`/`b`, `q`/`d`, `k`, `a`)
and then its suit key (`c d h s`), and is sent at the suit; Enter after the rank sends the
rank alone. Where the game ignores suits the rank alone is the whole card and is sent at
once. A bet is digits and Enter; `p` passes; `l` declares a low ace and `s` splits a pair
where the game offers it. In Casino Red Dog `r`, a raiser's number and an amount (or Enter
for the whole ante) raise, and `n` passes the bank between hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RANK_KEYS = set("23456789tjbqdka0")
SUIT_KEYS = set("cdhs")


@dataclass
class KeyEntry:
    """What has been typed so far for the expected input."""

    buffer: str = ""
    unused: str | None = None  # the last key, when it did nothing

    def clear(self) -> None:
        self.buffer = ""
        self.unused = None

    def feed(self, key: str, expect: dict[str, Any]) -> dict[str, Any] | None:
        """Take one key; the command once the entry is whole, else None. `unused` is the
        key when it did nothing, so the screen can say what fits instead."""
        before = self.buffer
        command = self._take(key, expect)
        quiet = key in ("escape", "backspace") or (key == "enter" and not before)
        self.unused = None if command is not None or self.buffer != before or quiet else key
        return command

    def waiting_for_suit(self, expect: dict[str, Any]) -> bool:
        """Whether a rank is typed and its suit comes next (Enter may take the rank alone)."""
        kind, typed = expect.get("kind"), self.buffer
        if kind == "guess":
            suits = expect.get("suits") and (typed.startswith("=") or expect.get("try") == 1)
            typed = typed.removeprefix("=")
        elif kind == "show":
            suits, typed = True, typed.rsplit(" ", 1)[-1]
        else:
            suits = kind == "card" and expect.get("suits", True) and not typed.startswith("r")
        return bool(suits) and typed not in ("", "1")

    def _take(self, key: str, expect: dict[str, Any]) -> dict[str, Any] | None:
        kind = expect.get("kind")
        if key == "escape":  # drops whatever is half-typed, a raise too
            self.buffer = ""
            return None
        if key == "backspace":
            # A raise's player number and its colon go together, so do a suit and the space
            # after it.
            if self.buffer.startswith("r") and self.buffer.endswith(":"):
                self.buffer = "r"
            else:
                self.buffer = self.buffer.rstrip(" ")[:-1] if self.buffer.endswith(
                    " ") else self.buffer[:-1]
            return None
        if kind == "card" and key == "l" and not self.buffer and "low_ace" in expect.get(
                "declare", ()):
            return self._send({"cmd": "declare", "choice": "low_ace"})
        if kind == "bet" and key == "s" and not self.buffer and "split" in expect.get(
                "declare", ()):
            return self._send({"cmd": "declare", "choice": "split"})
        if (kind == "card" and self.buffer.startswith("r")) or (
                kind == "card" and key == "r" and not self.buffer and expect.get("raise")):
            return self._raise(key, expect)
        if key == "n" and not self.buffer and expect.get("next_dealer"):
            return self._send({"cmd": "next_dealer"})
        if kind == "card" and key in ("p", "P") and not self.buffer and expect.get("pass"):
            return self._send({"cmd": "pass"})
        if kind == "card":
            return self._card(key, suits=expect.get("suits", True))
        if kind == "show":
            return self._show(key)
        if kind == "guess":
            return self._guess(key, expect)
        if kind == "next_dealer" and key.isdigit() and not self.buffer:
            choices = expect.get("choices", [])
            if 1 <= int(key) <= len(choices):
                return self._send({"cmd": "next_dealer", "player": choices[int(key) - 1]})
            return None
        if kind == "declare" and not self.buffer:
            choice = {"k": "keep_pot", "a": "deal_again"}.get(key.lower())
            if choice in expect.get("choices", ()):
                return self._send({"cmd": "declare", "choice": choice})
            return None
        if kind == "bet":
            return self._bet(key, expect)
        return None

    def _card(self, key: str, suits: bool, prefix: str = "") -> dict[str, Any] | None:
        """A card as rank key then suit key; `prefix` is typed before it and not part of it."""
        key = key.lower()
        typed = self.buffer[len(prefix):]
        if key == "enter":
            if typed and typed != "1":
                return self._send({"cmd": "card", "card": typed})
            return None
        if not typed:
            if key in RANK_KEYS or key == "1":
                self.buffer = prefix + key
                if not suits and key != "1":
                    return self._send({"cmd": "card", "card": key})
            return None
        if typed == "1":
            self.buffer = prefix + ("10" if key == "0" else "")  # only a ten starts with 1
            if self.buffer != prefix and not suits:
                return self._send({"cmd": "card", "card": "10"})
            return None
        if key in SUIT_KEYS:
            return self._send({"cmd": "card", "card": typed + key})
        return None

    def _raise(self, key: str, expect: dict[str, Any]) -> dict[str, Any] | None:
        """`r`, the raiser's number (1-9, as shown at the seats: the place in the hand, which
        a raise does not change), digits, Enter; Enter right after the number raises the most
        allowed. A number whose player cannot raise is sent all the same, so the rules say
        why not."""
        raisers = list(expect.get("in_hand") or expect.get("raise") or {})
        if not self.buffer:
            self.buffer = "r"
            return None
        if self.buffer == "r":
            if key.isdigit() and 1 <= int(key) <= len(raisers):
                self.buffer += key + ":"
            return None
        player = raisers[int(self.buffer[1]) - 1]
        typed = self.buffer[3:]
        if key.isdigit() and len(key) == 1 and len(typed) < 4:
            self.buffer += key
        elif key == "enter":
            amount = int(typed) if typed else expect["raise"].get(player, 1)
            return self._send({"cmd": "raise", "player": player, "amount": amount})
        return None

    def raising(self, expect: dict[str, Any]) -> tuple[str, str] | None:
        """While a raise is typed: the raiser and the amount typed so far."""
        raisers = list(expect.get("in_hand") or expect.get("raise") or {})
        if self.buffer.startswith("r") and len(self.buffer) >= 3 and raisers:
            index = int(self.buffer[1]) - 1
            if index < len(raisers):
                return raisers[index], self.buffer[3:]
        return None

    def _show(self, key: str) -> dict[str, Any] | None:
        """Red Dog: cards as rank then suit, one after another (a space goes in after each
        suit by itself); Enter shows them. `d` is a queen where a rank comes and diamonds
        where a suit does."""
        key = key.lower()
        if key == "enter":
            if self.buffer.endswith(" ") and self.buffer.strip():
                return self._send({"cmd": "show", "cards": self.buffer.split()})
            return None
        wants_rank = not self.buffer or self.buffer.endswith(" ")
        if wants_rank and (key in RANK_KEYS or key == "1"):
            self.buffer += key
        elif self.buffer.endswith("1") and not wants_rank:
            if key == "0":
                self.buffer += "0"
        elif not wants_rank and key in SUIT_KEYS:
            self.buffer += key + " "
        return None

    def _guess(self, key: str, expect: dict[str, Any]) -> dict[str, Any] | None:
        """Schlag den Dealer: a value is its rank key (`a` is the ace, `1 0` or `0` ten) and
        is sent at once; `=` first enters the dealer's card instead (kept hidden)."""
        if self.buffer.startswith("="):
            command = self._card(key, suits=expect.get("suits", False), prefix="=")
            return command
        if key == "=" and not self.buffer and not expect.get("card_in"):
            self.buffer = "="
            return None
        wants_suit = expect.get("suits") and expect.get("try") == 1
        command = self._card(key, suits=bool(wants_suit))
        if command is None:
            return None
        value = command["card"]
        return {"cmd": "guess", "value": "10" + value[1:] if value[:1] in ("0", "t") else value}

    def _bet(self, key: str, expect: dict[str, Any]) -> dict[str, Any] | None:
        if key in ("p", "P") and not self.buffer and expect.get("pass"):
            return self._send({"cmd": "pass"})
        if key.isdigit() and len(key) == 1 and len(self.buffer) < 6:
            self.buffer += key
            return None
        if key == "enter" and self.buffer:
            return self._send({"cmd": "bet", "amount": int(self.buffer)})
        return None

    def _send(self, command: dict[str, Any]) -> dict[str, Any]:
        self.buffer = ""
        return command
