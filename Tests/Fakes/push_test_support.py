"""What the push fakes' tests share: one request answered whatever its status, the recordings' folder, a fake run as
a script, and the check that every request is logged whole before its answer goes out."""

from __future__ import annotations

import dataclasses
import http.client
import json
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fake_service  # noqa: E402
from test_fake_service import AnswerWatch  # noqa: E402


@dataclasses.dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.body)

    def header(self, name: str) -> str | None:
        return self.headers.get(name)


def call(base: str, target: str, body: bytes | str | None = None, headers: dict[str, str] | None = None,
         method: str | None = None, timeout: float = 30) -> Answer:
    """One request to a fake, read to its end; ``method`` defaults to POST with a body, GET without."""
    split = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(split.hostname, split.port, timeout=timeout)
    data = body.encode("utf-8") if isinstance(body, str) else body
    try:
        connection.request(method or ("POST" if data is not None else "GET"), target, body=data,
                           headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


def post_json(base: str, target: str, value: Any, headers: dict[str, str] | None = None) -> Answer:
    return call(base, target, json.dumps(value), {"Content-Type": "application/json", **(headers or {})})


def recordings() -> Path | None:
    """``shared/fixtures/push`` beside the checkout, however deep the checkout sits under the folder that holds it."""
    for folder in HERE.parents:
        candidate = folder / "shared" / "fixtures" / "push"
        if candidate.is_dir():
            return candidate
    return None


def run_script(script: str, *arguments: str) -> tuple[subprocess.Popen[str], str]:
    """Starts ``script`` as the Swift tests do and returns it with the base URL its ``READY`` line names."""
    process = subprocess.Popen([sys.executable, str(HERE / script), "--exit-on-stdin-eof", *arguments],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if not line.startswith("READY http://127.0.0.1:"):
        process.kill()
        raise AssertionError(f"{script} said {line!r}: {process.stderr.read() if process.stderr else ''}")
    return process, line.split(" ", 1)[1]


def stop_script(process: subprocess.Popen[str]) -> int:
    """Closes the script's stdin, which ends it, and returns its exit status."""
    assert process.stdin is not None
    process.stdin.close()
    try:
        return process.wait(timeout=30)
    finally:
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def unfinished_when_answered(server: fake_service.BackgroundServer,
                             steps: list[tuple[dict[str, Any], Callable[[str], Any]]]) -> tuple[int, list[Any], int]:
    """Runs each step (knobs, then a request to the base URL) and returns how many answers went out, the log entries
    that were not finished when one did, and how many entries the log holds."""
    with AnswerWatch() as watch, server:
        for knobs, ask in steps:
            server.set_knobs(**knobs)
            ask(server.base_url)
        log = server.requests()
    return watch.answers, watch.unfinished, len(log)
