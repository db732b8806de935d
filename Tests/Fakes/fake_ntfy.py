#!/usr/bin/env python3
"""A fake ntfy server for deepcut's tests, in ntfy's wire format.

Where the facts come from: ``../shared/fixtures/push/README.md`` (the ntfy server at
``binwiederhier/ntfy@81a486a``: ``server/server.go``, ``server/util.go``, ``server/errors.go``, ``util/util.go``,
``docs/publish.md``) and the recorded bodies beside it, which the answers reproduce byte for byte
(``ntfy-publish-200-testy-*.json``, ``ntfy-error-429-42908-daily-quota-ntfy.sh.json``).

Publishing:

* ``PUT``/``POST /<topic>`` (``^[-_A-Za-z0-9]{1,64}$``; any other path is ntfy's 404 40401), body = the message,
  trimmed; an empty one becomes ``triggered``. Options as headers (names case-insensitive, RFC 2047 encoded words
  decoded) or lower-case query parameters, headers first: title ``X-Title``/``Title``/``ti``/``t``; priority
  ``X-Priority``/``Priority``/``prio``/``p`` (``1``–``5``, ``min low default high max urgent``; else 400 40007);
  tags ``X-Tags``/``Tags``/``tag``/``ta`` (comma-separated); ``X-Click``/``Click``; ``X-Icon``/``Icon`` (not
  ``http(s)://`` → 40021); ``X-Attach``/``Attach``/``a`` (not a URL → 40013); ``X-Filename``; markdown
  ``X-Markdown``/``Markdown``/``md`` (``1``/``yes``/``true``) or ``Content-Type: text/markdown``; ``X-Actions``
  (the short ``action, label, url; …`` syntax or a JSON array, at most 3, ``view``/``http``/``broadcast``/``copy``;
  else 40018); ``X-Message``/``m``; ``X-Delay``/``At``/``In`` (seconds, ``30m``/``2h``/``1d`` or a unix time,
  10 s to 3 days; else 40004/40005/40006); ``X-Cache: no`` (no ``expires``); ``X-Email`` (no mail server: 40001).
  ``GET /<topic>/publish`` (``send``, ``trigger``) publishes too.
* ``PUT``/``POST /`` publishes JSON (Apprise's way): ``{"topic", "message", "title", "tags": [...], "priority":
  int, "click", "icon", "actions": [...], "attach", "filename", "markdown": bool, "delay", "email"}``, turned into
  the options above (the request's own headers still count, the JSON's win); over twice the message limit → 413
  41303; not a JSON object or a field of the wrong type → 400 40024; a bad or missing topic → 400 40009.
* Reserved topic names (``docs static file app metrics account settings signup login v1``) → 400 40010.
* The body is the message when it is valid UTF-8 of at most ``message_limit`` bytes (4096); a longer or non-UTF-8
  one is ntfy's attachment, which a server without an attachment cache (the default here, knob
  ``attachment_cache``) refuses with 400 40014 "invalid request: attachments not allowed". ntfy answers 40011
  "message must be UTF-8 encoded" only for a non-UTF-8 body sent with an ``X-Attach`` URL (the body must then be
  the text); a non-UTF-8 body alone is an attachment like an oversized one (``handlePublishBody``, cases 3 and 6).

Authentication (knobs ``token``, ``user``/``password``; without either the server has no users and ignores any
``Authorization``): ``Authorization: Bearer <token>`` or ``Basic base64(user:pass)`` (an empty user name makes the
password a token), or ``?auth=`` (``authorization=``) holding the whole header value base64url-encoded without
padding (undecodable: ntfy's 500 50001). Wrong credentials → 401 40101; none at all → 403 40301 (``anonymous_write``
lets anonymous publishers in), as ntfy's ``authorizeTopicWrite`` refuses an anonymous visitor (server.go; also
binwiederhier/ntfy#1282: "with a real user … 403, with a made up user … 401"); knob ``forbidden``:
a valid user without write access → 403 40301. More than ``auth_failure_burst`` (30) bad attempts, one back a
minute → 429 42909.

Rate limits, per visitor (the user, or else the address): a bucket of ``request_burst`` (60) requests, one back
every ``request_replenish_s`` (5 s) → 429 42901; ``daily_quota`` messages (unlimited by default; 250 on ntfy.sh)
→ 429 42908. ``paid_plan_url`` (default ``https://ntfy.sh``, as the recording; null for a self-hosted server
without payments) appends ``; increase your limits with a paid plan, see <url>`` to every 429's text, as ntfy.sh
does for a visitor without a paid tier. ntfy sends no ``Retry-After``.

Answers: ``200`` ``application/json`` with ``Access-Control-Allow-Origin: *``, the stored message as one line of
Go's JSON (compact, ``<``, ``>``, ``&``, U+2028 and U+2029 escaped as ``\\u003c``…) and ``\\n``, fields in ntfy's
order (``id`` of 12 random letters and digits, ``time``, ``expires`` = time + ``cache_duration_s`` (43200),
``event`` "message", ``topic``, ``title``, ``message``, ``priority`` when given, ``tags``, ``click``, ``icon``,
``actions``, ``attachment``, ``content_type`` "text/markdown"); errors as ``{"code","http","error","link"}`` and
``\\n`` with the texts of the README's table. ``GET /v1/health`` → ``{"healthy":true}``.

The common knobs (``fail_next`` answered with ntfy's 500 50001 body for a 500, else a proxy's plain text,
``retry_after``, ``throttle_next`` → 42901, ``hang_ms``, ``hold_from``) and the log, ``/_messages`` and control
endpoints are fake_push_service.py's. A message the log records is ``{"topic", "title", "message", "priority",
"tags", "click", "icon", "actions", "attach", "filename", "markdown", "content_type", "delay", "id", "json"}``
(``json``: published as JSON to ``/``).

Use it as a script: ``python3 fake_ntfy.py [--token tk_…] [--user U --password P] [--message-limit N]
[--daily-quota N] [--request-burst N] [--knobs JSON]`` prints ``READY http://127.0.0.1:PORT`` and serves until
SIGTERM/SIGINT (or stdin EOF with ``--exit-on-stdin-eof``). Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import dataclasses
import email.header
import json
import re
import secrets
import string
import sys
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_push_service  # noqa: E402
from fake_push_service import PushKnobs, Reply  # noqa: E402

TOPIC = re.compile(r"^[-_A-Za-z0-9]{1,64}$")
TOPIC_PATH = re.compile(r"^/([-_A-Za-z0-9]{1,64})$")
GET_PUBLISH_PATH = re.compile(r"^/([-_A-Za-z0-9]{1,64})/(publish|send|trigger)$")
DISALLOWED_TOPICS = ("docs", "static", "file", "app", "metrics", "account", "settings", "signup", "login", "v1")
URL = re.compile(r"^https?://")
ID_ALPHABET = string.ascii_letters + string.digits
PRIORITIES = {"1": 1, "min": 1, "2": 2, "low": 2, "3": 3, "default": 3, "4": 4, "high": 4, "5": 5, "max": 5,
              "urgent": 5}
# Cloudflare's HTTP "Priority: u=3, i" is not ntfy's priority: util.go's maybeIgnoreSpecialHeader skips it.
HTTP_PRIORITY = re.compile(r"^u=\d,\s*(i|\d)$|^u=\d$")
ACTIONS = ("view", "broadcast", "http", "copy")
MAX_ACTIONS = 3
LIMITS = "https://ntfy.sh/docs/publish/#limitations"
AUTH = "https://ntfy.sh/docs/publish/#authentication"
DELAY_DOCS = "https://ntfy.sh/docs/publish/#scheduled-delivery"
MIN_DELAY_S = 10
MAX_DELAY_S = 3 * 24 * 3600

# code -> (HTTP status, text, link); server/errors.go as the README's table quotes it.
ERRORS: dict[int, tuple[int, str, str]] = {
    40001: (400, "e-mail notifications are not enabled", "https://ntfy.sh/docs/config/#e-mail-notifications"),
    40004: (400, "invalid delay parameter: unable to parse delay", DELAY_DOCS),
    40005: (400, "invalid delay parameter: too small, please refer to the docs", DELAY_DOCS),
    40006: (400, "invalid delay parameter: too large, please refer to the docs", DELAY_DOCS),
    40007: (400, "invalid priority parameter", "https://ntfy.sh/docs/publish/#message-priority"),
    40009: (400, "invalid request: topic invalid", ""),
    40010: (400, "invalid request: topic name is not allowed", ""),
    40011: (400, "invalid request: message must be UTF-8 encoded", ""),
    40013: (400, "invalid request: attachment URL is invalid", "https://ntfy.sh/docs/publish/#attachments"),
    40014: (400, "invalid request: attachments not allowed", "https://ntfy.sh/docs/config/#attachments"),
    40018: (400, "invalid request: actions invalid", "https://ntfy.sh/docs/publish/#action-buttons"),
    40021: (400, "invalid request: icon URL is invalid", "https://ntfy.sh/docs/publish/#icons"),
    40024: (400, "invalid request: request body must be valid JSON", ""),
    40101: (401, "unauthorized", AUTH),
    40301: (403, "forbidden", AUTH),
    40401: (404, "page not found", ""),
    41301: (413, "attachment too large, or bandwidth limit reached", LIMITS),
    41303: (413, "JSON body too large", ""),
    42901: (429, "limit reached: too many requests", LIMITS),
    42908: (429, "limit reached: daily message quota reached", LIMITS),
    42909: (429, "limit reached: too many auth failures", LIMITS),
    50001: (500, "internal server error", ""),
}


def go_json(value: Any) -> str:
    """Go's ``encoding/json``: compact, UTF-8 as is, and ``<``, ``>``, ``&``, U+2028, U+2029 escaped (HTML-safe).
    Outside strings none of them can occur, so replacing them everywhere is safe."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                         ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def json_line(value: Any) -> bytes:
    """What ``json.NewEncoder(w).Encode(v)`` writes: one line and its newline."""
    return (go_json(value) + "\n").encode("utf-8")


class NtfyError(Exception):
    def __init__(self, code: int, detail: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail


@dataclasses.dataclass
class Knobs(PushKnobs):
    message_limit: int = 4096
    attachment_cache: bool = False  # True: an oversized or binary body is stored as an attachment
    token: str | None = None
    user: str | None = None
    password: str | None = None
    anonymous_write: bool = False  # with users configured: whether an anonymous visitor may publish
    forbidden: bool = False  # a valid user has no write access to the topic
    request_burst: int = 60
    request_replenish_s: float = 5.0
    daily_quota: int | None = None
    paid_plan_url: str | None = "https://ntfy.sh"
    auth_failure_burst: int = 30
    auth_failure_replenish_s: float = 60.0
    cache_duration_s: int = 43200
    base_url: str = "https://ntfy.example.com"  # where an attachment's URL points

    def check(self) -> None:
        if self.message_limit < 1 or self.request_burst < 0 or self.auth_failure_burst < 0:
            raise ValueError("message_limit must be positive and the bursts non-negative")

    @property
    def auth_enabled(self) -> bool:
        return bool(self.token) or self.user is not None


def error_reply(code: int, knobs: Knobs, detail: str = "", paid: bool = True) -> Reply:
    status, text, link = ERRORS[code]
    if detail:
        text = f"{text}; {detail}"
    if status == 429 and paid and knobs.paid_plan_url:
        text = f"{text}; increase your limits with a paid plan, see {knobs.paid_plan_url}"
    payload: dict[str, Any] = {"code": code, "http": status, "error": text}
    if link:
        payload["link"] = link
    return Reply(status, json_line(payload),
                 [("Content-Type", "application/json"), ("Access-Control-Allow-Origin", "*")], fault=f"ntfy:{code}")


def mime_decoded(name: str, value: str) -> str:
    """util.go's ``maybeDecodeHeader``: RFC 2047 encoded words decoded, and HTTP's own ``Priority: u=…`` ignored."""
    if "=?" in value:
        try:
            value = str(email.header.make_header(email.header.decode_header(value)))
        except (ValueError, LookupError, UnicodeDecodeError):
            pass
    if name.lower() == "priority" and HTTP_PRIORITY.match(value.strip()):
        return ""
    return value


class Params:
    """server/util.go's ``readParam``: the first non-empty header of the names, else the first non-empty query
    parameter of the names in lower case; a JSON publish's fields act as the headers it sets."""

    def __init__(self, headers: Any, query: Mapping[str, str]) -> None:
        self.headers = headers
        self.query = query
        self.overrides: dict[str, str] = {}

    def get(self, *names: str) -> str:
        for name in names:
            value = self.overrides.get(name.lower())
            if value is None:
                value = self.headers.get(name) or ""
            value = mime_decoded(name, value).strip()
            if value:
                return value
        for name in names:
            value = self.query.get(name.lower(), "")
            if value:
                return value.strip()
        return ""

    def flag(self, default: bool, *names: str) -> bool:
        value = self.get(*names).lower()
        return default if value == "" else value in ("1", "yes", "true")


def parse_delay(text: str, now: int) -> int:
    """A delay as ntfy's ``ParseFutureTime`` reads its common forms: a unix time, or a duration (``30m``, ``2h``,
    ``1d``, bare seconds); the natural-language forms are not modelled."""
    match = re.fullmatch(r"(\d+)\s*(s|sec|m|min|h|hour|d|day)?s?", text.strip().lower())
    if not match:
        raise NtfyError(40004)
    number, unit = int(match.group(1)), match.group(2)
    if unit is None and number > 1_000_000_000:
        when = number
    else:
        seconds = {None: 1, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400,
                   "day": 86400}[unit]
        when = now + number * seconds
    if when < now + MIN_DELAY_S:
        raise NtfyError(40005)
    if when > now + MAX_DELAY_S:
        raise NtfyError(40006)
    return when


def parse_actions(text: str) -> list[dict[str, Any]]:
    """``X-Actions``: a JSON array of ``{"action", "label", "url"…}`` or the short ``action, label, url[, clear=true];
    …`` syntax; each gets ntfy's random ``id``."""
    raw: list[dict[str, Any]] = []
    if text.lstrip().startswith("["):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NtfyError(40018, "JSON error: " + exc.msg) from None
        if not isinstance(value, list) or not all(isinstance(a, dict) for a in value):
            raise NtfyError(40018, "JSON error: expected an array of objects")
        raw = value
    else:
        for part in (p.strip() for p in text.split(";")):
            if not part:
                continue
            fields = [f.strip() for f in part.split(",")]
            action: dict[str, Any] = {"action": fields[0].lower()}
            positional = ["label", "url" if fields[0].lower() in ("view", "http") else "value"]
            for field in fields[1:]:
                key, sep, value = field.partition("=")
                if sep and re.fullmatch(r"[a-z._]+", key.strip()):
                    action[key.strip()] = value.strip() if key.strip() != "clear" else value.strip() == "true"
                elif positional:
                    action[positional.pop(0)] = field
            raw.append(action)
    if len(raw) > MAX_ACTIONS:
        raise NtfyError(40018, f"only {MAX_ACTIONS} actions allowed")
    actions = []
    for item in raw:
        kind = str(item.get("action", "")).lower()
        if kind not in ACTIONS:
            raise NtfyError(40018, f"parameter 'action' cannot be '{item.get('action', '')}', valid values are "
                                   "'view', 'broadcast', 'http' and 'copy'")
        if not item.get("label"):
            raise NtfyError(40018, "parameter 'label' is required")
        if kind in ("view", "http") and not item.get("url"):
            raise NtfyError(40018, f"parameter 'url' is required for action '{kind}'")
        action = {"id": random_id(10), "action": kind, "label": item["label"], "clear": bool(item.get("clear"))}
        for key in ("url", "method", "headers", "body", "intent", "extras", "value"):
            if item.get(key) not in (None, ""):
                action[key] = item[key]
        actions.append(action)
    return actions


def random_id(length: int = 12) -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(length))


class _Handler(fake_push_service.PushHandler):
    server_version = ""  # Go's net/http sends no Server header

    def failure(self, status: int, knobs: Knobs) -> Reply:
        if status == 500:
            return error_reply(50001, knobs)
        return super().failure(status, knobs)

    def answer(self, method: str, path: str, query: Mapping[str, str], knobs: Knobs) -> Reply:
        try:
            return self.publish(method, path, query, knobs)
        except NtfyError as error:
            return error_reply(error.code, knobs, error.detail)

    # ---- server.go's handle, in its order ---------------------------------------------------------

    def publish(self, method: str, path: str, query: Mapping[str, str], knobs: Knobs) -> Reply:
        visitor, user = self.authenticate(query, knobs)
        if method == "GET" and path == "/v1/health":
            return Reply(200, json_line({"healthy": True}), [("Content-Type", "application/json"),
                                                               ("Access-Control-Allow-Origin", "*")])
        json_publish = method in ("PUT", "POST") and path == "/"
        match = TOPIC_PATH.match(path) if method in ("PUT", "POST") else GET_PUBLISH_PATH.match(path) \
            if method == "GET" else None
        if not json_publish and match is None:
            raise NtfyError(40401)
        self.limit_requests(visitor, knobs)
        params = Params(self.headers, query)
        body = self.request_body
        published_json = False
        if json_publish:
            topic, body = self.transform_json(params, knobs)
            published_json = True
        else:
            assert match is not None
            topic = match.group(1)
        if topic in DISALLOWED_TOPICS:
            raise NtfyError(40010)
        self.authorize(user, knobs)
        message = self.parse_params(params, knobs)
        self.count_message(visitor, knobs)
        self.take_body(message, params, body, knobs)
        if not message["message"]:
            message["message"] = "triggered"
        stored = self.stored(topic, message, knobs)
        logged = {"topic": topic, "title": message["title"], "message": message["message"],
                  "priority": message["priority"] or None, "tags": message["tags"], "click": message["click"] or None,
                  "icon": message["icon"] or None, "actions": message["actions"], "attach": message["attach"] or None,
                  "filename": message["filename"] or None, "markdown": message["markdown"],
                  "content_type": stored.get("content_type"), "delay": message["delay"], "id": stored["id"],
                  "json": published_json}
        return Reply(200, json_line(stored), [("Content-Type", "application/json"),
                                              ("Access-Control-Allow-Origin", "*")], message=logged)

    def authenticate(self, query: Mapping[str, str], knobs: Knobs) -> tuple[str, str | None]:
        """``maybeAuthenticate``: the visitor (``user:NAME`` or the address) and the user, if any."""
        address = f"ip:{self.client_address[0]}"
        if not knobs.auth_enabled:
            return address, None
        header = (self.headers.get("Authorization") or "").strip()
        raw = query.get("authorization") or query.get("auth") or ""
        if raw:
            try:
                if "=" in raw:  # Go's RawURLEncoding takes no padding
                    raise ValueError(raw)
                header = base64.b64decode(raw + "=" * (-len(raw) % 4), altchars=b"-_", validate=True).decode(
                    "utf-8").strip()
            except (binascii.Error, ValueError):
                raise NtfyError(50001) from None
        lowered = header.lower()
        if not (lowered.startswith("basic ") or lowered.startswith("bearer ")):
            return address, None
        state = self.server.service
        with state.lock:
            failures = state.bucket(("auth-failures", address), knobs.auth_failure_burst,
                                    knobs.auth_failure_replenish_s)
            if failures.wait_s(self.now()) > 0:
                raise NtfyError(42909)
        user = self.credentials(header, knobs)
        if user is None:
            with state.lock:
                failures.take(self.now())
            raise NtfyError(40101)
        return f"user:{user}", user

    @staticmethod
    def credentials(header: str, knobs: Knobs) -> str | None:
        """Whose credentials these are, or None when they are wrong."""
        if header.startswith("Bearer"):  # case-sensitive in server.go's authenticate
            token = header[len("Bearer"):].strip()
            return "token-user" if knobs.token and token == knobs.token else None
        if not header.lower().startswith("basic "):  # Go's Request.BasicAuth
            return None
        try:
            pair = base64.b64decode(header[len("basic"):].strip(), validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            return None
        name, sep, password = pair.partition(":")
        if not sep:
            return None
        if name == "":
            return "token-user" if knobs.token and password == knobs.token else None
        if knobs.user is not None and name == knobs.user and password == (knobs.password or ""):
            return name
        return None

    def limit_requests(self, visitor: str, knobs: Knobs) -> None:
        state = self.server.service
        with state.lock:
            bucket = state.bucket(("requests", visitor), knobs.request_burst, knobs.request_replenish_s)
            allowed = bucket.take(self.now())
        if self.taken("throttle_next") or not allowed:
            raise NtfyError(42901)

    def transform_json(self, params: Params, knobs: Knobs) -> tuple[str, bytes]:
        """``transformBodyJSON``: the JSON's fields become the options, its message the body."""
        body = self.request_body
        if len(body) > 2 * knobs.message_limit:
            raise NtfyError(41303)
        try:
            value = json.loads(body.decode("utf-8", "replace"))
        except json.JSONDecodeError:
            raise NtfyError(40024) from None
        if not isinstance(value, dict):
            raise NtfyError(40024)

        def typed(key: str, kind: type | tuple[type, ...]) -> Any:
            field = value.get(key)
            if field is None:
                return None
            if not isinstance(field, kind) or (kind is int and isinstance(field, bool)):
                raise NtfyError(40024)  # Go's decoder refuses a field of another type
            return field

        for key in ("topic", "message", "title", "click", "icon", "attach", "filename", "email", "call", "delay",
                    "cache", "firebase"):
            typed(key, str)
        priority = typed("priority", int)
        tags = typed("tags", list)
        if tags is not None and not all(isinstance(tag, str) for tag in tags):
            raise NtfyError(40024)
        markdown = typed("markdown", bool)
        actions = typed("actions", list)
        topic = value.get("topic") or ""
        if not TOPIC.match(topic):
            raise NtfyError(40009)
        for key, header in (("title", "x-title"), ("click", "x-click"), ("icon", "x-icon"), ("attach", "x-attach"),
                            ("filename", "x-filename"), ("email", "x-email"), ("delay", "x-delay"),
                            ("cache", "x-cache")):
            if value.get(key):
                params.overrides[header] = value[key]
        if priority:
            params.overrides["x-priority"] = str(priority)
        if tags:
            params.overrides["x-tags"] = ",".join(tags)
        if actions:
            params.overrides["x-actions"] = json.dumps(actions)
        if markdown:
            params.overrides["x-markdown"] = "1"
        message = value.get("message") or "triggered"
        return topic, message.encode("utf-8")

    def authorize(self, user: str | None, knobs: Knobs) -> None:
        """``authorizeTopicWrite``: with users configured, an anonymous visitor may not publish (unless
        ``anonymous_write``), nor a user without write access (``forbidden``)."""
        if knobs.forbidden and (user is not None or not knobs.auth_enabled):
            raise NtfyError(40301)
        if knobs.auth_enabled and user is None and not knobs.anonymous_write:
            raise NtfyError(40301)

    def parse_params(self, params: Params, knobs: Knobs) -> dict[str, Any]:  # noqa: ARG002
        """``parsePublishParams``."""
        message: dict[str, Any] = {"title": params.get("x-title", "title", "ti", "t"),
                                   "click": params.get("x-click", "click"), "message": "", "icon": "",
                                   "attach": "", "filename": params.get("x-filename", "filename", "file", "f"),
                                   "delay": None, "actions": None}
        message["cache"] = params.flag(True, "x-cache", "cache")
        icon = params.get("x-icon", "icon")
        attach = params.get("x-attach", "attach", "a")
        if attach:
            if not URL.match(attach):
                raise NtfyError(40013)
            message["attach"] = attach
        if icon:
            if not URL.match(icon):
                raise NtfyError(40021)
            message["icon"] = icon
        if params.get("x-email", "x-e-mail", "email", "e-mail", "mail", "e"):
            raise NtfyError(40001)
        header_message = params.get("x-message", "message", "m").replace("\\n", "\n")
        if header_message:
            message["message"] = header_message
        priority = params.get("x-priority", "priority", "prio", "p").lower()
        if priority and priority not in PRIORITIES:
            raise NtfyError(40007)
        message["priority"] = PRIORITIES.get(priority, 0)
        tags = params.get("x-tags", "tags", "tag", "ta")
        message["tags"] = [t.strip() for t in tags.split(",") if t.strip()] if tags else None
        delay = params.get("x-delay", "delay", "x-at", "at", "x-in", "in")
        if delay:
            message["delay"] = parse_delay(delay, int(time.time()))
        actions = params.get("x-actions", "actions", "action")
        if actions:
            message["actions"] = parse_actions(actions)
        message["markdown"] = params.flag(False, "x-markdown", "markdown", "md") or \
            params.get("content-type", "content_type").lower() == "text/markdown"
        return message

    def count_message(self, visitor: str, knobs: Knobs) -> None:
        """``MessageAllowed``: the daily quota, counted when asked, whatever the body turns out to be."""
        if knobs.daily_quota is None:
            return
        state = self.server.service
        with state.lock:
            sent = state.counters.get(f"messages:{visitor}", 0)
            if sent >= knobs.daily_quota:
                raise NtfyError(42908)
            state.counters[f"messages:{visitor}"] = sent + 1

    def take_body(self, message: dict[str, Any], params: Params, body: bytes, knobs: Knobs) -> None:  # noqa: ARG002
        """``handlePublishBody``: the body as the message (cases 3 and 5) or as an attachment (4 and 6)."""
        try:
            text: str | None = body.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if message["attach"]:  # case 3: an external attachment, the body must be the message
            if text is None:
                raise NtfyError(40011)
            self.body_as_text(message, text)
        elif message["filename"] or text is None or len(body) > knobs.message_limit:  # cases 4 and 6
            if not knobs.attachment_cache:
                raise NtfyError(40014)
            is_text = text is not None
            ext = ".txt" if is_text else ".bin"
            name = message["filename"] or f"attachment{ext}"
            message["attachment"] = {"name": name,
                                     "type": "text/plain; charset=utf-8" if is_text else "application/octet-stream",
                                     "size": len(body), "expires": 0, "url": ext}
            if not message["message"]:
                message["message"] = f"You received a file: {name}"
        else:  # case 5
            self.body_as_text(message, text)

    @staticmethod
    def body_as_text(message: dict[str, Any], text: str) -> None:
        if text:
            message["message"] = text.strip()
        if message["attach"] and not message["message"]:
            name = message["filename"] or message["attach"].rstrip("/").rsplit("/", 1)[-1] or "attachment"
            message["message"] = f"You received a file: {name}"

    def stored(self, topic: str, message: dict[str, Any], knobs: Knobs) -> dict[str, Any]:
        """The message as ntfy stores and answers it, in its fields' order, empty ones left out."""
        now = int(time.time())
        when = message["delay"] or now
        stored: dict[str, Any] = {"id": random_id(), "time": when}
        if message["cache"]:
            stored["expires"] = when + knobs.cache_duration_s
        stored.update({"event": "message", "topic": topic})
        if message["title"]:
            stored["title"] = message["title"]
        stored["message"] = message["message"]
        if message["priority"]:
            stored["priority"] = message["priority"]
        if message["tags"]:
            stored["tags"] = message["tags"]
        for key in ("click", "icon"):
            if message[key]:
                stored[key] = message[key]
        if message["actions"]:
            stored["actions"] = message["actions"]
        attachment = message.get("attachment")
        if message["attach"]:
            name = message["filename"] or message["attach"].rstrip("/").rsplit("/", 1)[-1] or "attachment"
            stored["attachment"] = {"name": name, "url": message["attach"]}
        elif attachment:
            attachment["expires"] = now + 3 * 3600
            attachment["url"] = f"{knobs.base_url}/file/{stored['id']}{attachment['url']}"
            stored["attachment"] = attachment
        if message["markdown"]:
            stored["content_type"] = "text/markdown"
        return stored


class FakeNtfyServer(fake_push_service.PushServer):
    """The fake ntfy server on 127.0.0.1 in a background thread."""

    def __init__(self, *, port: int = 0, verbose: bool = False, **knobs: Any) -> None:
        super().__init__(_Handler, Knobs().updated(knobs), port=port, name="fake-ntfy", verbose=verbose)


def main(argv: Sequence[str] | None = None) -> int:
    def add_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--token", help="an access token (tk_…) publishers must send")
        parser.add_argument("--user", help="a user publishers must log in as (with --password)")
        parser.add_argument("--password")
        parser.add_argument("--message-limit", type=int, default=4096)
        parser.add_argument("--daily-quota", type=int, default=None,
                            help="messages a visitor may send (default: no limit)")
        parser.add_argument("--request-burst", type=int, default=60)
        parser.add_argument("--attachment-cache", action="store_true", help="keep oversized bodies as attachments")

    def knobs_of(args: argparse.Namespace) -> dict[str, Any]:
        return {"token": args.token, "user": args.user, "password": args.password,
                "message_limit": args.message_limit, "daily_quota": args.daily_quota,
                "request_burst": args.request_burst, "attachment_cache": args.attachment_cache}

    return fake_push_service.main("Fake ntfy server on 127.0.0.1 for tests.", FakeNtfyServer, add_arguments, knobs_of,
                                  "fake_ntfy", argv)


if __name__ == "__main__":
    sys.exit(main())
