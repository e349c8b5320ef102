"""Each night's record, for the table's history: when it was played, who played, the games,
the biggest pot, and what each player won or lost, drank and dealt.

A record is folded from the night's log and kept beside it under the night's fingerprint
(events/kept.py), so the history of many nights reads in a moment and a night that went
on since, or was mended, is folded again. The log stays the only truth: the kept records
are a cache that any version can throw away (RECORD_VERSION).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import msgspec

from companion.settle import ChipsDoNotAddUp, NightSettlement, NotSettleable, settled_between_turns
from engine import registry
from engine.event import Event
from engine.game import Counting
from engine.kernel import BetLost, BetWon, SipsOwed
from engine.pot import AntesPaid
from engine.rejection import Refusal
from engine.table import NightState, evolve
from engine.text import name_key
from events.codec import fingerprint
from events.history import History
from events.kept import KeptRecords
from events.session import NightSession, load_history
from events.store import Store, StoreError
from events.walk import ChainWalk, is_time

RECORD_VERSION = 7  # the shape of PlayerNight and NightRecord: a new shape folds afresh
# Where a night's chips do not add up, though its hash chain may hold (computed again over
# a change): the rules never make such a night.
UNBALANCED = "its chips do not add up, which the rules never make (the log was changed)"


class PlayerNight(msgspec.Struct, frozen=True, kw_only=True):
    """One player's night."""

    name: str
    result: int  # chips won (+) or lost (−), the pots shared as at the end
    cents: int | None  # the same in money, where chips had a value
    bought_in: int
    sips: int  # drunk
    caused: int  # drunk by others because of this player
    dealt: int  # times this player took the deal (or the bank)
    dealer_result: int  # chips won (+) or lost (−) while dealing
    dealer_sips: int  # sips drunk while dealing
    posts: int  # bets lost on a post
    biggest_win: int  # the most chips one bet won
    balance: int | None = None  # cents owed to (+) or by (−) the player: result and expenses
    iban: str | None = None  # where the player's winnings go, as last given that night
    account_name: str | None = None
    stacks: tuple[int | None, ...] = ()  # the stack at evenly spaced moments of the night,
    # None before the player joined: the night's course, drawn without reading its log
    # What the games counted for the player (a game's `Count`, by its name): rides of a bus
    counts: dict[str, int] = msgspec.field(default_factory=dict)


class NightRecord(msgspec.Struct, frozen=True, kw_only=True):
    """What the history keeps of one night."""

    night: int
    fingerprint: str
    name: str | None
    started_at: str  # ISO times of its first and last row
    ended_at: str
    actions: int
    ended: bool
    carried: bool  # ended unpaid: its balances wait for the open settlement
    paid: bool  # those carried balances have been paid since
    final: bool  # results as of its latest action: the night ended, or no turn is under way
    settled_at: int  # the action its results stand at: an open night counts as if it ended
    # at its last action between turns
    chip_value: str | None
    currency: str | None
    games: tuple[str, ...]  # presets in the order played
    biggest_pot: int  # the most the pot held (a bet not yet settled is not in it)
    players: tuple[PlayerNight, ...]  # in seat order
    # Where its log breaks (a row changed, missing or unreadable), as verify names it: the
    # record is of the night as far as its log reads. None when the log verifies.
    broken: str | None = None

    def player(self, name: str) -> PlayerNight | None:
        wanted = name_key(name)
        return next((p for p in self.players if name_key(p.name) == wanted), None)


_DECODER = msgspec.json.Decoder(NightRecord)
_ENCODER = msgspec.json.Encoder()


def night_records(store: Store) -> Iterator[NightRecord]:
    """Every night's record, oldest first: kept ones where the night still ends where they
    were folded and the log's guards stood since, the others folded from the log now, its
    chain walked in the same read (and kept, where the file allows). A night whose log breaks
    is folded as far as it reads and says where it breaks."""
    checked, kept = KeptRecords(store).read(RECORD_VERSION)
    for night, ends in store.night_ends().items():
        key = fingerprint(ends[0], ends[1])
        known = kept.get(night)
        if known is not None and known[0] == key:
            try:
                yield _DECODER.decode(known[1])
                continue
            except msgspec.DecodeError:
                pass  # a kept record that no longer reads is folded again
        walk = ChainWalk(night)
        history = load_history(store, night, walk=walk)
        yield _fold_and_keep(store, night, history, ends, walk.problem or walk.stopped, checked)


def keep_if_over(session: NightSession) -> None:
    """Keep the record of the session's night once it has ended, so the history reads it at
    once (a record that cannot be kept now is folded when the history is next read)."""
    night = session.night
    if night is None or not session.history.state.ended:
        return
    try:
        ends = session.store.night_ends(night).get(night)
    except StoreError:  # busy or unreadable now: the history folds it when next read
        return
    if ends is not None:
        _fold_and_keep(session.store, night, session.history, ends,
                       session.broken or session.stopped, session.checked)


def _fold_and_keep(store: Store, night: int, history: History,
                   ends: tuple[int, str, str, str], broken: str | None,
                   checked: int) -> NightRecord:
    """The night's record from its history, kept under its fingerprint where the file
    allows. `ends`: the night's last action, chain head, first and last time; `broken`: where
    its log breaks; `checked`: the log's generation when its chain was walked."""
    last, head, first, latest = ends
    key = fingerprint(last, head)
    if not (is_time(first) and is_time(latest)):  # only a broken log holds such a time
        first, latest = _times_that_read(first, latest)
    record = record_of(night, history, key, first, latest, broken)
    KeptRecords(store).keep(night, key, RECORD_VERSION, _ENCODER.encode(record).decode(), checked)
    return record


NO_TIME = "1970-01-01T00:00:00+00:00"  # a night's time where its log holds none that reads


def _times_that_read(first: str, latest: str) -> tuple[str, str]:
    """The night's first and last time where they read; the other where one does not."""
    readable = [t for t in (first, latest) if is_time(t)] or [NO_TIME]
    return (first if is_time(first) else readable[0],
            latest if is_time(latest) else readable[-1])


def record_of(night: int, history: History, key: str, started_at: str,
              ended_at: str, broken: str | None = None) -> NightRecord:
    """The record of one night from its history (`broken`: where its log breaks, if it
    does)."""
    state = history.state
    tally = _Tally()
    before = history.base
    for entry in history.entries:
        tally.take(before, entry.state, entry.events)
        before = entry.state
    try:
        # An open night counts as if it ended at its last action between turns: a turn
        # under way has bets not yet won or lost (the same rule for chips and money).
        settled, settled_at = _settled(history, night, broken)
        standings, stacks = settled.settlement.standings, settled.stacks
        results = {s.name: (s.result, s.cents, s.caused, s.sips) for s in standings}
        balances = {s.name: None if s.cents is None else s.cents + s.expenses
                    for s in standings}
    except NotSettleable as nothing:  # no night started, or chips a changed log unbalanced
        settled_at, results, balances, stacks = 0, {}, {}, {}
        if isinstance(nothing, ChipsDoNotAddUp):  # broken, whatever its chain
            broken = broken or UNBALANCED
    latest = history.entries[-1].action if history.entries else 0
    even = (0, 0 if state.chip_value is not None else None, 0, 0)  # a player who came later
    return NightRecord(
        night=night, fingerprint=key, name=state.name, started_at=started_at,
        ended_at=ended_at, actions=history.last_action, ended=state.ended,
        carried=state.carried, paid=state.paid, final=settled_at == latest,
        settled_at=settled_at,
        chip_value=state.chip_value, currency=state.currency,
        games=state.games_played + ((state.game.GAME,) if state.game is not None else ()),
        biggest_pot=tally.biggest_pot,
        players=tuple(PlayerNight(
            name=p.name, result=results.get(p.name, even)[0],
            cents=results.get(p.name, even)[1], bought_in=p.bought_in,
            sips=results.get(p.name, even)[3], caused=results.get(p.name, even)[2],
            dealt=tally.dealt.get(p.name, 0), dealer_result=tally.dealer_result.get(p.name, 0),
            dealer_sips=tally.dealer_sips.get(p.name, 0), posts=tally.posts.get(p.name, 0),
            biggest_win=tally.biggest_win.get(p.name, 0), balance=balances.get(p.name),
            iban=p.iban, account_name=p.account_name, stacks=tuple(stacks.get(p.name, ())),
            counts={name: counted[p.name] for name, counted in tally.counts.items()
                    if counted.get(p.name)})
            for p in state.players), broken=broken)


def _settled(history: History, night: int, broken: str | None
             ) -> tuple[NightSettlement, int]:
    """The night settled as at its last action between turns, and that action;
    NotSettleable where a broken log's chips no longer add up (a forged amount): its figures
    are then the stacks as they stand."""
    try:
        return settled_between_turns(history, night)
    except ValueError as error:
        if broken is None:
            raise
        raise NotSettleable(str(error)) from None


@dataclass(slots=True)
class _Tally:
    """What a night's record counts as its actions go by, event by event: an action can
    pass the deal, and what moved before the deal passed is the old dealer's, what moved
    after it the new one's."""

    biggest_pot: int = 0
    dealt: dict[str, int] = field(default_factory=dict)
    dealer_result: dict[str, int] = field(default_factory=dict)
    dealer_sips: dict[str, int] = field(default_factory=dict)
    posts: dict[str, int] = field(default_factory=dict)
    biggest_win: dict[str, int] = field(default_factory=dict)
    caused: dict[str, int] = field(default_factory=dict)
    # Antes paid before anyone deals (before the draw for the deal): the first dealer's.
    unclaimed: dict[str, int] = field(default_factory=dict)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # a game's Count: player
    counting: dict[str, tuple[Counting, ...]] = field(default_factory=dict)  # by game id

    def take(self, before: NightState, after: NightState, events: tuple[object, ...]) -> None:
        # An ante is paid for the round it opens: the antes an action pays as it passes the
        # deal (Red Dog, In-Between with an ante) start the round of the dealer it leaves.
        opening = _dealer(after)
        if len(events) == 1:  # most actions: the state after it is the one after its event
            assert isinstance(events[0], Event)
            self._event(before, after, events[0], opening)
            return
        state = before
        for e in events:
            assert isinstance(e, Event)
            later = evolve(state, e)
            self._event(state, later, e, opening)
            state = later

    def _event(self, before: NightState, after: NightState, e: Event,
               opening: str | None) -> None:
        if after.game is not None:
            self.biggest_pot = max(self.biggest_pot, after.game.pot)
        else:
            self.unclaimed.clear()  # the game ended before anyone dealt
        dealing_before, dealing_after = _dealer(before), _dealer(after)
        if dealing_after is not None and dealing_after != dealing_before:
            _add(self.dealt, dealing_after, 1)
            if self.unclaimed:
                _add(self.dealer_result, dealing_after, self.unclaimed.get(dealing_after, 0))
                self.unclaimed.clear()
        # A dealer's result is what their own stack did while they dealt: each event counts
        # for the dealer of its moment (both, for the event that passes the deal). An event
        # that moves no chip keeps the very tuple of seats.
        if before.players is not after.players:
            self._dealer_result(before, after, e, {dealing_before, dealing_after}, opening)
        game = after.game if after.game is not None else before.game
        if game is not None:
            self._count(game.GAME, e)
        if isinstance(e, BetLost) and e.post:
            _add(self.posts, e.player, 1)
        elif isinstance(e, BetWon):
            self.biggest_win[e.player] = max(self.biggest_win.get(e.player, 0), e.amount)
        elif isinstance(e, SipsOwed):
            if e.by is not None:
                _add(self.caused, e.by, e.sips)
            if e.player in (dealing_before, dealing_after):
                _add(self.dealer_sips, e.player, e.sips)


    def _count(self, game: str, e: Event) -> None:
        """What the game on the table counts of `e` (its `Count`s, asked once a night)."""
        counting = self.counting.get(game)
        if counting is None:
            try:
                counting = self.counting[game] = registry.game(game).counts
            except Refusal:  # a game no longer installed: its night counts the rest
                counting = self.counting[game] = ()
        for count in counting:
            player = count.of(e)
            if player is not None:
                _add(self.counts.setdefault(count.name, {}), player, 1)

    def _dealer_result(self, before: NightState, after: NightState, e: Event,
                       dealers: set[str | None], opening: str | None) -> None:
        if isinstance(e, AntesPaid):
            dealers = {opening}
            if opening is None:
                for name in e.players:
                    _add(self.unclaimed, name, _won(after, name) - _won(before, name))
        for dealer in dealers - {None}:
            assert dealer is not None
            _add(self.dealer_result, dealer, _won(after, dealer) - _won(before, dealer))


def _dealer(state: NightState) -> str | None:
    return state.game.dealer if state.game is not None else None


def _won(state: NightState, name: str) -> int:
    """What `name` is up (or down) at this moment: a rebuy is no win."""
    return next((p.chips - p.bought_in for p in state.players if p.name == name), 0)


def _add(tally: dict[str, int], name: str, amount: int) -> None:
    tally[name] = tally.get(name, 0) + amount
