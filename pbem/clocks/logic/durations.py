"""Durations in whole hours: the compact storage form, form input in days, and words.

Clocks count in whole hours so stored values and what players typed always agree exactly.
"""

from __future__ import annotations

import re
from datetime import timedelta

from ...core.speech import gettext as _
from ...core.validators import decimal_number

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
#: The most days a form may name: more than any clock allows, few enough to read quickly.
MOST_DAYS = 10_000

#: ASCII digits, few enough that no duration overflows (``\d`` matches every script's).
_COMPACT = re.compile(r"(?:([0-9]{1,5})d)?(?:([0-9]{1,6})h)?")


def parse_compact(text: str) -> timedelta:
    """Read ``3d``, ``12h``, ``1d12h`` or ``0d``.

    :raises ValueError: with a message naming the text.
    """
    match = _COMPACT.fullmatch(text.strip().lower())
    if not text.strip() or not match:
        raise ValueError(f"{text!r} is not a duration like 3d, 12h or 1d12h")
    days, hours = match.groups()
    return timedelta(days=int(days or 0), hours=int(hours or 0))


def format_compact(duration: timedelta) -> str:
    """The inverse of :func:`parse_compact`: ``1d12h``, ``3d``, ``12h``, ``0d``."""
    hours = _whole_hours(duration)
    days, hours = divmod(hours, 24)
    if not hours:
        return f"{days}d"
    return f"{days}d{hours}h" if days else f"{hours}h"


def parse_days(text: str, what: str) -> timedelta:
    """Read a number of days typed in a form (``3``, ``1.5``, ``0.25``) in one-hour steps,
    at most :data:`MOST_DAYS` (a time control's range is checked after, in whole hours).

    :raises ValueError: naming ``what`` when the text is not such a number.
    """
    days = decimal_number(text, MOST_DAYS, what)
    hours = days * 24
    if hours != hours.to_integral_value():
        raise ValueError(_("%(what)s: days go in steps of one hour (e.g. 1, 1.5 or 0.25)",
                           what=what))
    return timedelta(hours=int(hours))


def format_words(duration: timedelta) -> str:
    """``1 day 12 hours``, ``3 days``, ``5 hours``; whole hours, rounded down."""
    days, hours = divmod(_whole_hours(duration), 24)
    parts = [_plural(days, "day")] if days else []
    if hours or not days:
        parts.append(_plural(hours, "hour"))
    return " ".join(parts)


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}" if count == 1 else f"{count} {unit}s"


def _whole_hours(duration: timedelta) -> int:
    return int(duration // HOUR)
