"""Casino Red Dog at the table: the bets in front of the players (and who raised), the bank's
result, the payout table with the spread called, the chance the third card pays and what a
raised chip is worth; `r` + the raiser's number + an amount raises, `n` passes the bank."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.console import Group, RenderableType
from rich.text import Text

from companion.commands import Bet, Command, NextDealer
from companion.i18n import Words
from companion.views import BetExpected, CardExpected, EndGameExpected, Expect, NightView, Seat
from engine.games.casino_red_dog.commands import Raise
from engine.games.casino_red_dog.view import BankSlot
from screens import parts
from screens.games import Panel, cards_row, words_of
from screens.keys import NOT_MINE, Entered, KeyEntry

if TYPE_CHECKING:
    from engine.games.casino_red_dog.view import (
        BankGone,
        CasinoView,
        FirstCardExpected,
        PairCardExpected,
        ThirdCardExpected,
    )

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "on_table": "Bets on the table",
        "prompt.card.bank_first": "the first card of hand {number}: {players} ante {ante}",
        "prompt.card.bank_second": "the second card of hand {number}",
        "prompt.card.bank_pair": "a pair of {rank}s: the third card; another {rank} pays "
                                 "{pays} to 1",
        "prompt.card.bank_third": "spread {spread}, pays {payout} to 1: r + number raises, "
                                  "then the third card",
        "raise.typing": "{player} raises {amount} (Enter alone: {limit})",
        "prompt.casino.bank_gone": "{bank} has left the table: ctrl+x ends the game",
        "bank": "bank: {dealer} ({result:+d})",
        "payouts": "Payouts",
        "spread.n": "spread {n}",
        "spread.trips": "pair + same",
        "odds.pays": "the third card pays: {win}%",
        "odds.raise": "a raised chip is worth {value:+.2f}",
        "outcome.push": "push, bets back:",
        "outcome.trips": "three of a kind, 11 to 1:",
        "outcome.win": "the third card fell between:",
        "outcome.lose": "the bank takes the bets:",
        "prompt.declare.next_dealer": "  (n = the bank passes to {next_dealer})",
        "keys.allowed.raise": "the raiser's number, the amount and Enter; Escape drops the raise",
    },
    "de": {
        "on_table": "Einsätze auf dem Tisch",
        "prompt.card.bank_first": "Erste Karte von Hand {number}: {players} setzen {ante}",
        "prompt.card.bank_second": "Zweite Karte von Hand {number}",
        "prompt.card.bank_pair": "Ein Paar {rank}: die dritte Karte; noch eine {rank} zahlt "
                                 "{pays} zu 1",
        "prompt.card.bank_third": "Abstand {spread}, zahlt {payout} zu 1: r + Nummer erhöht, "
                                  "dann die dritte Karte",
        "raise.typing": "{player} erhöht um {amount} (Enter allein: {limit})",
        "prompt.casino.bank_gone": "{bank} hat den Tisch verlassen: Strg+x beendet das Spiel",
        "bank": "Bank: {dealer} ({result:+d})",
        "payouts": "Auszahlung",
        "spread.n": "Abstand {n}",
        "spread.trips": "Paar + gleich",
        "odds.pays": "die dritte Karte zahlt: {win} %",
        "odds.raise": "ein erhöhter Chip ist im Mittel {value:+.2f} wert",
        "outcome.push": "unentschieden, Einsätze zurück:",
        "outcome.trips": "Drilling, 11 zu 1:",
        "outcome.win": "die dritte Karte lag dazwischen:",
        "outcome.lose": "die Bank nimmt die Einsätze:",
        "prompt.declare.next_dealer": "  (n = die Bank geht an {next_dealer})",
        "keys.allowed.raise": "die Nummer des Erhöhenden, der Betrag und Enter; Escape verwirft "
                              "die Erhöhung",
    },
}

words_of(WORDS)


def _table(view: NightView) -> CasinoView:
    return cast("CasinoView", view.table)


def _raisers(expect: Expect) -> tuple[list[str], dict[str, int]]:
    """Who is in the hand, in the order their raise numbers go, and who may raise how much
    (the number stays with the player all hand long)."""
    if isinstance(expect, CardExpected) and expect.slot == BankSlot.BANK_THIRD:
        third = cast("ThirdCardExpected", expect)
        return list(third.in_hand or third.raises), dict(third.raises)
    return [], {}


def _next_bank(expect: Expect) -> str | None:
    return cast("str | None", getattr(expect, "next_dealer", None))


class CasinoPanel(Panel):

    def title_parts(self, view: NightView, words: Words) -> list[tuple[str, str]]:
        table = _table(view)
        found: list[tuple[str, str]] = []
        # The hand the bank deals, as the prompt names it: between hands the next one.
        hand = cast("int | None", getattr(view.expect, "number", None)) or table.round
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
            numbers, raises = _raisers(view.expect)
            marks = (" ↑" if name in table.raised else "") + (
                f"  r{numbers.index(name) + 1}" if name in raises and name in numbers else "")
            before.append(f"{words('bet', amount=bet)}{marks}")
        return parts.SeatRow(parts.stack(seat), parts.seat_note(view, name, seat, words, before))

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
        if last is None or not (isinstance(expect, CardExpected)
                                and expect.slot == BankSlot.BANK_FIRST):
            return Text("")
        text = Text(words(f"outcome.{last.outcome}") + "  ", style="bold")
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
        pair = isinstance(view.expect, CardExpected) and view.expect.slot == BankSlot.BANK_PAIR
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
        if isinstance(expect, CardExpected) and expect.slot == BankSlot.BANK_FIRST:
            first = cast("FirstCardExpected", expect)
            players = ", ".join(f"{name} ({first.short[name]})" if name in first.short
                                else name for name in first.players) or "—"
            text = words("prompt.card.bank_first", number=first.number, players=players,
                         ante=first.ante)
            if first.next_dealer:
                text += words("prompt.declare.next_dealer", next_dealer=first.next_dealer)
            return text
        if isinstance(expect, CardExpected) and expect.slot == BankSlot.BANK_SECOND:
            return words("prompt.card.bank_second",
                         number=cast("FirstCardExpected", expect).number)
        if isinstance(expect, CardExpected) and expect.slot == BankSlot.BANK_PAIR:
            pair = cast("PairCardExpected", expect)
            return words("prompt.card.bank_pair", rank=pair.rank, pays=pair.pays)
        if isinstance(expect, CardExpected) and expect.slot == BankSlot.BANK_THIRD:
            third = cast("ThirdCardExpected", expect)
            return words("prompt.card.bank_third", spread=third.spread, payout=third.payout)
        if isinstance(expect, EndGameExpected) and getattr(expect, "reason", None):
            reason = cast("BankGone", expect)
            text = words(f"prompt.casino.{reason.reason}",
                         bank=getattr(reason, "bank", ""))
            if reason.next_dealer:
                text += words("prompt.declare.next_dealer", next_dealer=reason.next_dealer)
            return text
        return super().prompt(view, words)

    # --- the keys: r raises, n passes the bank ---------------------------------------------

    def feed(self, entry: KeyEntry, key: str, expect: Expect) -> Entered:
        numbers, raises = _raisers(expect)
        if entry.buffer.startswith("r"):
            return self._raise(entry, key, numbers, raises)
        if key == "r" and not entry.buffer and raises:
            entry.buffer = "r"
            return None
        if key == "n" and not entry.buffer and _next_bank(expect):
            return entry.send(NextDealer())
        return NOT_MINE

    def _raise(self, entry: KeyEntry, key: str, numbers: list[str],
               raises: dict[str, int]) -> Entered:
        """`r`, the raiser's number (as shown at the seats: the place in the hand, which a
        raise does not change), digits, Enter; Enter right after the number raises the most
        allowed. A number whose player cannot raise is sent all the same, so the rules say
        why not."""
        if key == "backspace":  # a raiser's number and its colon go together
            entry.buffer = "r" if entry.buffer.endswith(":") else entry.buffer[:-1]
            return None
        if entry.buffer == "r":
            if key.isdigit() and 1 <= int(key) <= len(numbers):
                entry.buffer += key + ":"
            return None
        player = numbers[int(entry.buffer[1]) - 1]
        typed = entry.buffer[3:]
        if key.isdigit() and len(key) == 1 and len(typed) < 4:
            entry.buffer += key
        elif key == "enter":
            amount = int(typed) if typed else raises.get(player, 1)
            return entry.send(Raise(player=player, amount=amount))
        return None

    def suit_next(self, entry: KeyEntry, expect: Expect) -> bool | None:
        return False if entry.buffer.startswith("r") else None

    def typed(self, entry: KeyEntry, expect: Expect, words: Words) -> str | Text | None:
        numbers, raises = _raisers(expect)
        if not entry.buffer.startswith("r") or len(entry.buffer) < 3 or not numbers:
            return entry.buffer if entry.buffer.startswith("r") else None
        index = int(entry.buffer[1]) - 1
        if index >= len(numbers):
            return None
        player = numbers[index]
        return words("raise.typing", player=player, amount=entry.buffer[3:] or "…",
                     limit=raises.get(player, "—"))

    def allowed(self, entry: KeyEntry, expect: Expect) -> str | None:
        return "keys.allowed.raise" if entry.buffer.startswith("r") else None


    def editor(self, command: Command, suits: bool) -> Expect | None:
        # A raise is retyped as its amount, for the same player.
        if isinstance(command, Raise):
            return BetExpected(prompt="", player="", min=0, max=0)
        return super().editor(command, suits)

    def as_the_original(self, original: Command, retyped: Command) -> Command:
        if isinstance(original, Raise) and isinstance(retyped, Bet):
            return Raise(player=original.player, amount=retyped.amount)
        return super().as_the_original(original, retyped)


PANEL = CasinoPanel()
