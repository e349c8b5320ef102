"""`companion serve`, the players' view: a real server process on loopback, asked over real
sockets. The page carries the table as served; every action written by the dealer reaches an
open page within a second; without the token nothing is there, and nothing a request can
say writes, reads a file or brings the server down."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.cli import english, play

IBAN = "DE89370400440532013000"
NIGHT: list[dict[str, Any]] = [
    {"cmd": "start_night", "players": ["Ann", "Bo", "Cy"], "chips": 100, "chip_value": "0.10",
     "currency": "EUR", "name": "Friday <b>"},
    {"cmd": "set_payment", "player": "Bo", "iban": IBAN},
    {"cmd": "start_game", "game": "in-between", "dealer": "Ann",
     "options": {"stake": 10, "rounds": 1}},
    {"cmd": "card", "card": "5h"}, {"cmd": "card", "card": "9c"}, {"cmd": "card", "card": "Kd"}]


@contextlib.contextmanager
def served(db: Path, *extra: str, open_files: int | None = None) -> Iterator[str]:
    """`companion serve` on loopback, any free port; its address (the first line it prints).
    `open_files`: its limit of open files, as `ulimit -n` would set it."""
    with serving(db, *extra, open_files=open_files) as (address, _):
        yield address


@contextlib.contextmanager
def serving(db: Path, *extra: str,
            open_files: int | None = None) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """As `served`, with the server's process beside its address."""

    def limited() -> None:
        if open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--db", str(db), "serve", "--host", "127.0.0.1",
         "--port", "0", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=english(), preexec_fn=limited)
    try:
        assert server.stdout is not None
        address = server.stdout.readline().strip()
        assert address.startswith("http://127.0.0.1:"), server.stderr and server.stderr.read()
        yield address, server
        assert server.poll() is None, "the server died"
    finally:
        server.terminate()
        try:
            assert server.wait(timeout=10) == 0  # it stops at once, and cleanly
        finally:
            server.kill()


def get(address: str, path: str = "", headers: dict[str, str] | None = None,
        method: str = "GET") -> tuple[int, dict[str, str], str]:
    parts = urlsplit(address)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.request(method, parts.path + path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode()
    finally:
        connection.close()


def raw(address: str, request: bytes) -> bytes:
    """What the server answers to `request`, sent as it is over a socket."""
    parts = urlsplit(address)
    with socket.create_connection((parts.hostname or "", parts.port or 0), timeout=5) as sock:
        sock.sendall(request)
        answer = b""
        with contextlib.suppress(TimeoutError):
            while chunk := sock.recv(65536):
                answer += chunk
    return answer


class Stream:
    """A page following the table: the server-sent events of /TOKEN/events."""

    def __init__(self, address: str, last_seen: str | None = None) -> None:
        parts = urlsplit(address)
        self.connection = http.client.HTTPConnection(parts.hostname or "", parts.port,
                                                     timeout=5)
        headers = {"Last-Event-ID": last_seen} if last_seen else {}
        self.connection.request("GET", parts.path + "events", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type") == "text/event-stream"

    def next(self) -> tuple[str, dict[str, Any]]:
        """The next update: its id and its data (comments kept between them are skipped)."""
        event_id, data = "", ""
        while True:
            line = self.response.fp.readline().decode().rstrip("\n")
            if line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "" and data:
                return event_id, json.loads(data)

    def close(self) -> None:
        self.connection.close()


def test_the_page_as_served_carries_the_table_in_the_browsers_language(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        status, headers, page = get(address)
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        assert "Pot: 10" in page and "Bo: bet 0–10, p = pass" in page  # the pot, what's next
        for seat in ("Ann", "Bo", "Cy"):
            assert seat in page
        assert "Odds for the third card" in page and "Last actions" in page
        assert "Friday &lt;b&gt;" in page and "Friday <b>" not in page  # typed text escaped
        assert "5♥" in page and "K" in page  # the turn's cards
        assert "http" not in page.replace(address, "").split("<body>")[1]  # nothing elsewhere
        german = get(address, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})[2]
        assert "Zuletzt" in german and 'lang="de"' in german
        assert "Last actions" in get(address, "?lang=en",
                                     headers={"Accept-Language": "de"})[2]
        rules = get(address, "rules")[2]
        assert "<h1>" in rules and "In-Between" in rules
        assert get(address, method="HEAD")[0] == 200


def test_without_the_token_nothing_is_there_and_nothing_can_be_written(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        token = urlsplit(address).path.strip("/")
        root = address.removesuffix(f"{token}/")
        for wrong in ("", "events", token[:-1] + "/", token + "x/", "x" + token + "/",
                      token.lower() + "/", "favicon.ico"):
            status, _, body = get(root, wrong)
            assert status == 403 and "token" in body, wrong
        assert get(address, "events", method="POST")[0] == 405
        assert get(address, method="DELETE")[0] == 405
        for climb in (f"/{token}/../../../../etc/passwd", f"/{token}/%2e%2e/%2e%2e/etc/passwd",
                      f"/{token}/..%2f..%2f..%2fetc%2fpasswd", f"/{token}//etc/passwd",
                      f"/{token}/rules/../../{'../' * 8}etc/passwd"):
            answer = raw(root, f"GET {climb} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                         .encode())
            assert answer.split(b" ", 2)[1] in (b"403", b"404"), (climb, answer[:80])
            assert b"root:" not in answer
        for elsewhere in ("nights", "night/1", "pay/1", "pay/99999", "state", "table.db"):
            assert get(address, elsewhere)[0] == 404, elsewhere  # no other night, no file
        # Bad requests: answered 400 (or dropped), and the server still serves.
        for garbage in (b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"\x00\xff" * 500,
                        b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
                        b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 5000 + b"\r\n"):
            answer = raw(root, garbage)
            assert answer == b"" or answer.split(b" ", 2)[1] in (b"400", b"403", b"414",
                                                                  b"431"), answer[:80]
        assert get(address)[0] == 200
    assert not list(tmp_path.glob("*.lock"))  # it never took the night for writing


def test_a_flood_of_connections_is_held_off_and_the_table_still_answers(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        parts = urlsplit(address)
        idle = [socket.create_connection((parts.hostname or "", parts.port or 0), timeout=5)
                for _ in range(200)]
        streams = []
        try:
            for _ in range(64):
                streams.append(Stream(address))
            status, _, body = get(address, "events")
            assert status == 503 and "Too many" in body  # pages beyond the limit wait
            started = time.monotonic()
            assert get(address)[0] == 200
            assert time.monotonic() - started < 2
        finally:
            for stream in streams:
                stream.close()
            for sock in idle:
                sock.close()
        time.sleep(0.5)
        Stream(address).close()  # room again once they left


def test_every_action_reaches_an_open_page_within_a_second(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        stream = Stream(address)
        first_id, first = stream.next()
        assert first["action"] == 6 and "K♦" in first["html"]
        for command, check in (({"cmd": "bet", "amount": 3}, "Bo bets 3"),
                               ({"cmd": "undo"}, "undo action 7"),
                               ({"cmd": "bet", "amount": 2}, "Bo bets 2"),
                               ({"cmd": "correct", "action": 9,
                                 "command": {"cmd": "bet", "amount": 4}}, "Bo bets 4"),
                               ({"cmd": "card", "card": "8s"}, "Bo wins 4")):
            written = time.monotonic()
            play(db, command)
            _, now = stream.next()
            assert time.monotonic() - written < 1.0, command
            assert check in now["html"]
        assert now["action"] == 11
        stream.close()
        again = Stream(address, last_seen=first_id)  # a page coming back catches up at once
        assert again.next()[1]["action"] == 11
        again.close()


def test_the_end_of_the_night_shows_the_payments_and_bank_details_only_there(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        page = get(address)[2]
        assert "DE89" not in page and "bank details given" in page
        play(db, {"cmd": "correct", "action": 2,  # the same details given again
                  "command": {"cmd": "set_payment", "player": "Bo", "iban": IBAN}})
        deadline = time.monotonic() + 1
        while (page := get(address)[2]).count("bank details given") < 2:
            assert time.monotonic() < deadline, "the correction did not reach the page"
            time.sleep(0.05)
        assert "DE89" not in page
        stream = Stream(address)
        stream.next()
        play(db, {"cmd": "bet", "amount": 3}, {"cmd": "card", "card": "8s"},
             {"cmd": "card", "card": "2d"}, {"cmd": "pass"}, {"cmd": "end_night"})
        while "Payments" not in stream.next()[1]["html"]:
            pass
        stream.close()
        page = get(address)[2]
        payments = page.split('<ol class="payments">')[1].split("</ol>")[0]
        assert "Ann → Bo" in payments and "€0.30" in payments and "<svg" in payments
        assert page.count("DE89") == payments.count("DE89") >= 1
        status, _, alone = get(address, "pay/1")
        assert status == 200 and "<svg" in alone and "Ann → Bo" in alone


@pytest.mark.parametrize("port", ["-1", "70000"])
def test_a_port_out_of_range_is_a_sentence(tmp_path: Path, port: str) -> None:
    from tests.cli import companion

    done = companion(tmp_path / "table.db", "serve", "--port", port)
    assert done.returncode == 2 and done.stderr == (
        "companion serve: --port takes a whole number from 0 to 65,535 (0: any free port), "
        f"not {port}.\n")


def test_an_unexpected_error_is_a_sentence_for_the_page_and_details_in_the_servers_log(
        tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from companion.table import TableController
    from companion.web.server import Table, make_app
    from companion.web.server_log import ServerLog
    from screens.games import panel_for

    db = tmp_path / "table.db"
    play(db, *NIGHT)
    controller = TableController.open_reading(db)

    def broken() -> Any:
        raise RuntimeError("a panel that cannot draw")

    controller.view = broken  # type: ignore[method-assign]

    log = ServerLog(tmp_path / "table.serve.log")

    async def ask() -> tuple[int, str]:
        table = Table(controller, log, panel_for)
        async with TestClient(TestServer(make_app(table, "t0ken"),
                                         host="127.0.0.1")) as client:
            response = await client.get("/t0ken/")
            return response.status, await response.text()

    try:
        status, said = asyncio.run(ask())
    finally:
        controller.close()
        log.close()
    assert status == 500 and "the dealer's night is not affected" in said
    assert "Traceback" not in said
    assert "a panel that cannot draw" in (tmp_path / "table.serve.log").read_text()


def test_a_players_view_that_cannot_start_says_why(tmp_path: Path) -> None:
    from companion.web.players_view import PlayersView, ServeProblem

    view = PlayersView(tmp_path / "missing.db")
    with pytest.raises(ServeProblem, match="There is no database"):
        view.start()
    assert view.process is None


def test_the_players_view_stops_when_the_screen_that_started_it_is_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.web.players_view import PlayersView

    monkeypatch.setenv("COMPANION_SERVE_HOST", "127.0.0.1")
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    view = PlayersView(db)
    address = view.start()
    assert get(address)[0] == 200
    process = view.process
    assert process is not None and process.stdin is not None
    process.stdin.close()  # what a killed companion leaves behind: its end of the pipe shut
    assert process.wait(timeout=5) == 0
    view.stop()


def test_an_address_or_port_it_cannot_listen_on_is_a_sentence(tmp_path: Path) -> None:
    from tests.cli import companion

    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = companion(db, "serve", "--host", "127.0.0.1", "--port", port)
    assert done.returncode == 2 and f"port {port} is taken" in done.stderr
    done = companion(db, "serve", "--host", "192.0.2.1")  # no address of this machine
    assert done.returncode == 2 and "is no address of this machine" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_failing_look_at_the_log_is_written_once_and_the_following_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.table import TableController
    from companion.web import server as live_server
    from companion.web.server_log import ServerLog
    from screens.games import panel_for

    db = tmp_path / "table.db"
    play(db, *NIGHT)
    controller = TableController.open_reading(db)
    looks: list[int] = []

    def failing() -> bool:
        looks.append(1)
        if len(looks) < 20:
            raise RuntimeError("the disk went away for a moment")
        return True

    controller.follow = failing  # type: ignore[method-assign]
    monkeypatch.setattr(live_server, "FOLLOW_EVERY_S", 0.005)
    log = ServerLog(tmp_path / "table.serve.log")
    table = live_server.Table(controller, log, panel_for)

    async def follow_a_while() -> None:
        task = asyncio.create_task(table.follow())
        while table.version == 0:
            await asyncio.sleep(0.01)
        task.cancel()

    try:
        asyncio.run(asyncio.wait_for(follow_a_while(), 10))
    finally:
        controller.close()
        log.close()
    assert len(looks) >= 20 and table.version >= 1  # it went on, and saw the change
    written = (tmp_path / "table.serve.log").read_text()
    assert written.count("RuntimeError: the disk went away") == 1


def test_the_german_page_tells_the_last_actions_in_german(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        english = get(address, "?lang=en")[2].split("Last actions")[1]
        german = get(address, "?lang=de")[2].split("Zuletzt")[1]
    assert "Bo&#x27;s second card K♦" in english and "Cy&#x27;s first card 9♣" in english
    assert "zweite Karte für Bo: K♦" in german and "erste Karte für Cy: 9♣" in german
    assert "second card" not in german and "first card" not in german
