"""Booking vacations: take one now, schedule one, end or cancel one."""

from __future__ import annotations

from datetime import datetime

from flask import current_app
from sqlalchemy import delete, select

from ..accounts.models import Player
from ..core.db import row_id
from ..core.extensions import db
from ..core.i18n import _l
from ..notifications.settings import zone_of
from . import away
from .logic.display import format_words
from .logic.durations import HOUR
from .logic.errors import InvalidVacation
from .logic.vacation import (
    Vacation,
    hours_left,
    parse_request,
    validate_request,
)
from .models import StoredVacation
from .service import reschedule, vacations_of


def per_year() -> int:
    return current_app.config["VACATION_DAYS_PER_YEAR"]


def allowance_left(player_id: int, now: datetime) -> str:
    """What is left of this year's allowance, in days and hours (``13 days 23 hours``): a
    vacation ended early gives back the hours it did not use."""
    return format_words(hours_left(vacations_of(player_id), now.year, per_year()) * HOUR)


def all_of(player_id: int) -> list[StoredVacation]:
    """Every vacation the player took, takes or booked, oldest first (their data)."""
    return db.session.scalars(
        select(StoredVacation).where(StoredVacation.player_id == player_id)
        .order_by(StoredVacation.starts_at)
    ).all()


def upcoming(player_id: int, now: datetime) -> list[StoredVacation]:
    """The player's running and scheduled vacations."""
    return db.session.scalars(
        select(StoredVacation)
        .where(StoredVacation.player_id == player_id, StoredVacation.ends_at > now)
        .order_by(StoredVacation.starts_at)
    ).all()


def book(player_id: int, days: str, start_date: str, now: datetime) -> Vacation:
    """Book ``days`` days from ``start_date`` (empty: now) and flush.

    :raises InvalidVacation: bad input, overlapping another vacation, beyond the allowance.
    """
    zone = zone_of(player_id)
    request = parse_request(now, days, start_date, zone)
    validate_request(request, vacations_of(player_id), now, per_year(), zone)
    db.session.add(StoredVacation(player_id=player_id, starts_at=request.start,
                                  ends_at=request.end))
    db.session.flush()
    reschedule(player_id, now)  # the deadlines move later; the games show them
    db.session.flush()
    away.tell_opponents(db.session.get(Player, player_id), request)
    return request


def forget(player_id: int) -> None:
    """Drop a player's vacations (their account is being deleted; the calendar feed refuses a
    deleted account). Flushes only."""
    db.session.execute(delete(StoredVacation).where(StoredVacation.player_id == player_id))


def end(player_id: int, vacation_id, now: datetime) -> None:
    """End a running vacation now (days not begun are given back) or cancel a scheduled one,
    and flush; clocks stopped by it run again.

    :raises InvalidVacation: no such vacation of this player, or one already over.
    """
    vacation_id = row_id(vacation_id)
    row = None if vacation_id is None else db.session.get(StoredVacation, vacation_id)
    if row is None or row.player_id != player_id or row.ends_at <= now:
        raise InvalidVacation(_l("That vacation is not one you can end or cancel."), "missing")
    ended = row.vacation.ended_early(now)
    if ended is None:
        db.session.delete(row)
    else:
        row.ends_at = ended.end
    db.session.flush()
    reschedule(player_id, now)
    db.session.flush()
