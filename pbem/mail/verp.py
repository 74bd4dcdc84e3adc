"""The envelope sender of each message (VERP): ``bounces+<id>-<mac>@MAIL_DOMAIN``.

A delivery report comes back to the envelope sender, so the address it arrives at names the
outbox row it is about, whatever the report's format. The MAC (keyed with ``SECRET_KEY``)
keeps anyone from suppressing a player's mail by writing "bounces" for guessed ids; it is
lower-case hex because some servers fold the case of local parts.
"""

from __future__ import annotations

import hashlib
import hmac
import re

from flask import current_app

_ADDRESS = re.compile(r"bounces\+(\d{1,18})-([0-9a-f]{16})@([^\s>]+)", re.IGNORECASE)


def _mac(outbox_id: int) -> str:
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, f"bounces:{outbox_id}".encode(), hashlib.sha256).hexdigest()[:16]


def bounce_address(outbox_id: int) -> str:
    return f"bounces+{outbox_id}-{_mac(outbox_id)}@{current_app.config['MAIL_DOMAIN']}"


def outbox_id_in(text: str) -> int | None:
    """The outbox id of the first genuine bounce address of this domain in ``text``."""
    domain = current_app.config["MAIL_DOMAIN"].lower()
    for match in _ADDRESS.finditer(text):
        outbox_id, mac, at = int(match[1]), match[2].lower(), match[3].lower()
        if at == domain and hmac.compare_digest(mac, _mac(outbox_id)):
            return outbox_id
    return None
