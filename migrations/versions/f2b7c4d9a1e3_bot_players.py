"""Bot players: a flag on players for the computer opponents.

Revision ID: f2b7c4d9a1e3
Revises: d1f4a8c2e6b9
Create Date: 2026-11-23 18:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'f2b7c4d9a1e3'
down_revision = 'd1f4a8c2e6b9'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_bot', sa.Boolean(), server_default=sa.false(),
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_column('is_bot')
