"""Handing messages to the SMTP server: one connection for a batch, each message within a time
budget, and refusals told apart from failures worth retrying.

Flask-Mail builds the message and holds the server settings, but opens a connection per message
and with no timeout: a server that accepts and never answers held a sender (and, through it, its
database connection) for ever. Here one session delivers a whole batch, and each message —
connecting if need be, every command and reply — has its own budget: each exchange may wait
only for what is left of it. Where the server offers PIPELINING (RFC 2920), a message's
``MAIL``, ``RCPT`` and ``DATA`` go in one write and their replies are read together: two round
trips a message instead of four.
"""

from __future__ import annotations

import re
import smtplib
import time

from flask_mail import sanitize_address, sanitize_addresses


class Refused(Exception):
    """The server refused the message for good (a 5xx reply to the recipient or the data):
    sending it again would fail again."""


class _Budgeted:
    """Mixed into :class:`smtplib.SMTP` (and ``SMTP_SSL``): before each command and each reply
    the socket's timeout is set to the time left, and none left is a :class:`TimeoutError`.
    :meth:`rearm` starts a new budget (for the next message of a batch)."""

    def __init__(self, host: str, port: int, budget: float):
        self.rearm(budget)
        super().__init__(host, port, timeout=budget)

    def rearm(self, budget: float) -> None:
        self._deadline = time.monotonic() + budget

    def _tighten(self) -> None:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the SMTP server took longer than MAIL_TIMEOUT")
        if self.sock is not None:
            self.sock.settimeout(left)

    def send(self, s):
        self._tighten()
        super().send(s)

    def getreply(self):
        self._tighten()
        return super().getreply()


class _SMTP(_Budgeted, smtplib.SMTP):
    pass


class _SMTPSSL(_Budgeted, smtplib.SMTP_SSL):
    pass


class Session:
    """A connection to the server Flask-Mail's ``settings`` (its extension state) name, opened
    at the first message and kept for the next ones; a context manager that closes it.

    A message's failure that may have broken the session (a timeout, a dropped connection)
    closes it, and the next message opens another.
    """

    def __init__(self, settings, budget: float):
        self.settings, self.budget = settings, budget
        self.server: _SMTP | None = None
        #: Connections opened so far.
        self.connections = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def send(self, envelope_sender: str, recipients: list[str], data: bytes) -> None:
        """Deliver ``data`` to ``recipients`` with ``envelope_sender`` as the return path,
        taking at most about the budget.

        Returns once the server has accepted the message for every recipient.

        :raises Refused: refused for good (5xx).
        :raises OSError, smtplib.SMTPException: anything else: unreachable, out of time, a
            temporary refusal (4xx).
        """
        server = self._connected()
        sender = sanitize_address(envelope_sender)
        recipients = list(sanitize_addresses(recipients))
        try:
            if server.has_extn("pipelining"):
                _pipelined(server, sender, recipients, data)
            else:
                server.sendmail(sender, recipients, data)
        except smtplib.SMTPRecipientsRefused as exc:
            self._reset()
            codes = [code for code, _ in exc.recipients.values()]
            if all(code >= 500 for code in codes):
                raise Refused(_describe(exc.recipients)) from None
            raise
        except (smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as exc:
            self._reset()
            # A refused sender is this server's configuration, not the recipient's fault.
            if exc.smtp_code >= 500 and isinstance(exc, smtplib.SMTPDataError):
                raise Refused(f"{exc.smtp_code} {_text(exc.smtp_error)}") from None
            raise
        except (OSError, smtplib.SMTPException):
            self.close()
            raise

    def _connected(self) -> _SMTP:
        if self.server is not None:
            self.server.rearm(self.budget)
            return self.server
        settings = self.settings
        server = (_SMTPSSL if settings.use_ssl else _SMTP)(settings.server, settings.port,
                                                          self.budget)
        self.connections += 1
        try:
            if settings.use_tls:
                server.starttls()
            if settings.username and settings.password:
                server.login(settings.username, settings.password)
            server.ehlo_or_helo_if_needed()  # what the server offers, PIPELINING among it
        except BaseException:
            server.close()
            raise
        self.server = server
        return server

    def _reset(self) -> None:
        """Clear the refused transaction so the session can carry the next message."""
        try:
            self.server.rset()
        except (OSError, smtplib.SMTPException):
            self.close()

    def close(self) -> None:
        """End the session; its messages are already accepted, so nothing here can fail one."""
        if self.server is None:
            return
        server, self.server = self.server, None
        try:
            server.quit()
        except (OSError, smtplib.SMTPException):
            server.close()


_LEADING_DOT = re.compile(rb"(?m)^\.")


def _pipelined(server: smtplib.SMTP, sender: str, recipients: list[str], data: bytes) -> None:
    """``server.sendmail(sender, recipients, data)`` with its commands pipelined, raising what
    it raises: the transaction is left for the caller to reset when it fails."""
    size = f" SIZE={len(data)}" if server.has_extn("size") else ""
    commands = [f"MAIL FROM:{smtplib.quoteaddr(sender)}{size}",
                *(f"RCPT TO:{smtplib.quoteaddr(recipient)}" for recipient in recipients), "DATA"]
    server.send("".join(command + "\r\n" for command in commands))
    mail = server.getreply()
    refused = {}
    for recipient in recipients:
        code, reply = server.getreply()
        if code not in (250, 251):
            refused[recipient] = (code, reply)
    code, reply = server.getreply()
    if code == 354 and len(refused) == len(recipients):  # nobody to send it to: end it empty
        server.send(b".\r\n")
        code, reply = server.getreply()
    if mail[0] != 250:
        raise smtplib.SMTPSenderRefused(mail[0], mail[1], sender)
    if len(refused) == len(recipients):
        raise smtplib.SMTPRecipientsRefused(refused)
    if code != 354:
        raise smtplib.SMTPDataError(code, reply)
    quoted = _LEADING_DOT.sub(b"..", data)
    server.send(quoted + (b"" if quoted.endswith(b"\r\n") else b"\r\n") + b".\r\n")
    code, reply = server.getreply()
    if code != 250:
        raise smtplib.SMTPDataError(code, reply)


def _text(reply: bytes | str) -> str:
    return reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)


def _describe(refusals: dict) -> str:
    return "; ".join(f"{code} {_text(reply)}" for code, reply in refusals.values())
