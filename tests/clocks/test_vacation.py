"""Vacations: the allowance, requests from forms, and the time they take off a clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.clocks.logic.display import format_words
from pbem.clocks.logic.durations import HOUR
from pbem.clocks.logic.errors import InvalidVacation
from pbem.clocks.logic.vacation import (
    Vacation,
    advance,
    current,
    days_left,
    days_used,
    hours_left,
    overlap,
    parse_request,
    validate_request,
)

NOW = datetime(2026, 6, 10, 15, 30, tzinfo=UTC)
D = timedelta(days=1)
H = timedelta(hours=1)
PARIS = ZoneInfo("Europe/Paris")


def test_days_are_charged_per_begun_day_to_the_year_it_starts():
    assert Vacation.of_days(NOW, 3).days == 3
    assert Vacation(NOW, NOW + D + H).days == 2
    new_year = Vacation.of_days(datetime(2026, 12, 30, tzinfo=UTC), 5)
    assert new_year.year == 2026
    spent = [Vacation.of_days(NOW - 100 * D, 4), new_year, Vacation.of_days(NOW + 300 * D, 2)]
    assert days_used(spent, 2026) == 9
    assert days_left(spent, 2026) == 5
    assert days_left(spent, 2026, per_year=7) == 0
    assert days_left(spent, 2027) == 12


def test_a_vacation_must_have_a_length_and_aware_times():
    with pytest.raises(InvalidVacation, match="end after it starts") as info:
        Vacation(NOW, NOW)
    assert info.value.code == "length"
    with pytest.raises(TypeError, match="timezone-aware"):
        Vacation(NOW.replace(tzinfo=None), NOW.replace(tzinfo=None) + D)


def test_start_now_or_scheduled_in_the_players_zone():
    assert parse_request(NOW, "3") == Vacation.of_days(NOW, 3)
    assert parse_request(NOW, " 3 ", "2026-06-10", PARIS) == Vacation.of_days(NOW, 3)
    scheduled = parse_request(NOW, "2", "2026-07-14", PARIS)
    assert scheduled.start == datetime(2026, 7, 13, 22, tzinfo=UTC)  # midnight in Paris
    assert scheduled.end - scheduled.start == 2 * D


@pytest.mark.parametrize(
    "days, start, message, code",
    [
        ("three", "", "'three' is not a whole number of days", "syntax"),
        ("1.5", "", "not a whole number", "syntax"),
        ("0", "", "from 1 to 366 days, not 0", "length"),
        ("-2", "", "'-2' is not a whole number", "syntax"),
        ("\u00b3", "", "is not a whole number", "syntax"),
        ("9" * 5000, "", "is not a whole number", "syntax"),
        ("366", "9999-12-25", "not a date", "syntax"),
        ("2", "\u0662\u0660\u0662\u0666-07-14", "not a date", "syntax"),
        ("2", "14/07/2026", "not a date like 2026-07-14", "syntax"),
        ("2", "2026-02-30", "not a date", "syntax"),
        ("2", "2026-06-09", "2026-06-09 is in the past", "past"),
    ],
)
def test_bad_requests_are_refused_with_a_reason(days, start, message, code):
    with pytest.raises(InvalidVacation, match=message) as info:
        parse_request(NOW, days, start, PARIS)
    assert info.value.code == code


def test_validation_accepts_a_request_within_the_rules():
    taken = [Vacation.of_days(NOW - 50 * D, 10)]
    request = Vacation.of_days(NOW + 10 * D, 4)
    assert validate_request(request, taken, NOW) is request


@pytest.mark.parametrize(
    "request_, message, code",
    [
        (Vacation.of_days(NOW - H, 2), "cannot start in the past", "past"),
        (Vacation.of_days(NOW + 400 * D, 2), "at most a year ahead", "horizon"),
        (
            Vacation.of_days(NOW, 3),
            "overlaps your vacation from Mon 1 Jun 2026, 17:30 CEST to Thu 11 Jun 2026, 17:30",
            "overlap",
        ),
        (
            Vacation.of_days(NOW + 20 * D, 5),
            r"needs 5 days but you have 4 days left in 2026 \(of 14 days\)",
            "allowance",
        ),
    ],
)
def test_refused_requests_say_why(request_, message, code):
    taken = [Vacation.of_days(NOW - 9 * D, 10)]
    with pytest.raises(InvalidVacation, match=message) as info:
        validate_request(request_, taken, NOW, zone=PARIS)
    assert info.value.code == code


def test_allowance_is_configurable():
    request = Vacation.of_days(NOW, 20)
    with pytest.raises(InvalidVacation, match="you have 14 days left"):
        validate_request(request, [], NOW)
    assert validate_request(request, [], NOW, per_year=30) is request


def test_ending_early_gives_back_the_days_not_begun():
    trip = Vacation.of_days(NOW, 10)
    assert trip.ended_early(NOW - H) is None
    assert trip.ended_early(NOW) is None
    shortened = trip.ended_early(NOW + 2 * D + H)
    assert shortened == Vacation(NOW, NOW + 2 * D + H) and shortened.days == 3
    # The allowance counts hours: 2 days and 1 hour used, 11 days 23 hours left.
    assert shortened.hours == 49 and hours_left([shortened], NOW.year) == 11 * 24 + 23
    assert format_words(hours_left([shortened], NOW.year) * HOUR) == "11 days 23 hours"
    assert days_left([shortened], NOW.year) == 11
    minute = trip.ended_early(NOW + timedelta(minutes=1))
    assert format_words(hours_left([minute], NOW.year) * HOUR) == "13 days 23 hours"
    assert trip.ended_early(NOW + 20 * D) is trip


def test_current_vacation():
    trip = Vacation.of_days(NOW, 2)
    assert current([trip], NOW) is trip
    assert current([trip], NOW + 2 * D) is None
    assert current([trip], NOW - H) is None


def test_overlap_counts_shared_time_once():
    trips = [Vacation(NOW, NOW + 3 * D), Vacation(NOW + D, NOW + 4 * D)]
    assert overlap(trips, NOW - D, NOW + 10 * D) == 4 * D
    assert overlap(trips, NOW + 2 * D, NOW + 2 * D + H) == H
    assert overlap(trips, NOW - 2 * D, NOW) == timedelta(0)


spans = st.lists(
    st.tuples(st.integers(0, 24 * 40), st.integers(1, 24 * 10)).map(
        lambda t: Vacation(NOW + t[0] * H, NOW + (t[0] + t[1]) * H)
    ),
    max_size=6,
)


@settings(deadline=None)  # timing is not under test; CPU is shared
@given(spans, st.integers(0, 24 * 30))
def test_advance_skips_exactly_the_vacation_time(trips, hours):
    """The clock time between start and the answer is what was asked for, and the answer
    is never inside a vacation."""
    active = hours * H
    moment = advance(NOW, active, trips)
    assert moment - NOW - overlap(trips, NOW, moment) == active
    assert current(trips, moment) is None
