"""Tests of the fake MusicBrainz service: its wire format, its refusals, and the shared control endpoints.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import json
import sys
import tempfile
import unittest
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_musicbrainz import FakeMusicBrainzServer, fnv1a64  # noqa: E402

AGENT = "deepcut/0.1 ( someone@example.com )"
WORLD = {"artists": [
    {"id": "a-1", "name": "Static Bloom", "release-groups": [
        {"id": "rg-covered-0001", "title": "Glasshouse", "primary-type": "Album",
         "first-release-date": "2026-11-20", "cover": True},
        {"id": "rg-bare-0002", "title": "Sonic Engines", "primary-type": "EP", "first-release-date": "2025"}]},
    {"id": "a-2", "name": "Kilowatt Tide", "release-groups": []}]}


class Exchange:
    def __init__(self, status: int, headers: Any, body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        return json.loads(self.body)


def fetch(base: str, target: str, agent: str = AGENT, method: str = "GET") -> Exchange:
    request = urllib.request.Request(base + target, headers={"User-Agent": agent}, method=method,
                                     data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return Exchange(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Exchange(error.code, error.headers, error.read())


class WireFormatTests(unittest.TestCase):
    def test_search_answers_the_envelope_compactly_with_relative_scores(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            answer = fetch(server.base_url, "/ws/2/artist?query=artist:%22static%20bloom%22&fmt=json")
        self.assertEqual(answer.status, 200)
        self.assertEqual(answer.headers["content-type"], "application/json")
        self.assertNotIn(b": ", answer.body)
        envelope = answer.json()
        self.assertEqual((envelope["count"], envelope["offset"]), (1, 0))
        self.assertEqual([(a["id"], a["score"]) for a in envelope["artists"]], [("a-1", 100)])

    def test_browse_lists_an_artists_release_groups(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            groups = fetch(server.base_url, "/ws/2/release-group?artist=a-1&fmt=json").json()["release-groups"]
        self.assertEqual(sorted(g["title"] for g in groups), ["Glasshouse", "Sonic Engines"])

    def test_a_query_it_cannot_parse_is_refused(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            answer = fetch(server.base_url, "/ws/2/artist?query=artist:(unclosed&fmt=json")
        self.assertEqual(answer.status, 400)
        self.assertIn("Invalid query", answer.json()["error"])

    def test_an_anonymous_client_is_refused(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            answer = fetch(server.base_url, "/ws/2/artist?query=artist:static&fmt=json", agent="curl/8.0")
        self.assertEqual(answer.status, 403)
        self.assertIn("User-Agent", answer.json()["error"])

    def test_over_the_rate_limit_it_answers_503_with_retry_after(self) -> None:
        with FakeMusicBrainzServer(WORLD, rate_limit=1, rate_window_s=60, retry_after=3) as server:
            first = fetch(server.base_url, "/ws/2/release-group?artist=a-2&fmt=json")
            second = fetch(server.base_url, "/ws/2/release-group?artist=a-2&fmt=json")
        self.assertEqual((first.status, second.status), (200, 503))
        self.assertEqual(second.headers["retry-after"], "3")

    def test_cover_art_only_where_the_world_has_one(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            listing = fetch(server.base_url, "/release-group/rg-covered-0001")
            image = fetch(server.base_url, "/release-group/rg-covered-0001/front-250")
            bare = fetch(server.base_url, "/release-group/rg-bare-0002")
        self.assertEqual(listing.status, 200)
        self.assertTrue(listing.json()["images"][0]["front"])
        self.assertEqual((image.status, image.headers["content-type"], image.body[:2]), (200, "image/jpeg", b"\xff\xd8"))
        self.assertEqual(bare.status, 404)

    def test_record_writes_each_answer_under_the_hash_of_its_target(self) -> None:
        with tempfile.TemporaryDirectory() as folder, FakeMusicBrainzServer(WORLD, record=Path(folder)) as server:
            target = "/ws/2/release-group?artist=a-1&fmt=json"
            answer = fetch(server.base_url, target)
            self.assertEqual((Path(folder) / f"{fnv1a64(target)}.json").read_bytes(), answer.body)


LINKED = "10000000-0000-4000-8000-00000000000a"
UNLINKED = "10000000-0000-4000-8000-00000000000b"
LINKED_WORLD = {"artists": [{"id": "a-1", "name": "Static Bloom", "release-groups": [
    {"id": LINKED, "title": "Glasshouse", "primary-type": "Album", "first-release-date": "2026-11-20", "urls": [
        {"type": "free streaming", "resource": "https://open.spotify.com/album/1eyWP34kB2qZ1CrH5LGTmp"},
        {"type": "purchase for download", "resource": "https://music.apple.com/us/album/1", "ended": True},
        {"type": "streaming", "resource": "https://music.apple.com/nz/album/1", "release": 1}]},
    {"id": UNLINKED, "title": "Sonic Engines", "primary-type": "EP", "first-release-date": "2025"}]}]}
RELATION_KEYS = {"type", "type-id", "direction", "target-type", "url", "ended", "begin", "end", "attributes",
                 "attribute-values", "attribute-ids", "source-credit", "target-credit"}


class URLRelationTests(unittest.TestCase):
    """``GET /ws/2/release?release-group=ID&inc=url-rels``, as MusicBrainz answers the browse."""

    def browse(self, group: str, inc: str = "url-rels", world: Any = None) -> Exchange:
        with FakeMusicBrainzServer(world or LINKED_WORLD) as server:
            return fetch(server.base_url, f"/ws/2/release?release-group={group}&inc={inc}&fmt=json&limit=100")

    def test_each_release_carries_its_relations_in_the_services_shape(self) -> None:
        answer = self.browse(LINKED)
        self.assertEqual((answer.status, answer.headers["content-type"]), (200, "application/json"))
        self.assertNotIn(b": ", answer.body)
        body = answer.json()
        self.assertEqual((body["release-count"], body["release-offset"]), (2, 0))
        first, second = body["releases"]
        self.assertEqual((first["id"], second["id"]), (LINKED[:-4] + "r001", LINKED[:-4] + "r002"))
        for relation in first["relations"] + second["relations"]:
            self.assertEqual(set(relation), RELATION_KEYS)
            self.assertEqual((relation["direction"], relation["target-type"]), ("forward", "url"))
            self.assertEqual(set(relation["url"]), {"id", "resource"})
        spotify, apple = first["relations"]
        self.assertEqual((spotify["type"], spotify["type-id"], spotify["ended"]),
                         ("free streaming", "08445ccf-7b99-4438-9f9a-fb9ac18099ee", False))
        self.assertEqual((apple["type-id"], apple["ended"], apple["end"]),
                         ("98e08c20-8402-4163-8970-53504bb6a1e4", True, None))
        self.assertEqual(second["relations"][0]["type-id"], "320adf26-96fa-4183-9045-1f5f32f833cb")
        # The key order varies from relation to relation, as the real service's does.
        orders = {tuple(r) for r in first["relations"] + second["relations"]}
        self.assertGreater(len(orders), 1)

    def test_a_group_without_links_has_one_release_with_no_relations(self) -> None:
        body = self.browse(UNLINKED).json()
        self.assertEqual(body["release-count"], 1)
        self.assertEqual(body["releases"][0]["relations"], [])

    def test_without_url_rels_the_relations_are_left_out(self) -> None:
        self.assertNotIn("relations", self.browse(LINKED, inc="labels").json()["releases"][0])

    def test_bad_ids_and_includes_are_refused_and_an_unknown_group_is_not_found(self) -> None:
        self.assertEqual(self.browse("not-an-mbid").status, 400)
        self.assertEqual(self.browse(LINKED, inc="url-rels+nonsense").status, 400)
        self.assertEqual(self.browse("10000000-0000-4000-8000-0000000000ff").status, 404)


class ControlTests(unittest.TestCase):
    def test_the_log_names_each_request_and_reset_empties_it(self) -> None:
        with FakeMusicBrainzServer(WORLD, fail_next=1) as server:
            failed = fetch(server.base_url, "/ws/2/release-group?artist=a-1&fmt=json")
            log = fetch(server.base_url, "/_log").json()
            reset = fetch(server.base_url, "/_reset", method="POST")
            after = fetch(server.base_url, "/_log").json()
        self.assertEqual(failed.status, 503)
        self.assertEqual(log["count"], 1)
        entry = log["requests"][0]
        self.assertEqual((entry["path"], entry["status"], entry["fault"], entry["user_agent"]),
                         ("/ws/2/release-group", 503, "fail", AGENT))
        self.assertEqual(reset.json()["fail_next"], 1)
        self.assertEqual(after["count"], 0)

    def test_knobs_change_at_runtime_and_typos_fail_loudly(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            server.set_knobs(fail_next=1)
            failed = fetch(server.base_url, "/ws/2/release-group?artist=a-1&fmt=json")
            with self.assertRaises(ValueError):
                server.set_knobs(fial_next=1)
        self.assertEqual(failed.status, 503)

    def test_the_world_can_be_replaced(self) -> None:
        with FakeMusicBrainzServer(WORLD) as server:
            server.set_world({"artists": []})
            answer = fetch(server.base_url, "/ws/2/artist?query=artist:static&fmt=json")
        self.assertEqual(answer.json()["count"], 0)


if __name__ == "__main__":
    unittest.main()
