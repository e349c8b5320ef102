"""Pure renderers: from the table's projection (a `state --json` dict) to Rich text.

The table screen and the replay screen draw the same view the same way through these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from companion.i18n import Words
from companion.present import (
    RANK_NAMES,
    RED_SUITS,
    SUIT_SYMBOLS,
    RaiseOdds,
    SpreadOdds,
    card_label,
    card_parts,
)
from screens import schlag_view
from screens.card_art import big_card, card_back, side_by_side, small_card


def prompt_text(view: dict[str, Any], words: Words) -> str:
    """What the dealer enters next, in the screen's language, with its limits."""
    expect = view["expect"]
    kind = expect.get("kind")
    if kind == "card":
        short = expect.get("short") or {}  # Casino Red Dog: who antes less, all they have
        fields = {**expect, "players": ", ".join(f"{name} ({short[name]})" if name in short
                                                 else name for name in expect.get("players")
                                                 or ()) or "—"}
        slot = expect["slot"]
        if slot == "shown_first" and not expect.get("pass"):
            slot += ".no_pass"
        if slot == "reveal" and expect.get("suits"):
            slot += ".suits"
        text = words(f"prompt.card.{slot}", **fields)
        if view.get("low_ace") and slot in ("second", "shown_second"):
            text += words("prompt.low_ace_declared")
    elif kind == "bet" and expect.get("slot") == "stake":
        text = words("prompt.bet.stake", player=expect["player"], min=expect["min"],
                     max=expect["max"])
    elif kind == "bet" and expect.get("gap") == 2:
        text = words("prompt.bet.second", player=expect["player"], min=expect["min"],
                     max=expect["max"])
    elif kind == "bet":
        text = words("prompt.bet" if expect.get("pass") else "prompt.bet.no_pass",
                     player=expect["player"], min=expect["min"], max=expect["max"])
    if kind in ("card", "bet"):
        if expect.get("hand"):
            text += words("prompt.hand", hand=expect["hand"])
        for choice in expect.get("declare", ()):
            text += words(f"prompt.declare.{choice}")
        if expect.get("next_dealer"):
            text += words("prompt.declare.next_dealer", next_dealer=expect["next_dealer"])
        return text
    if kind == "show":
        turned = expect["turned"]
        # Nothing beats an ace: the whole hand is all that can be shown.
        key = "prompt.show.ace" if card_parts(turned)[1] == "A" else "prompt.show"
        return words(key, player=expect["player"], turned=card_label(turned),
                     suit=SUIT_SYMBOLS[card_parts(turned)[2] or "s"],
                     hand_size=expect["hand_size"])
    if kind == "guess":
        if expect.get("try", 1) > 1:
            key = "prompt.guess.second" if expect.get("hint") else "prompt.guess.second.unknown"
        else:
            key = ("prompt.guess.card_in" if expect.get("card_in") else
                   "prompt.guess.suits" if expect.get("suits") else "prompt.guess")
        hint = words(f"hint.{expect['hint']}") if expect.get("hint") else ""
        return words(key, player=expect["player"], hint=hint)
    if kind == "next_dealer":
        choices = "  ".join(f"{number} = {name}"
                            for number, name in enumerate(expect.get("choices", []), 1))
        return words("prompt.next_dealer", player=expect["player"], choices=choices)
    if kind == "declare":
        return words("prompt.declare", player=expect["player"], pot=expect.get("pot", 0))
    if kind == "end_game":
        if expect.get("reason"):  # Casino Red Dog: the bank cannot deal the next hand
            text = words(f"prompt.casino.{expect['reason']}", **expect)
            if expect.get("next_dealer"):
                text += words("prompt.declare.next_dealer", next_dealer=expect["next_dealer"])
            return text
        if expect.get("why"):  # Schlag den Dealer: the deck used up, or the table's size
            return words(f"prompt.schlag.{expect['why']}", **expect)
        return words("prompt.end_game", reason=expect.get("prompt"))
    key = f"prompt.{kind}"
    return words(key) if key in ("prompt.start_game", "prompt.night_over",
                                 "prompt.start_night") else str(expect.get("prompt", ""))


def warning_text(view: dict[str, Any], words: Words) -> str | None:
    expect = view["expect"]
    kind = expect.get("warning_kind")
    if kind == "pair":
        return words("warning.pair", rank=expect["ranks"][0])
    if kind == "neighbours":
        return words("warning.neighbours", low=expect["ranks"][0], high=expect["ranks"][1])
    warning = expect.get("warning")
    return str(warning) if warning else None


def title_text(view: dict[str, Any], words: Words) -> Text:
    text = Text()
    text.append(f"{view.get('name') or words('title')}", style="bold")
    if view.get("game"):
        text.append(f"  ·  {view.get('game_title') or view['game']}")
        if "bank_result" in view:
            if view.get("round"):
                text.append(f"  ·  {words('hand', hand=view['round'])}")
            if view.get("dealer"):
                text.append("  ·  " + words("bank", dealer=view["dealer"],
                                             result=view["bank_result"]))
            return text
        if view.get("round") and view.get("rounds"):
            text.append(f"  ·  {words('round', round=view['round'], rounds=view['rounds'])}")
        elif view.get("round"):
            text.append(f"  ·  {words('round.open', round=view['round'])}")
        if view.get("dealer"):
            text.append(f"  ·  {words('dealer')}: {view['dealer']}")
    result = view.get("last_dealer_result")
    if result:
        text.append("  ·  " + words("last_dealer", dealer=result["dealer"],
                                     result=result["result"]), style="italic")
    if view.get("rounds_dealt"):
        text.append("  ·  " + words("rounds_in_a_row", n=view["rounds_dealt"]))
    if view.get("everyone_dealt"):
        text.append("  ·  " + words("everyone_dealt"), style="green")
    return text


def style_of(seat: dict[str, Any], turn: str) -> str:
    """A player who left is struck through; the player whose turn it is stands out."""
    return "dim strike" if not seat["present"] else ("reverse" if turn else "")


def seats(view: dict[str, Any], words: Words) -> Table:
    """One row per seat: turn marker, dealer marker, name, stack, buy-in."""
    table = Table.grid(padding=(0, 1))
    table.add_column(width=1)
    table.add_column(width=1)
    table.add_column()
    table.add_column(justify="right")
    table.add_column(style="dim")
    for name, seat in view["players"].items():
        turn = "▶" if name == view.get("turn") else ""
        dealer = "D" if name == view.get("dealer") else ""
        if view.get("unit"):  # a game of sips: the tally, not the stack
            chips = Text(schlag_view.unit_word(words, view["unit"], seat["sips"]),
                         style="bold")
            most = max(other["sips"] for other in view["players"].values())
            table.add_row(Text(turn, style="bold yellow"), Text(dealer, style="bold cyan"),
                          Text(name, style=style_of(seat, turn)), chips,
                          schlag_view.sip_bar(seat["sips"], most))
            continue
        else:
            chips = Text(str(seat["chips"]), style="bold red" if seat["chips"] < 0 else "bold")
        style = style_of(seat, turn)
        note = words("bought_in", amount=seat["bought_in"])
        if seat["sips"]:  # a Schlag game earlier tonight: its tally stays in view
            note += f", {schlag_view.unit_word(words, 'sips', seat['sips'])}"
        if not seat["present"]:
            note += f", {words('left')}"
        first = view.get("first_cards", {}).get(name)
        if first:
            note = f"{card_label(first)}  {note}"
        if "bets" not in view and view.get("bet") and name == view.get("turn"):
            note = f"{words('bet', amount=view['bet'])}  {note}"
        bet = view.get("bets", {}).get(name)
        if bet:
            expect = view["expect"]
            numbers = list(expect.get("in_hand") or ())  # the same number all hand long
            marks = (" ↑" if name in view.get("raised", ()) else "") + (
                f"  r{numbers.index(name) + 1}" if name in expect.get("raise", {}) else "")
            note = f"{words('bet', amount=bet)}{marks}  {note}"
        down = view.get("face_down", {}).get(name)
        if down:
            note = f"{'▚ ' * down} {note}"
        table.add_row(Text(turn, style="bold yellow"), Text(dealer, style="bold cyan"),
                      Text(name, style=style), chips, note)
    return table


class Fitted:
    """Drawn for the width it is given when the terminal draws it, so what depends on the
    room (big cards or narrow ones) follows the screen's size, not the size at the time."""

    def __init__(self, draw: Callable[[int], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(options.max_width)


def turn_cards(view: dict[str, Any], words: Words, width: int = 60) -> RenderableType:
    """The cards of the current turn side by side, large: a split's two hands next to each
    other, cards still face down as backs, and which gap is bet on with three posts. When
    the big cards would not fit in `width` columns, narrower ones are drawn."""
    if "burned" in view:
        return red_dog_cards(view, words)
    split = view.get("split")
    count = len(view.get("hand") or []) + len(split["other"] if split else [])
    drawn = big_card if 9 * count + 3 <= width else small_card
    hand = [drawn(card) for card in view.get("hand") or []]
    hand += [card_back()] * view.get("face_down", {}).get(view.get("turn"), 0)
    if split:
        other = [drawn(card) for card in split["other"]]
        one, two = (hand, other) if split["hand"] == 1 else (other, hand)
        groups = [(words("hand", hand=1) + (" ◀" if split["hand"] == 1 else ""), one),
                  (words("hand", hand=2) + (" ◀" if split["hand"] == 2 else ""), two)]
    elif hand:
        groups = [("", hand)]
    elif view.get("low_ace"):  # declared, the second card not yet in
        return Text(words("low_ace.shown"), style="bold cyan")
    else:
        return Text("")
    lines = side_by_side(groups)
    low_ace = bool(view.get("low_ace")) and view.get("gap") != 2

    def rank(card: str) -> int:  # an ace declared low sorts below the 2
        return 1 if low_ace and card_parts(card)[0] == 14 else card_parts(card)[0]

    if view.get("gap") and len(view.get("spread") or []) == 2:
        low, high = (card_label(card) for card in sorted(view["spread"], key=rank))
        key = "gap.second" if view["gap"] == 2 else "gap.first"
        lines.append(Text(words(key, low=low, high=high), style="bold yellow"))
    if low_ace and view.get("hand"):
        lines.append(Text(words("low_ace.shown"), style="bold cyan"))
    last = last_hand_text(view, words)
    if last.plain:
        lines.append(last)
    return Group(*lines)


def seen_grid(view: dict[str, Any], words: Words) -> Table:
    """Cards out since the shuffle: 13 ranks × 4 suits, a row for rank-only entries and
    a row of how many of each rank can still come."""
    seen = [card_parts(card) for card in view.get("seen", [])]
    table = Table(title=words("seen", remaining=view.get("deck_remaining", 52)),
                  show_header=True, box=None, padding=(0, 0), title_justify="left")
    table.add_column("", width=2)
    ranks = list(RANK_NAMES)
    for rank in ranks:
        table.add_column(RANK_NAMES[rank], justify="center", width=3)
    left = [4 - sum(1 for c in seen if c[0] == r) for r in ranks]
    if view.get("suits") is False:
        # Suits do not matter in this game: how many of each rank are out, and left.
        table.add_row(Text("▪", style="bold"),
                      *[Text(str(4 - n) if n < 4 else "4", style="bold") if n < 4 else "·"
                        for n in left])
        table.add_row(Text("Σ", style="dim"), *[Text(str(n), style="dim") for n in left])
        return table
    for suit, symbol in SUIT_SYMBOLS.items():
        style = "red" if suit in RED_SUITS else ""
        cells = ["■" if any(c[0] == r and c[2] == suit for c in seen) else "·"
                 for r in ranks]
        table.add_row(Text(symbol, style=style), *[Text(cell, style=style) for cell in cells])
    rank_only = [sum(1 for c in seen if c[0] == r and c[2] is None) for r in ranks]
    if any(rank_only):
        table.add_row("?", *[str(n) if n else "·" for n in rank_only])
    table.add_row(Text("Σ", style="dim"), *[Text(str(n), style="dim") for n in left])
    return table


def odds_text(odds: SpreadOdds | None, words: Words, fourth: bool = False) -> Text:
    text = Text(words("odds.fourth" if fourth else "odds") + "\n", style="bold")
    if odds is None:
        text.append(words("odds.none"))
        return text
    win, post, lose = odds.percentages()
    text.append(words("odds.line", win=win, post=post, lose=lose))
    return text


def last_hand_text(view: dict[str, Any], words: Words) -> Text:
    """Casino Red Dog, between hands: how the last hand went for each player."""
    last = view.get("last_hand")
    if not last or view["expect"].get("slot") != "bank_first":
        return Text("")
    text = Text(words(f"outcome.{last['outcome']}") + "  ", style="bold")
    text.append("  ".join(f"{name} {amount:+d}" for name, amount in last["results"].items()))
    return text


def casino_panel(view: dict[str, Any], odds: RaiseOdds | None, words: Words) -> Text:
    """Casino Red Dog: the payout table with the called spread marked, the chance the third
    card pays and what a raised chip is worth on average."""
    text = Text(words("payouts") + "\n", style="bold")
    spread = view.get("spread")
    pair = view["expect"].get("slot") == "bank_pair"
    rows = [(words("spread.n", n=gap), pays, spread is not None and (
        int(gap) == spread if gap.isdigit() else spread >= 4))
        for gap, pays in view["payouts"].items() if gap != "trips"]
    rows.append((words("spread.trips"), view["payouts"]["trips"], pair))
    for label, pays, current in rows:
        text.append(f"{'▶' if current else ' '} {label:<14}{pays:>3} : 1\n",
                    style="bold yellow" if current else "")
    if odds is not None:
        win = round(odds.win * 100)
        text.append(words("odds.pays", win=win) + "\n")
        if not odds.push_on_miss:
            value = float(odds.value_per_chip)
            text.append(words("odds.raise", value=value),
                        style="bold green" if value > 0 else "bold red")
    return text


def red_dog_cards(view: dict[str, Any], words: Words) -> RenderableType:
    """Red Dog: the burned card and the turned card side by side, the cards passed over in
    the middle (Slippery Sam), and whose hand was shown last."""
    groups = [(words(name), [big_card(view[name])]) for name in ("burned", "turned")
              if view.get(name)]
    lines = side_by_side(groups) if groups else []
    if view.get("passed_over"):
        lines.append(Text(f"{words('passed_over')}: "
                          + " ".join(card_label(card) for card in view["passed_over"])))
    shown = view.get("last_shown")
    if shown:
        # A whole hand laid down that held a winning card names the card that won.
        key = ("shown.lost" if not shown["won"] else "shown.won" if len(shown["cards"]) == 1
               else "shown.won_with")
        winner = shown.get("winner")
        lines.append(Text(words(key, player=shown["player"], bet=shown.get("bet", ""),
                                cards=" ".join(card_label(card) for card in shown["cards"]),
                                winner=card_label(winner) if winner else ""),
                          style="green" if shown["won"] else "dim"))
    return Group(*lines)


def red_dog_clue(view: dict[str, Any], words: Words) -> Text:
    """Red Dog: how many cards of the turned card's suit above it are still unseen, the
    count the rules' tips tell players to keep."""
    text = Text(words("clue.title") + "\n", style="bold")
    turned = view.get("turned")
    if not turned:
        text.append(words("odds.none"))
        return text
    rank, _, suit = card_parts(turned)
    seen = {card_parts(card)[0] for card in view.get("seen", []) if card_parts(card)[2] == suit}
    count = sum(1 for higher in range(rank + 1, 15) if higher not in seen)
    text.append(words("clue", count=count, suit=SUIT_SYMBOLS[suit or "s"],
                      turned=card_label(turned)))
    return text
