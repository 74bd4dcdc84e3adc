"""The bot worker's own table: which turn a worker is thinking about, and until when."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Integer, String
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


class GameReview(db.Model):
    """The bots' review of a finished game, asked for by one of its players: the bot worker
    reads every turn with the level-3 search (outside any request, under a lease) and keeps,
    for each turn, the ply it preferred and the mover's expected share of the game before and
    after the turn played. Public with the game."""

    __tablename__ = "game_reviews"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    requested_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), index=True)
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    #: ``requested``, ``running`` (leased to a worker until ``lease_until``), ``done``.
    status: Mapped[str] = mapped_column(String(16), default="requested")
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True))
    lease_token: Mapped[str | None] = mapped_column(String(32))
    level: Mapped[int] = mapped_column(Integer, default=3)
    #: One entry a turn: ``{"ply", "seat", "played", "preferred", "before", "after"}``
    #: (``ply``: the turn's first ply, counted from 1; shares in [0, 1]).
    turns: Mapped[list | None] = mapped_column(JSON)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True))
