"""A browser's push subscription."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db

#: The notification kinds a browser may want (``pbem.notifications`` kinds).
PUSH_KINDS = ("turn", "reminder", "game", "invitation", "tournament")
DEFAULT_KINDS = "turn reminder game"


class PushSubscription(db.Model):
    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           index=True)
    #: The push service's URL for this browser; a secret of the browser's, never shown.
    endpoint: Mapped[str] = mapped_column(Text, unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    #: The kinds it wants, separated by spaces.
    kinds: Mapped[str] = mapped_column(String(64), default=DEFAULT_KINDS)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
