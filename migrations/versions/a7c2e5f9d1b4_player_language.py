"""Player language: the language a player's pages and mail speak (nullable: not chosen yet).

Revision ID: a7c2e5f9d1b4
Revises: c4f8a2e6d913
Create Date: 2026-11-27 15:20:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a7c2e5f9d1b4'
down_revision = 'c4f8a2e6d913'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_column('language')
