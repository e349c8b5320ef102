"""Who may hold a connection to the players' view, and for how long.

Anyone on the local network can open connections to the server, token or not, and each one
costs it a file handle; out of handles, a server can neither answer nor log. So:
- a request's head must be whole HEAD_S after the connection opened, and the next one
  IDLE_S after an answer; a page's event stream is an answer still being written, never cut;
- at most PER_CLIENT connections from one address, and at most `connection_cap()` in all:
  the process's limit of open files less what it needs for itself;
- when a limit is reached, a new connection closes the one (of that address, or of all) that
  has waited longest for a request's head, so a request that arrives whole is answered; when
  every connection is busy with a request, the new one is told 503 and closed at once.

The listening socket is accepted by hand (`Door`): asyncio's own accepting takes a backlog of
connections in one go and hands them to their protocols an iteration or two later, by when
hundreds of file handles are spent that no gate has seen. Here each connection is shown to
the gate the moment it is accepted. aiohttp's RequestHandler is the protocol of each one;
`GatedHandler` keeps the gate told and answers a request it cannot read without naming the
server's software. A connection has a request when aiohttp hands one on (`request_begun`, the
app's first middleware), not when its bytes look like a head's end: aiohttp skips empty lines
before a request, and a connection that sent only those still waits for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import hdrs, web
from aiohttp.typedefs import Handler

from companion.web.server_log import ServerLog

HEAD_S = 5.0
IDLE_S = 10.0
PER_CLIENT = 96  # a TV and thirty phones are thirty-one addresses; sixty-four pages are one
BACKLOG = 128  # connections the kernel queues for the server to accept
AT_ONCE = 32  # accepted in one go: their room is made, by closing others, an iteration later
OWN_FILES = 64  # the database, its -wal and -shm, the log, the event loop, a late import
PAUSE_S = 0.5  # out of file handles with none to free: the door is shut this long
MOST_CONNECTIONS = 4096  # however many files the process may open: memory
_FULL = b"Too many connections to the table at once; try again shortly.\n"
TURNED_AWAY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
               b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(_FULL), _FULL))
UNREADABLE = "The request could not be read.\n"


def connection_cap(open_files: int | None = None) -> int:
    """How many connections the server holds at once: its limit of open files (the soft
    RLIMIT_NOFILE unless given) less its own files and those accepted in one go."""
    if open_files is None:
        open_files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if open_files == resource.RLIM_INFINITY or open_files <= 0:
        return MOST_CONNECTIONS
    return max(min(open_files - OWN_FILES - AT_ONCE, MOST_CONNECTIONS), open_files // 4)


class Gate:
    """The connections held, by address, and those waiting for a request's head (longest
    waiting first), each with its deadline."""

    def __init__(self, log: ServerLog, total: int | None = None,
                 per_client: int = PER_CLIENT) -> None:
        self.log = log
        self.total = connection_cap() if total is None else total
        self.per_client = per_client
        self._client: dict[GatedHandler, str] = {}
        self._count: Counter[str] = Counter()
        self._waiting: dict[GatedHandler, asyncio.TimerHandle] = {}
        self._waiting_of: dict[str, dict[GatedHandler, None]] = {}

    def admit(self, connection: GatedHandler, client: str) -> bool:
        """Whether `connection` may be held; room is made by closing the longest-waiting
        connection where one waits."""
        if self._count[client] >= self.per_client:
            oldest = next(iter(self._waiting_of.get(client, {})), None)
            if oldest is None:
                self.log.refused(f"turned away a connection from {client}: its "
                                 f"{self.per_client} connections are all busy")
                return False
            self.log.refused(f"closed the longest-waiting connection from {client}: "
                             f"{self.per_client} at once is its most")
            self._close(oldest)
        if len(self._client) >= self.total:
            oldest = next(iter(self._waiting), None)
            if oldest is None:
                self.log.refused(f"turned away a connection from {client}: all {self.total} "
                                 "connections are busy")
                return False
            self.log.refused(f"closed the longest-waiting connection (from "
                             f"{self._client[oldest]}) for one from {client}: "
                             f"{self.total} at once is the most")
            self._close(oldest)
        self._client[connection] = client
        self._count[client] += 1
        return True

    def make_room(self) -> bool:
        """Close the connection that has waited longest for a request; False when every
        connection is busy with one."""
        oldest = next(iter(self._waiting), None)
        if oldest is not None:
            self._close(oldest)
        return oldest is not None

    def admitted(self, connection: GatedHandler) -> bool:
        return connection in self._client

    def waiting(self, connection: GatedHandler, seconds: float) -> None:
        """`connection` waits for a request's head, for `seconds` at most."""
        if connection not in self._client:
            return
        self.busy(connection)
        loop = asyncio.get_running_loop()
        self._waiting[connection] = loop.call_later(seconds, self._close, connection)
        self._waiting_of.setdefault(self._client[connection], {})[connection] = None

    def busy(self, connection: GatedHandler) -> None:
        """`connection` has a request's head: it is no longer timed or evicted."""
        deadline = self._waiting.pop(connection, None)
        if deadline is not None:
            deadline.cancel()
            client = self._client[connection]
            of_client = self._waiting_of[client]
            del of_client[connection]
            if not of_client:
                del self._waiting_of[client]

    def gone(self, connection: GatedHandler) -> None:
        if connection not in self._client:
            return
        self.busy(connection)
        client = self._client.pop(connection)
        self._count[client] -= 1
        if not self._count[client]:
            del self._count[client]

    def _close(self, connection: GatedHandler) -> None:
        self.gone(connection)
        connection.force_close()


class Door:
    """The listening socket, accepted by hand: each connection shown to the gate as it is
    accepted, one it turns away closed there and then."""

    def __init__(self, listening: socket.socket, gate: Gate,
                 protocol: Callable[[], GatedHandler]) -> None:
        self.listening = listening
        self.gate = gate
        self.protocol = protocol
        self._loop = asyncio.get_running_loop()
        self._connecting: set[asyncio.Task[Any]] = set()
        self._reopen: asyncio.TimerHandle | None = None
        listening.setblocking(False)

    @property
    def port(self) -> int:
        return int(self.listening.getsockname()[1])

    def open(self) -> None:
        self._reopen = None
        self._loop.add_reader(self.listening.fileno(), self._accept)

    def close(self) -> None:
        if self._reopen is not None:
            self._reopen.cancel()
        self._loop.remove_reader(self.listening.fileno())
        self.listening.close()

    def _accept(self) -> None:
        for _ in range(AT_ONCE):
            try:
                accepted, peer = self.listening.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # out of file handles, or of memory: not for long
                freed = self.gate.make_room()
                self.gate.log.refused(f"the server could not accept a connection "
                                      f"({error.strerror or error})" +
                                      ("; it closed the longest-waiting one" if freed else ""))
                # The freed handle is the kernel's again an iteration later.
                self._loop.remove_reader(self.listening.fileno())
                self._reopen = self._loop.call_later(0 if freed else PAUSE_S, self.open)
                return
            self._take(accepted, str(peer[0]))

    def _take(self, accepted: socket.socket, client: str) -> None:
        accepted.setblocking(False)
        protocol = self.protocol()
        if not self.gate.admit(protocol, client):
            with contextlib.suppress(OSError):
                accepted.send(TURNED_AWAY)
            accepted.close()
            return
        task = self._loop.create_task(self._connect(accepted, protocol))
        self._connecting.add(task)
        task.add_done_callback(self._connecting.discard)

    async def _connect(self, accepted: socket.socket, protocol: GatedHandler) -> None:
        try:
            await self._loop.connect_accepted_socket(lambda: protocol, accepted)
        except Exception:  # the connection could not be set up: as if it had gone
            self.gate.gone(protocol)
            accepted.close()


class GatedHandler(web.RequestHandler):
    """aiohttp's protocol for one connection, admitted by the gate at the door."""

    def __init__(self, manager: web.Server, gate: Gate, **settings: Any) -> None:
        super().__init__(manager, **settings)
        self.gate = gate

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if self.gate.admitted(self):
            self.gate.waiting(self, HEAD_S)
        else:  # closed to make room before it was even set up
            self.force_close()

    async def finish_response(self, request: web.BaseRequest, resp: web.StreamResponse,
                              start_time: float | None) -> tuple[web.StreamResponse, bool]:
        try:
            return await super().finish_response(request, resp, start_time)
        finally:
            self.gate.waiting(self, IDLE_S)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.gate.gone(self)
        super().connection_lost(exc)

    def handle_error(self, request: web.BaseRequest, status: int = 500,
                     exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """A request aiohttp could not read: one line in the log (or, never expected, a
        handler that failed outside the guard: its details), and an answer that names no
        software."""
        client = request.remote or "an unknown address"
        if status == 400 or exc is None:
            self.gate.log.refused(f"refused {status} from {client}: a request it could not "
                                  "read" + (f" ({type(exc).__name__})" if exc else ""))
        else:
            self.gate.log.error(f"answering a request from {client} ({status})", exc)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer had begun: the connection is closed instead")
        response = Anonymous(status=status, text=UNREADABLE if status == 400 else
                             "Something went wrong; the dealer's night is not affected.\n")
        response.force_close()
        return response


@web.middleware
async def request_begun(request: web.Request, handler: Handler) -> web.StreamResponse:
    """aiohttp has read a request's head whole and hands it on: its connection is busy with
    it (no longer timed, never closed to make room) until its answer is written."""
    connection = request.protocol
    if isinstance(connection, GatedHandler):
        connection.gate.busy(connection)
    return await handler(request)


class Anonymous(web.Response):
    """A response without the Server header (aiohttp adds its name and Python's to every
    response it prepares; this one is prepared where no app signal can take it off)."""

    async def _prepare_headers(self) -> None:
        await super()._prepare_headers()
        self.headers.popall(hdrs.SERVER, None)
