"""Whose turn it is on the game row: the seat to move, its player and its deadline (indexed).

The active games are filled in once here, from their snapshots and their running clocks; from
then on the play service and the clocks keep the columns with every change. The revision is
self-contained: it imports nothing of the app, so its result never changes with today's code.
What it needs is written out below as it stood when the revision was made: where each game's
snapshot keeps the seat to move (an active game always has one), and how a running clock's
deadline moves past vacations.

Revision ID: d7a3f1c9e2b8
Revises: b3e9d7a5c214
Create Date: 2026-11-23 19:45:00.000000

"""
from datetime import UTC, timedelta

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd7a3f1c9e2b8'
down_revision = 'b3e9d7a5c214'
branch_labels = None
depends_on = None

#: Where an active game's snapshot keeps the seat to move, by game.
SEAT_TO_MOVE = {"pylon": "turn", "spike": "to_move", "stawvs": "to_move", "stax": "turn",
                "triumvirate": "seat"}


class UTCDateTime(sa.types.TypeDecorator):
    """A timestamp read and written in UTC (SQLite keeps it naive), as the app's column type
    was when this revision was made."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None and dialect.name == "sqlite":
            value = value.astimezone(UTC).replace(tzinfo=None)
        return value

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


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
        batch_op.add_column(sa.Column('to_move_deadline', sa.DateTime(timezone=True),
                                      nullable=True))
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
        seat = snapshot.get(SEAT_TO_MOVE.get(slug, ""))
        if not isinstance(seat, int):
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
    if clock is None or clock.turn_started is None or clock.remaining_seconds is None:
        return None
    away = []
    if vacation_allowed:
        away = [tuple(row) for row in connection.execute(
            sa.select(vacations.c.starts_at, vacations.c.ends_at)
            .where(vacations.c.player_id == player_id).order_by(vacations.c.starts_at))]
    return _advance(clock.turn_started, timedelta(seconds=clock.remaining_seconds), away)


def _advance(start, active, vacations):
    """The moment a clock started at ``start`` has run for ``active``, standing still during
    the (start, end) ``vacations``; a deadline falling as a vacation begins moves to its end."""
    spans = []
    for v_start, v_end in sorted(vacations):
        if spans and v_start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], v_end))
        else:
            spans.append((v_start, v_end))
    moment, needed = start, active
    for v_start, v_end in spans:
        if v_end <= moment:
            continue
        gap = max(timedelta(0), v_start - moment)
        if gap > needed:
            break
        needed -= gap
        moment = v_end
    return moment + needed


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_games_to_move_player_id_players'),
                                 type_='foreignkey')
        batch_op.drop_index('ix_games_to_move_player_id_to_move_deadline')
        batch_op.drop_column('to_move_deadline')
        batch_op.drop_column('to_move_player_id')
        batch_op.drop_column('to_move_seat')
