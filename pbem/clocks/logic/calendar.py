"""The iCalendar feed of a player's deadlines, built with the ``icalendar`` library.

Each deadline is an instant event (a ``DTSTART`` and no end, which RFC 5545 allows) marked
transparent, so it shows in a calendar without blocking the player's free/busy time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

PRODID = "-//pbem//deadlines//EN"


@dataclass(frozen=True)
class CalendarEntry:
    """One deadline. ``uid`` must be stable and globally unique (e.g.
    ``game-12-ply-30@pbem.example``) so calendar clients update rather than duplicate."""

    uid: str
    summary: str
    deadline: datetime
    url: str


def build_calendar(entries: Iterable[CalendarEntry], now: datetime, name: str) -> bytes:
    """The feed as ``text/calendar`` bytes; ``now`` stamps every event (``DTSTAMP``)."""
    # Imported here: every process that builds the app loads this module with the routes,
    # and icalendar takes longer to import than a mail command has to answer.
    from icalendar import Calendar, Event

    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    for entry in sorted(entries, key=lambda e: (e.deadline, e.uid)):
        event = Event()
        event.add("uid", entry.uid)
        event.add("dtstamp", now.astimezone(UTC))
        event.add("dtstart", entry.deadline.astimezone(UTC))
        event.add("summary", entry.summary)
        event.add("url", entry.url)
        event.add("description", entry.url)
        event.add("transp", "TRANSPARENT")
        calendar.add_component(event)
    return calendar.to_ical()
