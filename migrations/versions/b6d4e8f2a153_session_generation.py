"""Players' session generation: signing out ends every session, copied cookies included.

Revision ID: b6d4e8f2a153
Revises: b6d2e8f41a07
Create Date: 2026-11-23 09:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b6d4e8f2a153'
down_revision = 'b6d2e8f41a07'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_generation', sa.Integer(), server_default='0',
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_column('session_generation')
