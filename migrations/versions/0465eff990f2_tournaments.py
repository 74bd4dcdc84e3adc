"""Tournaments: tournaments, their entrants, rounds and tables (one per game), and the director's log.

Revision ID: 0465eff990f2
Revises: a7c3e1f90b12
Create Date: 2026-11-21 06:14:22.434316

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0465eff990f2'
down_revision = 'a7c3e1f90b12'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('tournaments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('slug', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('table_size', sa.Integer(), nullable=False),
    sa.Column('format', sa.String(length=16), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('time_control', sa.String(length=100), nullable=True),
    sa.Column('same_layout', sa.Boolean(), nullable=False),
    sa.Column('enrolment', sa.String(length=16), nullable=False),
    sa.Column('registration_deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('capacity', sa.Integer(), nullable=True),
    sa.Column('starts_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('round_days', sa.Integer(), nullable=False),
    sa.Column('stall_policy', sa.String(length=16), nullable=False),
    sa.Column('extend_days', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('paused_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('standings_cache', sa.JSON(), nullable=True),
    sa.Column('created_by_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['created_by_id'], ['players.id'], name=op.f('fk_tournaments_created_by_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments'))
    )
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournaments_status'), ['status'], unique=False)

    op.create_table('tournament_entrants',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('withdrawn_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_tournament_entrants_player_id_players')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_entrants_tournament_id_tournaments'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_entrants')),
    sa.UniqueConstraint('tournament_id', 'player_id', name=op.f('uq_tournament_entrants_tournament_id_player_id'))
    )
    with op.batch_alter_table('tournament_entrants', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_entrants_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_entrants_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_log',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('action', sa.String(length=200), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['players.id'], name=op.f('fk_tournament_log_actor_id_players')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_log_tournament_id_tournaments'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_log'))
    )
    with op.batch_alter_table('tournament_log', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_log_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_rounds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('byes', sa.JSON(), nullable=False),
    sa.Column('matches', sa.JSON(), nullable=True),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_rounds_tournament_id_tournaments'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_rounds')),
    sa.UniqueConstraint('tournament_id', 'number', name=op.f('uq_tournament_rounds_tournament_id_number'))
    )
    with op.batch_alter_table('tournament_rounds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_rounds_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('board', sa.Integer(), nullable=False),
    sa.Column('match', sa.Integer(), nullable=True),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('places', sa.JSON(), nullable=True),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=False),
    sa.Column('extended', sa.Integer(), nullable=False),
    sa.Column('adjudicated', sa.Boolean(), nullable=False),
    sa.Column('note', sa.String(length=200), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_tournament_tables_game_id_games')),
    sa.ForeignKeyConstraint(['round_id'], ['tournament_rounds.id'], name=op.f('fk_tournament_tables_round_id_tournament_rounds'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_tables_tournament_id_tournaments'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_tables')),
    sa.UniqueConstraint('game_id', name=op.f('uq_tournament_tables_game_id'))
    )
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_tables_round_id'), ['round_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_tables_tournament_id'), ['tournament_id'], unique=False)


def downgrade():
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_tables_tournament_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_tables_round_id'))

    op.drop_table('tournament_tables')
    with op.batch_alter_table('tournament_rounds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_rounds_tournament_id'))

    op.drop_table('tournament_rounds')
    with op.batch_alter_table('tournament_log', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_log_tournament_id'))

    op.drop_table('tournament_log')
    with op.batch_alter_table('tournament_entrants', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_entrants_tournament_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_entrants_player_id'))

    op.drop_table('tournament_entrants')
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournaments_status'))

    op.drop_table('tournaments')
