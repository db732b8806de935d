"""The real ``apprise`` command (Debian's apprise package, /usr/bin/apprise) against the push fakes: what it sends on
the wire, that the fakes take it as the services would, and its exit status (0 when every service took the
message, 1 when one refused it).

``json://`` and ``ntfy://`` point at a local host by themselves (``ntfy://127.0.0.1:PORT/topic`` is Apprise's
private mode over http for any host name or address with a topic; ``?mode=private`` says so outright). Apprise's
Discord and Slack plugins post to https://discord.com and https://hooks.slack.com whatever the URL says; they reach
the fakes through an HTTPS proxy of the test's own (``HTTPS_PROXY``, which requests honours): it answers
``CONNECT``, ends the TLS with a certificate made for the run by the ``openssl`` command, and hands the plain bytes
to the fake; ``?verify=no`` makes Apprise take that certificate. Without ``openssl`` those tests are skipped.

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_discord import FakeDiscordServer  # noqa: E402
from fake_ntfy import FakeNtfyServer  # noqa: E402
from fake_slack import FakeSlackServer  # noqa: E402
from fake_webhook import FakeWebhookServer  # noqa: E402

APPRISE = Path("/usr/bin/apprise")
OPENSSL = shutil.which("openssl")
PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")


def apprise_version() -> str:
    if not APPRISE.exists():
        return ""
    first = subprocess.run([str(APPRISE), "--version"], capture_output=True, text=True, timeout=60).stdout
    return first.split("\n", 1)[0].removeprefix("Apprise v").strip()


class TlsTunnel:
    """An HTTPS proxy for one test: answers ``CONNECT``, ends the TLS itself and passes the plain bytes both ways
    between the client and a fake on 127.0.0.1."""

    def __init__(self, target_port: int, certificate: Path, key: Path) -> None:
        self.target_port = target_port
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(str(certificate), str(key))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connects: list[str] = []
        threading.Thread(target=self.accept, name="tls-tunnel", daemon=True).start()

    def accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.tunnel, args=(client,), daemon=True).start()

    def tunnel(self, client: socket.socket) -> None:
        head = b""
        try:
            while b"\r\n\r\n" not in head:
                chunk = client.recv(4096)
                if not chunk:
                    return
                head += chunk
            self.connects.append(head.split(b"\r\n", 1)[0].decode("latin-1"))
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            secured = self.context.wrap_socket(client, server_side=True)
        except (OSError, ssl.SSLError):
            client.close()
            return
        upstream = socket.create_connection(("127.0.0.1", self.target_port))
        back = threading.Thread(target=self.pump, args=(upstream, secured), daemon=True)
        back.start()
        self.pump(secured, upstream)
        back.join(30)
        for end in (secured, upstream):
            end.close()

    @staticmethod
    def pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except (OSError, ssl.SSLError):
            pass
        finally:
            try:
                sink.shutdown(socket.SHUT_WR)
            except (OSError, ssl.SSLError):
                pass

    def close(self) -> None:
        self.listener.close()


@unittest.skipUnless(APPRISE.exists(), "the apprise command is not installed at /usr/bin/apprise "
                                       "(Debian: apt-get install apprise)")
class AppriseTestCase(unittest.TestCase):
    version = ""

    @classmethod
    def setUpClass(cls) -> None:
        cls.home = tempfile.TemporaryDirectory()
        cls.version = apprise_version()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.home.cleanup()

    def apprise(self, *urls: str, title: str | None = "TITLE", body: str = "BODY", proxy: int | None = None,
                options: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
        """``apprise -vv -t TITLE -b BODY URL…`` with a home of its own (no configuration of the machine's) and no
        proxy but ``proxy`` (a tunnel's port) for https."""
        environment = {k: v for k, v in os.environ.items() if k.lower() not in PROXY_VARIABLES}
        environment.update(HOME=self.home.name, XDG_CONFIG_HOME=self.home.name, NO_PROXY="127.0.0.1,localhost")
        if proxy is not None:
            environment.update(HTTPS_PROXY=f"http://127.0.0.1:{proxy}", NO_PROXY="")
        arguments = [str(APPRISE), "-vv", *(["-t", title] if title is not None else []), "-b", body, *options, *urls]
        return subprocess.run(arguments, capture_output=True, text=True, env=environment, timeout=120)

    def assertExit(self, run: subprocess.CompletedProcess[str], status: int) -> None:  # noqa: N802 - unittest's style
        self.assertEqual(run.returncode, status, f"apprise said:\n{run.stdout}\n{run.stderr}")


class AppriseJsonTests(AppriseTestCase):
    def test_json_posts_its_object_and_exits_0(self) -> None:
        with FakeWebhookServer() as server:
            self.assertExit(self.apprise(f"json://127.0.0.1:{server.port}/hook/path"), 0)
            entry = server.requests()[0]
            self.assertEqual((entry["method"], entry["path"], entry["query"], entry["status"]),
                             ("POST", "/hook/path", {}, 200))
            self.assertEqual((entry["headers"]["User-Agent"], entry["headers"]["Content-Type"], entry["authorization"]),
                             ("Apprise", "application/json", None))
            self.assertEqual(entry["body"], '{"version": "1.0", "title": "TITLE", "message": "BODY", '
                                            '"attachments": [], "type": "info"}')
            self.assertEqual(server.messages(), [{"seq": 1, "path": "/hook/path", "version": "1.0", "title": "TITLE",
                                                  "message": "BODY", "attachments": [], "type": "info"}])

    def test_json_with_put_credentials_and_a_type(self) -> None:
        with FakeWebhookServer(user="user", password="pa ss", reply_status=204) as server:
            run = self.apprise(f"json://user:pa%20ss@127.0.0.1:{server.port}/in?method=PUT", options=("-n", "warning"))
            self.assertExit(run, 0)
            entry = server.requests()[0]
            self.assertEqual((entry["method"], entry["authorization"]),
                             ("PUT", "Basic " + base64.b64encode(b"user:pa ss").decode()))
            self.assertEqual(json.loads(entry["body"])["type"], "warning")

    def test_json_exits_1_when_the_endpoint_refuses(self) -> None:
        with FakeWebhookServer(fail_next=1, fail_status=500) as server:
            self.assertExit(self.apprise(f"json://127.0.0.1:{server.port}/"), 1)
            self.assertEqual(server.requests()[0]["status"], 500)
            self.assertExit(self.apprise(f"json://127.0.0.1:{server.port}/"), 0)
            server.set_knobs(fail_next=1, fail_status=503)
            self.assertExit(self.apprise(f"json://127.0.0.1:{server.port}/"), 1)
            server.set_knobs(reply_status=404)
            self.assertExit(self.apprise(f"json://127.0.0.1:{server.port}/"), 1)


class AppriseNtfyTests(AppriseTestCase):
    def test_ntfy_publishes_json_to_the_root_and_exits_0(self) -> None:
        with FakeNtfyServer() as server:
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/deepcut-test"), 0)
            entry = server.requests()[0]
            self.assertEqual((entry["method"], entry["path"], entry["status"]), ("POST", "/", 200))
            self.assertEqual((entry["headers"]["Content-Type"], entry["headers"]["User-Agent"]),
                             ("application/json", "Apprise"))
            self.assertNotIn("X-Priority", entry["headers"])
            self.assertEqual(entry["body"], '{"topic": "deepcut-test", "title": "TITLE", "message": "BODY"}')
            message = server.messages()[0]
            self.assertEqual((message["topic"], message["title"], message["message"], message["json"]),
                             ("deepcut-test", "TITLE", "BODY", True))
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/deepcut-test?mode=private", title=None), 0)
            self.assertEqual(server.requests()[1]["body"], '{"topic": "deepcut-test", "message": "BODY"}')

    def test_ntfy_options_travel_as_headers(self) -> None:
        with FakeNtfyServer() as server:
            run = self.apprise(f"ntfy://127.0.0.1:{server.port}/first/second?priority=high&tags=cd,new"
                               "&click=https://example.com/r")
            self.assertExit(run, 0)
            entries = server.requests()
            self.assertEqual([json.loads(e["body"])["topic"] for e in entries], ["second", "first"])
            headers = entries[0]["headers"]
            self.assertEqual((headers["X-Priority"], headers["X-Tags"], headers["X-Click"]),
                             ("high", "cd,new", "https://example.com/r"))
            self.assertEqual({(m["priority"], tuple(m["tags"]), m["click"]) for m in server.messages()},
                             {(4, ("cd", "new"), "https://example.com/r")})

    def test_ntfy_credentials(self) -> None:
        with FakeNtfyServer(user="phil", password="s3cret", token="tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2") as server:
            self.assertExit(self.apprise(f"ntfy://phil:s3cret@127.0.0.1:{server.port}/topic"), 0)
            self.assertEqual(server.requests()[-1]["authorization"], "Basic " + base64.b64encode(b"phil:s3cret").decode())
            self.assertExit(self.apprise(f"ntfy://phil:wrong@127.0.0.1:{server.port}/topic"), 1)
            self.assertEqual(server.requests()[-1]["status"], 401)
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/topic"), 1)
            self.assertEqual(server.requests()[-1]["status"], 403)
            # A token as the user: Apprise 1.2.0 sends it as Basic "tk_…:None", which ntfy refuses.
            self.assertExit(self.apprise(f"ntfy://tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2@127.0.0.1:{server.port}/topic"),
                            1 if self.version == "1.2.0" else 0)
            if self.version == "1.2.0":
                self.assertEqual(server.requests()[-1]["authorization"],
                                 "Basic " + base64.b64encode(b"tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2:None").decode())

    def test_ntfy_refusals_exit_1(self) -> None:
        with FakeNtfyServer(fail_next=1, fail_status=500) as server:
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/topic"), 1)
            self.assertEqual(server.requests()[-1]["status"], 500)
            server.set_knobs(fail_next=1, fail_status=503)
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/topic"), 1)
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/topic", body="x" * 5000), 1)
            self.assertEqual((server.requests()[-1]["status"], server.requests()[-1]["fault"]), (400, "ntfy:40014"))
            self.assertExit(self.apprise(f"ntfy://127.0.0.1:{server.port}/topic"), 0)


@unittest.skipUnless(OPENSSL, "the openssl command, which makes the tunnel's certificate, is not installed")
class AppriseHttpsTestCase(AppriseTestCase):
    """Discord and Slack through the tunnel."""

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        folder = Path(cls.home.name)
        cls.certificate, cls.key = folder / "tunnel.crt", folder / "tunnel.key"
        subprocess.run([str(OPENSSL), "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-days", "2", "-subj", "/CN=fake push targets", "-addext",
                        "subjectAltName=DNS:discord.com,DNS:hooks.slack.com", "-keyout", str(cls.key), "-out",
                        str(cls.certificate)], check=True, capture_output=True, timeout=120)

    def through_tunnel(self, server: Any, *url: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
        tunnel = TlsTunnel(server.port, self.certificate, self.key)
        try:
            return self.apprise(*url, proxy=tunnel.port), tunnel.connects
        finally:
            tunnel.close()


class AppriseDiscordTests(AppriseHttpsTestCase):
    HOOK = "discord://849615314274484224/Tok3n-_abc?verify=no"

    def test_discord_posts_content_to_the_unversioned_path_and_takes_204(self) -> None:
        with FakeDiscordServer(webhooks={"849615314274484224": "Tok3n-_abc"}) as server:
            run, connects = self.through_tunnel(server, self.HOOK)
            self.assertExit(run, 0)
            self.assertEqual(connects, ["CONNECT discord.com:443 HTTP/1.0"])
            entry = server.requests()[0]
            self.assertEqual((entry["method"], entry["path"], entry["query"], entry["status"]),
                             ("POST", "/api/webhooks/849615314274484224/Tok3n-_abc", {}, 204))
            self.assertEqual((entry["headers"]["Host"], entry["headers"]["Content-Type"]),
                             ("discord.com", "application/json; charset=utf-8"))
            payload = json.loads(entry["body"])
            self.assertEqual(list(payload), ["tts", "wait", "content", "avatar_url"])
            self.assertEqual((payload["tts"], payload["wait"], payload["content"]), (False, True, "TITLE\r\nBODY"))
            self.assertEqual(server.messages()[0]["content"], "TITLE\r\nBODY")

    def test_discord_markdown_is_an_embed(self) -> None:
        with FakeDiscordServer() as server:
            run, _ = self.through_tunnel(server, self.HOOK + "&format=markdown")
            self.assertExit(run, 0)
            embed = server.messages()[0]["embeds"][0]
            self.assertEqual((embed["title"], embed["description"], embed["author"]["name"]), ("TITLE", "BODY", "Apprise"))

    def test_discord_refusals_exit_1(self) -> None:
        with FakeDiscordServer(webhooks={"849615314274484224": "Tok3n-_abc"}, fail_next=1, fail_status=500) as server:
            self.assertExit(self.through_tunnel(server, self.HOOK)[0], 1)
            server.set_knobs(throttle_next=1, retry_after=0.5)
            self.assertExit(self.through_tunnel(server, self.HOOK)[0], 1)
            self.assertExit(self.through_tunnel(server, "discord://849615314274484224/wrong?verify=no")[0], 1)
            self.assertEqual([e["status"] for e in server.requests()], [500, 429, 401])


class AppriseSlackTests(AppriseHttpsTestCase):
    HOOK = "slack://T0001/B0002/XXXXXXXXXXXXXXXXXXXXXXXX?verify=no"

    def test_slack_posts_a_legacy_attachment(self) -> None:
        with FakeSlackServer() as server:
            run, connects = self.through_tunnel(server, self.HOOK)
            # Apprise 1.2.0 compares the answer's bytes with the str 'ok', so it says a delivered message failed.
            self.assertExit(run, 1 if self.version == "1.2.0" else 0)
            self.assertEqual(connects, ["CONNECT hooks.slack.com:443 HTTP/1.0"])
            entry = server.requests()[0]
            self.assertEqual((entry["path"], entry["status"], entry["headers"]["Accept"]),
                             ("/services/T0001/B0002/XXXXXXXXXXXXXXXXXXXXXXXX", 200, "application/json"))
            payload = json.loads(entry["body"])
            self.assertEqual((payload["username"], payload["mrkdwn"]), ("Apprise", True))
            self.assertNotIn("text", payload)
            attachment = payload["attachments"][0]
            self.assertEqual((attachment["title"], attachment["text"]), ("TITLE", "BODY"))

    def test_slack_refusals_exit_1(self) -> None:
        with FakeSlackServer(refuse_with="channel_not_found") as server:
            self.assertExit(self.through_tunnel(server, self.HOOK)[0], 1)
            self.assertEqual(server.requests()[0]["status"], 404)


if __name__ == "__main__":
    unittest.main()
