"""Delivering the outbox: claim a due row, send it, record the outcome; retry with backoff.

A row is claimed by moving its ``next_attempt_at`` forward with a compare-and-set (a lease), so
several senders (the after-commit hook of each web process, ``flask pbem send-mail --loop``)
never deliver one message twice, and a sender that dies mid-send leaves the row to be retried
when the lease runs out. A failed attempt is recorded with its error and retried after an
exponentially growing delay; nothing is ever dropped.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from email.utils import formataddr
from pathlib import Path

from flask import current_app
from flask_mail import Mail, Message
from sqlalchemy import select, update

from ..db import db, utcnow
from .compose import compose
from .models import OutboxMessage

log = logging.getLogger(__name__)
mail = Mail()


def deliver_due(limit: int = 100) -> tuple[int, int]:
    """Try every due message once (at most ``limit``); return (sent, failed)."""
    sent = failed = 0
    due = db.session.execute(
        select(OutboxMessage.id, OutboxMessage.next_attempt_at)
        .where(OutboxMessage.sent_at.is_(None), OutboxMessage.next_attempt_at <= utcnow(),
               OutboxMessage.held.is_(False))  # held mail goes out folded into a digest
        .order_by(OutboxMessage.id)
        .limit(limit)
    ).all()
    db.session.rollback()
    for message_id, scheduled in due:
        message = _claim(message_id, scheduled)
        if message is None:
            continue
        try:
            _send(message)
        except Exception as exc:  # any delivery failure is recorded and retried later
            failed += 1
            _record_failure(message, exc)
        else:
            sent += 1
            message.sent_at = utcnow()
            message.attempts += 1
            message.last_error = None
        db.session.commit()
    return sent, failed


def _claim(message_id: int, scheduled) -> OutboxMessage | None:
    lease = timedelta(seconds=current_app.config["MAIL_LEASE"])
    claimed = db.session.execute(
        update(OutboxMessage)
        .where(
            OutboxMessage.id == message_id,
            OutboxMessage.sent_at.is_(None),
            OutboxMessage.next_attempt_at == scheduled,
        )
        .values(next_attempt_at=utcnow() + lease)
        .execution_options(synchronize_session=False)
    ).rowcount
    db.session.commit()
    return db.session.get(OutboxMessage, message_id) if claimed == 1 else None


def _record_failure(message: OutboxMessage, exc: Exception) -> None:
    config = current_app.config
    message.attempts += 1
    message.last_error = f"{type(exc).__name__}: {exc}"[:2000]
    delay = min(config["MAIL_RETRY_BASE"] * 2 ** (message.attempts - 1), config["MAIL_RETRY_MAX"])
    message.next_attempt_at = utcnow() + timedelta(seconds=delay)
    log.warning("mail %s to %s failed (attempt %s): %s", message.id, message.recipient,
                message.attempts, message.last_error)


def as_message(row: OutboxMessage) -> Message:
    """The Flask-Mail message for an outbox row."""
    headers = dict(row.headers)
    reply_to = headers.pop("Reply-To", None)
    message_id = headers.pop("Message-ID")
    message = Message(
        subject=row.subject,
        recipients=[row.recipient],
        body=row.body_text,
        html=row.body_html,
        reply_to=reply_to,
        extra_headers=headers,
    )
    message.msgId = message_id
    return message


def _send(row: OutboxMessage) -> None:
    compose(row)  # a failure here is recorded and retried like a failed send
    backends = [b.strip() for b in current_app.config["MAIL_BACKEND"].split(",") if b.strip()]
    message = as_message(row)
    for backend in backends:
        if backend == "smtp":
            mail.send(message)
        elif backend == "console":
            print(f"--- mail {row.id} to {formataddr(('', row.recipient))}\n"
                  f"Subject: {row.subject}\n\n{row.body_text}\n--- end of mail {row.id}",
                  flush=True)
        elif backend == "file":
            folder = Path(current_app.config["MAIL_FILE_DIR"])
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{row.id:06d}.eml").write_bytes(message.as_bytes())
        else:
            raise ValueError(f"unknown MAIL_BACKEND {backend!r}")
