"""Deadlines as a reader sees them: in their own time zone, with how long is left.

Day and month names are spelled here rather than by ``strftime`` so the output does not
depend on the server's locale.
"""

from __future__ import annotations

from dataclasses import dataclass
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
    """``in 3 days``, ``in 5 hours``, ``in 12 minutes``, ``in less than a minute``, ``passed``.

    Rounded to the nearest unit (a 3-day deadline just set reads ``in 3 days``, not ``in 2
    days``); ``format_left`` and the deadline's own time say exactly how long is left.
    """
    left = deadline - now
    return "passed" if left <= timedelta(0) else f"in {_rounded(left)}"


def format_ago(moment: datetime, now: datetime) -> str:
    """``3 days ago``, ``5 hours ago``, ``less than a minute ago``: rounded to the nearest
    unit, like :func:`format_remaining` (the moment itself goes in a tooltip)."""
    return f"{_rounded(max(now - moment, timedelta(0)))} ago"


def _rounded(span: timedelta) -> str:
    """``3 days``, ``1 hour``, ``less than a minute``: ``span`` to the nearest unit."""
    for unit, name, next_unit in ((_MINUTE, "minute", 60), (HOUR, "hour", 24),
                                  (DAY, "day", None)):
        count = (span + unit / 2) // unit
        if count == 0:
            return "less than a minute"
        if next_unit is None or count < next_unit:
            return f"{count} {name}" if count == 1 else f"{count} {name}s"
    raise AssertionError("unreachable: the loop returns at the day")


def format_left(deadline: datetime, now: datetime) -> str:
    """``2 days 23 hours 59 minutes left``, to the minute (rounded down), or ``passed``."""
    left = deadline - now
    if left < _MINUTE:
        return "less than a minute left" if left > timedelta(0) else "passed"
    days, rest = divmod(left, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // _MINUTE
    parts = [f"{count} {name}" if count == 1 else f"{count} {name}s"
             for count, name in ((days, "day"), (hours, "hour"), (minutes, "minute")) if count]
    return " ".join(parts) + " left"


@dataclass(frozen=True)
class Deadline:
    """A deadline for a page: ``text`` to read (``left``: only how long is left, rounded),
    ``exact`` for a tooltip, ``iso`` for ``<time datetime>``."""

    iso: str
    text: str
    exact: str
    left: str


def deadline_view(deadline: datetime, zone: tzinfo, now: datetime) -> Deadline:
    """The deadline as ``format_deadline`` says it, with the exact time left and the moment
    to the second."""
    local = deadline.astimezone(zone)
    return Deadline(iso=deadline.isoformat(), text=format_deadline(deadline, zone, now),
                    exact=f"{local:%Y-%m-%d %H:%M:%S} {local.tzname()}; "
                          f"{format_left(deadline, now)}",
                    left=format_remaining(deadline, now))


def format_deadline(deadline: datetime | None, zone: tzinfo, now: datetime) -> str:
    """``Tue 24 Nov 2026, 18:00 CET (in 2 days)``; ``no time limit`` for ``None``."""
    if deadline is None:
        return "no time limit"
    return f"{format_moment(deadline, zone)} ({format_remaining(deadline, now)})"
