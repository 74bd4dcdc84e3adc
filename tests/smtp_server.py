"""A real SMTP server for the tests (aiosmtpd on loopback) that keeps what it receives."""

from __future__ import annotations

import email
import socket
import threading
from email import policy

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _Collector:
    def __init__(self, server):
        self.server = server

    async def handle_EHLO(self, smtp_server, session, envelope, hostname, responses):
        session.host_name = hostname
        if self.server.pipelining:
            responses.insert(1, "250-PIPELINING")
        return responses

    async def handle_RCPT(self, smtp_server, session, envelope, address, rcpt_options):
        if address in self.server.refuse:
            self.server.refused.append(address)
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, smtp_server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.server.messages.append((list(envelope.rcpt_tos), message))
        self.server.envelopes.append((envelope.mail_from, envelope.content))
        return "250 OK"


class _CountingController(Controller):
    def __init__(self, server, **kwargs):
        super().__init__(_Collector(server), **kwargs)
        self.counted = server

    def factory(self):  # called once per connection
        self.counted.connections += 1
        return super().factory()


class SMTPServer:
    """Start, stop and start again on the same port (for the outage test). Recipients in
    ``refuse`` are refused for good (550) and noted in ``refused``; ``connections`` counts the
    connections made, ``envelopes`` the envelope sender and bytes of each message. With
    ``pipelining`` it offers PIPELINING (RFC 2920)."""

    def __init__(self, pipelining: bool = False):
        self.pipelining = pipelining
        self.port = free_port()
        self.messages: list = []
        self.envelopes: list[tuple[str, bytes]] = []
        self.refuse: set[str] = set()
        self.refused: list[str] = []
        self.connections = 0
        self.controller = None

    def start(self):
        self.controller = _CountingController(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        self.connections = 0  # start() connects once to check the server is up

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def to(self, address: str) -> list:
        return [message for rcpts, message in self.messages if address in rcpts]


class HangingServer:
    """A listener on loopback that accepts connections and never says a word (not even the
    SMTP greeting): a mail server that has hung. ``accepted`` is set at each connection."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.accepted = threading.Event()
        self.connections: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed
                return
            self.connections.append(connection)
            self.accepted.set()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        self.thread.join(10)
        for connection in self.connections:
            connection.close()
