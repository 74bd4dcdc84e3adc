"""Deadlines as a reader sees them: in their own time zone and language, with how long is left.

Day and month names come from Babel's CLDR data rather than ``strftime``, so the output does
not depend on the server's locale. The words are translated through ``pbem.core.speech`` (the
request's or the recipient's language, once the application installed it); this module imports
nothing of the server, and speaks English without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from babel import dates

from ...core.speech import gettext as _
from ...core.speech import language as _language
from ...core.speech import ngettext
from .durations import DAY, HOUR

_MINUTE = timedelta(minutes=1)


def format_moment(moment: datetime, zone: tzinfo) -> str:
    """``Tue 24 Nov 2026, 18:00 CET``: the moment on the reader's wall clock."""
    local = moment.astimezone(zone)
    return f"{format_date(local, zone)}, {local:%H:%M} {local.tzname()}"


def format_date(moment: datetime, zone: tzinfo) -> str:
    """``Tue 24 Nov 2026``: the reader's calendar date of the moment."""
    local = moment.astimezone(zone)
    language = _language()
    if language == "en":  # pbem's own English pattern (CLDR's puts the month first)
        return dates.format_date(local.date(), "EEE d MMM y", locale="en")
    return dates.format_skeleton("yMMMEd", local, locale=language)


def format_remaining(deadline: datetime, now: datetime) -> str:
    """``in 3 days``, ``in 5 hours``, ``in 12 minutes``, ``in less than a minute``, ``passed``.

    Rounded to the nearest unit (a 3-day deadline just set reads ``in 3 days``, not ``in 2
    days``); ``format_left`` and the deadline's own time say exactly how long is left.
    """
    left = deadline - now
    return _("passed") if left <= timedelta(0) else _("in %(span)s", span=_rounded(left))


def format_ago(moment: datetime, now: datetime) -> str:
    """``3 days ago``, ``5 hours ago``, ``less than a minute ago``: rounded to the nearest
    unit, like :func:`format_remaining` (the moment itself goes in a tooltip)."""
    return _("%(span)s ago", span=_rounded(max(now - moment, timedelta(0))))


def _rounded(span: timedelta) -> str:
    """``3 days``, ``1 hour``, ``less than a minute``: ``span`` to the nearest unit."""
    for unit, next_unit in ((_MINUTE, 60), (HOUR, 24), (DAY, None)):
        count = (span + unit / 2) // unit
        if count == 0:
            return _("less than a minute")
        if next_unit is None or count < next_unit:
            return _count(count, unit)
    raise AssertionError("unreachable: the loop returns at the day")


def format_left(deadline: datetime, now: datetime) -> str:
    """``2 days 23 hours 59 minutes left``, to the minute (rounded down), or ``passed``."""
    left = deadline - now
    if left < _MINUTE:
        return _("less than a minute left") if left > timedelta(0) else _("passed")
    days, rest = divmod(left, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // _MINUTE
    parts = [_count(count, unit) for count, unit in ((days, DAY), (hours, HOUR),
                                                    (minutes, _MINUTE)) if count]
    return _("%(span)s left", span=" ".join(parts))


def format_words(duration: timedelta) -> str:
    """``1 day 12 hours``, ``3 days``, ``5 hours``: whole hours, rounded down (translated
    ``durations.format_words``)."""
    days, hours = divmod(int(duration // HOUR), 24)
    parts = [_count(days, DAY)] if days else []
    if hours or not days:
        parts.append(_count(hours, HOUR))
    return " ".join(parts)


def _count(count: int, unit: timedelta) -> str:
    """``1 day``, ``3 hours``, ``12 minutes``."""
    if unit == DAY:
        return ngettext("%(num)d day", "%(num)d days", count)
    if unit == HOUR:
        return ngettext("%(num)d hour", "%(num)d hours", count)
    return ngettext("%(num)d minute", "%(num)d minutes", count)


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
        return _("no time limit")
    return f"{format_moment(deadline, zone)} ({format_remaining(deadline, now)})"
