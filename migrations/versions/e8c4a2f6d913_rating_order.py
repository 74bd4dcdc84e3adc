"""The order ratings were applied in, kept for the rebuild to follow.

Revision ID: e8c4a2f6d913
Revises: c5d2e8f1a7b3
Create Date: 2026-11-27 14:45:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'e8c4a2f6d913'
down_revision = 'c5d2e8f1a7b3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rating_order',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_rating_order_game_id_games'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_rating_order')),
    )
    with op.batch_alter_table('rating_order', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_order_seq'), ['seq'], unique=False)


def downgrade():
    with op.batch_alter_table('rating_order', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rating_order_seq'))
    op.drop_table('rating_order')
