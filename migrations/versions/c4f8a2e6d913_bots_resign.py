"""Whether a game's computer players may resign it.

Revision ID: c4f8a2e6d913
Revises: c4e8a2d6f1b9
Create Date: 2026-11-27 15:00:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c4f8a2e6d913'
down_revision = 'c4e8a2d6f1b9'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bots_resign', sa.Boolean(), server_default=sa.true(),
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('bots_resign')
