"""Players, and the log of sign-in requests used for rate limiting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..db import UTCDateTime, db, utcnow

if TYPE_CHECKING:
    from ..clocks.models import StoredSettings


class Player(db.Model):
    """A person, known by email address.

    A row exists from the first time someone names the address (a sign-in request or an
    invitation); ``joined_at`` is set on the first sign-in, which is when the account starts.
    ``login_counter`` is part of every sign-in link and goes up when one is used, which makes
    sign-in links single-use.
    """

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    login_counter: Mapped[int] = mapped_column(Integer, default=0)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    joined_at = mapped_column(UTCDateTime, nullable=True)
    #: Notification settings (no row: the defaults); written by ``pbem.clocks.settings``. A
    #: query that mails the player joins them in (``pbem.play.queries.get_game``).
    notification_settings: Mapped[StoredSettings | None] = relationship(viewonly=True)

    def __repr__(self) -> str:
        return f"<Player {self.id} {self.email}>"


class SignInRequest(db.Model):
    """One request for a sign-in link: counted per address and per client for rate limits."""

    __tablename__ = "sign_in_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), index=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False, index=True)
