"""The iCalendar feed parses back with the library, every deadline intact."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from icalendar import Calendar

from pbem.clocks.logic.calendar import CalendarEntry, build_calendar

NOW = datetime(2026, 11, 20, 9, 15, tzinfo=UTC)
TOKYO = timezone(timedelta(hours=9))


def test_feed_parses_back_with_every_deadline():
    entries = [
        CalendarEntry(
            "game-12-ply-30@pbem.test",
            "Stax: your move against Bob; a comma, a semicolon; a backslash \\",
            datetime(2026, 11, 24, 17, tzinfo=UTC),
            "https://pbem.test/play/abc.def",
        ),
        CalendarEntry(
            "round-3-2@pbem.test",
            "Winter cup: round 3 ends",
            datetime(2026, 11, 22, 9, tzinfo=TOKYO),
            "https://pbem.test/tournaments/3",
        ),
    ]
    feed = build_calendar(entries, NOW, "pbem: alice")
    calendar = Calendar.from_ical(feed)
    assert str(calendar["version"]) == "2.0"
    assert str(calendar["x-wr-calname"]) == "pbem: alice"
    events = calendar.walk("VEVENT")
    assert [str(e["uid"]) for e in events] == ["round-3-2@pbem.test", "game-12-ply-30@pbem.test"]
    by_uid = {str(e["uid"]): e for e in events}
    for entry in entries:
        event = by_uid[entry.uid]
        assert str(event["summary"]) == entry.summary
        assert str(event["url"]) == entry.url
        assert event.decoded("dtstart") == entry.deadline
        assert event.decoded("dtstart").utcoffset() == timedelta(0)
        assert event.decoded("dtstamp") == NOW
        assert "dtend" not in event


def test_an_empty_feed_is_still_a_calendar():
    calendar = Calendar.from_ical(build_calendar([], NOW, "pbem: nobody"))
    assert calendar.walk("VEVENT") == []
    assert str(calendar["prodid"]) == "-//pbem//deadlines//EN"
