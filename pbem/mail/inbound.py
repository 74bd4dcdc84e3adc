"""Reading an inbound message safely, and the facts about it the ingest trusts.

Standard library only. The email package parses nested parts recursively, so a message nested a
few thousand deep exhausts Python's stack: a message is refused before parsing when it is too
large or could nest too deep. Each nesting level needs a ``multipart`` or ``message/`` content
type (a part of a ``multipart/digest`` defaults to ``message/rfc822``, so at most two levels per
word), so counting those words bounds the depth without parsing anything.

Parsing costs more than the size says, too: the header parser's work grows faster than a
header's length (60,000 addresses in one ``To`` took minutes), every RFC 2047 encoded word and
every MIME part is an object, and every line a step. So the number of header fields, each
field's length, the addresses in an address field, the encoded words in the header and the
lines that could begin a MIME part (``--``) are bounded too: within every limit a message costs
the worker well under 0.2 s (``bench/bench_mail.py``). A real reply is far inside each. These
checks cost little (a few passes over the bytes), so the MTA's pipe makes them before it spools
a message (``pbem.cli.pipe``, which bounces what fails them) and the worker again before it
parses one (``parse``: the message is set aside unread).
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
_NESTING_WORD = re.compile(rb"multipart|message\s*/")  # searched in the lower-cased bytes
#: How a message begins: a header field (RFC 5322: printable ASCII but the colon, then a colon)
#: or the ``From `` line of an mbox or an MTA's local delivery.
_FIRST_LINE = re.compile(rb"[!-9;-~]+[ \t]*:|From ")
#: At most this many lines in all (the parser takes each as a step; 5 MB of base64 is 70,000).
MAX_LINES = 100_000
#: At most this many header fields (a reply that went through many relays has about 50).
MAX_HEADER_FIELDS = 500
#: A header field, its folded lines included, at most this long; one the ingest parses (``From``
#: and the ``Content-`` fields of the message and of any part) at most ``MAX_PARSED_FIELD_BYTES``.
MAX_FIELD_BYTES = 8 * 1024
MAX_PARSED_FIELD_BYTES = 2 * 1024
#: At most this many addresses (counted by ``@`` and by commas) in one address field.
MAX_ADDRESSES = 100
#: At most this many RFC 2047 encoded words (``=?``) in the whole header.
MAX_ENCODED_WORDS = 200
#: At most this many comments (``(``) in a field, and parameters (``;``) in a ``Content-``
#: field: the header parser's work grows with the square of either.
MAX_COMMENTS = 20
MAX_PARAMETERS = 10
#: At most this many lines beginning with ``--``: each MIME part begins with one.
MAX_PART_LINES = 100
ADDRESS_FIELDS = frozenset({"from", "to", "cc", "bcc", "reply-to", "sender", "delivered-to",
                            "x-original-to", "envelope-to", "return-path", "resent-from",
                            "resent-to", "resent-cc", "resent-bcc", "resent-sender"})
#: Where the header ends: at the first empty line. A parser may end it earlier (at a line that
#: is no header), never later, so what is counted here is never less than what it parses.
_HEADER_END = re.compile(rb"\n\r?\n|\r\r")
_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
#: A ``Content-`` field anywhere (a part's header is parsed as the message's is), and where a
#: field ends: a line break not followed by a folded line.
_CONTENT_FIELD = re.compile(rb"[\r\n]content-[!-9;-~]*[ \t]*:")  # in the lower-cased bytes
_FIELD_END = re.compile(rb"(?:\r\n|\r|\n)(?![ \t])")


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

    :raises Unreadable: larger than ``max_bytes``, not beginning as a message does, with
        parts that could nest too deep, or over any other limit above (the text names it).
    """
    if len(raw) > max_bytes:
        raise Unreadable(f"the message is larger than {max_bytes} bytes")
    if not _FIRST_LINE.match(raw):
        raise Unreadable("this is not a message (it does not begin with a header)")
    lowered = raw.lower()
    if len(_NESTING_WORD.findall(lowered)) > MAX_NESTING_WORDS:
        raise Unreadable("the message has too many nested parts")
    lines = raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n") + 1
    if lines > MAX_LINES:
        raise Unreadable(f"the message has more than {MAX_LINES} lines")
    part_lines = raw.count(b"\n--") + raw.count(b"\r--") + raw.startswith(b"--")
    if part_lines > MAX_PART_LINES:
        raise Unreadable(f"the message has more than {MAX_PART_LINES} lines that begin a part")
    end = _HEADER_END.search(raw)
    _check_header(raw[:end.start() + 1] if end else raw)
    for found in _CONTENT_FIELD.finditer(lowered):
        stop = _FIELD_END.search(raw, found.end())
        _check_field(raw[found.start() + 1:stop.start() if stop else len(raw)],
                     MAX_PARSED_FIELD_BYTES)


def _check_header(header: bytes) -> None:
    """The limits on the header section ``header`` (the bytes above the first empty line)."""
    if header.count(b"=?") > MAX_ENCODED_WORDS:
        raise Unreadable(f"the header has more than {MAX_ENCODED_WORDS} encoded words")
    fields: list[list[bytes]] = []
    for line in _LINE_BREAK.split(header):
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1].append(line)
        elif line:
            fields.append([line])
    if len(fields) > MAX_HEADER_FIELDS:
        raise Unreadable(f"the message has more than {MAX_HEADER_FIELDS} header fields")
    for lines in fields:
        name = lines[0].partition(b":")[0].strip().lower()
        parsed = name == b"from" or name.startswith(b"content-")
        _check_field(b"\r\n".join(lines), MAX_PARSED_FIELD_BYTES if parsed else MAX_FIELD_BYTES)


def _check_field(field: bytes, max_bytes: int) -> None:
    """The limits on one header field (its name, colon and value, folded lines included)."""
    if len(field) > max_bytes:
        raise Unreadable(f"a header field is longer than {max_bytes} bytes")
    if field.count(b"(") > MAX_COMMENTS:
        raise Unreadable(f"a header field has more than {MAX_COMMENTS} comments")
    name = field.partition(b":")[0].strip().lower()
    if name.startswith(b"content-") and field.count(b";") > MAX_PARAMETERS:
        raise Unreadable(f"a header field has more than {MAX_PARAMETERS} parameters")
    if name.decode("ascii", "replace") in ADDRESS_FIELDS:
        if max(field.count(b"@"), field.count(b",") + 1) > MAX_ADDRESSES:
            raise Unreadable(f"a header field names more than {MAX_ADDRESSES} addresses")


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
    except (ValueError, IndexError, TypeError, RecursionError):  # the parser's errors on junk
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
    except (ValueError, IndexError, TypeError, RecursionError):
        return None
    if not value:
        return None
    return hashlib.sha256(value.encode("utf-8", "surrogateescape")).hexdigest()
