"""Tests of the fake TIDAL API v2: the client-credentials token with the app in the form, the album lookup by barcode
as a JSON:API document, its refusals (400, 401, 403, 404, 429), and the knobs (against the recordings in
shared/fixtures/tidal when present).

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import threading
import unittest
import urllib.parse
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fake_app_service  # noqa: E402
import fake_tidal  # noqa: E402
from push_test_support import Answer, call, run_script, stop_script, unfinished_when_answered  # noqa: E402


def recordings() -> Path | None:
    """``shared/fixtures/tidal`` beside the checkout, however deep the checkout sits under the folder that holds it."""
    for folder in HERE.parents:
        candidate = folder / "shared" / "fixtures" / "tidal"
        if candidate.is_dir():
            return candidate
    return None


RECORDINGS = recordings()
# A secret with the characters a form must encode, as generated secrets have them.
APP = {"client_id": "deepcut-tests", "client_secret": "s3cr+t/=&x y"}
HARBOUR = {"id": "512345678", "title": "Harbour Lights", "artists": ["Ada North", "The Quays"],
           "barcode": "00602445868162", "type": "ALBUM", "releaseDate": "2026-11-20", "tracks": 9}
TIDEWATER = {"id": 498765432, "title": "Tidewater", "artists": ["Ada North"], "barcode": "7350012345678",
             "type": "EP", "releaseDate": "2026-10-02", "tracks": 4}
WORLD = {"app": APP, "albums": [HARBOUR, TIDEWATER]}

JSON_API = "application/vnd.api+json"
# The attributes the spec marks required.
REQUIRED_ATTRIBUTES = {"title", "barcodeId", "numberOfItems", "numberOfVolumes", "duration", "explicit", "popularity",
                       "mediaTags", "albumType"}
UNAUTHORIZED = {"errors": [{"code": "UNAUTHORIZED", "detail": "Invalid or missing Authorization Header",
                            "meta": {"category": "AUTHENTICATION_ERROR"}}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def tidal(world: Any = WORLD, **knobs: Any) -> fake_app_service.AppServer:
    return fake_app_service.AppServer(fake_tidal.Handler, world, name="fake-tidal", **knobs)


def form_encoded(text: str) -> str:
    return urllib.parse.quote(text, safe="-._~")


def ask_token(base: str, client_id: str | None = APP["client_id"], secret: str | None = APP["client_secret"],
              grant: str | None = "client_credentials") -> Answer:
    fields = {"grant_type": grant, "client_id": client_id, "client_secret": secret}
    form = "&".join(f"{key}={form_encoded(value)}" for key, value in fields.items() if value is not None)
    return call(base, "/v1/oauth2/token", form, {"Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"})


def token(base: str) -> str:
    answer = ask_token(base)
    assert answer.status == 200, answer.text
    return answer.json()["access_token"]


def lookup(base: str, bearer: str | None, code: str, encoded: bool = True, country: str = "US") -> Answer:
    if encoded:
        target = f"/v2/albums?countryCode={country}&include=artists%2CcoverArt&filter%5BbarcodeId%5D={code}"
    else:
        target = f"/v2/albums?countryCode={country}&include=artists,coverArt&filter[barcodeId]={code}"
    return call(base, target, headers={} if bearer is None else {"Authorization": f"Bearer {bearer}"})


def found(base: str, bearer: str, code: str) -> dict[str, Any]:
    answer = lookup(base, bearer, code)
    assert answer.status == 200, answer.text
    return answer.json()


class TokenTests(unittest.TestCase):
    def test_the_apps_id_and_secret_in_the_form_get_a_bearer_token(self) -> None:
        with tidal() as server:
            answer = ask_token(server.base_url)
            self.assertEqual(answer.status, 200, answer.text)
            issued = answer.json()
            self.assertEqual(set(issued), {"access_token", "token_type", "expires_in"})
            self.assertEqual((issued["token_type"], issued["expires_in"]), ("Bearer", 3600))
            self.assertGreaterEqual(len(issued["access_token"]), 16)
            self.assertEqual(lookup(server.base_url, issued["access_token"], HARBOUR["barcode"]).status, 200)
            self.assertEqual([(e["method"], e["path"], e["authorization"], e["status"]) for e in server.requests()],
                             [("POST", "/v1/oauth2/token", "", 200), ("GET", "/v2/albums", "Bearer", 200)])

    def test_a_wrong_client_or_secret_is_a_400_invalid_client(self) -> None:
        # TIDAL's words for a wrong secret were not recorded; its SDK takes any 4xx as the credentials' fault, and the
        # OAuth error names the cause.
        with tidal() as server:
            for name, answer in (("wrong id", ask_token(server.base_url, client_id="someone-else")),
                                 ("wrong secret", ask_token(server.base_url, secret="guessed")),
                                 ("no secret", ask_token(server.base_url, secret=None)),
                                 ("secret unencoded", call(server.base_url, "/v1/oauth2/token",
                                                           "grant_type=client_credentials&client_id=deepcut-tests"
                                                           "&client_secret=s3cr+t/=&x y"))):
                with self.subTest(name):
                    self.assertEqual((answer.status, answer.json()["error"]), (400, "invalid_client"))
                    self.assertTrue(answer.json()["error_description"].startswith("Invalid client"))
            self.assertEqual([e["fault"] for e in server.requests()], ["invalid_client"] * 4)

    def test_a_form_without_the_grant_is_unsupported_grant_type(self) -> None:
        with tidal() as server:
            for grant in (None, "authorization_code"):
                answer = ask_token(server.base_url, grant=grant)
                self.assertEqual((answer.status, answer.json()), (400, {
                    "error": "unsupported_grant_type", "error_description": "grant_type parameter is missing"}), grant)

    def test_token_lifetime_s_is_the_expires_in_and_a_token_past_it_is_refused(self) -> None:
        with tidal(token_lifetime_s=0) as server:
            dead = ask_token(server.base_url).json()
            self.assertEqual(dead["expires_in"], 0)
            refused = lookup(server.base_url, dead["access_token"], HARBOUR["barcode"])
            self.assertEqual((refused.status, refused.json()), (401, UNAUTHORIZED))
            server.set_knobs(token_lifetime_s=14400)
            alive = ask_token(server.base_url).json()
            self.assertEqual(alive["expires_in"], 14400)
            self.assertEqual(lookup(server.base_url, alive["access_token"], HARBOUR["barcode"]).status, 200)


class AlbumTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = tidal().start()
        cls.token = token(cls.server.base_url)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def test_a_barcode_finds_the_album_as_a_json_api_document(self) -> None:
        answer = lookup(self.server.base_url, self.token, "00602445868162")
        self.assertEqual((answer.status, answer.header("Content-Type")), (200, JSON_API))
        document = answer.json()
        self.assertEqual(set(document), {"data", "links", "included"})
        self.assertTrue(document["links"]["self"].startswith("/albums?"))
        [album] = document["data"]
        self.assertEqual((album["id"], album["type"]), ("512345678", "albums"))
        attributes = album["attributes"]
        self.assertLessEqual(REQUIRED_ATTRIBUTES, set(attributes))
        self.assertEqual({k: attributes[k] for k in ("title", "barcodeId", "numberOfItems", "numberOfVolumes",
                                                     "albumType", "type", "releaseDate", "explicit")},
                         {"title": "Harbour Lights", "barcodeId": "00602445868162", "numberOfItems": 9,
                          "numberOfVolumes": 1, "albumType": "ALBUM", "type": "ALBUM", "releaseDate": "2026-11-20",
                          "explicit": False})
        self.assertRegex(attributes["duration"], r"^PT(\d+H)?(\d+M)?(\d+S)?$")
        self.assertTrue(0.0 <= attributes["popularity"] <= 1.0)
        self.assertIsInstance(attributes["copyright"]["text"], str)  # an object since 2025-09
        self.assertEqual(attributes["externalLinks"], [{"href": "https://tidal.com/browse/album/512345678",
                                                        "meta": {"type": "TIDAL_SHARING"}}])
        artists = album["relationships"]["artists"]["data"]
        self.assertEqual([a["type"] for a in artists], ["artists", "artists"])
        [cover] = album["relationships"]["coverArt"]["data"]
        self.assertEqual(cover["type"], "artworks")
        included = {(r["type"], r["id"]): r for r in document["included"]}
        artwork = included[("artworks", cover["id"])]["attributes"]
        self.assertEqual(artwork["mediaType"], "IMAGE")
        widths = [f["meta"]["width"] for f in artwork["files"]]
        self.assertEqual(widths, sorted(widths, reverse=True))
        self.assertEqual(widths[0], 1280)
        self.assertTrue(all(f["meta"]["width"] == f["meta"]["height"] and f["href"].startswith("https://")
                            for f in artwork["files"]))
        self.assertEqual(included[("artists", artists[0]["id"])]["attributes"]["name"], "Ada North")

    def test_brackets_and_commas_encoded_or_not_give_the_same_answer(self) -> None:
        encoded = lookup(self.server.base_url, self.token, HARBOUR["barcode"])
        plain = lookup(self.server.base_url, self.token, HARBOUR["barcode"], encoded=False)
        self.assertEqual((encoded.status, plain.status), (200, 200))
        self.assertEqual(plain.json(), encoded.json())
        self.assertEqual(self.server.requests()[-1]["query"]["filter[barcodeId]"], "00602445868162")

    def test_a_barcode_is_matched_as_tidal_keeps_it(self) -> None:
        # Whether TIDAL forgives missing zeros is not known; the fake does not, so a client must try the code as
        # TIDAL keeps it.
        for code in ("602445868162", "0602445868162", "07350012345678"):
            with self.subTest(code):
                self.assertEqual(found(self.server.base_url, self.token, code)["data"], [])
        [kept] = found(self.server.base_url, self.token, "7350012345678")["data"]
        self.assertEqual((kept["id"], kept["attributes"]["barcodeId"], kept["attributes"]["albumType"],
                          kept["attributes"]["type"], kept["attributes"]["numberOfItems"]),
                         ("498765432", "7350012345678", "EP", "EP", 4))

    def test_an_unknown_barcode_is_a_200_with_empty_data_and_nothing_included(self) -> None:
        answer = lookup(self.server.base_url, self.token, "5060122336659", country="SE")
        self.assertEqual((answer.status, answer.header("Content-Type")), (200, JSON_API))
        document = answer.json()
        self.assertEqual((document["data"], set(document)), ([], {"data", "links"}))
        self.assertIn("countryCode=SE", document["links"]["self"])

    def test_an_artist_named_may_be_missing_from_included(self) -> None:
        document = found(self.server.base_url, self.token, HARBOUR["barcode"])
        named = [a["id"] for a in document["data"][0]["relationships"]["artists"]["data"]]
        included = [r["id"] for r in document["included"] if r["type"] == "artists"]
        self.assertEqual((len(named), included), (2, named[:1]))
        alone = found(self.server.base_url, self.token, "7350012345678")
        self.assertEqual([r["attributes"]["name"] for r in alone["included"] if r["type"] == "artists"], ["Ada North"])

    def test_an_undocumented_filter_none_or_another_path_is_refused(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        for target in ("/v2/albums?countryCode=US&filter%5Bisrc%5D=USUM72409273",
                       "/v2/albums?countryCode=US&filter%5BbarcodeId%5D=00602445868162&filter%5Bupc%5D=1",
                       "/v2/albums?countryCode=US"):
            with self.subTest(target):
                answer = call(self.server.base_url, target, headers=headers)
                self.assertEqual((answer.status, answer.header("Content-Type")), (400, JSON_API))
                [error] = answer.json()["errors"]
                self.assertEqual((error["status"], error["detail"]), ("400", "Invalid request"))
        missing = call(self.server.base_url, "/v2/tracks?filter%5Bisrc%5D=USUM72409273", headers=headers)
        [error] = missing.json()["errors"]
        self.assertEqual((missing.status, error["status"], error["detail"]), (404, "404", "Resource not found"))


class RefusalTests(unittest.TestCase):
    def test_no_token_a_bad_one_or_an_expired_one_is_the_observed_401(self) -> None:
        with tidal() as server:
            good = token(server.base_url)
            server.set_knobs(token_lifetime_s=0)
            expired = token(server.base_url)
            for name, bearer in (("none", None), ("empty", ""), ("garbage", "not-a-token"), ("expired", expired)):
                with self.subTest(name):
                    answer = lookup(server.base_url, bearer, HARBOUR["barcode"])
                    self.assertEqual((answer.status, answer.header("Content-Type"), answer.json()),
                                     (401, JSON_API, UNAUTHORIZED))
            self.assertEqual(lookup(server.base_url, good, HARBOUR["barcode"]).status, 200)
            self.assertEqual([e["fault"] for e in server.requests() if e["path"] == "/v2/albums"],
                             ["expired"] * 4 + [None])

    def test_expire_tokens_next_refuses_that_many_requests_then_the_same_token_works(self) -> None:
        with tidal(expire_tokens_next=1) as server:
            bearer = token(server.base_url)  # a token request is not an API request
            statuses = [lookup(server.base_url, bearer, HARBOUR["barcode"]).status for _ in range(2)]
            self.assertEqual(statuses, [401, 200])
            self.assertEqual(server.state.knobs.expire_tokens_next, 0)

    def test_a_429_names_no_wait_unless_retry_after_is_set(self) -> None:
        with tidal(throttle_next=1) as server:
            bearer = token(server.base_url)
            limited = lookup(server.base_url, bearer, HARBOUR["barcode"])
            self.assertEqual((limited.status, limited.header("Content-Type"), limited.header("Retry-After")),
                             (429, JSON_API, None))
            [error] = limited.json()["errors"]
            self.assertEqual((error["status"], error["detail"]), ("429", "Rate limit exceeded"))
            self.assertEqual(lookup(server.base_url, bearer, HARBOUR["barcode"]).status, 200)
            server.set_knobs(throttle_next=1, retry_after=10)
            told = lookup(server.base_url, bearer, HARBOUR["barcode"])
            self.assertEqual((told.status, told.header("Retry-After")), (429, "10"))
            self.assertEqual([e["fault"] for e in server.requests()][1:], ["throttled", None, "throttled"])

    def test_the_rate_limit_is_a_rolling_window_and_the_token_request_is_outside_it(self) -> None:
        clock = Clock()
        # Harmony settled on at most 2 requests per 10 seconds.
        with tidal(rate_limit=2, rate_window_s=10) as server:
            server.state.clock = clock
            bearer = token(server.base_url)
            statuses = [lookup(server.base_url, bearer, HARBOUR["barcode"]).status for _ in range(3)]
            self.assertEqual(statuses, [200, 200, 429])
            self.assertIsNone(lookup(server.base_url, bearer, HARBOUR["barcode"]).header("Retry-After"))
            self.assertEqual(ask_token(server.base_url).status, 200)
            clock.now += 9.9
            self.assertEqual(lookup(server.base_url, bearer, HARBOUR["barcode"]).status, 429)
            clock.now += 0.1
            self.assertEqual(lookup(server.base_url, bearer, HARBOUR["barcode"]).status, 200)

    def test_refuse_app_is_a_403_error_document(self) -> None:
        with tidal(refuse_app=True) as server:
            bearer = token(server.base_url)
            answer = lookup(server.base_url, bearer, HARBOUR["barcode"])
            self.assertEqual((answer.status, answer.header("Content-Type")), (403, JSON_API))
            [error] = answer.json()["errors"]
            self.assertEqual((error["status"], error["code"]), ("403", "FORBIDDEN"))
            self.assertEqual(server.requests()[-1]["fault"], "refused")

    def test_hold_from_keeps_a_request_unanswered_until_it_is_moved(self) -> None:
        with tidal() as server:
            bearer = token(server.base_url)
            server.set_knobs(hold_from=len(server.requests()) + 1)
            answers: list[Answer] = []
            asking = threading.Thread(target=lambda: answers.append(lookup(server.base_url, bearer,
                                                                           HARBOUR["barcode"])))
            asking.start()
            asking.join(0.4)
            self.assertTrue(asking.is_alive())
            self.assertEqual(answers, [])
            server.set_knobs(hold_from=None)
            asking.join(10)
            self.assertFalse(asking.is_alive())
            self.assertEqual([a.status for a in answers], [200])
            self.assertEqual((server.requests()[-1]["status"], server.requests()[-1]["fault"]), (200, None))


class ControlTests(unittest.TestCase):
    def test_knobs_over_http_unknown_ones_refused_and_reset(self) -> None:
        with tidal() as server:
            bearer = token(server.base_url)
            knobs = call(server.base_url, "/_control", json.dumps({"refuse_app": True}))
            self.assertEqual((knobs.status, knobs.json()["refuse_app"]), (200, True))
            self.assertEqual(lookup(server.base_url, bearer, HARBOUR["barcode"]).status, 403)
            bad = call(server.base_url, "/_control", json.dumps({"refuse": True}))
            self.assertEqual(bad.status, 400)
            self.assertIn("unknown knob", bad.json()["error"])
            log = call(server.base_url, "/_log").json()
            self.assertEqual((log["count"], [e["fault"] for e in log["requests"]]), (2, [None, "refused"]))
            call(server.base_url, "/_reset", "")
            self.assertEqual(call(server.base_url, "/_control").json(),
                             {"token_lifetime_s": 3600, "expire_tokens_next": 0, "throttle_next": 0,
                              "retry_after": None, "refuse_app": False, "hold_from": None, "rate_limit": None,
                              "rate_window_s": 30.0})
            self.assertEqual(call(server.base_url, "/_log").json()["count"], 0)
            self.assertEqual(lookup(server.base_url, bearer, HARBOUR["barcode"]).status, 200)  # tokens outlive it

    def test_the_log_holds_neither_the_secret_nor_the_token(self) -> None:
        with tidal() as server:
            bearer = token(server.base_url)
            lookup(server.base_url, bearer, HARBOUR["barcode"])
            logged = json.dumps(server.requests())
            self.assertNotIn(bearer, logged)
            self.assertNotIn(APP["client_secret"], logged)
            self.assertNotIn(form_encoded(APP["client_secret"]), logged)
            self.assertEqual(server.requests()[1]["query"], {"countryCode": "US", "include": "artists,coverArt",
                                                             "filter[barcodeId]": "00602445868162"})

    def test_every_request_is_logged_whole_before_it_is_answered(self) -> None:
        held: dict[str, str] = {}

        def take_token(base: str) -> None:
            held["token"] = token(base)

        steps = [({}, take_token), ({}, lambda base: lookup(base, held["token"], HARBOUR["barcode"])),
                 ({}, lambda base: lookup(base, None, HARBOUR["barcode"])),
                 ({"throttle_next": 1}, lambda base: lookup(base, held["token"], HARBOUR["barcode"])),
                 ({"refuse_app": True}, lambda base: lookup(base, held["token"], HARBOUR["barcode"])),
                 ({"refuse_app": False}, lambda base: call(base, "/v2/albums?countryCode=US",
                                                           headers={"Authorization": f"Bearer {held['token']}"})),
                 ({}, lambda base: ask_token(base, secret="wrong"))]
        answers, unfinished, logged = unfinished_when_answered(tidal(), steps)
        self.assertEqual((answers, unfinished, logged), (len(steps), [], len(steps)))

    def test_without_a_world_one_app_and_no_albums(self) -> None:
        with tidal(None) as server:
            issued = ask_token(server.base_url, "app", "secret")
            self.assertEqual(issued.status, 200, issued.text)
            self.assertEqual(found(server.base_url, issued.json()["access_token"], HARBOUR["barcode"])["data"], [])
            self.assertEqual(ask_token(server.base_url).status, 400)  # the tests' app is not this world's


class ScriptTests(unittest.TestCase):
    def test_as_a_script_it_serves_its_world_file_and_ends_with_its_stdin(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            world = Path(folder) / "world.json"
            world.write_text(json.dumps(WORLD), encoding="utf-8")
            process, base = run_script("fake_tidal.py", "--world", str(world), "--port", "0")
            try:
                self.assertGreater(urllib.parse.urlsplit(base).port or 0, 0)
                document = found(base, token(base), HARBOUR["barcode"])
                self.assertEqual([a["attributes"]["title"] for a in document["data"]], ["Harbour Lights"])
                self.assertEqual(call(base, "/_log").json()["count"], 2)
            finally:
                self.assertEqual(stop_script(process), 0)


@unittest.skipUnless(RECORDINGS, "recorded fixtures (shared/fixtures/tidal) not present")
class RecordedTests(unittest.TestCase):
    """The fake against the newest recorded document (SE, 2026-02), with a world made from it. The recording answers
    an id lookup; a barcode lookup returns the same document."""

    @classmethod
    def setUpClass(cls) -> None:
        assert RECORDINGS is not None
        cls.recorded = json.loads((RECORDINGS / "albums-filter-id-443692756-SE-include-coverArt-missing-items.json")
                                  .read_text(encoding="utf-8"))
        album = cls.recorded["data"][0]
        attributes = album["attributes"]
        names = {r["id"]: r["attributes"]["name"] for r in cls.recorded["included"] if r["type"] == "artists"}
        world = {"app": APP, "albums": [{
            "id": album["id"], "title": attributes["title"], "barcode": attributes["barcodeId"],
            "artists": [names[a["id"]] for a in album["relationships"]["artists"]["data"] if a["id"] in names],
            "type": attributes["albumType"], "releaseDate": attributes["releaseDate"],
            "tracks": attributes["numberOfItems"]}]}
        cls.server = tidal(world).start()
        cls.ours = found(cls.server.base_url, token(cls.server.base_url), attributes["barcodeId"])

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def test_the_document_album_and_attributes_have_the_recorded_keys_and_types(self) -> None:
        self.assertEqual(set(self.ours), set(self.recorded))
        self.assertEqual(set(self.ours["links"]), set(self.recorded["links"]))
        ours, recorded = self.ours["data"][0], self.recorded["data"][0]
        self.assertEqual(set(ours), set(recorded))
        self.assertEqual(set(ours["attributes"]), set(recorded["attributes"]))
        for key, value in recorded["attributes"].items():
            with self.subTest(key):
                self.assertIs(type(ours["attributes"][key]), type(value))
        same = ("title", "barcodeId", "numberOfVolumes", "numberOfItems", "explicit", "releaseDate", "accessType",
                "mediaTags", "externalLinks", "type", "albumType")
        self.assertEqual({k: ours["attributes"][k] for k in same}, {k: recorded["attributes"][k] for k in same})
        self.assertEqual(set(ours["attributes"]["copyright"]), set(recorded["attributes"]["copyright"]))

    def test_artists_and_cover_art_are_related_and_included_as_recorded(self) -> None:
        ours, recorded = self.ours["data"][0]["relationships"], self.recorded["data"][0]["relationships"]
        for name in ("artists", "coverArt"):
            self.assertEqual(set(ours[name]), set(recorded[name]), name)
            self.assertEqual({r["type"] for r in ours[name]["data"]}, {r["type"] for r in recorded[name]["data"]})

        def artwork(document: dict[str, Any]) -> dict[str, Any]:
            cover = document["data"][0]["relationships"]["coverArt"]["data"][0]["id"]
            return next(r for r in document["included"] if r["type"] == "artworks" and r["id"] == cover)

        ours_art, recorded_art = artwork(self.ours), artwork(self.recorded)
        # The newest recording adds ``visualMetadata`` (palette, blur hash), which nothing here reads.
        self.assertEqual(set(ours_art["attributes"]), {"mediaType", "files"})
        self.assertLessEqual(set(ours_art["attributes"]), set(recorded_art["attributes"]))
        self.assertEqual(ours_art["attributes"]["mediaType"], recorded_art["attributes"]["mediaType"])
        self.assertEqual(set(ours_art["attributes"]["files"][0]), set(recorded_art["attributes"]["files"][0]))
        self.assertEqual(set(ours_art["attributes"]["files"][0]["meta"]),
                         set(recorded_art["attributes"]["files"][0]["meta"]))
        self.assertEqual(ours_art["attributes"]["files"][0]["meta"]["width"],
                         recorded_art["attributes"]["files"][0]["meta"]["width"])
        ours_artist = next(r for r in self.ours["included"] if r["type"] == "artists")
        recorded_artist = next(r for r in self.recorded["included"] if r["type"] == "artists")
        self.assertLessEqual(set(ours_artist["attributes"]), set(recorded_artist["attributes"]))
        # As recorded, an artist the album names is not among those included.
        for document in (self.ours, self.recorded):
            named = {a["id"] for a in document["data"][0]["relationships"]["artists"]["data"]}
            included = {r["id"] for r in document["included"] if r["type"] == "artists"}
            self.assertTrue(named - included)


if __name__ == "__main__":
    unittest.main()
