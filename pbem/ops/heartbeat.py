"""Recording and reading when a periodic command last completed a round."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from ..core.db import utcnow
from ..core.extensions import db
from .models import Heartbeat


def beat(name: str) -> None:
    """Record that ``name`` completed a round now (by the wall clock, whatever time the round
    was run for) and commit. Ticks on several hosts may beat at once: an update, and an insert
    only for the very first beat, whose loser updates instead."""
    now = utcnow()
    statement = update(Heartbeat).where(Heartbeat.name == name).values(beat_at=now)
    if db.session.execute(statement).rowcount == 0:
        try:
            with db.session.begin_nested():
                db.session.add(Heartbeat(name=name, beat_at=now))
        except IntegrityError:
            db.session.execute(statement)


def last_beat(name: str) -> datetime | None:
    """When ``name`` last completed a round, or None if it never has."""
    return db.session.scalar(db.select(Heartbeat.beat_at).where(Heartbeat.name == name))
