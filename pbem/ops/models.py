"""One row per periodic command: when it last completed a round."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime
from ..core.extensions import db


class Heartbeat(db.Model):
    """``name`` (``tick``) last finished at ``beat_at``, by the wall clock. The readiness check
    reads it: a tick that stopped running stops clocks, reminders and tournament rounds
    without any error to show for it."""

    __tablename__ = "heartbeats"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    beat_at = mapped_column(UTCDateTime, nullable=False)
