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


def recordings() -> Path | None:
    """``shared/fixtures/deezer`` beside the checkout, however deep the checkout sits under the folder that holds
    it."""
    for folder in HERE.parents:
        candidate = folder / "shared" / "fixtures" / "deezer"
        if candidate.is_dir():
            return candidate
    return None


RECORDINGS = recordings()
UPC_WORLD = {"artists": [{"id": 27, "name": "Daft Punk", "albums": [
    {"id": 302127, "title": "Discovery", "release_date": "2001-03-07", "record_type": "album", "upc": "724384960650",
     "label": "Parlophone (France)", "nb_tracks": 3},
    {"id": 629506181, "title": "Die With A Smile", "release_date": "2024-08-16", "record_type": "single",
     "upc": "0602475093060", "explicit_lyrics": True},
    {"id": 7, "title": "Unsold", "release_date": "2024-08-16"}]}]}

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


class FakeDeezerAlbumTests(unittest.TestCase):
    """``/album/{id}`` and ``/album/upc:{gtin}``: the full album in the recorded shape, found by the GTIN in
    Deezer's own form only; "no data" in a 200 for the rest."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = FakeDeezerServer(UPC_WORLD, quota=None).start()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def test_the_album_carries_its_upc_and_the_list_item_does_not(self) -> None:
        _, body, album = get(self.server.base_url, "/album/302127")
        self.assertEqual((album["id"], album["upc"], album["label"], album["nb_tracks"]),
                         (302127, "724384960650", "Parlophone (France)", 3))
        self.assertEqual(len(album["tracks"]["data"]), 3)
        self.assertEqual(album["contributors"][0]["role"], "Main")
        self.assertIn('"link":"https:\\/\\/www.deezer.com\\/album\\/302127"', body)
        _, _, page = get(self.server.base_url, "/artist/27/albums")
        self.assertTrue(all("upc" not in item for item in page["data"]))
        listed = next(item for item in page["data"] if item["id"] == 302127)
        self.assertEqual({key: album[key] for key in listed}, listed)

    def test_a_gtin_finds_the_album_in_deezers_form_only(self) -> None:
        _, _, by_upc = get(self.server.base_url, "/album/upc:724384960650")
        _, _, by_id = get(self.server.base_url, "/album/302127")
        for album in (by_upc, by_id):
            del album["share"], album["contributors"][0]["share"]
        self.assertEqual(by_upc, by_id)
        # A world's zero-padded GTIN is sent, and found, without its padding.
        _, _, smile = get(self.server.base_url, "/album/upc:602475093060")
        self.assertEqual((smile["id"], smile["upc"], smile["record_type"]), (629506181, "602475093060", "single"))
        self.assertEqual((smile["explicit_lyrics"], smile["explicit_content_lyrics"]), (True, 1))
        for target in ("/album/upc:0724384960650", "/album/upc:00724384960650", "/album/upc:724384960667",
                       "/album/upc:", "/album/upc:abc", "/album/999", "/album/-1"):
            with self.subTest(target):
                status, body, _ = get(self.server.base_url, target)
                self.assertEqual((status, body), (200, '{"error":{"type":"DataException","message":"no data",'
                                                       '"code":800}}'))

    def test_an_album_without_a_upc_is_not_found_by_an_empty_one(self) -> None:
        _, _, album = get(self.server.base_url, "/album/7")
        self.assertEqual(album["upc"], "")
        self.assertEqual(get(self.server.base_url, "/album/upc:000000000000")[2]["error"]["code"], 800)

    @unittest.skipUnless(RECORDINGS, "recorded fixtures (shared/fixtures/deezer) not present")
    def test_keys_in_the_recorded_order(self) -> None:
        assert RECORDINGS is not None
        recorded = json.loads((RECORDINGS / "album-629506181.json").read_text())
        _, _, ours = get(self.server.base_url, "/album/629506181")
        self.assertEqual(list(ours), list(recorded))
        for part in ("contributors", "tracks"):
            first = (lambda album: album[part][0]) if part == "contributors" else (lambda album: album[part]["data"][0])
            self.assertEqual(list(first(ours)), list(first(recorded)), part)
        for nested in ("artist", "album"):
            self.assertEqual(list(ours["tracks"]["data"][0][nested]), list(recorded["tracks"]["data"][0][nested]))
        self.assertEqual(list(ours["artist"]), list(recorded["artist"]))
        self.assertEqual(ours["genres"]["data"][0].keys(), recorded["genres"]["data"][0].keys())
        self.assertEqual(get(self.server.base_url, "/album/upc:0602475093060")[1],
                         (RECORDINGS / "error-no-data-800.json").read_text())

    def test_an_itunes_world_brings_its_upcs(self) -> None:
        world = load_world({"artists": [{"artistId": 5, "artistName": "Ada", "albums": [
            {"collectionId": 1, "collectionName": "Loud", "releaseDate": "2026-11-20", "upc": "602445868162",
             "trackCount": 9}]}]})
        self.assertEqual(world["artists"][0]["albums"][0]["upc"], "602445868162")
        with FakeDeezerServer(world) as server:
            self.assertEqual(get(server.base_url, "/album/upc:602445868162")[2]["nb_tracks"], 9)

if __name__ == "__main__":
    unittest.main()
