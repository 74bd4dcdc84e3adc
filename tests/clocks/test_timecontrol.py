"""Time controls: parsing, validation, and clocks through whole games."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.clocks.logic.errors import InvalidTimeControl, TimeExpired
from pbem.clocks.logic.timecontrol import (
    NO_LIMIT,
    Kind,
    SeatClock,
    TimeControl,
    auto_vacation,
    from_form,
    parse,
)
from pbem.clocks.logic.vacation import Vacation

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)
D = timedelta(days=1)

THREE_DAYS = TimeControl(Kind.PER_MOVE, per_move=3 * D)
BANK = TimeControl(Kind.BANK, initial=10 * D, increment=D, cap=12 * D)


# --- the compact form -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, control",
    [
        ("none", NO_LIMIT),
        ("3d/move", THREE_DAYS),
        ("1d12h/move", TimeControl(Kind.PER_MOVE, per_move=36 * H)),
        ("bank 10d +1d cap 12d", BANK),
        ("bank 5d +0d cap 5d", TimeControl(Kind.BANK, initial=5 * D, cap=5 * D)),
    ],
)
def test_compact_form_round_trips(text, control):
    assert parse(text) == control
    assert str(control) == text


def test_compact_form_is_read_leniently():
    assert parse("  BANK 10D  + 1D CAP 12D ") == BANK
    assert parse("3D / Move") == THREE_DAYS


durations = st.integers(1, 365 * 24).map(lambda h: timedelta(hours=h))


@st.composite
def controls(draw):
    kind = draw(st.sampled_from(Kind))
    if kind is Kind.PER_MOVE:
        return TimeControl(kind, per_move=draw(durations))
    if kind is Kind.BANK:
        initial, cap = sorted([draw(durations), draw(durations)])
        increment = draw(st.integers(0, cap // H).map(lambda h: h * H))
        return TimeControl(kind, initial=initial, increment=increment, cap=cap)
    return NO_LIMIT


@settings(deadline=None)  # timing is not under test; CPU is shared
@given(controls())
def test_every_control_round_trips_through_its_compact_form(control):
    assert parse(str(control)) == control


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not a time control"),
        ("3 days", "not a time control"),
        ("3x/move", "not a duration"),
        ("0d/move", "from 1 hour to 365 days"),
        ("400d/move", "not 400 days"),
        ("99999999999d/move", "not a duration"),
        ("9" * 90 + "h/move", "not a duration"),
        ("bank 9999999999999d +1d cap 20d", "not a duration"),
        ("\u0663d/move", "not a duration"),
        ("bank 10d +1d cap 5d", "cap must be from 10 days"),
        ("bank 10d +30d cap 20d", "increment must be from 0 hours to 20 days"),
    ],
)
def test_bad_compact_forms_are_refused_with_a_reason(text, message):
    with pytest.raises(InvalidTimeControl, match=message):
        parse(text)


def test_a_control_refuses_fields_of_another_kind_and_part_hours():
    with pytest.raises(InvalidTimeControl, match="has no initial"):
        TimeControl(Kind.PER_MOVE, per_move=D, initial=D)
    with pytest.raises(InvalidTimeControl, match="whole hours"):
        TimeControl(Kind.PER_MOVE, per_move=D + timedelta(minutes=1))


# --- the creation form ------------------------------------------------------------------


def test_form_input_in_days():
    assert from_form("none") == NO_LIMIT
    assert from_form("per_move", days_per_move="1.5") == TimeControl(
        Kind.PER_MOVE, per_move=36 * H
    )
    assert from_form("BANK", initial_days="10", increment_days="1", cap_days="12") == BANK
    assert from_form("bank", initial_days="7") == TimeControl(Kind.BANK, initial=7 * D, cap=7 * D)


@pytest.mark.parametrize(
    "fields, message, code",
    [
        ({"kind": "blitz"}, "'blitz' is not a kind of time control; choose one of none", "syntax"),
        ({"kind": "per_move", "days_per_move": ""}, "days per move: '' is not a number", "syntax"),
        ({"kind": "per_move", "days_per_move": "three"}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "-2"}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "0.1"}, "steps of one hour", "syntax"),
        ({"kind": "per_move", "days_per_move": "nan"}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "1e20"}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "1e999990"}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "\u00b2"}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "1" * 5000}, "not a number from 0", "syntax"),
        ({"kind": "per_move", "days_per_move": "10001"}, "not a number from 0 to 10000",
         "syntax"),
        ({"kind": "per_move", "days_per_move": "9999"}, "time per move must be", "range"),
        ({"kind": "bank", "initial_days": "5", "cap_days": "4"}, "cap must be", "range"),
    ],
)
def test_bad_form_input_is_refused_with_a_reason(fields, message, code):
    with pytest.raises(InvalidTimeControl, match=message) as info:
        from_form(**fields)
    assert info.value.code == code


def test_descriptions_for_players():
    assert NO_LIMIT.describe() == "no time limit"
    assert from_form("per_move", days_per_move="1.5").describe() == "1 day 12 hours per move"
    assert BANK.describe() == "10 days in the bank, 1 day added per move, at most 12 days"
    no_increment = TimeControl(Kind.BANK, initial=D, cap=D)
    assert no_increment.describe() == "1 day in the bank, nothing added per move, at most 1 day"


# --- whole games ------------------------------------------------------------------------


def play_game(control, think_times, seats=2, vacations=()):
    """Seats move in turn, each taking the next think time; returns the clocks after
    every turn, or stops at the seat whose move came too late (returning its index)."""
    clocks = [control.new_clock() for _ in range(seats)]
    now = T0
    history = []
    for turn, think in enumerate(think_times):
        seat = turn % seats
        clocks[seat] = control.start_turn(clocks[seat], now)
        now += think
        try:
            clocks[seat] = control.end_turn(clocks[seat], now, vacations)
        except TimeExpired:
            return history, seat
        history.append(list(clocks))
    return history, None


def test_no_time_limit_never_runs_out():
    history, flagged = play_game(NO_LIMIT, [400 * D] * 6)
    assert flagged is None
    clock = NO_LIMIT.start_turn(NO_LIMIT.new_clock(), T0)
    assert clock.deadline() is None and not clock.has_run_out(T0 + 1000 * D)
    assert clock.left(T0) is None and clock.fraction_used(T0 + D) == 0.0


def test_per_move_clock_resets_after_every_turn():
    history, flagged = play_game(THREE_DAYS, [2 * D, 70 * H, D, 71 * H, H, 3 * D - H])
    assert flagged is None
    assert all(clock == SeatClock(3 * D) for clocks in history for clock in clocks)


def test_per_move_deadline_and_timeout():
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    assert clock.deadline() == T0 + 3 * D
    assert not clock.has_run_out(T0 + 3 * D - timedelta(seconds=1))
    assert clock.has_run_out(T0 + 3 * D)
    with pytest.raises(TimeExpired, match="ran out") as info:
        THREE_DAYS.end_turn(clock, T0 + 3 * D)
    assert info.value.code == "timeout"


def test_per_move_game_ends_on_the_first_late_move():
    history, flagged = play_game(THREE_DAYS, [D, D, 2 * D, 3 * D, D])
    assert (len(history), flagged) == (3, 1)


def test_bank_loses_time_used_gains_the_increment_and_stops_at_the_cap():
    history, flagged = play_game(BANK, [3 * D, H, 5 * D, H, H, H, H, H])
    assert flagged is None
    banks = [[clock.remaining for clock in clocks] for clocks in history]
    assert banks == [
        [8 * D, 10 * D],  # 10d - 3d + 1d
        [8 * D, 11 * D - H],  # 10d - 1h + 1d
        [4 * D, 11 * D - H],
        [4 * D, 12 * D - 2 * H],
        [5 * D - H, 12 * D - 2 * H],
        [5 * D - H, 12 * D],  # 13d - 3h, held at the cap
        [6 * D - 2 * H, 12 * D],
        [6 * D - 2 * H, 12 * D],  # at the cap already
    ]


def test_bank_runs_out_when_spent():
    history, flagged = play_game(BANK, [9 * D, D, 3 * D, D, 2 * D])
    # seat 0: 10 - 9 + 1 = 2 days, then 3 days is too long
    assert (len(history), flagged) == (2, 0)


def test_three_players_each_have_their_own_clock():
    history, flagged = play_game(BANK, [D, 2 * D, 3 * D] * 2, seats=3)
    assert flagged is None
    assert [clock.remaining for clock in history[-1]] == [10 * D, 8 * D, 6 * D]


@settings(deadline=None)
@given(controls(), st.lists(st.integers(0, 400 * 24), min_size=1, max_size=12))
def test_bank_stays_within_zero_and_cap(control, hours):
    history, _ = play_game(control, [h * H for h in hours])
    for clocks in history:
        for clock in clocks:
            assert clock.turn_started is None
            if control.kind is Kind.BANK:
                assert timedelta(0) < clock.remaining <= control.cap


# --- queries and vacations --------------------------------------------------------------


def test_time_used_and_left_and_the_last_day():
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    assert clock.used(T0 - H) == timedelta(0)
    assert clock.fraction_used(T0 + 36 * H) == 0.5
    assert clock.left(T0 + 36 * H) == 36 * H
    assert not clock.day_or_less_left(T0 + 2 * D - H)
    assert clock.day_or_less_left(T0 + 2 * D)
    assert clock.fraction_used(T0 + 10 * D) == 1.0 and clock.left(T0 + 10 * D) == timedelta(0)


def test_vacation_stops_the_clock():
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    away = Vacation(T0 + D, T0 + 3 * D)
    assert clock.deadline([away]) == T0 + 5 * D
    assert clock.used(T0 + 2 * D, [away]) == D
    assert clock.left(T0 + 4 * D, [away]) == D
    assert not clock.has_run_out(T0 + 4 * D, [away])


def test_a_turn_that_starts_during_a_vacation_waits_for_its_end():
    away = Vacation(T0 - D, T0 + 2 * D)
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    assert clock.deadline([away]) == T0 + 5 * D


def test_a_deadline_never_falls_on_the_first_instant_of_a_vacation():
    away = Vacation(T0 + 3 * D, T0 + 4 * D)
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    assert clock.deadline([away]) == T0 + 4 * D


def test_bank_is_charged_only_for_time_off_vacation():
    clock = BANK.start_turn(BANK.new_clock(), T0)
    away = Vacation(T0 + H, T0 + 5 * D + H)
    assert BANK.end_turn(clock, T0 + 6 * D, [away]).remaining == 10 * D


vacation_lists = st.lists(
    st.tuples(st.integers(-30 * 24, 60 * 24), st.integers(1, 20 * 24)).map(
        lambda t: Vacation(T0 + t[0] * H, T0 + (t[0] + t[1]) * H)
    ),
    max_size=5,
)


@settings(deadline=None)
@given(controls(), vacation_lists, vacation_lists)
def test_vacations_never_bring_a_deadline_earlier(control, some, more):
    clock = control.start_turn(control.new_clock(), T0)
    if control.kind is Kind.NONE:
        assert clock.deadline(some) is None
        return
    plain, with_some, with_more = (clock.deadline(v) for v in ([], some, some + more))
    assert plain <= with_some <= with_more
    # the clock time between the turn start and the deadline is exactly what was left
    assert clock.used(with_more, some + more) == clock.remaining


# --- spending vacation days automatically ----------------------------------------------


def test_auto_vacation_spends_the_fewest_days_that_cover_now():
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    assert auto_vacation(clock, T0 + 3 * D - H, []) is None  # not run out yet
    saved = auto_vacation(clock, T0 + 3 * D + 5 * H, [])
    assert saved.days == 1
    assert saved.vacation == Vacation(T0 + 3 * D, T0 + 4 * D)
    assert saved.deadline == T0 + 4 * D
    late = auto_vacation(clock, T0 + 5 * D, [])
    assert (late.days, late.deadline) == (3, T0 + 6 * D)


def test_auto_vacation_is_bounded_by_the_allowance():
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    taken = [Vacation.of_days(T0 - 30 * D, 13)]
    assert auto_vacation(clock, T0 + 3 * D + H, taken).days == 1
    assert auto_vacation(clock, T0 + 4 * D + H, taken) is None
    assert auto_vacation(clock, T0 + 4 * D + H, taken, per_year=20).days == 2


def test_auto_vacation_stops_short_of_a_booked_vacation():
    clock = THREE_DAYS.start_turn(THREE_DAYS.new_clock(), T0)
    booked = Vacation(T0 + 3 * D + 6 * H, T0 + 8 * D)
    # the clock ran out at T0+3d, before the booked vacation began
    saved = auto_vacation(clock, T0 + 3 * D + H, [booked])
    assert saved.vacation == Vacation(T0 + 3 * D, T0 + 3 * D + 6 * H)
    assert saved.deadline == T0 + 8 * D


def test_auto_vacation_without_a_clock_does_nothing():
    assert auto_vacation(SeatClock(), T0, []) is None
