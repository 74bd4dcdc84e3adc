"""What correspondence keeps of its own: moves by email held for the player's confirmation."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db


class PendingMove(db.Model):
    """A move sent by email by a player who confirms such moves (their notification settings):
    not played, but shown back with the position it leads to, until they reply ``confirm``.

    One per seat of a game: a newer move replaces it. It is bound to the ply it was read at,
    so a confirmation that arrives after the position changed plays nothing.
    """

    __tablename__ = "pending_email_moves"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The game's ply when the move was read: it can be played only at that ply.
    ply: Mapped[int] = mapped_column(Integer)
    #: The whole turn as the rules accepted it.
    move: Mapped[str] = mapped_column(String(500))
    #: The short code the preview shows; ``confirm CODE`` must name it.
    code: Mapped[str] = mapped_column(String(8))
    #: The comment written below the move (already checked), sent with it when confirmed.
    comment: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
