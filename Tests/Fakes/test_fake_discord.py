"""Tests of the fake Discord webhook endpoint: the message it answers with ``wait`` (against the recording in
shared/fixtures/push when present), 204 without, every refusal's body, each limit at it and just past it, known
webhooks, the rate limit's headers and 429s, and the common knobs.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import json
import re
import sys
import unittest
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_discord import FakeDiscordServer  # noqa: E402
from push_test_support import (call, post_json, recordings, run_script, stop_script,  # noqa: E402
                               unfinished_when_answered)

RECORDINGS = recordings()
HOOK = "/api/v10/webhooks/849615314274484224/tok-en_1"
EMPTY = b'{"message": "Cannot send an empty message", "code": 50006}'


def too_long(path: list[str], limit: int) -> dict[str, Any]:
    tree: dict[str, Any] = {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": f"Must be {limit} or fewer in length."}]}
    for key in reversed(path):
        tree = {key: tree}
    return tree


def form_error(errors: dict[str, Any]) -> bytes:
    return json.dumps({"message": "Invalid Form Body", "code": 50035, "errors": errors}).encode()


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


class ExecuteTests(unittest.TestCase):
    def test_wait_answers_the_created_message_shaped_as_the_recording(self) -> None:
        with FakeDiscordServer(rate_limit=50) as server:
            answer = post_json(server.base_url, HOOK + "?wait=true", {"content": "New: <Album> & more",
                                                                      "username": "deepcut"})
            self.assertEqual(answer.status, 200, answer.text)
            self.assertEqual(answer.header("Content-Type"), "application/json")
            message = answer.json()
            keys = ["id", "type", "content", "channel_id", "author", "attachments", "embeds", "mentions",
                    "mention_roles", "pinned", "mention_everyone", "tts", "timestamp", "edited_timestamp", "flags",
                    "components", "webhook_id"]
            if RECORDINGS is not None:
                recorded = json.loads((RECORDINGS / "discord-webhook-200-wait-message-with-attachment.json").read_text())
                keys = list(recorded)
                self.assertEqual(list(message["author"]), list(recorded["author"]))
            self.assertEqual(list(message), keys)
            self.assertEqual(message["author"], {"bot": True, "id": "849615314274484224", "username": "deepcut",
                                                 "avatar": None, "discriminator": "0000"})
            self.assertEqual((message["type"], message["content"], message["webhook_id"]),
                             (0, "New: <Album> & more", "849615314274484224"))
            self.assertRegex(message["id"], r"^\d{17,20}$")
            self.assertRegex(message["timestamp"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}000\+00:00$")
            self.assertIn('"type": 0, "content": "New: <Album> & more", ', answer.text)  # Python's separators
            self.assertEqual(post_json(server.base_url, HOOK + "?wait=1", {"content": "x"}).json()["author"]["username"],
                             "Captain Hook")

    def test_without_wait_it_is_204_with_nothing_even_with_wait_in_the_body(self) -> None:
        with FakeDiscordServer() as server:
            for target, payload in ((HOOK, {"content": "hi"}), (HOOK + "?wait=false", {"content": "hi"}),
                                    ("/api/webhooks/1/t", {"content": "TITLE\r\nBODY", "wait": True, "tts": False})):
                answer = post_json(server.base_url, target, payload)
                self.assertEqual((answer.status, answer.body, answer.header("Content-Length")), (204, b"", None))
            logged = server.messages()[-1]
            self.assertEqual((logged["content"], logged["wait"], logged["api_version"], logged["webhook_id"]),
                             ("TITLE\r\nBODY", False, None, "1"))
            self.assertEqual(server.messages()[0]["api_version"], 10)

    def test_embeds_come_back_rich(self) -> None:
        with FakeDiscordServer() as server:
            embed = {"title": "Album", "description": "By Artist", "color": 3447003,
                     "fields": [{"name": "Label", "value": "Indie", "inline": True}], "footer": {"text": "deepcut"}}
            message = post_json(server.base_url, HOOK + "?wait=true", {"embeds": [embed]}).json()
            self.assertEqual(message["embeds"], [{"type": "rich", **embed}])
            self.assertEqual(message["content"], "")

    def test_forms_and_multipart_are_read_and_other_bodies_are_an_empty_message(self) -> None:
        with FakeDiscordServer() as server:
            form = call(server.base_url, HOOK, "content=from+a+form",
                        {"Content-Type": "application/x-www-form-urlencoded"})
            self.assertEqual(form.status, 204)
            self.assertEqual(server.messages()[-1]["content"], "from a form")
            boundary = "xYzZY"
            multipart = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n"
                         '{"content": "with a file"}\r\n'
                         f"--{boundary}\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"cover.png\""
                         "\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n"
                         f"--{boundary}--\r\n")
            answer = call(server.base_url, HOOK + "?wait=true", multipart,
                          {"Content-Type": f"multipart/form-data; boundary={boundary}"})
            self.assertEqual(answer.status, 200, answer.text)
            self.assertEqual(answer.json()["content"], "with a file")
            self.assertEqual([(a["filename"], a["size"]) for a in answer.json()["attachments"]], [("cover.png", 7)])
            for headers in ({}, {"Content-Type": "text/plain"}):
                answer = call(server.base_url, HOOK, '{"content": "hi"}', headers)
                self.assertEqual((answer.status, answer.body), (400, EMPTY), headers)

    def test_bodies_that_are_not_json_objects(self) -> None:
        with FakeDiscordServer(rate_limit=100) as server:
            bad = call(server.base_url, HOOK, "{not json", {"Content-Type": "application/json"})
            self.assertEqual((bad.status, bad.body),
                             (400, b'{"message": "The request body contains invalid JSON.", "code": 50109}'))
            listed = post_json(server.base_url, HOOK, ["content"])
            self.assertEqual((listed.status, listed.body), (400, form_error({"_errors": [
                {"code": "DICT_TYPE_CONVERT", "message": "Only dictionaries may be used in a DictType"}]})))
            for payload in ({}, {"content": ""}, {"content": "  \n "}, {"embeds": []}, {"username": "x"}):
                answer = post_json(server.base_url, HOOK, payload)
                self.assertEqual((answer.status, answer.body), (400, EMPTY), payload)


class LimitTests(unittest.TestCase):
    def post(self, server: FakeDiscordServer, payload: dict[str, Any], target: str = HOOK) -> tuple[int, bytes]:
        answer = post_json(server.base_url, target, payload)
        return answer.status, answer.body

    def test_content_at_2000_and_past(self) -> None:
        with FakeDiscordServer(rate_limit=100) as server:
            self.assertEqual(self.post(server, {"content": "x" * 2000})[0], 204)
            self.assertEqual(self.post(server, {"content": "  " + "é" * 2000 + "\n"})[0], 204)  # trimmed
            self.assertEqual(self.post(server, {"content": "x" * 2001}), (400, form_error(too_long(["content"], 2000))))
            self.assertEqual(self.post(server, {"content": "x" * 2001}, "/api/webhooks/1/t"),
                             (400, b'{"content": ["Must be 2000 or fewer in length."]}'))
            server.set_knobs(flat_errors_unversioned=False)
            self.assertEqual(self.post(server, {"content": "x" * 2001}, "/api/webhooks/1/t"),
                             (400, form_error(too_long(["content"], 2000))))

    def test_each_embed_limit_at_and_past(self) -> None:
        cases = [({"title": "t" * 256}, {"title": "t" * 257}, ["embeds", "0", "title"], 256),
                 ({"description": "d" * 4096}, {"description": "d" * 4097}, ["embeds", "0", "description"], 4096),
                 ({"footer": {"text": "f" * 2048}}, {"footer": {"text": "f" * 2049}}, ["embeds", "0", "footer", "text"],
                  2048),
                 ({"author": {"name": "a" * 256}}, {"author": {"name": "a" * 257}}, ["embeds", "0", "author", "name"],
                  256),
                 ({"fields": [{"name": "n" * 256, "value": "v"}]}, {"fields": [{"name": "n" * 257, "value": "v"}]},
                  ["embeds", "0", "fields", "0", "name"], 256),
                 ({"fields": [{"name": "n", "value": "v" * 1024}]}, {"fields": [{"name": "n", "value": "v" * 1025}]},
                  ["embeds", "0", "fields", "0", "value"], 1024),
                 ({"fields": [{"name": "n", "value": "v"}] * 25}, {"fields": [{"name": "n", "value": "v"}] * 26},
                  ["embeds", "0", "fields"], 25)]
        with FakeDiscordServer(rate_limit=100) as server:
            for at, past, path, limit in cases:
                self.assertEqual(self.post(server, {"embeds": [at]})[0], 204, path)
                self.assertEqual(self.post(server, {"embeds": [past]}), (400, form_error(too_long(path, limit))), path)
            self.assertEqual(self.post(server, {"embeds": [{"title": "x"}] * 10})[0], 204)
            self.assertEqual(self.post(server, {"embeds": [{"title": "x"}] * 11}),
                             (400, form_error(too_long(["embeds"], 10))))
            second = self.post(server, {"embeds": [{"title": "ok"}, {"description": "d" * 4097}]})
            self.assertEqual(second, (400, form_error(too_long(["embeds", "1", "description"], 4096))))

    def test_the_sum_across_embeds_at_6000_and_past(self) -> None:
        at = [{"description": "d" * 4000}, {"footer": {"text": "f" * 1990}, "title": "t" * 10}]
        past = [{"description": "d" * 4000}, {"footer": {"text": "f" * 1990}, "title": "t" * 11}]
        with FakeDiscordServer() as server:
            self.assertEqual(self.post(server, {"embeds": at})[0], 204)
            self.assertEqual(self.post(server, {"embeds": past}), (400, form_error({"embeds": {"_errors": [
                {"code": "MAX_EMBED_SIZE_EXCEEDED", "message": "Embed size exceeds maximum size of 6000"}]}})))
            self.assertEqual(self.post(server, {"embeds": past}, "/api/webhooks/1/t"),
                             (400, b'{"embeds": ["Embed size exceeds maximum size of 6000"]}'))

    def test_a_request_too_large_is_the_recorded_413(self) -> None:
        with FakeDiscordServer(max_body_bytes=100) as server:
            expected = b'{"message": "Request entity too large", "code": 40005}'
            if RECORDINGS is not None:
                expected = (RECORDINGS / "discord-webhook-413-40005-entity-too-large.json").read_bytes()
            self.assertEqual(post_json(server.base_url, HOOK, {"content": "x" * 70}).status, 204)  # 85 bytes
            answer = post_json(server.base_url, HOOK, {"content": "x" * 120})
            self.assertEqual((answer.status, answer.body), (413, expected))

    def test_every_broken_limit_is_named_at_once(self) -> None:
        with FakeDiscordServer() as server:
            status, body = self.post(server, {"content": "x" * 2001, "embeds": [{"title": "t" * 257}]})
            self.assertEqual(status, 400)
            self.assertEqual(json.loads(body)["errors"], {**too_long(["content"], 2000),
                                                          **too_long(["embeds", "0", "title"], 256)})


class WebhookTests(unittest.TestCase):
    def test_known_webhooks_unknown_ids_and_wrong_tokens(self) -> None:
        with FakeDiscordServer(webhooks={"111": "right"}) as server:
            self.assertEqual(post_json(server.base_url, "/api/v10/webhooks/111/right", {"content": "x"}).status, 204)
            unknown = post_json(server.base_url, "/api/v10/webhooks/222/right", {"content": "x"})
            self.assertEqual((unknown.status, unknown.body), (404, b'{"message": "Unknown Webhook", "code": 10015}'))
            wrong = post_json(server.base_url, "/api/webhooks/111/wrong", {"content": "x"})
            self.assertEqual((wrong.status, wrong.body), (401, b'{"message": "Invalid Webhook Token", "code": 50027}'))
            webhook = call(server.base_url, "/api/v10/webhooks/111/right").json()
            self.assertEqual((webhook["id"], webhook["token"], webhook["type"]), ("111", "right", 1))
            self.assertEqual(call(server.base_url, "/api/v10/webhooks/111/right", "", method="DELETE").status, 405)
            nowhere = post_json(server.base_url, "/api/v10/channels/1/messages", {"content": "x"})
            self.assertEqual((nowhere.status, nowhere.body), (404, b'{"message": "404: Not Found", "code": 0}'))


class RateLimitTests(unittest.TestCase):
    def test_every_answer_carries_the_buckets_headers_and_past_it_429s(self) -> None:
        clock = Clock()
        with FakeDiscordServer(rate_limit=2, rate_window_s=2.0) as server:
            server.state.clock = clock
            first = post_json(server.base_url, HOOK, {"content": "1"})
            self.assertEqual((first.header("X-RateLimit-Limit"), first.header("X-RateLimit-Remaining"),
                              first.header("X-RateLimit-Reset-After")), ("2", "1", "2.000"))
            self.assertRegex(first.header("X-RateLimit-Reset") or "", r"^\d+\.\d{3}$")
            self.assertRegex(first.header("X-RateLimit-Bucket") or "", r"^[0-9a-f]{32}$")
            clock.now += 0.5
            self.assertEqual(post_json(server.base_url, HOOK, {"content": "2"}).header("X-RateLimit-Remaining"), "0")
            limited = post_json(server.base_url, HOOK, {"content": "3"})
            self.assertEqual(limited.status, 429)
            self.assertEqual(limited.body, b'{"message": "You are being rate limited.", "retry_after": 1.5, '
                                           b'"global": false}')
            self.assertEqual((limited.header("Retry-After"), limited.header("X-RateLimit-Remaining"),
                              limited.header("X-RateLimit-Scope"), limited.header("X-RateLimit-Reset-After")),
                             ("2", "0", "user", "1.500"))
            other = post_json(server.base_url, "/api/v10/webhooks/42/t", {"content": "other webhook"})
            self.assertEqual(other.status, 204)  # a bucket per webhook
            clock.now += 1.5
            self.assertEqual(post_json(server.base_url, HOOK, {"content": "4"}).status, 204)
            self.assertEqual(len(server.messages()), 4)

    def test_throttle_next_forces_429s_with_retry_after(self) -> None:
        with FakeDiscordServer(throttle_next=2, retry_after=0.25) as server:
            for _ in range(2):
                limited = post_json(server.base_url, HOOK, {"content": "x"})
                self.assertEqual((limited.status, limited.json(), limited.header("Retry-After")),
                                 (429, {"message": "You are being rate limited.", "retry_after": 0.25,
                                        "global": False}, "1"))
            self.assertEqual(post_json(server.base_url, HOOK, {"content": "x"}).status, 204)
            server.set_knobs(throttle_next=1, throttle_global=True, retry_after=64.57)
            limited = post_json(server.base_url, HOOK, {"content": "x"})
            self.assertEqual((limited.json(), limited.header("Retry-After"), limited.header("X-RateLimit-Global"),
                              limited.header("X-RateLimit-Scope")),
                             ({"message": "You are being rate limited.", "retry_after": 64.57, "global": True}, "65",
                              "true", "global"))


class CommonKnobTests(unittest.TestCase):
    def test_fail_next_and_its_statuses(self) -> None:
        with FakeDiscordServer(fail_next=1, fail_status=500, retry_after=3) as server:
            failed = post_json(server.base_url, HOOK, {"content": "x"})
            self.assertEqual((failed.status, failed.body, failed.header("Retry-After")),
                             (500, b'{"message": "500: Internal Server Error", "code": 0}', "3"))
            server.set_knobs(fail_next=1, fail_status=502, retry_after=None)
            failed = post_json(server.base_url, HOOK, {"content": "x"})
            self.assertEqual((failed.status, failed.header("Retry-After")), (502, None))
            self.assertEqual(post_json(server.base_url, HOOK, {"content": "x"}).status, 204)
            self.assertEqual([e["status"] for e in server.requests()], [500, 502, 204])

    def test_every_request_is_logged_whole_before_it_is_answered(self) -> None:
        steps = [({}, lambda b: post_json(b, HOOK + "?wait=true", {"content": "x"})),
                 ({}, lambda b: post_json(b, HOOK, {"content": "x"})),
                 ({"fail_next": 1}, lambda b: post_json(b, HOOK, {"content": "x"})),
                 ({"throttle_next": 1}, lambda b: post_json(b, HOOK, {"content": "x"})),
                 ({}, lambda b: post_json(b, HOOK, {})), ({}, lambda b: call(b, "/nowhere"))]
        answers, unfinished, logged = unfinished_when_answered(FakeDiscordServer(), steps)
        self.assertEqual((answers, unfinished, logged), (len(steps), [], len(steps)))

    def test_hang_ms(self) -> None:
        import socket
        with FakeDiscordServer(hang_ms=1000) as server:
            with self.assertRaises(socket.timeout):
                call(server.base_url, HOOK, '{"content": "x"}', {"Content-Type": "application/json"}, timeout=0.2)
            self.assertEqual(server.requests()[0]["status"], 204)


class ScriptTests(unittest.TestCase):
    def test_as_a_script(self) -> None:
        process, base = run_script("fake_discord.py", "--webhook", "111:right", "--rate-limit", "1")
        try:
            self.assertEqual(post_json(base, "/api/v10/webhooks/111/right", {"content": "x"}).status, 204)
            self.assertEqual(post_json(base, "/api/v10/webhooks/111/right", {"content": "x"}).status, 429)
            self.assertEqual(post_json(base, "/api/v10/webhooks/111/wrong", {"content": "x"}).status, 401)
            self.assertTrue(re.match(r"^\d+$", call(base, "/_log").json()["requests"][0]["headers"]["Content-Length"]))
        finally:
            self.assertEqual(stop_script(process), 0)


if __name__ == "__main__":
    unittest.main()
