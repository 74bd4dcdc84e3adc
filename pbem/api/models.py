"""Personal access tokens: a player's key to the API, stored only as a digest."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..accounts.models import Player
from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db

#: What a token may do: read games and the account, play (moves, resignations, offers to
#: end, messages), and post, join or withdraw challenges.
SCOPES = ("read", "play", "challenge")


class ApiToken(db.Model):
    """One token of ``player``'s. The secret is shown once, when it is made; only its SHA-256
    digest is kept (a token is 256 random bits, so a plain digest is as good as a slow hash).

    ``window_start`` and ``window_count`` count the requests of the current rate-limit window,
    updated in one statement per request, so the limit holds across processes.
    """

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                           index=True)
    name: Mapped[str] = mapped_column(String(60))
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    #: The scopes, separated by spaces (``SCOPES``).
    scopes: Mapped[str] = mapped_column(String(64))
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    expires_at = mapped_column(UTCDateTime, nullable=True)
    last_used_at = mapped_column(UTCDateTime, nullable=True)
    revoked_at = mapped_column(UTCDateTime, nullable=True)
    window_start: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    window_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    player: Mapped[Player] = relationship()

    @property
    def scope_list(self) -> list[str]:
        return self.scopes.split()

    def __repr__(self) -> str:
        return f"<ApiToken {self.id} of player {self.player_id}>"
