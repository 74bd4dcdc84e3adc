"""An LMTP listener (RFC 2033, aiosmtpd) that an MTA hands inbound mail to, for an operator
whose MTA should not run a command per message.

LMTP answers each recipient of a message on its own, after the data: each is ingested as its
own unit of work (with ``Delivered-To`` naming that recipient, as an MTA's local delivery
writes it), and answered 250 when handled or ignored, 550 when it can never be read, 451 when
something failed that may work later (the database down), so the MTA keeps the message and
tries again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP

from .handoff import Status, hand_over

log = logging.getLogger(__name__)

REPLIES = {
    Status.DONE: "250 2.0.0 delivered",
    Status.MALFORMED: "550 5.6.0 the message cannot be read",
    Status.RETRY: "451 4.3.0 the message could not be handled now; try again later",
}


class _Handler:
    def __init__(self, app, ingest: Callable[[bytes], str]):
        self.app, self.ingest = app, ingest

    async def handle_DATA(self, server, session, envelope):
        """One reply line per recipient (aiosmtpd writes what is returned as it is)."""
        replies = []
        for recipient in envelope.rcpt_tos:
            raw = b"Delivered-To: " + recipient.encode() + b"\r\n" + envelope.content
            outcome = await asyncio.to_thread(self._hand_over, raw)
            log.info("lmtp: %s", outcome.text)  # one line per message: no address, no token
            replies.append(REPLIES[outcome.status])
        return "\r\n".join(replies)

    def _hand_over(self, raw: bytes):
        with self.app.app_context():
            return hand_over(self.ingest, raw)


class _LMTPController(Controller):
    def factory(self):
        return LMTP(self.handler, **self.SMTP_kwargs)


def listener(app, ingest: Callable[[bytes], str], host: str, port: int) -> Controller:
    """An LMTP server (not yet started) that hands each message to ``ingest`` in an app context
    of ``app``; ``start()`` serves from a thread of its own, ``stop()`` ends it."""
    return _LMTPController(_Handler(app, ingest), hostname=host, port=port,
                           data_size_limit=app.config["MAIL_INBOUND_MAX_BYTES"],
                           decode_data=False)
