"""The outbox: every notification is a row written in the transaction of its cause."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db


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
    #: ``None`` until composed (:mod:`pbem.mail.composers`) for a message queued as ``facts``.
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
    #: When the sender gave up on it (a permanent refusal, a suppressed recipient, too many
    #: attempts): it is never tried again, and ``last_error`` says why.
    abandoned_at = mapped_column(UTCDateTime)
    #: The notification kind (``pbem.notifications.logic.schedule.Kind``) the recipient's
    #: settings and unsubscribe link apply to; ``None`` for mail that always goes (sign-in
    #: links, digests).
    category: Mapped[str | None] = mapped_column(String(16))
    #: Waiting for the recipient's daily digest, which folds it in; never sent by itself.
    held: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)


class HandledMail(db.Model):
    """An inbound message that was acted on (a move played or refused and answered), by the
    SHA-256 of its ``Message-ID``: a message delivered twice (an MTA retrying, a mailbox read
    again) is handled once. Written in the transaction of what it caused; the unique key refuses
    the second of two copies ingested at the same moment."""

    __tablename__ = "handled_mail"

    id: Mapped[int] = mapped_column(primary_key=True)
    message_key: Mapped[str] = mapped_column(String(64), unique=True)
    handled_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)


class SuppressedAddress(db.Model):
    """An address mail is no longer sent to: its server refused a message permanently (a 5xx
    reply while sending, or a delivery report that came back). Mail answering the address's
    own action (a sign-in link, the answer to an emailed move) still goes; deleting the row
    (the player re-enabling their mail) lets the rest go again."""

    __tablename__ = "suppressed_addresses"

    id: Mapped[int] = mapped_column(primary_key=True)
    #: Lower-cased.
    address: Mapped[str] = mapped_column(String(254), unique=True)
    #: What the server said (for the player and the admins).
    reason: Mapped[str] = mapped_column(Text)
    suppressed_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
