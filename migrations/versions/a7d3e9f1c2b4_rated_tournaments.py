"""Rated tournaments: whether a tournament's games count for ratings, and seeding by rating.

Revision ID: a7d3e9f1c2b4
Revises: d7a3f1c9e2b8
Create Date: 2026-11-23 19:50:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a7d3e9f1c2b4'
down_revision = 'd7a3f1c9e2b8'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), server_default=sa.true(),
                                      nullable=False))
        batch_op.add_column(sa.Column('seed_by_rating', sa.Boolean(),
                                      server_default=sa.false(), nullable=False))


def downgrade():
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.drop_column('seed_by_rating')
        batch_op.drop_column('rated')
