"""Tests of the fake Deezer service: its wire format, paging, and its errors inside a 200.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import json
import sys
import tempfile
import unittest
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_deezer import FakeDeezerServer, fnv1a64, load_world  # noqa: E402

WORLD = {"artists": [
    {"id": 27, "name": "Daft Punk", "nb_fan": 5000, "albums": [
        {"id": n, "title": f"Album {n}", "release_date": "2020-01-01", "record_type": "album"} for n in range(1, 31)]},
    {"id": 28, "name": "Tribute to Daft Punk", "nb_fan": 10, "albums": []},
    {"id": 29, "name": "Daft Punk", "nb_fan": 3, "albums": []}]}


def get(base: str, target: str) -> tuple[int, str, Any]:
    with urllib.request.urlopen(base + target) as response:
        body = response.read().decode()
        return response.status, body, json.loads(body)


class FakeDeezerTests(unittest.TestCase):
    def test_search_finds_every_artist_of_the_words_exact_names_first(self) -> None:
        with FakeDeezerServer(WORLD) as server:
            _, body, page = get(server.base_url, "/search/artist?q=Daft+Punk")
            self.assertEqual([a["id"] for a in page["data"]], [27, 29, 28])
            self.assertEqual(page["total"], 3)
            self.assertIn('"link":"https:\\/\\/www.deezer.com\\/artist\\/27"', body)  # slashes escaped as Deezer does

    def test_a_search_is_paged_as_deezer_pages_it_and_can_rank_by_fans_alone(self) -> None:
        fuller = [{"id": 100 + n, "name": f"Golden {n} Golden", "nb_fan": 9000 - n, "albums": []} for n in range(60)]
        world = {"artists": [{"id": 7, "name": "Golden Golden", "nb_fan": 40, "albums": []}, *fuller]}
        with FakeDeezerServer(world) as server:
            _, _, first = get(server.base_url, "/search/artist?q=Golden+Golden&limit=10")
            self.assertEqual(first["data"][0]["id"], 7)  # the exact name first, by default
            server.set_knobs(exact_first=False)
            _, _, first = get(server.base_url, "/search/artist?q=Golden+Golden&limit=10")
            self.assertEqual(([a["id"] for a in first["data"]], first["total"]), (list(range(100, 110)), 61))
            self.assertEqual(first["next"], "https://api.deezer.com/search/artist?q=Golden%20Golden&limit=10&index=10")
            self.assertNotIn("prev", first)
            _, _, rest = get(server.base_url, "/search/artist?q=Golden+Golden&limit=100&index=10")
            self.assertEqual(([a["id"] for a in rest["data"]][-1], len(rest["data"])), (7, 51))
            self.assertNotIn("next", rest)
            self.assertEqual(rest["prev"], "https://api.deezer.com/search/artist?q=Golden%20Golden&limit=100&index=0")
            _, _, clamped = get(server.base_url, "/search/artist?q=Golden&limit=500")
            self.assertEqual(len(clamped["data"]), 61)  # under max_limit (100), all of it

    def test_albums_are_paged_with_total_next_and_prev(self) -> None:
        with FakeDeezerServer(WORLD) as server:
            _, _, first = get(server.base_url, "/artist/27/albums")
            self.assertEqual((len(first["data"]), first["total"]), (25, 30))
            self.assertEqual(first["next"], "https://api.deezer.com/artist/27/albums?index=25")
            self.assertNotIn("prev", first)
            _, _, last = get(server.base_url, "/artist/27/albums?index=25")
            self.assertEqual(len(last["data"]), 5)
            self.assertNotIn("next", last)
            self.assertIn("prev", last)
            _, _, limited = get(server.base_url, "/artist/27/albums?limit=10")
            self.assertEqual(limited["next"], "https://api.deezer.com/artist/27/albums?limit=10&index=10")

    def test_errors_come_inside_a_200(self) -> None:
        with FakeDeezerServer(WORLD, quota=3, quota_window_s=60) as server:
            status, _, gone = get(server.base_url, "/artist/999/albums")
            self.assertEqual((status, gone["error"]["code"]), (200, 800))
            get(server.base_url, "/artist/27/albums")
            get(server.base_url, "/artist/27/albums")
            status, _, quota = get(server.base_url, "/artist/27/albums")
            self.assertEqual((status, quota), (200, {"error": {"type": "Exception", "message": "Quota limit exceeded",
                                                               "code": 4}}))
            self.assertEqual([r["fault"] for r in server.requests()], [None, None, None, "quota"])

    def test_an_itunes_world_is_read_with_kinds_and_advisories(self) -> None:
        world = load_world({"artists": [{"artistId": 5, "artistName": "Ada", "albums": [
            {"collectionId": 1, "collectionName": "Loud", "releaseDate": "2026-11-20T08:00:00Z"},
            {"collectionId": 2, "collectionName": "Loud", "releaseDate": "2026-11-20T08:00:00Z",
             "explicitness": "cleaned"},
            {"collectionId": 3, "collectionName": "Harbour - Single", "releaseDate": "2026-11-01"}]}]})
        albums = world["artists"][0]["albums"]
        self.assertEqual([(a["title"], a["record_type"], a["explicit_lyrics"]) for a in albums],
                         [("Loud", "album", True), ("Loud", "album", False), ("Harbour", "single", False)])
        self.assertEqual(albums[0]["release_date"], "2026-11-20")

    def test_answers_are_recorded_by_their_target(self) -> None:
        with tempfile.TemporaryDirectory() as folder, FakeDeezerServer(WORLD, record=Path(folder)) as server:
            _, body, _ = get(server.base_url, "/artist/27/albums?limit=100")
            recorded = Path(folder) / f"{fnv1a64('/artist/27/albums?limit=100')}.json"
            self.assertEqual(recorded.read_text(), body)


if __name__ == "__main__":
    unittest.main()
