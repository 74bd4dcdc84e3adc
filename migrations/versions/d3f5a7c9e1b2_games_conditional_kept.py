"""Whether a game has conditional moves kept: a move in a game without them reads none.

Revision ID: d3f5a7c9e1b2
Revises: a7c2e5f9d1b4
Create Date: 2026-11-27 17:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd3f5a7c9e1b2'
down_revision = 'a7c2e5f9d1b4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('conditional_kept', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    # Every game with a stored tree, emptied or not: a move there reads the trees and lowers
    # the flag once it finds no line left.
    op.execute("UPDATE games SET conditional_kept = TRUE "
               "WHERE id IN (SELECT game_id FROM conditional_moves)")


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('conditional_kept')
