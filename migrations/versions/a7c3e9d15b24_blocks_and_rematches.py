"""Blocks between players, and a game's rematch (at most one per game).

Revision ID: a7c3e9d15b24
Revises: a7d3e9f1c2b4
Create Date: 2026-11-23 19:45:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a7c3e9d15b24'
down_revision = 'a7d3e9f1c2b4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'blocks',
        sa.Column('blocker_id', sa.Integer(), nullable=False),
        sa.Column('blocked_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['blocker_id'], ['players.id'],
                                name=op.f('fk_blocks_blocker_id_players'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['blocked_id'], ['players.id'],
                                name=op.f('fk_blocks_blocked_id_players'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('blocker_id', 'blocked_id', name=op.f('pk_blocks')),
    )
    with op.batch_alter_table('blocks', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_blocks_blocked_id'), ['blocked_id'], unique=False)
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rematch_of_id', sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_games_rematch_of_id'),
                                          ['rematch_of_id'])
        batch_op.create_foreign_key(batch_op.f('fk_games_rematch_of_id_games'), 'games',
                                    ['rematch_of_id'], ['id'], ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_games_rematch_of_id_games'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_games_rematch_of_id'), type_='unique')
        batch_op.drop_column('rematch_of_id')
    with op.batch_alter_table('blocks', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_blocks_blocked_id'))
    op.drop_table('blocks')
