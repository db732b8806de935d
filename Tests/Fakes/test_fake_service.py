"""Tests of what every fake shares: here, a service that goes away mid-run (``POST /_gone``).

Run: python3 -m unittest discover -s Tests/Fakes -p 'test_*.py'
"""

from __future__ import annotations

import errno
import http.client
import json
import socket
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fake_deezer import FakeDeezerServer  # noqa: E402

WORLD = {"artists": [{"id": 27, "name": "Daft Punk", "albums": []}]}


class GoneServiceTests(unittest.TestCase):
    def test_a_gone_service_refuses_cuts_and_keeps_its_port(self) -> None:
        with FakeDeezerServer(WORLD, quota=None) as server:
            kept = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            kept.request("GET", "/search/artist?q=Daft+Punk")
            first = kept.getresponse()
            first.read()
            self.assertEqual(first.status, 200)

            control = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            control.request("POST", "/_gone")
            answer = control.getresponse()
            self.assertEqual(answer.status, 200)
            self.assertEqual(json.loads(answer.read()), {"gone": True, "port": server.port})

            # A new connection is refused at once.
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", server.port), timeout=10).close()
            # The kept-alive connection was cut: the next request on it finds nobody.
            with self.assertRaises((http.client.RemoteDisconnected, ConnectionError)):
                kept.request("GET", "/search/artist?q=Daft+Punk")
                kept.getresponse()
            # And nobody else can take the port while the process lives, even asking for it by number.
            for reuse in (False, True):
                taker = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                taker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, int(reuse))
                with self.assertRaises(OSError) as refused:
                    taker.bind(("127.0.0.1", server.port))
                self.assertEqual(refused.exception.errno, errno.EADDRINUSE)
                taker.close()
            self.assertEqual(len(server.requests()), 1)
            kept.close()
            control.close()


if __name__ == "__main__":
    unittest.main()
