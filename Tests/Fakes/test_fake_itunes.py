"""Tests for the fake iTunes server.

The Swift tests trust this server to speak Apple's exact wire format and to
inject faults on demand; if either drifts, the Swift tests would pass against
something that is not the real API.  So these tests pin the bytes (against the
recorded captures in ../shared when present) and every knob's observable effect.

Run from the repo root:  python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import datetime as dt
import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fake_itunes  # noqa: E402
from fake_itunes import FakeItunesServer, World, WorldError, encode_results  # noqa: E402

REPO = HERE.parents[1]
FIXTURES = REPO / ".." / "shared" / "fixtures" / "itunes"
SCRIPT = HERE / "fake_itunes.py"

# A small invented world.  1001 and 1002 share the collaboration 2011 (credited to 1002).
WORLD: dict[str, Any] = {
    "artists": [
        {"artistId": 1001, "artistName": "The Midnight Owls", "primaryGenreName": "Rock", "amgArtistId": 5001,
         "albums": [
             {"collectionId": 2001, "collectionName": "Night Shift", "releaseDate": "2024-03-01", "trackCount": 11},
             {"collectionId": 2002, "collectionName": "Hollow Moon - Single", "releaseDate": "2026-11-10", "trackCount": 1},
             {"collectionId": 2003, "collectionName": "Paper Crowns", "releaseDate": "2019-05-17", "trackCount": 12,
              "explicitness": "explicit"},
             {"collectionId": 2004, "collectionName": "Paper Crowns", "releaseDate": "2019-05-17", "trackCount": 12,
              "explicitness": "cleaned"},
             {"collectionId": 2011, "collectionName": "Two Rivers", "releaseDate": "2026-12-04", "trackCount": 10,
              "artistId": 1002},
         ]},
        {"artistId": 1002, "artistName": "Chloé Marchand", "primaryGenreName": "Pop",
         "albums": [
             {"collectionId": 2010, "collectionName": "Lumière - EP", "releaseDate": "2025-09-05", "trackCount": 5},
             {"collectionId": 2011, "collectionName": "Two Rivers", "releaseDate": "2026-12-04", "trackCount": 10},
         ]},
        {"artistId": 1003, "artistName": "The Midnight", "primaryGenreName": "Electronic",
         "albums": [
             {"collectionId": 2020, "collectionName": "Éclair", "releaseDate": "2026-11-03", "trackCount": 9,
              "explicitness": "explicit", "label": "Neon Fog Records",
              "artworkUrl60": "https://is1-ssl.mzstatic.com/image/thumb/x/60x60bb.jpg",
              "artworkUrl100": "https://is1-ssl.mzstatic.com/image/thumb/x/100x100bb.jpg"},
         ]},
    ]
}

EMPTY = b'\n\n\n{\n "resultCount":0,\n "results": []\n}\n\n\n'

# Written out by hand from the wire-format rules, not produced by the encoder.
MIDNIGHT_LOOKUP = (
    '\n\n\n{\n "resultCount":2,\n "results": [\n'
    '{"wrapperType":"artist", "artistType":"Artist", "artistName":"The Midnight", '
    '"artistLinkUrl":"https://music.apple.com/us/artist/the-midnight/1003?uo=4", "artistId":1003, '
    '"primaryGenreName":"Electronic", "primaryGenreId":7}, \n'
    '{"wrapperType":"collection", "collectionType":"Album", "artistId":1003, "collectionId":2020, '
    '"artistName":"The Midnight", "collectionName":"Éclair", "collectionCensoredName":"Éclair", '
    '"artistViewUrl":"https://music.apple.com/us/artist/the-midnight/1003?uo=4", '
    '"collectionViewUrl":"https://music.apple.com/us/album/eclair/2020?uo=4", '
    '"artworkUrl60":"https://is1-ssl.mzstatic.com/image/thumb/x/60x60bb.jpg", '
    '"artworkUrl100":"https://is1-ssl.mzstatic.com/image/thumb/x/100x100bb.jpg", '
    '"collectionPrice":9.99, "collectionExplicitness":"explicit", "contentAdvisoryRating":"Explicit", '
    '"trackCount":9, "copyright":"℗ 2026 Neon Fog Records", "country":"USA", "currency":"USD", '
    '"releaseDate":"2026-11-03T07:00:00Z", "primaryGenreName":"Electronic"}]\n}\n\n\n'
).encode("utf-8")


class Reply:
    """Status, headers and body of one HTTP exchange, whatever the status."""

    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        return json.loads(self.body)


def fetch(url: str, method: str = "GET", payload: Any = None, timeout: float = 60) -> Reply:
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(url, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Reply(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        with error:
            return Reply(error.code, error.headers, error.read())


def recorded_body(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def recorded_headers(name: str) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("HTTP/") or ": " not in line:
            continue
        key, value = line.split(": ", 1)
        headers[key.lower()] = value
    return headers


def framing(body: bytes) -> tuple[str, str, set[str], str]:
    """The layout of a body with the data taken out: prefix, line shape, separators, suffix."""
    text = body.decode("utf-8")
    head, rest = text.split("[\n", 1)
    records, tail = rest.rsplit("]", 1)
    lines = records.split(", \n")
    separators = set(re.findall(r"\}(,? ?\n?)\{", records))
    shapes = {"record-line" if re.fullmatch(r'\{"[A-Za-z0-9]+":.*\}', line) and "\n" not in line else line
              for line in lines}
    return re.sub(r"\d+", "N", head) + "[\n", "|".join(sorted(shapes)), separators, tail


class ServerTestCase(unittest.TestCase):
    """One in-process server for the class; knobs and log are reset before each test."""

    server: FakeItunesServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = FakeItunesServer(world=WORLD).start()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def setUp(self) -> None:
        self.server.reset()
        self.server.set_world(WORLD)

    def get(self, path: str, timeout: float = 60) -> Reply:
        return fetch(self.server.base_url + path, timeout=timeout)

    def control(self, **knobs: Any) -> dict[str, Any]:
        reply = fetch(self.server.base_url + "/_control", "POST", knobs)
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def log(self) -> list[dict[str, Any]]:
        return fetch(self.server.base_url + "/_log").json()["requests"]


class WireFormatTests(ServerTestCase):
    def test_empty_result_is_byte_exact(self) -> None:
        reply = self.get("/search?term=nobody%20at%20all&media=music&entity=musicArtist&attribute=artistTerm")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.body, EMPTY)

    def test_non_empty_lookup_is_byte_exact(self) -> None:
        reply = self.get("/lookup?id=1003&entity=album&country=US")
        self.assertEqual(reply.body, MIDNIGHT_LOOKUP)

    def test_headers(self) -> None:
        reply = self.get("/lookup?id=1001&entity=album")
        self.assertEqual(reply.headers["Content-Type"], "text/javascript; charset=utf-8")
        self.assertEqual(reply.headers["content-disposition"], "attachment; filename=1.txt")
        self.assertEqual(int(reply.headers["Content-Length"]), len(reply.body))
        self.assertNotIn("cache-control", reply.headers)

    def test_raw_utf8_not_escaped(self) -> None:
        body = self.get("/lookup?id=1002&entity=album").body
        self.assertIn("Chloé Marchand".encode(), body)
        self.assertIn("℗ 2025".encode(), body)
        self.assertNotIn(b"\\u", body)

    def test_cache_max_age_knob(self) -> None:
        self.control(cache_max_age=86400)
        self.assertEqual(self.get("/lookup?id=1001").headers["cache-control"], "max-age=86400")


@unittest.skipUnless(FIXTURES.is_dir(), "recorded fixtures (../shared/fixtures/itunes) not present")
class RecordedFixtureTests(ServerTestCase):
    """Compare with the real captures without copying their data into the project."""

    BODIES = ("lookup-artist-414425.json", "lookup-entity-album-414425.json",
              "lookup-entity-album-1038991417.json", "search-musicArtist-Slayer.json")

    def test_encoder_reproduces_recorded_bodies_byte_for_byte(self) -> None:
        for name in self.BODIES:
            with self.subTest(name):
                recorded = recorded_body(name)
                self.assertEqual(encode_results(json.loads(recorded)["results"]), recorded)

    def test_served_framing_matches_recording(self) -> None:
        ours = framing(self.get("/lookup?id=1001&entity=album").body)
        theirs = framing(recorded_body("lookup-entity-album-414425.json"))
        self.assertEqual(ours, theirs)
        self.assertEqual(ours[2], {", \n"})
        self.assertTrue(ours[3].startswith("\n}\n\n\n"))

    def test_record_key_order_matches_recording(self) -> None:
        explicit = json.loads(recorded_body("lookup-entity-album-1038991417.json"))["results"][0]
        artist = json.loads(recorded_body("lookup-artist-414425.json"))["results"][0]
        results = self.get("/lookup?id=1001,2003&entity=album").json()["results"]
        self.assertEqual(list(results[0]), list(artist))
        self.assertEqual(list(results[-1]), list(explicit))

    def test_headers_match_recording(self) -> None:
        recorded = recorded_headers("lookup-entity-album-414425.headers.txt")
        reply = self.get("/lookup?id=1001&entity=album")
        for key in ("content-type", "content-disposition"):
            self.assertEqual(reply.headers[key], recorded[key])


class LookupTests(ServerTestCase):
    def test_artist_first_then_albums_limit_per_id(self) -> None:
        results = self.get("/lookup?id=1001,1002&entity=album&limit=2").json()["results"]
        self.assertEqual([(r["wrapperType"], r.get("collectionId", r["artistId"])) for r in results],
                         [("artist", 1001), ("collection", 2001), ("collection", 2002),
                          ("artist", 1002), ("collection", 2010), ("collection", 2011)])

    def test_id_order_preserved(self) -> None:
        results = self.get("/lookup?id=1003,1001,1002").json()["results"]
        self.assertEqual([r["artistId"] for r in results], [1003, 1001, 1002])

    def test_unknown_ids_omitted(self) -> None:
        reply = self.get("/lookup?id=999,1002,998")
        self.assertEqual(reply.json()["resultCount"], 1)
        self.assertEqual(reply.json()["results"][0]["artistName"], "Chloé Marchand")

    def test_no_entity_gives_only_the_artist(self) -> None:
        self.assertEqual(self.get("/lookup?id=1001").json()["results"],
                         [{"wrapperType": "artist", "artistType": "Artist", "artistName": "The Midnight Owls",
                           "artistLinkUrl": "https://music.apple.com/us/artist/the-midnight-owls/1001?uo=4",
                           "artistId": 1001, "amgArtistId": 5001, "primaryGenreName": "Rock", "primaryGenreId": 21}])

    def test_albums_in_world_order_not_date_order(self) -> None:
        results = self.get("/lookup?id=1001&entity=album").json()["results"][1:]
        self.assertEqual([r["collectionId"] for r in results], [2001, 2002, 2003, 2004, 2011])

    def test_sort_recent(self) -> None:
        results = self.get("/lookup?id=1001&entity=album&sort=recent&limit=2").json()["results"][1:]
        self.assertEqual([r["collectionId"] for r in results], [2011, 2002])

    def test_collaboration_keeps_credited_artist(self) -> None:
        results = self.get("/lookup?id=1001&entity=album").json()["results"]
        collab = next(r for r in results if r.get("collectionId") == 2011)
        self.assertEqual((collab["artistId"], collab["artistName"]), (1002, "Chloé Marchand"))
        self.assertNotIn("amgArtistId", collab)
        self.assertEqual(collab["artistViewUrl"], "https://music.apple.com/us/artist/chloe-marchand/1002?uo=4")

    def test_singles_eps_and_explicitness(self) -> None:
        albums = {r["collectionId"]: r for r in self.get("/lookup?id=1001,1002&entity=album").json()["results"]
                  if r["wrapperType"] == "collection"}
        self.assertEqual({r["collectionType"] for r in albums.values()}, {"Album"})
        self.assertTrue(albums[2002]["collectionName"].endswith(" - Single"))
        self.assertEqual(albums[2002]["trackCount"], 1)
        self.assertEqual((albums[2003]["collectionExplicitness"], albums[2003]["contentAdvisoryRating"]),
                         ("explicit", "Explicit"))
        self.assertEqual((albums[2004]["collectionExplicitness"], albums[2004]["contentAdvisoryRating"]),
                         ("cleaned", "Clean"))
        self.assertNotIn("contentAdvisoryRating", albums[2001])
        self.assertEqual(albums[2001]["releaseDate"], "2024-03-01T07:00:00Z")
        self.assertEqual(albums[2001]["copyright"][:7], "℗ 2024 ")

    def test_lookup_by_collection_id(self) -> None:
        results = self.get("/lookup?id=2003&entity=album").json()["results"]
        self.assertEqual([(r["wrapperType"], r["collectionId"]) for r in results], [("collection", 2003)])

    def test_country_changes_store_fields(self) -> None:
        album = self.get("/lookup?id=2001&country=GB").json()["results"][0]
        self.assertEqual((album["country"], album["currency"]), ("GBR", "GBP"))
        self.assertIn("/gb/album/night-shift/2001", album["collectionViewUrl"])

    def test_too_many_ids_is_502(self) -> None:
        ids = ",".join(str(9000 + i) for i in range(200))
        self.assertEqual(self.get(f"/lookup?id={ids}").status, 200)
        reply = self.get(f"/lookup?id={ids},1001")
        self.assertEqual(reply.status, 502)
        self.assertLess(len(reply.body), 100)
        with self.assertRaises(ValueError):
            json.loads(reply.body)

    def test_max_ids_knob(self) -> None:
        self.control(max_ids=2)
        self.assertEqual(self.get("/lookup?id=1001,1002").status, 200)
        self.assertEqual(self.get("/lookup?id=1001,1002,1003").status, 502)


class SearchTests(ServerTestCase):
    def search(self, term: str, extra: str = "") -> list[dict[str, Any]]:
        query = urllib.parse.urlencode({"term": term, "media": "music", "entity": "musicArtist",
                                        "attribute": "artistTerm", "country": "US"})
        reply = self.get(f"/search?{query}{extra}")
        self.assertEqual(reply.status, 200)
        return reply.json()["results"]

    def test_exact_name_first(self) -> None:
        self.assertEqual([r["artistId"] for r in self.search("the midnight")], [1003, 1001])

    def test_case_and_accent_insensitive(self) -> None:
        for term in ("chloe", "CHLOÉ", "marchand"):
            with self.subTest(term):
                self.assertEqual([r["artistId"] for r in self.search(term)], [1002])

    def test_limit(self) -> None:
        self.assertEqual(len(self.search("midnight", "&limit=1")), 1)
        self.assertEqual(len(self.search("midnight", "&limit=500")), 2)

    def test_records_are_artists(self) -> None:
        record = self.search("owls")[0]
        self.assertEqual((record["wrapperType"], record["artistType"], record["artistId"]), ("artist", "Artist", 1001))

    def test_album_search(self) -> None:
        reply = self.get("/search?term=paper+crowns&entity=album")
        self.assertEqual([r["collectionId"] for r in reply.json()["results"]], [2003, 2004])


class BadParameterTests(ServerTestCase):
    CASES = (
        ("/lookup?id=abc", "[id]"),
        ("/lookup?id=1001,x2", "[id]"),
        ("/lookup?id=1001&entity=albums", "[resultEntity]"),
        ("/lookup?id=1001&entity=album&limit=ten", "[limit]"),
        ("/search?media=music&entity=musicArtist", "[term]"),
        ("/search?term=x&entity=musicArtist&country=uk", "[country]"),
    )

    def test_bad_parameters_are_400_with_error_message(self) -> None:
        for path, keys in self.CASES:
            with self.subTest(path):
                reply = self.get(path)
                self.assertEqual(reply.status, 400)
                self.assertEqual(reply.headers["Content-Type"], "text/javascript; charset=utf-8")
                self.assertTrue(reply.body.startswith(b'\n\n\n{\n "errorMessage":"Invalid value(s) for key(s): '))
                self.assertTrue(reply.body.endswith(b"}\n}\n\n\n"))
                payload = reply.json()
                self.assertEqual(payload["errorMessage"], f"Invalid value(s) for key(s): {keys}")
                self.assertIsInstance(payload["queryParameters"], dict)
                self.assertNotIn("results", payload)


class FaultTests(ServerTestCase):
    def test_rate_limit_is_403_with_empty_body(self) -> None:
        self.control(rate_limit=3)
        self.assertEqual([self.get("/lookup?id=1001").status for _ in range(3)], [200, 200, 200])
        reply = self.get("/lookup?id=1001")
        self.assertEqual((reply.status, reply.body, reply.headers["Content-Length"]), (403, b"", "0"))
        self.assertEqual(fetch(self.server.base_url + "/_log").status, 200, "control endpoints are not limited")
        self.assertEqual([e["status"] for e in self.log()], [200, 200, 200, 403])

    def test_rate_limit_window_rolls(self) -> None:
        # The window is measured by a clock the test moves, so how fast the machine is changes nothing.
        now = [1_000.0]
        self.server.state.clock = lambda: now[0]
        try:
            self.control(rate_limit=1, rate_window_s=30)
            self.assertEqual(self.get("/lookup?id=1001").status, 200)
            now[0] += 29.9
            self.assertEqual(self.get("/lookup?id=1001").status, 403)
            now[0] += 0.2
            self.assertEqual(self.get("/lookup?id=1001").status, 200)
        finally:
            self.server.state.clock = time.monotonic

    def test_throttle_next_answers_as_the_rate_limit_does(self) -> None:
        self.control(throttle_next=1)
        self.assertEqual((self.get("/lookup?id=1001").status, self.get("/lookup?id=1001").status), (403, 200))
        self.control(throttle_next=1, retry_after=2)
        reply = self.get("/lookup?id=1001")
        self.assertEqual((reply.status, reply.headers["Retry-After"], reply.body), (429, "2", b""))
        self.assertEqual([e["fault"] for e in self.log()], ["rate_limit", None, "rate_limit"])

    def test_hold_from_keeps_requests_unanswered_until_the_knob_moves(self) -> None:
        self.control(hold_from=self.server.state.seq + 2)  # numbers go on across tests
        self.assertEqual(self.get("/lookup?id=1001").status, 200)
        answers: list[int] = []
        waiter = threading.Thread(target=lambda: answers.append(self.get("/lookup?id=1001").status))
        waiter.start()
        deadline = time.monotonic() + 60  # a guard against a hang, not a measure
        while len(self.log()) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual((len(self.log()), answers), (2, []), "the second request is in, and held")
        self.control(hold_from=None)
        waiter.join(timeout=60)
        self.assertEqual(answers, [200])

    def test_retry_after_knob_gives_429(self) -> None:
        self.control(rate_limit=1, retry_after=7)
        self.get("/lookup?id=1001")
        reply = self.get("/lookup?id=1001")
        self.assertEqual((reply.status, reply.headers["Retry-After"], reply.body), (429, "7", b""))

    def test_fail_next(self) -> None:
        self.control(fail_next=2, fail_status=503)
        self.assertEqual([self.get("/lookup?id=1001").status for _ in range(3)], [503, 503, 200])
        self.assertEqual([e["fault"] for e in self.log()], ["fail", "fail", None])

    def test_truncate_next_gives_short_read(self) -> None:
        full = self.get("/lookup?id=1001&entity=album").body
        self.control(truncate_next=1)
        with urllib.request.urlopen(self.server.base_url + "/lookup?id=1001&entity=album", timeout=60) as response:
            self.assertEqual(int(response.headers["Content-Length"]), len(full))
            with self.assertRaises(http.client.IncompleteRead) as caught:
                response.read()
        self.assertEqual(len(caught.exception.partial), len(full) // 2)
        self.assertEqual(self.get("/lookup?id=1001&entity=album").body, full, "only the next request is cut")

    def test_hang_next_holds_one_request_without_blocking_others(self) -> None:
        self.control(hang_next=1)
        host, port = self.server.base_url.removeprefix("http://").split(":")
        # The hung request is the test's own connection: it ends when the test closes it, not after a timeout.
        with socket.create_connection((host, int(port)), timeout=60) as hung:
            hung.sendall(f"GET /lookup?id=1001 HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            deadline = time.monotonic() + 60  # a guard against a hang, not a measure
            # The entry is whole once it names its fault: only then is hang_next spent on this request.
            while [e["fault"] for e in self.log()] != ["hang"] and time.monotonic() < deadline:
                time.sleep(0.01)
            self.assertEqual(self.get("/lookup?id=1002", timeout=60).status, 200)
            hung.setblocking(False)
            with self.assertRaises(BlockingIOError, msg="the hung request is still unanswered"):
                hung.recv(1)
        self.assertEqual([(e["ids"], e["fault"]) for e in self.log()], [([1001], "hang"), ([1002], None)])

    def test_latency(self) -> None:
        self.control(latency_ms=300)
        started = time.monotonic()
        self.assertEqual(self.get("/lookup?id=1001").status, 200)
        # Only the lower bound: a busy machine may take longer, never shorter.
        self.assertGreaterEqual(time.monotonic() - started, 0.3)

    def test_error_rate_is_deterministic_with_seed(self) -> None:
        def statuses() -> list[int]:
            self.control(error_rate=0.5, seed=42)
            return [self.get("/lookup?id=1001").status for _ in range(12)]

        first, second = statuses(), statuses()
        self.assertEqual(first, second)
        self.assertIn(200, first)
        self.assertTrue({500, 503} & set(first))
        self.assertLessEqual(set(first), {200, 500, 503})
        self.control(error_rate=1.0, error_statuses=[500])
        self.assertEqual(self.get("/lookup?id=1001").status, 500)


class UPCLookupTests(unittest.TestCase):
    """``/lookup?upc=``: one UPC a request, answered as a lookup of the album's id is; the artwork names it."""

    UPC_WORLD: dict[str, Any] = {"artists": [
        {"artistId": 1001, "artistName": "The Midnight Owls", "albums": [
            {"collectionId": 2001, "collectionName": "Night Shift", "releaseDate": "2026-11-20", "trackCount": 11,
             "upc": "602445868162"},
            {"collectionId": 2002, "collectionName": "Hollow Moon - Single", "releaseDate": "2026-11-10",
             "trackCount": 1, "upc": "5054197123450", "artworkNamesUPC": False},
            {"collectionId": 2003, "collectionName": "Paper Crowns", "releaseDate": "2019-05-17"}]}]}

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = FakeItunesServer(world=cls.UPC_WORLD).start()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def get(self, path: str) -> Reply:
        return fetch(self.server.base_url + path)

    def test_a_upc_finds_the_album_as_its_id_does(self) -> None:
        by_upc = self.get("/lookup?upc=602445868162&country=GB")
        self.assertEqual(by_upc.status, 200)
        self.assertEqual(by_upc.body, self.get("/lookup?id=2001&country=GB").body)
        self.assertEqual(by_upc.headers["Content-Type"], "text/javascript; charset=utf-8")
        self.assertEqual([r["collectionId"] for r in by_upc.json()["results"]], [2001])
        self.assertEqual(self.get("/lookup?upc=5054197123450&entity=album").json()["results"][0]["collectionId"],
                         2002)

    def test_zero_padded_forms_name_the_same_album(self) -> None:
        for form in ("0602445868162", "00602445868162"):
            with self.subTest(form):
                self.assertEqual([r["collectionId"] for r in self.get(f"/lookup?upc={form}").json()["results"]],
                                 [2001])

    def test_an_unknown_upc_has_no_results(self) -> None:
        reply = self.get("/lookup?upc=602445868179")
        self.assertEqual((reply.status, reply.body), (200, EMPTY))

    def test_one_upc_a_request(self) -> None:
        for value in ("602445868162,5054197123450", "abc", ""):
            with self.subTest(value):
                reply = self.get(f"/lookup?upc={urllib.parse.quote(value)}")
                self.assertEqual(reply.status, 400)
                self.assertEqual(reply.json()["errorMessage"], "Invalid value(s) for key(s): [upc]")

    def test_the_upc_is_no_field_but_the_artwork_path_names_it_for_most(self) -> None:
        results = self.get("/lookup?id=1001&entity=album").json()["results"][1:]
        self.assertTrue(all("upc" not in r and "artworkNamesUPC" not in r for r in results))
        named, unnamed, unknown = (r["artworkUrl100"] for r in results)
        self.assertRegex(named, r"^https://is\d-ssl\.mzstatic\.com/image/thumb/Music\d+/v4/"
                                r"[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f-]{36}/00602445868162\.rgb\.jpg/"
                                r"100x100bb\.jpg$")
        self.assertTrue(results[0]["artworkUrl60"].endswith("/00602445868162.rgb.jpg/60x60bb.jpg"))
        self.assertTrue(unnamed.endswith("/source/100x100bb.jpg"))
        self.assertTrue(unknown.endswith("/cover.jpg/100x100bb.jpg"))

    def test_the_world_keeps_its_upcs(self) -> None:
        albums = World.from_json(self.UPC_WORLD).to_json()["artists"][0]["albums"]
        self.assertEqual([(a.get("upc"), a.get("artworkNamesUPC", True)) for a in albums],
                         [("602445868162", True), ("5054197123450", False), (None, True)])
        with self.assertRaisesRegex(WorldError, r"albums\[0\]\.upc"):
            World.from_json({"artists": [{"artistId": 1, "artistName": "A", "albums": [
                {"collectionId": 2, "collectionName": "B", "releaseDate": "2026-01-01", "upc": 602445868162}]}]})


class ControlAndLogTests(ServerTestCase):
    def test_log_counts_requests_and_ids_but_not_control_calls(self) -> None:
        self.get("/lookup?id=1001,1002&entity=album&limit=5")
        self.get("/search?term=owls&entity=musicArtist")
        self.control(latency_ms=0)
        fetch(self.server.base_url + "/_control")
        self.get("/lookup?id=abc")
        entries = self.log()
        self.assertEqual(len(entries), 3)
        self.assertEqual(entries[0]["ids"], [1001, 1002])
        self.assertEqual(entries[0]["query"], {"id": "1001,1002", "entity": "album", "limit": "5"})
        self.assertEqual([(e["method"], e["path"], e["status"]) for e in entries],
                         [("GET", "/lookup", 200), ("GET", "/search", 200), ("GET", "/lookup", 400)])
        self.assertTrue(all(isinstance(e["time"], float) for e in entries))

    def test_log_clear(self) -> None:
        self.get("/lookup?id=1001")
        reply = fetch(self.server.base_url + "/_log/clear", "POST", {})
        self.assertEqual(reply.json(), {"cleared": 1})
        self.assertEqual(self.log(), [])

    def test_control_reports_and_rejects_unknown_knobs(self) -> None:
        self.assertEqual(self.control(latency_ms=25)["latency_ms"], 25)
        self.assertEqual(fetch(self.server.base_url + "/_control").json()["latency_ms"], 25)
        reply = fetch(self.server.base_url + "/_control", "POST", {"latencyMs": 25})
        self.assertEqual(reply.status, 400)
        self.assertIn("unknown knob", reply.json()["error"])
        self.assertEqual(fetch(self.server.base_url + "/_control", "POST", {"error_rate": 2}).status, 400)

    def test_reset_restores_startup_knobs(self) -> None:
        self.control(fail_next=5)
        self.assertEqual(fetch(self.server.base_url + "/_reset", "POST", {}).json()["fail_next"], 0)
        self.assertEqual(self.get("/lookup?id=1001").status, 200)

    def test_world_can_be_replaced_at_runtime(self) -> None:
        world = {"artists": [{"artistId": 7, "artistName": "Solo", "albums": []}]}
        self.assertEqual(fetch(self.server.base_url + "/_world", "POST", world).json(), {"artists": 1})
        self.assertEqual(self.get("/lookup?id=7").json()["results"][0]["artistName"], "Solo")
        self.assertEqual(self.get("/lookup?id=1001").body, EMPTY)

    def test_unknown_api_path_is_404_and_logged(self) -> None:
        self.assertEqual(self.get("/nothing").status, 404)
        self.assertEqual([e["status"] for e in self.log()], [404])


class WorldTests(unittest.TestCase):
    def test_invalid_world_names_the_bad_field(self) -> None:
        bad = {"artists": [{"artistId": 1, "artistName": "X", "albums": [
            {"collectionId": 2, "collectionName": "Y", "releaseDate": "20-11-2026"}]}]}
        with self.assertRaisesRegex(WorldError, r"artists\[0\]\.albums\[0\]\.releaseDate"):
            World.from_json(bad)
        with self.assertRaisesRegex(WorldError, "duplicate artistId"):
            World.from_json({"artists": [{"artistId": 1, "artistName": "A"}, {"artistId": 1, "artistName": "B"}]})

    def test_override_and_null_removal(self) -> None:
        world = World.from_json({"artists": [{"artistId": 1, "artistName": "Various Artists", "albums": [
            {"collectionId": 5, "collectionName": "Hits", "releaseDate": "2020-01-01T08:00:00Z",
             "collectionPrice": -1.0, "artistViewUrl": None}]}]})
        record = world.collection_record(world.albums_by_id[5], fake_itunes.storefront_for("us"))
        self.assertNotIn("artistViewUrl", record)
        self.assertIn('"collectionPrice":-1.00', fake_itunes.encode_record(record))
        self.assertEqual(record["releaseDate"], "2020-01-01T08:00:00Z")

    def test_generated_world_is_deterministic_and_varied(self) -> None:
        today = dt.date(2026, 11, 20)
        data = fake_itunes.generate_world(30, today, seed=3)
        self.assertEqual(data, fake_itunes.generate_world(30, today, seed=3))
        self.assertNotEqual(data, fake_itunes.generate_world(30, today, seed=4))
        world = World.from_json(data)
        artists = data["artists"]
        albums = [(a, album) for a in artists for album in a["albums"]]
        names = [a["artistName"] for a in artists]
        dates = [dt.date.fromisoformat(album["releaseDate"][:10]) for _, album in albums]
        self.assertEqual(len(world.artists), 30)
        self.assertTrue(all(2 <= len(a["albums"]) <= 6 for a in artists))
        self.assertTrue(any(album["collectionName"].endswith(" - Single") for _, album in albums))
        self.assertTrue(any(album["collectionName"].endswith(" - EP") for _, album in albums))
        self.assertTrue(any("(Deluxe Edition)" in album["collectionName"] for _, album in albums))
        self.assertTrue(any(album["explicitness"] == "cleaned" for _, album in albums))
        self.assertGreaterEqual(sum(1 for d in dates if today - dt.timedelta(days=30) < d <= today), 5)
        self.assertGreaterEqual(sum(1 for d in dates if d > today), 2)
        self.assertTrue(any(not n.isascii() and not any(c.isascii() and c.isalpha() for c in n) for n in names))
        self.assertTrue(any("é" in n or "ø" in n for n in names))
        self.assertLess(len(set(names)), len(names), "two artists share a name")
        self.assertTrue(any(album.get("artistId") not in (None, a["artistId"]) for a, album in albums))
        release_orders = [[album["releaseDate"] for album in a["albums"]] for a in artists]
        self.assertTrue(any(order != sorted(order) for order in release_orders), "albums are not date-sorted")
        body = fake_itunes.lookup(world, {"id": str(artists[0]["artistId"]), "entity": "album"}).body
        self.assertEqual(json.loads(body)["resultCount"], 1 + len(artists[0]["albums"]))


class CommandLineTests(unittest.TestCase):
    """The way the Swift tests use it: spawn, read READY, query, stop."""

    def spawn(self, *args: str) -> tuple[subprocess.Popen[bytes], str]:
        proc = subprocess.Popen([sys.executable, str(SCRIPT), *args], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.addCleanup(lambda: (proc.poll() is None and proc.kill(), proc.wait(60),
                                 proc.stdin and proc.stdin.close(), proc.stdout and proc.stdout.close(),
                                 proc.stderr and proc.stderr.close()))
        assert proc.stdout is not None
        # As long as the Swift tests' launcher waits: a loaded machine starts Python slowly.
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        self.assertTrue(ready, "no READY line within 120 s")
        line = proc.stdout.readline().decode()
        match = re.fullmatch(r"READY (http://127\.0\.0\.1:(\d+))\n", line)
        self.assertIsNotNone(match, line)
        assert match is not None
        return proc, match.group(1)

    def world_file(self) -> str:
        handle = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
        with handle:
            json.dump(WORLD, handle)
        self.addCleanup(os.unlink, handle.name)
        return handle.name

    def test_serves_world_and_exits_on_stdin_eof(self) -> None:
        proc, base = self.spawn("--world", self.world_file(), "--exit-on-stdin-eof", "--rate-limit", "1")
        self.assertEqual(fetch(base + "/lookup?id=1003&entity=album").body, MIDNIGHT_LOOKUP)
        self.assertEqual(fetch(base + "/lookup?id=1003").status, 403)
        assert proc.stdin is not None
        proc.stdin.close()
        self.assertEqual(proc.wait(timeout=60), 0)
        assert proc.stderr is not None
        self.assertEqual(proc.stderr.read(), b"", "quiet without --verbose")

    def test_exits_cleanly_on_sigterm(self) -> None:
        proc, base = self.spawn("--latency-ms", "10", "--verbose")
        self.assertEqual(fetch(base + "/lookup?id=1").body, EMPTY)
        proc.send_signal(signal.SIGTERM)
        self.assertEqual(proc.wait(timeout=60), 0)
        assert proc.stderr is not None
        self.assertIn(b"/lookup?id=1", proc.stderr.read())

    def test_generate_world_is_deterministic(self) -> None:
        outputs = []
        for _ in range(2):
            done = subprocess.run([sys.executable, str(SCRIPT), "--generate-world", "12", "--today", "2026-11-20",
                                   "--seed", "9"], capture_output=True, timeout=60, check=True)
            outputs.append(done.stdout)
        self.assertEqual(outputs[0], outputs[1])
        self.assertEqual(len(World.from_json(json.loads(outputs[0])).artists), 12)

    def test_bad_world_exits_with_status_2(self) -> None:
        done = subprocess.run([sys.executable, str(SCRIPT), "--world", "/nonexistent/world.json"],
                              capture_output=True, timeout=60)
        self.assertEqual(done.returncode, 2)
        self.assertIn(b"cannot read world", done.stderr)


if __name__ == "__main__":
    unittest.main()
