"""A comment sent with a move held for confirmation by email goes with it when confirmed.

Revision ID: c5d2e8f1a7b3
Revises: e8c4a7f2d1b6
Create Date: 2026-11-27 14:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c5d2e8f1a7b3'
down_revision = 'e8c4a7f2d1b6'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('pending_email_moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('comment', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('pending_email_moves', schema=None) as batch_op:
        batch_op.drop_column('comment')
