"""`companion serve`: the night being played, live in the players' browsers on the local
network, read-only.

Built on aiohttp: one well-kept package that is an asyncio HTTP server (and the client the
tests and the bench connect with), small enough to start in a fraction of a second on the
dealer's laptop. Updates go out as server-sent events rather than WebSockets: they only ever
flow from the table to the players, a browser's EventSource reconnects by itself and says
which update it saw last (Last-Event-ID), and no message from a page is ever read.

What keeps it safe: the server opens the database for reading only and has no route that
writes; every address starts with a random token, compared in constant time, and anything
else is refused (403) before a route is looked at; only GET and HEAD; the routes are fixed
strings (no file is ever served, so no path can climb out); the page carries a strict
Content-Security-Policy and asks nothing from elsewhere; slow pages get the latest table,
never a growing queue; at most MAX_STREAMS pages are followed at once. What anyone on the
network can do to it is bounded too (companion/web/gate.py: deadlines and connection caps)
and written down one line at a time (companion/web/server_log.py); no answer names the
server's software.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hmac
import json
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TextIO

from aiohttp import hdrs, web

from companion.documents.qr import half_blocks
from companion.table import TableController
from companion.web import lan
from companion.web.gate import BACKLOG, IDLE_S, Door, Gate, GatedHandler, request_begun
from companion.web.page import Fragment, Panels, fragment, payment_html, rules_html
from companion.web.server_log import ServerLog, serve_log_path, shown_path
from companion.web.style import PAGE_SCRIPT, PAGE_STYLE
from companion.words.i18n import Words

FOLLOW_EVERY_S = 0.2  # how often the log is looked at: pages are up to date within a second
KEEP_ALIVE_S = 15.0  # a comment on a quiet stream, so proxies and phones keep it open
MAX_STREAMS = 64
LANGUAGES = ("en", "de")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                               "script-src 'unsafe-inline'; connect-src 'self'; "
                               "img-src 'self' data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# What a request may be: a page's address and a browser's headers fit well within these.
READING = {"max_line_size": 2048, "max_field_size": 4096, "max_headers": 64}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Table:
    """The night as the server follows it, and the page's live part in each language,
    worked out once per change however many pages watch."""

    controller: TableController
    log: ServerLog
    panels: Panels  # each game's panel, from the composition root (web/serve.py)
    version: int = 0
    fragments: dict[str, Fragment] = field(default_factory=dict)
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    streams: int = 0

    def fragment(self, language: str) -> Fragment:
        if language not in self.fragments:
            self.fragments[language] = fragment(self.controller, Words(language), self.panels)
        return self.fragments[language]

    async def follow(self) -> None:
        """Look at the log every FOLLOW_EVERY_S; on a change, wake every page's stream."""
        failing = False
        while True:
            await asyncio.sleep(FOLLOW_EVERY_S)
            try:
                changed = self.controller.follow()
            except Exception as error:  # written down once; the pages keep what they have
                if not failing:
                    self.log.error("looking at the log", error)
                failing = True
                continue
            failing = False
            if changed:
                self.fragments = {}
                self.version += 1
                async with self.changed:
                    self.changed.notify_all()


def language_of(request: web.Request) -> str:
    """?lang=de|en, else the browser's first language we speak (English otherwise)."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def make_app(table: Table, token: str) -> web.Application:
    """The routes under /TOKEN/, behind the guard. A refused request is one line in the
    server's log; an error no route expected is written there with its details and answered
    in a sentence; the server goes on."""

    def refused(request: web.Request, status: int, why: str) -> None:
        table.log.refused(f"refused {status} {request.method[:16]} "
                          f"{shown_path(request.rel_url.raw_path_qs)} from "
                          f"{request.remote or 'an unknown address'}: {why}")

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        first = request.raw_path.split("?", 1)[0].split("/")[1:2]
        if not first or not hmac.compare_digest(first[0].encode(), token.encode()):
            refused(request, 403, "no token")
            return _refused(403, "This address needs the token the dealer's screen shows.")
        if request.method not in ("GET", "HEAD"):
            refused(request, 405, "only GET and HEAD")
            return _refused(405, "The table can only be looked at.")
        try:
            response = await handler(request)
        except web.HTTPException as refusal:
            if refusal.status >= 400:
                refused(request, refusal.status, refusal.reason)
            raise
        except Exception as error:  # no traceback for a player either
            table.log.error(f"answering {request.method[:16]} "
                            f"{shown_path(request.rel_url.raw_path)}", error)
            return _refused(500, "Something went wrong showing the table; the dealer's night "
                                 "is not affected. Reload the page in a moment.")
        response.headers.update(SECURITY_HEADERS)
        return response

    async def page(request: web.Request) -> web.Response:
        language = language_of(request)
        now = table.fragment(language)
        return web.Response(text=_page(now, Words(language), table.version, language),
                            content_type="text/html", charset="utf-8")

    async def rules(request: web.Request) -> web.Response:
        language = language_of(request)
        words = Words(language)
        body = rules_html(table.controller, language)
        return web.Response(text=_document(words("live.rules"), language, (
            f'<p><a href="./?lang={language}">{escape(words("live.back"))}</a></p>'
            f'<article class="rules">{body}</article>')), content_type="text/html",
            charset="utf-8")

    async def payment(request: web.Request) -> web.Response:
        language = language_of(request)
        words = Words(language)
        shown = None
        if table.controller.view().ended:
            with contextlib.suppress(Exception):
                shown = payment_html(table.controller.settlement(),
                                     int(request.match_info["number"]), words)
        if shown is None:
            raise web.HTTPNotFound(text="There is no such payment.")
        return web.Response(text=_document(words("live.payments"), language, shown),
                            content_type="text/html", charset="utf-8")

    async def events(request: web.Request) -> web.StreamResponse:
        if table.streams >= MAX_STREAMS:
            refused(request, 503, f"{MAX_STREAMS} pages follow the table already")
            return _refused(503, "Too many pages follow the table at once; try again later.")
        language = language_of(request)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                               "X-Accel-Buffering": "no", **SECURITY_HEADERS})
        await response.prepare(request)
        table.streams += 1
        # A page that comes back says which table it saw last: it gets the latest at once
        # if that is another one (and it always is after a night went on without it).
        seen = request.headers.get("Last-Event-ID")
        try:
            while True:
                if seen != str(table.version):
                    seen = str(table.version)
                    now = table.fragment(language)
                    data = json.dumps({"night": now.night, "action": now.action,
                                       "title": now.title, "html": now.html})
                    await response.write(f"id: {seen}\ndata: {data}\n\n".encode())
                    continue
                try:
                    async with table.changed:
                        await asyncio.wait_for(table.changed.wait(), KEEP_ALIVE_S)
                except TimeoutError:
                    await response.write(b": still here\n\n")
        except ConnectionResetError:  # the page was closed
            pass
        finally:
            table.streams -= 1
        return response

    app = web.Application(middlewares=[request_begun, guard], client_max_size=1024)
    app.on_response_prepare.append(_anonymous)
    base = f"/{token}"
    app.router.add_get(f"{base}/", page)
    app.router.add_get(f"{base}/rules", rules)
    app.router.add_get(f"{base}/pay/{{number:[0-9]{{1,3}}}}", payment)
    app.router.add_get(f"{base}/events", events)
    return app


async def _anonymous(request: web.Request, response: web.StreamResponse) -> None:
    """No answer names the server's software (aiohttp's and Python's versions)."""
    response.headers.popall(hdrs.SERVER, None)


def _refused(status: int, sentence: str) -> web.Response:
    return web.Response(status=status, text=sentence + "\n", headers=SECURITY_HEADERS)


def _page(now: Fragment, words: Words, version: int, language: str) -> str:
    """The whole page: the table as it is now (it reads without JavaScript), and the few
    lines that keep it live."""
    other = "de" if language == "en" else "en"
    foot = (f'<footer><a href="rules?lang={language}">{escape(words("live.rules"))}</a> · '
            f'<a href="./?lang={other}">{"Deutsch" if other == "de" else "English"}</a>'
            f'<span class="offline"> · {escape(words("live.offline"))}</span></footer>')
    body = (f'<main id="live" data-version="{version}" data-action="{now.action}">'
            f"{now.html}</main>{foot}<script>{PAGE_SCRIPT}</script>")
    return _document(now.title, language, body)


def _document(title: str, language: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            # No icon: a browser would otherwise ask for /favicon.ico, refused without a token.
            '<link rel="icon" href="data:,">'
            f"<title>{escape(title)}</title><style>{PAGE_STYLE}</style></head>"
            f"<body>{body}</body></html>\n")


async def run(db: Path, night: int | None, host: str, port: int | None, out: TextIO,
              panels: Panels, with_parent: bool = False) -> int:
    """Serve until SIGINT or SIGTERM (or, `with_parent`, until standard input closes: the
    dealer's screen that started it is gone, however it ended). The first line on `out` is
    the address, the token in it; then its QR code for a phone to scan. `panels` draws each
    game's parts."""
    controller = TableController.open_reading(db, night)
    try:
        listening = _listen(host, port)
    except lan.PortTaken:
        controller.close()
        raise
    log = ServerLog(serve_log_path(db))
    loop = asyncio.get_running_loop()
    log.take_over(loop)
    table = Table(controller, log, panels)
    token = lan.token()
    log.keep_secret(token)
    gate = Gate(log)
    # A page that goes away ends its stream at once (its place is free for another); on the
    # way out the open streams are cut after a second, not waited for.
    runner = web.AppRunner(make_app(table, token), access_log=None, handle_signals=False,
                           shutdown_timeout=1.0, handler_cancellation=True)
    await runner.setup()
    server = runner.server
    assert server is not None

    def connection() -> GatedHandler:
        return GatedHandler(server, gate, loop=loop, keepalive_timeout=IDLE_S,
                            access_log=None, **READING)

    door = Door(listening, gate, connection)
    try:
        door.open()
        bound = door.port
        shown_host = f"[{host}]" if ":" in host else host
        address = f"http://{shown_host}:{bound}/{token}/"
        print(address, file=out, flush=True)
        for line in half_blocks(lan.for_code(address)):
            print(f"  {line}", file=out)
        out.flush()
        stop = asyncio.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, stop.set)
        if with_parent:
            loop.add_reader(sys.stdin.fileno(), _on_parent, sys.stdin.fileno(), stop)
        following = asyncio.create_task(table.follow())
        await stop.wait()
        following.cancel()
    finally:
        door.close()
        await runner.cleanup()
        controller.close()
        log.close()
    return 0


def _on_parent(fd: int, stop: asyncio.Event) -> None:
    """The parent's end of standard input closed (or it wrote, which it never does)."""
    if not os.read(fd, 1024):
        stop.set()


def _listen(host: str, port: int | None) -> socket.socket:
    """A socket listening on `port`, or on DEFAULT_PORT and, if only that port is taken, on
    any free one. PortTaken, in one sentence, when the address is not this machine's."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    candidates = [port] if port is not None else [lan.DEFAULT_PORT, 0]
    for candidate in candidates:
        try:
            return socket.create_server((host, candidate), family=family, backlog=BACKLOG)
        except OSError as error:
            taken = error.errno == errno.EADDRINUSE
            if taken and candidate != candidates[-1]:
                continue
            reason = (f"port {candidate} is taken (--port N picks another, 0 any free one)"
                      if taken else f"{host} is no address of this machine "
                      f"({error.strerror or error}); --host picks one of its addresses")
            raise lan.PortTaken(f"Cannot listen on {host}: {reason}.") from None
    raise AssertionError("unreachable: the last candidate binds or raises")


def serve(db: Path, night: int | None, host: str, port: int | None, panels: Panels,
          with_parent: bool = False) -> int:
    return asyncio.run(run(db, night, host, port, sys.stdout, panels, with_parent))
