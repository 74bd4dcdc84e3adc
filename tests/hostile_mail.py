"""Messages built to cost a mail worker as much as possible (issue #28): each kind scaled by
``count``, so a test can build one just over a limit and the bench one as large as the issue
names (and one just under the limit, to measure what a message that passes may cost)."""

from __future__ import annotations

import base64

from pbem.mail import inbound

HEAD = (b"From: Alice <alice@example.com>\r\nTo: move+abc@pbem.test\r\n"
        b"Subject: Re: your turn\r\nMessage-ID: <hostile@example.com>\r\n")


def many_addresses(count: int) -> bytes:
    """``To`` holding ``count`` addresses (60,000 is 2.5 MB)."""
    addresses = ",\r\n ".join(f"player{index}@example.com" for index in range(count))
    return (b"From: Alice <alice@example.com>\r\nTo: move+abc@pbem.test,\r\n "
            + addresses.encode() + b"\r\nSubject: Re: your turn\r\n\r\nMc3\r\n")


def encoded_words(count: int) -> bytes:
    """``From`` holding ``count`` RFC 2047 encoded words."""
    words = "\r\n ".join("=?utf-8?q?=C3=A9?=" for _ in range(count))
    return (b"From: " + words.encode() + b" <alice@example.com>\r\nTo: move+abc@pbem.test\r\n"
            b"Subject: Re: your turn\r\n\r\nMc3\r\n")


def one_line_parts(count: int) -> bytes:
    """A ``multipart/mixed`` body of ``count`` one-line parts."""
    parts = b"".join(b"--b\r\n\r\nx\r\n" for _ in range(count))
    return (HEAD + b'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n'
            + parts + b"--b--\r\n")


def newlines(count: int) -> bytes:
    """A base64 body of ``count`` empty lines around the move."""
    return (HEAD + b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
            b"Content-Transfer-Encoding: base64\r\n\r\n"
            + base64.b64encode(b"Mc3\r\n") + b"\n" * count)


def many_headers(count: int) -> bytes:
    """``count`` header fields before the body."""
    return HEAD + b"".join(b"X-Junk-%d: x\r\n" % index for index in range(count)) + b"\r\nMc3\r\n"


def long_header(length: int) -> bytes:
    """A ``Subject`` of ``length`` bytes, folded."""
    words = b"\r\n ".join(b"w" * 70 for _ in range(length // 73 + 1))
    return HEAD + b"X-Long: " + words + b"\r\n\r\nMc3\r\n"


def html_tags(count: int) -> bytes:
    """An HTML body of ``count`` paragraphs on one line (within every limit but the size)."""
    return (HEAD + b"MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
            + b"<p>Mc3</p>" + b"<p>x</p>" * count + b"\r\n")


def part_headers(count: int) -> bytes:
    """``count`` parts, each with ``Content-Type`` and ``Content-Disposition`` fields of as many
    parameters as a field may have, as long as it may be."""
    params = b";\r\n ".join(b"p%d=%s" % (index, b"v" * 50)
                            for index in range(inbound.MAX_PARAMETERS))
    part = (b"--b\r\nContent-Type: text/plain; " + params + b"\r\nContent-Disposition: inline; "
            + params + b"\r\n\r\nMc3\r\n")
    return (HEAD + b'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n'
            + part * count + b"--b--\r\n")


def param_field(length: int) -> bytes:
    """A ``Content-Type`` of ``length`` bytes of parameters (the parser's work grows with the
    square of their number)."""
    return (HEAD + b"MIME-Version: 1.0\r\nContent-Type: text/plain; " + b"a=b;" * (length // 4)
            + b"\r\n\r\nMc3\r\n")


def comments(count: int) -> bytes:
    """A ``From`` of ``count`` comments, then a long dotted local part."""
    return (b"From: " + b"(a)" * count + b" " + b"a." * 900 + b"a@example.com\r\n"
            b"To: move+abc@pbem.test\r\nSubject: Re: your turn\r\n\r\nMc3\r\n")


#: The kinds of the issue with the size it names, then others found costly.
KINDS = {"addresses": (many_addresses, 60_000), "encoded_words": (encoded_words, 150_000),
         "parts": (one_line_parts, 40_000), "newlines": (newlines, 3_600_000),
         "headers": (many_headers, 100_000), "header_length": (long_header, 2_000_000),
         "part_headers": (part_headers, 1000), "parameters": (param_field, 16_000),
         "comments": (comments, 2000)}
#: For each kind, the largest message of it within the limits.
WITHIN = {"addresses": inbound.MAX_ADDRESSES - 2,
          "encoded_words": inbound.MAX_PARSED_FIELD_BYTES // 24,
          "parts": inbound.MAX_PART_LINES - 1, "newlines": inbound.MAX_LINES - 10,
          "headers": inbound.MAX_HEADER_FIELDS - 4, "header_length": inbound.MAX_FIELD_BYTES - 300,
          "part_headers": inbound.MAX_PART_LINES - 1,
          "parameters": 4 * inbound.MAX_PARAMETERS - 20,
          "comments": inbound.MAX_COMMENTS}


def everything(count: int) -> bytes:
    """Each costly thing at once, ``count`` parts: the longest ``From`` with its comments,
    parts with their parameters, and an HTML part of tags."""
    part = part_headers(count).partition(b"\r\n\r\n")[2].rpartition(b"--b--")[0]
    return (comments(inbound.MAX_COMMENTS).partition(b"\r\n")[0] + b"\r\n"
            b'To: move+abc@pbem.test\r\nMIME-Version: 1.0\r\n'
            b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n' + part
            + b"--b\r\nContent-Type: text/html\r\n\r\n" + b"<p>x</p>" * 600_000
            + b"\r\n--b--\r\n")


#: Within every limit however large (up to the size limit): an HTML body of tags, and all.
LARGE = {"html_tags": (html_tags, 600_000), "everything": (everything, inbound.MAX_PART_LINES - 3)}
