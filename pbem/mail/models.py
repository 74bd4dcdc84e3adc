"""The outbox: every notification is a row written in the transaction of its cause."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from ..db import UTCDateTime, db, utcnow


class OutboxMessage(db.Model):
    """A message waiting to be sent, or sent.

    ``next_attempt_at`` is both the retry schedule and a lease: a sender claims a row by moving
    it forward with a compare-and-set, so two senders never deliver the same row twice. It is
    also the "not before" of mail held back by the recipient's quiet hours.
    """

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    recipient: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(300))
    #: ``None`` until composed (:mod:`pbem.mail.compose`) for a message queued as ``facts``.
    body_text: Mapped[str | None] = mapped_column(Text)
    body_html: Mapped[str | None] = mapped_column(Text)
    #: What a message composed when it goes out will say (a turn email: the seat, the ply and
    #: the plies that led there); ``None`` for one rendered when it was queued.
    facts: Mapped[dict | None] = mapped_column(JSON)
    #: Extra headers: Message-ID, In-Reply-To, References, Reply-To.
    headers: Mapped[dict] = mapped_column(JSON)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), index=True
    )
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    next_attempt_at = mapped_column(UTCDateTime, default=utcnow, nullable=False, index=True)
    sent_at = mapped_column(UTCDateTime, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    #: The notification kind (``pbem.clocks.schedule.Kind``) the recipient's settings and
    #: unsubscribe link apply to; ``None`` for mail that always goes (sign-in links, digests).
    category: Mapped[str | None] = mapped_column(String(16))
    #: Waiting for the recipient's daily digest, which folds it in; never sent by itself.
    held: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
