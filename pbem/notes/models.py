"""A player's notes on a game: one row per game and player."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db

#: The longest notes, in characters.
NOTES_LENGTH = 10_000


class GameNote(db.Model):
    __tablename__ = "game_notes"
    __table_args__ = (UniqueConstraint("game_id", "player_id",
                                       name="uq_game_notes_game_id_player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           index=True)
    body: Mapped[str] = mapped_column(Text, default="")
    updated_at = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow, nullable=False)
