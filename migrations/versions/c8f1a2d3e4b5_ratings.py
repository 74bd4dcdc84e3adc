"""Ratings: games say whether they are rated; ratings and each rated game's changes; an
index of the resignations.

Games already stored count as rated; run ``pbem ratings rebuild`` once after upgrading to
rate them.

Revision ID: c8f1a2d3e4b5
Revises: c8f1a2d9e604
Create Date: 2026-11-22 17:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c8f1a2d3e4b5'
down_revision = 'c8f1a2d9e604'
branch_labels = None
depends_on = None

RESIGNATIONS = "move = 'resign'"


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), server_default=sa.true(),
                                      nullable=False))
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.create_index('ix_moves_resignations', ['game_id', 'ply'], unique=False,
                              sqlite_where=sa.text(RESIGNATIONS),
                              postgresql_where=sa.text(RESIGNATIONS))
    op.create_table(
        'ratings',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=32), nullable=False),
        sa.Column('mu', sa.Double(), nullable=False),
        sa.Column('sigma', sa.Double(), nullable=False),
        sa.Column('ordinal', sa.Double(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_ratings_player_id_players')),
        sa.PrimaryKeyConstraint('player_id', 'slug', name=op.f('pk_ratings')),
    )
    op.create_index('ix_ratings_slug_ordinal', 'ratings', ['slug', 'ordinal'], unique=False)
    op.create_table(
        'rating_changes',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('slug', sa.String(length=32), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
        sa.Column('mu_before', sa.Double(), nullable=False),
        sa.Column('sigma_before', sa.Double(), nullable=False),
        sa.Column('mu_after', sa.Double(), nullable=False),
        sa.Column('sigma_after', sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE',
                                name=op.f('fk_rating_changes_game_id_games')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_rating_changes_player_id_players')),
        sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_rating_changes')),
    )
    op.create_index('ix_rating_changes_player_id_slug', 'rating_changes',
                    ['player_id', 'slug'], unique=False)


def downgrade():
    op.drop_index('ix_rating_changes_player_id_slug', table_name='rating_changes')
    op.drop_table('rating_changes')
    op.drop_index('ix_ratings_slug_ordinal', table_name='ratings')
    op.drop_table('ratings')
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.drop_index('ix_moves_resignations')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('rated')
