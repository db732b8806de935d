#!/usr/bin/env python3
"""A fake plain JSON endpoint for deepcut's tests: what Apprise's ``json://`` target posts to, and deepcut's own JSON
channel.

Apprise's ``json://host[:port]/path`` (``apprise/plugins/NotifyJSON.py``, Debian's apprise 1.2.0) posts
``{"version": "1.0", "title", "message", "attachments": [{"filename", "base64", "mimetype"}…], "type"}`` with
``Content-Type: application/json`` to the path, by ``POST`` unless ``?method=`` says ``PUT`` (or another), with
``Authorization: Basic`` for ``user:password@``; any answer from 200 to 299 is a success to it. deepcut's JSON channel
posts the same shape with fields of its own, so any JSON object is accepted here:

* ``POST`` or ``PUT``, any path: a JSON object → ``reply_status`` (200) with ``reply_body`` (empty) as
  ``reply_content_type``; a body that is not JSON, or JSON that is not an object → 400 ``invalid JSON`` (plain text);
  ``GET``, ``DELETE`` and the others → 405.
* Knobs ``user``/``password`` (``Authorization: Basic``) and ``token`` (``Authorization: Bearer``): when set, a
  request without them → 401 with ``WWW-Authenticate``.

The common knobs (``fail_next`` with ``fail_status``, ``retry_after`` on those answers, ``throttle_next`` → 429
with ``Retry-After`` when ``retry_after`` is set, ``hang_ms``, ``hold_from``), the log, ``/_messages`` and the
control endpoints are fake_push_service.py's. A message the log records is the posted object itself, with the
``path`` it was posted to.

Use it as a script: ``python3 fake_webhook.py [--user U --password P] [--token T] [--reply-status N]
[--knobs JSON]`` prints ``READY http://127.0.0.1:PORT`` and serves until SIGTERM/SIGINT (or stdin EOF with
``--exit-on-stdin-eof``). Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_push_service  # noqa: E402
from fake_push_service import PushKnobs, Reply, retry_after_header  # noqa: E402


@dataclasses.dataclass
class Knobs(PushKnobs):
    reply_status: int = 200
    reply_body: str = ""
    reply_content_type: str = "text/plain; charset=utf-8"
    user: str | None = None
    password: str | None = None
    token: str | None = None


def plain(status: int, text: str, fault: str | None = None, headers: list[tuple[str, str]] | None = None) -> Reply:
    return Reply(status, text.encode("utf-8"), [("Content-Type", "text/plain; charset=utf-8"), *(headers or [])],
                 fault=fault)


class _Handler(fake_push_service.PushHandler):
    server_version = "fake-webhook/1.0"

    def answer(self, method: str, path: str, query: Mapping[str, str], knobs: Knobs) -> Reply:
        if method not in ("POST", "PUT"):
            return plain(405, "method not allowed\n", "webhook:405", [("Allow", "POST, PUT")])
        if not self.authorized(knobs):
            scheme = 'Bearer realm="webhook"' if knobs.token else 'Basic realm="webhook"'
            return plain(401, "unauthorized\n", "webhook:401", [("WWW-Authenticate", scheme)])
        if self.taken("throttle_next"):
            headers = [] if knobs.retry_after is None else [("Retry-After", retry_after_header(knobs.retry_after))]
            return plain(429, "too many requests\n", "rate_limit", headers)
        try:
            value = json.loads(self.request_body.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            return plain(400, "invalid JSON\n", "webhook:invalid")
        if not isinstance(value, dict):
            return plain(400, "invalid JSON\n", "webhook:invalid")
        return Reply(knobs.reply_status, knobs.reply_body.encode("utf-8"),
                     [("Content-Type", knobs.reply_content_type)], message={"path": path, **value})

    def authorized(self, knobs: Knobs) -> bool:
        header = self.headers.get("Authorization") or ""
        if knobs.token is not None:
            return header == f"Bearer {knobs.token}"
        if knobs.user is None:
            return True
        if not header.startswith("Basic "):
            return False
        try:
            pair = base64.b64decode(header[6:], validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            return False
        return pair == f"{knobs.user}:{knobs.password or ''}"


class FakeWebhookServer(fake_push_service.PushServer):
    """The fake JSON endpoint on 127.0.0.1 in a background thread."""

    def __init__(self, *, port: int = 0, verbose: bool = False, **knobs: Any) -> None:
        super().__init__(_Handler, Knobs().updated(knobs), port=port, name="fake-webhook", verbose=verbose)


def main(argv: Sequence[str] | None = None) -> int:
    def add_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--user", help="require Authorization: Basic with this user (and --password)")
        parser.add_argument("--password")
        parser.add_argument("--token", help="require Authorization: Bearer with this token")
        parser.add_argument("--reply-status", type=int, default=200)
        parser.add_argument("--reply-body", default="")

    def knobs_of(args: argparse.Namespace) -> dict[str, Any]:
        return {"user": args.user, "password": args.password, "token": args.token,
                "reply_status": args.reply_status, "reply_body": args.reply_body}

    return fake_push_service.main("Fake JSON webhook endpoint on 127.0.0.1 for tests.", FakeWebhookServer,
                                  add_arguments, knobs_of, "fake_webhook", argv)


if __name__ == "__main__":
    sys.exit(main())
