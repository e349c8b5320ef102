"""The table as the players see it in a browser (`companion serve`): the pot, the seats with
whose turn it is and the dealer, the turn's cards, what comes next, the cards out and the
odds, the sips, the last actions in words and the game's rules card; at the end of the night
the settlement, each payment with its GiroCode large enough to scan from another phone.

The game's parts are the dealer's own panels (screens/games, handed in by the server's
composition root, companion/web/serve.py), drawn by Rich as HTML, so the players see what the
dealer sees, in every game, hidden cards hidden. Everything a player
typed (names, the night's name) is escaped; the page has no link to anything but itself.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Protocol

from rich.console import Console, RenderableType
from rich.terminal_theme import TerminalTheme
from rich.text import Text

from companion.documents import qr
from companion.documents.settle_words import SettlementWords
from companion.present import grouped
from companion.settle import NightSettlement, NotSettleable
from companion.table import LogLine, TableController
from companion.views import NightView
from companion.words.i18n import Words

COLUMNS = 44  # the width the dealer's panels are drawn at: a phone's, scaled up on a TV
LAST_ACTIONS = 8
# Rich's colours on the page's dark background.
THEME = TerminalTheme(
    (18, 20, 24), (230, 230, 230),
    [(18, 20, 24), (230, 80, 80), (90, 200, 110), (230, 190, 70), (90, 150, 240),
     (200, 110, 220), (80, 200, 210), (220, 220, 220)],
    [(110, 110, 110), (255, 110, 110), (120, 230, 140), (255, 220, 100), (130, 180, 255),
     (230, 140, 250), (110, 230, 240), (255, 255, 255)])


class TablePanel(Protocol):
    """What the page draws of a game: the parts of the dealer's panel for its view."""

    def title(self, view: NightView, words: Words) -> Text: ...
    def pot(self, view: NightView, words: Words) -> Text: ...
    def prompt(self, view: NightView, words: Words) -> str: ...
    def warning(self, view: NightView, words: Words) -> str | None: ...
    def seats(self, view: NightView, words: Words) -> RenderableType: ...
    def cards(self, view: NightView, words: Words) -> RenderableType: ...
    def side(self, view: NightView, words: Words) -> RenderableType: ...
    def below(self, view: NightView, words: Words) -> RenderableType: ...


Panels = Callable[[NightView], TablePanel]  # the panel that draws a view


@dataclass(frozen=True, slots=True)
class Fragment:
    """The live part of the page for one moment of the night, in one language."""

    night: int | None
    action: int
    title: str
    html: str


def fragment(controller: TableController, words: Words, panels: Panels) -> Fragment:
    """The table now: what the page shows, and what each live update replaces, the game's
    parts drawn by its panel from `panels`."""
    view = controller.view()
    words = words.playing(view.game)  # the table's words and the game's on it
    panel = panels(view)
    title = panel.title(view, words).plain
    parts = [f'<header><h1>{escape(title)}</h1></header>']
    if view.ended:
        parts.append(_settlement(controller, words))
    else:
        parts.append('<section class="now">'
                     f'<div class="pot">{escape(panel.pot(view, words).plain)}</div>'
                     f'<div class="next">{escape(panel.prompt(view, words))}</div></section>')
        warning = panel.warning(view, words)
        if warning:
            parts.append(f'<p class="warning">{escape(warning)}</p>')
        parts.append(f'<section class="seats">{_drawn(panel.seats(view, words))}</section>')
        parts.append(f'<section class="cards">{_drawn(panel.cards(view, words))}</section>')
        parts.append(f'<section class="side">{_drawn(panel.side(view, words))}'
                     f'{_drawn(panel.below(view, words))}</section>')
    sips = {name: seat.sips for name, seat in view.players.items() if seat.sips}
    if sips:
        rows = "".join(f"<li>{escape(name)} <b>{count}</b></li>" for name, count in sips.items())
        parts.append(f'<section class="sips"><h2>{escape(words("live.sips"))}</h2>'
                     f"<ul>{rows}</ul></section>")
    lines = [line for line in controller.log(words.language)
             if not line.undone][-LAST_ACTIONS:]
    if lines:
        said = "".join(f"<li>{escape(_public(line, words))}</li>" for line in reversed(lines))
        parts.append(f'<section class="log"><h2>{escape(words("live.last_actions"))}</h2>'
                     f"<ol>{said}</ol></section>")
    return Fragment(controller.night, view.last_action, title, "\n".join(parts))


def _public(line: LogLine, words: Words) -> str:
    """A log line for everyone: bank details stay in the payments at the end of the night
    (their action, given, undone, redone or corrected, only says that details came)."""
    return f"{line.action}  {words('live.bank_details')}" if line.bank_details else line.text


def rules_html(controller: TableController, language: str) -> str:
    """The rules card of the game on the table (every game's between games), as HTML."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(
        controller.rules_card(language)))


def _drawn(renderable: RenderableType) -> str:
    """A panel's part as the terminal would draw it, in HTML (an empty part: nothing)."""
    if renderable == "":
        return ""
    console = Console(file=io.StringIO(), record=True, width=COLUMNS, force_terminal=True,
                      color_system="truecolor", legacy_windows=False)
    console.print(renderable)
    code = console.export_html(theme=THEME, inline_styles=True, code_format="{code}")
    return f'<pre class="term">{code.rstrip()}</pre>' if code.strip() else ""


def _settlement(controller: TableController, words: Words) -> str:
    """The night's results and payments, each payment's GiroCode large, linked to a page of
    its own to hold up to another phone."""
    try:
        night = controller.settlement()
    except NotSettleable as problem:
        return f"<p>{escape(str(problem))}</p>"
    said = SettlementWords(night, words)
    s = said.settlement
    rows = "".join(
        f"<tr><td>{escape(p.name)}</td><td>{p.result:+d}</td>"
        f"<td>{escape(said.result(p.cents, p.result))}</td></tr>" for p in s.standings)
    parts = [f'<section class="settlement"><h2>{escape(words("settle.results"))}</h2>'
             f"<table>{rows}</table>"]
    if said.carried():
        parts.append(f"<p>{escape(said.carried())}</p>")
    if said.due:
        parts.append(f'<h2>{escape(words("live.payments"))}</h2><ol class="payments">')
        for number, t in enumerate(said.due, 1):
            code = night.epc(t)
            look = (f'<a class="code" href="pay/{number}">{qr.svg(code)}</a>' if code
                    else "")
            payee = s.standing(t.payee)
            bank = (f'<div class="iban">{escape(payee.account_name or payee.name)} · IBAN '
                    f"{escape(grouped(payee.iban))}</div>" if payee.iban else "")
            parts.append(f'<li id="pay-{number}"><div>{escape(t.payer)} → {escape(t.payee)}'
                         f'<b>{escape(said.amount(t))}</b></div>{bank}{look}</li>')
        parts.append("</ol>")
    elif not night.carried:
        parts.append(f"<p>{escape(words('settle.nobody_owes'))}</p>")
    parts.append("</section>")
    return "".join(parts)


def payment_html(night: NightSettlement, number: int, words: Words) -> str | None:
    """One payment alone, its GiroCode as big as the screen allows; None if there is none."""
    transfers = SettlementWords(night, words).due
    if not 1 <= number <= len(transfers):
        return None
    t = transfers[number - 1]
    said = SettlementWords(night, words)
    code = night.epc(t)
    return (f'<section class="one-payment"><h1>{escape(t.payer)} → {escape(t.payee)}</h1>'
            f"<p><b>{escape(said.amount(t))}</b></p>"
            + (f'<div class="code big">{qr.svg(code)}</div>' if code
               else f"<p>{escape(words('live.no_code'))}</p>")
            + f'<p><a href="../">{escape(words("live.back"))}</a></p></section>')
