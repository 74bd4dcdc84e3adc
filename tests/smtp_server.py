"""A real SMTP server for the tests (aiosmtpd on loopback) that keeps what it receives."""

from __future__ import annotations

import email
import socket
from email import policy

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _Collector:
    def __init__(self, server):
        self.server = server

    async def handle_DATA(self, smtp_server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.server.messages.append((list(envelope.rcpt_tos), message))
        return "250 OK"


class SMTPServer:
    """Start, stop and start again on the same port (for the outage test)."""

    def __init__(self):
        self.port = free_port()
        self.messages: list = []
        self.controller = None

    def start(self):
        self.controller = Controller(_Collector(self), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def to(self, address: str) -> list:
        return [message for rcpts, message in self.messages if address in rcpts]
