"""Time controls and the clock of one seat.

Three kinds, chosen when a game or tournament is created:

``none``
    no clock at all.
``per_move``
    a fixed time for every move; the clock resets after each of the seat's turns.
``bank``
    an initial bank, an increment added after each turn, a cap the bank never exceeds.

A "move" is a whole turn: Spike and Triumvirate turns have several plies and the clock runs
from the start of the turn to its end. The compact form, used for storage and shown to
players, is ``none``, ``3d/move`` or ``bank 10d +1d cap 20d`` (durations in whole hours:
``12h``, ``1d12h``). :func:`parse` reads it back exactly.

A seat's clock (:class:`SeatClock`) holds the clock time available for its turn and when
that turn started; every question about it takes the player's vacations, during which
the clock stands still.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from ...core.speech import gettext as _
from . import display
from .durations import DAY, HOUR, format_compact, parse_compact, parse_days
from .errors import InvalidTimeControl, TimeExpired
from .vacation import DEFAULT_DAYS_PER_YEAR, Vacation, advance, days_left, overlap

LONGEST = timedelta(days=365)
SHORTEST = HOUR
_ZERO = timedelta(0)


class Kind(StrEnum):
    NONE = "none"
    PER_MOVE = "per_move"
    BANK = "bank"


@dataclass(frozen=True)
class TimeControl:
    """A validated time control; build one directly, with :func:`parse` or :func:`from_form`.

    :raises InvalidTimeControl: (code ``range``) when a duration is out of range or a field
        does not belong to the kind.
    """

    kind: Kind = Kind.NONE
    per_move: timedelta = _ZERO
    initial: timedelta = _ZERO
    increment: timedelta = _ZERO
    cap: timedelta = _ZERO

    def __post_init__(self):
        object.__setattr__(self, "kind", Kind(self.kind))
        for name in ("per_move", "initial", "increment", "cap"):
            value = getattr(self, name)
            if value % HOUR:
                raise InvalidTimeControl(f"{name}: use whole hours", "range")
        used = {
            Kind.NONE: (),
            Kind.PER_MOVE: ("per_move",),
            Kind.BANK: ("initial", "increment", "cap"),
        }[self.kind]
        stray = [n for n in ("per_move", "initial", "increment", "cap") if n not in used]
        if any(getattr(self, n) for n in stray):
            raise InvalidTimeControl(f"a {self.kind} time control has no {stray[0]}", "range")
        if self.kind is Kind.PER_MOVE:
            _check_range(lambda: _("time per move"), self.per_move, SHORTEST, LONGEST)
        elif self.kind is Kind.BANK:
            _check_range(lambda: _("initial bank"), self.initial, SHORTEST, LONGEST)
            _check_range(lambda: _("cap"), self.cap, self.initial, LONGEST)
            _check_range(lambda: _("increment"), self.increment, _ZERO, self.cap)

    def __str__(self) -> str:
        if self.kind is Kind.PER_MOVE:
            return f"{format_compact(self.per_move)}/move"
        if self.kind is Kind.BANK:
            return (
                f"bank {format_compact(self.initial)} +{format_compact(self.increment)} "
                f"cap {format_compact(self.cap)}"
            )
        return "none"

    def describe(self) -> str:
        """The time control in words, for game pages and emails."""
        words = display.format_words  # translated (pbem.core.speech)
        if self.kind is Kind.PER_MOVE:
            return _("%(span)s per move", span=words(self.per_move))
        if self.kind is Kind.BANK:
            added = (
                _("%(span)s added per move", span=words(self.increment))
                if self.increment
                else _("nothing added per move")
            )
            return _("%(bank)s in the bank, %(added)s, at most %(cap)s",
                     bank=words(self.initial), added=added, cap=words(self.cap))
        return _("no time limit")

    def new_clock(self) -> SeatClock:
        """A seat's clock before its first turn."""
        if self.kind is Kind.PER_MOVE:
            return SeatClock(self.per_move)
        if self.kind is Kind.BANK:
            return SeatClock(self.initial)
        return SeatClock()

    def start_turn(self, clock: SeatClock, now: datetime) -> SeatClock:
        """The seat is to move from ``now``: its clock starts running."""
        remaining = self.per_move if self.kind is Kind.PER_MOVE else clock.remaining
        return SeatClock(remaining, now)

    def end_turn(
        self, clock: SeatClock, now: datetime, vacations: Sequence[Vacation] = ()
    ) -> SeatClock:
        """The seat finished its turn at ``now``: stop the clock, settle the bank.

        A bank loses the clock time used and gains the increment, up to the cap; a per-move
        clock is full again.

        :raises TimeExpired: the clock had already run out; apply the timeout instead.
        """
        if clock.has_run_out(now, vacations):
            raise TimeExpired("your time ran out before this move arrived", "timeout")
        if self.kind is Kind.BANK:
            left = clock.remaining - clock.used(now, vacations)
            return SeatClock(min(self.cap, left + self.increment))
        return replace(clock, turn_started=None)


NO_LIMIT = TimeControl()


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock: what the service stores per seat.

    ``remaining`` is the clock time for the seat's current or next turn (``None`` without
    a time control); ``turn_started`` is when its current turn began, ``None`` while
    another seat is to move.
    """

    remaining: timedelta | None = None
    turn_started: datetime | None = None

    @property
    def running(self) -> bool:
        return self.remaining is not None and self.turn_started is not None

    def deadline(self, vacations: Sequence[Vacation] = ()) -> datetime | None:
        """When the seat must have moved; later by every vacation in between.

        ``None`` when there is no time control or the seat is not to move.
        """
        if not self.running:
            return None
        return advance(self.turn_started, self.remaining, vacations)

    def used(self, now: datetime, vacations: Sequence[Vacation] = ()) -> timedelta:
        """Clock time used in the current turn by ``now`` (vacations do not count)."""
        if not self.running or now <= self.turn_started:
            return _ZERO
        return now - self.turn_started - overlap(vacations, self.turn_started, now)

    def left(self, now: datetime, vacations: Sequence[Vacation] = ()) -> timedelta | None:
        """Clock time left at ``now``; ``None`` when the clock is not running."""
        if not self.running:
            return None
        return max(_ZERO, self.remaining - self.used(now, vacations))

    def fraction_used(self, now: datetime, vacations: Sequence[Vacation] = ()) -> float:
        """Share of this turn's time used, 0 to 1 (0 when the clock is not running)."""
        if not self.running:
            return 0.0
        return min(1.0, self.used(now, vacations) / self.remaining)

    def day_or_less_left(self, now: datetime, vacations: Sequence[Vacation] = ()) -> bool:
        left = self.left(now, vacations)
        return left is not None and left <= DAY

    def has_run_out(self, now: datetime, vacations: Sequence[Vacation] = ()) -> bool:
        deadline = self.deadline(vacations)
        return deadline is not None and now >= deadline


@dataclass(frozen=True)
class AutoVacation:
    """Vacation days spent to save a seat from a timeout.

    ``vacation`` is to be stored for the player (it stops all their clocks, like any
    vacation); ``deadline`` is the seat's new deadline.
    """

    vacation: Vacation
    deadline: datetime

    @property
    def days(self) -> int:
        return self.vacation.days


def auto_vacation(
    clock: SeatClock,
    now: datetime,
    vacations: Sequence[Vacation],
    per_year: int = DEFAULT_DAYS_PER_YEAR,
) -> AutoVacation | None:
    """The fewest whole vacation days, from the deadline on, that keep the clock running.

    ``vacations`` are all the player's vacations (they decide the allowance left in the
    deadline's year). ``None`` when the clock has not run out, or when the allowance left
    cannot cover up to ``now``: then the timeout applies and nothing is spent.
    The new vacation stops short of any vacation already booked after the deadline. Not
    for games whose tournament forbids vacation.
    """
    deadline = clock.deadline(vacations)
    if deadline is None or now < deadline:
        return None
    booked = [v.start for v in vacations if v.start > deadline]
    limit = min(booked, default=None)
    allowance = days_left(vacations, deadline.astimezone(UTC).year, per_year)
    for days in range(1, allowance + 1):
        end = deadline + days * DAY
        clipped = limit is not None and limit <= end
        spent = Vacation(deadline, limit if clipped else end)
        moved = clock.deadline([*vacations, spent])
        if moved > now:
            return AutoVacation(spent, moved)
        if clipped:
            break
    return None


def parse(text: str) -> TimeControl:
    """Read the compact form (``none``, ``3d/move``, ``bank 10d +1d cap 20d``).

    Case and spacing are free. :raises InvalidTimeControl: ``syntax`` or ``range``.
    """
    normal = " ".join(text.lower().split())
    try:
        if normal == "none":
            return NO_LIMIT
        if match := re.fullmatch(r"(\w+) ?/ ?move", normal):
            return TimeControl(Kind.PER_MOVE, per_move=parse_compact(match[1]))
        if match := re.fullmatch(r"bank (\w+) \+ ?(\w+) cap (\w+)", normal):
            initial, increment, cap = (parse_compact(g) for g in match.groups())
            return TimeControl(Kind.BANK, initial=initial, increment=increment, cap=cap)
    except InvalidTimeControl:
        raise
    except ValueError as exc:
        raise InvalidTimeControl(str(exc), "syntax") from None
    raise InvalidTimeControl(
        f"{text!r} is not a time control; write none, 3d/move or bank 10d +1d cap 20d",
        "syntax",
    )


def from_form(
    kind: str,
    days_per_move: str = "",
    initial_days: str = "",
    increment_days: str = "",
    cap_days: str = "",
) -> TimeControl:
    """Build a time control from a creation form, durations in days (``1.5`` = 36 hours).

    An empty increment means none; an empty cap means the initial bank.

    :raises InvalidTimeControl: naming the field (``syntax`` or ``range``).
    """
    try:
        chosen = Kind(kind.strip().lower())
    except ValueError:
        known = ", ".join(k.value for k in Kind)
        raise InvalidTimeControl(
            f"{kind!r} is not a kind of time control; choose one of {known}", "syntax"
        ) from None
    try:
        if chosen is Kind.PER_MOVE:
            return TimeControl(chosen, per_move=parse_days(days_per_move,
                                                           _("days per move")))
        if chosen is Kind.BANK:
            initial = parse_days(initial_days, _("initial bank"))
            increment = parse_days(increment_days or "0", _("increment"))
            cap = parse_days(cap_days, _("cap")) if cap_days.strip() else initial
            return TimeControl(chosen, initial=initial, increment=increment, cap=cap)
    except InvalidTimeControl:
        raise
    except ValueError as exc:
        raise InvalidTimeControl(str(exc), "syntax") from None
    return NO_LIMIT


def _check_range(what: Callable[[], str], value: timedelta, low: timedelta,
                 high: timedelta) -> None:
    """:raises InvalidTimeControl: ``value`` out of bounds, naming the field ``what()`` says
    (asked only then: a time control is read on every move of a game with a clock, and a
    translation costs more than the check)."""
    if not low <= value <= high:
        raise InvalidTimeControl(
            _("%(what)s must be from %(low)s to %(high)s, not %(value)s", what=what(),
              low=display.format_words(low), high=display.format_words(high),
              value=display.format_words(value)),
            "range",
        )
