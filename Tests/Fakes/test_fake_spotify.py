"""Tests of the fake Spotify Web API: the client-credentials token, the album search by UPC as Spotify keeps the code,
its refusals (400, 401, 403, 429) in Spotify's words, and the knobs (against the recordings in shared/fixtures/spotify
when present).

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import base64
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
import fake_spotify  # noqa: E402
from push_test_support import Answer, call, run_script, stop_script, unfinished_when_answered  # noqa: E402


def recordings() -> Path | None:
    """``shared/fixtures/spotify`` beside the checkout, however deep the checkout sits under the folder that holds
    it."""
    for folder in HERE.parents:
        candidate = folder / "shared" / "fixtures" / "spotify"
        if candidate.is_dir():
            return candidate
    return None


RECORDINGS = recordings()
APP = {"client_id": "deepcut-tests", "client_secret": "not-a-real-secret"}
HARBOUR = {"id": "4aawyAB9vmqN3uQ7FjRGTy", "title": "Harbour Lights", "artists": ["Ada North", "The Quays"],
           "barcode": "00602445868162", "type": "ALBUM", "releaseDate": "2026-11-20", "tracks": 9}
# Kept under the code as written, not padded to 14 digits, as Spotify keeps some.
TIDEWATER = {"id": "1nZb4xYQhV2oMG0z9gHk3e", "title": "Tidewater", "artists": ["Ada North"], "barcode": "886443671584",
             "type": "EP", "releaseDate": "2026-10-02", "tracks": 4}
WORLD = {"app": APP, "albums": [HARBOUR, TIDEWATER]}

ALBUMS_KEYS = {"href", "limit", "next", "offset", "previous", "total", "items"}
ITEM_KEYS = {"album_type", "total_tracks", "available_markets", "external_urls", "href", "id", "images", "name",
             "release_date", "release_date_precision", "type", "uri", "artists"}
ARTIST_KEYS = {"external_urls", "href", "id", "name", "type", "uri"}
UNAUTHORIZED = {"error": {"status": 401, "message": "Missing/invalid/expired access token"}}
INVALID_CLIENT = {"error": "invalid_client", "error_description": "Invalid client"}
PREMIUM = ("Active premium subscription required for the owner of the app. When the subscription status changes, it "
           "can take a few hours before requests are allowed again.")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def spotify(world: Any = WORLD, **knobs: Any) -> fake_app_service.AppServer:
    return fake_app_service.AppServer(fake_spotify.Handler, world, name="fake-spotify", **knobs)


def basic(client_id: str, secret: str) -> dict[str, str]:
    pair = base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    return {"Authorization": f"Basic {pair}", "Content-Type": "application/x-www-form-urlencoded"}


def ask_token(base: str, client_id: str = APP["client_id"], secret: str = APP["client_secret"],
              form: str = "grant_type=client_credentials") -> Answer:
    return call(base, "/api/token", form, basic(client_id, secret))


def token(base: str) -> str:
    answer = ask_token(base)
    assert answer.status == 200, answer.text
    return answer.json()["access_token"]


def search(base: str, bearer: str | None, code: str, extra: str = "&limit=10") -> Answer:
    headers = {} if bearer is None else {"Authorization": f"Bearer {bearer}"}
    return call(base, f"/v1/search?type=album&q=upc%3A{code}{extra}", headers=headers)


def searched(base: str, bearer: str, code: str, extra: str = "&limit=10") -> dict[str, Any]:
    answer = search(base, bearer, code, extra)
    assert answer.status == 200, answer.text
    return answer.json()["albums"]


class TokenTests(unittest.TestCase):
    def test_the_apps_credentials_by_basic_get_a_bearer_token_for_an_hour(self) -> None:
        with spotify() as server:
            answer = ask_token(server.base_url)
            self.assertEqual(answer.status, 200, answer.text)
            self.assertEqual(answer.header("Content-Type"), "application/json; charset=utf-8")
            issued = answer.json()
            # Client credentials bring no refresh token and no scope.
            self.assertEqual(set(issued), {"access_token", "token_type", "expires_in"})
            self.assertEqual((issued["token_type"].lower(), issued["expires_in"]), ("bearer", 3600))
            self.assertGreaterEqual(len(issued["access_token"]), 16)
            self.assertNotEqual(ask_token(server.base_url).json()["access_token"], issued["access_token"])
            self.assertEqual(search(server.base_url, issued["access_token"], HARBOUR["barcode"]).status, 200)
            self.assertEqual([(e["method"], e["path"], e["authorization"], e["status"]) for e in server.requests()],
                             [("POST", "/api/token", "Basic", 200), ("POST", "/api/token", "Basic", 200),
                              ("GET", "/v1/search", "Bearer", 200)])

    def test_a_wrong_client_or_secret_is_a_400_invalid_client(self) -> None:
        with spotify() as server:
            wrong_id = ask_token(server.base_url, client_id="someone-else")
            self.assertEqual((wrong_id.status, wrong_id.json()), (400, INVALID_CLIENT))
            wrong_secret = ask_token(server.base_url, secret="guessed")
            self.assertEqual((wrong_secret.status, wrong_secret.json()),
                             (400, {"error": "invalid_client", "error_description": "Invalid client secret"}))
            unnamed = call(server.base_url, "/api/token", "grant_type=client_credentials",
                           {"Content-Type": "application/x-www-form-urlencoded"})
            self.assertEqual((unnamed.status, unnamed.json()), (400, INVALID_CLIENT))
            self.assertEqual([e["fault"] for e in server.requests()], ["invalid_client"] * 3)

    def test_a_form_without_the_grant_is_unsupported_grant_type(self) -> None:
        with spotify() as server:
            for form in ("", "grant_type=authorization_code"):
                answer = ask_token(server.base_url, form=form)
                self.assertEqual((answer.status, answer.json()), (400, {
                    "error": "unsupported_grant_type", "error_description": "grant_type parameter is missing"}), form)

    def test_token_lifetime_s_is_the_expires_in_and_a_token_past_it_is_refused(self) -> None:
        with spotify(token_lifetime_s=0) as server:
            dead = ask_token(server.base_url).json()
            self.assertEqual(dead["expires_in"], 0)
            refused = search(server.base_url, dead["access_token"], HARBOUR["barcode"])
            self.assertEqual((refused.status, refused.json()), (401, UNAUTHORIZED))
            server.set_knobs(token_lifetime_s=120)
            alive = ask_token(server.base_url).json()
            self.assertEqual(alive["expires_in"], 120)
            self.assertEqual(search(server.base_url, alive["access_token"], HARBOUR["barcode"]).status, 200)


class SearchTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = spotify().start()
        cls.token = token(cls.server.base_url)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    def test_a_14_digit_upc_finds_the_album_in_the_recorded_shape(self) -> None:
        answer = search(self.server.base_url, self.token, "00602445868162")
        self.assertEqual((answer.status, answer.header("Content-Type")), (200, "application/json; charset=utf-8"))
        albums = answer.json()["albums"]
        self.assertEqual(set(albums), ALBUMS_KEYS)
        # The echoed href rewrites q as query and adds offset, limit and locale.
        self.assertEqual(albums["href"], "https://api.spotify.com/v1/search?offset=0&limit=10"
                                         "&query=upc%3A00602445868162&type=album&locale=*")
        self.assertEqual({k: albums[k] for k in ("limit", "next", "offset", "previous", "total")},
                         {"limit": 10, "next": None, "offset": 0, "previous": None, "total": 1})
        [item] = albums["items"]
        self.assertEqual(set(item), ITEM_KEYS)
        self.assertNotIn("external_ids", item)  # only the album itself carries its UPC
        album_id = HARBOUR["id"]
        self.assertEqual({k: item[k] for k in ("album_type", "total_tracks", "external_urls", "href", "id", "name",
                                               "release_date", "release_date_precision", "type", "uri")},
                         {"album_type": "album", "total_tracks": 9,
                          "external_urls": {"spotify": f"https://open.spotify.com/album/{album_id}"},
                          "href": f"https://api.spotify.com/v1/albums/{album_id}", "id": album_id,
                          "name": "Harbour Lights", "release_date": "2026-11-20", "release_date_precision": "day",
                          "type": "album", "uri": f"spotify:album:{album_id}"})
        self.assertRegex(item["id"], r"^[0-9A-Za-z]{22}$")
        self.assertEqual([(i["height"], i["width"]) for i in item["images"]], [(640, 640), (300, 300), (64, 64)])
        self.assertTrue(all(i["url"].startswith("https://") for i in item["images"]))
        self.assertEqual([a["name"] for a in item["artists"]], ["Ada North", "The Quays"])
        self.assertEqual([(set(a), a["type"]) for a in item["artists"]], [(ARTIST_KEYS, "artist")] * 2)
        self.assertIsInstance(item["available_markets"], list)

    def test_a_code_is_matched_as_spotify_keeps_it(self) -> None:
        # Spotify keeps most codes as 14 digits: the 12 digits on the box find nothing, the padded 14 do.
        for code in ("602445868162", "0602445868162", "0000602445868162"):
            with self.subTest(code):
                self.assertEqual(searched(self.server.base_url, self.token, code)["items"], [])
        self.assertEqual(searched(self.server.base_url, self.token, "00602445868162")["items"][0]["id"], HARBOUR["id"])
        # And a few as written, which their padded form misses.
        [kept] = searched(self.server.base_url, self.token, "886443671584")["items"]
        self.assertEqual((kept["id"], kept["name"], kept["album_type"], kept["total_tracks"]),
                         (TIDEWATER["id"], "Tidewater", "single", 4))  # Spotify calls an EP a single
        self.assertEqual(searched(self.server.base_url, self.token, "00886443671584")["items"], [])

    def test_an_unknown_code_is_a_200_with_no_items(self) -> None:
        answer = search(self.server.base_url, self.token, "5060122336659", extra="")
        self.assertEqual(answer.status, 200)
        self.assertEqual(answer.json(), {"albums": {
            "href": "https://api.spotify.com/v1/search?offset=0&limit=5&query=upc%3A5060122336659&type=album&locale=*",
            "items": [], "limit": 5, "next": None, "offset": 0, "previous": None, "total": 0}})

    def test_limit_defaults_to_5_and_past_10_is_invalid_as_for_a_development_app(self) -> None:
        self.assertEqual(searched(self.server.base_url, self.token, "00602445868162", extra="")["limit"], 5)
        self.assertEqual(searched(self.server.base_url, self.token, "00602445868162", extra="&limit=1")["total"], 1)
        for limit in ("11", "20", "50", "0"):
            with self.subTest(limit=limit):
                answer = search(self.server.base_url, self.token, "00602445868162", extra=f"&limit={limit}")
                self.assertEqual((answer.status, answer.json()),
                                 (400, {"error": {"status": 400, "message": "Invalid limit"}}))

    def test_a_market_is_taken_and_the_album_still_found(self) -> None:
        albums = searched(self.server.base_url, self.token, "00602445868162", extra="&market=NZ&limit=10")
        self.assertEqual([item["id"] for item in albums["items"]], [HARBOUR["id"]])

    def test_a_search_without_its_type_or_query_is_a_400(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        untyped = call(self.server.base_url, "/v1/search?q=upc%3A00602445868162", headers=headers)
        self.assertEqual((untyped.status, untyped.json()),
                         (400, {"error": {"status": 400, "message": "Missing parameter type"}}))
        empty = call(self.server.base_url, "/v1/search?type=album&q=", headers=headers)
        self.assertEqual((empty.status, empty.json()), (400, {"error": {"status": 400, "message": "No search query"}}))


class RefusalTests(unittest.TestCase):
    def test_no_token_a_bad_one_or_an_expired_one_is_a_401(self) -> None:
        with spotify() as server:
            good = token(server.base_url)
            server.set_knobs(token_lifetime_s=0)
            expired = token(server.base_url)
            for name, headers in (("none", {}), ("empty bearer", {"Authorization": "Bearer "}),
                                  ("garbage", {"Authorization": "Bearer not-a-token"}),
                                  ("expired", {"Authorization": f"Bearer {expired}"})):
                with self.subTest(name):
                    answer = call(server.base_url, "/v1/search?type=album&q=upc%3A00602445868162", headers=headers)
                    self.assertEqual((answer.status, answer.json()), (401, UNAUTHORIZED))
                    self.assertEqual(answer.header("WWW-Authenticate"), 'Bearer realm="spotify"')
            self.assertEqual(search(server.base_url, good, HARBOUR["barcode"]).status, 200)
            self.assertEqual([e["fault"] for e in server.requests() if e["path"] == "/v1/search"],
                             ["expired"] * 4 + [None])

    def test_expire_tokens_next_refuses_that_many_requests_then_the_same_token_works(self) -> None:
        with spotify() as server:
            bearer = token(server.base_url)
            server.set_knobs(expire_tokens_next=2)
            statuses = [search(server.base_url, bearer, HARBOUR["barcode"]).status for _ in range(3)]
            self.assertEqual(statuses, [401, 401, 200])
            self.assertEqual(server.state.knobs.expire_tokens_next, 0)

    def test_throttle_next_is_a_429_with_retry_after_when_it_is_set(self) -> None:
        with spotify() as server:
            bearer = token(server.base_url)
            server.set_knobs(throttle_next=1)
            bare = search(server.base_url, bearer, HARBOUR["barcode"])
            self.assertEqual((bare.status, bare.json(), bare.header("Retry-After")),
                             (429, {"error": {"status": 429, "message": "Too many requests"}}, None))
            self.assertEqual(search(server.base_url, bearer, HARBOUR["barcode"]).status, 200)
            # Spotify's waits can be hours; and 0 has been seen.
            for wait in (7200, 0):
                server.set_knobs(throttle_next=1, retry_after=wait)
                limited = search(server.base_url, bearer, HARBOUR["barcode"])
                self.assertEqual((limited.status, limited.header("Retry-After")), (429, str(wait)))
            self.assertEqual([e["fault"] for e in server.requests()][1:], ["throttled", None, "throttled", "throttled"])

    def test_the_rate_limit_is_a_rolling_window_and_the_token_request_is_outside_it(self) -> None:
        clock = Clock()
        with spotify(rate_limit=2, rate_window_s=30, retry_after=3) as server:
            server.state.clock = clock
            bearer = token(server.base_url)
            statuses = [search(server.base_url, bearer, HARBOUR["barcode"]).status for _ in range(3)]
            self.assertEqual(statuses, [200, 200, 429])
            self.assertEqual(search(server.base_url, bearer, HARBOUR["barcode"]).header("Retry-After"), "3")
            self.assertEqual(ask_token(server.base_url).status, 200)
            clock.now += 29.9
            self.assertEqual(search(server.base_url, bearer, HARBOUR["barcode"]).status, 429)
            clock.now += 0.1
            self.assertEqual(search(server.base_url, bearer, HARBOUR["barcode"]).status, 200)

    def test_refuse_app_is_the_403_an_owner_without_premium_gets(self) -> None:
        with spotify(refuse_app=True) as server:
            bearer = token(server.base_url)  # the token is still given
            answer = search(server.base_url, bearer, HARBOUR["barcode"])
            self.assertEqual((answer.status, answer.json()), (403, {"error": {"status": 403, "message": PREMIUM}}))
            self.assertEqual(server.requests()[-1]["fault"], "refused")

    def test_hold_from_keeps_a_request_unanswered_until_it_is_moved(self) -> None:
        with spotify() as server:
            bearer = token(server.base_url)
            server.set_knobs(hold_from=len(server.requests()) + 1)
            answers: list[Answer] = []
            asking = threading.Thread(target=lambda: answers.append(search(server.base_url, bearer,
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
        with spotify() as server:
            bearer = token(server.base_url)
            knobs = call(server.base_url, "/_control", json.dumps({"throttle_next": 1, "retry_after": 30}))
            self.assertEqual((knobs.status, knobs.json()["throttle_next"], knobs.json()["retry_after"]), (200, 1, 30))
            self.assertEqual(search(server.base_url, bearer, HARBOUR["barcode"]).header("Retry-After"), "30")
            bad = call(server.base_url, "/_control", json.dumps({"throttle_nxt": 1}))
            self.assertEqual(bad.status, 400)
            self.assertIn("unknown knob", bad.json()["error"])
            log = call(server.base_url, "/_log").json()
            self.assertEqual((log["count"], [e["status"] for e in log["requests"]]), (2, [200, 429]))
            call(server.base_url, "/_reset", "")
            self.assertEqual(call(server.base_url, "/_control").json(),
                             {"token_lifetime_s": 3600, "expire_tokens_next": 0, "throttle_next": 0,
                              "retry_after": None, "refuse_app": False, "hold_from": None, "rate_limit": None,
                              "rate_window_s": 30.0})
            self.assertEqual(call(server.base_url, "/_log").json()["count"], 0)
            self.assertEqual(search(server.base_url, bearer, HARBOUR["barcode"]).status, 200)  # tokens outlive it

    def test_the_world_is_read_back_and_replaced_over_http(self) -> None:
        with spotify() as server:
            self.assertEqual(call(server.base_url, "/_world").json()["albums"][0]["title"], HARBOUR["title"])
            replaced = call(server.base_url, "/_world", json.dumps({"app": APP, "albums": [TIDEWATER]}))
            self.assertEqual(replaced.status, 200)
            bearer = token(server.base_url)
            self.assertEqual(searched(server.base_url, bearer, HARBOUR["barcode"])["total"], 0)
            self.assertEqual(searched(server.base_url, bearer, TIDEWATER["barcode"])["total"], 1)

    def test_the_log_names_the_scheme_never_the_secret(self) -> None:
        with spotify() as server:
            bearer = token(server.base_url)
            search(server.base_url, bearer, HARBOUR["barcode"])
            logged = json.dumps(server.requests())
            self.assertNotIn(bearer, logged)
            self.assertNotIn(base64.b64encode(b"deepcut-tests:not-a-real-secret").decode(), logged)
            self.assertEqual(server.requests()[1]["query"], {"type": "album", "q": "upc:00602445868162", "limit": "10"})

    def test_every_request_is_logged_whole_before_it_is_answered(self) -> None:
        held: dict[str, str] = {}

        def take_token(base: str) -> None:
            held["token"] = token(base)

        steps = [({}, take_token), ({}, lambda base: search(base, held["token"], HARBOUR["barcode"])),
                 ({}, lambda base: search(base, None, HARBOUR["barcode"])),
                 ({"throttle_next": 1}, lambda base: search(base, held["token"], HARBOUR["barcode"])),
                 ({"refuse_app": True}, lambda base: search(base, held["token"], HARBOUR["barcode"])),
                 ({"refuse_app": False}, lambda base: search(base, held["token"], "1", extra="&limit=99")),
                 ({}, lambda base: ask_token(base, secret="wrong"))]
        answers, unfinished, logged = unfinished_when_answered(spotify(), steps)
        self.assertEqual((answers, unfinished, logged), (len(steps), [], len(steps)))

    def test_without_a_world_one_app_and_no_albums(self) -> None:
        with spotify(None) as server:
            issued = ask_token(server.base_url, "app", "secret")
            self.assertEqual(issued.status, 200, issued.text)
            self.assertEqual(searched(server.base_url, issued.json()["access_token"], "00602445868162")["total"], 0)
            self.assertEqual(ask_token(server.base_url).status, 400)  # the tests' app is not this world's


class ScriptTests(unittest.TestCase):
    def test_as_a_script_it_serves_its_world_file_and_ends_with_its_stdin(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            world = Path(folder) / "world.json"
            world.write_text(json.dumps(WORLD), encoding="utf-8")
            process, base = run_script("fake_spotify.py", "--world", str(world), "--port", "0")
            try:
                self.assertGreater(urllib.parse.urlsplit(base).port or 0, 0)
                bearer = token(base)
                self.assertEqual([i["name"] for i in searched(base, bearer, HARBOUR["barcode"])["items"]],
                                 ["Harbour Lights"])
                self.assertEqual(call(base, "/_log").json()["count"], 2)
            finally:
                self.assertEqual(stop_script(process), 0)


@unittest.skipUnless(RECORDINGS, "recorded fixtures (shared/fixtures/spotify) not present")
class RecordedTests(unittest.TestCase):
    """The fake against the recorded answers, with a world made from them (the recordings asked for no limit and got
    20; a development app may ask for 10 at most, so the fake is asked for 10)."""

    @staticmethod
    def recorded(name: str) -> Any:
        assert RECORDINGS is not None
        return json.loads((RECORDINGS / name).read_text(encoding="utf-8"))

    @classmethod
    def setUpClass(cls) -> None:
        cls.found = cls.recorded("search-album-upc-00602475093060-found.json")["albums"]
        cls.empty = cls.recorded("search-album-upc-602475093060-empty.json")["albums"]
        item = cls.found["items"][0]
        album = cls.recorded(f"album-{item['id']}.json")
        ids = album["external_ids"]
        world = {"app": APP, "albums": [{
            "id": item["id"], "title": item["name"], "artists": [a["name"] for a in item["artists"]],
            "barcode": ids.get("ean") or ids["upc"], "type": item["album_type"].upper(),
            "releaseDate": item["release_date"], "tracks": item["total_tracks"]}]}
        cls.server = spotify(world).start()
        cls.token = token(cls.server.base_url)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.stop()

    @staticmethod
    def code_of(albums: dict[str, Any]) -> str:
        match = re.search(r"query=upc%3A(\d+)", albums["href"])
        assert match is not None, albums["href"]
        return match.group(1)

    @staticmethod
    def at_limit_10(albums: dict[str, Any]) -> dict[str, Any]:
        return {**albums, "limit": 10, "href": albums["href"].replace(f"limit={albums['limit']}&", "limit=10&")}

    def test_the_token_answer_has_the_recorded_fields(self) -> None:
        recorded = self.recorded("token-client-credentials-200.json")
        ours = ask_token(self.server.base_url).json()
        self.assertEqual(set(ours), set(recorded))
        self.assertEqual((ours["token_type"], ours["expires_in"]), (recorded["token_type"], recorded["expires_in"]))

    def test_a_wrong_client_is_the_recorded_400(self) -> None:
        answer = ask_token(self.server.base_url, client_id="not-this-app")
        self.assertEqual((answer.status, answer.json()), (400, self.recorded("token-error-invalid-client-400.json")))

    def test_the_unpadded_code_is_the_recorded_empty_answer(self) -> None:
        code = self.code_of(self.empty)
        self.assertEqual(len(code), 12)
        self.assertEqual(searched(self.server.base_url, self.token, code), self.at_limit_10(self.empty))

    def test_the_padded_code_finds_the_recorded_album(self) -> None:
        code = self.code_of(self.found)
        self.assertEqual(len(code), 14)
        ours = searched(self.server.base_url, self.token, code)
        expected = self.at_limit_10(self.found)
        self.assertEqual(set(ours), set(expected))
        paging = ALBUMS_KEYS - {"items"}
        self.assertEqual({k: ours[k] for k in paging}, {k: expected[k] for k in paging})
        [item], [recorded] = ours["items"], expected["items"]
        self.assertEqual(set(item), set(recorded))
        same = ("album_type", "total_tracks", "external_urls", "href", "id", "name", "release_date",
                "release_date_precision", "type", "uri")
        self.assertEqual({k: item[k] for k in same}, {k: recorded[k] for k in same})
        self.assertEqual([(i["height"], i["width"]) for i in item["images"]],
                         [(i["height"], i["width"]) for i in recorded["images"]])
        self.assertEqual([(set(a), a["name"], a["type"]) for a in item["artists"]],
                         [(set(a), a["name"], a["type"]) for a in recorded["artists"]])


if __name__ == "__main__":
    unittest.main()
