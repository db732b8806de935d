#!/usr/bin/env python3
"""A fake iTunes Search API server for deepcut's tests.

Tests must never touch the internet, yet the client has to cope with the real
service's quirks: its hand-rolled JSON layout, its ``text/javascript`` content
type, its 403 rate limiting, its 502 on too many ids, and its flaky moments.
This module reproduces that wire format byte for byte from a small "world"
(artists and their albums) and adds knobs that inject latency and faults, plus
a request log so tests can assert exactly what the client asked for.

Use it three ways:

* as a script: ``python3 fake_itunes.py --world world.json`` prints one line
  ``READY http://127.0.0.1:PORT`` and serves until SIGTERM/SIGINT (or stdin EOF
  with ``--exit-on-stdin-eof``);
* as a module: ``with FakeItunesServer(world={...}) as server: ...``;
* as a world generator: ``python3 fake_itunes.py --generate-world 40 --today 2026-11-20``.

Control endpoints (never logged, never rate limited):

* ``GET /_control`` -> current knobs; ``POST /_control`` with a JSON object of
  knobs to change (unknown names -> 400, so typos fail loudly);
* ``GET /_log`` -> ``{"count": N, "requests": [{seq, method, path, query, ids,
  status, fault, time, duration_ms}]}``; ``POST /_log/clear`` (or ``DELETE /_log``);
* ``POST /_reset`` -> startup knobs, empty log, empty rate window;
* ``GET /_world`` / ``POST /_world`` -> read or replace the world.

World JSON: ``{"artists": [{"artistId", "artistName", "primaryGenreName"?,
"amgArtistId"?, "albums": [{"collectionId", "collectionName", "releaseDate"
("YYYY-MM-DD" -> T07:00:00Z, or a full "...T08:00:00Z"), "trackCount"?,
"explicitness"?, "artistId"?, "artistName"?, "label"?, "upc"?,
"artworkNamesUPC"?}]}]}``; any other key is copied into the wire record
(``null`` removes a computed field). ``upc`` (the album's UPC/EAN, 8 to 14
digits) is never sent as a field, as Apple sends none: ``/lookup?upc=`` finds
the album by it, and the artwork path names it zero-padded to 14 digits
(``…/00602445868162.rgb.jpg/100x100bb.jpg``) unless ``artworkNamesUPC`` is
false, when the path is ``…/source/100x100bb.jpg`` as on many real albums.

Only the Python 3.11 standard library is used, so the Swift test suite can spawn
it on any machine that has ``python3``.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import hashlib
import json
import random
import re
import socket
import struct
import sys
import urllib.parse
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_service  # noqa: E402  (a sibling module: the serving code is shared)
from fake_service import SPECIAL_FOLDS, fold, strip_accents  # noqa: E402

__all__ = [
    "FakeItunesServer",
    "Knobs",
    "World",
    "WorldError",
    "encode_results",
    "encode_record",
    "encode_error",
    "generate_world",
    "main",
]

LOOPBACK = fake_service.LOOPBACK
DEFAULT_LIMIT = 50
MAX_LIMIT = 200

# --------------------------------------------------------------------------------------
# Wire encoding
# --------------------------------------------------------------------------------------
# Apple does not use a standard JSON pretty-printer.  Every recorded body is
#   "\n\n\n{\n \"resultCount\":N,\n \"results\": [\n" + records joined by ", \n" + "]\n}\n\n\n"
# and each record sits on one line as {"key":value, "key":value}: a space after the
# comma between members, none after the colon, raw UTF-8, prices with two decimals
# ("7.90", "-1.00").  The encoder below reproduces exactly that, so a client that
# (wrongly) depends on, say, application/json or a compact layout fails here too.

JS_CONTENT_TYPE = "text/javascript; charset=utf-8"
CONTENT_DISPOSITION = "attachment; filename=1.txt"
EMPTY_RESULTS = b'\n\n\n{\n "resultCount":0,\n "results": []\n}\n\n\n'


def encode_value(value: Any) -> str:
    """Encode one JSON value the way Apple's encoder does.

    Floats always get two decimals because every price in the recordings does
    ("7.90", "-1.00"); Python's repr would write "7.9" and "-1.0".
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        return encode_record(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(encode_value(v) for v in value) + "]"
    raise TypeError(f"cannot encode {type(value).__name__} on the wire")


def encode_record(record: Mapping[str, Any]) -> str:
    """One result object on one line: ``{"k":v, "k":v}``."""
    members = (f"{json.dumps(key, ensure_ascii=False)}:{encode_value(value)}" for key, value in record.items())
    return "{" + ", ".join(members) + "}"


def encode_results(records: Sequence[Mapping[str, Any]]) -> bytes:
    """The full body of a search/lookup answer, in Apple's framing."""
    if not records:
        return EMPTY_RESULTS
    lines = ", \n".join(encode_record(r) for r in records)
    text = f'\n\n\n{{\n "resultCount":{len(records)},\n "results": [\n{lines}]\n}}\n\n\n'
    return text.encode("utf-8")


def encode_error(bad_keys: Sequence[str], query_parameters: Mapping[str, str]) -> bytes:
    """Apple's 400 body: an ``errorMessage`` naming the bad keys and a parameter help map."""
    message = "Invalid value(s) for key(s): [" + ", ".join(bad_keys) + "]"
    text = (
        "\n\n\n{\n"
        f' "errorMessage":{encode_value(message)},\n'
        f' "queryParameters":{encode_record(query_parameters)}\n'
        "}\n\n\n"
    )
    return text.encode("utf-8")


# Help text Apple-style 400 bodies carry under "queryParameters" (our own wording).
SEARCH_PARAMETER_HELP: Mapping[str, str] = {
    "output": "json",
    "callback": "Name of a javascript function to wrap the results in",
    "country": "Two-letter ISO country code of the store",
    "limit": "How many results to return (1-200)",
    "term": "The text to search for",
    "lang": "Language code such as en_us",
    "media": "Kind of media to search",
    "entity": "Kind of result to return",
    "attribute": "Field the term is matched against",
}
LOOKUP_PARAMETER_HELP: Mapping[str, str] = {
    "output": "json",
    "callback": "Name of a javascript function to wrap the results in",
    "country": "Two-letter ISO country code of the store",
    "id": "Comma-separated numeric iTunes ids",
    "upc": "One UPC or EAN of an album",
    "entity": "Kind of related items to return with each id",
    "limit": "How many related items to return per id (1-200)",
    "sort": "recent or popular",
}

# --------------------------------------------------------------------------------------
# Helpers for deterministic, realistic field values
# --------------------------------------------------------------------------------------


def stable_int(*parts: object) -> int:
    """A hash that is the same in every run (Python's ``hash`` is salted per process)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def slugify(name: str, fallback: str) -> str:
    """URL slug like Apple's ("Nightmare·Escape The ERA - EP" -> "nightmare-escape-the-era-ep")."""
    folded = strip_accents(name.translate(SPECIAL_FOLDS)).lower()
    slug = "-".join("".join(c if c.isalnum() else " " for c in folded).split())
    return urllib.parse.quote(slug, safe="-") if slug else fallback


@dataclasses.dataclass(frozen=True)
class Storefront:
    """What a ``country=`` parameter changes in the answer."""

    code: str  # lower-case two-letter code used in URLs
    country: str  # ISO alpha-3 as sent in "country"
    currency: str


_STOREFRONTS: Mapping[str, tuple[str, str]] = {
    "us": ("USA", "USD"), "gb": ("GBR", "GBP"), "ca": ("CAN", "CAD"), "au": ("AUS", "AUD"),
    "de": ("DEU", "EUR"), "fr": ("FRA", "EUR"), "nl": ("NLD", "EUR"), "es": ("ESP", "EUR"),
    "it": ("ITA", "EUR"), "ie": ("IRL", "EUR"), "se": ("SWE", "SEK"), "no": ("NOR", "NOK"),
    "dk": ("DNK", "DKK"), "jp": ("JPN", "JPY"), "kr": ("KOR", "KRW"), "br": ("BRA", "BRL"),
    "mx": ("MEX", "MXN"), "nz": ("NZL", "NZD"), "ch": ("CHE", "CHF"), "at": ("AUT", "EUR"),
}
# Codes that look valid but are not storefronts; Apple answers them with a 400 [country].
_NOT_STOREFRONTS = frozenset({"uk", "eu", "pr"})


def storefront_for(code: str | None) -> Storefront:
    """Unknown but well-formed codes fall back to US currency/country (the URL keeps the code)."""
    code = (code or "us").lower()
    country, currency = _STOREFRONTS.get(code, ("USA", "USD"))
    return Storefront(code=code, country=country, currency=currency)


# Real iTunes genre ids, so primaryGenreId looks right for common genres.
GENRE_IDS: Mapping[str, int] = {
    "Blues": 2, "Comedy": 3, "Children's Music": 4, "Classical": 5, "Country": 6, "Electronic": 7,
    "Holiday": 8, "Jazz": 11, "Latin": 12, "New Age": 13, "Pop": 14, "R&B/Soul": 15,
    "Soundtrack": 16, "Dance": 17, "Hip-Hop/Rap": 18, "World": 19, "Alternative": 20, "Rock": 21,
    "Christian & Gospel": 22, "Reggae": 24, "Singer/Songwriter": 10, "Folk": 1289, "Metal": 1153,
    "Hard Rock": 1152, "Indie Pop": 1131, "K-Pop": 51, "J-Pop": 27, "Ambient": 1049, "Techno": 1050,
    "House": 1048, "Punk": 1006, "Singer-Songwriter": 10,
}
_LABELS = (
    "Lantern House Records", "Copperline Music", "Northwick Audio", "Bright Static Recordings",
    "Harbor & Vine", "Quiet Engine Records", "Saltmarsh Sound", "Paper Kite Music Group",
)


def default_price(name: str, track_count: int) -> float:
    """A plausible, deterministic price from the kind of release."""
    if name.endswith(" - Single"):
        return 0.99 if track_count <= 1 else 1.98
    if name.endswith(" - EP"):
        return 4.99
    if "deluxe" in name.lower():
        return 14.99
    return 9.99 if track_count <= 12 else 11.99


def store_url(store: Storefront, kind: str, name: str, item_id: int) -> str:
    """Current-style store link, e.g. https://music.apple.com/us/album/night-shift/2001?uo=4."""
    return f"https://music.apple.com/{store.code}/{kind}/{slugify(name, kind)}/{item_id}?uo=4"


def artwork_url(collection_id: int, size: int, upc: str | None = None, names_upc: bool = True) -> str:
    """mzstatic-style artwork URL whose path is derived from the id. The image's own name is the album's UPC
    zero-padded to 14 digits where the label's upload was named so, ``source`` where it was not (both as recorded
    by clients that read the UPC back from the path)."""
    h = hashlib.sha256(f"artwork:{collection_id}".encode()).hexdigest()
    host = 1 + int(h[0], 16) % 5
    bucket = 100 + int(h[1:3], 16) % 90
    uuid = f"{h[0:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"
    image = "cover.jpg" if upc is None else f"{int(upc):014d}.rgb.jpg" if names_upc else "source"
    return (f"https://is{host}-ssl.mzstatic.com/image/thumb/Music{bucket}/v4/"
            f"{h[0:2]}/{h[2:4]}/{h[4:6]}/{uuid}/{image}/{size}x{size}bb.jpg")


_DATE_ONLY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


def wire_release_date(value: str) -> str:
    """A bare date becomes midnight Pacific daylight time in UTC, as Apple sends most dates."""
    return f"{value}T07:00:00Z" if _DATE_ONLY.match(value) else value


def pacific_midnight_utc(day: dt.date) -> str:
    """Midnight in Los Angeles expressed in UTC: 07:00Z under DST, 08:00Z otherwise.

    Real captures show both, and a client that converts to a western time zone
    must still take the date part as given.  Used by the world generator.
    """
    march = dt.date(day.year, 3, 1)
    dst_start = march + dt.timedelta(days=(6 - march.weekday()) % 7 + 7)  # 2nd Sunday of March
    november = dt.date(day.year, 11, 1)
    dst_end = november + dt.timedelta(days=(6 - november.weekday()) % 7)  # 1st Sunday of November
    hour = 7 if dst_start <= day < dst_end else 8
    return f"{day.isoformat()}T{hour:02d}:00:00Z"


# --------------------------------------------------------------------------------------
# The world
# --------------------------------------------------------------------------------------


class WorldError(ValueError):
    """A world description that cannot be served; the message names the bad path."""


_ARTIST_KEYS = frozenset({"artistId", "artistName", "primaryGenreName", "primaryGenreId", "amgArtistId",
                          "artistType", "label", "albums"})
_ALBUM_KEYS = frozenset({"collectionId", "collectionName", "releaseDate", "trackCount", "explicitness",
                         "artistId", "artistName", "label", "primaryGenreName", "upc", "artworkNamesUPC"})
_UPC = re.compile(r"^[0-9]{8,14}$")
_EXPLICITNESS = ("explicit", "notExplicit", "cleaned")


@dataclasses.dataclass(frozen=True)
class Album:
    """One collection as listed under one artist (a collaboration is listed twice)."""

    collection_id: int
    name: str
    release_date: str
    track_count: int
    explicitness: str
    listed_under: int
    artist_id: int | None = None  # credited artist when it differs from listed_under
    artist_name: str | None = None
    label: str | None = None
    genre: str | None = None
    overrides: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    upc: str | None = None
    artwork_names_upc: bool = True

    @property
    def credited_artist_id(self) -> int:
        return self.artist_id if self.artist_id is not None else self.listed_under


@dataclasses.dataclass(frozen=True)
class Artist:
    """One artist and the albums the store lists under it, in the world file's order."""

    artist_id: int
    name: str
    genre: str | None
    genre_id: int | None
    amg_artist_id: int | None
    artist_type: str
    label: str | None
    albums: tuple[Album, ...]
    overrides: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _require(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise WorldError(f"{where}: {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class World:
    """Artists and albums the fake store knows, indexed for lookups.

    Any key in an artist or album object that is not part of the schema is
    copied into the wire record verbatim (overriding a computed field in place,
    or appended), and ``null`` removes a computed field.  That lets a test
    express oddities such as a missing ``artistViewUrl`` or a price of -1.
    """

    def __init__(self, artists: Iterable[Artist]) -> None:
        self.artists: tuple[Artist, ...] = tuple(artists)
        self.artists_by_id: dict[int, Artist] = {}
        self.albums_by_id: dict[int, Album] = {}
        for artist in self.artists:
            if artist.artist_id in self.artists_by_id:
                raise WorldError(f"duplicate artistId {artist.artist_id}")
            self.artists_by_id[artist.artist_id] = artist
            for album in artist.albums:
                self.albums_by_id.setdefault(album.collection_id, album)

    @classmethod
    def empty(cls) -> "World":
        return cls(())

    @classmethod
    def load(cls, source: "World | Mapping[str, Any] | str | Path | None") -> "World":
        """Accept a World, a dict (inline in tests), a path to a JSON file, or None (empty)."""
        if source is None:
            return cls.empty()
        if isinstance(source, World):
            return source
        if isinstance(source, (str, Path)):
            try:
                data = json.loads(Path(source).read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise WorldError(f"cannot read world {source}: {exc}") from exc
            return cls.from_json(data)
        return cls.from_json(source)

    @classmethod
    def from_json(cls, data: Any) -> "World":
        _require(isinstance(data, Mapping), "world", "must be a JSON object")
        raw_artists = data.get("artists", [])
        _require(isinstance(raw_artists, list), "world.artists", "must be a list")
        return cls(cls._parse_artist(a, f"artists[{i}]") for i, a in enumerate(raw_artists))

    @staticmethod
    def _parse_artist(raw: Any, where: str) -> Artist:
        _require(isinstance(raw, Mapping), where, "must be an object")
        _require(_is_int(raw.get("artistId")) and raw["artistId"] > 0, f"{where}.artistId", "positive integer required")
        _require(isinstance(raw.get("artistName"), str) and raw["artistName"] != "",
                 f"{where}.artistName", "non-empty string required")
        genre = raw.get("primaryGenreName")
        _require(genre is None or isinstance(genre, str), f"{where}.primaryGenreName", "string expected")
        genre_id = raw.get("primaryGenreId", GENRE_IDS.get(genre) if genre else None)
        _require(genre_id is None or _is_int(genre_id), f"{where}.primaryGenreId", "integer expected")
        amg = raw.get("amgArtistId")
        _require(amg is None or _is_int(amg), f"{where}.amgArtistId", "integer expected")
        artist_type = raw.get("artistType", "Artist")
        _require(isinstance(artist_type, str), f"{where}.artistType", "string expected")
        label = raw.get("label")
        _require(label is None or isinstance(label, str), f"{where}.label", "string expected")
        raw_albums = raw.get("albums", [])
        _require(isinstance(raw_albums, list), f"{where}.albums", "list expected")
        artist_id = raw["artistId"]
        albums = tuple(World._parse_album(a, f"{where}.albums[{j}]", artist_id) for j, a in enumerate(raw_albums))
        overrides = {k: v for k, v in raw.items() if k not in _ARTIST_KEYS}
        return Artist(artist_id, raw["artistName"], genre, genre_id, amg, artist_type, label, albums, overrides)

    @staticmethod
    def _parse_album(raw: Any, where: str, listed_under: int) -> Album:
        _require(isinstance(raw, Mapping), where, "must be an object")
        _require(_is_int(raw.get("collectionId")) and raw["collectionId"] > 0,
                 f"{where}.collectionId", "positive integer required")
        _require(isinstance(raw.get("collectionName"), str) and raw["collectionName"] != "",
                 f"{where}.collectionName", "non-empty string required")
        date = raw.get("releaseDate")
        _require(isinstance(date, str) and bool(_DATE_ONLY.match(date) or _TIMESTAMP.match(date)),
                 f"{where}.releaseDate", "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ required")
        try:
            dt.date.fromisoformat(date[:10])
        except ValueError as exc:
            raise WorldError(f"{where}.releaseDate: {exc}") from exc
        track_count = raw.get("trackCount", 10)
        _require(_is_int(track_count) and track_count >= 0, f"{where}.trackCount", "non-negative integer expected")
        explicitness = raw.get("explicitness", "notExplicit")
        _require(explicitness in _EXPLICITNESS, f"{where}.explicitness", f"one of {', '.join(_EXPLICITNESS)}")
        artist_id = raw.get("artistId")
        _require(artist_id is None or (_is_int(artist_id) and artist_id > 0), f"{where}.artistId", "positive integer expected")
        for key in ("artistName", "label", "primaryGenreName"):
            _require(raw.get(key) is None or isinstance(raw[key], str), f"{where}.{key}", "string expected")
        upc = raw.get("upc")
        _require(upc is None or (isinstance(upc, str) and bool(_UPC.match(upc))), f"{where}.upc",
                 "a string of 8 to 14 digits expected")
        names_upc = raw.get("artworkNamesUPC", True)
        _require(isinstance(names_upc, bool), f"{where}.artworkNamesUPC", "true or false expected")
        overrides = {k: v for k, v in raw.items() if k not in _ALBUM_KEYS}
        return Album(raw["collectionId"], raw["collectionName"], date, track_count, explicitness, listed_under,
                     artist_id, raw.get("artistName"), raw.get("label"), raw.get("primaryGenreName"), overrides,
                     upc, names_upc)

    # ---- wire records -------------------------------------------------------------------

    def artist_record(self, artist: Artist, store: Storefront) -> dict[str, Any]:
        """Artist record with the recorded key order; optional keys are left out, never null."""
        kind = "author" if artist.artist_type == "Author" else "artist"
        record: dict[str, Any] = {
            "wrapperType": "artist",
            "artistType": artist.artist_type,
            "artistName": artist.name,
            "artistLinkUrl": store_url(store, kind, artist.name, artist.artist_id),
            "artistId": artist.artist_id,
        }
        if artist.amg_artist_id is not None:
            record["amgArtistId"] = artist.amg_artist_id
        if artist.genre is not None:
            record["primaryGenreName"] = artist.genre
        if artist.genre_id is not None:
            record["primaryGenreId"] = artist.genre_id
        return _apply_overrides(record, artist.overrides)

    def collection_record(self, album: Album, store: Storefront) -> dict[str, Any]:
        """Collection record; the credited artist may differ from the one it is listed under."""
        listed = self.artists_by_id.get(album.listed_under)
        credited = self.artists_by_id.get(album.credited_artist_id)
        artist_name = album.artist_name or (credited.name if credited else listed.name if listed else "Various Artists")
        amg = credited.amg_artist_id if credited else None
        label = album.label or (credited.label if credited else None) or (listed.label if listed else None) \
            or _LABELS[stable_int("label", album.credited_artist_id) % len(_LABELS)]
        genre = album.genre or (credited.genre if credited else None) or (listed.genre if listed else None)
        record: dict[str, Any] = {
            "wrapperType": "collection",
            "collectionType": "Album",
            "artistId": album.credited_artist_id,
            "collectionId": album.collection_id,
        }
        if amg is not None:
            record["amgArtistId"] = amg
        record.update({
            "artistName": artist_name,
            "collectionName": album.name,
            "collectionCensoredName": album.name,
            "artistViewUrl": store_url(store, "artist", artist_name, album.credited_artist_id),
            "collectionViewUrl": store_url(store, "album", album.name, album.collection_id),
            "artworkUrl60": artwork_url(album.collection_id, 60, album.upc, album.artwork_names_upc),
            "artworkUrl100": artwork_url(album.collection_id, 100, album.upc, album.artwork_names_upc),
            "collectionPrice": default_price(album.name, album.track_count),
            "collectionExplicitness": album.explicitness,
        })
        if album.explicitness == "explicit":
            record["contentAdvisoryRating"] = "Explicit"
        elif album.explicitness == "cleaned":
            record["contentAdvisoryRating"] = "Clean"
        record.update({
            "trackCount": album.track_count,
            "copyright": f"℗ {album.release_date[:4]} {label}",
            "country": store.country,
            "currency": store.currency,
            "releaseDate": wire_release_date(album.release_date),
        })
        if genre is not None:
            record["primaryGenreName"] = genre
        return _apply_overrides(record, album.overrides)

    def to_json(self) -> dict[str, Any]:
        """Round-trip form, for GET /_world."""
        def album_json(a: Album) -> dict[str, Any]:
            out: dict[str, Any] = {"collectionId": a.collection_id, "collectionName": a.name, "releaseDate": a.release_date,
                                   "trackCount": a.track_count, "explicitness": a.explicitness}
            for key, value in (("artistId", a.artist_id), ("artistName", a.artist_name), ("label", a.label),
                               ("primaryGenreName", a.genre), ("upc", a.upc)):
                if value is not None:
                    out[key] = value
            if not a.artwork_names_upc:
                out["artworkNamesUPC"] = False
            out.update(a.overrides)
            return out

        artists = []
        for artist in self.artists:
            out: dict[str, Any] = {"artistId": artist.artist_id, "artistName": artist.name}
            for key, value in (("primaryGenreName", artist.genre), ("primaryGenreId", artist.genre_id),
                               ("amgArtistId", artist.amg_artist_id), ("label", artist.label)):
                if value is not None:
                    out[key] = value
            if artist.artist_type != "Artist":
                out["artistType"] = artist.artist_type
            out.update(artist.overrides)
            out["albums"] = [album_json(a) for a in artist.albums]
            artists.append(out)
        return {"artists": artists}


def _apply_overrides(record: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    for key, value in overrides.items():
        if value is None:
            record.pop(key, None)
        else:
            record[key] = value
    return record


# --------------------------------------------------------------------------------------
# The API (pure: request in, response out; faults are applied by the handler)
# --------------------------------------------------------------------------------------


@dataclasses.dataclass
class Response:
    status: int
    body: bytes
    headers: list[tuple[str, str]] = dataclasses.field(default_factory=list)


_SEARCH_MEDIA = frozenset({"all", "music", "movie", "podcast", "musicVideo", "audiobook", "shortFilm", "tvShow",
                           "software", "ebook"})
_SEARCH_ENTITIES = frozenset({"musicArtist", "musicTrack", "album", "musicVideo", "mix", "song", "allArtist", "allTrack"})
_SEARCH_ATTRIBUTES = frozenset({"mixTerm", "genreIndex", "artistTerm", "composerTerm", "albumTerm", "ratingIndex",
                                "songTerm", "allArtistTerm"})
_LOOKUP_ENTITIES = frozenset({"album", "musicArtist", "song", "musicTrack", "musicVideo", "mix", "allArtist", "allTrack"})
_ID = re.compile(r"^[0-9]+$")


def _js_response(status: int, body: bytes, cache_max_age: int | None) -> Response:
    headers = [("content-type", JS_CONTENT_TYPE), ("content-disposition", CONTENT_DISPOSITION),
               ("access-control-allow-origin", "*"), ("x-content-type-options", "nosniff")]
    if cache_max_age is not None:
        headers.append(("cache-control", f"max-age={cache_max_age}"))
    return Response(status, body, headers)


def html_response(status: int, text: str) -> Response:
    return Response(status, f"<html><body>{text}</body></html>\n".encode(), [("content-type", "text/html; charset=utf-8")])


def _parse_limit(query: Mapping[str, str], bad: list[str]) -> int:
    raw = query.get("limit")
    if raw is None or raw == "":
        return DEFAULT_LIMIT
    try:
        value = int(raw)
    except ValueError:
        bad.append("limit")
        return DEFAULT_LIMIT
    return DEFAULT_LIMIT if value < 1 else min(value, MAX_LIMIT)


def _check_country(query: Mapping[str, str], bad: list[str]) -> Storefront:
    raw = query.get("country")
    if raw is not None and (not re.fullmatch(r"[A-Za-z]{2}", raw) or raw.lower() in _NOT_STOREFRONTS):
        bad.append("country")
    return storefront_for(raw if raw and "country" not in bad else None)


def search(world: World, query: Mapping[str, str], cache_max_age: int | None = None) -> Response:
    """GET /search: artists (entity=musicArtist) or albums (entity=album) matching the term.

    The world holds no tracks, so track-like entities validly answer with no results.
    """
    bad: list[str] = []
    term = query.get("term", "")
    if not term.strip():
        bad.append("term")
    media = query.get("media")
    if media is not None and media not in _SEARCH_MEDIA:
        bad.append("media")
    entity = query.get("entity")
    if entity is not None and entity not in _SEARCH_ENTITIES:
        bad.append("resultEntity")
    attribute = query.get("attribute")
    if attribute is not None and attribute not in _SEARCH_ATTRIBUTES:
        bad.append("attribute")
    store = _check_country(query, bad)
    limit = _parse_limit(query, bad)
    if query.get("explicit") not in (None, "Yes", "No"):
        bad.append("explicit")
    if bad:
        return _js_response(400, encode_error(bad, SEARCH_PARAMETER_HELP), cache_max_age)

    rank = _make_ranker(term)
    records: list[dict[str, Any]]
    if entity in ("musicArtist", "allArtist"):
        ranked = rank((a.name, a) for a in world.artists if media in (None, "all", "music"))
        records = [world.artist_record(a, store) for a in ranked[:limit]]
    elif entity == "album":
        seen: set[int] = set()
        albums = []
        for artist in world.artists:
            for album in artist.albums:
                if album.collection_id not in seen:
                    seen.add(album.collection_id)
                    albums.append(album)
        if query.get("explicit") == "No":
            albums = [a for a in albums if a.explicitness != "explicit"]

        def haystack(album: Album) -> str:
            credited = world.artists_by_id.get(album.credited_artist_id)
            artist_name = album.artist_name or (credited.name if credited else "")
            if attribute == "albumTerm":
                return album.name
            if attribute in ("artistTerm", "allArtistTerm"):
                return artist_name
            return f"{artist_name} {album.name}"

        ranked_albums = rank((haystack(a), a) for a in albums)
        records = [world.collection_record(a, store) for a in ranked_albums[:limit]]
    else:
        records = []
    return _js_response(200, encode_results(records), cache_max_age)


def _make_ranker(term: str) -> Callable[[Iterable[tuple[str, Any]]], list[Any]]:
    """Best matches first: exact name, then prefix, then a word prefix, then anywhere.

    Every word of the term must occur in the name (case- and accent-insensitively);
    ties keep world order so answers are deterministic.
    """
    folded_term = fold(term)
    words = folded_term.split()

    def rank(candidates: Iterable[tuple[str, Any]]) -> list[Any]:
        scored: list[tuple[int, int, Any]] = []
        for index, (name, item) in enumerate(candidates):
            folded = fold(name)
            if not words or not all(w in folded for w in words):
                continue
            if folded == folded_term:
                score = 0
            elif folded.startswith(folded_term):
                score = 1
            elif f" {folded_term}" in f" {folded}":
                score = 2
            else:
                score = 3
            scored.append((score, index, item))
        scored.sort(key=lambda s: (s[0], s[1]))
        return [item for _, _, item in scored]

    return rank


def lookup(world: World, query: Mapping[str, str], max_ids: int = 200, cache_max_age: int | None = None) -> Response:
    """GET /lookup: each id in request order; artists bring up to ``limit`` albums each."""
    if "upc" in query:
        return lookup_upc(world, query, cache_max_age)
    bad: list[str] = []
    raw_ids = [p.strip() for p in query.get("id", "").split(",") if p.strip()]
    if not raw_ids or not all(_ID.match(p) for p in raw_ids):
        bad.append("id")
    entity = query.get("entity")
    if entity is not None and entity not in _LOOKUP_ENTITIES:
        bad.append("resultEntity")
    store = _check_country(query, bad)
    limit = _parse_limit(query, bad)
    sort = query.get("sort")
    if sort is not None and sort not in ("recent", "popular"):
        bad.append("sort")
    if bad:
        return _js_response(400, encode_error(bad, LOOKUP_PARAMETER_HELP), cache_max_age)
    if len(raw_ids) > max_ids:
        return html_response(502, "")

    records: list[dict[str, Any]] = []
    seen: set[int] = set()
    for raw in raw_ids:
        item_id = int(raw)
        if item_id in seen:
            continue
        seen.add(item_id)
        artist = world.artists_by_id.get(item_id)
        if artist is not None:
            records.append(world.artist_record(artist, store))
            if entity == "album":
                albums = list(artist.albums)
                if sort == "recent":
                    albums.sort(key=lambda a: wire_release_date(a.release_date), reverse=True)
                records.extend(world.collection_record(a, store) for a in albums[:limit])
            continue
        album = world.albums_by_id.get(item_id)
        if album is not None:
            records.append(world.collection_record(album, store))
    return _js_response(200, encode_results(records), cache_max_age)


def lookup_upc(world: World, query: Mapping[str, str], cache_max_age: int | None = None) -> Response:
    """GET /lookup?upc=: the albums of that UPC/EAN as collection records, as a lookup by their ids answers;
    none for a UPC the store does not sell. Apple documents one UPC per request (a list only for ``id`` and
    ``amgAlbumId``), so a list is refused here rather than guessed at. UPCs compare as numbers: the 12-digit UPC
    and its zero-padded 13- or 14-digit forms name the same album."""
    bad: list[str] = []
    raw = query.get("upc", "").strip()
    if not _UPC.match(raw):
        bad.append("upc")
    entity = query.get("entity")
    if entity is not None and entity not in _LOOKUP_ENTITIES:
        bad.append("resultEntity")
    store = _check_country(query, bad)
    _parse_limit(query, bad)
    if bad:
        return _js_response(400, encode_error(bad, LOOKUP_PARAMETER_HELP), cache_max_age)
    wanted = int(raw)
    albums = [album for album in world.albums_by_id.values() if album.upc is not None and int(album.upc) == wanted]
    return _js_response(200, encode_results([world.collection_record(a, store) for a in albums]), cache_max_age)


# --------------------------------------------------------------------------------------
# Knobs, state and the HTTP handler
# --------------------------------------------------------------------------------------


@dataclasses.dataclass
class Knobs:
    """Fault and timing settings; changeable at runtime through POST /_control."""

    latency_ms: int = 0
    error_rate: float = 0.0
    error_statuses: list[int] = dataclasses.field(default_factory=lambda: [500, 503])
    seed: int = 0
    fail_next: int = 0
    fail_status: int = 503
    fail_retry_after: int | None = None  # with fail_next: a Retry-After header on those answers
    truncate_next: int = 0
    hang_next: int = 0
    reset_next: int = 0  # close the connection with a reset before any answer
    reset_body_next: int = 0  # send the head and half the body, then reset
    html_next: int = 0  # answer 200 with an HTML page (a captive portal, a proxy's notice)
    html_type: str = "text/html; charset=utf-8"  # the Content-Type that page claims; portals are not always honest
    slow_next: int = 0  # answer after slow_ms, past a client's time limit
    slow_ms: int = 3000
    fault_every: int = 0  # every Nth request (by its number in the log) gets fault_kind
    fault_kind: str = "reset"  # reset, reset_body, truncate, slow, html, fail or hang
    hold_from: int | None = None  # requests numbered from this on wait, unanswered, until the knob moves
    throttle_next: int = 0  # answer the next N as the rate limit does, whatever the window says
    rate_limit: int | None = None
    rate_window_s: float = 60.0
    retry_after: int | None = None
    max_ids: int = 200
    cache_max_age: int | None = None

    def updated(self, changes: Mapping[str, Any]) -> "Knobs":
        """A validated copy; unknown names and wrong types raise ValueError so typos fail loudly."""
        fields = {f.name for f in dataclasses.fields(self)}
        new = dataclasses.replace(self)
        for key, value in changes.items():
            if key not in fields:
                raise ValueError(f"unknown knob {key!r}; known: {', '.join(sorted(fields))}")
            setattr(new, key, _check_knob(key, value))
        return new


def _check_knob(key: str, value: Any) -> Any:
    def non_negative_int(v: Any) -> int:
        if not _is_int(v) or v < 0:
            raise ValueError(f"{key} must be a non-negative integer")
        return v

    def optional_positive_int(v: Any) -> int | None:
        if v is None or v == 0:
            return None
        if not _is_int(v) or v < 0:
            raise ValueError(f"{key} must be a positive integer or null")
        return v

    def status(v: Any) -> int:
        if not _is_int(v) or not 100 <= v <= 599:
            raise ValueError(f"{key} must be an HTTP status")
        return v

    if key in ("latency_ms", "fail_next", "truncate_next", "hang_next", "throttle_next", "seed", "reset_next",
               "reset_body_next", "html_next", "slow_next", "slow_ms", "fault_every"):
        return non_negative_int(value)
    if key == "html_type":
        if not isinstance(value, str) or not value.isprintable():
            raise ValueError("html_type must be a printable string")
        return value
    if key == "fault_kind":
        if value not in ("reset", "reset_body", "truncate", "slow", "html", "fail", "hang"):
            raise ValueError("fault_kind must be reset, reset_body, truncate, slow, html, fail or hang")
        return value
    if key == "max_ids":
        if not _is_int(value) or value < 1:
            raise ValueError("max_ids must be a positive integer")
        return value
    if key in ("rate_limit", "retry_after", "fail_retry_after", "hold_from"):
        return optional_positive_int(value)
    if key == "cache_max_age":
        return None if value is None else non_negative_int(value)
    if key == "error_rate":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError("error_rate must be a number between 0 and 1")
        return float(value)
    if key == "rate_window_s":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise ValueError("rate_window_s must be a positive number")
        return float(value)
    if key == "fail_status":
        return status(value)
    if key == "error_statuses":
        if not isinstance(value, list) or not value:
            raise ValueError("error_statuses must be a non-empty list of HTTP statuses")
        return [status(v) for v in value]
    raise ValueError(f"unknown knob {key!r}")


class State(fake_service.Service):
    """The shared state, plus the random stream error-rate draws from."""

    def __init__(self, world: World, knobs: Knobs, verbose: bool) -> None:
        super().__init__(world, knobs, World.load, verbose)
        self.rng = random.Random(knobs.seed)

    def knobs_changed(self, changes: Mapping[str, Any]) -> None:
        if "seed" in changes:
            self.rng = random.Random(self.knobs.seed)

    def begin_request(self, method: str, path: str, query: Mapping[str, str]) -> dict[str, Any]:
        entry: dict[str, Any] = {"method": method, "path": path, "query": dict(query)}
        if path == "/lookup" and "id" in query:
            entry["ids"] = [int(p) if _ID.match(p) else p for p in (s.strip() for s in query["id"].split(",")) if p]
        return self.begin(entry)

    def decide(self, seq: int = 0) -> tuple[str | None, Knobs]:
        """Which fault (if any) this request gets; consumes one-shot counters atomically."""
        with self.lock:
            k = self.knobs
            if not self.admit() or self.take("throttle_next"):
                return "rate_limit", k
            for name in ("hang_next", "reset_next", "reset_body_next", "html_next", "slow_next", "fail_next",
                         "truncate_next"):
                if self.take(name):
                    return {"fail_next": "fail", "truncate_next": "truncate"}.get(name, name.removesuffix("_next")), k
            if k.fault_every and seq % k.fault_every == 0:
                return k.fault_kind, k
            if k.error_rate > 0 and self.rng.random() < k.error_rate:
                return f"error:{self.rng.choice(k.error_statuses)}", k
            return None, k


class _Handler(fake_service.Handler):
    """Routes /search and /lookup through the fault knobs; the shared handler answers /_*."""

    server_version = "fake-itunes/1.0"

    def _send(self, response: Response, truncate: bool = False) -> None:
        self.send(response.status, response.body, response.headers, truncate=truncate)

    # ---- the API, with faults ------------------------------------------------------------

    def api(self, method: str, path: str, query: Mapping[str, str]) -> None:
        state = self.server.service
        entry = state.begin_request(method, path, query)
        if not self.wait_while(lambda: state.held(entry["seq"])):
            state.finish(entry, None, "held")
            return
        fault, knobs = state.decide(entry["seq"])
        if fault == "hang":
            state.finish(entry, None, "hang")
            self._hang()
            return
        if fault == "reset":
            state.finish(entry, None, "reset")
            self._reset()
            return
        if fault == "slow":
            state.stopping.wait(knobs.slow_ms / 1000)
        if fault != "rate_limit" and knobs.latency_ms:
            state.stopping.wait(knobs.latency_ms / 1000)

        if fault == "rate_limit":
            headers = [("retry-after", str(knobs.retry_after))] if knobs.retry_after else []
            response = Response(429 if knobs.retry_after else 403, b"", headers)
        elif fault == "fail":
            response = html_response(knobs.fail_status, "")
            if knobs.fail_retry_after:
                response.headers.append(("retry-after", str(knobs.fail_retry_after)))
        elif fault == "html":
            response = html_response(200, "<html><head><title>Sign in to the network</title></head>"
                                          "<body>Please accept the terms to continue.</body></html>")
            response.headers = [("content-type", knobs.html_type)]
        elif fault is not None and fault.startswith("error:"):
            response = html_response(int(fault.split(":")[1]), "")
        elif method not in ("GET", "HEAD"):
            response = html_response(405, "Method Not Allowed")
        elif path == "/search":
            response = search(state.world, query, knobs.cache_max_age)
        elif path == "/lookup":
            response = lookup(state.world, query, knobs.max_ids, knobs.cache_max_age)
        else:
            response = html_response(404, "Not Found")
        state.finish(entry, response.status, fault.split(":")[0] if fault else None)
        if fault == "reset_body":
            self._send_then_reset(response)
            return
        self._send(response, truncate=fault == "truncate")

    def _reset(self) -> None:
        """Abort the connection: with SO_LINGER 0, close sends a TCP reset."""
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.close_connection = True
        try:
            self.connection.close()
        except OSError:
            pass

    def _send_then_reset(self, response: Response) -> None:
        """The head and half the body, then a reset: a connection lost in the middle of an answer."""
        self.send_response(response.status)
        for name, value in response.headers:
            self.send_header(name, value)
        self.send_header("content-length", str(len(response.body)))
        self.end_headers()
        try:
            self.wfile.write(response.body[: len(response.body) // 2])
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self._reset()

    def _hang(self) -> None:
        """Hold the connection open without answering until the client leaves or we stop."""
        self.wait_while(lambda: True)
        self.close_connection = True


# --------------------------------------------------------------------------------------
# In-process server
# --------------------------------------------------------------------------------------


class FakeItunesServer(fake_service.BackgroundServer):
    """Runs the fake API on 127.0.0.1 in a background thread.

    >>> with FakeItunesServer(world={"artists": []}, latency_ms=50) as server:
    ...     server.base_url  # doctest: +SKIP
    """

    state: State

    def __init__(self, world: World | Mapping[str, Any] | str | Path | None = None, *, port: int = 0,
                 verbose: bool = False, **knobs: Any) -> None:
        super().__init__(State(World.load(world), Knobs().updated(knobs), verbose), _Handler, port, "fake-itunes")


# --------------------------------------------------------------------------------------
# Synthetic worlds
# --------------------------------------------------------------------------------------

_ADJECTIVES = ("Midnight", "Velvet", "Paper", "Electric", "Hollow", "Golden", "Silver", "Quiet", "Neon", "Wandering",
               "Crimson", "Static", "Northern", "Glass", "Broken", "Lucky", "Distant", "Wild", "Lonesome", "Copper")
_PLURALS = ("Owls", "Foxes", "Lanterns", "Rivers", "Ghosts", "Satellites", "Sparrows", "Tides", "Wolves", "Pilots",
            "Harbors", "Comets", "Engines", "Orchards", "Strangers", "Echoes")
_NOUNS = ("Harbor", "Signal", "Garden", "Machine", "Horizon", "Weather", "Lullaby", "Avenue", "Ember", "Mirror",
          "Frontier", "Hymn", "Meadow", "Cathedral", "Voltage", "Parade")
_FIRST = ("Clara", "Jonah", "Maya", "Theo", "Ruby", "Elias", "Nora", "Felix", "Iris", "Owen", "Lena", "Marcus")
_LAST = ("Voss", "Calloway", "Hart", "Delaney", "Okafor", "Brandt", "Sinclair", "Moreau", "Lindqvist", "Reyes")
_ACCENTED = ("Chloé Marchand", "Søren Halvorsen", "Zoë Ångström", "José Núñez", "Anaïs Duval", "Łukasz Wróbel",
             "Björn Eiríksson", "François Lefèvre", "Renée Ødegaard", "Dvořák Street Band", "Mötley Ørchard",
             "Sigur Sól")
_NON_LATIN = ("夜明けのカラス", "星野 透", "김하늘", "Мария Волкова", "Ηχώ του Βορρά", "ماه و ستاره",
              "青い月光", "Тёмный Лес", "빛나는 바다")
_ODD = ('The "Real" Ones', "Ten/Twenty", "Nobody's Radio", "Hex & the Static", "P!ng")
_GENRES = ("Rock", "Pop", "Alternative", "Electronic", "Hip-Hop/Rap", "Metal", "Jazz", "Country", "R&B/Soul",
           "Folk", "Dance", "Indie Pop", "K-Pop", "J-Pop", "Singer/Songwriter", "Punk", "Ambient")
_NON_LATIN_TITLES = ("夜の記憶", "Белые ночи", "바람의 노래", "Φως και σκιά", "星の欠片")


def _artist_name(rng: random.Random, index: int) -> str:
    if index % 7 == 3:
        return _NON_LATIN[(index // 7) % len(_NON_LATIN)]
    if index % 4 == 1:
        return _ACCENTED[(index // 4) % len(_ACCENTED)]
    if index % 11 == 6:
        return _ODD[(index // 11) % len(_ODD)]
    style = rng.randrange(3)
    if style == 0:
        return f"The {rng.choice(_ADJECTIVES)} {rng.choice(_PLURALS)}"
    if style == 1:
        return f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    return f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"


def _album_title(rng: random.Random, non_latin: bool) -> str:
    if non_latin and rng.random() < 0.5:
        return rng.choice(_NON_LATIN_TITLES)
    style = rng.randrange(4)
    if style == 0:
        return f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"
    if style == 1:
        return f"{rng.choice(_NOUNS)} of {rng.choice(_PLURALS)}"
    if style == 2:
        return f"Songs for the {rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"
    return rng.choice(_NOUNS)


def generate_world(count: int, today: dt.date, seed: int = 1) -> dict[str, Any]:
    """A deterministic world of ``count`` artists with 2-6 albums each.

    The mix is chosen to exercise a "new releases" client: every artist gets a
    regular album plus one special kind in rotation (single, EP, explicit+clean
    twins, deluxe edition); every third artist has a release in the last 30 days;
    two artists have a future release; artist 0's first album is a collaboration
    also listed under artist 3; when there are at least 10 artists, two different
    artists share one name (as Apple has two "Slayer"s).  Albums are shuffled,
    never date-sorted, as in the real API.
    """
    if count < 0:
        raise ValueError("count must be non-negative")
    rng = random.Random(f"fake-itunes-world:{seed}")
    used_ids: set[int] = set()

    def new_id(low: int, high: int) -> int:
        while True:
            candidate = rng.randrange(low, high)
            if candidate not in used_ids:
                used_ids.add(candidate)
                return candidate

    def day(offset_days: int) -> str:
        return pacific_midnight_utc(today + dt.timedelta(days=offset_days))

    names: list[str] = []
    for index in range(count):
        name = _artist_name(rng, index)
        attempts = 0
        while name in names and attempts < 20:
            name = _artist_name(rng, index + 1000 * (attempts + 1))
            attempts += 1
        if name in names:
            name = f"{name} {len(names)}"
        names.append(name)
    if count >= 10:
        names[9] = names[0]  # two different artists, one name

    artists: list[dict[str, Any]] = []
    for index, name in enumerate(names):
        non_latin = not all(ord(c) < 0x250 for c in name)
        genre = rng.choice(_GENRES)
        if count >= 10 and index == 9:
            genre = "Electronic" if artists[0]["primaryGenreName"] != "Electronic" else "Jazz"
        artist: dict[str, Any] = {"artistId": new_id(100_000_000, 1_800_000_000), "artistName": name,
                                  "primaryGenreName": genre}
        if rng.random() < 0.6:
            artist["amgArtistId"] = rng.randrange(1_000, 3_500_000)
        target = rng.randint(2, 6)
        albums: list[dict[str, Any]] = []

        def add(title: str, offset: int, tracks: int, explicitness: str = "notExplicit") -> dict[str, Any]:
            album = {"collectionId": new_id(200_000_000, 1_900_000_000), "collectionName": title,
                     "releaseDate": day(offset), "trackCount": tracks, "explicitness": explicitness}
            albums.append(album)
            return album

        base_title = _album_title(rng, non_latin)
        base_offset = -rng.randrange(400, 9000)
        add(base_title, base_offset, rng.randint(8, 14), "explicit" if rng.random() < 0.25 else "notExplicit")
        special = index % 4
        if special == 0:
            add(f"{_album_title(rng, non_latin)} - Single", -rng.randrange(60, 3000), rng.randint(1, 2))
        elif special == 1:
            add(f"{_album_title(rng, non_latin)} - EP", -rng.randrange(60, 3000), rng.randint(4, 6))
        elif special == 2:
            twin_title, twin_offset, tracks = _album_title(rng, non_latin), -rng.randrange(60, 3000), rng.randint(9, 13)
            add(twin_title, twin_offset, tracks, "explicit")
            add(twin_title, twin_offset, tracks, "cleaned")
        else:
            add(f"{base_title} (Deluxe Edition)", min(base_offset + rng.randrange(180, 720), -31), rng.randint(16, 24))
        if index % 3 == 0:
            kind = rng.choice((" - Single", " - EP", ""))
            add(f"{_album_title(rng, non_latin)}{kind}", -rng.randrange(0, 30),
                {" - Single": 1, " - EP": 5, "": 11}[kind])
        if index in (1, 2):
            add(_album_title(rng, non_latin), rng.randrange(7, 60), rng.randint(9, 12))
        while len(albums) < target:
            kind = rng.choice((" - Single", " - EP", "", ""))
            add(f"{_album_title(rng, non_latin)}{kind}", -rng.randrange(30, 9000),
                {" - Single": 1, " - EP": rng.randint(4, 6), "": rng.randint(8, 15)}[kind],
                "explicit" if rng.random() < 0.2 else "notExplicit")
        artist["albums"] = albums
        artists.append(artist)

    if count >= 4 and len(artists[3]["albums"]) < 6:
        collab = dict(artists[0]["albums"][0])
        collab["artistId"] = artists[0]["artistId"]  # credited to artist 0, listed under artist 3 too
        artists[3]["albums"].append(collab)
    for artist in artists:
        rng.shuffle(artist["albums"])
    return {"_generated": {"count": count, "today": today.isoformat(), "seed": seed}, "artists": artists}


# --------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Fake iTunes Search API on 127.0.0.1 for tests.")
    parser.add_argument("--world", help="world JSON file (default: an empty world)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default 0: the OS chooses)")
    parser.add_argument("--latency-ms", type=int, default=0, help="delay added to every API request")
    parser.add_argument("--error-rate", type=float, default=0.0, help="fraction of requests answered 500/503")
    parser.add_argument("--error-statuses", default="500,503", help="statuses error-rate picks from")
    parser.add_argument("--seed", type=int, default=0, help="seed for error-rate, and for --generate-world")
    parser.add_argument("--fail-next", type=int, default=0, help="answer the next N requests with --fail-status")
    parser.add_argument("--fail-status", type=int, default=503)
    parser.add_argument("--truncate-next", type=int, default=0, help="cut the next N bodies in half")
    parser.add_argument("--hang-next", type=int, default=0, help="never answer the next N requests")
    parser.add_argument("--hold-from", type=int, default=None, help="hold requests numbered from N on, unanswered")
    parser.add_argument("--throttle-next", type=int, default=0, help="answer the next N as the rate limit does")
    parser.add_argument("--rate-limit", type=int, default=None, help="requests allowed per window (default off)")
    parser.add_argument("--rate-window", type=float, default=60.0, help="rate-limit window in seconds")
    parser.add_argument("--retry-after", type=int, default=None, help="rate limit answers 429 + Retry-After: N instead of 403")
    parser.add_argument("--max-ids", type=int, default=200, help="more ids than this in one lookup -> 502")
    parser.add_argument("--cache-max-age", type=int, default=None, help="send cache-control: max-age=N like Apple (default off)")
    parser.add_argument("--exit-on-stdin-eof", action="store_true", help="exit when stdin closes (parent died)")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    parser.add_argument("--generate-world", type=int, metavar="N", help="write a synthetic world of N artists and exit")
    parser.add_argument("--today", help="YYYY-MM-DD the generated world is relative to (default: today)")
    parser.add_argument("--out", help="where --generate-world writes (default stdout)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse_args(argv)
    if args.generate_world is not None:
        today = dt.date.fromisoformat(args.today) if args.today else dt.date.today()
        text = json.dumps(generate_world(args.generate_world, today, args.seed), ensure_ascii=False, indent=1) + "\n"
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
        return 0

    try:
        knobs = {
            "latency_ms": args.latency_ms, "error_rate": args.error_rate, "seed": args.seed,
            "error_statuses": [int(s) for s in args.error_statuses.split(",") if s.strip()],
            "fail_next": args.fail_next, "fail_status": args.fail_status, "truncate_next": args.truncate_next,
            "hang_next": args.hang_next, "throttle_next": args.throttle_next, "hold_from": args.hold_from,
            "rate_limit": args.rate_limit, "rate_window_s": args.rate_window, "retry_after": args.retry_after,
            "max_ids": args.max_ids, "cache_max_age": args.cache_max_age,
        }
        server = FakeItunesServer(args.world, port=args.port, verbose=args.verbose, **knobs)
    except (ValueError, OSError) as exc:
        sys.stderr.write(f"fake_itunes: {exc}\n")
        return 2

    fake_service.serve(server, exit_on_stdin_eof=args.exit_on_stdin_eof)
    return 0


if __name__ == "__main__":
    sys.exit(main())
