"""Realistic In-Between nights, generated valid by asking the engine what comes next.

`Dealer` plays the dealer's part: it reads `engine.night.expect(state)` and answers with
the command a dealer would type there — a card not yet out since the last shuffle, a bet
within the limits (bigger on a wide spread) or a pass — and between rounds now and then a
rebuy, someone leaving or coming back, or a fresh game. With `mistakes`, now and then an
undo (a mis-entry taken back and typed again), an undo+redo pair, or a correction of the
card just entered. Everything is seeded, so a night is reproducible.

`build_night` writes such a night into a database file through `NightSession.execute`,
the same path the app uses, with `PRAGMA synchronous=OFF` on the session's connection
while building (the fsync per action is what makes building slow; the rows are the same).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from engine import night as night_rules
from engine.cards import RANK_NAMES, SUITS
from engine.commands import PlayCard
from engine.contract import parse
from engine.games.in_between import GAME as IN_BETWEEN
from engine.rejection import Rejection
from events.history import TAKEN
from events.session import NightSession

# Bump when the generator changes in a way that changes the nights it writes.
BUILD_VERSION = 1
SEED = 20241129
PLAYERS = ["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"]
START_CHIPS = 200
OPTIONS = {"stake": 20, "rounds": 3}

ALL_CARDS = tuple(RANK_NAMES[rank] + suit for rank in RANK_NAMES for suit in SUITS)
ROOT = Path(__file__).resolve().parent.parent


class Dealer:
    """Types the next valid command for a night state, like a dealer at the table."""

    def __init__(self, seed: int = SEED, *, mistakes: bool = True) -> None:
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        self.pending: list[dict[str, Any]] = []  # commands already decided on (e.g. after undo)

    def _card(self, state: Any, *, avoid: tuple[str, ...] = ()) -> str:
        out = {str(card) for card in state.game.deck.cards}
        unseen = [c for c in ALL_CARDS if c not in out and c not in avoid]
        return self.rng.choice(unseen)

    def _bet(self, state: Any, info: dict[str, Any]) -> dict[str, Any]:
        limit = info["max"]
        hand = state.game.hand
        low, high = sorted(card.rank for card in hand[:2])
        between = high - low - 1  # ranks that win
        if limit <= 0 or between <= 0 or (between < 5 and self.rng.random() < 0.85):
            return {"cmd": "pass"} if self.rng.random() < 0.5 else {"cmd": "bet", "amount": 0}
        share = min(1.0, between / 11) * self.rng.uniform(0.2, 1.0)
        amount = max(1, min(limit, round(limit * share)))
        return {"cmd": "bet", "amount": amount}

    def next_command(self, session: NightSession) -> dict[str, Any]:
        """The next command for the night open in `session` (never a rejected one)."""
        if self.pending:
            return self.pending.pop(0)
        state = session.state
        info = night_rules.expect(state)
        kind = info["kind"]
        if kind == "start_night":
            return {"cmd": "start_night", "players": PLAYERS, "chips": START_CHIPS,
                    "chip_value": "0.10", "currency": "EUR", "name": "Benchmark night"}
        if kind == "start_game":
            broke = [p.name for p in state.present if p.chips <= 0]
            if broke:
                return {"cmd": "rebuy", "player": broke[0], "chips": START_CHIPS}
            dealer = "draw" if self.rng.random() < 0.5 else self.rng.choice(
                [p.name for p in state.present])
            return {"cmd": "start_game", "game": IN_BETWEEN.id, "dealer": dealer,
                    "options": OPTIONS}
        if kind in ("end_game", "none"):
            return {"cmd": "end_game"}
        if self.mistakes and len(session.history.entries) > 2:
            mistake = self._mistake(session, info)
            if mistake is not None:
                return mistake
        if kind == "card":
            command: dict[str, Any] = {"cmd": "card", "card": self._card(state)}
        elif kind == "bet":
            command = self._bet(state, info)
        else:  # pragma: no cover - In-Between asks for nothing else
            raise RuntimeError(f"the dealer does not know how to answer {info}")
        if self.rng.random() < 0.1:  # some dealers name the player as a check
            command["player"] = info["player"]
        if kind == "card" and info.get("slot") == "first" and not state.game.first_cards:
            between = self._between_rounds(state, command)
            if between is not None:
                return between
        return command

    def _between_rounds(self, state: Any, command: dict[str, Any]) -> dict[str, Any] | None:
        """At the start of a round: top-ups, someone leaving or coming back, a new game."""
        roll = self.rng.random()
        game = state.game
        if roll < 0.05:
            short = [p.name for p in state.present if p.chips < 20]
            if short:
                self.pending.append(command)
                return {"cmd": "rebuy", "player": short[0], "chips": START_CHIPS // 2}
        elif roll < 0.07:
            gone = [p.name for p in state.players if not p.present]
            if gone:
                self.pending.append(command)
                return {"cmd": "join", "player": gone[0], "chips": START_CHIPS // 2}
            if len(state.present) > 3:
                leaving = self.rng.choice([p.name for p in state.present
                                           if p.name != game.dealer])
                return {"cmd": "leave", "player": leaving}  # the round is dealt afresh
        elif roll < 0.10 and game.round == 1:
            return {"cmd": "end_game"}  # the table wants a fresh game with a new dealer
        return None

    def _mistake(self, session: NightSession, info: dict[str, Any]) -> dict[str, Any] | None:
        """Now and then: undo a typo and type it again, undo+redo, or correct the last card."""
        roll = self.rng.random()
        last_record = session.history.records[-1]
        if roll < 0.006:
            return {"cmd": "undo"}  # the next command decides afresh
        if roll < 0.009:
            self.pending.append({"cmd": "redo"})
            return {"cmd": "undo"}
        if (roll < 0.012 and last_record.kind == TAKEN and last_record.command is not None
                and isinstance(last_record.command, PlayCard)):
            entries = session.history.entries
            before = entries[-2].state
            replacement = self._card(before, avoid=(last_record.command.card,))
            return {"cmd": "correct", "action": last_record.action,
                    "command": {"cmd": "card", "card": replacement}}
        return None


def execute_valid(session: NightSession, dealer: Dealer) -> Any:
    """Execute the dealer's next command; a rejected correction is replaced by a new command."""
    for _ in range(10):
        command = dealer.next_command(session)
        done = session.execute(parse(command))
        if not isinstance(done, Rejection):
            return done
        if command.get("cmd") != "correct":
            raise RuntimeError(f"the generator produced a rejected command {command}: "
                               f"{done.reason}")
    raise RuntimeError("the generator could not find a valid command")


def fingerprint() -> str:
    """Changes when the generator or the code that writes and reads the rows changes."""
    digest = hashlib.sha256(f"{BUILD_VERSION}:{SEED}:{PLAYERS}:{START_CHIPS}:{OPTIONS}".encode())
    for folder in ("engine", "events"):  # the game packages under engine/games/ too
        for path in sorted((ROOT / folder).rglob("*.py")):
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    for part in (Dealer, execute_valid, build_night):  # not the caching code below
        digest.update(inspect.getsource(part).encode())
    return digest.hexdigest()[:12]


def count_rows(session: NightSession) -> int:
    (count,) = session.store.conn.execute(
        "SELECT COUNT(*) FROM events WHERE night = ?", (session.night,)).fetchone()
    return int(count)


def build_night(path: Path, target_rows: int, *, progress: bool = True) -> dict[str, Any]:
    """Write a night of at least `target_rows` rows (events + log records) to `path`."""
    if path.exists():
        path.unlink()
    session = NightSession.open(path, write=True)
    session.store.conn.execute("PRAGMA synchronous = OFF")  # building only
    dealer = Dealer()
    started = time.perf_counter()
    rows = 0
    actions = 0
    try:
        while rows < target_rows:
            execute_valid(session, dealer)
            actions += 1
            if actions % 500 == 0:
                rows = count_rows(session)
                if progress and sys.stderr.isatty():
                    print(f"\r  building the night: {rows:>7,} / {target_rows:,} rows",
                          end="", file=sys.stderr, flush=True)
        # Finish where the night stands: a turn half done, as at a real table mid-game.
        rows = count_rows(session)
        night = session.night
        session.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        session.close()
    if progress:
        print(f"\r  built the night: {rows:,} rows, {actions:,} actions in "
              f"{time.perf_counter() - started:.1f} s", file=sys.stderr)
    return {"rows": rows, "actions": actions, "night": night}


def cached_night(cache_dir: Path, target_rows: int, *, rebuild: bool = False
                 ) -> tuple[Path, dict[str, Any]]:
    """The database file holding the benchmark night, built once per fingerprint."""
    key = f"night-{target_rows}-v{BUILD_VERSION}-{fingerprint()}"
    path = cache_dir / f"{key}.db"
    meta_path = cache_dir / f"{key}.json"
    if not rebuild and path.exists() and meta_path.exists():
        return path, {**json.loads(meta_path.read_text()), "cached": True}
    cache_dir.mkdir(parents=True, exist_ok=True)
    for old in cache_dir.glob(f"night-{target_rows}-*"):  # earlier versions of this night
        old.unlink()
    partial = cache_dir / f"{key}.building.db"
    started = time.perf_counter()
    meta = build_night(partial, target_rows)
    meta["build_s"] = round(time.perf_counter() - started, 1)
    meta["key"] = key
    return publish(partial, path, meta_path, meta)


def publish(partial: Path, path: Path, meta_path: Path, meta: dict[str, Any]
            ) -> tuple[Path, dict[str, Any]]:
    """Move a freshly built database into the cache: its WAL and lock files go, the file
    and its figures stay."""
    for suffix in ("-wal", "-shm"):
        Path(f"{partial}{suffix}").unlink(missing_ok=True)
    for lock in partial.parent.glob(f"{partial.name}.night-*.lock"):
        lock.unlink()
    partial.replace(path)
    meta_path.write_text(json.dumps(meta, indent=1))
    return path, {**meta, "cached": False}
