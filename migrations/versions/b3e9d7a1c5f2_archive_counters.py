"""Archive at scale: counters of games per game and status and of each player's results, kept
by the play events and filled here from the games; indexes for the archive's keyset pages; each
seat's copy of its game's start, so a player's games come in order from an index of seats.

Revision ID: b3e9d7a1c5f2
Revises: a7c3e9d15b24
Create Date: 2026-11-23 19:50:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b3e9d7a1c5f2'
down_revision = 'a7c3e9d15b24'
branch_labels = None
depends_on = None

#: The counts as ``pbem.archive.counters`` keeps them, from the games as they stand.
FILL_COUNTS = """
INSERT INTO archive_counts (slug, status, games, decisive, drawn)
SELECT g.slug, g.status, count(*),
       sum(CASE WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id
                             AND s.outcome = 'won') THEN 1 ELSE 0 END),
       sum(CASE WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id
                             AND s.outcome = 'drawn') THEN 1 ELSE 0 END)
FROM games g WHERE g.status IN ('active', 'finished') GROUP BY g.slug, g.status
"""
FILL_RECORDS = """
INSERT INTO player_records (player_id, slug, won, lost, drawn, ongoing)
SELECT s.player_id, g.slug,
       sum(CASE WHEN s.outcome = 'won' THEN 1 ELSE 0 END),
       sum(CASE WHEN s.outcome = 'lost' THEN 1 ELSE 0 END),
       sum(CASE WHEN s.outcome = 'drawn' THEN 1 ELSE 0 END),
       sum(CASE WHEN s.outcome IS NULL THEN 1 ELSE 0 END)
FROM seats s JOIN games g ON g.id = s.game_id
WHERE g.status IN ('active', 'finished') GROUP BY s.player_id, g.slug
"""


def upgrade():
    op.create_table(
        'archive_counts',
        sa.Column('slug', sa.String(length=32), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('decisive', sa.Integer(), nullable=False),
        sa.Column('drawn', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('slug', 'status', name=op.f('pk_archive_counts')),
    )
    op.create_table(
        'player_records',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=32), nullable=False),
        sa.Column('won', sa.Integer(), nullable=False),
        sa.Column('lost', sa.Integer(), nullable=False),
        sa.Column('drawn', sa.Integer(), nullable=False),
        sa.Column('ongoing', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_player_records_player_id_players')),
        sa.PrimaryKeyConstraint('player_id', 'slug', name=op.f('pk_player_records')),
    )
    op.execute(FILL_COUNTS)
    op.execute(FILL_RECORDS)
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_started_at')
        batch_op.drop_index('ix_games_finished_at')
        batch_op.drop_index('ix_games_slug_status_started_at')
        batch_op.create_index('ix_games_started_at_id', ['started_at', 'id'], unique=False)
        batch_op.create_index('ix_games_finished_at_id', ['finished_at', 'id'], unique=False)
        batch_op.create_index('ix_games_ply_id', ['ply', 'id'], unique=False)
        batch_op.create_index('ix_games_slug_status_started_at_id',
                              ['slug', 'status', 'started_at', 'id'], unique=False)
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('started_at', sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE seats SET started_at = "
               "(SELECT g.started_at FROM games g WHERE g.id = seats.game_id)")
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index('ix_seats_player_id_outcome')
        batch_op.create_index('ix_seats_player_id_started_at_game_id',
                              ['player_id', 'started_at', 'game_id'], unique=False)
        batch_op.create_index('ix_seats_player_id_outcome_started_at_game_id',
                              ['player_id', 'outcome', 'started_at', 'game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index('ix_seats_player_id_outcome_started_at_game_id')
        batch_op.drop_index('ix_seats_player_id_started_at_game_id')
        batch_op.create_index('ix_seats_player_id_outcome', ['player_id', 'outcome'],
                              unique=False)
        batch_op.drop_column('started_at')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_slug_status_started_at_id')
        batch_op.drop_index('ix_games_ply_id')
        batch_op.drop_index('ix_games_finished_at_id')
        batch_op.drop_index('ix_games_started_at_id')
        batch_op.create_index('ix_games_slug_status_started_at',
                              ['slug', 'status', 'started_at'], unique=False)
        batch_op.create_index('ix_games_finished_at', ['finished_at'], unique=False)
        batch_op.create_index('ix_games_started_at', ['started_at'], unique=False)
    op.drop_table('player_records')
    op.drop_table('archive_counts')
