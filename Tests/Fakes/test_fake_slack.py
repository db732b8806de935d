"""Tests of the fake Slack incoming webhook: ``ok``, every error token at its status, the block limits at them and
just past, the text Slack truncates, known webhooks, the rate limit's 429, and the common knobs.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import json
import sys
import unittest
import urllib.parse
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_slack import FakeSlackServer  # noqa: E402
from push_test_support import call, post_json, run_script, stop_script, unfinished_when_answered  # noqa: E402

HOOK = "/services/T0001/B0002/XXXXXXXXXXXXXXXXXXXXXXXX"


def section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}}


def header(text: str) -> dict[str, Any]:
    return {"type": "header", "text": {"type": "plain_text", "text": text}}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class MessageTests(unittest.TestCase):
    def test_a_message_is_ok(self) -> None:
        with FakeSlackServer() as server:
            answer = post_json(server.base_url, HOOK, {"text": "New release: *Album*"})
            self.assertEqual((answer.status, answer.body, answer.header("Content-Type")), (200, b"ok", "text/html"))
            logged = server.messages()[0]
            self.assertEqual((logged["webhook"], logged["text"], logged["truncated"]),
                             ("T0001/B0002/XXXXXXXXXXXXXXXXXXXXXXXX", "New release: *Album*", False))
            server.set_knobs(content_type="text/plain; charset=utf-8")
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).header("Content-Type"),
                             "text/plain; charset=utf-8")

    def test_a_form_with_a_payload_field_is_read_too(self) -> None:
        with FakeSlackServer() as server:
            body = urllib.parse.urlencode({"payload": json.dumps({"text": "from a form"})})
            answer = call(server.base_url, HOOK, body, {"Content-Type": "application/x-www-form-urlencoded"})
            self.assertEqual((answer.status, answer.body), (200, b"ok"))
            self.assertEqual(server.messages()[0]["text"], "from a form")

    def test_what_cannot_be_read_is_invalid_payload(self) -> None:
        with FakeSlackServer(rate_burst=100) as server:
            for body in ("not json", "[1, 2]", '"text"', '{"text": 5}', ""):
                answer = call(server.base_url, HOOK, body, {"Content-Type": "application/json"})
                self.assertEqual((answer.status, answer.body), (400, b"invalid_payload"), body)
            form = call(server.base_url, HOOK, "text=hi", {"Content-Type": "application/x-www-form-urlencoded"})
            self.assertEqual((form.status, form.body), (400, b"invalid_payload"))

    def test_nothing_to_say(self) -> None:
        with FakeSlackServer(rate_burst=100) as server:
            for payload in ({}, {"text": ""}, {"blocks": []}, {"attachments": []}, {"username": "deepcut"}):
                answer = post_json(server.base_url, HOOK, payload)
                self.assertEqual((answer.status, answer.body), (400, b"missing_text_or_fallback_or_attachments"),
                                 payload)
            for payload in ({"blocks": [section("only blocks")]}, {"attachments": [{"text": "legacy"}]}):
                self.assertEqual(post_json(server.base_url, HOOK, payload).status, 200, payload)

    def test_block_limits_at_and_past(self) -> None:
        cases = [([section("s")] * 50, [section("s")] * 51), ([section("x" * 3000)], [section("x" * 3001)]),
                 ([header("h" * 150)], [header("h" * 151)]),
                 ([{"type": "section", "fields": [{"type": "mrkdwn", "text": "f"}] * 10}],
                  [{"type": "section", "fields": [{"type": "mrkdwn", "text": "f"}] * 11}]),
                 ([{"type": "section", "fields": [{"type": "mrkdwn", "text": "f" * 2000}]}],
                  [{"type": "section", "fields": [{"type": "mrkdwn", "text": "f" * 2001}]}]),
                 ([{"type": "markdown", "text": "m" * 12000}], [{"type": "markdown", "text": "m" * 12001}]),
                 ([{"type": "divider"}], [{"type": "sparkle"}]),
                 ([header("plain")], [{"type": "header", "text": {"type": "mrkdwn", "text": "not plain"}}]),
                 ([section("ok")], [{"type": "section"}])]
        with FakeSlackServer(rate_burst=100) as server:
            for at, past in cases:
                self.assertEqual(post_json(server.base_url, HOOK, {"text": "t", "blocks": at}).status, 200, at[:1])
                answer = post_json(server.base_url, HOOK, {"text": "t", "blocks": past})
                self.assertEqual((answer.status, answer.body), (400, b"invalid_blocks"), past[:1])

    def test_text_past_40000_characters_is_posted_truncated(self) -> None:
        with FakeSlackServer() as server:
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "a" * 40000}).body, b"ok")
            self.assertFalse(server.requests()[-1]["truncated"])
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "b" * 40001}).body, b"ok")
            entry = server.requests()[-1]
            self.assertEqual((entry["truncated"], entry["text_length"]), (True, 40001))
            self.assertEqual((len(server.messages()[-1]["text"]), server.messages()[-1]["truncated"]), (40000, True))


class RefusalTests(unittest.TestCase):
    def test_refuse_with_answers_each_token_at_its_status(self) -> None:
        statuses = {"invalid_payload": 400, "user_not_found": 400, "action_prohibited": 403, "invalid_token": 403,
                    "channel_not_found": 404, "no_service": 404, "channel_is_archived": 410, "rollup_error": 500}
        with FakeSlackServer(rate_burst=100) as server:
            for token, status in statuses.items():
                server.set_knobs(refuse_with=token)
                answer = post_json(server.base_url, HOOK, {"text": "x"})
                self.assertEqual((answer.status, answer.body), (status, token.encode()), token)
            self.assertEqual(server.messages(), [])
            server.set_knobs(refuse_with=None, refuse_next=1)
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).body, b"rollup_error")
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).body, b"ok")
            server.set_knobs(refuse_with="channel_is_archived", refuse_next=1)
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 410)
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 410)  # refuse_with stays
            self.assertEqual(call(server.base_url, "/_control", json.dumps({"refuse_with": "nope"})).status, 400)

    def test_known_webhooks(self) -> None:
        with FakeSlackServer(webhooks=["T0001/B0002/right"]) as server:
            self.assertEqual(post_json(server.base_url, "/services/T0001/B0002/right", {"text": "x"}).body, b"ok")
            wrong = post_json(server.base_url, "/services/T0001/B0002/wrong", {"text": "x"})
            self.assertEqual((wrong.status, wrong.body), (403, b"invalid_token"))
            gone = post_json(server.base_url, "/services/T0001/B0003/right", {"text": "x"})
            self.assertEqual((gone.status, gone.body), (404, b"no_service"))

    def test_methods_and_paths(self) -> None:
        with FakeSlackServer() as server:
            self.assertEqual(call(server.base_url, HOOK).status, 405)
            self.assertEqual(post_json(server.base_url, "/services/lower/case/x", {"text": "x"}).status, 404)
            self.assertEqual(post_json(server.base_url, "/api/chat.postMessage", {"text": "x"}).status, 404)


class RateLimitTests(unittest.TestCase):
    def test_one_a_second_beyond_a_small_burst(self) -> None:
        clock = Clock()
        with FakeSlackServer(rate_burst=3) as server:
            server.state.clock = clock
            for _ in range(3):
                self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 200)
            limited = post_json(server.base_url, HOOK, {"text": "x"})
            self.assertEqual((limited.status, limited.header("Retry-After"), limited.json()),
                             (429, "1", {"retry_after": 1, "ok": False, "error": "rate_limited"}))
            self.assertEqual(limited.header("Content-Type"), "application/json; charset=utf-8")
            clock.now += 1.0
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 200)
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 429)
            self.assertEqual(post_json(server.base_url, "/services/T9/B9/other", {"text": "x"}).status, 200)
            self.assertEqual(len(server.messages()), 5)

    def test_throttle_next_with_retry_after(self) -> None:
        with FakeSlackServer(throttle_next=1, retry_after=30) as server:
            limited = post_json(server.base_url, HOOK, {"text": "x"})
            self.assertEqual((limited.status, limited.header("Retry-After"), limited.json()["retry_after"]),
                             (429, "30", 30))
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 200)


class CommonKnobTests(unittest.TestCase):
    def test_fail_next(self) -> None:
        with FakeSlackServer(fail_next=1, fail_status=500) as server:
            failed = post_json(server.base_url, HOOK, {"text": "x"})
            self.assertEqual((failed.status, failed.body), (500, b"rollup_error"))
            server.set_knobs(fail_next=1, fail_status=503, retry_after=7)
            failed = post_json(server.base_url, HOOK, {"text": "x"})
            self.assertEqual((failed.status, failed.header("Retry-After")), (503, "7"))
            self.assertEqual(post_json(server.base_url, HOOK, {"text": "x"}).status, 200)

    def test_every_request_is_logged_whole_before_it_is_answered(self) -> None:
        steps = [({}, lambda b: post_json(b, HOOK, {"text": "x"})), ({}, lambda b: post_json(b, HOOK, {})),
                 ({"fail_next": 1}, lambda b: post_json(b, HOOK, {"text": "x"})),
                 ({"throttle_next": 1}, lambda b: post_json(b, HOOK, {"text": "x"})),
                 ({"refuse_with": "channel_not_found"}, lambda b: post_json(b, HOOK, {"text": "x"}))]
        answers, unfinished, logged = unfinished_when_answered(FakeSlackServer(), steps)
        self.assertEqual((answers, unfinished, logged), (len(steps), [], len(steps)))


class ScriptTests(unittest.TestCase):
    def test_as_a_script(self) -> None:
        process, base = run_script("fake_slack.py", "--refuse-with", "channel_is_archived")
        try:
            answer = post_json(base, HOOK, {"text": "x"})
            self.assertEqual((answer.status, answer.body), (410, b"channel_is_archived"))
        finally:
            self.assertEqual(stop_script(process), 0)


if __name__ == "__main__":
    unittest.main()
