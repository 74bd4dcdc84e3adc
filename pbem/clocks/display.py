"""Deadlines as a reader sees them: in their own time zone, with how long is left.

Day and month names are spelled here rather than by ``strftime`` so the output does not
depend on the server's locale.
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

from .durations import DAY, HOUR

_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MINUTE = timedelta(minutes=1)


def format_moment(moment: datetime, zone: tzinfo) -> str:
    """``Tue 24 Nov 2026, 18:00 CET``: the moment on the reader's wall clock."""
    local = moment.astimezone(zone)
    return f"{format_date(local, zone)}, {local:%H:%M} {local.tzname()}"


def format_date(moment: datetime, zone: tzinfo) -> str:
    """``Tue 24 Nov 2026``: the reader's calendar date of the moment."""
    local = moment.astimezone(zone)
    return f"{_DAYS[local.weekday()]} {local.day} {_MONTHS[local.month - 1]} {local.year}"


def format_remaining(deadline: datetime, now: datetime) -> str:
    """``in 2 days``, ``in 5 hours``, ``in 12 minutes``, ``in less than a minute``, ``passed``.

    Rounded down, so a player is never told they have more time than they do.
    """
    left = deadline - now
    if left <= timedelta(0):
        return "passed"
    for unit, name in ((DAY, "day"), (HOUR, "hour"), (_MINUTE, "minute")):
        count = left // unit
        if count:
            return f"in {count} {name}" if count == 1 else f"in {count} {name}s"
    return "in less than a minute"


def format_deadline(deadline: datetime | None, zone: tzinfo, now: datetime) -> str:
    """``Tue 24 Nov 2026, 18:00 CET (in 2 days)``; ``no time limit`` for ``None``."""
    if deadline is None:
        return "no time limit"
    return f"{format_moment(deadline, zone)} ({format_remaining(deadline, now)})"
