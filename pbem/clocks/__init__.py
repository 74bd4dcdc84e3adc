"""Clocks, vacations, reminders, timeouts and the calendar feed of deadlines.

The logic is pure, in :mod:`.logic`. Beside it, the stored side, which uses the database and
Flask: ``models``, ``service`` (clocks moved on by play's events, deadlines), ``booking``
(vacations), ``tick`` (reminders, timeouts), ``feed`` (the calendar), ``subscriptions`` (what
the clocks do on other domains' events) and ``views``.
"""
