#!/usr/bin/env python3
"""Builds samples/catalogs/musicbrainz: recorded MusicBrainz answers for an offline run on samples/Library.xml.

The world is the iTunes sample world (samples/catalogs/itunes/world.json) as MusicBrainz would hold it: the same artists
with MusicBrainz ids and notes, their albums as release groups (a Deluxe edition and a clean twin are the same
release group there, so they are not groups of their own), singles and EPs typed as such, one release known only
to its month, live albums, a best-of and remixes (secondary types: under Also out), a reissue filed in its album's
group of 1998 with the barcode the stores give it, a collaboration credited to two of its artists, and covers in
the Cover Art Archive for some of the new release groups only.

The fake MusicBrainz server serves that world and records every answer while the built deepcut runs the sample
report against it; deepcut's RecordedTransport answers the same requests from those files offline:

    samples/catalogs/musicbrainz/world.json           the world, for people and for the fake server
    samples/catalogs/musicbrainz/<fnv1a64>.json       the answer to one request (FNV-1a 64 of path and query)

It then runs the recommended night (Deezer and MusicBrainz side by side) against both fakes, recording what only
that night asks into both folders: each Deezer album's barcode, and MusicBrainz's release searches by barcode.

Run from the repository root after `swift build` and Scripts/make_sample_deezer.py:
    python3 Scripts/make_sample_musicbrainz.py [path/to/deepcut]
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Fakes"))
import fake_deezer  # noqa: E402  (Tests/Fakes, found through the path above)
import fake_musicbrainz  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ITUNES_WORLD = ROOT / "samples" / "catalogs" / "itunes" / "world.json"
OUT = ROOT / "samples" / "catalogs" / "musicbrainz"
DEEZER = ROOT / "samples" / "catalogs" / "deezer"


def mbid(*parts: object) -> str:
    return str(uuid.UUID(hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:32], version=4))


# New release groups the Cover Art Archive has a front cover for; the rest have none yet, as often that week.
COVERS = {"Static Bloom", "Glasshouse", "Night Drive"}
# What MusicBrainz types besides new music, by the title's start.
SECONDARY_TYPES = {"Live at": ["Live"], "Dusk Sessions": ["Live"], "Greatest Hits": ["Compilation"],
                   "Glasshouse (Remixes)": ["Remix"]}
# Albums out again, filed in the group of the album first out on this day.
REISSUED = {"Midnight Sun": "1998-06-01"}


def release_group(artist: dict, album: dict) -> dict | None:
    title = album["collectionName"]
    if album.get("explicitness") == "cleaned" or "(Deluxe Edition)" in title:
        return None  # the same release group as the album it repackages
    if album.get("artistId", artist["artistId"]) != artist["artistId"]:
        return None  # a collaboration, one group credited to each of its artists under the first of them
    kind = "Album"
    for suffix, name in ((" - Single", "Single"), (" - EP", "EP")):
        if title.endswith(suffix):
            title, kind = title[: -len(suffix)], name
    group = {"id": mbid("group", artist["artistId"], album["collectionId"]), "title": title, "primary-type": kind,
             "first-release-date": album["releaseDate"][:10]}
    if title in REISSUED:
        # MusicBrainz keeps a reissue in its album's group: the group's date is the album's, the release's its own.
        group["first-release-date"] = REISSUED[title]
        group["releases"] = [{"barcode": album["upc"], "date": album["releaseDate"][:10]}]
    if title.startswith("Early Works ("):
        return None  # in the group of Early Works, out in 2015
    for words, types in SECONDARY_TYPES.items():
        if title.startswith(words):
            group["secondary-types"] = types
    if title == "Afterglow & Echo":
        group["first-release-date"] = group["first-release-date"][:7]  # known to the month only
    if title in COVERS:
        group["cover"] = True
    return group


def build_world() -> dict:
    itunes = json.loads(ITUNES_WORLD.read_text(encoding="utf-8"))
    artists = []
    listers: dict[int, list[int]] = {}
    for artist in itunes["artists"]:
        for album in artist["albums"]:
            listers.setdefault(album["collectionId"], []).append(artist["artistId"])
    for artist in itunes["artists"]:
        groups = []
        for album in artist["albums"]:
            group = release_group(artist, album)
            if group is not None and len(listers[album["collectionId"]]) > 1:
                group["credit"] = [mbid("artist", lister) for lister in listers[album["collectionId"]]]
            if group is not None:
                groups.append(group)
        entry = {"id": mbid("artist", artist["artistId"]), "name": artist["artistName"],
                 "sort-name": artist["artistName"], "release-groups": groups}
        if artist.get("primaryGenreName") == "Electronic":
            entry["disambiguation"] = "electronic producer"
            entry["type"] = "Person"
        else:
            entry["type"] = "Group"
        artists.append(entry)
    return {"artists": artists}


def main() -> int:
    deepcut = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "debug" / "deepcut"
    if not deepcut.exists():
        sys.stderr.write(f"no deepcut at {deepcut}; run swift build first or give its path\n")
        return 1
    world = build_world()
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    (OUT / "world.json").write_text(json.dumps(world, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    with fake_musicbrainz.FakeMusicBrainzServer(world, record=OUT) as server, tempfile.TemporaryDirectory() as state:
        run = subprocess.run(
            [str(deepcut), "report", "--library", "samples/Library.xml", "--provider", "musicbrainz", "--base-url",
             server.base_url, "--cover-art-url", server.base_url, "--contact", "samples@example.org",
             "--rate-limit", "0", "--now", "2026-11-29", "--state-dir", state, "--quiet"],
            cwd=ROOT, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            return run.returncode
        requests = len(server.state.log)
    joint = record_joint_night(deepcut, world)
    if joint < 0:
        return 1
    print(f"wrote {OUT}: {len(world['artists'])} artists, {requests} recorded answers, {joint} more for the joint night")
    return 0


def record_joint_night(deepcut: Path, world: dict) -> int:
    """The recommended night against both fakes, each recording into its folder; the answers it took, or -1."""
    deezer_world = fake_deezer.load_world(DEEZER / "world.json")
    with fake_musicbrainz.FakeMusicBrainzServer(world, record=OUT) as musicbrainz, \
            fake_deezer.FakeDeezerServer(deezer_world, record=DEEZER, quota=None) as deezer, \
            tempfile.TemporaryDirectory() as state:
        run = subprocess.run(
            [str(deepcut), "report", "--library", "samples/Library.xml", "--base-url",
             f"musicbrainz={musicbrainz.base_url}", "--base-url", f"deezer={deezer.base_url}", "--cover-art-url",
             musicbrainz.base_url, "--contact", "samples@example.org", "--rate-limit", "0", "--now", "2026-11-29",
             "--state-dir", state, "--quiet"],
            cwd=ROOT, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            return -1
        return len(musicbrainz.state.log) + len(deezer.state.log)


if __name__ == "__main__":
    sys.exit(main())
