"""Players' stored notification settings (no row: the defaults)."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime
from ..core.extensions import db
from .logic.schedule import Kind, Mode, NotificationSettings


class StoredSettings(db.Model):
    """A player's notification settings (no row: the defaults) and vacation preference.

    ``next_digest_at`` is set while some kind of mail goes to the digest; the tick sends the
    digest once it has passed.
    """

    __tablename__ = "notification_settings"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    digest_hour: Mapped[int] = mapped_column(Integer, default=7)
    quiet_start: Mapped[int | None] = mapped_column(Integer)
    quiet_end: Mapped[int | None] = mapped_column(Integer)
    #: ``{kind: mode}``; a kind not named is immediate.
    modes: Mapped[dict] = mapped_column(JSON, default=dict)
    auto_vacation: Mapped[bool] = mapped_column(Boolean, default=False)
    #: A move sent by email is shown back with its position and played only when the player
    #: replies ``confirm`` (``pbem.correspondence``).
    confirm_email_moves: Mapped[bool] = mapped_column(Boolean, default=False,
                                                      server_default=false())
    next_digest_at = mapped_column(UTCDateTime, index=True)

    @property
    def settings(self) -> NotificationSettings:
        return NotificationSettings(
            timezone=self.timezone,
            digest_hour=self.digest_hour,
            quiet_start=self.quiet_start,
            quiet_end=self.quiet_end,
            modes={Kind(k): Mode(v) for k, v in (self.modes or {}).items() if k in set(Kind)},
        )

    @settings.setter
    def settings(self, settings: NotificationSettings) -> None:
        self.timezone, self.digest_hour = settings.timezone, settings.digest_hour
        self.quiet_start, self.quiet_end = settings.quiet_start, settings.quiet_end
        self.modes = {str(k): str(m) for k, m in settings.modes.items()}
