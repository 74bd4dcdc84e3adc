"""Heartbeats: when each periodic command (the tick) last completed a round, for /ready.

Revision ID: d1f4a8c2e6b9
Revises: c8f1a2d3e4b5
Create Date: 2026-11-24 09:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'd1f4a8c2e6b9'
down_revision = 'c8f1a2d3e4b5'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'heartbeats',
        sa.Column('name', sa.String(length=32), nullable=False),
        sa.Column('beat_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('name', name=op.f('pk_heartbeats')),
    )


def downgrade():
    op.drop_table('heartbeats')
