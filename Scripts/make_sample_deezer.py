#!/usr/bin/env python3
"""Builds samples/catalogs/deezer: recorded Deezer answers for an offline run on samples/Library.xml.

The world is the iTunes sample world (samples/catalogs/itunes/world.json) as Deezer holds it (fake_deezer.py reads that
shape): the same artists and albums, " - Single" and " - EP" as record types, a Deluxe edition as an album of its
own, a clean twin beside its explicit album. The fake Deezer server serves it and records every answer while the
built deepcut runs the sample report against it; deepcut's RecordedTransport answers the same requests offline:

    samples/catalogs/deezer/world.json           the world, for people and for the fake server
    samples/catalogs/deezer/<fnv1a64>.json       the answer to one request (FNV-1a 64 of path and query)

Run from the repository root after `swift build`:
    python3 Scripts/make_sample_deezer.py [path/to/deepcut]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "Fakes"))
import fake_deezer  # noqa: E402  (Tests/Fakes, found through the path above)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "samples" / "catalogs" / "deezer"


def main() -> int:
    deepcut = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "debug" / "deepcut"
    if not deepcut.exists():
        sys.stderr.write(f"no deepcut at {deepcut}; run swift build first or give its path\n")
        return 1
    world = fake_deezer.load_world(ROOT / "samples" / "catalogs" / "itunes" / "world.json")
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    (OUT / "world.json").write_text(json.dumps(world, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    with fake_deezer.FakeDeezerServer(world, record=OUT, quota=None) as server, \
            tempfile.TemporaryDirectory() as state:
        run = subprocess.run(
            [str(deepcut), "report", "--library", "samples/Library.xml", "--provider", "deezer", "--base-url",
             server.base_url, "--rate-limit", "0", "--now", "2026-11-29", "--state-dir", state, "--quiet"],
            cwd=ROOT, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            return run.returncode
        requests = len(server.state.log)
    print(f"wrote {OUT}: {len(world['artists'])} artists, {requests} recorded answers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
