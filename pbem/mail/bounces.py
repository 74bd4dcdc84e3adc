"""Delivery reports that come back to a message's envelope sender (:mod:`.verp`).

The report is read by flufl.bounce, which knows RFC 3464 and the formats of servers that do not
follow it. A permanent failure suppresses the address the outbox row was sent to — the row's,
not the one the report names, so a report cannot suppress anyone else. A temporary one (a
server still retrying) changes nothing.
"""

from __future__ import annotations

from email.message import Message

from ..core.extensions import db
from . import suppression
from .models import OutboxMessage


def handle_bounce(message: Message, outbox_id: int) -> str:
    """Act on a report about outbox row ``outbox_id`` (in the email's unit of work); return a
    line for the log (naming no address)."""
    row = db.session.get(OutboxMessage, outbox_id)
    if row is None:
        return f"ignored: a delivery report about mail {outbox_id}, which is no longer kept"
    from flufl.bounce import all_failures  # only for a bounce: not on every reply's path

    _, permanent = all_failures(message)
    if not permanent:
        return f"ignored: a delivery report about mail {outbox_id} with no permanent failure"
    suppression.suppress(row.recipient, _reason(message))
    return f"suppressed the recipient of mail {outbox_id}: it bounced"


def _reason(message: Message) -> str:
    """The report's own words (its status and diagnostic), for the player to read."""
    for part in message.walk():
        if part.get_content_type() == "message/delivery-status":
            for block in part.get_payload():
                diagnostic = block.get("Diagnostic-Code") or block.get("Status")
                if diagnostic:
                    return f"Your mail server reported: {str(diagnostic).strip()}"
    return "Your mail server sent back one of our messages as undeliverable."
