"""What deepcut's fake catalog services share.

Each fake (``fake_itunes.py``, ``fake_musicbrainz.py``) answers its catalog's wire format from a "world" and
injects faults through knobs. Around that sits the same machinery, written here once:

* ``Service``: the state the handler threads share, behind one lock: the world, the knobs (a dataclass with an
  ``updated(changes)`` method), the request log, and the sliding window of admitted requests for rate limits;
* ``Handler``: routes ``/_*`` to the control endpoints and everything else to the fake's ``api``;
* the control endpoints, never logged and never rate limited: ``GET/POST /_control`` (knobs), ``GET /_log``
  (``{"count", "requests"}``), ``POST /_log/clear`` or ``DELETE /_log``, ``POST /_reset``, ``GET/POST /_world``,
  ``POST /_gone`` (the service goes away mid-run and refuses every new connection, its port held until exit);
* ``BackgroundServer``: the service on 127.0.0.1 in a background thread, for Python callers;
* ``serve``: as a script, print ``READY <base url>`` and serve until SIGTERM, SIGINT or stdin EOF;
* ``fold`` for search matching, and ``fnv1a64`` for the file names of recorded answers.

Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import collections
import dataclasses
import http.server
import json
import select
import signal
import socket
import socketserver
import sys
import threading
import time
import unicodedata
import urllib.parse
from typing import Any, Callable, Mapping

LOOPBACK = "127.0.0.1"


def strip_accents(text: str) -> str:
    """Drop Latin/Greek/Cyrillic diacritics only (U+0300..U+036F).

    Stripping every combining mark would also strip Japanese dakuten and turn
    distinct kana into each other, so the range is deliberately narrow.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not 0x300 <= ord(c) <= 0x36F)
    return unicodedata.normalize("NFC", kept)


SPECIAL_FOLDS = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "ł": "l", "Ł": "L",
                               "đ": "d", "Đ": "D", "œ": "oe", "Œ": "OE"})


def fold(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form used for search matching."""
    folded = strip_accents(text.translate(SPECIAL_FOLDS)).casefold()
    return " ".join("".join(c if c.isalnum() else " " for c in folded).split())


def fnv1a64(text: str) -> str:
    """FNV-1a 64 of ``text`` in hex: the file name a recorded answer has (deepcut's RecordedTransport reads it)."""
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def world_json(world: Any) -> dict[str, Any]:
    """A world as JSON: the catalogs with a world type of their own say it; the others keep theirs as JSON already."""
    return world.to_json() if hasattr(world, "to_json") else world


class Service:
    """Everything the handler threads share, behind one lock."""

    def __init__(self, world: Any, knobs: Any, load_world: Callable[[Any], Any], verbose: bool = False) -> None:
        self.lock = threading.Lock()
        self.world = world
        self.initial_knobs = knobs
        self.knobs = knobs
        self.load_world = load_world
        self.verbose = verbose
        self.log: list[dict[str, Any]] = []
        self.admitted: collections.deque[float] = collections.deque()
        # What the rate limit's window is measured by; a test that must not depend on the machine's speed hands in
        # a clock it moves itself.
        self.clock: Callable[[], float] = time.monotonic
        self.seq = 0
        self.stopping = threading.Event()

    def set_knobs(self, changes: Mapping[str, Any]) -> Any:
        with self.lock:
            self.knobs = self.knobs.updated(changes)
            self.knobs_changed(changes)
            return self.knobs

    def knobs_changed(self, changes: Mapping[str, Any]) -> None:
        """Called under the lock after the knobs changed (or were reset, with all of them)."""

    def reset(self) -> None:
        with self.lock:
            self.knobs = self.initial_knobs
            self.log.clear()
            self.admitted.clear()
            self.knobs_changed(dataclasses.asdict(self.knobs))

    def begin(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Logs a request; ``entry`` gets its sequence number, a start time, and no status yet."""
        entry.update({"status": None, "fault": None, "time": time.time()})
        with self.lock:
            self.seq += 1
            entry["seq"] = self.seq
            self.log.append(entry)
        return entry

    def finish(self, entry: dict[str, Any], status: int | None, fault: str | None) -> None:
        with self.lock:
            entry["status"] = status
            entry["fault"] = fault
            entry["duration_ms"] = round((time.time() - entry["time"]) * 1000, 1)

    def admit(self) -> bool:
        """Whether the rate limit lets one more request in now; call it holding the lock."""
        knobs = self.knobs
        now = self.clock()
        while self.admitted and self.admitted[0] <= now - knobs.rate_window_s:
            self.admitted.popleft()
        if knobs.rate_limit is not None and len(self.admitted) >= knobs.rate_limit:
            return False
        self.admitted.append(now)
        return True

    def take(self, counter: str) -> bool:
        """Consumes one of a one-shot knob (``fail_next``, ``hang_next``…); call it holding the lock."""
        left = getattr(self.knobs, counter)
        if left <= 0:
            return False
        self.knobs = dataclasses.replace(self.knobs, **{counter: left - 1})
        return True

    def held(self, seq: int) -> bool:
        """Whether request ``seq`` must wait: the ``hold_from`` knob holds every request numbered from it on,
        until a test moves it (or sets it to null)."""
        with self.lock:
            hold_from = getattr(self.knobs, "hold_from", None)
        return hold_from is not None and seq >= hold_from

    def snapshot_log(self) -> list[dict[str, Any]]:
        with self.lock:
            return [dict(entry) for entry in self.log]

    def clear_log(self) -> int:
        with self.lock:
            cleared = len(self.log)
            self.log.clear()
            return cleared


class LoopbackServer(http.server.ThreadingHTTPServer):
    """Threaded so a hung request never blocks the others."""

    daemon_threads = True
    allow_reuse_address = True
    service: Service

    def __init__(self, address: tuple[str, int], handler: type["Handler"]) -> None:
        super().__init__(address, handler)
        self.connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()
        self.port_holder: tuple[socket.socket, ...] = ()

    def server_bind(self) -> None:
        # HTTPServer.server_bind does a reverse DNS lookup (getfqdn); skip it, it can stall.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def server_close(self) -> None:
        super().server_close()
        for held in self.port_holder:
            held.close()

    def go_away(self, answering: socket.socket) -> None:
        """The service is gone, its port kept: held requests are released unanswered, every other connection is
        cut, and new ones are refused. A port merely freed could be handed to the next server some other test
        starts, which would then answer what was meant for this one; a connection of the server's own to its
        port holds it instead (an established socket matches only its peer, so everyone else is refused), until
        the process ends. Called from a handler thread, never the serving loop's."""
        self.service.stopping.set()
        self.shutdown()
        own = socket.create_connection(self.server_address[:2])
        accepted, _ = self.socket.accept()
        # Taken from the listener, SO_REUSEADDR would let a socket asking for this port by number share it.
        accepted.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 0)
        self.socket.close()
        self.port_holder = (own, accepted)
        with self.connections_lock:
            others = [connection for connection in self.connections if connection is not answering]
        for connection in others:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class Handler(http.server.BaseHTTPRequestHandler):
    """A fake's handler: subclasses name themselves (``server_version``) and answer ``api``."""

    protocol_version = "HTTP/1.1"
    sys_version = ""
    server: LoopbackServer

    def setup(self) -> None:
        super().setup()
        with self.server.connections_lock:
            self.server.connections.add(self.connection)

    def finish(self) -> None:
        with self.server.connections_lock:
            self.server.connections.discard(self.connection)
        super().finish()

    def do_GET(self) -> None:
        self.dispatch("GET")

    def do_POST(self) -> None:
        self.dispatch("POST")

    def do_DELETE(self) -> None:
        self.dispatch("DELETE")

    def do_HEAD(self) -> None:
        self.dispatch("HEAD")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if self.server.service.verbose:
            sys.stderr.write(f"{self.server_version}: {self.address_string()} {format % args}\n")

    def api(self, method: str, path: str, query: Mapping[str, str]) -> None:
        raise NotImplementedError

    def dispatch(self, method: str) -> None:
        split = urllib.parse.urlsplit(self.path)
        query: dict[str, str] = {}
        for key, value in urllib.parse.parse_qsl(split.query, keep_blank_values=True):
            query.setdefault(key, value)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        # A POSTed form (a token request's) for the fake's ``api`` to read.
        self.request_body = body
        if split.path.startswith("/_"):
            self.control(method, split.path, body)
        else:
            self.api(method, split.path, query)

    def wait_while(self, condition: Callable[[], bool]) -> bool:
        """Keeps the connection open without answering while ``condition()`` holds; False if the client left
        (or the server stopped) first."""
        while condition():
            if self.server.service.stopping.is_set():
                return False
            try:
                readable, _, _ = select.select([self.connection], [], [], 0.02)
                if readable and not self.connection.recv(4096, socket.MSG_PEEK):
                    self.close_connection = True
                    return False  # the client closed its end
            except OSError:
                self.close_connection = True
                return False
        return True

    def send(self, status: int, body: bytes, headers: list[tuple[str, str]] | tuple[()] = (),
             truncate: bool = False) -> None:
        """Keep-alive, as the real services do; a truncated body (half of it) ends its connection, or the
        client would wait for the missing bytes."""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        if truncate:
            self.send_header("connection", "close")
        self.end_headers()
        try:
            if self.command != "HEAD":
                self.wfile.write(body[: len(body) // 2] if truncate else body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        if truncate:
            self.close_connection = True

    def send_json(self, status: int, payload: Any) -> None:
        """A control answer, readable by a person."""
        body = (json.dumps(payload, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
        self.send(status, body, [("content-type", "application/json; charset=utf-8")])

    def control(self, method: str, path: str, body: bytes) -> None:
        service = self.server.service
        try:
            if path == "/_control" and method == "GET":
                self.send_json(200, dataclasses.asdict(service.knobs))
            elif path == "/_control" and method == "POST":
                changes = json.loads(body or b"{}")
                if not isinstance(changes, dict):
                    raise ValueError("body must be a JSON object of knob names to values")
                self.send_json(200, dataclasses.asdict(service.set_knobs(changes)))
            elif path == "/_log" and method == "GET":
                entries = service.snapshot_log()
                self.send_json(200, {"count": len(entries), "requests": entries})
            elif (path == "/_log/clear" and method == "POST") or (path == "/_log" and method == "DELETE"):
                self.send_json(200, {"cleared": service.clear_log()})
            elif path == "/_reset" and method == "POST":
                service.reset()
                self.send_json(200, dataclasses.asdict(service.knobs))
            elif path == "/_world" and method == "GET":
                self.send_json(200, world_json(service.world))
            elif path == "/_gone" and method == "POST":
                self.server.go_away(answering=self.connection)
                self.close_connection = True
                self.send_json(200, {"gone": True, "port": self.server.server_address[1]})
            elif path == "/_world" and method == "POST":
                service.world = service.load_world(json.loads(body))
                self.send_json(200, {"artists": len(world_json(service.world).get("artists") or [])})
            else:
                self.send_json(404, {"error": f"no control endpoint {method} {path}"})
        except ValueError as exc:  # json.JSONDecodeError and the worlds' errors are ValueErrors
            self.send_json(400, {"error": str(exc)})


class BackgroundServer:
    """A fake on 127.0.0.1 in a background thread; ``port=0`` lets the OS choose."""

    def __init__(self, service: Service, handler: type[Handler], port: int, name: str) -> None:
        self.state = service
        self._httpd = LoopbackServer((LOOPBACK, port), handler)
        self._httpd.service = service
        self._name = name
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def start(self) -> "BackgroundServer":
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name=self._name, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Release hung requests, stop serving and close the socket."""
        self.state.stopping.set()
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> "BackgroundServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # Direct (non-HTTP) equivalents of the control endpoints, for Python callers.
    def set_knobs(self, **changes: Any) -> Any:
        return self.state.set_knobs(changes)

    def requests(self) -> list[dict[str, Any]]:
        return self.state.snapshot_log()

    def clear_log(self) -> None:
        self.state.clear_log()

    def reset(self) -> None:
        self.state.reset()

    def set_world(self, world: Any) -> None:
        self.state.world = self.state.load_world(world)


def serve(server: BackgroundServer, exit_on_stdin_eof: bool) -> None:
    """Starts ``server``, prints ``READY <base url>`` and serves until SIGTERM, SIGINT or (if asked) stdin EOF."""
    stop = threading.Event()
    # A parent may spawn us with these signals blocked (Foundation's Process does); unblock them so
    # terminating the server from a test always works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if exit_on_stdin_eof:
        def watch_stdin() -> None:
            try:
                while sys.stdin.buffer.read1(65536):
                    pass
            except (OSError, ValueError, AttributeError):
                pass
            stop.set()
        threading.Thread(target=watch_stdin, name="stdin-watch", daemon=True).start()

    server.start()
    try:
        print(f"READY {server.base_url}", flush=True)
    except BrokenPipeError:
        pass
    while not stop.wait(0.2):
        pass
    server.stop()
