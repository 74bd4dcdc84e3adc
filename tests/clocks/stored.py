"""Helpers for the tests of the stored clocks: games with a time control, ticks at a time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from freezegun import freeze_time
from sqlalchemy import func, select

from pbem.clocks.models import StoredClock
from pbem.clocks.tick import run
from pbem.core.extensions import db
from pbem.notifications import digest
from pbem.play.commands import create_game
from pbem.play.models import Move

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # a Monday, well clear of DST changes
H = timedelta(hours=1)
D = timedelta(days=1)


def timed_game(players, control="3d/move", slug="pylon", at=T0, **kwargs):
    with freeze_time(at):
        return create_game(slug, players, creator=players[0], start_now=True, seed=1,
                           time_control=control, **kwargs)


def tick(at):
    with freeze_time(at):
        return run(at)


def digests(at):
    """The digests' tick task at ``at``."""
    with freeze_time(at):
        return digest.run(at)


def clock(game, seat):
    return db.session.scalars(
        select(StoredClock).where(StoredClock.game_id == game.id, StoredClock.seat == seat)
        .execution_options(populate_existing=True)
    ).first()


def resignations(game_id):
    return db.session.scalar(
        select(func.count()).where(Move.game_id == game_id, Move.move == "resign"))
