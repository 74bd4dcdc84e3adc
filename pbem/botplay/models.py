"""The bot worker's own table: which turn a worker is thinking about, and until when."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime
from ..core.extensions import db


class BotLease(db.Model):
    """A worker thinks about the bot's turn at ``ply`` of the game until ``until``; other
    workers leave that turn alone meanwhile, so a turn is thought about once, not once per
    worker. A lease for an older ply is stale by itself (the turn was played), and one past
    ``until`` belonged to a worker that died or gave up."""

    __tablename__ = "bot_leases"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    ply: Mapped[int] = mapped_column(Integer)
    until: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
