"""The stored side of clocks: each seat's clock, the notices a tick has given, vacations.

``StoredClock.next_check_at`` is the first moment the tick has anything to do for the seat (a
reminder, a timeout); the tick reads only rows whose moment has come, so ten thousand quiet
games cost nothing. ``ClockNotice`` has one row per (game, seat, turn, notice), and that unique
key is what makes each reminder and timeout happen once, even with two ticks at once.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db
from .logic.timecontrol import SeatClock
from .logic.vacation import Vacation


class StoredClock(db.Model):
    """One seat's :class:`~pbem.clocks.logic.timecontrol.SeatClock` (games with a time control)."""

    __tablename__ = "seat_clocks"

    seat_id: Mapped[int] = mapped_column(
        ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    remaining_seconds: Mapped[int] = mapped_column(Integer)
    turn_started = mapped_column(UTCDateTime)
    next_check_at = mapped_column(UTCDateTime, index=True)

    @property
    def clock(self) -> SeatClock:
        return SeatClock(timedelta(seconds=self.remaining_seconds), self.turn_started)

    @clock.setter
    def clock(self, clock: SeatClock) -> None:
        # Whole seconds, rounded down: a player is never credited time they did not have.
        self.remaining_seconds = int(clock.remaining.total_seconds())
        self.turn_started = clock.turn_started


class ClockNotice(db.Model):
    """A reminder (``half``, ``day``) or a ``timeout`` given for one turn of one seat."""

    __tablename__ = "clock_notices"
    __table_args__ = (UniqueConstraint("game_id", "seat", "turn_started", "kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    turn_started = mapped_column(UTCDateTime, nullable=False)
    kind: Mapped[str] = mapped_column(String(8))
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)


class StoredVacation(db.Model):
    """A player's vacation, ``[starts_at, ends_at)``; ``auto`` when spent to save a clock."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    starts_at = mapped_column(UTCDateTime, nullable=False)
    ends_at = mapped_column(UTCDateTime, nullable=False)
    auto: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

    @property
    def vacation(self) -> Vacation:
        return Vacation(self.starts_at, self.ends_at)
