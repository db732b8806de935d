#!/usr/bin/env python3
"""A fake Spotify Web API for deepcut's tests, in the wire format of the recordings in ../shared/fixtures/spotify:
``POST /api/token`` (client credentials by ``Authorization: Basic``; 400 ``invalid_client``), ``GET /v1/search
?type=album&q=upc:CODE`` (the barcode matched as Spotify keeps it, so a 12-digit code finds nothing where 14 digits
find the album; ``limit`` above 10 is a 400 "Invalid limit", as for a development app; an empty answer is a 200
with no items), errors as ``{"error": {"status", "message"}}``. The token, expiry and fault knobs are
``fake_app_service``'s."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_app_service  # noqa: E402


def album_item(album: Mapping[str, Any]) -> dict[str, Any]:
    album_id = album["id"]
    kind = {"SINGLE": "single", "EP": "single"}.get(album.get("type", "ALBUM"), "album")
    return {
        "album_type": kind, "total_tracks": album.get("tracks", 10), "available_markets": ["NZ", "US"],
        "external_urls": {"spotify": f"https://open.spotify.com/album/{album_id}"},
        "href": f"https://api.spotify.com/v1/albums/{album_id}", "id": album_id,
        "images": [{"height": size, "url": f"https://i.scdn.co/image/{album_id}-{size}", "width": size}
                   for size in (640, 300, 64)],
        "name": album["title"], "release_date": album.get("releaseDate", "2026-01-01"),
        "release_date_precision": "day", "type": "album", "uri": f"spotify:album:{album_id}",
        "artists": [{"external_urls": {"spotify": "https://open.spotify.com/artist/a"}, "href": "", "id": "a",
                     "name": name, "type": "artist", "uri": "spotify:artist:a"} for name in album.get("artists", [])],
    }


class Handler(fake_app_service.AppHandler):
    server_version = "envoy"
    token_path = "/api/token"
    realm = "spotify"
    refusal = ("Active premium subscription required for the owner of the app. When the subscription status changes, "
               "it can take a few hours before requests are allowed again.")

    def app_of(self, form: Mapping[str, str]) -> tuple[str | None, str | None]:
        return self.basic()

    def error_body(self, status: int, message: str) -> dict[str, Any]:
        return {"error": {"status": status, "message": message}}

    def answer(self, world: Mapping[str, Any], path: str, query: Mapping[str, str]) -> tuple[int, Any]:
        if path != "/v1/search":
            return 404, self.error_body(404, "Service not found")
        if query.get("type") != "album":
            return 400, self.error_body(400, "Missing parameter type")
        limit = int(query.get("limit", "5"))
        if not 1 <= limit <= 10:
            return 400, self.error_body(400, "Invalid limit")
        code = query.get("q", "")
        if not code.startswith("upc:"):
            return 400, self.error_body(400, "No search query")
        items = [album_item(a) for a in world.get("albums", []) if a.get("barcode") == code[4:]][:limit]
        href = f"https://api.spotify.com/v1/search?offset=0&limit={limit}&query=upc%3A{code[4:]}&type=album&locale=*"
        return 200, {"albums": {"href": href, "items": items, "limit": limit, "next": None, "offset": 0,
                                "previous": None, "total": len(items)}}


if __name__ == "__main__":
    sys.exit(fake_app_service.main(Handler, "fake-spotify"))
