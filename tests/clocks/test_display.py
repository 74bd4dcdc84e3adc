"""Deadlines in the reader's time zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from pbem.clocks.logic.display import (
    deadline_view,
    format_date,
    format_deadline,
    format_left,
    format_remaining,
)
from pbem.clocks.logic.durations import format_words

DEADLINE = datetime(2026, 11, 24, 17, 0, tzinfo=UTC)


def test_deadline_in_the_readers_zone_with_time_left():
    now = DEADLINE - timedelta(days=2, hours=5)
    assert (
        format_deadline(DEADLINE, ZoneInfo("Europe/Paris"), now)
        == "Tue 24 Nov 2026, 18:00 CET (in 2 days)"
    )
    assert (
        format_deadline(DEADLINE, ZoneInfo("Asia/Tokyo"), now)
        == "Wed 25 Nov 2026, 02:00 JST (in 2 days)"
    )
    summer = datetime(2026, 7, 1, 16, 30, tzinfo=UTC)
    assert format_deadline(summer, ZoneInfo("Europe/Paris"), summer).startswith(
        "Wed 1 Jul 2026, 18:30 CEST"
    )
    assert format_date(DEADLINE, ZoneInfo("Pacific/Kiritimati")) == "Wed 25 Nov 2026"


def test_no_deadline():
    assert format_deadline(None, UTC, DEADLINE) == "no time limit"


@pytest.mark.parametrize(
    "left, text",
    [
        (timedelta(days=2, hours=23, minutes=59), "in 3 days"),  # a 3-day deadline, just set
        (timedelta(days=1, hours=11), "in 1 day"),
        (timedelta(days=1, hours=12), "in 2 days"),
        (timedelta(days=3), "in 3 days"),
        (timedelta(hours=23, minutes=40), "in 1 day"),
        (timedelta(hours=23, minutes=20), "in 23 hours"),
        (timedelta(hours=1), "in 1 hour"),
        (timedelta(minutes=59, seconds=40), "in 1 hour"),
        (timedelta(minutes=59, seconds=20), "in 59 minutes"),
        (timedelta(seconds=40), "in 1 minute"),
        (timedelta(seconds=20), "in less than a minute"),
        (timedelta(0), "passed"),
        (timedelta(hours=-3), "passed"),
    ],
)
def test_time_left_is_rounded_to_the_nearest_unit(left, text):
    assert format_remaining(DEADLINE, DEADLINE - left) == text


def test_the_exact_deadline_is_there_for_a_tooltip():
    now = DEADLINE - timedelta(days=2, hours=23, minutes=59, seconds=30)
    shown = deadline_view(DEADLINE, ZoneInfo("Europe/Paris"), now)
    assert shown.iso == "2026-11-24T17:00:00+00:00"
    assert shown.text == "Tue 24 Nov 2026, 18:00 CET (in 3 days)"
    assert shown.exact == "2026-11-24 18:00:00 CET; 2 days 23 hours 59 minutes left"
    assert format_left(DEADLINE, DEADLINE - timedelta(seconds=5)) == "less than a minute left"
    assert format_left(DEADLINE, DEADLINE) == "passed"


def test_durations_in_words():
    assert format_words(timedelta(hours=36)) == "1 day 12 hours"
    assert format_words(timedelta(days=2)) == "2 days"
    assert format_words(timedelta(hours=1)) == "1 hour"
    assert format_words(timedelta(0)) == "0 hours"
