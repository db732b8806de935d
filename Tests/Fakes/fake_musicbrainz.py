#!/usr/bin/env python3
"""A fake MusicBrainz web service (WS/2, JSON) for deepcut's tests.

It answers artist, release-group and release searches from a small "world" in the wire format of the recordings in
../shared/fixtures/musicbrainz and ../shared/fixtures/musicbrainz-barcode: compact JSON, the search envelope
{"created", "count", "offset", <items>}, integer scores relative to the best hit, empty values left out. It parses
the Lucene subset deepcut sends (fields, quoted phrases, single terms, ranges, AND/OR/NOT, parentheses, backslash
escapes) and answers 400 to a query it cannot parse or a field it does not know, as the real service refuses bad
queries. It enforces a rate limit with 503 (and Retry-After when asked) and checks the User-Agent the way
MusicBrainz asks clients to identify themselves ("App/version ( contact )"), answering 403 otherwise.

Use it as a script: ``python3 fake_musicbrainz.py --world world.json`` prints ``READY http://127.0.0.1:PORT``
and serves until SIGTERM/SIGINT (or stdin EOF with ``--exit-on-stdin-eof``). Control endpoints, never logged
and never rate limited: ``GET/POST /_control`` (knobs), ``GET /_log`` (``{"count", "requests": [{seq, path,
query, status, fault, time, user_agent}]}``), ``POST /_log/clear``, ``POST /_reset``, ``GET/POST /_world``.

World JSON: ``{"artists": [{"id", "name", "sort-name"?, "disambiguation"?, "type"?, "country"?,
"aliases"?: [{"name", "sort-name"?}], "release-groups": [{"id", "title", "primary-type"?,
"secondary-types"?: [...], "first-release-date"? ("YYYY", "YYYY-MM", "YYYY-MM-DD"), "credit"?: [artist ids,
in order; default: the artist it is listed under], "joinphrases"?: [...], "cover"?: true, "urls"?: [{"type" (a
release link type's name: "free streaming", "streaming", "purchase for download", ...), "resource", "ended"?: true,
"release"?: 0-based index of the group's release that carries it}], "releases"?: [{"barcode"?, "date"?, "title"?,
"country"?, "status"?, "track-count"?}]}]}]}``.

``releases`` lists the group's releases, in order (the index ``urls`` entries name). ``barcode`` is a string kept
as entered (leading zeros as given); ``""`` is a release marked "no barcode" and an absent key an unknown barcode.
``date`` defaults to the group's ``first-release-date``, ``title`` to the group's title, ``country`` to ``"XW"``
(``null``: none), ``status`` to ``"Official"`` (``null``: none); ``track-count`` (an int) is left out unless given.
Without ``releases`` a group has as many releases as its ``urls`` name (at least one), each with the defaults and
an unknown barcode. Release ids are the group id with its last four characters replaced by ``r001``, ``r002``, ...

Release searches, ``GET /ws/2/release?query=…``, search the releases of every group (fields ``barcode``, ``reid``,
``rgid``, ``arid``, ``release``, ``status``, ``date``; no field: title or barcode) and answer
``{"created", "count", "offset", "releases": [...]}`` with the items' keys in the recorded order, present only when
set; the nested ``release-group`` never carries ``first-release-date`` or ``artist-credit``. ``barcode`` compares
as the search index does: whitespace removed and leading zeros stripped on both sides, so ``602…``, ``0602…`` and
``00602…`` find one another; ``barcode:none`` finds the releases stored with ``""``.

The release-group lookup, ``GET /ws/2/release-group/ID[?inc=artist-credits]``, answers ``{"id", "title",
"primary-type", "primary-type-id", "secondary-types", "secondary-type-ids", "first-release-date",
"disambiguation"}`` with empty values sent (``[]``, ``""``, ``null`` for an untyped group), ``artist-credit`` only
with ``inc=artist-credits``, and ``Content-Type: application/json; charset=utf-8`` as the service's lookups do.

The browse of a group's releases, ``GET /ws/2/release?release-group=ID&inc=url-rels``, answers as MusicBrainz does:
``{"release-count", "release-offset", "releases": [...]}``, each release with its ``relations`` (keys in an order
of their own, as the real service's vary): the group's ``releases`` when the world gives them, and one release per
index its ``urls`` name, at least one.

It also plays the Cover Art Archive on the same port: ``GET /release-group/ID`` answers the image listing of a
group with ``"cover": true`` and 404 for the rest; ``GET /release-group/ID/front-250`` answers the image.

With ``--record DIR`` every API answer is also written to DIR/<FNV-1a 64 of the request target, hex>.json,
which is how deepcut's offline snapshots are made.

Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import functools
import http.server
import json
import re
import sys
import unicodedata
import urllib.parse
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fake_service  # noqa: E402  (a sibling module: the serving code is shared)
from fake_service import fnv1a64  # noqa: E402,F401  (also for the tests: recorded answers' names)

LOOPBACK = fake_service.LOOPBACK
# The smallest JPEG a mail client shows: a 1x1 grey pixel, as the fake's cover image.
FAKE_JPEG = bytes.fromhex(
    "ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f"
    "1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000"
    "010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d010203000411"
    "05122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445"
    "464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9"
    "aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100"
    "003f00fbd3ffd9")
MAX_LIMIT = 100
DEFAULT_LIMIT = 25
HELP = "For usage, please see: https://musicbrainz.org/development/mmd"
USER_AGENT = re.compile(r"^\S+/\S+ \( \S.* \)$")


# --------------------------------------------------------------------------------------
# Text folding, as the search index does it: case and diacritics ignored, punctuation splits words.
# --------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)
def tokens(text: str) -> tuple[str, ...]:
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return tuple("".join(c if c.isalnum() else " " for c in kept).split())


def contains_phrase(haystack: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    if not phrase:
        return False
    n = len(phrase)
    return any(haystack[i:i + n] == phrase for i in range(len(haystack) - n + 1))


# --------------------------------------------------------------------------------------
# The Lucene subset
# --------------------------------------------------------------------------------------


class QueryError(ValueError):
    pass


@dataclasses.dataclass
class Clause:
    """field:value, where value is a phrase, a term or a range; field None means the default fields."""

    field: str | None
    kind: str  # "phrase", "term" or "range"
    value: str = ""
    low: str = ""
    high: str = ""


@dataclasses.dataclass
class Node:
    op: str  # "and", "or", "not", "clause"
    children: list["Node"] = dataclasses.field(default_factory=list)
    clause: Clause | None = None


_SPECIAL = set('+-&|!(){}[]^"~*?:\\/')


class Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def parse(self) -> Node:
        node = self.or_expr()
        self.skip_space()
        if self.pos != len(self.text):
            raise QueryError(f"unexpected {self.text[self.pos]!r} at {self.pos}")
        return node

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek_word(self, word: str) -> bool:
        self.skip_space()
        end = self.pos + len(word)
        return self.text[self.pos:end] == word and (end == len(self.text) or self.text[end] in " ()")

    def or_expr(self) -> Node:
        children = [self.and_expr()]
        while True:
            self.skip_space()
            if self.peek_word("OR") or self.text[self.pos:self.pos + 2] == "||":
                self.pos += 2
                children.append(self.and_expr())
            elif self.pos < len(self.text) and self.text[self.pos] != ")" and not self.peek_word("AND"):
                children.append(self.and_expr())  # juxtaposition: the default operator, OR
            else:
                break
        return children[0] if len(children) == 1 else Node("or", children)

    def and_expr(self) -> Node:
        children = [self.unary()]
        while self.peek_word("AND") or self.text[self.pos:self.pos + 2] == "&&":
            self.pos += 3 if self.text[self.pos] == "A" else 2
            children.append(self.unary())
        return children[0] if len(children) == 1 else Node("and", children)

    def unary(self) -> Node:
        self.skip_space()
        if self.peek_word("NOT"):
            self.pos += 3
            return Node("not", [self.unary()])
        if self.pos < len(self.text) and self.text[self.pos] == "(":
            return self.group()
        return self.clause()

    def group(self) -> Node:
        """``( … )``, at the opening parenthesis."""
        self.pos += 1
        node = self.or_expr()
        self.skip_space()
        if self.pos >= len(self.text) or self.text[self.pos] != ")":
            raise QueryError(f"missing ) at {self.pos}")
        self.pos += 1
        return node

    def clause(self) -> Node:
        self.skip_space()
        field = None
        match = re.compile(r"([A-Za-z][A-Za-z0-9_-]*):").match(self.text, self.pos)
        if match:
            field = match.group(1).lower()
            self.pos = match.end()
        if self.pos >= len(self.text):
            raise QueryError("a field without a value")
        char = self.text[self.pos]
        if char == '"':
            return Node("clause", clause=Clause(field, "phrase", self.phrase()))
        if char in "[{":
            return Node("clause", clause=self.range(field))
        if char == "(" and field is not None:
            # field:(a OR b): the field applies to every clause inside.
            return _with_field(self.group(), field)
        term = self.term()
        if not term:
            raise QueryError(f"unexpected {char!r} at {self.pos}")
        return Node("clause", clause=Clause(field, "term", term))

    def phrase(self) -> str:
        self.pos += 1
        out = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "\\" and self.pos + 1 < len(self.text):
                out.append(self.text[self.pos + 1])
                self.pos += 2
            elif char == '"':
                self.pos += 1
                return "".join(out)
            else:
                out.append(char)
                self.pos += 1
        raise QueryError("a phrase without its closing quote")

    def term(self, stops: str = "()") -> str:
        out = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "\\" and self.pos + 1 < len(self.text):
                out.append(self.text[self.pos + 1])
                self.pos += 2
            elif char.isspace() or char in stops:
                break
            elif char in _SPECIAL and not (out and char in "-+/!&|"):
                # Inside a term, as in "2026-10-30", a hyphen is text; anything else special must be escaped.
                raise QueryError(f"unescaped {char!r} at {self.pos}")
            else:
                out.append(char)
                self.pos += 1
        return "".join(out)

    def range(self, field: str | None) -> Clause:
        self.pos += 1
        self.skip_space()
        low = self.term()
        self.skip_space()
        if not self.peek_word("TO"):
            raise QueryError(f"a range needs TO at {self.pos}")
        self.pos += 2
        self.skip_space()
        high = self.term(stops="]}")
        self.skip_space()
        if self.pos >= len(self.text) or self.text[self.pos] not in "]}":
            raise QueryError(f"a range without its closing bracket at {self.pos}")
        self.pos += 1
        return Clause(field, "range", low=low, high=high)


def _with_field(node: Node, field: str) -> Node:
    if node.op == "clause" and node.clause is not None and node.clause.field is None:
        node.clause.field = field
    for child in node.children:
        _with_field(child, field)
    return node


# --------------------------------------------------------------------------------------
# Matching and scoring
# --------------------------------------------------------------------------------------

ARTIST_FIELDS = {"artist", "alias", "sortname", "arid", "type", "country"}
RELEASE_GROUP_FIELDS = {"arid", "firstreleasedate", "primarytype", "secondarytype", "releasegroup", "status",
                        "artist", "rgid"}
RELEASE_FIELDS = {"barcode", "reid", "rgid", "arid", "release", "status", "date"}


def _check_fields(node: Node, known: set[str]) -> None:
    if node.clause is not None and node.clause.field is not None and node.clause.field not in known:
        raise QueryError(f"unknown field {node.clause.field!r}")
    for child in node.children:
        _check_fields(child, known)


def _text_score(values: list[str], clause: Clause) -> float:
    """How well one of the texts matches: an exact whole name best, then a phrase inside it."""
    wanted = tokens(clause.value)
    best = 0.0
    for value in values:
        words = tokens(value)
        if words == wanted and words:
            best = max(best, 4.0)
        elif contains_phrase(words, wanted):
            best = max(best, 1.0 + len(wanted) / max(len(words), 1))
    return best


def _evaluate(node: Node, score: Callable[[Clause], float]) -> float:
    """A score above 0 is a match. AND needs every side; OR takes the best; NOT only filters."""
    if node.op == "clause":
        assert node.clause is not None
        return score(node.clause)
    if node.op == "not":
        return 0.0 if _evaluate(node.children[0], score) > 0 else 0.001
    results = [_evaluate(child, score) for child in node.children]
    if node.op == "and":
        return sum(results) if all(r > 0 for r in results) else 0.0
    return max(results)


@dataclasses.dataclass
class World:
    artists: list[dict[str, Any]]

    @classmethod
    def load(cls, source: str | Path | Mapping[str, Any] | None) -> "World":
        if source is None:
            return cls([])
        data = source if isinstance(source, Mapping) else json.loads(Path(source).read_text(encoding="utf-8"))
        return cls(list(data.get("artists", [])))

    def to_json(self) -> dict[str, Any]:
        return {"artists": self.artists}

    def by_id(self) -> dict[str, dict[str, Any]]:
        return {a["id"]: a for a in self.artists}

    def release_groups(self) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        return [(artist, group) for artist in self.artists for group in artist.get("release-groups", [])]


def artist_score(artist: dict[str, Any]) -> Callable[[Clause], float]:
    def score(clause: Clause) -> float:
        field = clause.field
        if clause.kind == "range":
            return 0.0
        if field == "arid":
            return 1.0 if clause.value == artist["id"] else 0.0
        if field in ("type", "country"):
            return 1.0 if str(artist.get(field, "")).lower() == clause.value.lower() else 0.0
        names = [artist["name"]] if field in ("artist", None) else []
        if field in ("sortname", None):
            names.append(artist.get("sort-name", artist["name"]))
        if field in ("alias", None):
            names += [a.get("name", "") for a in artist.get("aliases", [])]
        return _text_score(names, clause)

    return score


def release_group_score(owner: dict[str, Any], group: dict[str, Any]) -> Callable[[Clause], float]:
    credit = group.get("credit") or [owner["id"]]
    date = group.get("first-release-date", "")

    def score(clause: Clause) -> float:
        field = clause.field
        if field == "arid":
            return 1.0 if clause.value in credit else 0.0
        if field == "rgid":
            return 1.0 if clause.value == group["id"] else 0.0
        if field == "firstreleasedate":
            if clause.kind == "range":
                # The index keeps dates as text, so a range compares text: "2026-11" is inside
                # [2026-10-30 TO 2027-12-31], "2026" is not.
                return 1.0 if date and clause.low <= date <= clause.high else 0.0
            return 1.0 if date == clause.value else 0.0
        if field == "primarytype":
            return 1.0 if str(group.get("primary-type", "")).lower() == clause.value.lower() else 0.0
        if field == "secondarytype":
            return 1.0 if clause.value.lower() in [t.lower() for t in group.get("secondary-types", [])] else 0.0
        if field == "status":
            return 1.0 if clause.value.lower() == "official" else 0.0
        if field == "artist":
            return _text_score([owner["name"]], clause)
        return _text_score([group["title"]], clause)

    return score


def paging(query: Mapping[str, str]) -> tuple[int, int]:
    try:
        limit = int(query.get("limit", DEFAULT_LIMIT))
        offset = int(query.get("offset", 0))
    except ValueError as exc:
        raise QueryError(f"limit and offset are whole numbers: {exc}") from exc
    if not 1 <= limit <= MAX_LIMIT or offset < 0:
        raise QueryError(f"limit must be 1 to {MAX_LIMIT} and offset not negative")
    return limit, offset


def ranked(items: list[tuple[float, int, Any]]) -> list[tuple[int, Any]]:
    """(score relative to the best hit, item), best first; ties keep world order."""
    hits = [entry for entry in items if entry[0] > 0]
    if not hits:
        return []
    best = max(score for score, _, _ in hits)
    hits.sort(key=lambda entry: (-entry[0], entry[1]))
    return [(max(1, round(100 * score / best)), item) for score, _, item in hits]


def created() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + "000Z"


def artist_record(artist: dict[str, Any], score: int) -> dict[str, Any]:
    record: dict[str, Any] = {"id": artist["id"]}
    if artist.get("type"):
        record["type"] = artist["type"]
    record["score"] = score
    record["name"] = artist["name"]
    record["sort-name"] = artist.get("sort-name", artist["name"])
    if artist.get("country"):
        record["country"] = artist["country"]
    if artist.get("disambiguation"):
        record["disambiguation"] = artist["disambiguation"]
    record["life-span"] = {"ended": None}
    if artist.get("aliases"):
        record["aliases"] = [{"sort-name": a.get("sort-name", a.get("name", "")), "name": a.get("name", ""),
                              "locale": None, "type": "Artist name", "primary": None, "begin-date": None,
                              "end-date": None} for a in artist["aliases"]]
    return record


def credit_records(owner: dict[str, Any], group: dict[str, Any], artists: dict[str, dict[str, Any]]) -> list[Any]:
    ids = group.get("credit") or [owner["id"]]
    phrases = group.get("joinphrases") or [" & "] * (len(ids) - 1)
    credits = []
    for index, artist_id in enumerate(ids):
        artist = artists.get(artist_id, {"id": artist_id, "name": artist_id})
        credit: dict[str, Any] = {}
        if index < len(ids) - 1:
            credit["joinphrase"] = phrases[index] if index < len(phrases) else " & "
        credit["name"] = artist["name"]
        credit["artist"] = {"id": artist["id"], "name": artist["name"],
                            "sort-name": artist.get("sort-name", artist["name"])}
        if artist.get("disambiguation"):
            credit["artist"]["disambiguation"] = artist["disambiguation"]
        credits.append(credit)
    return credits


def release_group_record(owner: dict[str, Any], group: dict[str, Any], score: int,
                         artists: dict[str, dict[str, Any]]) -> dict[str, Any]:
    record: dict[str, Any] = {"id": group["id"], "score": score, "count": 1, "title": group["title"]}
    if group.get("first-release-date") is not None:
        record["first-release-date"] = group["first-release-date"]
    if group.get("primary-type"):
        record["primary-type"] = group["primary-type"]
    if group.get("secondary-types"):
        record["secondary-types"] = group["secondary-types"]
    record["artist-credit"] = credit_records(owner, group, artists)
    record["releases"] = [{"id": group["id"][:-4] + "r001", "title": group["title"], "status": "Official"}]
    if group.get("releases") is not None:
        # The world names the group's releases: list them all, as the service does ("count" is their number).
        record["releases"] = []
        for index, spec in enumerate(group_releases(group)):
            facts = release_facts(group, spec)
            item: dict[str, Any] = {"id": release_id(group, index), "title": facts["title"]}
            if facts["status"]:
                item["status"] = facts["status"]
            record["releases"].append(item)
        record["count"] = len(record["releases"])
    return record


def search_artists(world: World, query: Mapping[str, str]) -> dict[str, Any]:
    tree = Parser(query.get("query", "")).parse()
    _check_fields(tree, ARTIST_FIELDS)
    limit, offset = paging(query)
    hits = ranked([(_evaluate(tree, artist_score(a)), i, a) for i, a in enumerate(world.artists)])
    page = hits[offset:offset + limit]
    return {"created": created(), "count": len(hits), "offset": offset,
            "artists": [artist_record(a, s) for s, a in page]}


def search_release_groups(world: World, query: Mapping[str, str]) -> dict[str, Any]:
    tree = Parser(query.get("query", "")).parse()
    _check_fields(tree, RELEASE_GROUP_FIELDS)
    limit, offset = paging(query)
    groups = world.release_groups()
    hits = ranked([(_evaluate(tree, release_group_score(o, g)), i, (o, g)) for i, (o, g) in enumerate(groups)])
    artists = world.by_id()
    page = hits[offset:offset + limit]
    return {"created": created(), "count": len(hits), "offset": offset,
            "release-groups": [release_group_record(o, g, s, artists) for s, (o, g) in page]}


def browse_release_groups(world: World, query: Mapping[str, str]) -> dict[str, Any]:
    limit, offset = paging(query)
    artists = world.by_id()
    owner = artists.get(query.get("artist", ""))
    if owner is None:
        raise QueryError("unknown artist")
    groups = [g for o, g in world.release_groups() if query["artist"] in (g.get("credit") or [o["id"]])]
    items = []
    for group in groups[offset:offset + limit]:
        record = release_group_record(owner, group, 0, artists)
        del record["score"], record["count"], record["releases"]
        record.setdefault("secondary-types", [])
        record.setdefault("first-release-date", "")
        record["disambiguation"] = ""
        items.append(record)
    return {"release-groups": items, "release-group-offset": offset, "release-group-count": len(groups)}


# The stable ids of the release -> url link types, by name (the names can change; the ids do not).
URL_LINK_TYPES = {
    "free streaming": "08445ccf-7b99-4438-9f9a-fb9ac18099ee",
    "streaming": "320adf26-96fa-4183-9045-1f5f32f833cb",
    "purchase for download": "98e08c20-8402-4163-8970-53504bb6a1e4",
    "download for free": "9896ecd0-6d29-482d-a21e-bd5d1b5e3425",
    "purchase for mail-order": "3ee51e05-a06a-415e-b40c-b3f740dedfd7",
    "amazon asin": "4f2e710d-166c-480c-a293-2e2c8d658d87",
    "discogs": "4a78823c-1c53-4176-a5f3-58026c76f2bc",
}
BROWSE_INCLUDES = {"url-rels", "artist-credits", "labels", "recordings", "release-groups", "media", "discids",
                   "isrcs", "annotation", "aliases", "tags", "genres", "artist-rels", "release-rels",
                   "release-group-level-rels"}
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
OFFICIAL = "4e304316-386d-3409-af2e-78857eec5cfe"


def url_relation(link: dict[str, Any]) -> dict[str, Any]:
    """One release -> url relation with every key the service sends, in an order of the link's own."""
    resource = link["resource"]
    items = [
        ("type", link["type"]), ("type-id", URL_LINK_TYPES.get(link["type"], URL_LINK_TYPES["discogs"])),
        ("direction", "forward"), ("target-type", "url"),
        ("url", {"id": fake_uuid("url", resource), "resource": resource}),
        ("ended", bool(link.get("ended", False))), ("begin", None), ("end", None), ("attributes", []),
        ("attribute-values", {}), ("attribute-ids", {}), ("source-credit", ""), ("target-credit", ""),
    ]
    turn = fnv1a64(resource)
    start = int(turn, 16) % len(items)
    return dict(items[start:] + items[:start])


def fake_uuid(kind: str, text: str) -> str:
    digits = (fnv1a64(kind + ":" + text) + fnv1a64(text + ":" + kind))[:32]
    return f"{digits[:8]}-{digits[8:12]}-4{digits[13:16]}-8{digits[17:20]}-{digits[20:32]}"


# The stable ids MusicBrainz gives its release-group types, release statuses and areas (names can change, ids do
# not). Each was checked in at least two independent public sources (MusicBrainz database dumps quoted by
# django-musicbrainz-connector's models, the musicsearch app's enums, ealvabrainz, recorded WS/2 bodies).
PRIMARY_TYPE_IDS = {
    "Album": "f529b476-6e62-324f-b0aa-1f3e33d313fc",
    "Single": "d6038452-8ee0-3f68-affc-2de9a1ede0b9",
    "EP": "6d0c5bf6-7a33-3420-a519-44fc63eedebf",
    "Broadcast": "3b2e49e1-2875-37b8-9fa9-1f7cf3f49900",
    "Other": "4fc3be2b-de1e-396b-a933-beb8f1607a22",
}
SECONDARY_TYPE_IDS = {
    "Compilation": "dd2a21e1-0c00-3729-a7a0-de60b84eb5d1",
    "Soundtrack": "22a628ad-c082-3c4f-b1b6-d41665107b88",
    "Spokenword": "66b8a13e-43ff-3ac0-ac6c-73659d3817c6",
    "Interview": "12af3f5e-ce2a-3941-8b93-d482884031e5",
    "Audiobook": "499a387e-6195-333e-91c0-9592bfec535e",
    "Audio drama": "0eb547c2-8783-43e4-8f81-751c680e7b04",
    "Live": "6fd474e2-6b58-3102-9d17-d6f7eb7da0a0",
    "Remix": "0c60f497-ff81-3818-befd-abfc84a4858b",
    "DJ-mix": "0d47f47a-3fe5-3d69-ac9d-d566c23968bf",
    "Mixtape/Street": "15c1b1f5-d893-3375-a1db-e180c5ae15ed",
    "Demo": "81598169-0d6c-3bce-b4be-866fa658eda3",
    "Field recording": "dbb7cf7d-47c6-42d1-a621-ab84849bc7b7",
}
# Withdrawn, Expunged and Cancelled were found in one project only, so they get fake_uuid ids (see status_id).
STATUS_IDS = {
    "Official": OFFICIAL,
    "Promotion": "518ffc83-5cde-34df-8627-81bff5093d92",
    "Bootleg": "1156806e-d06a-38bd-83f0-cf2284a808b9",
    "Pseudo-Release": "41121bb9-3413-3818-8a9a-9742318349aa",
}
# Release countries: (area id, name). A code not listed gets a fake_uuid id and its code as its name.
AREAS = {
    "XW": ("525d4e18-3d00-31b9-a58b-a146a916de8f", "[Worldwide]"),
    "XE": ("89a675c2-3e37-3518-b83c-418bad59a85a", "Europe"),
    "US": ("489ce91b-6658-3307-9877-795b68554c98", "United States"),
    "GB": ("8a754a16-0027-3a29-b6d7-2b40ea0481ed", "United Kingdom"),
    "DE": ("85752fda-13c4-31a3-bee5-0e5cb1f51dad", "Germany"),
    "JP": ("2db42837-c832-3c27-b4a3-08198f75693c", "Japan"),
    "CA": ("71bbafaa-e825-3e15-8ca9-017dcad1748b", "Canada"),
}
ARTIST_TYPE_IDS = {"Person": "b6e035f4-3ce9-331c-97df-83397230b0df", "Group": "e431f5f6-b5d2-343d-8b36-72607fffb74b"}


def _named_id(table: Mapping[str, str], kind: str, name: str) -> str:
    """The real id of a type or status by name (case ignored); one the fake does not know gets a stable fake id."""
    for known, ident in table.items():
        if known.lower() == name.lower():
            return ident
    return fake_uuid(kind, name.lower())


def status_id(status: str) -> str:
    return _named_id(STATUS_IDS, "release-status", status)


def area_record(code: str) -> dict[str, Any]:
    ident, name = AREAS.get(code, (fake_uuid("area", code), code))
    return {"id": ident, "name": name, "sort-name": name, "iso-3166-1-codes": [code]}


def release_id(group: dict[str, Any], index: int) -> str:
    return group["id"][:-4] + f"r{index + 1:03d}"


def group_releases(group: dict[str, Any]) -> list[dict[str, Any]]:
    """The group's releases as the world gives them, padded with default ones up to the highest index its ``urls``
    name: at least one."""
    given = list(group.get("releases") or [])
    urls = group.get("urls") or []
    count = max([1, len(given)] + [int(link.get("release", 0)) + 1 for link in urls])
    return given + [{} for _ in range(count - len(given))]


_UNSET = object()


def release_facts(group: dict[str, Any], spec: Mapping[str, Any]) -> dict[str, Any]:
    """One release's values, the world's defaults filled in; ``barcode`` is ``_UNSET`` when unknown."""
    barcode = spec.get("barcode")
    return {"title": spec.get("title", group["title"]),
            "date": spec.get("date", group.get("first-release-date", "")) or "",
            "country": spec.get("country", "XW"),
            "status": spec.get("status", "Official"),
            "barcode": _UNSET if barcode is None else str(barcode),
            "track-count": spec.get("track-count")}


def release_record(group: dict[str, Any], index: int, links: list[dict[str, Any]],
                   spec: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A release as the browse answers it; ``spec`` is the world's entry for it (none: every default)."""
    facts = release_facts(group, spec or {})
    date, country, status = facts["date"], facts["country"], facts["status"]
    events = []
    if country:
        area = area_record(country)
        events = [{"date": date, "area": {"id": area["id"], "name": area["name"], "sort-name": area["sort-name"],
                                          "disambiguation": "", "iso-3166-1-codes": [country], "type": None,
                                          "type-id": None}}]
    return {"id": release_id(group, index), "title": facts["title"], "status": status or None,
            "status-id": status_id(status) if status else None, "quality": "normal", "disambiguation": "",
            "packaging": None, "packaging-id": None,
            "text-representation": {"language": "eng", "script": "Latn"}, "date": date, "country": country or None,
            "release-events": events,
            "barcode": None if facts["barcode"] is _UNSET else facts["barcode"], "asin": None,
            "cover-art-archive": {"artwork": bool(group.get("cover")), "front": bool(group.get("cover")),
                                  "back": False, "count": 1 if group.get("cover") else 0, "darkened": False},
            "relations": [url_relation(link) for link in links]}


def browse_releases(world: World, query: Mapping[str, str]) -> tuple[int, dict[str, Any]]:
    """A release group's releases, with their URL relations when ``inc`` asks for them."""
    limit, offset = paging(query)
    group_id = query.get("release-group", "")
    if not UUID.match(group_id):
        return 400, {"error": f"Invalid mbid {group_id}", "help": HELP}
    includes = set(re.split(r"[+ ]", query.get("inc", ""))) - {""}
    if not includes <= BROWSE_INCLUDES:
        return 400, {"error": f"{sorted(includes - BROWSE_INCLUDES)[0]} is not a valid inc parameter for the "
                              "release resource.", "help": HELP}
    groups = {group["id"]: group for _, group in world.release_groups()}
    group = groups.get(group_id)
    if group is None:
        return 404, {"error": "Not Found", "help": HELP}
    urls = group.get("urls") or []
    specs = group_releases(group)
    count = len(specs)
    releases = []
    for index in range(offset, min(count, offset + limit)):
        release = release_record(group, index, [u for u in urls if int(u.get("release", 0)) == index],
                                 specs[index])
        if "url-rels" not in includes:
            del release["relations"]
        releases.append(release)
    return 200, {"release-offset": offset, "release-count": count, "releases": releases}


def nested_release_group(group: dict[str, Any]) -> dict[str, Any]:
    """The ``release-group`` inside a release search item: its types only when set, and never its
    ``first-release-date`` or ``artist-credit`` (the search index does not keep them there)."""
    primary = group.get("primary-type")
    secondary = list(group.get("secondary-types") or [])
    secondary_ids = [_named_id(SECONDARY_TYPE_IDS, "release-group-secondary-type", t) for t in secondary]
    primary_id = _named_id(PRIMARY_TYPE_IDS, "release-group-primary-type", primary) if primary else None
    record: dict[str, Any] = {"id": group["id"]}
    # "type-id" is the secondary type's when there is one, else the primary's. Which of several secondary types
    # the service picks is not recorded; the fake takes the first.
    if secondary_ids or primary_id:
        record["type-id"] = secondary_ids[0] if secondary_ids else primary_id
    if primary_id:
        record["primary-type-id"] = primary_id
    record["title"] = group["title"]
    if primary:
        record["primary-type"] = primary
    if secondary:
        record["secondary-types"] = secondary
        record["secondary-type-ids"] = secondary_ids
    return record


def barcode_key(text: str) -> str:
    """A barcode as the search index keeps it: whitespace removed, leading zeros stripped, lower case."""
    return "".join(text.split()).lstrip("0").lower()


def release_score(owner: dict[str, Any], group: dict[str, Any], index: int,
                  spec: Mapping[str, Any]) -> Callable[[Clause], float]:
    facts = release_facts(group, spec)
    credit = group.get("credit") or [owner["id"]]
    barcode = facts["barcode"]
    date = facts["date"]

    def barcode_score(clause: Clause) -> float:
        if clause.kind == "range" or barcode is _UNSET:
            return 0.0
        if barcode == "":
            # A release marked "no barcode" is indexed as "none".
            return 4.0 if clause.value.strip().lower() == "none" else 0.0
        wanted = barcode_key(clause.value)
        # As strong as an exact title, so a barcode hit scores 100 beside one.
        return 4.0 if wanted and wanted == barcode_key(str(barcode)) else 0.0

    def score(clause: Clause) -> float:
        field = clause.field
        if field == "barcode":
            return barcode_score(clause)
        if field == "reid":
            return 1.0 if clause.value == release_id(group, index) else 0.0
        if field == "rgid":
            return 1.0 if clause.value == group["id"] else 0.0
        if field == "arid":
            return 1.0 if clause.value in credit else 0.0
        if field == "status":
            return 1.0 if facts["status"] and clause.value.lower() == str(facts["status"]).lower() else 0.0
        if field == "date":
            if clause.kind == "range":
                return 1.0 if date and clause.low <= date <= clause.high else 0.0
            return 1.0 if date and date == clause.value else 0.0
        if clause.kind == "range":
            return 0.0
        title = _text_score([facts["title"]], clause)
        return title if field == "release" else max(title, barcode_score(clause))

    return score


def release_search_record(owner: dict[str, Any], group: dict[str, Any], index: int, spec: Mapping[str, Any],
                          score: int, artists: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A release search item: the recorded key order, keys only when set."""
    facts = release_facts(group, spec)
    record: dict[str, Any] = {"id": release_id(group, index), "score": score}
    if facts["status"]:
        record["status-id"] = status_id(facts["status"])
    record["count"] = 1
    record["title"] = facts["title"]
    if facts["status"]:
        record["status"] = facts["status"]
    record["text-representation"] = {"language": "eng", "script": "Latn"}
    record["artist-credit"] = credit_records(owner, group, artists)
    record["release-group"] = nested_release_group(group)
    if facts["date"]:
        record["date"] = facts["date"]
    if facts["country"]:
        record["country"] = facts["country"]
        event: dict[str, Any] = {"date": facts["date"]} if facts["date"] else {}
        event["area"] = area_record(facts["country"])
        record["release-events"] = [event]
    if facts["barcode"] is not _UNSET:
        record["barcode"] = facts["barcode"]
    if facts["track-count"] is not None:
        record["track-count"] = facts["track-count"]
        # The world says nothing of formats; the service leaves "format" out when unknown.
        record["media"] = [{"disc-count": 0, "track-count": facts["track-count"]}]
    return record


def search_releases(world: World, query: Mapping[str, str]) -> dict[str, Any]:
    tree = Parser(query.get("query", "")).parse()
    _check_fields(tree, RELEASE_FIELDS)
    limit, offset = paging(query)
    releases = [(owner, group, index, spec) for owner, group in world.release_groups()
                for index, spec in enumerate(group_releases(group))]
    hits = ranked([(_evaluate(tree, release_score(o, g, i, r)), n, (o, g, i, r))
                   for n, (o, g, i, r) in enumerate(releases)])
    artists = world.by_id()
    page = hits[offset:offset + limit]
    return {"created": created(), "count": len(hits), "offset": offset,
            "releases": [release_search_record(o, g, i, r, s, artists) for s, (o, g, i, r) in page]}


LOOKUP_INCLUDES = {"artist-credits", "artists", "releases", "aliases", "annotation", "tags", "genres", "ratings",
                   "user-tags", "user-genres", "user-ratings", "area-rels", "artist-rels", "event-rels",
                   "instrument-rels", "label-rels", "place-rels", "recording-rels", "release-rels",
                   "release-group-rels", "series-rels", "url-rels", "work-rels"}


def lookup_credits(owner: dict[str, Any], group: dict[str, Any],
                   artists: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The search's credits in a lookup's shape: every ``joinphrase`` sent (``""`` last), the artist's ``type``,
    ``type-id`` and ``disambiguation`` too."""
    credits = []
    for credit in credit_records(owner, group, artists):
        artist = artists.get(credit["artist"]["id"], {})
        kind = artist.get("type")
        credits.append({"name": credit["name"], "joinphrase": credit.get("joinphrase", ""), "artist": {
            **credit["artist"], "type": kind or None,
            "type-id": _named_id(ARTIST_TYPE_IDS, "artist-type", kind) if kind else None,
            "disambiguation": artist.get("disambiguation", "")}})
    return credits


def lookup_release_group(world: World, group_id: str, query: Mapping[str, str]) -> tuple[int, dict[str, Any]]:
    """``GET /ws/2/release-group/ID``: empty values sent, not left out; ``artist-credit`` only when asked for."""
    if not UUID.match(group_id):
        return 400, {"error": f"Invalid mbid {group_id}", "help": HELP}
    includes = set(re.split(r"[+ ]", query.get("inc", ""))) - {""}
    if not includes <= LOOKUP_INCLUDES:
        return 400, {"error": f"{sorted(includes - LOOKUP_INCLUDES)[0]} is not a valid inc parameter for the "
                              "release-group resource.", "help": HELP}
    found = [(owner, group) for owner, group in world.release_groups() if group["id"] == group_id]
    if not found:
        return 404, {"error": "Not Found", "help": HELP}
    owner, group = found[0]
    primary = group.get("primary-type") or None
    secondary = list(group.get("secondary-types") or [])
    record: dict[str, Any] = {
        "id": group["id"], "title": group["title"], "primary-type": primary,
        "primary-type-id": _named_id(PRIMARY_TYPE_IDS, "release-group-primary-type", primary) if primary else None,
        "secondary-types": secondary,
        "secondary-type-ids": [_named_id(SECONDARY_TYPE_IDS, "release-group-secondary-type", t) for t in secondary],
        "first-release-date": group.get("first-release-date") or "", "disambiguation": ""}
    if "artist-credits" in includes:
        record["artist-credit"] = lookup_credits(owner, group, world.by_id())
    return 200, record


# --------------------------------------------------------------------------------------
# Knobs, state and the HTTP handler
# --------------------------------------------------------------------------------------


@dataclasses.dataclass
class Knobs:
    latency_ms: int = 0
    rate_limit: int | None = None  # requests allowed per window; more -> 503
    rate_window_s: float = 1.0
    retry_after: int | None = None
    require_user_agent: bool = True
    fail_next: int = 0
    fail_status: int = 503
    hold_from: int | None = None  # requests numbered from this on wait, unanswered, until the knob moves

    def updated(self, changes: Mapping[str, Any]) -> "Knobs":
        fields = {f.name: f for f in dataclasses.fields(self)}
        new = dataclasses.replace(self)
        for key, value in changes.items():
            if key not in fields:
                raise ValueError(f"unknown knob {key!r}; known: {', '.join(sorted(fields))}")
            setattr(new, key, value)
        return new


class State(fake_service.Service):
    def __init__(self, world: World, knobs: Knobs, record: Path | None) -> None:
        super().__init__(world, knobs, World.load)
        self.record = record

    @staticmethod
    def cover_base(handler: http.server.BaseHTTPRequestHandler) -> str:
        host = handler.headers.get("Host") or f"{LOOPBACK}"
        return f"http://{host}"

    def begin_request(self, method: str, path: str, query: Mapping[str, str],
                      user_agent: str) -> tuple[dict[str, Any], str | None, Knobs]:
        entry = self.begin({"method": method, "path": path, "query": dict(query), "user_agent": user_agent})
        with self.lock:
            knobs = self.knobs
            if not self.admit():
                return entry, "rate_limit", knobs
            return entry, "fail" if self.take("fail_next") else None, knobs


@dataclasses.dataclass
class Answer:
    """What one API request gets, decided in full before any of it is sent."""

    status: int
    body: bytes
    content_type: str
    headers: Sequence[tuple[str, str]] = ()


class _Handler(fake_service.Handler):
    server_version = "fake-musicbrainz/1.0"

    def _json(self, status: int, payload: Any, headers: Sequence[tuple[str, str]] = (), keep: bool = False,
              charset: bool = False) -> Answer:
        """The service's compact JSON; its 200s say no charset (its lookups' do: ``charset``), its errors do. A kept
        answer (``--record``) is written before it is sent, so a client that has it finds it recorded."""
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        record = self.server.service.record
        if keep and record is not None and status == 200:
            (record / f"{fnv1a64(self.path)}.json").write_bytes(body)
        content_type = "application/json" if status == 200 and not charset else "application/json; charset=utf-8"
        return Answer(status, body, content_type, headers)

    def api(self, method: str, path: str, query: Mapping[str, str]) -> None:
        state = self.server.service
        user_agent = self.headers.get("User-Agent", "")
        entry, fault, knobs = state.begin_request(method, path, query, user_agent)
        if not self.wait_while(lambda: state.held(entry["seq"])):
            state.finish(entry, None, "held")
            return
        if knobs.latency_ms and fault != "rate_limit":
            state.stopping.wait(knobs.latency_ms / 1000)
        answer = self._answer(state.world, path, query, fault, knobs, user_agent)
        # Logged before it is sent, so a client that has the answer finds it in the log, status and fault filled in.
        state.finish(entry, answer.status, fault)
        self.send(answer.status, answer.body, [("content-type", answer.content_type), *answer.headers])

    def _answer(self, world: World, path: str, query: Mapping[str, str], fault: str | None, knobs: Knobs,
                user_agent: str) -> Answer:
        if fault == "rate_limit":
            headers = [("retry-after", str(knobs.retry_after))] if knobs.retry_after else []
            payload: Any = {"error": "Your requests are exceeding the allowable rate limit. Please see "
                                     "https://musicbrainz.org/doc/MusicBrainz_API/Rate_Limiting for more information.",
                            "help": HELP}
            return self._json(503, payload, headers)
        if fault == "fail":
            return Answer(knobs.fail_status, b"<html><body>Service Unavailable</body></html>", "text/html")
        if knobs.require_user_agent and not USER_AGENT.match(user_agent):
            return self._json(403, {"error": "Please identify your application in the User-Agent: "
                                             "Application/version ( contact )", "help": HELP})
        if path.startswith("/release-group/"):
            return self._cover_art(world, path)
        if query.get("fmt") != "json":
            return self._json(400, {"error": "deepcut's fake answers JSON only: add fmt=json", "help": HELP})
        limits = [("x-ratelimit-limit", "1200"), ("x-ratelimit-remaining", "1199"), ("x-ratelimit-reset", "0")]
        status = 200
        lookup = False
        try:
            if path.startswith("/ws/2/release-group/") and path != "/ws/2/release-group/":
                lookup = True
                status, payload = lookup_release_group(world, path[len("/ws/2/release-group/"):], query)
            elif path == "/ws/2/artist" and "query" in query:
                payload = search_artists(world, query)
            elif path == "/ws/2/release-group" and "query" in query:
                payload = search_release_groups(world, query)
            elif path == "/ws/2/release-group" and "artist" in query:
                payload = browse_release_groups(world, query)
            elif path == "/ws/2/release" and "release-group" in query:
                status, payload = browse_releases(world, query)
            elif path == "/ws/2/release" and "query" in query:
                payload = search_releases(world, query)
            else:
                status = 404
                payload = {"error": "Not Found", "help": HELP}
        except QueryError as exc:
            status = 400
            payload = {"error": f"Invalid query: {exc}", "help": HELP}
        return self._json(status, payload, limits, keep=True, charset=lookup)

    def _cover_art(self, world: World, path: str) -> Answer:
        """The Cover Art Archive: ``/release-group/ID`` lists a group's images, ``/release-group/ID/front-250``
        is the image; both 404 for a group without a cover (``"cover": true`` in the world gives one)."""
        parts = path.strip("/").split("/")
        groups = {group["id"]: group for _, group in world.release_groups()}
        group = groups.get(parts[1]) if len(parts) >= 2 else None
        if group is None or not group.get("cover"):
            return Answer(404, b"No cover art found for release group", "text/plain; charset=utf-8")
        if len(parts) == 3 and parts[2] in ("front", "front-250", "front-500"):
            return Answer(200, FAKE_JPEG, "image/jpeg")
        if len(parts) != 2:
            return Answer(400, b"Bad Request", "text/plain; charset=utf-8")
        release = group["id"][:-4] + "r001"
        image = f"{self.server.service.cover_base(self)}/release/{release}/1"
        return self._json(200, {"images": [{
            "approved": True, "back": False, "comment": "", "edit": 1, "front": True, "id": 1,
            "image": image + ".jpg", "types": ["Front"],
            "thumbnails": {"250": image + "-250.jpg", "500": image + "-500.jpg", "1200": image + "-1200.jpg",
                           "large": image + "-500.jpg", "small": image + "-250.jpg"}}],
            "release": f"https://musicbrainz.org/release/{release}"}, keep=True)


class FakeMusicBrainzServer(fake_service.BackgroundServer):
    """The fake service on 127.0.0.1 in a background thread."""

    state: State

    def __init__(self, world: str | Path | Mapping[str, Any] | None = None, *, port: int = 0,
                 record: Path | None = None, **knobs: Any) -> None:
        super().__init__(State(World.load(world), Knobs().updated(knobs), record), _Handler, port, "fake-musicbrainz")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fake MusicBrainz WS/2 on 127.0.0.1 for tests.")
    parser.add_argument("--world", help="world JSON file (default: an empty world)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency-ms", type=int, default=0)
    parser.add_argument("--rate-limit", type=int, default=None, help="requests allowed per window; more get 503")
    parser.add_argument("--rate-window", type=float, default=1.0, help="rate-limit window in seconds")
    parser.add_argument("--retry-after", type=int, default=None, help="send Retry-After: N with a 503")
    parser.add_argument("--no-user-agent-check", action="store_true")
    parser.add_argument("--record", help="write every answer to DIR/<fnv1a64 of the request target>.json")
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    args = parser.parse_args(argv)

    record = Path(args.record) if args.record else None
    if record is not None:
        record.mkdir(parents=True, exist_ok=True)
    server = FakeMusicBrainzServer(
        args.world, port=args.port, record=record, latency_ms=args.latency_ms, rate_limit=args.rate_limit,
        rate_window_s=args.rate_window, retry_after=args.retry_after,
        require_user_agent=not args.no_user_agent_check)

    fake_service.serve(server, exit_on_stdin_eof=args.exit_on_stdin_eof)
    return 0


if __name__ == "__main__":
    sys.exit(main())
