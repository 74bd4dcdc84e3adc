"""The lobby: open challenges, the players at their tables, standing challenges.

Revision ID: fc36a5e33319
Revises: a3c5e7f9b2d4
Create Date: 2026-11-23 19:35:22.518448

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'fc36a5e33319'
down_revision = 'a3c5e7f9b2d4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('standing_challenges',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('keep', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('slug', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('players', sa.Integer(), nullable=False),
    sa.Column('time_control', sa.String(length=100), nullable=False),
    sa.Column('rated', sa.Boolean(), nullable=False),
    sa.Column('min_rating', sa.Integer(), nullable=True),
    sa.Column('max_rating', sa.Integer(), nullable=True),
    sa.Column('seat_order', sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_standing_challenges_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_standing_challenges'))
    )
    with op.batch_alter_table('standing_challenges', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_standing_challenges_player_id'), ['player_id'], unique=False)

    op.create_table('challenges',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('poster_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('taken', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('standing_id', sa.Integer(), nullable=True),
    sa.Column('slug', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('players', sa.Integer(), nullable=False),
    sa.Column('time_control', sa.String(length=100), nullable=False),
    sa.Column('rated', sa.Boolean(), nullable=False),
    sa.Column('min_rating', sa.Integer(), nullable=True),
    sa.Column('max_rating', sa.Integer(), nullable=True),
    sa.Column('seat_order', sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_challenges_game_id_games'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['poster_id'], ['players.id'], name=op.f('fk_challenges_poster_id_players')),
    sa.ForeignKeyConstraint(['standing_id'], ['standing_challenges.id'], name=op.f('fk_challenges_standing_id_standing_challenges'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_challenges'))
    )
    with op.batch_alter_table('challenges', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_challenges_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_challenges_poster_id_status', ['poster_id', 'status'], unique=False)
        batch_op.create_index('ix_challenges_standing_id_status', ['standing_id', 'status'], unique=False)
        batch_op.create_index('ix_challenges_status_id', ['status', 'id'], unique=False)
        batch_op.create_index('ix_challenges_status_slug_id', ['status', 'slug', 'id'], unique=False)

    op.create_table('challenge_seats',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('challenge_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('joined_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['challenge_id'], ['challenges.id'], name=op.f('fk_challenge_seats_challenge_id_challenges'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_challenge_seats_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_challenge_seats')),
    sa.UniqueConstraint('challenge_id', 'player_id', name=op.f('uq_challenge_seats_challenge_id_player_id')),
    sa.UniqueConstraint('challenge_id', 'seat', name=op.f('uq_challenge_seats_challenge_id_seat'))
    )
    with op.batch_alter_table('challenge_seats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_challenge_seats_player_id'), ['player_id'], unique=False)


def downgrade():
    with op.batch_alter_table('challenge_seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_challenge_seats_player_id'))

    op.drop_table('challenge_seats')
    with op.batch_alter_table('challenges', schema=None) as batch_op:
        batch_op.drop_index('ix_challenges_status_slug_id')
        batch_op.drop_index('ix_challenges_status_id')
        batch_op.drop_index('ix_challenges_standing_id_status')
        batch_op.drop_index('ix_challenges_poster_id_status')
        batch_op.drop_index(batch_op.f('ix_challenges_game_id'))

    op.drop_table('challenges')
    with op.batch_alter_table('standing_challenges', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_standing_challenges_player_id'))

    op.drop_table('standing_challenges')
