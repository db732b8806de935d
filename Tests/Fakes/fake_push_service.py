"""What the fakes of the push targets deepcut posts to share (``fake_ntfy.py``, ``fake_discord.py``,
``fake_slack.py``, ``fake_webhook.py``), on top of ``fake_service.py``'s machinery.

Every push fake's knobs dataclass extends ``PushKnobs``, so each has these besides its own:

* ``fail_next``: that many requests are answered with ``fail_status`` (default 503), in the body the service (or the
  proxy in front of it) gives that status, with ``Retry-After: retry_after`` when that knob is set;
* ``retry_after``: seconds; sent as ``Retry-After`` on the ``fail_next`` answers and on the 429s of the services
  that send one (Discord, Slack; ntfy sends none);
* ``throttle_next``: that many requests are answered as the service's rate limit answers, whatever its pace;
* ``hang_ms``: every API request is answered this many milliseconds late (a client's timeout); a client that leaves
  meanwhile gets nothing;
* ``hold_from``: fake_service's (requests numbered from it on wait unanswered until the knob moves).

A request's log entry (``GET /_log``) holds ``method``, ``path``, ``query`` (first value of each name),
``headers`` (every header as received, ``Authorization`` included, so a test can check the credentials sent),
``authorization``, ``body`` (the bytes as UTF-8 text, undecodable bytes replaced; ``body_base64`` beside it when
they are not UTF-8), ``body_bytes``, and, once decided, ``status`` and ``fault``; it is complete before the first
byte of the answer goes out, so a client that has its answer finds it whole. An accepted message is decoded into
the entry's ``message`` (title, message, … in the service's terms) and appended to ``GET /_messages``
(``{"count", "messages"}``, each with the ``seq`` of its request). ``POST /_reset`` also empties the messages and
the rate limits' buckets.

Only the control paths themselves (``/_control``, ``/_log``, ``/_log/clear``, ``/_reset``, ``/_gone``,
``/_messages``) are the fake's: any other path, ``/_mytopic`` included, is the service's. The handlers also answer
PUT, PATCH and OPTIONS, which fake_service's base handler does not.

Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import json
import math
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_service  # noqa: E402

CONTROL_PATHS = frozenset({"/_control", "/_log", "/_log/clear", "/_reset", "/_gone", "/_messages"})
COUNTERS = ("fail_next", "throttle_next")


@dataclasses.dataclass
class PushKnobs:
    fail_next: int = 0
    fail_status: int = 503
    retry_after: float | None = None
    throttle_next: int = 0
    hang_ms: int = 0
    hold_from: int | None = None

    def updated(self, changes: Mapping[str, Any]) -> "PushKnobs":
        """A checked copy: an unknown name or a count that is not a count fails loudly."""
        fields = {f.name for f in dataclasses.fields(self)}
        new = dataclasses.replace(self)
        for key, value in changes.items():
            if key not in fields:
                raise ValueError(f"unknown knob {key!r}; known: {', '.join(sorted(fields))}")
            if key in COUNTERS or key == "hang_ms":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ValueError(f"{key} must be a non-negative integer")
            if key == "fail_status" and (isinstance(value, bool) or not isinstance(value, int)
                                         or not 100 <= value <= 599):
                raise ValueError("fail_status must be an HTTP status")
            if key == "retry_after" and value is not None and (isinstance(value, bool)
                                                               or not isinstance(value, (int, float)) or value < 0):
                raise ValueError("retry_after must be a number of seconds or null")
            setattr(new, key, value)
        new.check()
        return new

    def check(self) -> None:
        """A fake's own checks of its knobs taken together; raise ValueError."""


def retry_after_header(seconds: float) -> str:
    """``Retry-After`` is whole seconds; a wait of 0.3 s is said as 1."""
    return str(max(0, math.ceil(seconds)))


@dataclasses.dataclass
class Reply:
    """An answer as the fake decided it: logged whole, then sent."""

    status: int
    body: bytes = b""
    headers: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    fault: str | None = None
    message: dict[str, Any] | None = None  # the accepted message, decoded
    note: dict[str, Any] | None = None  # anything else the log should say (a truncation…)


class Bucket:
    """A token bucket: ``capacity`` tokens, one back every ``refill_s`` seconds (golang.org/x/time/rate's kind, which
    ntfy uses; Slack's "one a second with short bursts")."""

    def __init__(self, capacity: int, refill_s: float, now: float) -> None:
        self.capacity = capacity
        self.refill_s = refill_s
        self.tokens = float(capacity)
        self.at = now

    def _refill(self, now: float) -> None:
        if self.refill_s > 0:
            self.tokens = min(float(self.capacity), self.tokens + (now - self.at) / self.refill_s)
        self.at = now

    def take(self, now: float) -> bool:
        self._refill(now)
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait_s(self, now: float) -> float:
        """Seconds until the next token."""
        self._refill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) * self.refill_s


class PushState(fake_service.Service):
    """The shared state, plus the accepted messages and the rate limits' buckets."""

    def __init__(self, knobs: PushKnobs, verbose: bool = False) -> None:
        super().__init__(None, knobs, lambda world: world, verbose)
        self.messages: list[dict[str, Any]] = []
        self.buckets: dict[tuple[Any, ...], Bucket] = {}
        self.counters: dict[str, Any] = {}

    def reset(self) -> None:
        super().reset()
        with self.lock:
            self.messages.clear()
            self.buckets.clear()
            self.counters.clear()

    def bucket(self, key: tuple[Any, ...], capacity: int, refill_s: float) -> Bucket:
        """The bucket of ``key`` at this capacity and pace (a knob that changes them starts a new one); call it
        holding the lock."""
        full = (*key, capacity, refill_s)
        if full not in self.buckets:
            self.buckets[full] = Bucket(capacity, refill_s, self.clock())
        return self.buckets[full]

    def record(self, entry: dict[str, Any], message: dict[str, Any]) -> None:
        with self.lock:
            entry["message"] = message
            self.messages.append({"seq": entry["seq"], **message})

    def snapshot_messages(self) -> list[dict[str, Any]]:
        with self.lock:
            return [dict(message) for message in self.messages]


class PushHandler(fake_service.Handler):
    """A push target: subclasses answer ``answer`` with a ``Reply`` and say how a forced failure looks
    (``failure``); the logging, the common knobs and the control endpoints are here."""

    server_version = ""

    def do_PUT(self) -> None:
        self.dispatch("PUT")

    def do_PATCH(self) -> None:
        self.dispatch("PATCH")

    def do_OPTIONS(self) -> None:
        self.dispatch("OPTIONS")

    def version_string(self) -> str:
        return self.server_version

    def send_header(self, keyword: str, value: str) -> None:
        """No ``Server`` header when the service sends none (``server_version`` empty)."""
        if keyword == "Server" and not self.server_version:
            return
        super().send_header(keyword, value)

    def send(self, status: int, body: bytes, headers: list[tuple[str, str]] | tuple[()] = (),
             truncate: bool = False) -> None:
        """fake_service's, except that a 204 has no body and no Content-Length (RFC 9110, 8.6)."""
        if status != 204:
            super().send(status, body, headers, truncate)
            return
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def dispatch(self, method: str) -> None:
        split = urllib.parse.urlsplit(self.path)
        query: dict[str, str] = {}
        for key, value in urllib.parse.parse_qsl(split.query, keep_blank_values=True):
            query.setdefault(key, value)
        length = int(self.headers.get("Content-Length") or 0)
        self.request_body = self.rfile.read(length) if length > 0 else b""
        if split.path in CONTROL_PATHS:
            self.control(method, split.path, self.request_body)
        else:
            self.api(method, split.path, query)

    def control(self, method: str, path: str, body: bytes) -> None:
        state: PushState = self.server.service
        if path == "/_messages" and method == "GET":
            messages = state.snapshot_messages()
            self.send_json(200, {"count": len(messages), "messages": messages})
        elif path == "/_messages" and method == "DELETE":
            with state.lock:
                cleared = len(state.messages)
                state.messages.clear()
            self.send_json(200, {"cleared": cleared})
        else:
            super().control(method, path, body)

    # ---- what a subclass says --------------------------------------------------------------

    def answer(self, method: str, path: str, query: Mapping[str, str], knobs: Any) -> Reply:
        raise NotImplementedError

    def failure(self, status: int, knobs: Any) -> Reply:
        """A forced failure (``fail_next``), as the service or the proxy in front of it says it."""
        return Reply(status, f"{status} {self.responses.get(status, ('Error',))[0]}\n".encode(),
                     [("Content-Type", "text/plain; charset=utf-8")])

    # ---- the common part ---------------------------------------------------------------------

    def describe(self, method: str, path: str, query: Mapping[str, str]) -> dict[str, Any]:
        headers: dict[str, str] = {}
        for name, value in self.headers.items():
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
        body = self.request_body
        entry: dict[str, Any] = {"method": method, "path": path, "query": dict(query), "headers": headers,
                                 "authorization": self.headers.get("Authorization"),
                                 "body": body.decode("utf-8", "replace"), "body_bytes": len(body)}
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            entry["body_base64"] = base64.b64encode(body).decode("ascii")
        return entry

    def api(self, method: str, path: str, query: Mapping[str, str]) -> None:
        state: PushState = self.server.service
        entry = state.begin(self.describe(method, path, query))
        if not self.wait_while(lambda: state.held(entry["seq"])):
            state.finish(entry, None, "held")
            return
        with state.lock:
            knobs = state.knobs
            failing = state.take("fail_next")
        if failing:
            reply = self.failure(knobs.fail_status, knobs)
            reply.fault = "fail"
            if knobs.retry_after is not None:
                reply.headers.append(("Retry-After", retry_after_header(knobs.retry_after)))
        else:
            reply = self.answer(method, path, query, knobs)
        if reply.message is not None:
            state.record(entry, reply.message)
        if reply.note:
            with state.lock:
                entry.update(reply.note)
        if knobs.hang_ms:
            with state.lock:
                entry["late_ms"] = knobs.hang_ms
        # Logged before it is sent, so a client that has the answer finds it in the log.
        state.finish(entry, reply.status, reply.fault)
        if knobs.hang_ms:
            deadline = time.monotonic() + knobs.hang_ms / 1000
            if not self.wait_while(lambda: time.monotonic() < deadline):
                return
        self.send(reply.status, reply.body, reply.headers)

    def taken(self, counter: str) -> bool:
        """Consumes one of a one-shot knob."""
        state: PushState = self.server.service
        with state.lock:
            return state.take(counter)

    def now(self) -> float:
        return self.server.service.clock()


class PushServer(fake_service.BackgroundServer):
    """A push fake on 127.0.0.1 in a background thread."""

    state: PushState

    def __init__(self, handler: type[PushHandler], knobs: PushKnobs, *, port: int = 0, name: str,
                 verbose: bool = False, state: type[PushState] = PushState) -> None:
        super().__init__(state(knobs, verbose), handler, port, name)

    def messages(self) -> list[dict[str, Any]]:
        return self.state.snapshot_messages()

    def set_world(self, world: Any) -> None:  # noqa: ARG002 - a push target has no world
        raise ValueError("a push target has no world")


def knob_pairs(text: str) -> dict[str, Any]:
    """``--knobs '{"fail_next": 2}'``: a JSON object of knob names to values."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("--knobs takes a JSON object")
    return value


def main(description: str, make: Callable[..., PushServer], add_arguments: Callable[[argparse.ArgumentParser], None],
         knobs_of: Callable[[argparse.Namespace], dict[str, Any]], name: str,
         argv: Sequence[str] | None = None) -> int:
    """The command line every push fake shares: ``--port`` (0: the system chooses), ``--knobs JSON``, the common
    knobs as options, the fake's own options (``add_arguments``, read back by ``knobs_of``), ``--verbose`` and
    ``--exit-on-stdin-eof``; prints ``READY <base url>`` and serves until SIGTERM, SIGINT or stdin EOF."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default 0: the system chooses)")
    parser.add_argument("--knobs", type=knob_pairs, default={}, help="a JSON object of knobs to start with")
    parser.add_argument("--fail-next", type=int, default=0, help="answer the next N requests with --fail-status")
    parser.add_argument("--fail-status", type=int, default=503)
    parser.add_argument("--retry-after", type=float, default=None, help="Retry-After seconds on failures and 429s")
    parser.add_argument("--throttle-next", type=int, default=0, help="answer the next N as the rate limit does")
    parser.add_argument("--hang-ms", type=int, default=0, help="answer every request this many ms late")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--exit-on-stdin-eof", action="store_true", help="exit when stdin closes (parent died)")
    add_arguments(parser)
    args = parser.parse_args(argv)
    knobs = {"fail_next": args.fail_next, "fail_status": args.fail_status, "retry_after": args.retry_after,
             "throttle_next": args.throttle_next, "hang_ms": args.hang_ms, **knobs_of(args), **args.knobs}
    try:
        server = make(port=args.port, verbose=args.verbose, **knobs)
    except (ValueError, OSError) as exc:
        sys.stderr.write(f"{name}: {exc}\n")
        return 2
    fake_service.serve(server, exit_on_stdin_eof=args.exit_on_stdin_eof)
    return 0
