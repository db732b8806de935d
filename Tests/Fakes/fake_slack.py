#!/usr/bin/env python3
"""A fake Slack incoming-webhook endpoint for deepcut's tests, in Slack's wire format.

No Slack webhook answer was ever recorded (``../shared/fixtures/push/README.md``); where each fact comes from:

* ``POST /services/T…/B…/<secret>`` with a JSON body ``{"text", "blocks", "attachments", …}``, or a form whose
  ``payload`` field holds that JSON; success is ``200`` with the plain body ``ok`` (Slack's "Sending messages using
  incoming webhooks"; the everyleaf/el-training#87 transcript, 2024, shows ``ok`` for a ``payload=`` form too).
* Errors are plain-text tokens with an HTTP status (Slack changelog 2016-05-17, "Improving error conditions for
  Incoming Webhooks", api.slack.com/changelog/2016-05-17-changes-to-errors-for-incoming-webhooks): 400
  ``invalid_payload`` (the body is not what its content type says, or not a JSON object), 400 ``user_not_found``,
  403 ``action_prohibited``, 404 ``channel_not_found``, 410 ``channel_is_archived``, 500 ``rollup_error``.
* 400 ``missing_text_or_fallback_or_attachments`` when there is neither ``text``, nor ``blocks``, nor
  ``attachments``: the token real webhooks answer (slackapi/slack-github-action#117 2022, strapi/strapi#12679 2022,
  the el-training#87 transcript); the ``no_text`` some client code quotes was not confirmed anywhere.
* 400 ``invalid_blocks``: more than 50 blocks ("You can include up to 50 blocks in each message",
  docs.slack.dev/reference/block-kit/blocks), a section's ``text`` over 3000 characters or more than 10 ``fields``
  of over 2000 each (section block reference, "Maximum length for the text in this field is 3000 characters"), a
  header's text over 150 characters or not ``plain_text`` (header block reference), a ``markdown`` block over
  12,000 (as quoted from the docs in slackapi/bolt-js#2509), a block of no known type or without its text.
* ``text`` over 40,000 characters is accepted but truncated to 40,000 (Slack changelog 2018-04 "Truncating really
  long messages": "This behavior applies to all methods of posting messages … incoming webhooks"); the log's entry
  says ``truncated: true`` and the recorded message holds the truncated text.
* 403 ``invalid_token`` for a wrong secret of a known webhook and 404 ``no_service`` for a webhook Slack does not
  know (knob ``webhooks``; tokens as client issues report them: slackapi/slack-github-action#249 for ``no_service``;
  cloudfoundry-community/slack-notification-resource#96, 2023, for a 403 of 13 bytes, ``invalid_token``'s length,
  served as ``content-type: text/html`` by ``server: Apache``, which is why these answers carry that type; the
  Python SDK's own mock answers ``text/plain;charset=utf-8``, knob ``content_type``).
* Rate limit: "no more than one message per second … bursts over that limit for short periods" → ``429`` with
  ``Retry-After`` (Slack "Rate Limits", api.slack.com/docs/rate-limits, and the archived slackhq/slack-api-docs
  ``page_rate_limits.md``), here a bucket of ``rate_burst`` (5) refilled one every ``rate_per_s`` (1) second per
  webhook, or forced by ``throttle_next`` with ``retry_after``; the body is the JSON
  ``{"retry_after":N,"ok":false,"error":"rate_limited"}`` a webhook user quoted (yassineaboukir/sublert#46, 2023).

Knobs ``refuse_with`` (one of the tokens above: every message is refused with it, at its status) and
``refuse_next`` (only the next N are, with ``refuse_with`` or else ``rollup_error``) force the errors. The common
knobs (``fail_next``: ``rollup_error`` for a 500, a proxy's plain text otherwise; ``retry_after``;
``throttle_next``; ``hang_ms``; ``hold_from``), the log, ``/_messages`` and the control endpoints are
fake_push_service.py's. A message the log records is ``{"webhook", "text", "blocks", "attachments", "username",
"icon_url", "icon_emoji", "channel", "mrkdwn", "truncated"}``.

Use it as a script: ``python3 fake_slack.py [--webhook T…/B…/SECRET]… [--knobs JSON]`` prints ``READY
http://127.0.0.1:PORT`` and serves until SIGTERM/SIGINT (or stdin EOF with ``--exit-on-stdin-eof``). Only the
Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import urllib.parse
from pathlib import Path
from typing import Any, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_push_service  # noqa: E402
from fake_push_service import PushKnobs, Reply, retry_after_header  # noqa: E402

WEBHOOK_PATH = re.compile(r"^/services/([A-Z0-9]+)/([A-Z0-9]+)/([A-Za-z0-9]+)$")
TOKENS = {"invalid_payload": 400, "user_not_found": 400, "missing_text_or_fallback_or_attachments": 400,
          "invalid_blocks": 400, "action_prohibited": 403, "invalid_token": 403, "channel_not_found": 404,
          "no_service": 404, "channel_is_archived": 410, "rollup_error": 500}
MAX_TEXT = 40_000
MAX_BLOCKS = 50
BLOCK_TYPES = ("section", "divider", "image", "actions", "context", "input", "header", "file", "rich_text", "video",
               "markdown", "table", "context_actions")


@dataclasses.dataclass
class Knobs(PushKnobs):
    webhooks: list[str] | None = None  # known "T…/B…/secret" webhooks; null accepts any
    refuse_with: str | None = None
    refuse_next: int = 0
    rate_burst: int = 5
    rate_per_s: float = 1.0
    content_type: str = "text/html"

    def check(self) -> None:
        if self.refuse_with is not None and self.refuse_with not in TOKENS:
            raise ValueError(f"refuse_with must be one of {', '.join(TOKENS)}")
        if isinstance(self.refuse_next, bool) or not isinstance(self.refuse_next, int) or self.refuse_next < 0:
            raise ValueError("refuse_next must be a non-negative integer")
        if self.webhooks is not None and not isinstance(self.webhooks, list):
            raise ValueError("webhooks must be a list of T…/B…/secret paths, or null")


def token_reply(token: str, knobs: Knobs) -> Reply:
    return Reply(TOKENS[token], token.encode(), [("Content-Type", knobs.content_type)], fault=f"slack:{token}")


def text_of(element: Any) -> str:
    return element.get("text", "") if isinstance(element, dict) and isinstance(element.get("text"), str) else ""


def blocks_valid(blocks: Any) -> bool:
    """Block Kit's limits for the blocks of a message."""
    if not isinstance(blocks, list) or len(blocks) > MAX_BLOCKS:
        return False
    for block in blocks:
        if not isinstance(block, dict) or block.get("type") not in BLOCK_TYPES:
            return False
        kind = block["type"]
        if kind == "section":
            fields = block.get("fields")
            if "text" not in block and not fields:
                return False
            if "text" in block and len(text_of(block["text"])) > 3000:
                return False
            if fields is not None and (not isinstance(fields, list) or len(fields) > 10
                                       or any(len(text_of(f)) > 2000 for f in fields)):
                return False
        elif kind == "header":
            text = block.get("text")
            if not isinstance(text, dict) or text.get("type") != "plain_text" or not 0 < len(text_of(text)) <= 150:
                return False
        elif kind == "markdown":
            if not isinstance(block.get("text"), str) or len(block["text"]) > 12_000:
                return False
        elif kind == "context":
            elements = block.get("elements")
            if not isinstance(elements, list) or not 0 < len(elements) <= 10:
                return False
    return True


class _Handler(fake_push_service.PushHandler):
    server_version = "Apache"

    def failure(self, status: int, knobs: Knobs) -> Reply:
        if status == 500:
            return token_reply("rollup_error", knobs)
        return super().failure(status, knobs)

    def answer(self, method: str, path: str, query: Mapping[str, str], knobs: Knobs) -> Reply:
        match = WEBHOOK_PATH.match(path)
        if match is None:
            return Reply(404, b"Not Found", [("Content-Type", knobs.content_type)], fault="slack:404")
        if method != "POST":
            return Reply(405, b"Method Not Allowed", [("Content-Type", knobs.content_type), ("Allow", "POST")],
                         fault="slack:405")
        webhook = "/".join(match.groups())
        if knobs.webhooks is not None and webhook not in knobs.webhooks:
            known_prefix = any(w.rsplit("/", 1)[0] == webhook.rsplit("/", 1)[0] for w in knobs.webhooks)
            return token_reply("invalid_token" if known_prefix else "no_service", knobs)
        limited = self.rate_limit(webhook, knobs)
        if limited is not None:
            return limited
        if self.taken("refuse_next"):
            return token_reply(knobs.refuse_with or "rollup_error", knobs)
        if knobs.refuse_with is not None and knobs.refuse_next == 0:
            return token_reply(knobs.refuse_with, knobs)
        payload = self.payload()
        if payload is None:
            return token_reply("invalid_payload", knobs)
        text = payload.get("text")
        if text is not None and not isinstance(text, str):
            return token_reply("invalid_payload", knobs)
        blocks = payload.get("blocks")
        attachments = payload.get("attachments")
        if not text and not blocks and not attachments:
            return token_reply("missing_text_or_fallback_or_attachments", knobs)
        if blocks is not None and not blocks_valid(blocks):
            return token_reply("invalid_blocks", knobs)
        truncated = bool(text) and len(text) > MAX_TEXT
        logged = {"webhook": webhook, "text": text[:MAX_TEXT] if text else text, "blocks": blocks,
                  "attachments": attachments, "username": payload.get("username"),
                  "icon_url": payload.get("icon_url"), "icon_emoji": payload.get("icon_emoji"),
                  "channel": payload.get("channel"), "mrkdwn": payload.get("mrkdwn"), "truncated": truncated}
        return Reply(200, b"ok", [("Content-Type", knobs.content_type)], message=logged,
                     note={"truncated": truncated, "text_length": len(text) if text else 0})

    def payload(self) -> dict[str, Any] | None:
        """The message, from a JSON body or a form's ``payload``; None when it cannot be read as one."""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        raw = self.request_body.decode("utf-8", "replace")
        if kind == "application/x-www-form-urlencoded":
            raw = dict(urllib.parse.parse_qsl(raw, keep_blank_values=True)).get("payload", "")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            return None
        return value if isinstance(value, dict) else None

    def rate_limit(self, webhook: str, knobs: Knobs) -> Reply | None:
        state = self.server.service
        forced = self.taken("throttle_next")
        with state.lock:
            bucket = state.bucket(("webhook", webhook), knobs.rate_burst, 1.0 / knobs.rate_per_s)
            now = state.clock()
            allowed = not forced and bucket.take(now)
            wait = 0.0 if allowed else bucket.wait_s(now)
        if allowed:
            return None
        seconds = knobs.retry_after if forced and knobs.retry_after is not None else max(wait, 1.0)
        whole = retry_after_header(seconds)
        return Reply(429, json.dumps({"retry_after": int(whole), "ok": False, "error": "rate_limited"},
                                     separators=(",", ":")).encode(),
                     [("Content-Type", "application/json; charset=utf-8"), ("Retry-After", whole)],
                     fault="rate_limit")


class FakeSlackServer(fake_push_service.PushServer):
    """The fake Slack incoming-webhook endpoint on 127.0.0.1 in a background thread."""

    def __init__(self, *, port: int = 0, verbose: bool = False, **knobs: Any) -> None:
        super().__init__(_Handler, Knobs().updated(knobs), port=port, name="fake-slack", verbose=verbose)


def main(argv: Sequence[str] | None = None) -> int:
    def add_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--webhook", action="append", default=[], metavar="T…/B…/SECRET",
                            help="a known webhook (repeatable; none: any is accepted)")
        parser.add_argument("--refuse-with", choices=sorted(TOKENS), help="refuse every message with this error")
        parser.add_argument("--rate-burst", type=int, default=5)

    def knobs_of(args: argparse.Namespace) -> dict[str, Any]:
        return {"webhooks": args.webhook or None, "refuse_with": args.refuse_with, "rate_burst": args.rate_burst}

    return fake_push_service.main("Fake Slack incoming webhook on 127.0.0.1 for tests.", FakeSlackServer,
                                  add_arguments, knobs_of, "fake_slack", argv)


if __name__ == "__main__":
    sys.exit(main())
