"""Open challenges, the players who joined them, and standing challenges.

A ``Challenge`` is open until its table fills (``started``, with its ``game``), its poster
withdraws it, or it expires (``expires_at``; the pages never show one past it, and the tick
marks it ``expired``). ``taken`` counts the seats joined so far; a join raises it with a
conditional UPDATE (``taken < players``), and ``ChallengeSeat``'s unique (challenge, seat) and
(challenge, player) keys back that up, so the database decides who gets the last seat.
A challenge posted for a ``StandingChallenge`` names it, which is how the standing challenge
counts the games it keeps going.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..accounts.models import Player
from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db
from ..games import get_rules
from ..play.models import Game

OPEN, STARTED, WITHDRAWN, EXPIRED = "open", "started", "withdrawn", "expired"
#: Seat order when the table is full.
RANDOM, POSTER_FIRST = "random", "poster_first"
#: How a challenge's seats may be given (the form names them: ``forms.SEAT_ORDER_NAMES``).
SEAT_ORDERS = (RANDOM, POSTER_FIRST)


class Terms:
    """What a challenge and a standing challenge both say about the game they want."""

    slug: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    #: The compact form the clocks read (``3d/move``, ``none``).
    time_control: Mapped[str] = mapped_column(String(100))
    rated: Mapped[bool] = mapped_column(Boolean)
    #: The displayed ratings (at this game) a player may have to join; None: no bound.
    min_rating: Mapped[int | None] = mapped_column(Integer)
    max_rating: Mapped[int | None] = mapped_column(Integer)
    #: ``random`` or ``poster_first``.
    seat_order: Mapped[str] = mapped_column(String(16))

    @property
    def rules(self):
        return get_rules(self.slug)

    def terms(self) -> dict:
        """The terms as keyword arguments, to post a challenge on them."""
        return {name: getattr(self, name) for name in TERMS}


TERMS = ("slug", "options", "players", "time_control", "rated", "min_rating", "max_rating",
         "seat_order")


class StandingChallenge(Terms, db.Model):
    """"Keep ``keep`` games on these terms going for me"."""

    __tablename__ = "standing_challenges"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    keep: Mapped[int] = mapped_column(Integer)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

    player: Mapped[Player] = relationship()


class Challenge(Terms, db.Model):
    __tablename__ = "challenges"
    __table_args__ = (
        #: The lobby's list, newest first, with or without a game chosen.
        Index("ix_challenges_status_id", "status", "id"),
        Index("ix_challenges_status_slug_id", "status", "slug", "id"),
        #: A poster's open challenges (the limit), a standing challenge's (the count).
        Index("ix_challenges_poster_id_status", "poster_id", "status"),
        Index("ix_challenges_standing_id_status", "standing_id", "status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    poster_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    status: Mapped[str] = mapped_column(String(16), default=OPEN)
    taken: Mapped[int] = mapped_column(Integer, default=1)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    expires_at = mapped_column(UTCDateTime, nullable=False)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"),
                                                index=True)
    standing_id: Mapped[int | None] = mapped_column(
        ForeignKey("standing_challenges.id", ondelete="SET NULL"))

    poster: Mapped[Player] = relationship()
    game: Mapped[Game | None] = relationship()
    standing: Mapped[StandingChallenge | None] = relationship()
    seats: Mapped[list[ChallengeSeat]] = relationship(
        order_by="ChallengeSeat.seat", cascade="all, delete-orphan", back_populates="challenge")

    def __repr__(self) -> str:
        return f"<Challenge {self.id} {self.slug} {self.status} {self.taken}/{self.players}>"


class ChallengeSeat(db.Model):
    """A player at a challenge's table, in the order they came (the poster is seat 0)."""

    __tablename__ = "challenge_seats"
    __table_args__ = (UniqueConstraint("challenge_id", "seat"),
                      UniqueConstraint("challenge_id", "player_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenges.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    joined_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

    challenge: Mapped[Challenge] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()
