"""DKIM signing (dkimpy) of outgoing mail, when a key and selector are configured.

Receivers check the signature against the public key published in DNS at
``<selector>._domainkey.<domain>``; with SPF and DMARC it is what large providers require of a
sender before they deliver its mail to the inbox.
"""

from __future__ import annotations

import base64
from functools import cache
from pathlib import Path

import dkim
from flask import current_app

#: The headers signed: those a forger would change to pass one message off as another.
SIGNED = (b"From", b"To", b"Subject", b"Date", b"Message-ID", b"Reply-To", b"In-Reply-To",
          b"References", b"List-Id", b"List-Unsubscribe", b"List-Unsubscribe-Post",
          b"Auto-Submitted", b"Content-Type", b"MIME-Version")


@cache
def _key(path: str) -> bytes:
    return Path(path).read_bytes()


def sign(data: bytes) -> bytes:
    """``data`` with a ``DKIM-Signature`` header in front; unchanged when DKIM is not
    configured (``MAIL_DKIM_SELECTOR`` and ``MAIL_DKIM_KEY_FILE``)."""
    config = current_app.config
    if not (config["MAIL_DKIM_SELECTOR"] and config["MAIL_DKIM_KEY_FILE"]):
        return data
    domain = config["MAIL_DKIM_DOMAIN"] or config["MAIL_DOMAIN"]
    signature = dkim.sign(data, config["MAIL_DKIM_SELECTOR"].encode(), domain.encode(),
                          _key(config["MAIL_DKIM_KEY_FILE"]), include_headers=list(SIGNED))
    return signature + data


def _der(tag: int, body: bytes) -> bytes:
    """One DER element: its tag, its length (short or long form) and ``body``."""
    size = len(body)
    if size < 0x80:
        return bytes([tag, size]) + body
    length = size.to_bytes((size.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(length)]) + length + body


def _der_integer(value: int) -> bytes:
    return _der(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big"))


#: rsaEncryption (1.2.840.113549.1.1.1) with its NULL parameters.
_RSA_ALGORITHM = _der(0x30, _der(0x06, bytes.fromhex("2a864886f70d010101")) + _der(0x05, b""))


def dns_record(config) -> tuple[str, str]:
    """The name and the TXT record to publish for the configured key (RSA): its public key
    as receivers look it up.

    :raises OSError: the key file cannot be read.
    :raises ValueError: it holds no RSA private key dkimpy can sign with.
    """
    from dkim.crypto import UnparsableKeyError, parse_pem_private_key

    try:
        key = parse_pem_private_key(Path(config["MAIL_DKIM_KEY_FILE"]).read_bytes())
    except UnparsableKeyError as exc:
        raise ValueError(f"not a PEM RSA private key ({exc})") from None
    public = _der(0x30, _der_integer(key["modulus"]) + _der_integer(key["publicExponent"]))
    info = _der(0x30, _RSA_ALGORITHM + _der(0x03, b"\x00" + public))
    domain = config["MAIL_DKIM_DOMAIN"] or config["MAIL_DOMAIN"]
    return (f"{config['MAIL_DKIM_SELECTOR']}._domainkey.{domain}",
            f"v=DKIM1; k=rsa; p={base64.b64encode(info).decode()}")
