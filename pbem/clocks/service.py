"""Clocks of stored games: set when a game starts, run while a seat is to move, settled when
its turn ends; deadlines as readers see them.

:func:`after_moves` receives play's ``turn_played`` every time plies are stored (start, a turn,
a resignation), inside the same transaction and under the game's row lock, so a clock always
matches the position it belongs to (:mod:`.subscriptions` connects it). Games without a time
control have no clock rows and cost one string comparison here.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import bindparam, inspect, select, update
from sqlalchemy.orm import defer, selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from ..core.db import utcnow
from ..core.extensions import db
from ..notifications.settings import zone_of
from ..play import batch
from ..play.errors import OutOfTime  # noqa: F401  (raised by play, before the move)
from ..play.models import ACTIVE, RESIGN, Game
from .logic.display import deadline_view, format_deadline, format_moment
from .logic.errors import TimeExpired
from .logic.reminders import Reminder, next_check
from .logic.timecontrol import NO_LIMIT, TimeControl, parse
from .logic.vacation import Vacation, current
from .models import ClockNotice, StoredClock, StoredVacation


def _timed(game) -> bool:
    """Whether the game has a clock: a string comparison, for the hook on every move."""
    return (game.time_control or "none") != "none"


def control_of(game) -> TimeControl:
    return parse(game.time_control or "none")


def checked_control(value: TimeControl | str | None) -> str:
    """The compact form to store for a new game.

    :raises ClockError: a text that is not a time control.
    """
    if isinstance(value, TimeControl):
        return str(value)
    return str(parse(value)) if value else str(NO_LIMIT)


def vacations_of(player_id: int) -> list[Vacation]:
    with db.session.no_autoflush:  # vacations are committed by their own requests
        rows = db.session.scalars(
            select(StoredVacation).where(StoredVacation.player_id == player_id)
            .order_by(StoredVacation.starts_at)
        ).all()
    return [row.vacation for row in rows]


def game_vacations(game, player_id: int) -> list[Vacation]:
    """The vacations that stop the player's clock in this game (none where forbidden)."""
    return vacations_of(player_id) if game.vacation_allowed else []


def clocks_of(game) -> dict[int, StoredClock]:
    """The game's clocks by seat; taken from the session when it holds them all (the tick
    reads a whole batch's at once), as a query would return those very objects."""
    held = [db.session.identity_map.get(identity_key(StoredClock, seat.id))
            for seat in game.seats]
    if all(row is not None and not inspect(row).expired for row in held):
        return {row.seat: row for row in held}
    rows = db.session.scalars(select(StoredClock).where(StoredClock.game_id == game.id))
    return {row.seat: row for row in rows}


def sent_notices(row: StoredClock) -> set[Reminder]:
    kinds = db.session.scalars(
        select(ClockNotice.kind).where(
            ClockNotice.game_id == row.game_id,
            ClockNotice.seat == row.seat,
            ClockNotice.turn_started == row.turn_started,
        )
    )
    return {Reminder(kind) for kind in kinds if kind in set(Reminder)}


def stop(game) -> None:
    """Stop the clocks of a game that ended (also without a move: by agreement, by a
    director's decision), so the tick has nothing more to check in it."""
    if _timed(game):
        _stop(clocks_of(game))
        _show_deadlines([(game.id, None)])


def _stop(clocks: dict[int, StoredClock]) -> None:
    for row in clocks.values():
        row.turn_started = row.next_check_at = None


def after_moves(game, state, moves: Sequence) -> None:
    """Move the clocks on after ``moves`` were stored and the game reached ``state``.

    The seat that played (``moves[0]``, unless it is a forced pass of the start) stops its
    clock, settling a bank; the seat whose turn now begins starts its clock. A seat that
    resigns out of turn leaves the running clock alone.

    A receiver reacts and never vetoes: play asked :func:`time_ran_out` before it wrote the
    move, so the mover's clock was still running then.
    """
    if not _timed(game):
        return
    control, now = control_of(game), utcnow()
    clocks = clocks_of(game)
    if not clocks:
        for seat in game.seats:
            row = StoredClock(seat_id=seat.id, game_id=game.id, player_id=seat.player_id,
                              seat=seat.index)
            row.clock = control.new_clock()
            db.session.add(row)
            clocks[seat.index] = row
    mover = moves[0] if moves and not moves[0].auto else None
    if mover is not None:
        _end_turn(game, control, clocks[mover.seat], now, resigned=mover.move == RESIGN)
    rules = game.rules
    if rules.is_over(state):
        stop(game)
        return
    to_move = rules.to_move(state)
    row = clocks[to_move]
    if not rules.turn_plies(state) and row.turn_started is None:
        vacations = game_vacations(game, row.player_id)
        row.clock = control.start_turn(row.clock, now)
        row.next_check_at = next_check(row.clock, (), now, vacations)
        _show_deadlines([(game.id, row.clock.deadline(vacations))])


def _end_turn(game, control: TimeControl, row: StoredClock, now: datetime, *,
              resigned: bool) -> None:
    if row.turn_started is not None and not resigned:
        vacations = game_vacations(game, row.player_id)
        try:
            row.clock = control.end_turn(row.clock, now, vacations)
        except TimeExpired:  # checked in time before the write; the deadline passed since
            at = row.clock.deadline(vacations) - timedelta(microseconds=1)
            row.clock = control.end_turn(row.clock, at, vacations)
    else:
        row.turn_started = None
    row.next_check_at = None


def time_ran_out(game, seat: int, now: datetime) -> str | None:
    """Why ``seat`` may no longer move in ``game`` at ``now`` (its clock ran out), or None.

    Play asks this before a move is written (handed over at start-up: ``.subscriptions``); a
    move too late is not played, and play times the seat out instead."""
    if not _timed(game):
        return None
    row = clocks_of(game).get(seat)
    if row is None or row.turn_started is None:
        return None
    vacations = game_vacations(game, row.player_id)
    if not row.clock.has_run_out(now, vacations):
        return None
    deadline = row.clock.deadline(vacations)
    return (f"Your time ran out at {format_moment(deadline, zone_of(row.player_id))}; "
            "this move cannot be played, and you lose on time.")


def reschedule(player_id: int, now: datetime) -> None:
    """Recompute when the tick looks at the player's running clocks, and their deadlines,
    after a vacation was booked, cut short or cancelled (the caller commits).

    The games are locked in id order first, like every writer of clocks (one game at a time
    for moves and the tick), so this cannot deadlock with them.
    """
    db.session.execute(
        select(Game.id).where(Game.id.in_(
            select(StoredClock.game_id).where(StoredClock.player_id == player_id,
                                              StoredClock.turn_started.is_not(None))
        )).order_by(Game.id).with_for_update()
    ).all()
    rows = running_clocks(player_id)
    vacations = vacations_of(player_id)
    for row in rows:
        row.next_check_at = next_check(row.clock, sent_notices(row), now, vacations)
    store_deadlines(rows, vacations)


def running_clocks(player_id: int) -> list[StoredClock]:
    """The player's running clocks (the games where they are to move) that vacations stop."""
    return db.session.scalars(
        select(StoredClock).join(Game, Game.id == StoredClock.game_id)
        .where(StoredClock.player_id == player_id, StoredClock.turn_started.is_not(None),
               Game.vacation_allowed.is_(True))
        .order_by(StoredClock.game_id)
    ).all()


def store_deadlines(rows: Sequence[StoredClock], vacations: Sequence[Vacation]) -> None:
    """Show on their games the deadlines of one player's running clocks ``rows``, counting
    the player's ``vacations`` (after these changed)."""
    _show_deadlines([(row.game_id, row.clock.deadline(vacations)) for row in rows])


#: Sets the deadline of the seat to move; the game's version is left alone, like the game's
#: lock holder expects: a deadline follows a change already made (a move, a vacation).
_SET_DEADLINE = update(Game.__table__).where(Game.__table__.c.id == bindparam("game_id"))


def _show_deadlines(deadlines: list[tuple[int, datetime | None]]) -> None:
    """Store ``(game id, deadline)`` pairs on the games rows, where the lists of games read
    whose turn it is (``Game.to_move_deadline``); games this session holds are kept in step
    at once, unchanged in its eyes. In a batch of games (:mod:`pbem.play.batch`: the clocks'
    tick) the rows are written at its end, all in one statement, each with its last deadline."""
    held = {game_id: db.session.identity_map.get(identity_key(Game, game_id))
            for game_id, _ in deadlines}
    changed = [(game_id, deadline) for game_id, deadline in deadlines
               if held[game_id] is None or held[game_id].to_move_deadline != deadline]
    if not changed:
        return
    for game_id, deadline in changed:
        if held[game_id] is not None:
            set_committed_value(held[game_id], "to_move_deadline", deadline)
    batch.later("deadlines", changed, _write_deadlines)


def _write_deadlines(changes: list[list[tuple[int, datetime | None]]]) -> None:
    """Write lists of ``(game id, deadline)`` pairs, a game's last deadline winning."""
    last = dict(pair for pairs in changes for pair in pairs)
    db.session.connection().execute(
        _SET_DEADLINE, [{"game_id": game_id, "to_move_deadline": deadline}
                        for game_id, deadline in last.items()])


# ----- what readers see -------------------------------------------------------------------


def deadline_of(game, seat: int) -> datetime | None:
    """When ``seat`` must have moved; ``None`` without a time control or off turn."""
    if not _timed(game):
        return None
    row = db.session.get(StoredClock, game.seats[seat].id)
    if row is None:
        return None
    return row.clock.deadline(game_vacations(game, row.player_id))


def deadline_text(game, seat: int, reader_id: int | None, now: datetime) -> str | None:
    """``Tue 24 Nov 2026, 18:00 CET (in 2 days)`` in the reader's zone, or ``None``."""
    deadline = deadline_of(game, seat)
    return None if deadline is None else format_deadline(deadline, zone_of(reader_id), now)


def game_view(game, reader_id: int | None, now: datetime) -> dict:
    """For the game page: the time control in words, the deadline of the seat to move and
    who is away on vacation, in the reader's time zone."""
    zone = zone_of(reader_id)
    view = {"control": control_of(game).describe(), "deadlines": {}, "away": {},
            "going_away": {}}
    if game.status != ACTIVE or not _timed(game):
        return view
    # Each player's vacations are read once, for both the "away" note and the deadline.
    vacations = {seat.player_id: game_vacations(game, seat.player_id) for seat in game.seats}
    for seat in game.seats:
        away = current(vacations[seat.player_id], now)
        if away is not None:
            view["away"][seat.index] = format_moment(away.end, zone)
            continue
        coming = min((v for v in vacations[seat.player_id] if v.start > now), default=None)
        if coming is not None:  # booked: the opponents see it coming
            view["going_away"][seat.index] = (format_moment(coming.start, zone),
                                              format_moment(coming.end, zone))
    for seat, row in clocks_of(game).items():
        if row.turn_started is not None:
            deadline = row.clock.deadline(vacations[row.player_id])
            if deadline is not None:
                view["deadlines"][seat] = deadline_view(deadline, zone, now)
    return view


def waiting_games(player_id: int) -> list[tuple[Game, int]]:
    """The active games waiting for the player to move, with their seat, oldest first: read
    from the games rows (whose turn it is, ``Game.to_move_deadline``) with their seats and
    players, never a snapshot."""
    games = db.session.scalars(
        select(Game).where(Game.to_move_player_id == player_id).order_by(Game.id)
        .options(defer(Game.snapshot), selectinload(Game.seats))
    ).all()
    return [(game, game.to_move_seat) for game in games]
