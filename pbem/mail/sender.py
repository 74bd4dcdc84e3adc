"""Delivering the outbox: claim a due row, send it, record the outcome; retry with backoff,
give up on what can never arrive.

A row is claimed by moving its ``next_attempt_at`` forward with a compare-and-set (a lease), so
several senders (the after-commit hook of each web process, ``flask pbem send-mail --loop``)
never deliver one message twice, and a sender that dies mid-send leaves the row to be retried
when the lease runs out. The lease outlasts the SMTP time budget (``MAIL_TIMEOUT``, at most
half the lease), so a slow delivery is never taken over and sent again. A failed attempt is
recorded with its error and retried after an exponentially growing delay, up to
``MAIL_MAX_ATTEMPTS``. A permanent refusal (5xx) is not retried: the row is abandoned and its
address suppressed (:mod:`.suppression`), and nothing but mail answering the player's own action
is sent there until they switch their mail back on.

Each message goes with its own envelope sender (:mod:`.verp`), so a delivery report that comes
back later names the row it is about; one SMTP connection carries a whole batch.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from email.utils import formataddr, parseaddr
from pathlib import Path

from flask import current_app
from flask_mail import Message
from sqlalchemy import select, update

from ..core.db import utcnow
from ..core.extensions import db
from ..core.work import unit_of_work
from . import dkim_signature, events, smtp, suppression, verp
from .composers import Image, Moot, compose, images
from .models import OutboxMessage

log = logging.getLogger(__name__)


def deliver_due(limit: int = 100) -> tuple[int, int]:
    """Try every due message once (at most ``limit``), over one SMTP connection; return (sent,
    failed), the messages given up on counted as failed.

    No database connection is held while the SMTP server is talked to: each message is claimed
    and composed in one short transaction, sent, then marked sent (or failed) in another.
    """
    sent = failed = 0
    with unit_of_work("mail"):
        due = db.session.execute(
            select(OutboxMessage.id, OutboxMessage.next_attempt_at)
            .where(OutboxMessage.sent_at.is_(None), OutboxMessage.abandoned_at.is_(None),
                   OutboxMessage.next_attempt_at <= utcnow(),
                   OutboxMessage.held.is_(False))  # held mail goes out folded into a digest
            .order_by(OutboxMessage.id)
            .limit(limit)
        ).all()
    if not due:
        return 0, 0
    settings = current_app.extensions["mail"]
    with smtp.Session(settings, current_app.config["MAIL_TIMEOUT"]) as session:
        for message_id, scheduled in due:
            if _claim(message_id, scheduled):
                if _attempt(session, message_id):
                    sent += 1
                else:
                    failed += 1
    return sent, failed


def _attempt(session: smtp.Session, message_id: int) -> bool:
    """Try to deliver a claimed message and record the outcome; whether it went."""
    try:
        _send(session, message_id, _prepare(message_id))
    except (_Suppressed, Moot) as exc:
        _abandon(message_id, f"not sent: {exc}")
    except smtp.Refused as exc:
        _abandon(message_id, f"refused: {exc}", suppress=True)
    except Exception as exc:  # any other failure is recorded and retried later
        _record_failure(message_id, exc)
    else:
        _mark_sent(message_id)
        _announce(message_id)
        return True
    return False


def _announce(message_id: int) -> None:
    """Tell the listeners (``events.delivered``) that the message went, then commit what they
    flushed (a push service's answer that a browser is gone). A listener's failure is logged:
    the mail is sent whatever happens to the rest."""
    if not events.delivered.receivers:
        return
    row = db.session.execute(
        select(OutboxMessage.kind, OutboxMessage.category, OutboxMessage.recipient,
               OutboxMessage.game_id).where(OutboxMessage.id == message_id)).one()
    try:
        with unit_of_work("mail"):  # the listeners' writes, committed or rolled back together
            events.delivered.send(None, message_id=message_id, kind=row.kind,
                                  category=row.category, recipient=row.recipient,
                                  game_id=row.game_id)
    except Exception:
        log.exception("after delivering message %s", message_id)


class _Suppressed(Exception):
    """The recipient's address is suppressed (the text says why)."""


@unit_of_work("mail")
def _claim(message_id: int, scheduled) -> bool:
    """Take the message for one delivery attempt (the lease), if no other sender has."""
    lease = timedelta(seconds=current_app.config["MAIL_LEASE"])
    claimed = db.session.execute(
        update(OutboxMessage)
        .where(
            OutboxMessage.id == message_id,
            OutboxMessage.sent_at.is_(None),
            OutboxMessage.abandoned_at.is_(None),
            OutboxMessage.next_attempt_at == scheduled,
        )
        .values(next_attempt_at=utcnow() + lease)
        .execution_options(synchronize_session=False)
    ).rowcount
    return claimed == 1


@unit_of_work("mail")
def _prepare(message_id: int) -> Message:
    """The claimed row as a message to send, composed (and kept, so a retry sends the very
    same) in a transaction that ends here.

    :raises _Suppressed: the recipient's address is suppressed and the message can wait for
        no action of theirs.
    :raises Moot: what the message announces was answered while it waited (its composer
        says so at its first attempt, the one that composes it).
    """
    row = db.session.get(OutboxMessage, message_id)
    why = None if row.kind in suppression.ALWAYS_SENT else suppression.reason(row.recipient)
    if why is not None:
        raise _Suppressed(why)
    compose(row)
    return as_message(row)


@unit_of_work("mail")
def _mark_sent(message_id: int) -> None:
    """Record the delivery at once, in its own transaction: until this commits, a sender
    killed now would leave the message to be sent again when its lease runs out."""
    db.session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id == message_id)
        .values(sent_at=utcnow(), attempts=OutboxMessage.attempts + 1, last_error=None)
        .execution_options(synchronize_session=False)
    )


@unit_of_work("mail")
def _abandon(message_id: int, error: str, suppress: bool = False) -> None:
    """Give up on the message; with ``suppress``, on its recipient's address too."""
    message = db.session.get(OutboxMessage, message_id)
    message.attempts += 1
    message.last_error = error[:2000]
    message.abandoned_at = utcnow()
    if suppress:
        suppression.suppress(message.recipient, f"Your mail server refused our mail: {error}")
    log.warning("mail %s (%s) given up: %s", message.id, message.kind,
                message.last_error.replace(message.recipient, "<recipient>"))


@unit_of_work("mail")
def _record_failure(message_id: int, exc: Exception) -> None:
    config = current_app.config
    message = db.session.get(OutboxMessage, message_id)
    message.attempts += 1
    message.last_error = f"{type(exc).__name__}: {exc}"[:2000]
    if message.attempts >= config["MAIL_MAX_ATTEMPTS"]:
        message.abandoned_at = utcnow()
    delay = min(config["MAIL_RETRY_BASE"] * 2 ** (message.attempts - 1), config["MAIL_RETRY_MAX"])
    message.next_attempt_at = utcnow() + timedelta(seconds=delay)
    # The log names the message, never its address (SMTP errors may quote it).
    log.warning("mail %s (%s) failed (attempt %s%s): %s", message.id, message.kind,
                message.attempts, ", given up" if message.abandoned_at else "",
                message.last_error.replace(message.recipient, "<recipient>"))


def prune_sent(now=None) -> int:
    """Drop the bodies of messages sent more than ``MAIL_KEEP_SENT_DAYS`` ago (their envelope
    stays: who was mailed what, when); return how many were pruned. The caller commits."""
    now = now or utcnow()
    cutoff = now - timedelta(days=current_app.config["MAIL_KEEP_SENT_DAYS"])
    return db.session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.sent_at < cutoff, OutboxMessage.body_html.is_not(None))
        .values(body_text="", body_html=None, facts=None)
        .execution_options(synchronize_session=False)
    ).rowcount


class _Verbatim(Message):
    """Flask-Mail's message with its headers written as they are given (Flask-Mail encodes the
    ones that need it itself). Its SMTP policy otherwise re-folds any line longer than 78
    characters into RFC 2047 encoded words, which is invalid in a URL header such as
    ``List-Unsubscribe``: clients then offer no unsubscribe button."""

    def __init__(self, *args, images: list[Image] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.images = list(images)

    def _message(self):
        message = super()._message()
        message.policy = message.policy.clone(refold_source="none")
        # Flask-Mail writes every display name as an RFC 2047 encoded word, even "pbem": one
        # that needs no encoding is written as it is (formataddr encodes only what must be).
        sender = self.sender if isinstance(self.sender, tuple) else parseaddr(self.sender)
        message.replace_header("From", formataddr(sender, charset="utf-8"))
        if self.images:
            _relate(message, self.images)
        return message


def _relate(message, shown: list[Image]) -> None:
    """Make Flask-Mail's ``multipart/mixed`` (one ``alternative`` part) a
    ``multipart/alternative`` whose HTML is a ``multipart/related`` with its images (RFC 2387):
    the shape mail clients expect of images shown in the text rather than offered as files."""
    text, html = message.get_payload()[0].get_payload()
    related = MIMEMultipart("related")
    related.attach(html)
    for image in shown:
        part = MIMEImage(image.data, "png")
        part.add_header("Content-ID", f"<{image.content_id}>")
        part.add_header("Content-Disposition", "inline", filename=image.filename)
        related.attach(part)
    message.set_payload([text, related])
    message.set_type("multipart/alternative")


def as_message(row: OutboxMessage) -> Message:
    """The Flask-Mail message for an outbox row, marked as sent by a machine (RFC 3834): an
    answer to a player's reply as ``auto-replied``, everything else ``auto-generated``, so
    their autoresponders do not answer it. Its ``List-Id`` names its kind, so a player (or a
    provider's filters) can sort turn emails from tournament news; its envelope sender is the
    row's own bounce address."""
    headers = dict(row.headers)
    reply_to = headers.pop("Reply-To", None)
    message_id = headers.pop("Message-ID")
    headers["Auto-Submitted"] = "auto-replied" if row.kind == "reply_result" else "auto-generated"
    headers["List-Id"] = list_id(row.kind)
    message = _Verbatim(
        subject=row.subject,
        recipients=[row.recipient],
        body=row.body_text,
        html=row.body_html,
        reply_to=reply_to,
        extra_headers=headers,
        images=images(row),
    )
    message.msgId = message_id
    message.envelope_sender = verp.bounce_address(row.id)
    return message


def list_id(kind: str) -> str:
    """``pbem turn <turn.MAIL_DOMAIN>``: a List-Id (RFC 2919) of its own for each kind."""
    return (f"pbem {kind.replace('_', ' ')} "
            f"<{kind.replace('_', '-')}.{current_app.config['MAIL_DOMAIN']}>")


def _send(session: smtp.Session, message_id: int, message: Message) -> None:
    """Hand ``message`` to every configured backend (no database work here)."""
    backends = [b.strip() for b in current_app.config["MAIL_BACKEND"].split(",") if b.strip()]
    data = dkim_signature.sign(message.as_bytes())
    for backend in backends:
        if backend == "smtp":
            session.send(message.envelope_sender, message.send_to, data)
        elif backend == "console":
            print(f"--- mail {message_id} to {formataddr(('', message.recipients[0]))}\n"
                  f"Subject: {message.subject}\n\n{message.body}\n--- end of mail {message_id}",
                  flush=True)
        elif backend == "file":
            folder = Path(current_app.config["MAIL_FILE_DIR"])
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{message_id:06d}.eml").write_bytes(data)
        else:
            raise ValueError(f"unknown MAIL_BACKEND {backend!r}")
