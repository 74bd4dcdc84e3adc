"""Whose turn it is on the game row: the seat to move, its player and its deadline (indexed).

The active games are filled in once here, from their snapshots and their running clocks (the
rule modules and the clock logic are pure, so the migration can use them); from then on the
play service and the clocks keep the columns with every change.

Revision ID: d7a3f1c9e2b8
Revises: b3e9d7a5c214
Create Date: 2026-11-23 19:45:00.000000

"""
from datetime import timedelta

import sqlalchemy as sa
from alembic import op

from pbem.clocks.logic.timecontrol import SeatClock
from pbem.clocks.logic.vacation import Vacation
from pbem.core.db import UTCDateTime
from pbem.games import get_rules

# revision identifiers, used by Alembic.
revision = 'd7a3f1c9e2b8'
down_revision = 'b3e9d7a5c214'
branch_labels = None
depends_on = None

games = sa.table(
    "games", sa.column("id", sa.Integer), sa.column("slug", sa.String),
    sa.column("status", sa.String), sa.column("snapshot", sa.JSON),
    sa.column("vacation_allowed", sa.Boolean), sa.column("to_move_seat", sa.Integer),
    sa.column("to_move_player_id", sa.Integer), sa.column("to_move_deadline", UTCDateTime))
seats = sa.table("seats", sa.column("game_id", sa.Integer), sa.column("index", sa.Integer),
                 sa.column("player_id", sa.Integer))
clocks = sa.table(
    "seat_clocks", sa.column("game_id", sa.Integer), sa.column("seat", sa.Integer),
    sa.column("remaining_seconds", sa.Integer), sa.column("turn_started", UTCDateTime))
vacations = sa.table("vacations", sa.column("player_id", sa.Integer),
                     sa.column("starts_at", UTCDateTime), sa.column("ends_at", UTCDateTime))


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('to_move_seat', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('to_move_player_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('to_move_deadline', UTCDateTime(), nullable=True))
        batch_op.create_index('ix_games_to_move_player_id_to_move_deadline',
                              ['to_move_player_id', 'to_move_deadline'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_games_to_move_player_id_players'),
                                    'players', ['to_move_player_id'], ['id'])
    backfill(op.get_bind())


def backfill(connection) -> int:
    """Fill in whose turn it is in every active game; how many games were filled in."""
    active = connection.execute(
        sa.select(games.c.id, games.c.slug, games.c.snapshot, games.c.vacation_allowed)
        .where(games.c.status == "active", games.c.snapshot.is_not(None))
    ).all()
    filled = 0
    for game_id, slug, snapshot, vacation_allowed in active:
        rules = get_rules(slug)
        seat = rules.to_move(rules.from_dict(snapshot))
        if seat is None:
            continue
        player_id = connection.execute(
            sa.select(seats.c.player_id).where(seats.c.game_id == game_id,
                                               seats.c["index"] == seat)).scalar_one()
        connection.execute(games.update().where(games.c.id == game_id).values(
            to_move_seat=seat, to_move_player_id=player_id,
            to_move_deadline=_deadline(connection, game_id, seat, player_id,
                                       vacation_allowed)))
        filled += 1
    return filled


def _deadline(connection, game_id, seat, player_id, vacation_allowed):
    """The running clock's deadline, as ``pbem.clocks.service`` computes it (none untimed)."""
    clock = connection.execute(
        sa.select(clocks.c.remaining_seconds, clocks.c.turn_started)
        .where(clocks.c.game_id == game_id, clocks.c.seat == seat)).first()
    if clock is None or clock.turn_started is None:
        return None
    away = []
    if vacation_allowed:
        away = [Vacation(start, end) for start, end in connection.execute(
            sa.select(vacations.c.starts_at, vacations.c.ends_at)
            .where(vacations.c.player_id == player_id).order_by(vacations.c.starts_at))]
    return SeatClock(timedelta(seconds=clock.remaining_seconds),
                     clock.turn_started).deadline(away)


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_games_to_move_player_id_players'),
                                 type_='foreignkey')
        batch_op.drop_index('ix_games_to_move_player_id_to_move_deadline')
        batch_op.drop_column('to_move_deadline')
        batch_op.drop_column('to_move_player_id')
        batch_op.drop_column('to_move_seat')
