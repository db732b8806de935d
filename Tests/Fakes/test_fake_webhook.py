"""Tests of the fake plain JSON endpoint (Apprise's ``json://`` target, deepcut's JSON channel): any JSON object on any
path, refusals of what is not one, the reply knobs, credentials, and the common knobs.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import base64
import json
import socket
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_webhook import FakeWebhookServer  # noqa: E402
from push_test_support import call, post_json, run_script, stop_script, unfinished_when_answered  # noqa: E402

APPRISE = {"version": "1.0", "title": "TITLE", "message": "BODY", "attachments": [], "type": "info"}


class WebhookTests(unittest.TestCase):
    def test_apprises_shape_and_deepcuts_own_fields_are_accepted_anywhere(self) -> None:
        with FakeWebhookServer() as server:
            answer = post_json(server.base_url, "/hook/path", APPRISE)
            self.assertEqual((answer.status, answer.body), (200, b""))
            own = {**APPRISE, "releases": [{"artist": "A", "title": "B"}], "night": "2026-12-04"}
            self.assertEqual(call(server.base_url, "/", json.dumps(own), method="PUT").status, 200)
            self.assertEqual(server.messages()[0], {"seq": 1, "path": "/hook/path", **APPRISE})
            self.assertEqual(server.messages()[1]["releases"], [{"artist": "A", "title": "B"}])
            entry = server.requests()[0]
            self.assertEqual((entry["method"], entry["body"], entry["headers"]["Content-Type"]),
                             ("POST", json.dumps(APPRISE), "application/json"))

    def test_what_is_not_a_json_object_is_refused(self) -> None:
        with FakeWebhookServer() as server:
            for body in ("not json", "[1]", "3", b"\xff", ""):
                answer = call(server.base_url, "/hook", body)
                self.assertEqual((answer.status, answer.body), (400, b"invalid JSON\n"), body)
            self.assertEqual((call(server.base_url, "/hook").status, call(server.base_url, "/hook", "",
                                                                           method="DELETE").status), (405, 405))
            self.assertEqual(server.messages(), [])

    def test_the_reply_knobs(self) -> None:
        with FakeWebhookServer(reply_status=202, reply_body='{"queued": true}',
                               reply_content_type="application/json") as server:
            answer = post_json(server.base_url, "/", APPRISE)
            self.assertEqual((answer.status, answer.body, answer.header("Content-Type")),
                             (202, b'{"queued": true}', "application/json"))

    def test_credentials(self) -> None:
        with FakeWebhookServer(user="user", password="pass") as server:
            refused = post_json(server.base_url, "/", APPRISE)
            self.assertEqual((refused.status, refused.header("WWW-Authenticate")), (401, 'Basic realm="webhook"'))
            basic = "Basic " + base64.b64encode(b"user:pass").decode()
            self.assertEqual(post_json(server.base_url, "/", APPRISE, {"Authorization": basic}).status, 200)
            self.assertEqual(server.requests()[-1]["authorization"], basic)
            server.set_knobs(user=None, token="secret")
            self.assertEqual(post_json(server.base_url, "/", APPRISE, {"Authorization": basic}).status, 401)
            self.assertEqual(post_json(server.base_url, "/", APPRISE, {"Authorization": "Bearer secret"}).status, 200)

    def test_the_common_knobs(self) -> None:
        with FakeWebhookServer(fail_next=2, fail_status=500, retry_after=12) as server:
            for _ in range(2):
                failed = post_json(server.base_url, "/", APPRISE)
                self.assertEqual((failed.status, failed.header("Retry-After")), (500, "12"))
            self.assertEqual(post_json(server.base_url, "/", APPRISE).status, 200)
            server.set_knobs(throttle_next=1)
            throttled = post_json(server.base_url, "/", APPRISE)
            self.assertEqual((throttled.status, throttled.header("Retry-After")), (429, "12"))
            server.set_knobs(hang_ms=1000)
            with self.assertRaises(socket.timeout):
                call(server.base_url, "/", json.dumps(APPRISE), timeout=0.2)
            self.assertEqual([e["status"] for e in server.requests()], [500, 500, 200, 429, 200])

    def test_every_request_is_logged_whole_before_it_is_answered(self) -> None:
        steps = [({}, lambda b: post_json(b, "/", APPRISE)), ({"fail_next": 1}, lambda b: post_json(b, "/", APPRISE)),
                 ({}, lambda b: call(b, "/", "nope")), ({"throttle_next": 1}, lambda b: post_json(b, "/", APPRISE))]
        answers, unfinished, logged = unfinished_when_answered(FakeWebhookServer(), steps)
        self.assertEqual((answers, unfinished, logged), (len(steps), [], len(steps)))

    def test_gone_refuses_new_connections(self) -> None:
        with FakeWebhookServer() as server:
            self.assertEqual(call(server.base_url, "/_gone", "").json()["gone"], True)
            with self.assertRaises(ConnectionRefusedError):
                post_json(server.base_url, "/", APPRISE)


class ScriptTests(unittest.TestCase):
    def test_as_a_script(self) -> None:
        process, base = run_script("fake_webhook.py", "--reply-status", "204", "--fail-next", "1")
        try:
            self.assertEqual(post_json(base, "/x", APPRISE).status, 503)
            self.assertEqual(post_json(base, "/x", APPRISE).status, 204)
        finally:
            self.assertEqual(stop_script(process), 0)


if __name__ == "__main__":
    unittest.main()
