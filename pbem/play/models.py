"""Games, their seats and their moves.

The move history is the truth: a game is its setup (slug, options, seed, seats) plus its moves.
``Game.snapshot`` caches the current state (``rules.to_dict``) for speed and always equals a
replay of the moves (``service.replay`` and a test check it). ``Game.version`` makes every
change to a game a compare-and-set, so two racing submissions cannot both land, whichever
process they reach; ``uq_moves_game_id_ply`` backs it up in the schema.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..accounts.models import Player
from ..db import UTCDateTime, db, utcnow
from ..games import get_renderer, get_rules

INVITED, ACTIVE, FINISHED, DECLINED = "invited", "active", "finished", "declined"
#: A resignation as the history stores it (timeouts and forfeits are resignations too).
RESIGN = "resign"


class Game(db.Model):
    __tablename__ = "games"
    #: Covers the archive's counts per game and status (``pbem.archive.queries``).
    __table_args__ = (Index("ix_games_slug_status_started_at", "slug", "status", "started_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(32), index=True)
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), index=True, default=INVITED)
    #: ``{"winners": [seat, ...], "scores": [...]}`` once finished; ``"agreed": true`` when
    #: the players ended it by agreement, ``"adjudicated": true`` when a director decided it.
    result: Mapped[dict | None] = mapped_column(JSON)
    #: Number of plies played (``moves`` rows); the next move is ply ``ply + 1``.
    ply: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict | None] = mapped_column(JSON)
    #: A proposal to end the game by agreement: ``{"ply": n, "seats": [...]}``, the seats that
    #: agree; it lapses as soon as a ply is played after ``n`` (:mod:`.agreement`).
    end_offer: Mapped[dict | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    #: The time control in its compact form (``pbem.clocks.timecontrol.parse`` reads it).
    time_control: Mapped[str] = mapped_column(String(100), default="none", server_default="none")
    #: Whether vacations stop this game's clocks (a tournament may forbid them).
    vacation_allowed: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    started_at = mapped_column(UTCDateTime, index=True)
    finished_at = mapped_column(UTCDateTime, index=True)
    updated_at = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow, nullable=False)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.index", cascade="all, delete-orphan"
    )
    moves: Mapped[list[Move]] = relationship(
        back_populates="game", order_by="Move.ply", cascade="all, delete-orphan"
    )
    created_by: Mapped[Player | None] = relationship()

    __mapper_args__ = {"version_id_col": version}

    @property
    def rules(self):
        return get_rules(self.slug)

    @property
    def renderer(self):
        return get_renderer(self.slug)

    def load_state(self):
        """The current state, from the snapshot (``None`` before the game starts)."""
        return None if self.snapshot is None else self.rules.from_dict(self.snapshot)

    @property
    def end_proposal(self) -> dict | None:
        """The proposal to end the game by agreement standing at this ply, if any."""
        offer = self.end_offer
        return offer if offer and offer["ply"] == self.ply else None

    @property
    def is_over(self) -> bool:
        return self.status == FINISHED

    def seat_of(self, player) -> Seat | None:
        return next((s for s in self.seats if player and s.player_id == player.id), None)

    @property
    def title(self) -> str:
        names = " vs ".join(seat.player.name for seat in self.seats)
        return f"{self.rules.name} #{self.id}: {names}"

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.slug} {self.status} ply {self.ply}>"


class Seat(db.Model):
    """A player's place in a game; ``index`` is the rules' seat (0 moves first)."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("game_id", "index"),
        UniqueConstraint("game_id", "player_id"),
        Index("ix_seats_player_id_outcome", "player_id", "outcome"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    index: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    #: ``invited``, ``accepted`` or ``declined``.
    response: Mapped[str] = mapped_column(String(16), default="invited")
    responded_at = mapped_column(UTCDateTime)
    #: ``won``, ``lost`` or ``drawn`` once the game is over (mirrors ``Game.result``; see
    #: ``pbem.archive.outcomes``).
    outcome: Mapped[str | None] = mapped_column(String(8))

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")

    @property
    def label(self) -> str:
        return f"P{self.index + 1}"


class Move(db.Model):
    """One ply of a game's history, in the canonical notation the rules list.

    ``text`` is what the player typed (for a multi-ply turn, the whole turn on each of its
    plies); forced passes applied by the server have ``auto`` set.
    """

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(String(500))
    auto: Mapped[bool] = mapped_column(default=False)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

    game: Mapped[Game] = relationship(back_populates="moves")
