"""Vacations: a yearly allowance of days, validated requests, and clocks that stand still.

A vacation is a span ``[start, end)`` of one player. Every clock of that player stands still
during it (a tournament that forbids vacation simply passes no vacations for its games).
It is charged in whole days, rounded up, to the allowance of the UTC calendar year in which
it starts: one rule, no splitting across New Year.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from ...core.speech import gettext as _
from ...core.validators import BadNumber, iso_date, whole_number
from .display import format_moment, format_words
from .durations import DAY, HOUR
from .errors import InvalidVacation

DEFAULT_DAYS_PER_YEAR = 14
MAX_DAYS = 366
#: How far ahead a vacation may be scheduled; the allowance it uses must be known.
HORIZON = timedelta(days=365)


@dataclass(frozen=True, order=True)
class Vacation:
    """One player's vacation, ``[start, end)`` in aware datetimes."""

    start: datetime
    end: datetime

    def __post_init__(self):
        if self.start.tzinfo is None or self.end.tzinfo is None:
            raise TypeError("vacation times must be timezone-aware")
        if self.end <= self.start:
            raise InvalidVacation(_("a vacation must end after it starts"), "length")

    @classmethod
    def of_days(cls, start: datetime, days: int) -> Vacation:
        """``days`` times 24 hours from ``start``: exact, whatever daylight saving does."""
        return cls(start, start + days * DAY)

    @property
    def days(self) -> int:
        """Whole days it spans, every day begun counting (what a booking asks for)."""
        return math.ceil((self.end - self.start) / DAY)

    @property
    def hours(self) -> int:
        """Hours charged to the allowance: every hour begun counts, so a vacation ended
        early gives back what it did not use."""
        return math.ceil((self.end - self.start) / HOUR)

    @property
    def year(self) -> int:
        """The year whose allowance pays for it: the UTC year it starts in."""
        return self.start.astimezone(UTC).year

    def covers(self, moment: datetime) -> bool:
        return self.start <= moment < self.end

    def ended_early(self, now: datetime) -> Vacation | None:
        """The vacation as it stands when its player ends it at ``now``.

        ``None`` means it had not begun: drop it, nothing is charged. Days not yet begun are
        given back to the allowance.
        """
        if now <= self.start:
            return None
        return Vacation(self.start, now) if now < self.end else self


def hours_used(vacations: Iterable[Vacation], year: int) -> int:
    """Hours of ``year``'s allowance spent or booked."""
    return sum(v.hours for v in vacations if v.year == year)


def days_used(vacations: Iterable[Vacation], year: int) -> int:
    """Days of ``year``'s allowance spent or booked, a day begun counting whole."""
    return math.ceil(hours_used(vacations, year) / 24)


def hours_left(
    vacations: Iterable[Vacation], year: int, per_year: int = DEFAULT_DAYS_PER_YEAR
) -> int:
    """Hours of ``year``'s allowance still to spend."""
    return max(0, per_year * 24 - hours_used(vacations, year))


def days_left(
    vacations: Iterable[Vacation], year: int, per_year: int = DEFAULT_DAYS_PER_YEAR
) -> int:
    """Whole days of ``year``'s allowance still to book (hours left over do not make one)."""
    return hours_left(vacations, year, per_year) // 24


def current(vacations: Iterable[Vacation], now: datetime) -> Vacation | None:
    """The vacation running at ``now``, for "on vacation until …" notes; else ``None``."""
    return next((v for v in vacations if v.covers(now)), None)


def parse_request(now: datetime, days: str, start_date: str = "", zone: tzinfo = UTC) -> Vacation:
    """Turn form input into a vacation: ``days`` whole days from ``start_date``.

    An empty ``start_date`` (or today's date in the player's ``zone``) starts it now; a later
    ``YYYY-MM-DD`` starts it at midnight of that date in ``zone``.

    :raises InvalidVacation: ``syntax``, ``length`` or ``past``.
    """
    count = _parse_day_count(days)
    if not start_date.strip():
        return Vacation.of_days(now, count)
    day = _parse_date(start_date)
    today = now.astimezone(zone).date()
    if day < today:
        raise InvalidVacation(_("%(day)s is in the past; pick today or later",
                                day=day.isoformat()), "past")
    if day == today:
        return Vacation.of_days(now, count)
    midnight = datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)
    return Vacation.of_days(midnight, count)


def validate_request(
    request: Vacation,
    existing: Sequence[Vacation],
    now: datetime,
    per_year: int = DEFAULT_DAYS_PER_YEAR,
    zone: tzinfo = UTC,
) -> Vacation:
    """Check a new vacation against the clock, the player's others and the allowance.

    ``zone`` is the player's, for the dates in messages.

    :returns: ``request`` unchanged, so a caller can store what it validated.
    :raises InvalidVacation: ``past``, ``horizon``, ``overlap`` or ``allowance``.
    """
    if request.start < now:
        raise InvalidVacation(_("a vacation cannot start in the past"), "past")
    if request.start > now + HORIZON:
        raise InvalidVacation(_("a vacation can be scheduled at most a year ahead"),
                              "horizon")
    for other in existing:
        if request.start < other.end and other.start < request.end:
            raise InvalidVacation(
                _("it overlaps your vacation from %(start)s to %(end)s",
                  start=format_moment(other.start, zone), end=format_moment(other.end, zone)),
                "overlap",
            )
    left = hours_left(existing, request.year, per_year)
    if request.hours > left:
        raise InvalidVacation(
            _("this vacation needs %(days)s days but you have %(left)s left in %(year)s (of "
              "%(per_year)s days)", days=request.days, left=format_words(left * HOUR),
              year=request.year, per_year=per_year),
            "allowance",
        )
    return request


def overlap(vacations: Iterable[Vacation], start: datetime, end: datetime) -> timedelta:
    """How much of ``[start, end)`` falls inside the vacations (overlaps counted once)."""
    total = timedelta(0)
    for v_start, v_end in _merged(vacations):
        total += max(timedelta(0), min(end, v_end) - max(start, v_start))
    return total


def advance(start: datetime, active: timedelta, vacations: Iterable[Vacation]) -> datetime:
    """The moment a clock started at ``start`` has run for ``active``, standing still
    during the vacations.

    When the time would run out exactly as a vacation begins, the answer is that
    vacation's end: a deadline never falls on the first instant of a vacation, so the
    player always gets the whole vacation first.
    """
    moment, needed = start, active
    for v_start, v_end in _merged(vacations):
        if v_end <= moment:
            continue
        gap = max(timedelta(0), v_start - moment)
        if gap > needed:
            break
        needed -= gap
        moment = v_end
    return moment + needed


def _merged(vacations: Iterable[Vacation]) -> list[tuple[datetime, datetime]]:
    spans: list[tuple[datetime, datetime]] = []
    for v in sorted(vacations):
        if spans and v.start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], v.end))
        else:
            spans.append((v.start, v.end))
    return spans


def _parse_day_count(text: str) -> int:
    try:
        count = whole_number(text, 0, 10 * MAX_DAYS, "days")
    except BadNumber:
        raise InvalidVacation(_("%(text)r is not a whole number of days", text=text[:20]),
                              "syntax") from None
    if not 1 <= count <= MAX_DAYS:
        raise InvalidVacation(_("a vacation lasts from 1 to %(most)s days, not %(count)s",
                                most=MAX_DAYS, count=count), "length")
    return count


def _parse_date(text: str) -> date:
    try:
        return iso_date(text, "start")
    except BadNumber:
        raise InvalidVacation(_("%(text)r is not a date like 2026-07-14", text=text[:20]),
                              "syntax") from None
