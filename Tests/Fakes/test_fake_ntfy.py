"""Tests of the fake ntfy server: its answers byte for byte (against the recordings in shared/fixtures/push when
present), every error ntfy gives a publisher, the limits just past and at them, authentication, rate limits, and the
common knobs.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import base64
import json
import re
import socket
import sys
import time
import unittest
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_ntfy import FakeNtfyServer, go_json  # noqa: E402
from push_test_support import (call, post_json, recordings, run_script, stop_script,  # noqa: E402
                               unfinished_when_answered)

RECORDINGS = recordings()
ANSWER = re.compile(r'^\{"id":"([A-Za-z0-9]{12})","time":(\d+),"expires":(\d+),"event":"message",'
                    r'"topic":"testy","message":"(.*)"\}\n$')


def error_body(code: int, status: int, text: str, link: str | None) -> bytes:
    payload: dict[str, Any] = {"code": code, "http": status, "error": text}
    if link:
        payload["link"] = link
    return (json.dumps(payload, separators=(",", ":")) + "\n").encode()


PRIORITY_ERROR = error_body(40007, 400, "invalid priority parameter", "https://ntfy.sh/docs/publish/#message-priority")
NOT_ALLOWED = error_body(40014, 400, "invalid request: attachments not allowed", "https://ntfy.sh/docs/config/#attachments")
UNAUTHORIZED = error_body(40101, 401, "unauthorized", "https://ntfy.sh/docs/publish/#authentication")
FORBIDDEN = error_body(40301, 403, "forbidden", "https://ntfy.sh/docs/publish/#authentication")
TOO_MANY = "limit reached: too many requests"
LIMITS = "https://ntfy.sh/docs/publish/#limitations"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class PublishingTests(unittest.TestCase):
    def test_a_message_is_answered_as_the_recordings_are(self) -> None:
        with FakeNtfyServer() as server:
            answer = call(server.base_url, "/testy", "Hi")
            self.assertEqual(answer.status, 200)
            self.assertEqual(answer.header("Content-Type"), "application/json")
            self.assertEqual(answer.header("Access-Control-Allow-Origin"), "*")
            self.assertIsNone(answer.header("Server"))  # Go's net/http names no server
            match = ANSWER.match(answer.text)
            self.assertIsNotNone(match, answer.text)
            assert match is not None
            self.assertEqual(int(match.group(3)) - int(match.group(2)), 43200)
            self.assertLess(abs(int(match.group(2)) - time.time()), 5)
            self.assertEqual(match.group(4), "Hi")
            if RECORDINGS is not None:
                recorded = json.loads((RECORDINGS / "ntfy-publish-200-testy-anonymous.json").read_text())
                self.assertEqual(list(answer.json()), list(recorded))
                self.assertEqual(answer.json()["message"], recorded["message"])

    def test_a_message_with_a_token_is_answered_as_the_recording_is(self) -> None:
        with FakeNtfyServer(token="tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2") as server:
            answer = call(server.base_url, "/testy", "Once more, with auth!",
                          {"Authorization": "Bearer tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2"})
            self.assertEqual(answer.status, 200, answer.text)
            match = ANSWER.match(answer.text)
            assert match is not None, answer.text
            self.assertEqual(match.group(4), "Once more, with auth!")
            if RECORDINGS is not None:
                recorded = (RECORDINGS / "ntfy-publish-200-testy-bearer-token.json").read_text()
                expected = re.sub(r'"id":"\w+","time":\d+,"expires":\d+', "", recorded)
                self.assertEqual(re.sub(r'"id":"\w+","time":\d+,"expires":\d+', "", answer.text), expected + "\n")

    def test_json_is_written_as_go_writes_it(self) -> None:
        with FakeNtfyServer() as server:
            answer = call(server.base_url, "/testy", "<b>Tom & Jerry</b> — Chloé \u2028 \"quoted\"\tend")
            self.assertIn('"message":"\\u003cb\\u003eTom \\u0026 Jerry\\u003c/b\\u003e — Chloé \\u2028 '
                          '\\"quoted\\"\\tend"}\n', answer.text)
        self.assertEqual(go_json({"a": "<&>"}), '{"a":"\\u003c\\u0026\\u003e"}')

    def test_the_body_is_trimmed_an_empty_one_is_triggered_and_put_publishes_too(self) -> None:
        with FakeNtfyServer() as server:
            self.assertEqual(call(server.base_url, "/testy", "  spaced out \n").json()["message"], "spaced out")
            self.assertEqual(call(server.base_url, "/testy", "").json()["message"], "triggered")
            self.assertEqual(call(server.base_url, "/testy", "put", method="PUT").json()["message"], "put")
            self.assertEqual(call(server.base_url, "/testy/publish?message=by+get&t=Hello").json()["title"], "Hello")
            self.assertEqual(call(server.base_url, "/_underscored", "fine").status, 200)  # a topic, not a control path

    def test_options_as_headers_come_back_in_ntfys_field_order(self) -> None:
        with FakeNtfyServer() as server:
            answer = call(server.base_url, "/alerts", "Body", {
                "X-Title": "New release", "X-Priority": "high", "X-Tags": "cd, new ,", "X-Click": "https://e.com/a",
                "X-Icon": "https://e.com/i.png", "X-Markdown": "yes",
                "X-Actions": "view, Open, https://e.com/r; http, Ping, https://e.com/p, clear=true"})
            self.assertEqual(answer.status, 200, answer.text)
            stored = answer.json()
            self.assertEqual(list(stored), ["id", "time", "expires", "event", "topic", "title", "message", "priority",
                                            "tags", "click", "icon", "actions", "content_type"])
            self.assertEqual((stored["title"], stored["priority"], stored["tags"], stored["content_type"]),
                             ("New release", 4, ["cd", "new"], "text/markdown"))
            self.assertEqual([(a["action"], a["label"], a["url"], a["clear"]) for a in stored["actions"]],
                             [("view", "Open", "https://e.com/r", False), ("http", "Ping", "https://e.com/p", True)])
            logged = server.messages()[-1]
            self.assertEqual((logged["title"], logged["message"], logged["priority"], logged["markdown"],
                              logged["json"]), ("New release", "Body", 4, True, False))

    def test_aliases_query_parameters_words_and_encoded_headers(self) -> None:
        with FakeNtfyServer() as server:
            def stored(target: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
                answer = call(server.base_url, target, "x", headers)
                self.assertEqual(answer.status, 200, answer.text)
                return answer.json()

            self.assertEqual(stored("/t", {"Title": "a", "Priority": "urgent", "Tags": "x"})["priority"], 5)
            self.assertEqual(stored("/t", {"t": "b", "p": "1", "ta": "y"})["title"], "b")
            self.assertEqual(stored("/t", {"ti": "c", "prio": "min"})["priority"], 1)
            by_query = stored("/t?title=Q&priority=default&tags=a,b&click=https://e.com&md=1")
            self.assertEqual((by_query["title"], by_query["priority"], by_query["tags"], by_query["click"],
                              by_query["content_type"]), ("Q", 3, ["a", "b"], "https://e.com", "text/markdown"))
            self.assertEqual(stored("/t?t=query", {"X-Title": "header"})["title"], "header")  # headers first
            self.assertEqual(stored("/t", {"Content-Type": "text/markdown"})["content_type"], "text/markdown")
            self.assertNotIn("content_type", stored("/t", {"Markdown": "no"}))
            self.assertNotIn("priority", stored("/t", {"Priority": "u=3, i"}))  # HTTP's own Priority is skipped
            self.assertEqual(stored("/t", {"X-Title": "=?UTF-8?B?Q2hsb8Op?="})["title"], "Chloé")
            self.assertNotIn("expires", stored("/t", {"X-Cache": "no"}))
            self.assertEqual(stored("/t", {"X-Message": "line\\nbreak"})["message"], "x")  # the body wins
            self.assertEqual(call(server.base_url, "/t", "", {"X-Message": "line\\nbreak"}).json()["message"],
                             "line\nbreak")

    def test_json_publishing_as_apprise_does_it(self) -> None:
        with FakeNtfyServer() as server:
            answer = call(server.base_url, "/", json.dumps({"topic": "topic", "title": "TITLE", "message": "BODY"}),
                          {"Content-Type": "application/json", "X-Priority": "high", "X-Tags": "a,b"})
            self.assertEqual(answer.status, 200, answer.text)
            stored = answer.json()
            self.assertEqual((stored["topic"], stored["title"], stored["message"], stored["priority"],
                              stored["tags"]), ("topic", "TITLE", "BODY", 4, ["a", "b"]))
            full = post_json(server.base_url, "/", {"topic": "t", "message": "m", "title": "T", "tags": ["x", "y"],
                                                    "priority": 2, "click": "https://e.com", "markdown": True,
                                                    "icon": "https://e.com/i.png", "ignored": 1})
            self.assertEqual(full.status, 200, full.text)
            self.assertEqual({k: full.json()[k] for k in ("priority", "tags", "click", "icon", "content_type")},
                             {"priority": 2, "tags": ["x", "y"], "click": "https://e.com",
                              "icon": "https://e.com/i.png", "content_type": "text/markdown"})
            self.assertTrue(server.messages()[-1]["json"])
            self.assertEqual(post_json(server.base_url, "/", {"topic": "t"}).json()["message"], "triggered")

    def test_json_publishing_refusals(self) -> None:
        with FakeNtfyServer() as server:
            bad_json = error_body(40024, 400, "invalid request: request body must be valid JSON", None)
            bad_topic = error_body(40009, 400, "invalid request: topic invalid", None)
            for body, expected in (("not json", bad_json), ("[1]", bad_json), ("", bad_json),
                                   ('{"topic": "t", "priority": "high"}', bad_json),
                                   ('{"topic": "t", "tags": "a,b"}', bad_json),
                                   ('{"topic": "t", "markdown": "yes"}', bad_json),
                                   ('{"message": "no topic"}', bad_topic), ('{"topic": "a.b"}', bad_topic),
                                   ('{"topic": "' + "x" * 65 + '"}', bad_topic)):
                answer = call(server.base_url, "/", body, {"Content-Type": "application/json"})
                self.assertEqual((answer.status, answer.body), (400, expected), body)
            self.assertEqual(post_json(server.base_url, "/", {"topic": "t", "priority": 7}).body, PRIORITY_ERROR)

    def test_a_json_body_at_twice_the_limit_is_read_and_one_byte_more_is_too_large(self) -> None:
        with FakeNtfyServer() as server:
            prefix = '{"topic":"t","message":"' + "m" * 4000 + '","title":"'
            at_limit = prefix + "t" * (8192 - len(prefix) - 2) + '"}'
            self.assertEqual(len(at_limit), 8192)
            self.assertEqual(call(server.base_url, "/", at_limit).status, 200)
            past = prefix + "t" * (8193 - len(prefix) - 2) + '"}'
            answer = call(server.base_url, "/", past)
            self.assertEqual((answer.status, answer.body), (413, error_body(41303, 413, "JSON body too large", None)))

    def test_the_message_limit_at_and_just_past(self) -> None:
        with FakeNtfyServer() as server:
            self.assertEqual(call(server.base_url, "/testy", "é" * 2048).json()["message"], "é" * 2048)  # 4096 bytes
            past = call(server.base_url, "/testy", "é" * 2048 + "x")
            self.assertEqual((past.status, past.body), (400, NOT_ALLOWED))
            json_past = post_json(server.base_url, "/", {"topic": "t", "message": "x" * 4097})
            self.assertEqual((json_past.status, json_past.body), (400, NOT_ALLOWED))
            server.set_knobs(message_limit=10)
            self.assertEqual(call(server.base_url, "/testy", "0123456789").status, 200)
            self.assertEqual(call(server.base_url, "/testy", "0123456789a").status, 400)

    def test_a_server_with_an_attachment_cache_keeps_an_oversized_body_as_a_file(self) -> None:
        with FakeNtfyServer(attachment_cache=True) as server:
            stored = call(server.base_url, "/testy", "x" * 5000).json()
            self.assertEqual(stored["message"], "You received a file: attachment.txt")
            self.assertEqual((stored["attachment"]["name"], stored["attachment"]["size"]), ("attachment.txt", 5000))
            self.assertTrue(stored["attachment"]["url"].endswith(f"/file/{stored['id']}.txt"))

    def test_bodies_that_are_not_utf8(self) -> None:
        with FakeNtfyServer() as server:
            alone = call(server.base_url, "/testy", b"\xff\xfe binary")
            self.assertEqual((alone.status, alone.body), (400, NOT_ALLOWED))  # an attachment, as ntfy takes it
            with_url = call(server.base_url, "/testy", b"\xff\xfe", {"X-Attach": "https://e.com/f.jpg"})
            self.assertEqual((with_url.status, with_url.body),
                             (400, error_body(40011, 400, "invalid request: message must be UTF-8 encoded", None)))
            self.assertIn("body_base64", server.requests()[-1])
            attached = call(server.base_url, "/testy", "see", {"X-Attach": "https://e.com/f.jpg"}).json()
            self.assertEqual(attached["attachment"], {"name": "f.jpg", "url": "https://e.com/f.jpg"})

    def test_every_option_refusal_has_ntfys_body(self) -> None:
        with FakeNtfyServer() as server:
            for value in ("0", "6", "highest", "-1"):
                answer = call(server.base_url, "/testy", "x", {"X-Priority": value})
                self.assertEqual((answer.status, answer.body), (400, PRIORITY_ERROR), value)
            self.assertEqual(call(server.base_url, "/testy?p=9", "x").body, PRIORITY_ERROR)
            cases = [({"X-Attach": "ftp://e.com/f"}, 40013, "invalid request: attachment URL is invalid",
                      "https://ntfy.sh/docs/publish/#attachments"),
                     ({"X-Icon": "icon.png"}, 40021, "invalid request: icon URL is invalid",
                      "https://ntfy.sh/docs/publish/#icons"),
                     ({"X-Email": "a@b.c"}, 40001, "e-mail notifications are not enabled",
                      "https://ntfy.sh/docs/config/#e-mail-notifications"),
                     ({"X-Delay": "soonish"}, 40004, "invalid delay parameter: unable to parse delay",
                      "https://ntfy.sh/docs/publish/#scheduled-delivery"),
                     ({"X-Delay": "5s"}, 40005, "invalid delay parameter: too small, please refer to the docs",
                      "https://ntfy.sh/docs/publish/#scheduled-delivery"),
                     ({"X-Delay": "4d"}, 40006, "invalid delay parameter: too large, please refer to the docs",
                      "https://ntfy.sh/docs/publish/#scheduled-delivery")]
            for headers, code, text, link in cases:
                answer = call(server.base_url, "/testy", "x", headers)
                self.assertEqual((answer.status, answer.body), (400, error_body(code, 400, text, link)), headers)
            actions = call(server.base_url, "/testy", "x", {"X-Actions": "jump, Go, https://e.com"})
            self.assertEqual(actions.status, 400)
            self.assertEqual(actions.json()["code"], 40018)
            self.assertTrue(actions.json()["error"].startswith("invalid request: actions invalid; "))
            four = "; ".join(f"view, L{n}, https://e.com/{n}" for n in range(4))
            self.assertEqual(call(server.base_url, "/testy", "x", {"X-Actions": four}).json()["code"], 40018)
            three = "; ".join(f"view, L{n}, https://e.com/{n}" for n in range(3))
            self.assertEqual(call(server.base_url, "/testy", "x", {"X-Actions": three}).status, 200)
            json_actions = json.dumps([{"action": "view", "label": "Open", "url": "https://e.com"}])
            self.assertEqual(call(server.base_url, "/testy", "x", {"X-Actions": json_actions}).status, 200)
            delayed = call(server.base_url, "/testy", "later", {"X-Delay": "30m"}).json()
            self.assertGreaterEqual(delayed["time"], int(time.time()) + 1790)

    def test_topics_paths_and_reserved_names(self) -> None:
        with FakeNtfyServer() as server:
            not_found = error_body(40401, 404, "page not found", None)
            self.assertEqual(call(server.base_url, "/" + "x" * 64, "ok").status, 200)
            for target in ("/" + "x" * 65, "/a.b", "/a/b", "/t%C3%A9"):
                answer = call(server.base_url, target, "x")
                self.assertEqual((answer.status, answer.body), (404, not_found), target)
            self.assertEqual(call(server.base_url, "/testy").body, not_found)  # GET is not a publish
            disallowed = error_body(40010, 400, "invalid request: topic name is not allowed", None)
            for name in ("docs", "static", "file", "app", "metrics", "account", "settings", "signup", "login", "v1"):
                answer = call(server.base_url, f"/{name}", "x")
                self.assertEqual((answer.status, answer.body), (400, disallowed), name)
                self.assertEqual(post_json(server.base_url, "/", {"topic": name}).body, disallowed)
            self.assertEqual(call(server.base_url, "/v1/health").body, b'{"healthy":true}\n')


class AuthenticationTests(unittest.TestCase):
    TOKEN = "tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2"

    def test_a_token_is_needed_and_checked(self) -> None:
        with FakeNtfyServer(token=self.TOKEN) as server:
            none = call(server.base_url, "/testy", "x")
            self.assertEqual((none.status, none.body), (403, FORBIDDEN))  # anonymous: authorizeTopicWrite refuses
            wrong = call(server.base_url, "/testy", "x", {"Authorization": "Bearer tk_wrong"})
            self.assertEqual((wrong.status, wrong.body), (401, UNAUTHORIZED))
            self.assertEqual(call(server.base_url, "/testy", "x", {"Authorization": f"Bearer {self.TOKEN}"}).status, 200)
            as_password = base64.b64encode(f":{self.TOKEN}".encode()).decode()
            self.assertEqual(call(server.base_url, "/testy", "x", {"Authorization": f"Basic {as_password}"}).status,
                             200)
            by_query = base64.urlsafe_b64encode(f"Bearer {self.TOKEN}".encode()).decode().rstrip("=")
            self.assertEqual(call(server.base_url, f"/testy?auth={by_query}", "x").status, 200)
            undecodable = call(server.base_url, "/testy?auth=%21%21%21", "x")
            self.assertEqual((undecodable.status, undecodable.body),
                             (500, error_body(50001, 500, "internal server error", None)))
            self.assertEqual(call(server.base_url, "/testy", "x", {"Authorization": "Digest abc"}).status, 403)
            sent = [entry["headers"].get("Authorization") for entry in server.requests()]
            self.assertIn(f"Bearer {self.TOKEN}", sent)
            self.assertEqual(server.requests()[2]["authorization"], f"Bearer {self.TOKEN}")

    def test_a_user_and_password(self) -> None:
        with FakeNtfyServer(user="phil", password="s3cret") as server:
            def basic(pair: str) -> dict[str, str]:
                return {"Authorization": "Basic " + base64.b64encode(pair.encode()).decode()}

            self.assertEqual(call(server.base_url, "/testy", "x", basic("phil:s3cret")).status, 200)
            self.assertEqual(call(server.base_url, "/testy", "x", basic("phil:wrong")).body, UNAUTHORIZED)
            self.assertEqual(call(server.base_url, "/testy", "x", basic("tk_user")).body, UNAUTHORIZED)
            self.assertEqual(call(server.base_url, "/testy", "x", {"Authorization": "Basic !!"}).body, UNAUTHORIZED)
            self.assertEqual(call(server.base_url, "/", json.dumps({"topic": "t", "message": "m"}),
                                  basic("phil:s3cret")).status, 200)
            server.set_knobs(forbidden=True)
            self.assertEqual(call(server.base_url, "/testy", "x", basic("phil:s3cret")).body, FORBIDDEN)
            server.set_knobs(forbidden=False, anonymous_write=True)
            self.assertEqual(call(server.base_url, "/testy", "x").status, 200)

    def test_without_users_an_authorization_header_is_ignored(self) -> None:
        with FakeNtfyServer() as server:
            self.assertEqual(call(server.base_url, "/testy", "x", {"Authorization": "Bearer whatever"}).status, 200)
            server.set_knobs(forbidden=True)
            self.assertEqual(call(server.base_url, "/testy", "x").body, FORBIDDEN)

    def test_too_many_bad_attempts(self) -> None:
        with FakeNtfyServer(token=self.TOKEN, auth_failure_burst=2, paid_plan_url=None) as server:
            for _ in range(2):
                self.assertEqual(call(server.base_url, "/testy", "x", {"Authorization": "Bearer bad"}).status, 401)
            answer = call(server.base_url, "/testy", "x", {"Authorization": f"Bearer {self.TOKEN}"})
            self.assertEqual((answer.status, answer.body),
                             (429, error_body(42909, 429, "limit reached: too many auth failures", LIMITS)))


class RateLimitTests(unittest.TestCase):
    def test_the_request_bucket_refills_one_every_five_seconds(self) -> None:
        clock = Clock()
        with FakeNtfyServer(request_burst=3) as server:
            server.state.clock = clock
            for _ in range(3):
                self.assertEqual(call(server.base_url, "/testy", "x").status, 200)
            answer = call(server.base_url, "/testy", "x")
            self.assertEqual((answer.status, answer.body), (429, error_body(
                42901, 429, f"{TOO_MANY}; increase your limits with a paid plan, see https://ntfy.sh", LIMITS)))
            self.assertIsNone(answer.header("Retry-After"))
            clock.now += 4.9
            self.assertEqual(call(server.base_url, "/testy", "x").status, 429)
            clock.now += 0.2
            self.assertEqual(call(server.base_url, "/testy", "x").status, 200)
            self.assertEqual(call(server.base_url, "/testy", "x").status, 429)
            server.set_knobs(paid_plan_url=None)
            self.assertEqual(call(server.base_url, "/testy", "x").body, error_body(42901, 429, TOO_MANY, LIMITS))

    def test_the_default_bucket_holds_sixty(self) -> None:
        clock = Clock()
        with FakeNtfyServer() as server:
            server.state.clock = clock
            statuses = [call(server.base_url, "/testy", "x").status for _ in range(61)]
            self.assertEqual(statuses, [200] * 60 + [429])

    def test_the_daily_quota_answers_the_recorded_429(self) -> None:
        with FakeNtfyServer(daily_quota=2) as server:
            self.assertEqual(call(server.base_url, "/testy", "x", {"X-Priority": "9"}).status, 400)  # not counted
            for _ in range(2):
                self.assertEqual(call(server.base_url, "/testy", "x").status, 200)
            answer = call(server.base_url, "/testy", "x")
            self.assertEqual(answer.status, 429)
            expected = ('{"code":42908,"http":429,"error":"limit reached: daily message quota reached; increase your '
                        'limits with a paid plan, see https://ntfy.sh","link":"https://ntfy.sh/docs/publish/'
                        '#limitations"}')
            if RECORDINGS is not None:
                expected = (RECORDINGS / "ntfy-error-429-42908-daily-quota-ntfy.sh.json").read_text()
            self.assertEqual(answer.text, expected + "\n")
            server.reset()
            self.assertEqual(call(server.base_url, "/testy", "x").status, 200)


class CommonKnobTests(unittest.TestCase):
    def test_fail_next_fail_status_and_retry_after(self) -> None:
        with FakeNtfyServer(fail_next=1) as server:
            answer = call(server.base_url, "/testy", "x")
            self.assertEqual((answer.status, answer.header("Retry-After")), (503, None))
            self.assertEqual(call(server.base_url, "/testy", "x").status, 200)
            server.set_knobs(fail_next=1, fail_status=500, retry_after=30)
            answer = call(server.base_url, "/testy", "x")
            self.assertEqual((answer.status, answer.body, answer.header("Retry-After")),
                             (500, error_body(50001, 500, "internal server error", None), "30"))
            self.assertEqual([e["fault"] for e in server.requests()], ["fail", None, "fail"])
            self.assertEqual(len(server.messages()), 1)

    def test_throttle_next_is_ntfys_request_limit(self) -> None:
        with FakeNtfyServer(throttle_next=1, paid_plan_url=None) as server:
            self.assertEqual(call(server.base_url, "/testy", "x").body, error_body(42901, 429, TOO_MANY, LIMITS))
            self.assertEqual(call(server.base_url, "/testy", "x").status, 200)

    def test_hang_ms_answers_late_and_a_client_that_gave_up_is_logged(self) -> None:
        with FakeNtfyServer(hang_ms=1500) as server:
            with self.assertRaises(socket.timeout):
                call(server.base_url, "/testy", "x", timeout=0.3)
            entry = server.requests()[0]
            self.assertEqual((entry["status"], entry["late_ms"]), (200, 1500))
            server.set_knobs(hang_ms=300)
            started = time.monotonic()
            self.assertEqual(call(server.base_url, "/testy", "x").status, 200)
            self.assertGreaterEqual(time.monotonic() - started, 0.28)

    def test_every_request_is_logged_whole_before_it_is_answered(self) -> None:
        steps = [({}, lambda base: call(base, "/testy", "x")), ({"fail_next": 1}, lambda base: call(base, "/t", "x")),
                 ({}, lambda base: call(base, "/t", "x", {"X-Priority": "9"})),
                 ({"throttle_next": 1}, lambda base: call(base, "/t", "x")),
                 ({}, lambda base: post_json(base, "/", {"topic": "t"})), ({}, lambda base: call(base, "/a.b", "x"))]
        answers, unfinished, logged = unfinished_when_answered(FakeNtfyServer(), steps)
        self.assertEqual((answers, unfinished, logged), (len(steps), [], len(steps)))

    def test_control_endpoints_and_unknown_knobs(self) -> None:
        with FakeNtfyServer() as server:
            call(server.base_url, "/testy", "x")
            self.assertEqual(call(server.base_url, "/_messages").json()["count"], 1)
            self.assertEqual(call(server.base_url, "/_log").json()["requests"][0]["body"], "x")
            bad = call(server.base_url, "/_control", json.dumps({"fail_nxt": 1}))
            self.assertEqual(bad.status, 400)
            self.assertIn("unknown knob", bad.json()["error"])
            self.assertEqual(call(server.base_url, "/_control", json.dumps({"fail_next": -1})).status, 400)
            self.assertEqual(call(server.base_url, "/_control", json.dumps({"daily_quota": 5})).json()["daily_quota"],
                             5)
            call(server.base_url, "/_reset", "")
            self.assertEqual((call(server.base_url, "/_messages").json()["count"], server.requests()), (0, []))
            self.assertIsNone(call(server.base_url, "/_control").json()["daily_quota"])


class ScriptTests(unittest.TestCase):
    def test_as_a_script_it_says_where_it_listens_and_ends_with_its_stdin(self) -> None:
        process, base = run_script("fake_ntfy.py", "--token", "tk_script", "--daily-quota", "1")
        try:
            self.assertEqual(call(base, "/testy", "x").status, 403)
            self.assertEqual(call(base, "/testy", "x", {"Authorization": "Bearer tk_script"}).status, 200)
            self.assertEqual(call(base, "/testy", "x", {"Authorization": "Bearer tk_script"}).status, 429)
        finally:
            self.assertEqual(stop_script(process), 0)


if __name__ == "__main__":
    unittest.main()
