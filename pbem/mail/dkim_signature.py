"""DKIM signing (dkimpy) of outgoing mail, when a key and selector are configured.

Receivers check the signature against the public key published in DNS at
``<selector>._domainkey.<domain>``; with SPF and DMARC it is what large providers require of a
sender before they deliver its mail to the inbox.
"""

from __future__ import annotations

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
