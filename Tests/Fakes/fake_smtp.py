#!/usr/bin/python3
"""A mail server on 127.0.0.1 for deepcut's delivery tests: aiosmtpd (Debian's python3-aiosmtpd) with STARTTLS or
TLS from the start, AUTH PLAIN and LOGIN, and replies the test scripts.

    fake_smtp.py --maildir DIR [--tls CERT KEY] [--implicit-tls] [--auth USER:PASSWORD]
                 [--data-replies "451 4.3.0 try later,250"] [--rcpt-reply "550 5.1.1 no such user"]
                 [--auth-in-the-clear]

It listens on a port of 127.0.0.1 the system chooses; once it does it prints ``READY <port>`` and writes the
port to DIR/port, and it serves until SIGTERM, SIGINT or stdin EOF. Every message it accepts is written as
DIR/N.eml (the bytes as received, after the SMTP dot-unstuffing) beside DIR/N.json (the envelope: from, to, the
login used); every message it is sent, accepted or not, adds a line to DIR/attempts.jsonl with the reply it got.
Each file is whole before the reply goes out, and is written under another name and renamed into place, so a
reader finds a file whole or not at all; N.json comes after its N.eml. ``--data-replies`` gives the replies to
successive messages, the last repeating (a bare ``250`` accepts with "250 2.0.0 accepted", a longer 250 line
accepts with that line); with ``--tls`` and without ``--implicit-tls`` it offers STARTTLS and
refuses mail and AUTH before it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import ssl
import sys
import threading

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

LOOPBACK = "127.0.0.1"


def write_whole(path: str, data: bytes) -> None:
    """Writes ``path`` under a temporary name and renames it into place: a reader never sees half of it."""
    temporary = path + ".tmp"
    with open(temporary, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


class Handler:
    def __init__(self, maildir: str, data_replies: list[str], rcpt_reply: str | None) -> None:
        self.maildir = maildir
        self.data_replies = data_replies
        self.rcpt_reply = rcpt_reply
        self.attempts: list[str] = []
        self.accepted = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802 (aiosmtpd's name)
        if self.rcpt_reply:
            return self.rcpt_reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        reply = self.data_replies[min(len(self.attempts), len(self.data_replies) - 1)]
        self.attempts.append(json.dumps({"attempt": len(self.attempts) + 1, "reply": reply}) + "\n")
        write_whole(os.path.join(self.maildir, "attempts.jsonl"), "".join(self.attempts).encode("utf-8"))
        if not reply.startswith("250"):
            return reply
        number = self.accepted
        self.accepted += 1
        write_whole(os.path.join(self.maildir, f"{number}.eml"), envelope.original_content)
        credentials = getattr(session, "auth_data", None)
        login = credentials.login.decode() if isinstance(credentials, LoginPassword) else None
        encrypted = session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None
        envelope_facts = {"from": envelope.mail_from, "to": envelope.rcpt_tos, "login": login, "tls": encrypted}
        write_whole(os.path.join(self.maildir, f"{number}.json"), json.dumps(envelope_facts).encode("utf-8"))
        return "250 2.0.0 accepted" if reply == "250" else reply


def authenticator_for(credentials: str | None):
    if credentials is None:
        return None
    user, _, password = credentials.partition(":")

    def authenticate(server, session, envelope, mechanism, auth_data):
        good = (isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user
                and auth_data.password.decode() == password)
        return AuthResult(success=good, handled=False, auth_data=auth_data)

    return authenticate


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


async def serve(arguments: argparse.Namespace) -> None:
    handler = Handler(arguments.maildir, arguments.data_replies.split(","), arguments.rcpt_reply)
    context = tls_context(*arguments.tls) if arguments.tls else None
    starttls = context is not None and not arguments.implicit_tls
    authenticator = authenticator_for(arguments.auth)

    def protocol() -> SMTP:
        return SMTP(handler, hostname="fake-smtp.test", tls_context=context if starttls else None,
                    require_starttls=starttls, authenticator=authenticator, auth_required=authenticator is not None,
                    # aiosmtpd knows only of STARTTLS; a connection that began with TLS is encrypted all the same.
                    auth_require_tls=not (arguments.auth_in_the_clear or arguments.implicit_tls))

    loop = asyncio.get_running_loop()
    server = await loop.create_server(protocol, LOOPBACK, 0,
                                      ssl=context if arguments.implicit_tls else None)
    port = server.sockets[0].getsockname()[1]
    write_whole(os.path.join(arguments.maildir, "port"), str(port).encode("utf-8"))
    print(f"READY {port}", flush=True)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
    await stop.wait()
    server.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--auth", metavar="USER:PASSWORD")
    parser.add_argument("--data-replies", default="250")
    parser.add_argument("--rcpt-reply")
    parser.add_argument("--auth-in-the-clear", action="store_true", help="offer AUTH without TLS (a careless relay)")
    arguments = parser.parse_args()
    os.makedirs(arguments.maildir, exist_ok=True)
    asyncio.run(serve(arguments))


if __name__ == "__main__":
    main()
