#!/usr/bin/env python3
"""A fake TIDAL API v2 for deepcut's tests, in the wire format of the recordings in ../shared/fixtures/tidal:
``POST /v1/oauth2/token`` (client id and secret in the form, as TIDAL's SDK sends them), ``GET /v2/albums
?countryCode=CC&filter[barcodeId]=CODE&include=…`` (brackets sent encoded or not; the barcode matched as TIDAL keeps
it; none is a 200 with empty ``data``), a JSON:API document (``application/vnd.api+json``) with the album's artists
and cover art in ``included`` (an artist now and then left out, as TIDAL does), errors as ``{"errors": [...]}``;
429s name no wait. The token, expiry and fault knobs are ``fake_app_service``'s."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_app_service  # noqa: E402


def document(album: Mapping[str, Any], country: str) -> dict[str, Any]:
    album_id = str(album["id"])
    artists = [{"id": f"{album_id}-{index}", "type": "artists"} for index, _ in enumerate(album.get("artists", []))]
    attributes = {
        "title": album["title"], "barcodeId": album["barcode"], "numberOfVolumes": 1,
        "numberOfItems": album.get("tracks", 10), "duration": "PT41M7S", "explicit": False,
        "releaseDate": album.get("releaseDate", "2026-01-01"), "copyright": {"text": "(P) 2026 Label"},
        "popularity": 0.5, "accessType": "PUBLIC", "availability": ["STREAM"], "mediaTags": ["LOSSLESS"],
        "albumType": album.get("type", "ALBUM"), "type": album.get("type", "ALBUM"),
        "externalLinks": [{"href": f"https://tidal.com/browse/album/{album_id}", "meta": {"type": "TIDAL_SHARING"}}],
    }
    artwork = {"id": f"art-{album_id}", "type": "artworks"}
    included: list[dict[str, Any]] = [
        {"id": ref["id"], "type": "artists", "attributes": {"name": name, "popularity": 0.4}}
        # The last of several artists is missing from ``included``, as TIDAL sometimes leaves one out.
        for ref, name in list(zip(artists, album.get("artists", [])))[: max(1, len(artists) - 1)]
    ]
    included.append({"id": artwork["id"], "type": "artworks", "attributes": {"mediaType": "IMAGE", "files": [
        {"href": f"https://resources.tidal.com/images/{album_id}/{size}x{size}.jpg",
         "meta": {"width": size, "height": size}} for size in (1280, 640, 320, 160)]}})
    return {"id": album_id, "type": "albums", "attributes": attributes,
            "relationships": {"artists": {"data": artists, "links": {"self": f"/albums/{album_id}/relationships/artists"}},
                              "coverArt": {"data": [artwork], "links": {"self": "/albums/x/relationships/coverArt"}}},
            "_included": included}


class Handler(fake_app_service.AppHandler):
    server_version = "istio-envoy"
    token_path = "/v1/oauth2/token"
    content_type = "application/vnd.api+json"

    def app_of(self, form: Mapping[str, str]) -> tuple[str | None, str | None]:
        return form.get("client_id"), form.get("client_secret")

    def error_body(self, status: int, message: str) -> dict[str, Any]:
        if status == 401:
            # What TIDAL answered a missing or bad bearer with: not the spec's error object (no id, no status).
            return {"errors": [{"code": "UNAUTHORIZED", "detail": "Invalid or missing Authorization Header",
                                "meta": {"category": "AUTHENTICATION_ERROR"}}]}
        code = {429: "TOO_MANY_REQUESTS", 403: "FORBIDDEN"}.get(status, "NOT_FOUND")
        detail = "Rate limit exceeded" if status == 429 else message  # the spec's words for a 429
        return {"errors": [{"id": "e1", "status": str(status), "code": code, "detail": detail}]}

    def answer(self, world: Mapping[str, Any], path: str, query: Mapping[str, str]) -> tuple[int, Any]:
        if path != "/v2/albums":
            return 404, self.error_body(404, "Resource not found")
        unknown = [key for key in query if key.startswith("filter[") and key != "filter[barcodeId]"]
        if unknown or "filter[barcodeId]" not in query:
            return 400, self.error_body(400, "Invalid request")
        country = query.get("countryCode", "US")
        code = query["filter[barcodeId]"]
        found = [document(a, country) for a in world.get("albums", []) if a.get("barcode") == code][:1]
        included = [item for album in found for item in album.pop("_included")]
        body: dict[str, Any] = {"data": found, "links": {"self": f"/albums?countryCode={country}"}}
        if found:
            body["included"] = included
        return 200, body


if __name__ == "__main__":
    sys.exit(fake_app_service.main(Handler, "fake-tidal"))
