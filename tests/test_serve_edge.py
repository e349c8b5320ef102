"""The players' server faces everyone on the local network, token or not: a flood of
connections that never finish a request cannot stop it (it holds a bounded number, closes
those that wait too long, and answers a whole request at once), running out of file handles
does not end it, what strangers send is one line each in its log and never the token, and no
answer names its software. Real server processes on loopback, bounded in count and time."""

from __future__ import annotations

import contextlib
import os
import re
import resource
import selectors
import socket
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from companion.web.gate import HEAD_S, IDLE_S, PER_CLIENT, connection_cap
from companion.web.server_log import ServerLog
from tests.cli import play
from tests.test_serve import NIGHT, Stream, get, raw, served, serving

FLOOD = 1100
UNDER_ULIMIT = 1024
linux = pytest.mark.skipif(not Path("/proc/net/tcp").exists(),
                           reason="Linux only: all of 127/8 on loopback, /proc/net/tcp")


@contextlib.contextmanager
def open_files_at_least(needed: int) -> Iterator[None]:
    """This process may hold `needed` files for a while (its soft limit raised, bounded by
    the hard one; skipped where that is too low)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.skip(f"this machine lets a process open {hard} files; the test needs "
                        f"{needed}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def flood(port: int, sources: list[str], timeout_s: float = 20,
          sending: bytes = b"GET / HTTP/1.1\r\n") -> list[socket.socket]:
    """One connection from each of `sources` (loopback addresses, in that order), each
    sending `sending`, the start of a request it never finishes. Opened a hundred at a time, each
    hundred taken in by the server before the next: more at once than its kernel queue holds
    would be dropped and tried again a second later, and the test would not know when."""
    connections: list[socket.socket] = []
    deadline = time.monotonic() + timeout_s
    for start in range(0, len(sources), 100):
        batch = []
        for source in sources[start:start + 100]:
            connection = socket.socket()
            connection.setblocking(False)
            connection.bind((source, 0))
            connection.connect_ex(("127.0.0.1", port))
            batch.append(connection)
        with selectors.DefaultSelector() as waiting:
            for connection in batch:
                waiting.register(connection, selectors.EVENT_WRITE, connection)
            left = len(batch)
            while left:
                assert time.monotonic() < deadline, f"{left} connections never opened"
                for key, _ in waiting.select(1):
                    waiting.unregister(key.fileobj)
                    left -= 1
                    with contextlib.suppress(OSError):  # turned away already
                        key.data.send(sending)
        while not taken_in(port):
            assert time.monotonic() < deadline, "the server stopped taking connections in"
            time.sleep(0.01)
        connections += batch
    return connections


def taken_in(port: int) -> bool:
    """Whether the server has accepted every connection made to it so far (on Linux, in
    /proc/net/tcp, a listening socket's receive queue is its queue of connections, and a
    connection still being set up is in state 03)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) != port:
            continue
        if fields[3] == "03" or (fields[3] == "0A" and int(fields[4].split(":")[1], 16)):
            return False
    return True


def settled(port: int, connections: list[socket.socket], cap: int, timeout_s: float) -> None:
    """Wait until the server has taken in the whole flood and holds no more than `cap`."""
    deadline = time.monotonic() + timeout_s
    while not taken_in(port) or sum(map(held, connections)) > cap:
        assert time.monotonic() < deadline, "more connections held than its cap"
        time.sleep(0.1)


def all_closed(connections: list[socket.socket], since: float, why: str) -> None:
    """Wait until the server has closed every one of `connections`, which it must do once
    each has waited HEAD_S (from `since`) for a request; `why` names what kept one open."""
    while any(map(held, connections)):
        assert time.monotonic() - since < HEAD_S + 3, why
        time.sleep(0.2)


def held(connection: socket.socket) -> bool:
    """Whether the server still holds `connection` open (what it sent, if anything, read)."""
    try:
        while connection.recv(65536):
            pass
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


@linux
def test_a_flood_of_idle_connections_under_ulimit_1024_leaves_the_table_answering(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    crowd = [f"127.0.0.{3 + n % 10}" for n in range(FLOOD - 300)]  # ten addresses
    greedy = ["127.0.0.2"] * 300  # one address that wants more than its share
    with open_files_at_least(FLOOD + 256), served(db, open_files=UNDER_ULIMIT) as address:
        port = urlsplit(address).port or 0
        page = Stream(address)  # a player's page, following the table all along
        assert page.next()[1]["action"] == 6
        started = time.monotonic()
        connections = flood(port, crowd + greedy)
        flooded = time.monotonic()
        try:
            cap = connection_cap(UNDER_ULIMIT)
            assert cap < FLOOD
            settled(port, connections, cap, 10)
            asked = time.monotonic()
            status, _, body = get(address)  # a good request, from 127.0.0.1
            assert status == 200 and "Pot: 10" in body
            assert time.monotonic() - asked < 1.0
            open_now = Counter(source for source, connection in zip(
                crowd + greedy, connections, strict=True) if held(connection))
            assert sum(open_now.values()) <= cap
            assert open_now["127.0.0.2"] <= PER_CLIENT < len(greedy)
            # Each idle connection is closed once it has waited HEAD_S for a request.
            all_closed(connections, flooded, "idle connections kept")
        finally:
            for connection in connections:
                connection.close()
        # The page's stream is an answer being written: never cut, however long it lasts.
        time.sleep(max(0.0, started + IDLE_S + 1 - time.monotonic()))
        play(db, {"cmd": "bet", "amount": 3})
        assert page.next()[1]["action"] == 7
        page.close()
    written = (tmp_path / "table.serve.log").read_text()
    assert "closed the longest-waiting connection" in written and "Traceback" not in written
    assert "Too many open files" not in written


def test_empty_lines_before_a_request_are_no_request_and_wait_no_longer(
        tmp_path: Path) -> None:
    # aiohttp skips empty lines before a request line (RFC 9112 allows it), so a connection
    # that sends only "\r\n\r\n" is still waiting for its request: it was taken for one
    # busy with a request, never timed out, and a client's 96 of them held its every place.
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        port = urlsplit(address).port or 0
        started = time.monotonic()
        connections = flood(port, ["127.0.0.1"] * PER_CLIENT, sending=b"\r\n\r\n\r\n")
        try:
            settled(port, connections, PER_CLIENT, 10)
            assert get(address)[0] == 200  # from the same address: a waiting one made room
            all_closed(connections, started, "empty lines held a connection")
        finally:
            for connection in connections:
                connection.close()


@linux
def test_out_of_file_handles_the_server_stays_up_and_says_so_in_one_line(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with serving(db, open_files=16) as (address, server):
        assert get(address)[0] == 200  # a phone that has the page already
        # Room for two connections beside the files the server holds now, fewer than the
        # four its gate would hold: accepts fail (EMFILE), as they would on a machine out of
        # file handles, however many files the server happens to need for itself.
        own = len(os.listdir(f"/proc/{server.pid}/fd"))
        resource.prlimit(server.pid, resource.RLIMIT_NOFILE, (own + 2, 16))
        assert connection_cap(16) > 2
        port = urlsplit(address).port or 0
        connections = flood(port, [f"127.0.0.{2 + n % 4}" for n in range(300)])
        try:
            settled(port, connections, connection_cap(16), 15)
            asked = time.monotonic()
            assert get(address)[0] == 200
            assert time.monotonic() - asked < 1.0
        finally:
            for connection in connections:
                connection.close()
    written = (tmp_path / "table.serve.log").read_text()
    assert "Too many open files" in written and "Traceback" not in written
    assert max(map(len, written.splitlines())) < 250


def test_refused_requests_are_one_line_each_and_never_the_token(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        token = urlsplit(address).path.strip("/")
        root = address.removesuffix(f"{token}/")
        big = {f"X-Big-{n}": "y" * 100 for n in range(50)}
        # Refused with the token in them: a wrong page, a query, a POST, a request line it
        # cannot read, the absolute form, the token further down the path, in small letters.
        assert get(address, f"nope?secret={token}")[0] == 404
        assert get(address, f"?t={token}", method="POST")[0] == 405
        for request in (f"GET /{token}/ HTTP/9.9\r\n\r\n",
                        f"GET http://x/{token.lower()}/ HTTP/1.1\r\nHost: x\r\n\r\n",
                        f"GET /x/{token}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
            assert raw(root, request.encode()).split(b" ", 2)[1] in (b"400", b"403")
        for _ in range(50):  # tokenless, with big headers
            assert get(root, "events", headers=big)[0] == 403
        too_many = raw(root, b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 5000 + b"\r\n")
        assert too_many == b"" or too_many.split(b" ", 2)[1] in (b"400", b"431")
        for _ in range(100):  # more than a minute's lines
            get(root, "favicon.ico")
        assert get(address)[0] == 200
    written = (tmp_path / "table.serve.log").read_text()
    lines = written.splitlines()
    assert token.casefold() not in written.casefold()
    assert "Traceback" not in written and "X-Big" not in written
    assert max(map(len, lines)) < 250
    assert "refused 404 GET /…/nope?… from 127.0.0.1" in written
    assert "refused 405 POST /…/?… from 127.0.0.1" in written
    assert "refused 403 GET /… from 127.0.0.1: no token" in written
    assert "refused 400 from 127.0.0.1: a request it could not read" in written
    assert sum(bool(re.match(r"\S+ \S+ refused \d{3} ", line)) for line in lines) == 60
    assert "… more refused requests not logged this minute" in written  # after those 60
    assert re.search(r"… \d+ more refused requests were not logged in that minute$", lines[-1])
    assert len(written) < 15_000


def test_the_servers_log_is_rotated_at_its_size(tmp_path: Path) -> None:
    log = ServerLog(tmp_path / "table.serve.log", per_minute=10_000, max_bytes=4_000)
    for n in range(1000):
        log.refused(f"refused 403 GET /…/events from 192.0.2.{n % 250}: no token")
    log.close()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["table.serve.log", "table.serve.log.1"]
    assert all((tmp_path / name).stat().st_size <= 4_000 for name in files)


def test_no_answer_names_the_servers_software(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    play(db, *NIGHT)
    with served(db) as address:
        token = urlsplit(address).path.strip("/")
        root = address.removesuffix(f"{token}/")
        answers = {}
        for name, request in (
                ("page", f"GET /{token}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                ("no token", "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                ("no page", f"GET /{token}/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                ("a post", f"POST /{token}/ HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                           "Connection: close\r\n\r\n"),
                ("garbage", "GARBAGE\r\n\r\n"),
                ("a bad version", "GET / HTTP/9.9\r\n\r\n"),
                ("too long", "GET /" + "a" * 70000 + " HTTP/1.1\r\n\r\n")):
            answers[name] = raw(root, request.encode())
        for name, answer in answers.items():
            head = answer.split(b"\r\n\r\n", 1)[0].lower()
            assert head.startswith(b"http/1."), (name, answer[:80])
            assert b"\r\nserver:" not in head and b"aiohttp" not in answer.lower(), name
        stream = Stream(address)
        assert stream.response.getheader("Server") is None
        stream.close()
