"""An index on games by creator and time, for the limits on games and invitations.

Revision ID: b4d2e6f81a37
Revises: c7e4a2d9f150
Create Date: 2026-11-23 17:00:00.000000

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b4d2e6f81a37'
down_revision = 'c7e4a2d9f150'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index('ix_games_created_by_id_created_at',
                              ['created_by_id', 'created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index('ix_games_created_by_id_created_at')
