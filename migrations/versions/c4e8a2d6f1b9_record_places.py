"""Places in players' records: of the lost games of three or four players, those finished
second, third and fourth, counted on write like the rest of the record.

The backfill reads the finished games of three or four seats once (their result and their
resignations, as the archive's counters do), with a copy of the competition ranking the
application uses today, so this migration reads nothing of the application.

Revision ID: c4e8a2d6f1b9
Revises: b7d1f3a9c2e5
Create Date: 2026-11-27 15:55:00.000000

"""
import json
from collections import Counter

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c4e8a2d6f1b9'
down_revision = 'b7d1f3a9c2e5'
branch_labels = None
depends_on = None

PLACES = ('second', 'third', 'fourth')


def _places(scores, winners, resigned):
    winners, resigned = set(winners), list(resigned)

    def key(seat):
        if seat in winners:
            return (2, 0)
        if seat in resigned:
            return (0, resigned.index(seat))
        return (1, scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    return [sum(other > mine for other in keys) for mine in keys]


def upgrade():
    with op.batch_alter_table('player_records', schema=None) as batch_op:
        for column in PLACES:
            batch_op.add_column(sa.Column(column, sa.Integer(), server_default='0',
                                          nullable=False))
    bind = op.get_bind()
    games = sa.table('games', sa.column('id', sa.Integer), sa.column('slug', sa.String),
                     sa.column('status', sa.String), sa.column('result', sa.JSON))
    seats = sa.table('seats', sa.column('game_id', sa.Integer), sa.column('index', sa.Integer),
                     sa.column('player_id', sa.Integer), sa.column('outcome', sa.String))
    moves = sa.table('moves', sa.column('game_id', sa.Integer), sa.column('ply', sa.Integer),
                     sa.column('seat', sa.Integer), sa.column('move', sa.String))
    crowded = (sa.select(seats.c.game_id).group_by(seats.c.game_id)
               .having(sa.func.count() > 2))
    finished = {game_id: (slug, result) for game_id, slug, result in bind.execute(
        sa.select(games.c.id, games.c.slug, games.c.result)
        .where(games.c.status == 'finished', games.c.id.in_(crowded)))}
    if not finished:
        return
    resigned = {}
    for game_id, seat in bind.execute(
            sa.select(moves.c.game_id, moves.c.seat)
            .where(moves.c.game_id.in_(crowded), moves.c.move == 'resign')
            .order_by(moves.c.game_id, moves.c.ply)):
        resigned.setdefault(game_id, []).append(seat)
    tally = Counter()
    for game_id, index, player_id, outcome in bind.execute(
            sa.select(seats.c.game_id, seats.c.index, seats.c.player_id, seats.c.outcome)
            .where(seats.c.game_id.in_(crowded))):
        if game_id not in finished or outcome != 'lost':
            continue
        slug, result = finished[game_id]
        if isinstance(result, str):
            result = json.loads(result)
        if not result or 'scores' not in result:
            continue
        try:
            place = _places(result['scores'], result['winners'],
                            resigned.get(game_id, []))[index]
        except (IndexError, ValueError, TypeError):
            continue
        if 1 <= place <= len(PLACES):
            tally[player_id, slug, PLACES[place - 1]] += 1
    records = sa.table('player_records', sa.column('player_id', sa.Integer),
                       sa.column('slug', sa.String),
                       *(sa.column(column, sa.Integer) for column in PLACES))
    for (player_id, slug, column), count in sorted(tally.items()):
        bind.execute(records.update()
                     .where(records.c.player_id == player_id, records.c.slug == slug)
                     .values({column: count}))


def downgrade():
    with op.batch_alter_table('player_records', schema=None) as batch_op:
        for column in reversed(PLACES):
            batch_op.drop_column(column)
