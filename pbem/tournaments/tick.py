"""The tournaments' part of the periodic tick: start what is due, then move every running
tournament on (deadlines, results, knockout match games, the next round, the end).

Each tournament is claimed in its own transaction (:mod:`.claim`); one that another tick holds
is skipped, and one whose step fails is rolled back, logged, and tried again next tick.
"""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import or_, select

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.work import savepoint, unit_of_work
from . import page, progress
from .claim import take
from .models import RUNNING, SETUP, Tournament

log = logging.getLogger(__name__)


def run(now: datetime) -> str:
    with unit_of_work("tick"):
        due = db.session.scalars(
            select(Tournament.id).where(or_(
                (Tournament.status == SETUP) & (Tournament.starts_at <= now),
                (Tournament.status == RUNNING) & Tournament.paused_at.is_(None),
            )).order_by(Tournament.id)
        ).all()
    done, skipped = [], 0
    for tournament_id in due:
        try:
            what = _one(tournament_id, now)
        except Exception:
            log.exception("tournament %s: the tick failed; it will try again", tournament_id)
            what = "failed; will retry"
        if what is None:
            skipped += 1
        elif what:
            done.append(f"#{tournament_id} {what}")
    summary = "; ".join(done) or "nothing due"
    return f"{summary}{f' ({skipped} busy elsewhere)' if skipped else ''}"


@unit_of_work("tick")
def _one(tournament_id: int, now: datetime) -> str | None:
    """Move one tournament on, in a unit of work of its own; ``None`` when another tick has it."""
    t = take(tournament_id, skip_locked=True)
    if t is None:
        return None
    what = _start(t, now) if t.status == SETUP else progress.step(t, now)
    page.refresh(t)
    return what


def _start(t: Tournament, now: datetime) -> str:
    if t.starts_at is None or t.starts_at > now:
        return ""
    try:
        with savepoint():
            progress.start(t, now)
    except PbemError as exc:  # what the start did is undone; record why, and stop trying
        t = take(t.id)  # until the admin sets a new start
        if t is None:
            return ""
        t.starts_at = None
        progress.log(t, None, f"could not start: {exc.message}", "", now)
        return "could not start"
    return "started"
