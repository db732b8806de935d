"""What every fake promises its readers: a request's log entry is complete before any byte of its answer goes out,
so a client that has its answer (or a test that waited for it) reads the entry with its status and fault; and a
service that goes away mid-run (``POST /_gone``) refuses, cuts and keeps its port.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import errno
import http.client
import json
import socket
import sys
import threading
import unittest
import urllib.request
from pathlib import Path
from typing import Any, Callable
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fake_service  # noqa: E402
from fake_deezer import FakeDeezerServer  # noqa: E402
from fake_itunes import FakeItunesServer  # noqa: E402
from fake_musicbrainz import FakeMusicBrainzServer  # noqa: E402

AGENT = "deepcut/0.1 ( someone@example.com )"


class AnswerWatch:
    """Looks at the log each time a fake starts an API answer, and keeps the entries not finished by then."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers = 0
        self.unfinished: list[dict[str, Any]] = []
        original = fake_service.Handler.send_response
        watch = self

        def send_response(handler: fake_service.Handler, code: int, message: str | None = None) -> None:
            if not handler.path.startswith("/_"):
                log = handler.server.service.snapshot_log()
                with watch.lock:
                    watch.answers += 1
                    # `finish` is what gives an entry its duration: without one, status and fault are not in yet.
                    watch.unfinished += [entry for entry in log if "duration_ms" not in entry]
            original(handler, code, message)

        self.patch = mock.patch.object(fake_service.Handler, "send_response", send_response)

    def __enter__(self) -> "AnswerWatch":
        self.patch.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.patch.stop()


def ask(base: str, target: str, agent: str = AGENT) -> None:
    """One request read to its end, whatever it answers (an error status, a cut body)."""
    request = urllib.request.Request(base + target, headers={"User-Agent": agent})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
    except Exception:  # noqa: BLE001 - the answer's kind is not what this test looks at
        pass


class LoggedBeforeAnsweredTests(unittest.TestCase):
    def check(self, server: fake_service.BackgroundServer, steps: list[tuple[dict[str, Any], str]],
              asking: Callable[[str, str], None] = ask) -> None:
        with AnswerWatch() as watch, server:
            for knobs, target in steps:
                server.set_knobs(**knobs)
                asking(server.base_url, target)
            log = server.requests()
        self.assertEqual(watch.answers, len(steps))
        self.assertEqual(watch.unfinished, [])
        self.assertEqual(len(log), len(steps))
        self.assertTrue(all("duration_ms" in entry for entry in log), log)

    def test_the_itunes_fake(self) -> None:
        world = {"artists": [{"artistId": 1001, "artistName": "Ada", "albums": [
            {"collectionId": 5001, "collectionName": "Loud", "releaseDate": "2026-11-20"}]}]}
        self.check(FakeItunesServer(world), [
            ({}, "/lookup?id=1001&entity=album"), ({"fail_next": 1}, "/lookup?id=1001"),
            ({"throttle_next": 1}, "/search?term=ada"), ({"html_next": 1}, "/search?term=ada"),
            ({"truncate_next": 1}, "/lookup?id=1001&entity=album"),
            ({"reset_body_next": 1}, "/lookup?id=1001&entity=album"),
            ({"error_rate": 1.0}, "/lookup?id=1001"), ({"error_rate": 0.0}, "/nowhere")])

    def test_the_musicbrainz_fake(self) -> None:
        world = {"artists": [{"id": "a-1", "name": "Static Bloom", "release-groups": [
            {"id": "rg-covered-0001", "title": "Glasshouse", "primary-type": "Album",
             "first-release-date": "2026-11-20", "cover": True}]}]}
        anonymous: Callable[[str, str], None] = lambda base, target: ask(base, target, agent="curl/8.0")
        steps = [({}, "/ws/2/artist?query=artist:static&fmt=json"),
                 ({"fail_next": 1}, "/ws/2/release-group?artist=a-1&fmt=json"),
                 ({}, "/ws/2/artist?query=artist:(unclosed&fmt=json"), ({}, "/ws/2/artist?query=artist:static"),
                 ({}, "/release-group/rg-covered-0001"), ({}, "/release-group/rg-covered-0001/front-250"),
                 ({}, "/release-group/nowhere"), ({}, "/ws/2/nowhere?fmt=json"),
                 ({"rate_limit": 1, "rate_window_s": 60}, "/ws/2/release-group?artist=a-1&fmt=json")]
        self.check(FakeMusicBrainzServer(world), steps)
        self.check(FakeMusicBrainzServer(world), [({}, "/ws/2/artist?query=artist:static&fmt=json")], anonymous)

    def test_the_deezer_fake(self) -> None:
        world = {"artists": [{"id": 27, "name": "Daft Punk", "nb_fan": 5000, "albums": []}]}
        self.check(FakeDeezerServer(world), [
            ({}, "/search/artist?q=daft"), ({"error_next": 1}, "/artist/27/albums"),
            ({"quota_next": 1}, "/artist/27/albums"), ({}, "/nowhere")])



GONE_WORLD = {"artists": [{"id": 27, "name": "Daft Punk", "albums": []}]}


class GoneServiceTests(unittest.TestCase):
    def test_a_gone_service_refuses_cuts_and_keeps_its_port(self) -> None:
        with FakeDeezerServer(GONE_WORLD, quota=None) as server:
            kept = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            kept.request("GET", "/search/artist?q=Daft+Punk")
            first = kept.getresponse()
            first.read()
            self.assertEqual(first.status, 200)

            control = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            control.request("POST", "/_gone")
            answer = control.getresponse()
            self.assertEqual(answer.status, 200)
            self.assertEqual(json.loads(answer.read()), {"gone": True, "port": server.port})

            # A new connection is refused at once.
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", server.port), timeout=60).close()
            # The kept-alive connection was cut: the next request on it finds nobody.
            with self.assertRaises((http.client.RemoteDisconnected, ConnectionError)):
                kept.request("GET", "/search/artist?q=Daft+Punk")
                kept.getresponse()
            # And nobody else can take the port while the process lives, even asking for it by number.
            for reuse in (False, True):
                taker = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                taker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, int(reuse))
                with self.assertRaises(OSError) as refused:
                    taker.bind(("127.0.0.1", server.port))
                self.assertEqual(refused.exception.errno, errno.EADDRINUSE)
                taker.close()
            self.assertEqual(len(server.requests()), 1)
            kept.close()
            control.close()


if __name__ == "__main__":
    unittest.main()
