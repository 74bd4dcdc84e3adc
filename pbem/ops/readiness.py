"""Whether this deployment is doing its work: the database answers, due mail is being sent,
replies spooled by the MTA's pipe are taken in, and the tick is running. ``/ready`` reports
it; ``/health`` only says the process serves."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import func, select, text
from sqlalchemy.exc import SQLAlchemyError

from ..core.checks import Check
from ..core.db import utcnow
from ..core.extensions import db
from ..mail.models import OutboxMessage
from ..mail.spool import Spool
from .heartbeat import last_beat


def readiness(now: datetime | None = None) -> list[Check]:
    """Every check, in order; the database first, as the others read it. Messages are
    deliberately plain: the page is public, so no error text (host names, user names)."""
    now = now or utcnow()
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        current_app.logger.exception("readiness: the database is unreachable")
        return [Check("database", False, "unreachable")]
    return [Check("database", True, "reachable"), _mail(now), _spool(now), _tick(now)]


def _mail(now: datetime) -> Check:
    """The oldest message that is due and unsent: send-mail should take it within a round."""
    limit = timedelta(seconds=current_app.config["READY_MAIL_MAX_AGE"])
    oldest = db.session.scalar(
        select(func.min(OutboxMessage.next_attempt_at))
        .where(OutboxMessage.sent_at.is_(None), OutboxMessage.abandoned_at.is_(None),
               OutboxMessage.held.is_(False), OutboxMessage.next_attempt_at <= now)
    )
    if oldest is None:
        return Check("mail", True, "nothing due")
    age = now - oldest
    return Check("mail", age <= limit, f"the oldest due message has waited {_span(age)}"
                 + ("" if age <= limit else f" (more than {_span(limit)}: is send-mail running?)"))


def _spool(now: datetime) -> Check:
    """The oldest reply waiting in the spool: a mail worker should take it within a round."""
    limit = timedelta(seconds=current_app.config["READY_MAIL_MAX_AGE"])
    oldest = Spool(current_app.config["MAIL_SPOOL_DIR"]).oldest()
    if oldest is None:
        return Check("spool", True, "nothing waiting")
    age = now - datetime.fromtimestamp(oldest, now.tzinfo)
    return Check("spool", age <= limit, f"the oldest spooled message has waited {_span(age)}"
                 + ("" if age <= limit else f" (more than {_span(limit)}: is send-mail running?)"))


def _tick(now: datetime) -> Check:
    limit = timedelta(seconds=current_app.config["READY_TICK_MAX_AGE"])
    last = last_beat("tick")
    if last is None:
        return Check("tick", False, "has never run")
    age = now - last
    return Check("tick", age <= limit, f"last ran {_span(age)} ago"
                 + ("" if age <= limit else f" (more than {_span(limit)}: is tick running?)"))


def _span(delta: timedelta) -> str:
    seconds = max(0, int(delta.total_seconds()))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"
