#!/usr/bin/env python3
"""A fake Discord webhook endpoint for deepcut's tests, in Discord's wire format.

Where the facts come from: ``../shared/fixtures/push/README.md`` (discord-api-docs ``webhook.mdx``,
``message.mdx``, ``rate-limits.mdx``, ``reference.mdx``) and the recordings beside it
(``discord-webhook-200-wait-message-with-attachment.json``, ``discord-webhook-413-40005-entity-too-large.json``,
``discord-429-*.docs-example.txt``); the shape of a real 50035 answer (``{"message": "Invalid Form Body", "code":
50035, "errors": …}``, ``MAX_EMBED_SIZE_EXCEEDED`` "Embed size exceeds maximum size of 6000") from answers quoted in
client issues (ritsec/ops-bot-iii#20 2023, NelsonDane/auto-rsa#451 2024), and the older flat form an unversioned
URL still gets (``{"embeds": ["Embed size exceeds maximum size of 6000"]}``, jordanlambrecht/calendarr#3 2025).

* ``POST /api/v{N}/webhooks/{id}/{token}`` and the unversioned ``/api/webhooks/{id}/{token}`` (Apprise's), query
  ``wait`` (``true``/``1``: 200 with the created message; else 204 with no body) and ``thread_id``. ``"wait": true``
  inside the JSON body (Apprise puts it there) is an unknown field Discord ignores: the answer is still 204.
  ``GET`` of the same path answers the webhook object; other methods 405; other paths Discord's 404.
* The body: ``application/json`` (not JSON → 400 50109 "The request body contains invalid JSON."; JSON that is not an
  object → 50035 ``DICT_TYPE_CONVERT``), a form (``application/x-www-form-urlencoded``) or ``multipart/form-data``
  (``payload_json`` or the fields, files as attachments). Any other or no ``Content-Type`` leaves the body unread,
  so the message is empty: 400 50006 "Cannot send an empty message" (what a client forgetting the header gets).
* Limits (characters, leading and trailing whitespace trimmed): ``content`` 2000, ``embeds`` 10, an embed's
  ``title`` 256, ``description`` 4096, ``fields`` 25, a field's ``name`` 256 and ``value`` 1024, ``footer.text``
  2048, ``author.name`` 256, and those texts summed over all embeds 6000; breaking any → 400 50035 with every broken
  one under ``errors`` (``{"embeds": {"0": {"description": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message":
  "Must be 4096 or fewer in length."}]}}}}``), or, at an unversioned URL (knob ``flat_errors_unversioned``), in the
  older flat form ``{"content": ["Must be 2000 or fewer in length."]}``. Nothing to post (no content, embeds, files,
  components, poll) → 400 50006. A request over ``max_body_bytes`` (25 MiB) → 413 ``{"message": "Request entity too
  large", "code": 40005}``, byte for byte the recording.
* Webhooks (knob ``webhooks``, ``{id: token}``; null accepts any): an unknown id → 404 ``{"message": "Unknown
  Webhook", "code": 10015}``, a wrong token → 401 ``{"message": "Invalid Webhook Token", "code": 50027}``.
* Rate limit, per webhook: ``rate_limit`` (5) requests a ``rate_window_s`` (2 s) window → 429 ``{"message": "You are
  being rate limited.", "retry_after": <s>, "global": false}`` with ``Retry-After`` (whole seconds, rounded up) and
  ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch s), ``-Reset-After``, ``-Bucket``, ``-Scope: user``;
  every answer of the webhook path carries the ``X-RateLimit-*`` headers. ``throttle_next`` forces that many 429s
  with ``retry_after`` seconds (knob; unset: what is left of the window); ``throttle_global`` makes them the global
  kind (``"global": true``, ``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global``).
* Bodies are JSON with Python's ``", "`` and ``": "`` separators, as recorded; a message answered with ``wait`` has
  the recording's keys in its order (``id`` a snowflake of now, ``type`` 0, ``content``, ``channel_id``, ``author``
  {``bot`` true, ``id`` the webhook id, ``username`` the payload's or ``webhook_name``, ``avatar`` null,
  ``discriminator`` "0000"}, ``attachments``, ``embeds`` (each given ``"type": "rich"``), ``mentions``,
  ``mention_roles``, ``pinned``, ``mention_everyone``, ``tts``, ``timestamp``, ``edited_timestamp``, ``flags``,
  ``components``, ``webhook_id``).

The common knobs (``fail_next``: Discord's ``{"message": "500: Internal Server Error", "code": 0}`` for a 500, a
proxy's plain text otherwise; ``retry_after``; ``throttle_next``; ``hang_ms``; ``hold_from``), the log, ``/_messages``
and the control endpoints are fake_push_service.py's. A message the log records is ``{"webhook_id", "content",
"username", "avatar_url", "tts", "embeds", "attachments", "thread_id", "wait", "api_version", "allowed_mentions"}``.

Use it as a script: ``python3 fake_discord.py [--webhook ID:TOKEN]… [--rate-limit N] [--knobs JSON]`` prints
``READY http://127.0.0.1:PORT`` and serves until SIGTERM/SIGINT (or stdin EOF with ``--exit-on-stdin-eof``). Only
the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import email.parser
import email.policy
import hashlib
import itertools
import json
import re
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_push_service  # noqa: E402
from fake_push_service import PushKnobs, Reply, retry_after_header  # noqa: E402

WEBHOOK_PATH = re.compile(r"^/api(?:/v(\d+))?/webhooks/(\d+)/([^/]+)$")
DISCORD_EPOCH_MS = 1420070400000
EMBED_LIMITS = (("title", 256), ("description", 4096))
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_FIELDS = 25
MAX_EMBED_TOTAL = 6000
_increment = itertools.count()


def body(value: Any) -> bytes:
    """Discord's JSON: Python's default separators, UTF-8."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def snowflake(now_ms: int) -> str:
    return str(((now_ms - DISCORD_EPOCH_MS) << 22) | (1 << 17) | (next(_increment) & 0xFFF))


@dataclasses.dataclass
class Knobs(PushKnobs):
    webhooks: dict[str, str] | None = None  # known webhook ids and their tokens; null accepts any
    webhook_name: str = "Captain Hook"
    channel_id: str = "849615269706203171"
    guild_id: str = "849615269274484736"
    rate_limit: int = 5
    rate_window_s: float = 2.0
    throttle_global: bool = False
    flat_errors_unversioned: bool = True
    max_body_bytes: int = 25 * 1024 * 1024  # a larger request → 413 40005 (the recording's body)

    def check(self) -> None:
        if self.webhooks is not None and not isinstance(self.webhooks, dict):
            raise ValueError("webhooks must be an object of webhook ids to tokens, or null")
        if self.rate_limit < 1 or self.rate_window_s <= 0:
            raise ValueError("rate_limit must be positive and rate_window_s above 0")


def json_reply(status: int, payload: Any, headers: list[tuple[str, str]] | None = None,
               fault: str | None = None) -> Reply:
    return Reply(status, body(payload), [("Content-Type", "application/json"), *(headers or [])], fault=fault)


class FormErrors:
    """The ``errors`` of a 50035, in the v8+ nested form or the flat (v6) form."""

    def __init__(self, flat: bool) -> None:
        self.flat = flat
        self.tree: dict[str, Any] = {}

    def add(self, path: Sequence[str], code: str, message: str) -> None:
        node = self.tree
        for key in path[:-1]:
            node = node.setdefault(key, {})
        if self.flat:
            node.setdefault(path[-1], []).append(message)
        else:
            node.setdefault(path[-1], {}).setdefault("_errors", []).append({"code": code, "message": message})

    def too_long(self, path: Sequence[str], limit: int) -> None:
        self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def reply(self) -> Reply:
        if self.flat:
            return json_reply(400, self.tree, fault="discord:50035")
        return json_reply(400, {"message": "Invalid Form Body", "code": 50035, "errors": self.tree},
                          fault="discord:50035")


def trimmed_length(value: Any) -> int:
    return len(value.strip()) if isinstance(value, str) else 0


def check_embeds(embeds: list[Any], errors: FormErrors) -> None:
    if len(embeds) > MAX_EMBEDS:
        errors.too_long(["embeds"], MAX_EMBEDS)
    total = 0
    for index, embed in enumerate(embeds):
        at = ["embeds", str(index)]
        if not isinstance(embed, dict):
            errors.add(at, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        for key, limit in EMBED_LIMITS:
            length = trimmed_length(embed.get(key))
            total += length
            if length > limit:
                errors.too_long([*at, key], limit)
        for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
            part = embed.get(key)
            length = trimmed_length(part.get(inner)) if isinstance(part, dict) else 0
            total += length
            if length > limit:
                errors.too_long([*at, key, inner], limit)
        fields = embed.get("fields") or []
        if isinstance(fields, list):
            if len(fields) > MAX_FIELDS:
                errors.too_long([*at, "fields"], MAX_FIELDS)
            for number, field in enumerate(fields):
                if not isinstance(field, dict):
                    continue
                for key, limit in (("name", 256), ("value", 1024)):
                    length = trimmed_length(field.get(key))
                    total += length
                    if length > limit:
                        errors.too_long([*at, "fields", str(number), key], limit)
    if total > MAX_EMBED_TOTAL:
        errors.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")


def read_payload(content_type: str, raw: bytes) -> tuple[dict[str, Any] | None, list[dict[str, Any]], str | None]:
    """The payload, the files, and what went wrong (``"json"``: not JSON; ``"dict"``: JSON but not an object)."""
    kind = content_type.split(";")[0].strip().lower()
    if kind == "application/json":
        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            return None, [], "json"
        return (value, [], None) if isinstance(value, dict) else (None, [], "dict")
    if kind == "application/x-www-form-urlencoded":
        form = dict(urllib.parse.parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True))
        if "tts" in form:
            form["tts"] = form["tts"].lower() in ("true", "1")  # type: ignore[assignment]
        return form, [], None
    if kind == "multipart/form-data":
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + raw)
        payload: dict[str, Any] = {}
        files: list[dict[str, Any]] = []
        for part in message.iter_parts() if message.is_multipart() else []:
            name = part.get_param("name", header="content-disposition")
            data = part.get_payload(decode=True) or b""
            if part.get_filename():
                files.append({"field": name, "filename": part.get_filename(), "size": len(data),
                              "content_type": part.get_content_type()})
            elif name == "payload_json":
                try:
                    value = json.loads(data.decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError):
                    return None, [], "json"
                if not isinstance(value, dict):
                    return None, [], "dict"
                payload.update(value)
            elif name:
                payload[str(name)] = data.decode("utf-8", "replace")
        return payload, files, None
    return {}, [], None  # Discord reads no body it has no parser for


class _Handler(fake_push_service.PushHandler):
    server_version = "cloudflare"

    def failure(self, status: int, knobs: Knobs) -> Reply:
        if status == 500:
            return json_reply(500, {"message": "500: Internal Server Error", "code": 0})
        return super().failure(status, knobs)

    def answer(self, method: str, path: str, query: Mapping[str, str], knobs: Knobs) -> Reply:
        match = WEBHOOK_PATH.match(path)
        if match is None:
            return json_reply(404, {"message": "404: Not Found", "code": 0}, fault="discord:404")
        version, webhook_id, token = match.groups()
        if knobs.webhooks is not None:
            if webhook_id not in knobs.webhooks:
                return json_reply(404, {"message": "Unknown Webhook", "code": 10015}, fault="discord:10015")
            if knobs.webhooks[webhook_id] != token:
                return json_reply(401, {"message": "Invalid Webhook Token", "code": 50027}, fault="discord:50027")
        if method == "GET":
            return json_reply(200, {"application_id": None, "avatar": None, "channel_id": knobs.channel_id,
                                    "guild_id": knobs.guild_id, "id": webhook_id, "name": knobs.webhook_name,
                                    "type": 1, "token": token})
        if method != "POST":
            return json_reply(405, {"message": "405: Method Not Allowed", "code": 0}, fault="discord:405")
        limited, headers = self.rate_limit(webhook_id, knobs)
        if limited is not None:
            return limited
        reply = self.execute(version, webhook_id, query, knobs)
        reply.headers.extend(headers)
        return reply

    def rate_limit(self, webhook_id: str, knobs: Knobs) -> tuple[Reply | None, list[tuple[str, str]]]:
        """A fixed window per webhook, as Discord's headers describe one: ``rate_limit`` requests, the window
        starting with its first."""
        state = self.server.service
        bucket = hashlib.sha1(f"webhook:{webhook_id}".encode()).hexdigest()[:32]
        forced = self.taken("throttle_next")
        with state.lock:
            now = state.clock()
            window = state.counters.setdefault(f"window:{webhook_id}", {"reset": 0.0, "used": 0})  # type: ignore
            if now >= window["reset"]:
                window.update(reset=now + knobs.rate_window_s, used=0)
            limited = forced or window["used"] >= knobs.rate_limit
            if not limited:
                window["used"] += 1
            reset_after = max(0.0, window["reset"] - now)
            remaining = knobs.rate_limit - window["used"]
        headers = [("X-RateLimit-Bucket", bucket), ("X-RateLimit-Limit", str(knobs.rate_limit)),
                   ("X-RateLimit-Remaining", str(max(0, remaining))),
                   ("X-RateLimit-Reset", f"{time.time() + reset_after:.3f}"),
                   ("X-RateLimit-Reset-After", f"{reset_after:.3f}")]
        if not limited:
            return None, headers
        if forced:
            wait = knobs.retry_after if knobs.retry_after is not None else reset_after or knobs.rate_window_s
        else:
            wait = reset_after
        wait = round(wait, 3)
        if forced and knobs.throttle_global:
            return json_reply(429, {"message": "You are being rate limited.", "retry_after": wait, "global": True},
                              [("Retry-After", retry_after_header(wait)), ("X-RateLimit-Global", "true"),
                               ("X-RateLimit-Scope", "global")], fault="rate_limit"), []
        headers = [(name, "0" if name == "X-RateLimit-Remaining" else value) for name, value in headers]
        if forced:
            headers = [(n, f"{wait:.3f}" if n == "X-RateLimit-Reset-After" else
                        f"{time.time() + wait:.3f}" if n == "X-RateLimit-Reset" else v) for n, v in headers]
        return json_reply(429, {"message": "You are being rate limited.", "retry_after": wait, "global": False},
                          [("Retry-After", retry_after_header(wait)), *headers, ("X-RateLimit-Scope", "user")],
                          fault="rate_limit"), []

    def execute(self, version: str | None, webhook_id: str, query: Mapping[str, str], knobs: Knobs) -> Reply:
        if len(self.request_body) > knobs.max_body_bytes:
            return json_reply(413, {"message": "Request entity too large", "code": 40005}, fault="discord:40005")
        payload, files, problem = read_payload(self.headers.get("Content-Type") or "", self.request_body)
        if problem == "json":
            return json_reply(400, {"message": "The request body contains invalid JSON.", "code": 50109},
                              fault="discord:50109")
        flat = version is None and knobs.flat_errors_unversioned
        errors = FormErrors(flat)
        if problem == "dict" or payload is None:
            errors.tree = {"_errors": [{"code": "DICT_TYPE_CONVERT",
                                        "message": "Only dictionaries may be used in a DictType"}]}
            return errors.reply()
        content = payload.get("content")
        if content is not None and not isinstance(content, str):
            content = json.dumps(content) if isinstance(content, (dict, list)) else str(content)
        embeds = payload.get("embeds") or []
        if not isinstance(embeds, list):
            embeds = [embeds]
        if trimmed_length(content) > MAX_CONTENT:
            errors.too_long(["content"], MAX_CONTENT)
        check_embeds(embeds, errors)
        if errors.tree:
            return errors.reply()
        if not (content or "").strip() and not embeds and not files and not payload.get("components") \
                and not payload.get("poll") and not payload.get("sticker_ids"):
            return json_reply(400, {"message": "Cannot send an empty message", "code": 50006},
                              fault="discord:50006")
        wait = query.get("wait", "").lower() in ("true", "1")
        username = payload.get("username") or knobs.webhook_name
        logged = {"webhook_id": webhook_id, "content": content, "username": payload.get("username"),
                  "avatar_url": payload.get("avatar_url"), "tts": bool(payload.get("tts")), "embeds": embeds,
                  "attachments": files, "thread_id": query.get("thread_id"), "wait": wait,
                  "api_version": int(version) if version else None,
                  "allowed_mentions": payload.get("allowed_mentions")}
        if not wait:
            return Reply(204, message=logged)
        now = dt.datetime.now(dt.timezone.utc)
        now_ms = int(now.timestamp() * 1000)
        message_id = snowflake(now_ms)
        attachments = [{"id": snowflake(now_ms), "filename": f["filename"], "size": f["size"],
                        "url": f"https://cdn.discordapp.com/attachments/{knobs.channel_id}/{message_id}/{f['filename']}",
                        "proxy_url": f"https://media.discordapp.net/attachments/{knobs.channel_id}/{message_id}/"
                                     f"{f['filename']}", "content_type": f["content_type"]} for f in files]
        created = {
            "id": message_id, "type": 0, "content": content or "", "channel_id": knobs.channel_id,
            "author": {"bot": True, "id": webhook_id, "username": username, "avatar": None, "discriminator": "0000"},
            "attachments": attachments,
            "embeds": [{"type": "rich", **{k: v for k, v in e.items() if k != "type"}} for e in embeds],
            "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False,
            "tts": bool(payload.get("tts")),
            "timestamp": now.replace(microsecond=now_ms % 1000 * 1000).isoformat(timespec="microseconds"),
            "edited_timestamp": None, "flags": 0, "components": [], "webhook_id": webhook_id}
        return Reply(200, body(created), [("Content-Type", "application/json")], message=logged)


class FakeDiscordServer(fake_push_service.PushServer):
    """The fake Discord webhook endpoint on 127.0.0.1 in a background thread."""

    def __init__(self, *, port: int = 0, verbose: bool = False, **knobs: Any) -> None:
        super().__init__(_Handler, Knobs().updated(knobs), port=port, name="fake-discord", verbose=verbose)


def main(argv: Sequence[str] | None = None) -> int:
    def add_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--webhook", action="append", default=[], metavar="ID:TOKEN",
                            help="a known webhook (repeatable; none: any id and token is accepted)")
        parser.add_argument("--rate-limit", type=int, default=5, help="requests per window and webhook")
        parser.add_argument("--rate-window", type=float, default=2.0, help="the window, in seconds")

    def knobs_of(args: argparse.Namespace) -> dict[str, Any]:
        webhooks = dict(pair.split(":", 1) for pair in args.webhook) if args.webhook else None
        return {"webhooks": webhooks, "rate_limit": args.rate_limit, "rate_window_s": args.rate_window}

    return fake_push_service.main("Fake Discord webhook endpoint on 127.0.0.1 for tests.", FakeDiscordServer,
                                  add_arguments, knobs_of, "fake_discord", argv)


if __name__ == "__main__":
    sys.exit(main())
