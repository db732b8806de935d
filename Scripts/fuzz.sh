#!/usr/bin/env bash
# Fuzzes one of deepcut's readers with libFuzzer, seeded from samples/ and ../shared/fixtures (read, never copied
# into the project). Not part of CI: run by hand, for as long as you like.
#
#   bash Scripts/fuzz.sh reader|catalog|template|config [SECONDS, default 600]
#
# Builds the deepcut-fuzz target with libFuzzer and AddressSanitizer into .build-fuzz/build. The corpus
# grows in .build-fuzz/corpus/TARGET; a crash or hang is written to .build-fuzz/artifacts/TARGET/ and ends the run. Keep
# every one as a regression input under Tests/FuzzRegressions/TARGET/ (`deepcut-fuzz TARGET FILE` replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz.sh reader|catalog|template|config [SECONDS]}
seconds=${2:-600}
shared=${DEEPCUT_SHARED:-../shared}/fixtures
work=.build-fuzz
# SwiftPM owns its scratch folder and clears what it does not know there: corpora and crashes live beside it.
scratch=$work/build
corpus=$work/corpus/$target
seeds=$work/seeds/$target
artifacts=$work/artifacts/$target
# One -sanitize list, last on the command line: swiftc keeps only the last -sanitize flag it is given, and SwiftPM
# orders its own --sanitize flags differently from run to run, which silently dropped coverage or ASan. SwiftPM's
# --sanitize=fuzzer is still needed, for it alone links the target without a main.
swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product deepcut-fuzz \
  --scratch-path "$scratch" >&2
mkdir -p "$corpus" "$seeds" "$artifacts"

copy() { for file in "$@"; do [ -f "$file" ] && cp "$file" "$seeds/" || true; done; }
dictionary=$work/$target.dict
case "$target" in
  reader)
    copy "$shared"/libraries/*.xml samples/Library.xml Tests/FuzzRegressions/reader/*
    # The big exports cut to their first 32 KiB, so mutations stay fast; the small ones whole.
    for file in "$seeds"/*.xml; do head -c 32768 "$file" >"$file.head" && mv "$file.head" "$file"; done
    printf '%s\n' '"<key>"' '"</key>"' '"<dict>"' '"</dict>"' '"<string>"' '"</string>"' '"<integer>"' \
      '"</integer>"' '"<true/>"' '"<array>"' '"<plist version=\"1.0\">"' '"&#55357;"' '"&#x"' '"<!ENTITY"' \
      '"<![CDATA["' '"Tracks"' '"Album Artist"' '"Track ID"' '"\xef\xbf\xbf"' '"\xed\xa0\x80"' >"$dictionary"
    ;;
  catalog)
    copy samples/catalogs/itunes/search/*.json samples/catalogs/itunes/lookup/*.json samples/catalogs/musicbrainz/*.json \
      "$shared"/itunes/*.json "$shared"/musicbrainz/*.json Tests/FuzzRegressions/catalog/*
    printf '%s\n' '"\"wrapperType\":\"collection\""' '"\"artistId\":"' '"\"results\":["' '"\"release-groups\":["' \
      '"\"artist-credit\":["' '"\"first-release-date\":\""' '"\\ud83d"' '"\"sort-name\":\""' >"$dictionary"
    ;;
  template)
    copy templates/*.mustache Tests/FuzzRegressions/template/*
    python3 - "$shared/mustache-spec" "$seeds" <<'PY'
import json, pathlib, sys
spec, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for path in sorted(spec.glob("*.json")):
    for index, test in enumerate(json.loads(path.read_text())["tests"]):
        (out / f"{path.stem}-{index}.mustache").write_text(test["template"])
PY
    printf '%s\n' '"{{"' '"}}"' '"{{#"' '"{{/"' '"{{^"' '"{{>"' '"{{{"' '"}}}"' '"{{="' '"{{!"' '"{{&"' >"$dictionary"
    ;;
  config)
    .build/debug/deepcut config --example >"$seeds/example.json" 2>/dev/null || swift run deepcut config --example >"$seeds/example.json"
    printf '{"provider": {"name": "musicbrainz", "includeSecondaryTypes": ["live"]}, "budget": "1h30m"}\n' >"$seeds/small.json"
    copy Tests/FuzzRegressions/config/*
    printf '%s\n' '"//"' '"\"provider\""' '"\"email\""' '"\"budget\""' '"\"ignoreTitles\""' '"(?i)"' >"$dictionary"
    ;;
  *) echo "unknown target $target" >&2; exit 64 ;;
esac

DEEPCUT_FUZZ=$target "$scratch/debug/deepcut-fuzz" "$corpus" "$seeds" -dict="$dictionary" \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$artifacts/" \
  -print_final_stats=1
