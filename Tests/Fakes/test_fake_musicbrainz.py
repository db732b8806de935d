"""Tests of the fake MusicBrainz service: its wire format, its refusals, and the shared control endpoints.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import json
import sys
import tempfile
import unittest
import urllib.error
import urllib.parse
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


# Release ids are the group id with its last four characters replaced, so these groups differ early on.
CULT = "2a000000-0000-4000-8000-000000000001"
PLAIN = "2b000000-0000-4000-8000-000000000002"
UNTYPED = "2c000000-0000-4000-8000-000000000003"
DEFAULTED = "2d000000-0000-4000-8000-000000000004"
ALBUM, EP = "f529b476-6e62-324f-b0aa-1f3e33d313fc", "6d0c5bf6-7a33-3420-a519-44fc63eedebf"
COMPILATION, DJ_MIX = "dd2a21e1-0c00-3729-a7a0-de60b84eb5d1", "0d47f47a-3fe5-3d69-ac9d-d566c23968bf"
BARCODE_WORLD = {"artists": [
    {"id": "a-1", "name": "Static Bloom", "type": "Group", "release-groups": [
        {"id": CULT, "title": "Glasshouse", "primary-type": "Album", "secondary-types": ["Compilation", "DJ-mix"],
         "first-release-date": "2026-11-20", "cover": True, "releases": [
             {"barcode": "0602475093060", "track-count": 9},
             {"barcode": "", "date": "2027-01-02", "title": "Glasshouse (Deluxe)", "country": "GB"},
             {"date": "2027-03-04", "status": "Promotion"}]},
        {"id": PLAIN, "title": "Sonic Engines", "primary-type": "EP", "first-release-date": "2025",
         "releases": [{"barcode": "889853650729"}]},
        {"id": UNTYPED, "title": "Loose Ends", "credit": ["a-1", "a-2"], "joinphrases": [" vs. "],
         "releases": [{"barcode": "00888072456686"}]},
        {"id": DEFAULTED, "title": "Old Habits", "primary-type": "Single", "first-release-date": "2019-05",
         "urls": [{"type": "streaming", "resource": "https://music.example/1", "release": 1}]}]},
    {"id": "a-2", "name": "Kilowatt Tide", "release-groups": []}]}
RELEASE_KEYS = ["id", "score", "status-id", "count", "title", "status", "text-representation", "artist-credit",
                "release-group", "date", "country", "release-events", "barcode", "track-count", "media"]


class ReleaseSearchTests(unittest.TestCase):
    """``GET /ws/2/release?query=…``: the barcode search, as the search index compares barcodes."""

    def search(self, query: str, extra: str = "", world: Any = None) -> Exchange:
        with FakeMusicBrainzServer(world or BARCODE_WORLD) as server:
            target = "/ws/2/release?query=" + urllib.parse.quote(query) + "&fmt=json" + extra
            return fetch(server.base_url, target)

    def test_a_barcode_is_found_in_its_12_13_and_14_digit_forms(self) -> None:
        for barcode in ("602475093060", "0602475093060", "00602475093060", '"0 602475 093060"'):
            with self.subTest(barcode=barcode):
                body = self.search("barcode:" + barcode).json()
                self.assertEqual(body["count"], 1)
                (release,) = body["releases"]
                self.assertEqual((release["id"], release["barcode"], release["score"]),
                                 (CULT[:-4] + "r001", "0602475093060", 100))
        # Stored with two leading zeros, found without them.
        for barcode in ("888072456686", "0888072456686"):
            self.assertEqual([r["id"] for r in self.search("barcode:" + barcode).json()["releases"]],
                             [UNTYPED[:-4] + "r001"])

    def test_an_item_has_the_recorded_keys_in_the_recorded_order(self) -> None:
        answer = self.search("barcode:602475093060")
        self.assertEqual((answer.status, answer.headers["content-type"]), (200, "application/json"))
        self.assertNotIn(b": ", answer.body)
        self.assertEqual(list(answer.json()), ["created", "count", "offset", "releases"])
        release = answer.json()["releases"][0]
        self.assertEqual(list(release), RELEASE_KEYS)
        self.assertEqual((release["status"], release["status-id"], release["count"], release["date"],
                          release["country"], release["track-count"]),
                         ("Official", "4e304316-386d-3409-af2e-78857eec5cfe", 1, "2026-11-20", "XW", 9))
        self.assertEqual(release["release-events"], [{"date": "2026-11-20", "area": {
            "id": "525d4e18-3d00-31b9-a58b-a146a916de8f", "name": "[Worldwide]", "sort-name": "[Worldwide]",
            "iso-3166-1-codes": ["XW"]}}])
        self.assertEqual(release["media"], [{"disc-count": 0, "track-count": 9}])
        self.assertEqual(release["artist-credit"], [
            {"name": "Static Bloom", "artist": {"id": "a-1", "name": "Static Bloom", "sort-name": "Static Bloom"}}])

    def test_an_or_of_barcodes_returns_each_release_once_with_its_groups_types(self) -> None:
        body = self.search("barcode:0602475093060 OR barcode:889853650729 OR barcode:602475093060").json()
        self.assertEqual(body["count"], 2)
        self.assertEqual([(r["id"], r["score"]) for r in body["releases"]],
                         [(CULT[:-4] + "r001", 100), (PLAIN[:-4] + "r001", 100)])
        group = body["releases"][0]["release-group"]
        self.assertEqual(list(group), ["id", "type-id", "primary-type-id", "title", "primary-type",
                                       "secondary-types", "secondary-type-ids"])
        self.assertEqual((group["id"], group["type-id"], group["primary-type-id"], group["primary-type"]),
                         (CULT, COMPILATION, ALBUM, "Album"))
        self.assertEqual((group["secondary-types"], group["secondary-type-ids"]),
                         (["Compilation", "DJ-mix"], [COMPILATION, DJ_MIX]))
        for release in body["releases"]:
            self.assertNotIn("first-release-date", release["release-group"])
            self.assertNotIn("artist-credit", release["release-group"])
        # Parentheses and a field over a group, as Lucene allows.
        grouped = self.search("barcode:(602475093060 OR 889853650729) AND status:official").json()
        self.assertEqual(grouped["count"], 2)

    def test_a_group_without_secondary_types_has_no_secondary_keys_and_an_untyped_one_no_types(self) -> None:
        plain = self.search("barcode:889853650729").json()["releases"][0]["release-group"]
        self.assertEqual(plain, {"id": PLAIN, "type-id": EP, "primary-type-id": EP, "title": "Sonic Engines",
                                 "primary-type": "EP"})
        untyped = self.search("barcode:888072456686").json()["releases"][0]
        self.assertEqual(untyped["release-group"], {"id": UNTYPED, "title": "Loose Ends"})
        # No date anywhere: no "date" key, and the release event only names its area.
        self.assertNotIn("date", untyped)
        self.assertEqual(list(untyped["release-events"][0]), ["area"])
        self.assertEqual(untyped["artist-credit"][0]["joinphrase"], " vs. ")
        self.assertNotIn("joinphrase", untyped["artist-credit"][1])

    def test_a_barcode_nobody_has_keeps_the_envelope(self) -> None:
        answer = self.search("barcode:4006381333931")
        self.assertEqual(answer.status, 200)
        body = answer.json()
        self.assertEqual(list(body), ["created", "count", "offset", "releases"])
        self.assertEqual((body["count"], body["offset"], body["releases"]), (0, 0, []))
        self.assertRegex(body["created"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")

    def test_barcode_none_finds_the_releases_marked_without_one(self) -> None:
        body = self.search("barcode:none").json()
        self.assertEqual([(r["id"], r["barcode"], r["title"], r["country"]) for r in body["releases"]],
                         [(CULT[:-4] + "r002", "", "Glasshouse (Deluxe)", "GB")])
        self.assertEqual(body["releases"][0]["release-events"][0]["area"]["name"], "United Kingdom")
        # An unknown barcode is neither "" nor found by "none": the key is left out.
        unknown = self.search(f"reid:{CULT[:-4]}r003").json()["releases"]
        self.assertEqual([(r["date"], r["status"], r["status-id"]) for r in unknown],
                         [("2027-03-04", "Promotion", "518ffc83-5cde-34df-8627-81bff5093d92")])
        self.assertNotIn("barcode", unknown[0])
        self.assertNotIn("track-count", unknown[0])
        self.assertNotIn("media", unknown[0])

    def test_the_other_fields_select_releases(self) -> None:
        def ids(query: str) -> list[str]:
            return [r["id"] for r in self.search(query, "&limit=100").json()["releases"]]

        self.assertEqual(ids(f"rgid:{CULT}"), [CULT[:-4] + n for n in ("r001", "r002", "r003")])
        self.assertEqual(ids("arid:a-2"), [UNTYPED[:-4] + "r001"])
        self.assertEqual(ids('release:"glasshouse deluxe"'), [CULT[:-4] + "r002"])
        self.assertEqual(ids("date:[2027-01-01 TO 2027-12-31]"), [CULT[:-4] + "r002", CULT[:-4] + "r003"])
        self.assertEqual(ids(f"rgid:{CULT} AND NOT status:official"), [CULT[:-4] + "r003"])
        # A group the world gives no releases has its default ones (one per url index), without barcodes.
        self.assertEqual(ids(f"rgid:{DEFAULTED}"), [DEFAULTED[:-4] + "r001", DEFAULTED[:-4] + "r002"])

    def test_paging_with_limit_and_offset(self) -> None:
        every = self.search("arid:a-1", "&limit=100").json()
        self.assertEqual(every["count"], 7)
        page = self.search("arid:a-1", "&limit=2&offset=3").json()
        self.assertEqual((page["count"], page["offset"]), (7, 3))
        self.assertEqual([r["id"] for r in page["releases"]], [r["id"] for r in every["releases"][3:5]])
        self.assertEqual(len(self.search("arid:a-1").json()["releases"]), 7)
        self.assertEqual(self.search("arid:a-1", "&limit=101").status, 400)

    def test_an_unknown_field_or_a_bad_query_is_refused(self) -> None:
        for query in ("label:columbia", "barcode:(602475093060"):
            with self.subTest(query=query):
                answer = self.search(query)
                self.assertEqual(answer.status, 400)
                self.assertIn("Invalid query", answer.json()["error"])

    def test_a_release_found_by_barcode_has_its_id_from_the_browse(self) -> None:
        with FakeMusicBrainzServer(BARCODE_WORLD) as server:
            found = fetch(server.base_url, "/ws/2/release?query=barcode:none&fmt=json").json()["releases"][0]
            browse = fetch(server.base_url, f"/ws/2/release?release-group={CULT}&fmt=json").json()
        self.assertIn(found["id"], [r["id"] for r in browse["releases"]])
        self.assertEqual(found["release-group"]["id"], CULT)


class ReleaseGroupLookupTests(unittest.TestCase):
    """``GET /ws/2/release-group/ID``: the group's dates and types, empty values sent."""

    def lookup(self, group: str, extra: str = "") -> Exchange:
        with FakeMusicBrainzServer(BARCODE_WORLD) as server:
            return fetch(server.base_url, f"/ws/2/release-group/{group}?fmt=json{extra}")

    def test_the_lookup_sends_every_key_in_the_lookup_content_type(self) -> None:
        answer = self.lookup(CULT)
        self.assertEqual((answer.status, answer.headers["content-type"]), (200, "application/json; charset=utf-8"))
        self.assertNotIn(b": ", answer.body)
        self.assertEqual(answer.json(), {
            "id": CULT, "title": "Glasshouse", "primary-type": "Album", "primary-type-id": ALBUM,
            "secondary-types": ["Compilation", "DJ-mix"], "secondary-type-ids": [COMPILATION, DJ_MIX],
            "first-release-date": "2026-11-20", "disambiguation": ""})
        self.assertEqual(list(answer.json()), ["id", "title", "primary-type", "primary-type-id", "secondary-types",
                                               "secondary-type-ids", "first-release-date", "disambiguation"])

    def test_empty_values_are_sent_not_left_out(self) -> None:
        self.assertEqual(self.lookup(PLAIN).json()["secondary-types"], [])
        self.assertEqual(self.lookup(PLAIN).json()["first-release-date"], "2025")
        untyped = self.lookup(UNTYPED).json()
        self.assertEqual((untyped["primary-type"], untyped["primary-type-id"], untyped["secondary-types"],
                          untyped["secondary-type-ids"], untyped["first-release-date"], untyped["disambiguation"]),
                         (None, None, [], [], "", ""))
        self.assertNotIn("artist-credit", untyped)

    def test_artist_credits_only_when_asked_for(self) -> None:
        body = self.lookup(UNTYPED, "&inc=artist-credits").json()
        self.assertEqual(list(body)[-1], "artist-credit")
        self.assertEqual(body["artist-credit"], [
            {"name": "Static Bloom", "joinphrase": " vs. ", "artist": {
                "id": "a-1", "name": "Static Bloom", "sort-name": "Static Bloom", "type": "Group",
                "type-id": "e431f5f6-b5d2-343d-8b36-72607fffb74b", "disambiguation": ""}},
            {"name": "Kilowatt Tide", "joinphrase": "", "artist": {
                "id": "a-2", "name": "Kilowatt Tide", "sort-name": "Kilowatt Tide", "type": None, "type-id": None,
                "disambiguation": ""}}])

    def test_unknown_malformed_and_bad_includes(self) -> None:
        missing = self.lookup("2f000000-0000-4000-8000-0000000000ff")
        self.assertEqual((missing.status, missing.json()["error"]), (404, "Not Found"))
        self.assertIn("help", missing.json())
        malformed = self.lookup("not-an-mbid")
        self.assertEqual(malformed.status, 400)
        self.assertIn("Invalid mbid", malformed.json()["error"])
        bad_inc = self.lookup(CULT, "&inc=artist-credits+nonsense")
        self.assertEqual(bad_inc.status, 400)
        self.assertEqual(bad_inc.json()["error"], "nonsense is not a valid inc parameter for the release-group "
                                                  "resource.")

    def test_the_cover_art_archive_still_answers_beside_it(self) -> None:
        with FakeMusicBrainzServer(BARCODE_WORLD) as server:
            listing = fetch(server.base_url, f"/release-group/{CULT}")
            lookup = fetch(server.base_url, f"/ws/2/release-group/{CULT}?fmt=json")
        self.assertTrue(listing.json()["images"][0]["front"])
        self.assertEqual(lookup.json()["id"], CULT)

    def test_an_rgid_or_search_returns_both_groups_with_dates_and_types(self) -> None:
        with FakeMusicBrainzServer(BARCODE_WORLD) as server:
            query = urllib.parse.quote(f"rgid:{CULT} OR rgid:{PLAIN}")
            body = fetch(server.base_url, f"/ws/2/release-group?query={query}&fmt=json").json()
        groups = {g["id"]: g for g in body["release-groups"]}
        self.assertEqual(body["count"], 2)
        self.assertEqual((groups[CULT]["first-release-date"], groups[CULT]["primary-type"],
                          groups[CULT]["secondary-types"]), ("2026-11-20", "Album", ["Compilation", "DJ-mix"]))
        self.assertEqual((groups[PLAIN]["first-release-date"], groups[PLAIN]["primary-type"]), ("2025", "EP"))
        self.assertNotIn("secondary-types", groups[PLAIN])
        # A group whose releases the world gives lists them all.
        self.assertEqual((groups[CULT]["count"], len(groups[CULT]["releases"])), (3, 3))


class ReleaseBrowseWithReleasesTests(unittest.TestCase):
    """The browse of a group's releases, when the world lists them."""

    def browse(self, group: str, world: Any = None) -> dict[str, Any]:
        with FakeMusicBrainzServer(world or BARCODE_WORLD) as server:
            return fetch(server.base_url, f"/ws/2/release?release-group={group}&inc=url-rels&fmt=json").json()

    def test_the_worlds_releases_give_dates_barcodes_and_titles(self) -> None:
        body = self.browse(CULT)
        self.assertEqual(body["release-count"], 3)
        self.assertEqual([(r["id"], r["date"], r["barcode"], r["title"], r["status"], r["country"])
                          for r in body["releases"]],
                         [(CULT[:-4] + "r001", "2026-11-20", "0602475093060", "Glasshouse", "Official", "XW"),
                          (CULT[:-4] + "r002", "2027-01-02", "", "Glasshouse (Deluxe)", "Official", "GB"),
                          (CULT[:-4] + "r003", "2027-03-04", None, "Glasshouse", "Promotion", "XW")])
        self.assertEqual(body["releases"][1]["release-events"][0]["date"], "2027-01-02")
        self.assertEqual(body["releases"][2]["status-id"], "518ffc83-5cde-34df-8627-81bff5093d92")

    def test_a_url_index_past_the_releases_adds_default_ones(self) -> None:
        group = "2e000000-0000-4000-8000-000000000005"
        world = {"artists": [{"id": "a-1", "name": "Static Bloom", "release-groups": [
            {"id": group, "title": "Far", "first-release-date": "2024-02-02", "releases": [{"barcode": "123"}],
             "urls": [{"type": "streaming", "resource": "https://music.example/far", "release": 2}]}]}]}
        body = self.browse(group, world)
        self.assertEqual(body["release-count"], 3)
        self.assertEqual([(r["barcode"], r["date"], len(r["relations"])) for r in body["releases"]],
                         [("123", "2024-02-02", 0), (None, "2024-02-02", 0), (None, "2024-02-02", 1)])

    def test_without_releases_the_browse_is_unchanged(self) -> None:
        body = self.browse(DEFAULTED)
        self.assertEqual(body["release-count"], 2)
        for release in body["releases"]:
            self.assertEqual((release["barcode"], release["date"], release["title"], release["country"]),
                             (None, "2019-05", "Old Habits", "XW"))
        self.assertEqual(self.browse(LINKED, LINKED_WORLD)["release-count"], 2)


class NewEndpointControlTests(unittest.TestCase):
    def test_the_rate_limit_counts_searches_and_lookups_and_the_log_names_them(self) -> None:
        with FakeMusicBrainzServer(BARCODE_WORLD, rate_limit=2, rate_window_s=60, retry_after=1) as server:
            search = fetch(server.base_url, "/ws/2/release?query=barcode:602475093060&fmt=json")
            lookup = fetch(server.base_url, f"/ws/2/release-group/{CULT}?fmt=json")
            refused = fetch(server.base_url, f"/ws/2/release-group/{PLAIN}?fmt=json")
            log = fetch(server.base_url, "/_log").json()
        self.assertEqual((search.status, lookup.status, refused.status), (200, 200, 503))
        self.assertEqual(refused.headers["retry-after"], "1")
        self.assertEqual([(e["path"], e["status"], e["fault"]) for e in log["requests"]],
                         [("/ws/2/release", 200, None), (f"/ws/2/release-group/{CULT}", 200, None),
                          (f"/ws/2/release-group/{PLAIN}", 503, "rate_limit")])

    def test_an_anonymous_client_is_refused_and_answers_are_recorded(self) -> None:
        with tempfile.TemporaryDirectory() as folder, \
                FakeMusicBrainzServer(BARCODE_WORLD, record=Path(folder)) as server:
            anonymous = fetch(server.base_url, f"/ws/2/release-group/{CULT}?fmt=json", agent="curl/8.0")
            for target in (f"/ws/2/release-group/{CULT}?fmt=json&inc=artist-credits",
                           "/ws/2/release?query=barcode:602475093060&fmt=json"):
                answer = fetch(server.base_url, target)
                self.assertEqual((Path(folder) / f"{fnv1a64(target)}.json").read_bytes(), answer.body)
        self.assertEqual(anonymous.status, 403)


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
