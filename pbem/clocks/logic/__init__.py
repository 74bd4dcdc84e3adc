"""The clocks' pure part: no Flask, no database, and time is always passed in (``now``, aware
datetimes), so answers are deterministic and the stored side and the tests decide what time
it is.

``timecontrol``  time controls and each seat's clock
``vacation``     the yearly allowance, requests, clocks standing still
``reminders``    the half-time and last-day reminders, timeouts
``display``      deadlines in the reader's time zone
``calendar``     the iCalendar feed
``durations``    reading and writing lengths of time
``errors``       the exception family (every one a ``ValueError`` with a ``code``)
"""
