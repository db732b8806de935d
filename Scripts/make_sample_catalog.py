#!/usr/bin/env python3
"""Builds samples/catalogs/itunes: the catalog answers for an offline run on samples/Library.xml.

The catalog "world" is derived from the sample library so the report has something to say about
every section: for the library's artists it lists the albums the user owns (with their real years; one EP
bought the week it came out),
and, for some, releases the user does not own yet — new albums, singles and EPs inside the 30 days
before 2026-11-29, explicit albums with a clean twin, a Deluxe edition of an owned album, upcoming
releases, older albums outside the window, a namesake artist that only album overlap tells apart,
an artist no catalog artist matches, an artist two catalog artists share, and a collaboration of two
library artists listed under each of them.

The bodies are written in the API's own wire format by the fake server's encoder, one file per
request as deepcut's snapshot transport reads them:

    samples/catalogs/itunes/world.json             the world, for people and for the fake server
    samples/catalogs/itunes/search/<term>.json     artist search for <term> (percent-encoded)
    samples/catalogs/itunes/lookup/<id>.json       lookup?id=<id>&entity=album&sort=recent

Run from the repository root: python3 Scripts/make_sample_catalog.py
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import unicodedata
import urllib.parse
import xml.etree.ElementTree as ElementTree
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Fakes"))
import fake_itunes  # noqa: E402  (Tests/Fakes, found through the path above)

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "samples" / "Library.xml"
OUT = ROOT / "samples" / "catalogs" / "itunes"
VARIOUS = {"various artists", "various", "multi-interprètes", "va"}
OWNERSHIP_KEYS = {"Artist", "Album Artist", "Album", "Genre", "Location", "Track Type", "Podcast", "iTunesU",
                  "iTunes U", "Movie", "TV Show", "Music Video", "Has Video", "Playlist Only", "Compilation"}


def stable_id(*parts: str) -> int:
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    return 100_000_000 + int(digest[:12], 16) % 1_800_000_000


def primary(credit: str) -> str:
    """The main artist of a credit: "X feat. Y", "X ft. Y", "X featuring Y", "X with Y" credit X."""
    lowered = credit.lower()
    cut = len(credit)
    for marker in (" feat. ", " ft. ", " featuring ", " with ", " (feat. ", " [feat. "):
        at = lowered.find(marker)
        if at > 0:
            cut = min(cut, at)
    return credit[:cut]


def owned_albums() -> dict[str, dict[str, int]]:
    """Album artist (or track artist) -> {album title: newest year}, from the sample export."""
    tree = ElementTree.parse(LIBRARY)
    root_dict = tree.getroot().find("dict")
    assert root_dict is not None
    children = list(root_dict)
    tracks = next(children[i + 1] for i, el in enumerate(children) if el.tag == "key" and el.text == "Tracks")
    albums: dict[str, dict[str, int]] = {}
    for track in tracks.findall("dict"):
        fields: dict[str, str] = {}
        items = list(track)
        damaged = False
        index = 0
        while index < len(items):
            key = items[index]
            value = items[index + 1] if index + 1 < len(items) else None
            if key.tag == "key" and value is not None and value.tag != "key":
                fields[key.text or ""] = value.text or value.tag
                index += 2
            else:
                # A key without its value costs the track only if it decides what the track is (deepcut's rule).
                damaged = damaged or (key.text or "") in OWNERSHIP_KEYS
                index += 1
        flags = ("Podcast", "Movie", "TV Show", "Has Video", "iTunesU", "Music Video", "Playlist Only")
        if any(fields.get(flag) == "true" for flag in flags) or fields.get("Track Type") == "URL":
            continue
        location = fields.get("Location", "").lower()
        if location.endswith((".m4b", ".aa", ".aax", ".pdf", ".epub", ".ibooks", ".ipa")):
            continue
        if fields.get("Genre") == "Voice Memo" or damaged:
            continue
        artist = (fields.get("Album Artist") or primary(fields.get("Artist", ""))).strip()
        album = (fields.get("Album") or "").strip()
        if not artist or not album or artist.lower() in VARIOUS or fields.get("Compilation") == "true":
            continue
        artist = unicodedata.normalize("NFC", artist.replace("\u00a0", " "))
        year = int(fields.get("Year", "2000") or 2000)
        albums.setdefault(artist, {})
        albums[artist][album] = max(year, albums[artist].get(album, 0))
    return albums


def build_world(owned: dict[str, dict[str, int]]) -> dict:
    artists = []
    names = sorted(owned)
    # Releases the user does not own, by artist index, relative to 2026-11-29 (window since 2026-10-30).
    plans: dict[int, list[dict]] = {
        0: [
            {"collectionName": "Static Bloom", "releaseDate": "2026-11-27", "trackCount": 11},
            {"collectionName": "Static Bloom", "releaseDate": "2026-11-27", "trackCount": 11, "explicitness": "cleaned"},
        ],
        1: [
            {"collectionName": "Harbour Lights - Single", "releaseDate": "2026-11-20", "trackCount": 1},
            # A re-cut of it: a version, left out.
            {"collectionName": "Harbour Lights (Sped Up) - Single", "releaseDate": "2026-11-24", "trackCount": 1},
        ],
        2: [
            {"collectionName": "Night Shift - EP", "releaseDate": "2026-11-13", "trackCount": 5},
            # A best-of, which MusicBrainz types Compilation.
            {"collectionName": "Greatest Hits", "releaseDate": "2026-11-14", "trackCount": 16},
        ],
        3: [
            {"collectionName": "Paper Moons", "releaseDate": "2027-01-16", "trackCount": 12},
            # A studio album whose title only looks like a live one: it stays new.
            {"collectionName": "Live Forever", "releaseDate": "2026-11-16", "trackCount": 10},
        ],
        4: [
            {"collectionName": "Glasshouse", "releaseDate": "2026-11-27", "trackCount": 10, "explicitness": "explicit"},
            {"collectionName": "Glasshouse", "releaseDate": "2026-11-27", "trackCount": 10, "explicitness": "cleaned"},
            {"collectionName": "Glasshouse (Remixes) - EP", "releaseDate": "2026-11-28", "trackCount": 5},
        ],
        5: [
            {"collectionName": "Early Works", "releaseDate": "2015-03-02", "trackCount": 9},
            # Its reissue, named so; the catalogs list the original beside it.
            {"collectionName": "Early Works (10th Anniversary Edition)", "releaseDate": "2026-11-21", "trackCount": 14},
        ],
        6: [
            {"collectionName": "Afterglow & Echo", "releaseDate": "2026-11-06", "trackCount": 13},
            # A live album with no word of it in its title: MusicBrainz types it Album + Live.
            {"collectionName": "Dusk Sessions", "releaseDate": "2026-11-09", "trackCount": 12},
        ],
        7: [{"collectionName": "Live at the Roundhouse", "releaseDate": "2026-12-11", "trackCount": 18}],
        # An album out again under its old title, new date and barcode: MusicBrainz files the barcode in the group
        # first out in 1998, so a night asks it by barcode and names the reissue.
        10: [{"collectionName": "Midnight Sun", "releaseDate": "2026-11-10", "trackCount": 12, "upc": "602445868162"}],
    }
    deluxe_for = 8  # a Deluxe edition of the artist's first owned album, released this month
    # An EP the user bought the week it came out: the catalog lists it (MusicBrainz as the EP "Sonic Engines"); it
    # is owned, never news.
    bought_new = {("Sonic Engines", "Sonic Engines - EP"): "2026-11-18"}
    # A collaboration of two library artists, listed under each of them with one collection id: one row, naming both.
    together = (9, 11)
    collaboration = {
        "collectionId": stable_id("album", names[together[0]], names[together[1]], "Night Drive"),
        "collectionName": "Night Drive",
        "releaseDate": "2026-11-25",
        "trackCount": 9,
        "artistId": stable_id("artist", names[together[0]]),
        "artistName": f"{names[together[0]]} & {names[together[1]]}",
    }
    unresolved = len(names) - 1  # not in the catalog at all
    shared = len(names) - 2  # two catalog artists carry this exact name, neither has the user's albums
    namesake = 9  # a second catalog artist with this name; album overlap picks the right one

    for index, name in enumerate(names):
        if index == unresolved:
            continue
        artist_id = stable_id("artist", name)
        albums = []
        if index != shared:
            for title, year in sorted(owned[name].items()):
                albums.append(
                    {
                        "collectionId": stable_id("album", name, title),
                        "collectionName": title,
                        "releaseDate": bought_new.get((name, title), f"{max(year, 1960)}-05-12"),
                        "trackCount": 10,
                    }
                )
        for plan in plans.get(index, []):
            album = dict(plan)
            album["collectionId"] = stable_id("album", name, plan["collectionName"], plan.get("explicitness", ""))
            albums.append(album)
        if index in together:
            albums.append(dict(collaboration))
        if index == deluxe_for:
            first = sorted(owned[name])[0]
            albums.append(
                {
                    "collectionId": stable_id("album", name, first, "deluxe"),
                    "collectionName": f"{first} (Deluxe Edition)",
                    "releaseDate": "2026-11-20",
                    "trackCount": 16,
                }
            )
        if index == shared:
            albums.append(
                {
                    "collectionId": stable_id("album", name, "other"),
                    "collectionName": "Elsewhere",
                    "releaseDate": "2026-11-25",
                    "trackCount": 8,
                }
            )
        artists.append(
            {
                "artistId": artist_id,
                "artistName": name,
                "primaryGenreName": "Rock",
                "amgArtistId": artist_id % 1_000_000,
                "albums": albums,
            }
        )
        if index in (namesake, shared):
            twin = name
            artists.append(
                {
                    "artistId": stable_id("artist", name, "namesake"),
                    "artistName": twin,
                    "primaryGenreName": "Electronic",
                    "albums": [
                        {
                            "collectionId": stable_id("album", name, "namesake"),
                            "collectionName": "Circuit Dreams",
                            "releaseDate": "2026-11-24",
                            "trackCount": 7,
                        }
                    ],
                }
            )
    return {"artists": artists}


def main() -> int:
    owned = owned_albums()
    world_json = build_world(owned)
    world = fake_itunes.World.from_json(world_json)
    if OUT.exists():
        shutil.rmtree(OUT)
    (OUT / "search").mkdir(parents=True)
    (OUT / "lookup").mkdir(parents=True)
    (OUT / "world.json").write_text(json.dumps(world_json, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for name in sorted(owned):
        query = {
            "term": name,
            "media": "music",
            "entity": "musicArtist",
            "attribute": "artistTerm",
            "country": "US",
            "limit": "25",
        }
        body = fake_itunes.search(world, query).body
        (OUT / "search" / (urllib.parse.quote(name, safe="") + ".json")).write_bytes(body)
    for artist in world_json["artists"]:
        query = {"id": str(artist["artistId"]), "entity": "album", "limit": "200", "country": "US", "sort": "recent"}
        body = fake_itunes.lookup(world, query).body
        (OUT / "lookup" / f"{artist['artistId']}.json").write_bytes(body)
    print(f"wrote {OUT}: {len(owned)} searches, {len(world_json['artists'])} lookups")
    return 0


if __name__ == "__main__":
    sys.exit(main())
