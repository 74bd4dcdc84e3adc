"""Validation shared by every domain: reading numbers and dates people typed (forms, query
strings), form validators, and what no name may contain.

Every number or date that comes in as text is read here, so none is converted before it is
known to be small: ``str.isdigit`` and ``int`` accept digits of every script (``²``, ``③``,
``٣``), ``int`` refuses more than 4300 digits with an error, ``Decimal`` accepts ``1e999990``
and takes seconds to multiply it, and a date near the end of the calendar overflows as soon as
a day is added to it.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from wtforms import IntegerField
from wtforms.validators import ValidationError

from .speech import gettext as _

#: Characters no name may hold (display names, tournament names, imported players): names go
#: into one-line titles and record tags, where these would show as nothing or break the line.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")

#: ASCII digits only: ``\d`` would match the digits of every script.
_WHOLE = re.compile(r"[0-9]{1,18}")
_DECIMAL = re.compile(r"([0-9]{1,18})(?:\.([0-9]{1,18}))?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

#: The dates anything here reads: generous for any game, far from the ends of the calendar.
EARLIEST_DATE = date(1970, 1, 1)
LATEST_DATE = date(2999, 12, 31)


class BadNumber(ValueError):
    """A number or date that cannot be read or is out of bounds; ``str()`` is the message a
    person reads, naming the field."""


def whole_number(text: str | None, low: int, high: int, what: str) -> int:
    """``text`` (surrounding spaces allowed) as a whole number from ``low`` to ``high``.

    >>> whole_number(" 07 ", 0, 23, "hour")
    7

    :raises BadNumber: not ASCII digits, or out of bounds.
    """
    raw = (text or "").strip()
    if not _WHOLE.fullmatch(raw) or not low <= int(raw) <= high:
        raise BadNumber(_("%(what)s: %(text)s is not a whole number from %(low)s to %(high)s.",
                          what=what, text=_shown(text), low=low, high=high))
    return int(raw)


def decimal_number(text: str | None, high: int, what: str) -> Decimal:
    """``text`` as a number from 0 to ``high`` written with digits and at most one point
    (``3``, ``1.5``, ``0.25``): no exponent, no sign, no digits of other scripts.

    :raises BadNumber: anything else, or more than ``high``.
    """
    raw = (text or "").strip()
    if not _DECIMAL.fullmatch(raw) or Decimal(raw) > high:
        raise BadNumber(_("%(what)s: %(text)s is not a number from 0 to %(high)s (like 3 or "
                          "1.5).", what=what, text=_shown(text), high=high))
    return Decimal(raw)


def iso_date(text: str | None, what: str, earliest: date = EARLIEST_DATE,
             latest: date = LATEST_DATE) -> date:
    """``text`` as a date written ``YYYY-MM-DD`` from ``earliest`` to ``latest``.

    :raises BadNumber: another shape, an impossible date, or out of bounds.
    """
    raw = (text or "").strip()
    try:
        day = date.fromisoformat(raw) if _DATE.fullmatch(raw) else None
    except ValueError:
        day = None
    if day is None or not earliest <= day <= latest:
        raise BadNumber(_("%(what)s: %(text)s is not a date from %(earliest)s to %(latest)s "
                          "written YYYY-MM-DD.", what=what, text=_shown(text),
                          earliest=earliest, latest=latest))
    return day


def _shown(text: str | None) -> str:
    """What was typed, quoted and cut short, for a message."""
    text = text or ""
    return repr(text if len(text) <= 20 else text[:20] + "…")


def within_dates(form, field) -> None:
    """A WTForms validator: a date or date and time from :data:`EARLIEST_DATE` to
    :data:`LATEST_DATE` (a moment near the end of the calendar overflows when time is added)."""
    day = getattr(field.data, "date", lambda: field.data)()
    if day is not None and not EARLIEST_DATE <= day <= LATEST_DATE:
        raise ValidationError(_("Choose a date from %(earliest)s to %(latest)s.",
                                earliest=EARLIEST_DATE, latest=LATEST_DATE))


class WholeNumberField(IntegerField):
    """An ``IntegerField`` that reads its number with :func:`whole_number`, so the bounds are
    checked before any conversion (``IntegerField`` takes ``int()``'s word for it)."""

    def __init__(self, label=None, validators=None, *, low: int, high: int, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.low, self.high = low, high

    def process_formdata(self, valuelist):
        if not valuelist or not valuelist[0].strip():
            self.data = None
            return
        try:
            self.data = whole_number(valuelist[0], self.low, self.high,
                                     str(self.label.text))
        except BadNumber as exc:
            self.data = None
            raise ValueError(str(exc)) from None
