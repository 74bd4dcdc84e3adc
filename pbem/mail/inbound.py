"""Reading an inbound message safely, and the facts about it the ingest trusts.

Standard library only. The email package parses nested parts recursively, so a message nested a
few thousand deep exhausts Python's stack: a message is refused before parsing when it is too
large or could nest too deep. Each nesting level needs a ``multipart`` or ``message/`` content
type (a part of a ``multipart/digest`` defaults to ``message/rfc822``, so at most two levels per
word), so counting those words bounds the depth without parsing anything. These checks cost
little, so the MTA's pipe makes them before it spools a message (``pbem.mail.pipe``).
"""

from __future__ import annotations

import email
import enum
import hashlib
import re
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses

#: At most this many ``multipart``/``message/`` words: real replies have a handful.
MAX_NESTING_WORDS = 50
_NESTING_WORD = re.compile(rb"multipart|message\s*/", re.IGNORECASE)
#: How a message begins: a header field (RFC 5322: printable ASCII but the colon, then a colon)
#: or the ``From `` line of an mbox or an MTA's local delivery.
_FIRST_LINE = re.compile(rb"[!-9;-~]+[ \t]*:|From ")


class Status(enum.IntEnum):
    """What to answer whoever delivered a message, valued as the exit codes of an MTA's pipe
    (sysexits.h)."""

    DONE = 0
    MALFORMED = 65  # EX_DATAERR: bounced, never retried
    RETRY = 75  # EX_TEMPFAIL: the MTA keeps the message and tries again


class Unreadable(Exception):
    """A message the ingest will not parse; the text says why (for the operator's log)."""


def check(raw: bytes, max_bytes: int) -> None:
    """Refuse what can never be read, without parsing it.

    :raises Unreadable: larger than ``max_bytes``, not beginning as a message does, or with
        parts that could nest too deep.
    """
    if len(raw) > max_bytes:
        raise Unreadable(f"the message is larger than {max_bytes} bytes")
    if not _FIRST_LINE.match(raw):
        raise Unreadable("this is not a message (it does not begin with a header)")
    if len(_NESTING_WORD.findall(raw)) > MAX_NESTING_WORDS:
        raise Unreadable("the message has too many nested parts")


def parse(raw: bytes, max_bytes: int) -> EmailMessage:
    """The parsed message.

    :raises Unreadable: as :func:`check` does.
    """
    check(raw, max_bytes)
    return email.message_from_bytes(raw, policy=policy.default)


def sender(message: EmailMessage) -> str | None:
    """The lower-cased address of the one mailbox in ``From``; ``None`` for none, several, or
    a header that does not parse."""
    try:
        values = [str(value) for value in message.get_all("From", [])]
    except (ValueError, IndexError, TypeError):  # the header parser's errors on junk
        return None
    addresses = [address for _, address in getaddresses(values) if address]
    if len(addresses) != 1 or "@" not in addresses[0]:
        return None
    return addresses[0].strip().lower()


def message_key(message: EmailMessage) -> str | None:
    """A fixed-width key for the message's ``Message-ID`` (its SHA-256), to recognise a copy
    delivered again; ``None`` without one."""
    try:
        value = str(message.get("Message-ID") or "").strip()
    except (ValueError, IndexError, TypeError):
        return None
    if not value:
        return None
    return hashlib.sha256(value.encode("utf-8", "surrogateescape")).hexdigest()
