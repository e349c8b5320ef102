"""A settlement as the people at the table read it, in the screen's language: amounts in the
language's form, the night's title, and the whole settlement as text for its QR codes.

The receipt, the HTML page, the PDF and the screen all read it through here, so they say
the same thing the same way; the JSON and the GiroCodes keep the machine form.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from companion.settle import NightSettlement
from companion.words.date_text import day_text
from companion.words.i18n import Words
from companion.words.money_text import currency_heading, money_text, number_text, value_text
from engine.payments import EPC_BYTES_MAX
from engine.payments import grouped as grouped  # for the screens: an IBAN in groups of 4
from engine.registry import title_of
from engine.settlement import GameSips, Settlement, Transfer

# Each code of the whole settlement holds no more than a GiroCode: version 13 at most, 77
# modules with its quiet zone, so it fits an 80-column terminal and reads at a GiroCode's
# size on paper. More codes than WHOLE_CODES_MAX crowd the page: then the payments alone,
# and past that none.
WHOLE_CODE_BYTES = EPC_BYTES_MAX
WHOLE_CODES_MAX = 8
# Where a carried night's balances went ("carried", "paid": companion/settle.py), in words.
CARRIED = {"carried": "paper.carried", "paid": "paper.paid"}
TWO_BLOCKS_OVER = 12  # players: past that, the page shows the results in two blocks


@dataclass(frozen=True, slots=True)
class Whole:
    """The whole settlement for whoever pays without a GiroCode: its text, the QR codes that
    carry it (one, or numbered parts), and a sentence when the codes leave something out."""

    text: str
    codes: tuple[str, ...]
    note: str | None


@dataclass(frozen=True, slots=True)
class SettlementWords:
    """`night` in the language of `words`."""

    night: NightSettlement
    words: Words

    @property
    def settlement(self) -> Settlement:
        return self.night.settlement

    @property
    def language(self) -> str:
        return self.words.language

    @property
    def due(self) -> tuple[Transfer, ...]:
        """The payments to make from this night's settlement: none when its balances were
        carried over (the open balances pay them, with the other carried nights')."""
        return () if self.night.carried else self.settlement.transfers

    def carried(self) -> str:
        """The sentence saying the night was carried over and where its balances went ('' for
        a night paid at the table)."""
        if self.night.carried is None:
            return ""
        return self.words(CARRIED[self.night.carried])

    def title(self) -> str:
        """The night's name, or its number."""
        return self.settlement.name or self.words("settle.night", night=self.night.night or "")

    def date(self) -> str:
        """When the night began, as its paper says it ('' when the settlement was made
        without its log)."""
        if self.night.started_at is None:
            return ""
        began = datetime.fromisoformat(self.night.started_at).astimezone()
        return self.words("paper.date", date=day_text(began.date(), self.language),
                          time=f"{began:%H:%M}")

    def print_title(self) -> str:
        """The print job's name in the printer's queue."""
        return self.words("print.job", name=self.title())

    def fingerprint(self) -> str:
        """The line naming what the night's log ends with, for paper and screen ('' when
        the settlement was made without its log)."""
        if self.night.counted_to is not None:
            return self.words("paper.broken", action=self.night.counted_to)
        if self.night.fingerprint is None:
            return ""
        return self.words("paper.fingerprint", fingerprint=self.night.fingerprint)

    def number(self, cents: int, sign: bool = False) -> str:
        """An amount in a column headed by its currency: `+1,25` in German."""
        return number_text(cents, self.language, sign)

    def money(self, cents: int, sign: bool = False) -> str:
        """An amount with its currency: `1,25 €`, `€1.25`."""
        return money_text(cents, self.settlement.currency, self.language, sign)

    def amount(self, transfer: Transfer) -> str:
        """What a transfer moves: money with its currency, or chips."""
        if self.settlement.in_money:
            return self.money(transfer.amount)
        one = transfer.amount == 1
        return f"{transfer.amount} {self.words('settle.chip' if one else 'settle.chips')}"

    def result(self, cents: int | None, chips: int) -> str:
        """A player's result: money with its sign where chips have a value, chips else."""
        if self.settlement.in_money:
            return self.number(cents or 0, sign=True)
        return f"{chips:+d}" if chips else "0"

    def expense_lines(self) -> list[tuple[str, str, str]]:
        """Each shared cost as (who paid for what, the amount, who shares it and how much)."""
        return [(self.words("settle.expense", payer=cost.payer, what=cost.what),
                 self.money(cost.cents),
                 self.words("settle.shared_by", parts=", ".join(
                     f"{name} {self.money(part)}" for name, part in cost.shares)))
                for cost in self.settlement.expenses]

    def money_heading(self) -> str:
        """The head of the column of money results: `€`, `CHF`, or "money"."""
        return currency_heading(self.settlement.currency) or self.words("settle.money")

    def chip_value(self) -> str:
        """What one chip is worth, as a sentence."""
        return self.words("paper.chip_value", value=value_text(
            self.settlement.chip_value or "", self.settlement.currency, self.language))

    def how(self) -> str:
        """How the payments are made: the fewest transfers, or who collects."""
        host = self.settlement.host
        return self.words("paper.host", host=host) if host else self.words("paper.fewest")

    def game_sips(self, game: GameSips, key: str = "paper.game_sips") -> str:
        """Who drank how many in one game, and who caused how many."""
        return self.words(key, number=game.number, game=title_of(game.game),
                          drunk=listed(game.drunk), caused=listed(game.caused))

    def whole(self) -> Whole:
        """The whole settlement in a few lines, and the codes that carry it."""
        s = self.settlement
        mark = ("paper.provisional_mark" if s.provisional
                else "paper.carried_mark" if self.night.carried else None)
        head = self.title() + (f" ({self.words(mark)})" if mark else "")
        results = [f"{p.name} {self.result(p.cents, p.result)}" for p in s.standings]
        payments = [f"{t.payer} -> {t.payee} {self.amount(t)}" for t in self.due]
        text = "\n".join([head, *results, *payments])
        if _fits(text):
            return Whole(text, (text,), None)
        for lines, note in ((results + payments, None),
                            (payments, self.words("paper.whole_payments_only"))):
            codes = _parts(head, lines)
            if len(codes) <= WHOLE_CODES_MAX:
                return Whole(text, codes, note)
        return Whole(text, (), self.words("paper.whole_left_out"))


def listed(tally: dict[str, int]) -> str:
    """`Ann 2, Bo 1`, or a dash for nobody."""
    return ", ".join(f"{name} {count}" for name, count in tally.items()) or "—"


def _fits(text: str, budget: int = WHOLE_CODE_BYTES) -> bool:
    return len(text.encode("utf-8")) <= budget


def _parts(head: str, lines: list[str]) -> tuple[str, ...]:
    """`lines` over as many codes as they need, whole lines each, every code numbered and the
    first one headed by the night: "Friday (1/3)", then "(2/3)"."""
    head = _cut(head, WHOLE_CODE_BYTES - len(" (99/99)\n"))  # a night's name of any length
    groups: list[list[str]] = [[f"{head} (99/99)"]]
    for line in lines:
        line = _cut(line, WHOLE_CODE_BYTES - len(" (99/99)\n"))
        if len(groups[-1]) > 1 and not _fits("\n".join([*groups[-1], line])):
            groups.append(["(99/99)"])
        groups[-1].append(line)
    count = len(groups)
    return tuple("\n".join([f"{head} ({number}/{count})" if number == 1
                            else f"({number}/{count})", *group[1:]])
                 for number, group in enumerate(groups, 1))


def _cut(line: str, budget: int) -> str:
    """A line no longer than one code holds (only a name of hundreds of letters is): its
    first bytes that are whole letters, and …"""
    if _fits(line, budget):
        return line
    ellipsis = "…".encode()
    kept = line.encode("utf-8")[:max(0, budget - len(ellipsis))]
    return kept.decode("utf-8", "ignore") + ("…" if budget >= len(ellipsis) else "")
