"""Reminders are sent once each, in order; a timeout is due exactly when the clock runs out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.clocks.logic.reminders import Due, Reminder, check
from pbem.clocks.logic.timecontrol import NO_LIMIT, Kind, TimeControl
from pbem.clocks.logic.vacation import Vacation

T0 = datetime(2026, 10, 20, 8, 0, tzinfo=UTC)
H = timedelta(hours=1)
D = timedelta(days=1)


def per_move(days):
    return TimeControl(Kind.PER_MOVE, per_move=days * D)


def running(control):
    return control.start_turn(control.new_clock(), T0)


def run_ticks(clock, ticks, vacations=()):
    """What a tick loop does: check, then record what was settled. Returns the mails
    sent as (time, reminder) and the time the timeout was applied."""
    sent, mails = set(), []
    for now in ticks:
        due = check(clock, sent, now, vacations)
        if due.timeout:
            return mails, now
        if due.send:
            mails.append((now, due.send))
        assert due.send in due.settle or due.send is None
        sent |= due.settle
    return mails, None


def hourly(until):
    return [T0 + k * H for k in range(int(until / H) + 1)]


def test_half_time_then_last_day_then_timeout_each_once():
    mails, timeout = run_ticks(running(per_move(4)), hourly(5 * D))
    assert mails == [(T0 + 2 * D, Reminder.HALF), (T0 + 3 * D, Reminder.DAY)]
    assert timeout == T0 + 4 * D


def test_when_both_fall_due_together_only_the_last_day_is_sent():
    mails, _ = run_ticks(running(per_move(2)), hourly(3 * D))
    assert mails == [(T0 + D, Reminder.DAY)]
    due = check(running(per_move(2)), set(), T0 + D)
    assert due == Due(Reminder.DAY, frozenset(Reminder))


def test_a_late_tick_sends_only_the_most_urgent_reminder():
    mails, _ = run_ticks(running(per_move(10)), [T0 + 9 * D + H])
    assert mails == [(T0 + 9 * D + H, Reminder.DAY)]


def test_one_day_clock_gets_no_last_day_reminder():
    mails, timeout = run_ticks(running(per_move(1)), hourly(2 * D))
    assert mails == [(T0 + 12 * H, Reminder.HALF)]
    assert timeout == T0 + D


def test_half_time_is_never_sent_after_the_last_day():
    clock = running(per_move(4))
    assert check(clock, {Reminder.DAY}, T0 + 3 * D + H) == Due()


def test_no_clock_no_reminders():
    assert check(running(NO_LIMIT), set(), T0 + 1000 * D) == Due()
    assert check(per_move(3).new_clock(), set(), T0 + 1000 * D) == Due()


def test_vacation_holds_reminders_and_the_timeout_back():
    away = [Vacation(T0 + D + 12 * H, T0 + 5 * D)]
    mails, timeout = run_ticks(running(per_move(4)), hourly(10 * D), away)
    # 1.5 days used before the vacation; half time comes 12 hours after it ends
    assert mails == [(T0 + 5 * D + 12 * H, Reminder.HALF), (T0 + 6 * D + 12 * H, Reminder.DAY)]
    assert timeout == T0 + 7 * D + 12 * H


def test_a_reminder_owed_before_a_vacation_waits_until_it_ends():
    away = [Vacation(T0 + 2 * D + H, T0 + 3 * D)]
    clock = running(per_move(4))
    assert check(clock, set(), T0 + 2 * D + 2 * H, away) == Due()
    assert check(clock, set(), T0 + 3 * D, away).send is Reminder.HALF


@settings(deadline=None)  # timing is not under test; CPU is shared
@given(
    st.integers(1, 30 * 24),
    st.lists(st.integers(1, 48), min_size=1, max_size=200),
)
def test_each_reminder_at_most_once_and_the_timeout_on_time(hours, gaps):
    """Whatever the tick rhythm, each reminder goes at most once, half before day, and
    the timeout is applied at the first tick at or after the deadline."""
    clock = running(TimeControl(Kind.PER_MOVE, per_move=hours * H))
    ticks, now = [], T0
    for gap in gaps:
        now += gap * H
        ticks.append(now)
    mails, timeout = run_ticks(clock, ticks)
    kinds = [kind for _, kind in mails]
    assert kinds in ([], [Reminder.HALF], [Reminder.DAY], [Reminder.HALF, Reminder.DAY])
    assert all(at < clock.deadline() for at, _ in mails)
    late = [t for t in ticks if t >= clock.deadline()]
    assert timeout == (late[0] if late else None)
