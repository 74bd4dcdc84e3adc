"""Clocks, vacations, reminders and notification timing; the logic is pure (no Flask, no
database) and its stored side is listed at the end.

Time is always passed in (``now``, aware datetimes) and answers are deterministic, so the
service layer and the tests decide what time it is. Modules:

``timecontrol``  time controls and each seat's clock
``vacation``     the yearly allowance, requests, clocks standing still
``reminders``    the half-time and last-day reminders, timeouts
``schedule``     per-kind modes, quiet hours, the daily digest
``display``      deadlines in the reader's time zone
``calendar``     the iCalendar feed
``errors``       the exception family (every one a ``ValueError`` with a ``code``)

Beside it, the stored side, which uses the database and Flask: ``models``, ``service`` (the
play service's hook and deadlines), ``settings``, ``booking`` (vacations), ``tick``,
``digest``, ``feed`` and ``views``.
"""
