"""What the fakes of the services deepcut asks with the person's own app (``fake_spotify.py``, ``fake_tidal.py``)
share: the client-credentials token endpoint, tokens that expire, and the faults a night meets there.

A world is ``{"app": {"client_id", "client_secret"}, "albums": [{"id", "title", "artists": [names], "barcode",
"type": "ALBUM"|"EP"|"SINGLE", "releaseDate": "YYYY-MM-DD", "tracks"}]}``; ``barcode`` is the code as the service
keeps it (Spotify and TIDAL keep most as 14 digits with leading zeros), and a search matches it as written.

Knobs: ``token_lifetime_s`` (``expires_in`` of a new token; a token past it is refused with a 401),
``expire_tokens_next`` (that many API requests are refused as if their token had expired), ``throttle_next`` (that
many answer 429, with ``Retry-After: retry_after`` when it is set), ``refuse_app`` (every API request is refused with
the service's 403), ``hold_from``. Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import secrets
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_service  # noqa: E402


@dataclasses.dataclass
class Knobs:
    token_lifetime_s: int = 3600
    expire_tokens_next: int = 0
    throttle_next: int = 0
    retry_after: int | None = None
    refuse_app: bool = False
    hold_from: int | None = None
    rate_limit: int | None = None
    rate_window_s: float = 30.0

    def updated(self, changes: Mapping[str, Any]) -> "Knobs":
        fields = {f.name for f in dataclasses.fields(self)}
        new = dataclasses.replace(self)
        for key, value in changes.items():
            if key not in fields:
                raise ValueError(f"unknown knob {key!r}; known: {', '.join(sorted(fields))}")
            setattr(new, key, value)
        return new


def load_world(source: str | Path | Mapping[str, Any] | None) -> dict[str, Any]:
    if source is None:
        return {"app": {"client_id": "app", "client_secret": "secret"}, "albums": []}
    if isinstance(source, Mapping):
        return dict(source)
    return json.loads(Path(source).read_text(encoding="utf-8"))


class State(fake_service.Service):
    def __init__(self, world: dict[str, Any], knobs: Knobs) -> None:
        super().__init__(world, knobs, load_world)
        self.tokens: dict[str, float] = {}  # token -> when it expires

    def issue(self) -> tuple[str, int]:
        with self.lock:
            lifetime = self.knobs.token_lifetime_s
            token = secrets.token_hex(16)
            self.tokens[token] = time.time() + lifetime
        return token, lifetime

    def valid(self, token: str | None) -> bool:
        with self.lock:
            return token is not None and self.tokens.get(token, 0) > time.time()


class AppHandler(fake_service.Handler):
    """A service's API behind an app's token: subclasses say how the app is named in a token request
    (``app_of``), how an error looks (``error_body``), and answer the API (``answer``)."""

    token_path = "/token"
    # A service's own words where they were seen: the realm its 401s name and the message of its 403 to an app
    # refused (the owner without a subscription).
    realm = "service"
    refusal = "Active premium subscription required for the owner of the app."

    def app_of(self, form: Mapping[str, str]) -> tuple[str | None, str | None]:
        raise NotImplementedError

    def error_body(self, status: int, message: str) -> dict[str, Any]:
        raise NotImplementedError

    def answer(self, world: Mapping[str, Any], path: str, query: Mapping[str, str]) -> tuple[int, Any]:
        raise NotImplementedError

    content_type = "application/json; charset=utf-8"

    def api(self, method: str, path: str, query: Mapping[str, str]) -> None:
        state: State = self.server.service
        entry = state.begin({"method": method, "path": path, "query": dict(query),
                             "user_agent": self.headers.get("User-Agent", ""),
                             "authorization": (self.headers.get("Authorization") or "").split(" ")[0]})
        if not self.wait_while(lambda: state.held(entry["seq"])):
            state.finish(entry, None, "held")
            return
        if method == "POST" and path == self.token_path:
            status, payload, fault, headers = self.token(state)
        else:
            status, payload, fault, headers = self.authorized(state, path, query)
        state.finish(entry, status, fault)
        body = json.dumps(payload, separators=(",", ":")).encode() if payload is not None else b""
        self.send(status, body, [("content-type", self.content_type)] + headers)

    def token(self, state: State) -> tuple[int, Any, str | None, list[tuple[str, str]]]:
        form = dict(urllib.parse.parse_qsl(self.request_body.decode("utf-8", "replace")))
        client_id, secret = self.app_of(form)
        app = state.world.get("app", {})
        if form.get("grant_type") != "client_credentials":
            return 400, {"error": "unsupported_grant_type", "error_description": "grant_type parameter is missing"}, \
                "grant", []
        if client_id != app.get("client_id"):
            return 400, {"error": "invalid_client", "error_description": "Invalid client"}, "invalid_client", []
        if secret != app.get("client_secret"):
            # A known client with the wrong secret is told so; an unknown client is not.
            return 400, {"error": "invalid_client", "error_description": "Invalid client secret"}, \
                "invalid_client", []
        token, lifetime = state.issue()
        return 200, {"access_token": token, "token_type": "Bearer", "expires_in": lifetime}, None, []

    def basic(self) -> tuple[str | None, str | None]:
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Basic "):
            return None, None
        pair = base64.b64decode(header[6:]).decode("utf-8", "replace")
        client_id, _, secret = pair.partition(":")
        return client_id, secret

    def authorized(self, state: State, path: str, query: Mapping[str, str]) -> tuple[int, Any, str | None, list]:
        header = self.headers.get("Authorization") or ""
        token = header[7:] if header.startswith("Bearer ") else None
        with state.lock:
            expire = state.take("expire_tokens_next")
            throttle = state.take("throttle_next")
            knobs = state.knobs
            admitted = state.admit()
        if expire or not state.valid(token):
            return 401, self.error_body(401, "Missing/invalid/expired access token"), "expired", \
                [("www-authenticate", f'Bearer realm="{self.realm}"')]
        if throttle or not admitted:
            headers = [] if knobs.retry_after is None else [("retry-after", str(knobs.retry_after))]
            return 429, self.error_body(429, "Too many requests"), "throttled", headers
        if knobs.refuse_app:
            return 403, self.error_body(403, self.refusal), "refused", []
        status, payload = self.answer(state.world, path, query)
        return status, payload, None, []


class AppServer(fake_service.BackgroundServer):
    def __init__(self, handler: type[AppHandler], world: Any = None, *, port: int = 0, name: str = "fake-app",
                 **knobs: Any) -> None:
        super().__init__(State(load_world(world), Knobs().updated(knobs)), handler, port, name)


def main(handler: type[AppHandler], name: str, argv: list[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=f"{name} on 127.0.0.1 for tests.")
    parser.add_argument("--world", help="world JSON file")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    args = parser.parse_args(argv)
    server = AppServer(handler, args.world, port=args.port, name=name)
    fake_service.serve(server, exit_on_stdin_eof=args.exit_on_stdin_eof)
    return 0
