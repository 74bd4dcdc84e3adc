"""Which reminder a seat is owed at ``now``, and whether its time has run out.

Two reminders per turn, each sent at most once: ``half`` when half the turn's clock time is
used, ``day`` when a day or less is left. The service records what it sent per turn
(keyed by seat and ``turn_started``) and passes that set back in; a unique row per
(game, seat, turn_started, reminder) then makes the periodic tick idempotent even when
two hosts run it at once, since :func:`check` is a pure function of its inputs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from .durations import DAY
from .timecontrol import SeatClock
from .vacation import Vacation, advance, current


class Reminder(StrEnum):
    HALF = "half"
    DAY = "day"


@dataclass(frozen=True)
class Due:
    """What the tick owes one seat at ``now``.

    ``send`` is the one reminder to mail; ``settle`` is every reminder to record as done
    (``send`` included): once "a day left" has gone out, "half time used" would only
    confuse, so it is settled unsent. ``timeout`` means: apply resign for the seat.
    """

    send: Reminder | None = None
    settle: frozenset[Reminder] = frozenset()
    timeout: bool = False


def check(
    clock: SeatClock,
    sent: Collection[Reminder],
    now: datetime,
    vacations: Sequence[Vacation] = (),
) -> Due:
    """The reminder or timeout due for a seat at ``now``, given those ``sent`` this turn.

    Nothing is due while the clock is not running or while the player is on vacation
    (their clock stands still; a reminder waits until they are back). The "day" reminder
    is only for turns that began with more than a day on the clock: otherwise the turn
    email itself already said so.
    """
    if not clock.running:
        return Due()
    if clock.has_run_out(now, vacations):
        return Due(timeout=True)
    if current(vacations, now) is not None:
        return Due()
    if (
        Reminder.DAY not in sent
        and clock.remaining > DAY
        and clock.day_or_less_left(now, vacations)
    ):
        return Due(Reminder.DAY, frozenset(Reminder) - frozenset(sent))
    # Only the first reminder of a turn can be "half": after "a day left" it would confuse.
    if not sent and clock.fraction_used(now, vacations) >= 0.5:
        return Due(Reminder.HALF, frozenset({Reminder.HALF}))
    return Due()


def next_check(
    clock: SeatClock,
    sent: Collection[Reminder],
    now: datetime,
    vacations: Sequence[Vacation] = (),
) -> datetime | None:
    """The first moment after a check at ``now`` when :func:`check` may owe something more:
    the next reminder not yet ``sent``, or the deadline. ``None`` when the clock is not running.

    The tick stores it per seat, so it reads only the seats whose moment has come. While the
    player is on vacation nothing is owed, so a moment already past waits for their return.
    """
    if not clock.running:
        return None
    moments = [clock.deadline(vacations)]
    if Reminder.DAY not in sent and clock.remaining > DAY:
        moments.append(advance(clock.turn_started, clock.remaining - DAY, vacations))
    if not sent:
        moments.append(advance(clock.turn_started, clock.remaining / 2, vacations))
    moment = min(moments)
    away = current(vacations, now)
    return max(moment, away.end) if away is not None else moment
