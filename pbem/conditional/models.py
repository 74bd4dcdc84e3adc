"""A player's conditional moves in a game: one row per game and player, private to them."""

from __future__ import annotations

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db


class ConditionalTree(db.Model):
    """The lines a player keeps in a game, each a list of turns ``[seat, "ply ply"]`` from the
    game's ply ``from_ply`` on (canonical plies; forced passes left out), the other players'
    turns before each of theirs. Read and written with the game's row locked.

    ``cleared_ply`` and ``cleared_reason``: when the game left every line (or a reply had
    become illegal), at which ply and why; the player's next turn email says so."""

    __tablename__ = "conditional_moves"
    __table_args__ = (UniqueConstraint("game_id", "player_id",
                                       name="uq_conditional_moves_game_id_player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           index=True)
    seat: Mapped[int] = mapped_column(Integer)
    from_ply: Mapped[int] = mapped_column(Integer)
    lines: Mapped[list] = mapped_column(JSON, default=list)
    cleared_ply: Mapped[int | None] = mapped_column(Integer)
    cleared_reason: Mapped[str | None] = mapped_column(String(300))
    updated_at = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow, nullable=False)
