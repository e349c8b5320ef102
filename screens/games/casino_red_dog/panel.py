"""Casino Red Dog at the table: the bets in front of the players (and who raised), the bank's
result, the payout table with the spread called, the chance the third card pays and what a
raised chip is worth, and the prompt for each card of a hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from companion.views import Expect, NightView, Seat
from companion.words.i18n import Words
from engine.games.casino_red_dog.state import Outcome
from engine.games.casino_red_dog.view import (
    BankGone,
    CasinoView,
    FirstCardExpected,
    HandCardExpected,
    PairCardExpected,
    ThirdCardExpected,
)
from screens import parts
from screens.games import Panel, cards_row

OUTCOMES = {Outcome.PUSH: "outcome.push", Outcome.TRIPS: "outcome.trips",
            Outcome.WIN: "outcome.win", Outcome.LOSE: "outcome.lose"}


def _table(view: NightView) -> CasinoView:
    if isinstance(view.table, CasinoView):
        return view.table
    raise TypeError(f"Casino Red Dog's panel cannot draw {type(view.table).__name__}")


def raisers(expect: Expect) -> tuple[list[str], dict[str, int]]:
    """Who is in the hand, in the order their raise numbers go, and who may raise how much
    (the number stays with the player all hand long)."""
    if isinstance(expect, ThirdCardExpected):
        return list(expect.in_hand or expect.raises), dict(expect.raises)
    return [], {}


def _hand_number(expect: Expect) -> int | None:
    """The hand the bank deals, as the prompt names it: between hands the next one."""
    return expect.number if isinstance(expect, HandCardExpected) else None


class CasinoPanel(Panel):

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        table = _table(view)
        found: list[tuple[str, str]] = []
        hand = _hand_number(view.expect) or table.round
        if hand:
            found.append((words("hand", hand=hand), ""))
        if table.dealer:
            found.append((words("bank", dealer=table.dealer, result=table.bank_result), ""))
        return found

    def seat(self, view: NightView, name: str, seat: Seat, words: Words) -> parts.SeatRow:
        table = _table(view)
        before: list[str] = []
        bet = table.bets.get(name)
        if bet:
            numbers, raises = raisers(view.expect)
            marks = (" ↑" if name in table.raised else "") + (
                f"  r{numbers.index(name) + 1}" if name in raises and name in numbers else "")
            before.append(f"{words('bet', amount=bet)}{marks}")
        return parts.stack_row(view, name, seat, words, before)

    def pot(self, view: NightView, words: Words) -> Text:
        # No pot: what lies on the table is the players' bets.
        return parts.pot_line(words("on_table"), sum(_table(view).bets.values()))

    def cards(self, view: NightView, words: Words) -> RenderableType:
        table = _table(view)
        last = self._last_hand(view, words)
        return parts.Fitted(lambda width: cards_row([("", list(table.hand))], words, width,
                                                    [last] if last.plain else None))

    def _last_hand(self, view: NightView, words: Words) -> Text:
        """Between hands: how the last hand went for each player."""
        last = _table(view).last_hand
        expect = view.expect
        if last is None or not isinstance(expect, FirstCardExpected):
            return Text("")
        text = Text(words(OUTCOMES[last.outcome]) + "  ", style="bold")
        text.append("  ".join(f"{name} {amount:+d}" for name, amount in last.results.items()))
        return text

    def side(self, view: NightView, words: Words) -> RenderableType:
        return parts.seen_grid(view, words, suits=False)

    def below(self, view: NightView, words: Words) -> RenderableType:
        """The payout table with the called spread marked, the chance the third card pays
        and what a raised chip is worth on average."""
        table = _table(view)
        text = Text(words("payouts") + "\n", style="bold")
        spread = table.spread
        pair = isinstance(view.expect, PairCardExpected)
        rows = [(words("spread.n", n=gap), pays, spread is not None and (
            int(gap) == spread if gap.isdigit() else spread >= 4))
            for gap, pays in table.payouts.items() if gap != "trips"]
        rows.append((words("spread.trips"), table.payouts["trips"], pair))
        for label, pays, current in rows:
            text.append(f"{'▶' if current else ' '} {label:<14}{pays:>3} : 1\n",
                        style="bold yellow" if current else "")
        if table.odds is not None:
            text.append(words("odds.pays", win=table.odds.win) + "\n")
            if table.odds.value_per_chip is not None:
                value = table.odds.value_per_chip
                text.append(words("odds.raise", value=value),
                            style="bold green" if value > 0 else "bold red")
        return Group(text)

    def prompt(self, view: NightView, words: Words) -> str:
        expect = view.expect
        if isinstance(expect, FirstCardExpected):
            players = ", ".join(f"{name} ({expect.short[name]})" if name in expect.short
                                else name for name in expect.players) or "—"
            text = words("prompt.card.bank_first", number=expect.number, players=players,
                         ante=expect.ante)
            return text + _passing_the_bank(expect.next_dealer, words)
        if isinstance(expect, PairCardExpected):
            return words("prompt.card.bank_pair", rank=expect.rank, pays=expect.pays)
        if isinstance(expect, ThirdCardExpected):
            return words("prompt.card.bank_third", spread=expect.spread, payout=expect.payout)
        if isinstance(expect, HandCardExpected):
            return words("prompt.card.bank_second", number=expect.number)
        if isinstance(expect, BankGone):
            return (words("prompt.casino.bank_gone", bank=expect.bank)
                    + _passing_the_bank(expect.next_dealer, words))
        return super().prompt(view, words)


def _passing_the_bank(next_dealer: str | None, words: Words) -> str:
    """What `n` does where the bank may pass on instead."""
    return words("prompt.declare.next_dealer", next_dealer=next_dealer) if next_dealer else ""
