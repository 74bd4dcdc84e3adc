"""Addresses mail is no longer sent to, because their server refused it for good.

Mail that keeps going to a dead address harms every player: large providers judge a sender by
how much of its mail bounces. A permanent refusal (see :mod:`.sender` and :mod:`.bounces`) puts
the address here; the player sees it on their pages and can switch their mail back on.
"""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ..core.extensions import db
from .models import SuppressedAddress

#: Mail that answers the recipient's own action goes even to a suppressed address: the player
#: asking for a sign-in link (perhaps to switch their mail back on) has a working mailbox again.
ALWAYS_SENT = frozenset({"sign_in", "reply_result"})


def reason(address: str) -> str | None:
    """Why mail to ``address`` is suppressed; ``None`` when it is not."""
    return db.session.scalar(select(SuppressedAddress.reason)
                             .where(SuppressedAddress.address == address.lower()))


def suppress(address: str, why: str) -> None:
    """Stop mail to ``address`` (in the caller's transaction); the first reason is kept."""
    if reason(address) is not None:
        return
    try:
        with db.session.begin_nested():
            db.session.add(SuppressedAddress(address=address.lower(), reason=why[:2000]))
    except IntegrityError:  # suppressed at the same moment by another sender
        pass


def lift(address: str) -> None:
    """Send mail to ``address`` again (in the caller's transaction)."""
    db.session.execute(delete(SuppressedAddress)
                       .where(SuppressedAddress.address == address.lower()))
