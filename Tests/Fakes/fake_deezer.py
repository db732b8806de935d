#!/usr/bin/env python3
"""A fake Deezer public API for deepcut's tests, in the wire format of the recordings in ../shared/fixtures/deezer.

It answers ``GET /search/artist?q=`` (plain text, fuzzy: every word of the query in the name, the exact name first,
then by fans, or by fans alone with the ``exact_first`` knob off; tribute and karaoke acts of a name turn up as they
do on Deezer) and ``GET /artist/ID/albums``, both paged as Deezer pages them (``index``/``limit``, 25 a page by
default and ``max_limit`` at most, ``total``, ``next`` and ``prev`` repeating the caller's other parameters; the
album items carry no ``upc``), and ``GET /album/ID`` and ``GET /album/upc:GTIN``: the full album, ``upc``, label,
tracks and contributors in the recorded key order. Deezer finds an album by its GTIN only in the form it sends in
``upc`` (leading zeros dropped down to 12 digits), so a zero-padded 13- or 14-digit form finds nothing. Errors
come as Deezer sends them, inside an HTTP 200: ``{"error": {"type", "message", "code"}}`` — code 800 "no data"
for an unknown id, code 4 "Quota limit exceeded" past 50 requests in 5 seconds (the ``quota`` knobs) or for the
next N requests (``quota_next``), and any other (``error_next``) to check a client never takes an error for an
empty answer.

Use it as a script: ``python3 fake_deezer.py --world world.json`` prints ``READY http://127.0.0.1:PORT`` and
serves until SIGTERM/SIGINT (or stdin EOF with ``--exit-on-stdin-eof``); the control endpoints are
fake_service.py's. With ``--record DIR`` every answer is also written to DIR/<FNV-1a 64 of the target>.json.

World JSON: ``{"artists": [{"id", "name", "nb_fan"?, "albums": [{"id", "title", "release_date",
"record_type"? ("album", "ep", "single", "compile"), "explicit_lyrics"?, "upc"?, "label"?, "nb_tracks"?}]}]}``;
an album without a ``upc`` is not found by any. A world in the iTunes fake's shape
(``artistId``, ``artistName``, ``albums: [{collectionId, collectionName, releaseDate, explicitness?}]``) is read
too: " - Single" and " - EP" become the record type; "explicit", or a "cleaned" twin beside it, the advisory.

Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import dataclasses
import http.server
import json
import re
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_service  # noqa: E402  (a sibling module: the serving code is shared)
from fake_service import fnv1a64, fold  # noqa: E402,F401  (fnv1a64 also for the tests)

CDN = "https://cdn-images.dzcdn.net/images"
DEFAULT_LIMIT = 25


@dataclasses.dataclass
class Knobs:
    quota: int | None = 50  # requests allowed per quota window; more get the code 4 error
    quota_window_s: float = 5.0
    max_limit: int = 100  # the largest page served, whatever ``limit`` asks
    # Deezer ranks popular names first and an exact name only among them: False ranks a search by fans alone, so
    # an exact name of few fans can stand pages down, below fuller names with more.
    exact_first: bool = True
    error_next: int = 0  # answer this many requests with a "Wrong parameter" error (code 500)
    quota_next: int = 0  # answer this many requests with the quota error, whatever the pace
    hold_from: int | None = None

    @property
    def rate_limit(self) -> int | None:
        return self.quota

    @property
    def rate_window_s(self) -> float:
        return self.quota_window_s

    def updated(self, changes: Mapping[str, Any]) -> "Knobs":
        fields = {f.name for f in dataclasses.fields(self)}
        new = dataclasses.replace(self)
        for key, value in changes.items():
            if key not in fields:
                raise ValueError(f"unknown knob {key!r}; known: {', '.join(sorted(fields))}")
            setattr(new, key, value)
        return new


def from_itunes(world: Mapping[str, Any]) -> dict[str, Any]:
    """An iTunes-shaped world as Deezer would hold it: the kind out of the title into ``record_type``."""
    artists = []
    for artist in world.get("artists", []):
        albums = []
        cleaned = {(a["collectionName"], a.get("releaseDate")) for a in artist.get("albums", [])
                   if a.get("explicitness") == "cleaned"}
        for album in artist.get("albums", []):
            title, kind = album["collectionName"], "album"
            for suffix, name in ((" - Single", "single"), (" - EP", "ep")):
                if title.endswith(suffix):
                    title, kind = title[: -len(suffix)], name
            # The version beside a clean twin is the explicit one, whether or not the iTunes world says so.
            explicit = album.get("explicitness") == "explicit" or (
                album.get("explicitness") != "cleaned" and (album["collectionName"], album.get("releaseDate")) in cleaned)
            albums.append({"id": album["collectionId"], "title": title,
                           "release_date": album.get("releaseDate", "")[:10], "record_type": kind,
                           "explicit_lyrics": explicit, "nb_tracks": album.get("trackCount", 10)})
            if album.get("upc"):
                albums[-1]["upc"] = album["upc"]
        artists.append({"id": artist["artistId"], "name": artist["artistName"], "albums": albums})
    return {"artists": artists}


def load_world(source: str | Path | Mapping[str, Any] | None) -> dict[str, Any]:
    if source is None:
        return {"artists": []}
    world = json.loads(Path(source).read_text(encoding="utf-8")) if isinstance(source, (str, Path)) else source
    artists = world.get("artists", [])
    return from_itunes(world) if artists and "artistId" in artists[0] else dict(world)


def artist_record(artist: Mapping[str, Any], short: bool = False) -> dict[str, Any]:
    """A search hit's fields; ``short``: the minimal artist an album nests, without link and counts."""
    number = artist["id"]
    picture = f"{CDN}/artist/{number:032x}"
    record: dict[str, Any] = {"id": number, "name": artist["name"]}
    if not short:
        record["link"] = f"https://www.deezer.com/artist/{number}"
    record.update({"picture": f"https://api.deezer.com/artist/{number}/image",
                   "picture_small": f"{picture}/56x56-000000-80-0-0.jpg",
                   "picture_medium": f"{picture}/250x250-000000-80-0-0.jpg",
                   "picture_big": f"{picture}/500x500-000000-80-0-0.jpg",
                   "picture_xl": f"{picture}/1000x1000-000000-80-0-0.jpg"})
    if not short:
        record.update({"nb_album": len(artist.get("albums", [])), "nb_fan": artist.get("nb_fan", 1000), "radio": True})
    record.update({"tracklist": f"https://api.deezer.com/artist/{number}/top?limit=50", "type": "artist"})
    return record


def album_record(album: Mapping[str, Any]) -> dict[str, Any]:
    number = album["id"]
    cover = f"{CDN}/cover/{number:032x}"
    return {"id": number, "title": album["title"], "link": f"https://www.deezer.com/album/{number}",
            "cover": f"https://api.deezer.com/album/{number}/image",
            "cover_small": f"{cover}/56x56-000000-80-0-0.jpg", "cover_medium": f"{cover}/250x250-000000-80-0-0.jpg",
            "cover_big": f"{cover}/500x500-000000-80-0-0.jpg", "cover_xl": f"{cover}/1000x1000-000000-80-0-0.jpg",
            "md5_image": f"{number:032x}", "genre_id": 113, "fans": 100, "release_date": album.get("release_date", ""),
            "record_type": album.get("record_type", "album"),
            "tracklist": f"https://api.deezer.com/album/{number}/tracks",
            "explicit_lyrics": bool(album.get("explicit_lyrics", False)), "type": "album"}


def upc_form(gtin: str) -> str:
    """A GTIN as Deezer writes it in ``upc`` and finds it by: leading zeros dropped, at least 12 digits."""
    return str(int(gtin)).zfill(12)


def share(kind: str, number: int) -> str:
    # Deezer stamps every answer's share link with the time it was made, so it differs from call to call.
    return (f"https://www.deezer.com/{kind}/{number}?utm_source=deezer&utm_content={kind}-{number}"
            f"&utm_term=0_{int(time.time())}&utm_medium=web")


def full_album_record(artist: Mapping[str, Any], album: Mapping[str, Any]) -> dict[str, Any]:
    """``/album/{id}``: the list item's fields and what only the album's own answer has, in the order of the 2025
    recording (``album-629506181.json``)."""
    item = album_record(album)
    number = album["id"]
    count = int(album.get("nb_tracks", 1 if item["record_type"] == "single" else 10))
    explicit = item["explicit_lyrics"]
    minimal = artist_record(artist, short=True)
    main = {**artist_record(artist), "share": share("artist", artist["id"])}
    main = {key: main[key] for key in ("id", "name", "link", "share", "picture", "picture_small", "picture_medium",
                                        "picture_big", "picture_xl", "radio", "tracklist", "type")}
    main["role"] = "Main"
    tracks = []
    for index in range(1, count + 1):
        track = number * 100 + index
        title = album["title"] if count == 1 else f"Track {index}"
        preview = f"{track:032x}"
        tracks.append({
            "id": track, "readable": True, "title": title, "title_short": title, "title_version": "",
            "link": f"https://www.deezer.com/track/{track}", "duration": 150 + track % 120,
            "rank": 500000 + track % 9973,
            "explicit_lyrics": explicit, "explicit_content_lyrics": 1 if explicit else 0, "explicit_content_cover": 0,
            "preview": f"https://cdnt-preview.dzcdn.net/api/1/1/{preview[0]}/{preview[1]}/{preview}.mp3",
            "md5_image": item["md5_image"],
            "artist": {"id": artist["id"], "name": artist["name"], "tracklist": minimal["tracklist"], "type": "artist"},
            "album": {key: item[key] for key in ("id", "title", "cover", "cover_small", "cover_medium", "cover_big",
                                                 "cover_xl", "md5_image", "tracklist", "type")},
            "type": "track"})
    return {
        "id": number, "title": item["title"], "upc": upc_form(album["upc"]) if album.get("upc") else "",
        "link": item["link"], "share": share("album", number),
        **{key: item[key] for key in ("cover", "cover_small", "cover_medium", "cover_big", "cover_xl", "md5_image",
                                      "genre_id")},
        "genres": {"data": [{"id": 113, "name": "Dance", "picture": "https://api.deezer.com/genre/113/image",
                             "type": "genre"}]},
        "label": album.get("label", "Lantern House Records"), "nb_tracks": count,
        "duration": sum(t["duration"] for t in tracks), "fans": item["fans"], "release_date": item["release_date"],
        "record_type": item["record_type"], "available": True, "tracklist": item["tracklist"],
        "explicit_lyrics": explicit, "explicit_content_lyrics": 1 if explicit else 0, "explicit_content_cover": 0,
        "contributors": [main], "artist": minimal, "type": "album", "tracks": {"data": tracks}}


def find_album(world: Mapping[str, Any], wanted: str) -> dict[str, Any] | None:
    """``/album/ID`` or ``/album/upc:GTIN``; a GTIN only in Deezer's own form."""
    if wanted.startswith("upc:"):
        gtin = wanted[len("upc:"):]
        if not gtin.isdigit() or not gtin.isascii() or upc_form(gtin) != gtin:
            return None
        found = ((a, album) for a in world["artists"] for album in a.get("albums", [])
                 if album.get("upc") and upc_form(album["upc"]) == gtin)
    else:
        found = ((a, album) for a in world["artists"] for album in a.get("albums", []) if str(album["id"]) == wanted)
    artist, album = next(found, (None, None))
    return None if artist is None or album is None else full_album_record(artist, album)


def paged(items: list[Any], query: Mapping[str, str], base: str, knobs: Knobs) -> dict[str, Any]:
    """Deezer's envelope: ``data``, ``total``, ``prev`` from the second page on, ``next`` unless it is the last;
    ``next`` and ``prev`` repeat the caller's other parameters."""
    index = max(0, int(query.get("index", "0") or 0))
    limit = int(query.get("limit", str(DEFAULT_LIMIT)) or DEFAULT_LIMIT)
    limit = knobs.max_limit if limit <= 0 else min(limit, knobs.max_limit)
    page: dict[str, Any] = {"data": items[index:index + limit], "total": len(items)}
    # Percent-encoded as Deezer writes them: a search for "kygo " pages on with ``q=kygo%20&index=25``.
    others = "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in query.items() if k != "index")

    def link(at: int) -> str:
        return f"https://api.deezer.com{base}?" + (f"{others}&" if others else "") + f"index={at}"

    if index > 0:
        page["prev"] = link(max(0, index - limit))
    if index + limit < len(items):
        page["next"] = link(index + limit)
    return page


def search_artists(world: Mapping[str, Any], query: Mapping[str, str],
                   exact_first: bool = True) -> list[dict[str, Any]]:
    words = fold(query.get("q", "")).split()
    if not words:
        return []
    wanted = " ".join(words)
    hits = [a for a in world["artists"] if all(w in fold(a["name"]).split() for w in words)]
    hits.sort(key=lambda a: (exact_first and fold(a["name"]) != wanted, -a.get("nb_fan", 1000), a["id"]))
    return [artist_record(a) for a in hits]


def error(kind: str, message: str, code: int) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message, "code": code}}


class State(fake_service.Service):
    def __init__(self, world: dict[str, Any], knobs: Knobs, record: Path | None) -> None:
        super().__init__(world, knobs, load_world)
        self.record = record


class _Handler(fake_service.Handler):
    server_version = "Apache"

    def api(self, method: str, path: str, query: Mapping[str, str]) -> None:
        state: State = self.server.service
        entry = state.begin({"method": method, "path": path, "query": dict(query),
                             "user_agent": self.headers.get("User-Agent", ""),
                             "accept_language": self.headers.get("Accept-Language")})
        if not self.wait_while(lambda: state.held(entry["seq"])):
            state.finish(entry, None, "held")
            return
        with state.lock:
            knobs = state.knobs
            fault = ("quota" if not state.admit() or state.take("quota_next")
                     else "error" if state.take("error_next") else None)
        if fault == "quota":
            payload: Any = error("Exception", "Quota limit exceeded", 4)
        elif fault == "error":
            payload = error("ParameterException", "Wrong parameter", 500)
        else:
            payload = self.answer(state.world, path, query, knobs)
        status = 404 if payload is None else 200
        body = json.dumps(payload if payload is not None else {"error": "Not Found"},
                          ensure_ascii=True, separators=(",", ":")).replace("/", "\\/").encode()
        if state.record is not None and status == 200 and fault is None:
            (state.record / f"{fnv1a64(self.path)}.json").write_bytes(body)
        # Logged before it is sent, so a client that has the answer finds it in the log.
        state.finish(entry, status, fault)
        self.send(status, body, [("content-type", "application/json; charset=utf-8")])

    @staticmethod
    def answer(world: Mapping[str, Any], path: str, query: Mapping[str, str], knobs: Knobs) -> Any:
        if path == "/search/artist":
            return paged(search_artists(world, query, knobs.exact_first), query, path, knobs)
        match = re.fullmatch(r"/artist/(-?\d+)/albums", path)
        if match:
            artist = next((a for a in world["artists"] if str(a["id"]) == match.group(1)), None)
            if artist is None:
                return error("DataException", "no data", 800)
            return paged([album_record(a) for a in artist.get("albums", [])], query, path, knobs)
        match = re.fullmatch(r"/album/(upc:[^/]*|-?\d+)", path)
        if match:
            return find_album(world, match.group(1)) or error("DataException", "no data", 800)
        return None


class FakeDeezerServer(fake_service.BackgroundServer):
    """The fake service on 127.0.0.1 in a background thread."""

    def __init__(self, world: str | Path | Mapping[str, Any] | None = None, *, port: int = 0,
                 record: Path | None = None, **knobs: Any) -> None:
        super().__init__(State(load_world(world), Knobs().updated(knobs), record), _Handler, port, "fake-deezer")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fake Deezer public API on 127.0.0.1 for tests.")
    parser.add_argument("--world", help="world JSON file (default: an empty world)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--quota", type=int, default=50, help="requests per quota window; 0: no quota")
    parser.add_argument("--quota-window", type=float, default=5.0)
    parser.add_argument("--max-limit", type=int, default=100)
    parser.add_argument("--hold-from", type=int, default=None)
    parser.add_argument("--record", help="write every answer to DIR/<fnv1a64 of the request target>.json")
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    args = parser.parse_args(argv)
    record = Path(args.record) if args.record else None
    if record is not None:
        record.mkdir(parents=True, exist_ok=True)
    server = FakeDeezerServer(args.world, port=args.port, record=record, quota=args.quota or None,
                              quota_window_s=args.quota_window, max_limit=args.max_limit, hold_from=args.hold_from)
    fake_service.serve(server, exit_on_stdin_eof=args.exit_on_stdin_eof)
    return 0


if __name__ == "__main__":
    sys.exit(main())
