"""Reading an inbound message safely, and the facts about it the ingest trusts.

Standard library only. The email package parses nested parts recursively, so a message nested a
few thousand deep exhausts Python's stack: a message is refused before parsing when it is too
large or could nest too deep. Each nesting level needs a ``multipart`` or ``message/`` content
type (a part of a ``multipart/digest`` defaults to ``message/rfc822``, so at most two levels per
word), so counting those words bounds the depth without parsing anything.
"""

from __future__ import annotations

import email
import hashlib
import re
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses

#: At most this many ``multipart``/``message/`` words: real replies have a handful.
MAX_NESTING_WORDS = 50
_NESTING_WORD = re.compile(rb"multipart|message\s*/", re.IGNORECASE)


class Unreadable(Exception):
    """A message the ingest will not parse; the text says why (for the operator's log)."""


def parse(raw: bytes, max_bytes: int) -> EmailMessage:
    """The parsed message.

    :raises Unreadable: larger than ``max_bytes``, or with parts that could nest too deep.
    """
    if len(raw) > max_bytes:
        raise Unreadable(f"the message is larger than {max_bytes} bytes")
    if len(_NESTING_WORD.findall(raw)) > MAX_NESTING_WORDS:
        raise Unreadable("the message has too many nested parts")
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
