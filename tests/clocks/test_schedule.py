"""Notification timing: modes per kind, quiet hours, the daily digest across DST."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.notifications.logic.schedule import (
    InvalidSettings,
    Kind,
    Mode,
    NotificationSettings,
    parse_zone,
)

H = timedelta(hours=1)
ZONES = ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]


def utc(*args):
    return datetime(*args, tzinfo=UTC)


# --- validation -------------------------------------------------------------------------


def test_zone_names_are_canonical_and_case_free():
    assert parse_zone(" europe/paris ") == "Europe/Paris"
    assert parse_zone("UTC") == "UTC"


@pytest.mark.parametrize(
    "name, message",
    [
        ("", "choose a time zone"),
        ("Europe/Pariss", "'Europe/Pariss' is not a time zone we know"),
        ("../../etc/passwd", "not a time zone"),
        ("localtime", "not a time zone"),
        ("+02:00", "not a time zone"),
    ],
)
def test_bad_zones_are_refused(name, message):
    with pytest.raises(InvalidSettings, match=message) as info:
        parse_zone(name)
    assert (info.value.code, info.value.field) == ("zone", "timezone")


def test_form_round_trip():
    form = {
        "timezone": "america/new_york",
        "digest_hour": "07:00",
        "quiet_start": "22",
        "quiet_end": "7",
        "mode_turn": "Immediate",
        "mode_reminder": "digest",
        "mode_tournament": "off",
    }
    settings = NotificationSettings.from_form(form)
    assert settings.timezone == "America/New_York"
    assert (settings.digest_hour, settings.quiet_start, settings.quiet_end) == (7, 22, 7)
    assert settings.mode(Kind.TURN) is Mode.IMMEDIATE
    assert settings.mode(Kind.REMINDER) is Mode.DIGEST
    assert settings.mode(Kind.TOURNAMENT) is Mode.OFF
    assert settings.mode(Kind.INVITATION) is Mode.IMMEDIATE  # missing: the default
    assert NotificationSettings.from_form(settings.as_form()) == settings


@pytest.mark.parametrize(
    "changes, message, code, field",
    [
        ({"timezone": "Mars/Olympus"}, "not a time zone", "zone", "timezone"),
        ({"digest_hour": "24"}, "digest hour: '24' is not a whole hour", "hour", "digest_hour"),
        ({"digest_hour": "7:30"}, "not a whole hour", "hour", "digest_hour"),
        ({"quiet_start": "-1"}, "quiet hours: '-1'", "hour", "quiet_start"),
        ({"quiet_end": ""}, "both ends of the quiet hours", "quiet", "quiet_start"),
        ({"quiet_end": "22"}, "different hours", "quiet", "quiet_end"),
        (
            {"mode_game": "weekly"},
            "game news: results, proposals, vacations: 'weekly' is not one of",
            "mode",
            "mode_game",
        ),
    ],
)
def test_bad_settings_are_refused_naming_the_field(changes, message, code, field):
    form = {"timezone": "UTC", "digest_hour": "7", "quiet_start": "22", "quiet_end": "7"}
    with pytest.raises(InvalidSettings, match=message) as info:
        NotificationSettings.from_form(form | changes)
    assert (info.value.code, info.value.field) == (code, field)


def test_settings_built_directly_are_validated_too():
    with pytest.raises(InvalidSettings, match="digest_hour: 25"):
        NotificationSettings(digest_hour=25)


# --- routing ----------------------------------------------------------------------------


PARIS_NIGHTS = NotificationSettings(
    timezone="Europe/Paris",
    digest_hour=8,
    quiet_start=22,
    quiet_end=7,
    modes={Kind.REMINDER: Mode.DIGEST, Kind.TOURNAMENT: Mode.OFF},
)


def test_immediate_mail_waits_for_the_end_of_quiet_hours():
    evening = utc(2026, 11, 24, 20, 30)  # 21:30 in Paris
    assert PARIS_NIGHTS.delivery(Kind.TURN, evening) == evening
    night = utc(2026, 11, 24, 22, 30)  # 23:30 in Paris, across midnight
    assert PARIS_NIGHTS.delivery(Kind.TURN, night) == utc(2026, 11, 25, 6)
    early = utc(2026, 11, 25, 5, 59)  # 06:59 in Paris
    assert PARIS_NIGHTS.delivery(Kind.TURN, early) == utc(2026, 11, 25, 6)
    assert PARIS_NIGHTS.delivery(Kind.TURN, utc(2026, 11, 25, 6)) == utc(2026, 11, 25, 6)


def test_digest_and_off_kinds():
    night = utc(2026, 11, 24, 22, 30)
    assert PARIS_NIGHTS.delivery(Kind.REMINDER, night) == utc(2026, 11, 25, 7)  # 08:00 CET
    assert PARIS_NIGHTS.delivery(Kind.TOURNAMENT, night) is None


def test_quiet_hours_within_one_day():
    lunch = NotificationSettings(quiet_start=12, quiet_end=14)
    assert lunch.send_time(utc(2026, 1, 1, 11, 59)) == utc(2026, 1, 1, 11, 59)
    assert lunch.send_time(utc(2026, 1, 1, 12)) == utc(2026, 1, 1, 14)
    assert lunch.send_time(utc(2026, 1, 1, 14)) == utc(2026, 1, 1, 14)


def test_digest_hour_over_the_spring_and_autumn_changes():
    paris = NotificationSettings(timezone="Europe/Paris", digest_hour=8)
    # Sun 29 Mar 2026: 08:00 is CEST (06:00 UTC); the day before it was CET (07:00 UTC)
    assert paris.next_digest(utc(2026, 3, 28, 7)) == utc(2026, 3, 29, 6)
    assert paris.next_digest(utc(2026, 10, 24, 6)) == utc(2026, 10, 25, 7)
    two = NotificationSettings(timezone="Europe/Paris", digest_hour=2)
    # 02:00 does not exist on 29 Mar: the first instant after the jump stands in
    assert two.next_digest(utc(2026, 3, 28, 12)) == utc(2026, 3, 29, 1)
    # 02:00 happens twice on 25 Oct: the first one
    assert two.next_digest(utc(2026, 10, 24, 12)) == utc(2026, 10, 25, 0)


moments = st.datetimes(
    min_value=datetime(2025, 1, 1), max_value=datetime(2028, 12, 31), timezones=st.just(UTC)
)
hours = st.integers(0, 23)


def at_local_hour(moment, zone, hour):
    """The moment shows ``hour``:00 in ``zone``, or ``hour`` was skipped that day and the
    moment is the first instant after the jump."""
    local = moment.astimezone(zone)
    if (local.hour, local.minute, local.second, local.microsecond) == (hour, 0, 0, 0):
        return True
    before = (moment - timedelta(microseconds=1)).astimezone(zone)
    wanted = datetime.combine(local.date(), time(hour))
    return before.replace(tzinfo=None) < wanted < local.replace(tzinfo=None)


def transition_days(name, year=2026):
    """The local dates in ``year`` on which ``name`` changes its UTC offset."""
    zone = ZoneInfo(name)
    days = [datetime(year, 1, 1, 12, tzinfo=zone) + k * timedelta(days=1) for k in range(366)]
    return [
        b.date() for a, b in zip(days, days[1:], strict=False) if a.utcoffset() != b.utcoffset()
    ]


SWEEPS = [(name, day) for name in ZONES for day in transition_days(name)]


def test_the_sweeps_cover_every_kind_of_change():
    assert {name for name, _ in SWEEPS} == {
        "Europe/Paris",
        "America/New_York",
        "Australia/Lord_Howe",
    }


@pytest.mark.parametrize("name, day", SWEEPS, ids=[f"{n}-{d}" for n, d in SWEEPS])
def test_digest_and_quiet_hours_through_a_whole_dst_change(name, day):
    """Every half hour from the day before the change to the day after, for every hour."""
    zone = ZoneInfo(name)
    first = datetime.combine(day - timedelta(days=1), time(0), tzinfo=zone).astimezone(UTC)
    for step in range(3 * 48):
        now = first + step * timedelta(minutes=30)
        for hour in range(24):
            digest = NotificationSettings(timezone=name, digest_hour=hour).next_digest(now)
            assert now < digest <= now + 25 * H and at_local_hour(digest, zone, hour)
            quiet = NotificationSettings(
                timezone=name, quiet_start=hour, quiet_end=(hour + 9) % 24
            )
            send = quiet.send_time(now)
            assert send >= now and not quiet.in_quiet_hours(send)
            assert send == now or quiet.in_quiet_hours(send - timedelta(microseconds=1))


@settings(deadline=None)  # timing is not under test; CPU is shared
@given(moments, st.sampled_from(ZONES), hours)
def test_next_digest_is_in_the_future_at_the_chosen_local_hour(now, name, hour):
    settings = NotificationSettings(timezone=name, digest_hour=hour)
    digest = settings.next_digest(now)
    assert now < digest <= now + 25 * H
    assert at_local_hour(digest, ZoneInfo(name), hour)
    assert settings.next_digest(digest) - digest in (23 * H, 24 * H, 25 * H, 23.5 * H, 24.5 * H)


@settings(deadline=None)
@given(moments, st.sampled_from(ZONES), hours, hours)
def test_send_time_is_the_first_moment_out_of_quiet_hours(now, name, start, end):
    if start == end:
        return
    settings = NotificationSettings(timezone=name, quiet_start=start, quiet_end=end)
    send = settings.send_time(now)
    assert send >= now and not settings.in_quiet_hours(send)
    if send > now:
        assert settings.in_quiet_hours(now)
        assert settings.in_quiet_hours(send - timedelta(microseconds=1))
        assert send - now <= 24 * H
