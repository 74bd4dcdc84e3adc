"""Conditional moves and private notes (one row per game and player each), game reviews.

Revision ID: e8c4a7f2d1b6
Revises: c5e8a1d4f720
Create Date: 2026-11-27 14:50:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e8c4a7f2d1b6'
down_revision = 'c5e8a1d4f720'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'conditional_moves',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('from_ply', sa.Integer(), nullable=False),
        sa.Column('lines', sa.JSON(), nullable=False),
        sa.Column('cleared_ply', sa.Integer(), nullable=True),
        sa.Column('cleared_reason', sa.String(length=300), nullable=True),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_conditional_moves_game_id_games'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_conditional_moves_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_conditional_moves')),
        sa.UniqueConstraint('game_id', 'player_id', name='uq_conditional_moves_game_id_player_id'),
    )
    with op.batch_alter_table('conditional_moves', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_conditional_moves_game_id'), ['game_id'])
        batch_op.create_index(batch_op.f('ix_conditional_moves_player_id'), ['player_id'])
    op.create_table(
        'game_notes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_game_notes_game_id_games'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_game_notes_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_game_notes')),
        sa.UniqueConstraint('game_id', 'player_id', name='uq_game_notes_game_id_player_id'),
    )
    with op.batch_alter_table('game_notes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_notes_game_id'), ['game_id'])
        batch_op.create_index(batch_op.f('ix_game_notes_player_id'), ['player_id'])
    op.create_table(
        'game_reviews',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('requested_by_id', sa.Integer(), nullable=True),
        sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('lease_until', sa.DateTime(timezone=True), nullable=True),
        sa.Column('lease_token', sa.String(length=32), nullable=True),
        sa.Column('level', sa.Integer(), nullable=False),
        sa.Column('turns', sa.JSON(), nullable=True),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_game_reviews_game_id_games'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['requested_by_id'], ['players.id'],
                                name=op.f('fk_game_reviews_requested_by_id_players'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_game_reviews')),
    )
    with op.batch_alter_table('game_reviews', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_reviews_requested_by_id'), ['requested_by_id'])


def downgrade():
    with op.batch_alter_table('game_reviews', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_reviews_requested_by_id'))
    op.drop_table('game_reviews')
    with op.batch_alter_table('game_notes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_notes_player_id'))
        batch_op.drop_index(batch_op.f('ix_game_notes_game_id'))
    op.drop_table('game_notes')
    with op.batch_alter_table('conditional_moves', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_conditional_moves_player_id'))
        batch_op.drop_index(batch_op.f('ix_conditional_moves_game_id'))
    op.drop_table('conditional_moves')
