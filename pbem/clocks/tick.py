"""The clocks' part of the periodic tick: reminders, vacation days spent to save a clock,
timeouts.

Only seats whose ``next_check_at`` has come are read, a chunk of them at a time, in seat
order, until none is left (no cap leaves work for the next tick). Each chunk is a transaction
of its own, committed before the next is read, and claimed first: on PostgreSQL by locking
their game rows with ``SKIP LOCKED`` (a game being moved in, or handled by another tick, is
left to it or to the next tick),
everywhere by a compare-and-set on ``next_check_at``, which on SQLite is the transaction's
first write and so also takes the database's write lock. The unique (game, seat, turn, notice)
row backs both up: a reminder or timeout that another tick already gave rolls back the batch's
savepoint, and the batch is then handled again one seat at a time, where it costs only that
seat.

A chunk reads what its seats need (games, seats, players, vacations, notices already given,
notification settings) in a handful of queries, writes its notices in one statement before
any mail is queued and its mail in one statement at the end; its timeouts go through the
play's ``endings.resign_many`` (a pair of statements for the chunk), and what the receivers of
the games' end read or write (ratings, tournaments, the archive's counters, standing
challenges, the clocks' own deadlines on the games rows) is done once for the chunk
(:mod:`pbem.play.batch`).
"""

from __future__ import annotations

import gc
import logging
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

from flask import current_app
from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..core.extensions import db
from ..core.i18n import _l
from ..core.urls import external_url
from ..core.work import savepoint, unit_of_work
from ..mail.composers import moot_if_played
from ..mail.outbox import batched, bodies, unsubscribe_headers
from ..notifications.delivery import game_subject, message, unsubscribe_url
from ..notifications.settings import auto_vacation_on, preload, remembered, zone_of
from ..play import endings
from ..play.batch import acting_on
from ..play.links import move_url, reply_address
from ..play.models import ACTIVE, TIMED_OUT, Game
from ..play.queries import get_game
from .logic.display import format_deadline
from .logic.reminders import Reminder, check, next_check
from .logic.timecontrol import auto_vacation
from .logic.vacation import Vacation
from .models import ClockNotice, StoredClock, StoredVacation
from .service import running_clocks, store_deadlines

log = logging.getLogger(__name__)
#: Seats claimed, handled and committed together; a tick takes chunks until none is due.
#: (Bigger chunks cost fewer round trips per seat: 2,000 took 10% less CPU than 500, and
#: hold a few thousand rows in memory.)
CHUNK = 2000
TIMEOUT = "timeout"


def run(now: datetime) -> str:
    """Handle every seat due at ``now``, a chunk at a time, each chunk committed before the
    next is claimed (a tick stopped half-way leaves its chunks done, and the next one carries
    on from what is still due)."""
    outcomes, after = Counter(), 0
    with remembered():
        while True:
            with unit_of_work("tick"), _collector_paused():  # each chunk a unit of work
                chunk = _claim(after, now)
                if chunk is None:
                    break
                after, taken, busy = chunk
                outcomes.update(_batch(taken, now), busy=busy)
    parts = [f"{outcomes[k]} {k}" for k in ("reminder", "vacation", "timeout", "busy",
                                             "failed") if outcomes[k]]
    return ", ".join(parts) or "nothing due"


@contextmanager
def _collector_paused():
    """Pause Python's cyclic garbage collector while a chunk is handled: the chunk's tens of
    thousands of rows, objects and messages all live until its commit, and collecting while
    they pile up only walks them again and again (it took 40% of a tick's CPU time). What
    they leave behind is collected after the chunk, so memory stays bounded by a chunk."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _batch(taken: dict[int, int], now: datetime) -> Counter:
    """Handle the claimed seats (``{seat id: game id}``) together in one savepoint; if that
    fails, handle them one by one, each in a savepoint of its own (the chunk's unit of work
    commits them all)."""
    outcomes = Counter()
    try:
        with savepoint():
            batch = _Batch.load(taken)
            outcomes.update(_handle(batch.claimed, batch, now))
    except Exception:
        if not db.session().in_transaction():  # rolled back whole, claims too: next tick
            log.exception("clocks: a batch of %s seats failed", len(taken))
            return outcomes + Counter(failed=len(taken))
        log.info("clocks: a batch of %s seats failed; handling them one by one", len(taken))
        batch = _Batch.load(taken)  # the rolled-back savepoint expired what it changed
        for row in batch.claimed:
            outcomes[_handle_alone(row, batch, now)] += 1
    return outcomes


def _handle_alone(row: StoredClock, batch: _Batch, now: datetime) -> str:
    try:
        with savepoint():
            [outcome] = _handle([row], batch, now)
        return outcome
    except IntegrityError:  # another tick gave this notice first
        return "busy"
    except Exception:
        log.exception("clock of seat %s: the tick failed; it will try again", row.seat_id)
        row.next_check_at = now
        return "failed"


def _claim(after: int, now: datetime) -> tuple[int, dict[int, int], int] | None:
    """The next chunk of due seats past seat id ``after``, taken for a new transaction: the
    last seat id looked at, the seats claimed (``{seat id: game id}``) and how many another
    tick handled meanwhile (those it holds are skipped); ``None`` when no seat past ``after``
    is due.

    Seats are walked in id order (the index on ``next_check_at`` finds the due ones), so a
    seat is looked at once per tick even when it fails and stays due.
    """
    due = (select(StoredClock.seat_id)
           .where(StoredClock.next_check_at <= now, StoredClock.seat_id > after)
           .order_by(StoredClock.seat_id).limit(CHUNK))
    if db.session.get_bind().dialect.name == "postgresql":
        due = due.join(Game, Game.id == StoredClock.game_id).with_for_update(
            of=Game, skip_locked=True)
    seat_ids = db.session.scalars(due).all()
    if not seat_ids:
        return None
    taken = dict(db.session.execute(
        update(StoredClock)
        .where(StoredClock.seat_id.in_(seat_ids), StoredClock.next_check_at <= now)
        .values(next_check_at=None)
        .returning(StoredClock.seat_id, StoredClock.game_id)
        .execution_options(synchronize_session=False)
    ).all())
    return seat_ids[-1], taken, len(seat_ids) - len(taken)


@dataclass
class _Batch:
    """What the claimed seats need, read in a few queries rather than a few per seat."""

    #: The claimed seats' clocks, in seat order.
    claimed: list[StoredClock]
    #: By id, with their seats and players (held here: the session only keeps weak references).
    games: dict[int, Game]
    #: Every clock of those games, for the play service (``clocks.service.clocks_of``).
    clocks: list[StoredClock]
    #: Every vacation of the seats' players; auto vacations spent in this batch are added.
    vacations: dict[int, list[Vacation]]
    #: The notices already given, by (game, seat, turn).
    sent: dict[tuple, set[Reminder]]

    @classmethod
    def load(cls, taken: dict[int, int]) -> _Batch:
        """Read it for the seats ``taken`` (``{seat id: game id}``), their clocks with the
        others of their games."""
        game_ids = set(taken.values())
        games = db.session.scalars(
            select(Game).where(Game.id.in_(game_ids))
            .options(selectinload(Game.seats)).execution_options(populate_existing=True)
        ).all()
        clocks = db.session.scalars(
            select(StoredClock).where(StoredClock.game_id.in_(game_ids))
            .order_by(StoredClock.seat_id).execution_options(populate_existing=True)
        ).all()
        rows = [row for row in clocks if row.seat_id in taken]
        preload({seat.player_id for game in games for seat in game.seats})
        players, turns = {row.player_id for row in rows}, {row.turn_started for row in rows}
        with db.session.no_autoflush:  # vacations are committed by their own requests
            vacations = defaultdict(list)
            for player_id, start, end in db.session.execute(
                select(StoredVacation.player_id, StoredVacation.starts_at, StoredVacation.ends_at)
                .where(StoredVacation.player_id.in_(players))
                .order_by(StoredVacation.starts_at)
            ):
                vacations[player_id].append(Vacation(start, end))
            sent = defaultdict(set)
            for game_id, seat, started, kind in db.session.execute(
                select(ClockNotice.game_id, ClockNotice.seat, ClockNotice.turn_started,
                       ClockNotice.kind)
                .where(ClockNotice.game_id.in_(game_ids),
                       ClockNotice.turn_started.in_(turns - {None}))
            ):
                if kind in set(Reminder):
                    sent[game_id, seat, started].add(Reminder(kind))
        return cls(rows, {game.id: game for game in games}, clocks, vacations, sent)

    def vacations_in(self, game: Game, player_id: int) -> list[Vacation]:
        """The vacations that stop the player's clock in this game (none where forbidden)."""
        return self.vacations[player_id] if game.vacation_allowed else []


@dataclass
class _Due:
    """What one claimed seat gets: its outcome, the notices that record it, the reminder
    to mail (with the vacations its deadline counts) or the timeout to apply."""

    row: StoredClock
    outcome: str
    notices: list[dict] = field(default_factory=list)
    reminder: Reminder | None = None
    vacations: list[Vacation] = field(default_factory=list)


def _handle(rows: list[StoredClock], batch: _Batch, now: datetime) -> Counter:
    """Decide every seat, write all their notices at once (one given by another tick fails
    here, before anything is mailed or resigned), then mail and resign."""
    owed = [_decide(row, batch, now) for row in rows]
    notices = [notice for due in owed for notice in due.notices]
    if notices:
        db.session.execute(insert(ClockNotice), notices)
    # Ratings and tournaments read for every game the chunk ends at once, and rate at its end.
    timeouts = [(batch.games[due.row.game_id], due.row) for due in owed
                if due.outcome == TIMEOUT]
    with batched(), acting_on([game.id for game, _ in timeouts]):
        _timeouts(timeouts)
        for due in owed:
            game = batch.games[due.row.game_id]
            if due.reminder and game.status == ACTIVE:
                _remind(game, due.row, due.reminder, due.vacations, now)
    return Counter(due.outcome for due in owed)


def _decide(row: StoredClock, batch: _Batch, now: datetime) -> _Due:
    game = batch.games[row.game_id]
    if game.status != ACTIVE or not row.clock.running:
        return _Due(row, "idle")
    vacations = batch.vacations_in(game, row.player_id)
    sent = batch.sent.get((row.game_id, row.seat, row.turn_started), set())
    due, saved = check(row.clock, sent, now, vacations), None
    if due.timeout:
        saved = (game.vacation_allowed and auto_vacation_on(row.player_id)
                 and _spend_vacation(row, batch, now))
        if not saved:
            return _Due(row, TIMEOUT, [_notice(row, TIMEOUT)])
        vacations = saved
        due = check(row.clock, sent, now, vacations)
    row.next_check_at = next_check(row.clock, sent | due.settle, now, vacations)
    return _Due(row, "vacation" if saved else "reminder" if due.send else "idle",
                [_notice(row, str(reminder)) for reminder in due.settle], due.send, vacations)


def _notice(row: StoredClock, kind: str) -> dict:
    return {"game_id": row.game_id, "seat": row.seat, "turn_started": row.turn_started,
            "kind": kind}


def _spend_vacation(row: StoredClock, batch: _Batch, now: datetime) -> list[Vacation] | None:
    """Save the clock with the player's vacation days, if they have enough left; then the
    player's vacations, the new one included (also for their other seats in the batch).

    Other clocks of the player need no rescheduling: a vacation only moves deadlines later,
    and a seat the tick looks at too early is simply looked at again later. Their games show
    the later deadlines at once.
    """
    vacations = batch.vacations[row.player_id]
    per_year = current_app.config["VACATION_DAYS_PER_YEAR"]
    saved = auto_vacation(row.clock, now, vacations, per_year)
    if saved is None:
        return None
    db.session.add(StoredVacation(player_id=row.player_id, starts_at=saved.vacation.start,
                                  ends_at=saved.vacation.end, auto=True))
    batch.vacations[row.player_id] = [*vacations, saved.vacation]
    store_deadlines(running_clocks(row.player_id), batch.vacations[row.player_id])
    return batch.vacations[row.player_id]


def _timeouts(seats: list[tuple[Game, StoredClock]]) -> None:
    """Resign the seats (two-player games end, bigger ones play on; the claim locked the
    games), all in one go, and tell everyone in each game; a game that ended meanwhile, or
    a seat already out, is left alone."""
    resigned = {game.id for game in endings.resign_many(
        [(game, row.seat) for game, row in seats], reason=TIMED_OUT)}
    for game, row in seats:
        if game.id not in resigned:
            continue
        subject = game_subject(game, _l("%(seat)s ran out of time",
                                        seat=game.seats[row.seat].label))
        for seat in game.seats:  # written when it goes out (:func:`compose_timeout`)
            message("timeout", seat.player, subject, game=game,
                    facts={"seat": seat.index, "timed_out": row.seat, "over": game.is_over})


def _remind(game: Game, row: StoredClock, reminder: Reminder, vacations, now) -> None:
    """Queue the reminder as its facts (the deadline in the player's words, the ply its
    links are for); :func:`compose_reminder` writes it when it goes out, which keeps the
    templates and the signing of its links off the tick."""
    seat = game.seats[row.seat]
    deadline = format_deadline(row.clock.deadline(vacations), zone_of(seat.player_id), now)
    what = _l("half your time is used") if reminder is Reminder.HALF else _l("a day or less left")
    message("reminder", seat.player, game_subject(game, what), game=game,
            facts={"seat": row.seat, "ply": game.ply, "reminder": str(reminder),
                   "deadline": deadline})


def compose_reminder(outbox_message) -> None:
    """Write a reminder queued as facts (registered with :mod:`pbem.mail.composers`).

    :raises Moot: the turn was played while the recipient's settings held the reminder back
        (``deferred``: the quiet hours).
    """
    facts = outbox_message.facts
    game, index, ply = get_game(outbox_message.game_id), facts["seat"], facts["ply"]
    moot_if_played(facts, game.ply, "the turn it reminds of was played")
    _compose(outbox_message, game, {
        "seat": game.seats[index], "reminder": facts["reminder"],
        "deadline": facts["deadline"], "link": move_url(game, index, ply)},
        {"Reply-To": reply_address(game, index, ply)})


def compose_timeout(outbox_message) -> None:
    """Write a timeout's message queued as facts (registered with :mod:`pbem.mail.composers`)."""
    facts = outbox_message.facts
    game = get_game(outbox_message.game_id)
    _compose(outbox_message, game, {"seat": game.seats[facts["seat"]],
                                    "timed_out": game.seats[facts["timed_out"]],
                                    "over": facts["over"]},
             {"Reply-To": reply_address(game, facts["seat"])})


def _compose(outbox_message, game: Game, context: dict, headers: dict | None = None) -> None:
    """Fill the message's templates with ``context`` (plus the game, its page and the
    unsubscribe link) and add ``headers``."""
    link = unsubscribe_url(outbox_message.facts.get("unsubscribe"))
    context.update(game=game, subject=outbox_message.subject,
                   game_url=external_url("play.game", game_id=game.id))
    outbox_message.body_text, outbox_message.body_html = bodies(outbox_message.kind, context,
                                                                link)
    outbox_message.headers = {**outbox_message.headers, **(headers or {}),
                              **unsubscribe_headers(link)}
