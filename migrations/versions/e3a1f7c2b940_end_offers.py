"""Ending a game by agreement: the game's standing proposal to end it.

Revision ID: e3a1f7c2b940
Revises: c52e0f3a7d18
Create Date: 2026-11-21 10:45:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e3a1f7c2b940'
down_revision = 'c52e0f3a7d18'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('end_offer', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('end_offer')
